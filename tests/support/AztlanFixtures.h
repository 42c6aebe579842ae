// Helpers shared by the Aztlán tests: running the CLI, finding test and shipped data, random maps.
#pragma once
#include <sys/wait.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <random>
#include <string>

#include "model/aztlan/Map.h"
#include "puzzles/aztlan/RandomMap.h"

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

// A random connected map (puzzles/aztlan/RandomMap.h) drawn from its own seed.
inline tlaloc::aztlan::Map random_map(int n, int extra, unsigned seed) {
    std::mt19937 rng(seed);
    return tlaloc::aztlan::random_map(rng, n, extra);
}

}  // namespace aztlan_test
