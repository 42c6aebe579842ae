#include "cli/Commands.h"

#include "model/common/InputError.h"

namespace tlaloc::cli {

namespace {
int g_exit_code = kExitOk;
}

void set_exit_code(int code) { g_exit_code = code; }
int exit_code() { return g_exit_code; }

std::string error_line(const std::exception& error) { return std::string("tlaloc: ") + error.what(); }

const CLI::Validator& output_path() {
    static const CLI::Validator validator(
        [](std::string& path) { return path.empty() ? std::string("an empty file name") : std::string(); },
        "");
    return validator;
}

}  // namespace tlaloc::cli
