// The libFuzzer program of every input format (fuzz/FuzzProperties.h: the game registry's formats and
// tlaloc's own). It fuzzes the format whose target name it is run under: scripts/sanitized_build.sh
// links one name per format to it (build-asan/XalapaChallengeFuzz for "xalapa-challenge"), so a new
// format of the registry is fuzzed with no file of its own. TLALOC_FUZZ_FORMAT=<format> picks a format
// too; TLALOC_FUZZ_LIST=1 prints the target names, one a line, and exits.
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "fuzz/FuzzProperties.h"

namespace {

std::string format_name;

}  // namespace

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) {
    using namespace tlaloc::fuzz;
    if (const char* list = std::getenv("TLALOC_FUZZ_LIST"); list && *list) {
        for (const FuzzFormat& f : fuzz_formats()) std::printf("%s\n", fuzz_target_name(f.name).c_str());
        std::exit(0);
    }
    if (const char* chosen = std::getenv("TLALOC_FUZZ_FORMAT"); chosen && *chosen) {
        format_name = chosen;
    } else {
        const std::string called = std::filesystem::path((*argv)[0]).filename().string();
        for (const FuzzFormat& f : fuzz_formats())
            if (fuzz_target_name(f.name) == called) format_name = f.name;
    }
    if (format_name.empty()) {
        std::fprintf(
            stderr,
            "fuzz: run this program under a format's target name (the links scripts/sanitized_build.sh "
            "makes, e.g. XalapaChallengeFuzz) or set TLALOC_FUZZ_FORMAT\n");
        std::exit(2);
    }
    return fuzz_initialize(format_name, *argc, *argv);
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return tlaloc::fuzz::fuzz_one_input(format_name, data, size);
}
