// Helpers shared by the Aztlán tests: running the CLI and finding test and shipped data.
#pragma once
#include <sys/wait.h>
#include <array>
#include <cstdio>
#include <string>

namespace aztlan_test {

struct Run {
    int code;
    std::string out;  // stdout and stderr together
};

inline Run run_tlaloc(const std::string& args) {
    std::string cmd = std::string(TLALOC_BIN) + " " + args + " 2>&1";
    Run r{0, ""};
    FILE* pipe = popen(cmd.c_str(), "r");
    std::array<char, 4096> buf{};
    while (pipe && fgets(buf.data(), buf.size(), pipe)) r.out += buf.data();
    int status = pipe ? pclose(pipe) : -1;
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return r;
}

inline std::string data(const std::string& name) { return std::string(TLALOC_TEST_DATA) + "/aztlan/" + name; }

// A shipped data file under puzzles/aztlan/.
inline std::string shipped(const std::string& name) {
    return std::string(TLALOC_SOURCE_DIR) + "/puzzles/aztlan/" + name;
}

}  // namespace aztlan_test
