// Running the built `tlaloc` binary from a test, as a user would: exit code, stdout, stderr.
#pragma once
#include <sys/wait.h>
#include <unistd.h>
#include <array>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>

namespace tlaloc::test_support {

struct CliRun {
    int code = -1;    // the exit code, -1 when the process did not exit normally
    std::string out;  // stdout (and stderr too, for run_tlaloc)
    std::string err;  // stderr (run_tlaloc_split only)
    double seconds = 0;
};

namespace detail {
// stdin is /dev/null unless the arguments redirect it themselves ("play < moves.txt").
inline std::string stdin_of(const std::string& args) {
    return args.find('<') == std::string::npos ? " </dev/null" : "";
}

inline CliRun run_command(const std::string& command, const std::string& err_file) {
    CliRun r;
    auto t0 = std::chrono::steady_clock::now();
    FILE* p = popen(command.c_str(), "r");
    if (!p) return r;
    std::array<char, 4096> buf{};
    std::size_t n;
    while ((n = fread(buf.data(), 1, buf.size(), p)) > 0) r.out.append(buf.data(), n);
    int status = pclose(p);
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    if (!err_file.empty()) {
        std::ifstream in(err_file);
        r.err.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
        std::remove(err_file.c_str());
    }
    return r;
}
}  // namespace detail

// `args` are shell words after the binary; stdout and stderr together in `out`.
inline CliRun run_tlaloc(const std::string& args) {
    return detail::run_command(std::string(TLALOC_BIN) + " " + args + " 2>&1" + detail::stdin_of(args), "");
}

// The same with stderr kept apart (through a temporary file) in `err`.
inline CliRun run_tlaloc_split(const std::string& args) {
    char err_name[] = "/tmp/tlaloc-cli-err-XXXXXX";
    int fd = mkstemp(err_name);
    if (fd < 0) return {};
    close(fd);
    return detail::run_command(
        std::string(TLALOC_BIN) + " " + args + " 2>" + err_name + detail::stdin_of(args), err_name);
}

}  // namespace tlaloc::test_support
