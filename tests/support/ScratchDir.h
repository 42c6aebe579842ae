// Scratch folders for tests: below the system temp folder, one root per test process
// (ctest runs test cases in parallel processes, so they never share one), removed with
// everything in it when the process exits.
#pragma once
#include <unistd.h>
#include <filesystem>
#include <string>
#include <system_error>

namespace tlaloc::test_support {

// The folder `name` below this process's scratch root, created if needed.
inline std::filesystem::path scratch_dir(const std::string& name) {
    struct Root {
        std::filesystem::path path =
            std::filesystem::temp_directory_path() / ("tlaloc-test-" + std::to_string(::getpid()));
        ~Root() {
            std::error_code ignored;
            std::filesystem::remove_all(path, ignored);
        }
    };
    static Root root;
    std::filesystem::path dir = root.path / name;
    std::filesystem::create_directories(dir);
    return dir;
}

}  // namespace tlaloc::test_support
