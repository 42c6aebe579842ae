#include "cli/Commands.h"

#include <filesystem>
#include <iostream>

#include "model/common/InputError.h"
#include "model/common/Json.h"

namespace tlaloc::cli {

namespace {
int g_exit_code = kExitOk;
}

void set_exit_code(int code) { g_exit_code = code; }
int exit_code() { return g_exit_code; }

std::string error_line(const std::exception& error) { return std::string("tlaloc: ") + error.what(); }

void emit(const std::string& out, const std::string& text) {
    if (out.empty())
        std::cout << text;
    else
        write_file_atomically(out, text);
}

const CLI::Validator& output_path() {
    // Checked before any work: a game or a search is not played to the end only to find that its
    // log has nowhere to go.
    static const CLI::Validator validator(
        [](std::string& path) {
            if (path.empty()) return std::string("an empty file name");
            std::error_code ec;
            const std::filesystem::path p(path);
            if (std::filesystem::is_directory(p, ec)) return "\"" + path + "\" is a folder, not a file";
            const std::filesystem::path parent = p.parent_path();
            if (!parent.empty() && !std::filesystem::is_directory(parent, ec))
                return "cannot write \"" + path + "\": the folder \"" + parent.string() + "\" does not exist";
            return std::string();
        },
        "");
    return validator;
}

CLI::Validator whole_number_at_most(std::uint64_t most) {
    return CLI::Validator(
        [most](std::string& text) {
            // Digits only: "-1" would wrap round in an unsigned option, "1e3" or "0x10" read otherwise.
            bool ok = !text.empty() && text.size() <= 19 &&
                      text.find_first_not_of("0123456789") == std::string::npos;
            if (ok) ok = std::stoull(text) <= most;
            return ok ? std::string()
                      : "expected a whole number from 0 to " + std::to_string(most) + ", found " + text;
        },
        "");
}

CLI::Validator nonempty(const std::string& what) {
    return CLI::Validator(
        [what](std::string& text) { return text.empty() ? "an empty " + what : std::string(); }, "");
}

}  // namespace tlaloc::cli
