// Helpers shared by the Aztlán tests: running the CLI, finding test and shipped data, random maps.
#pragma once
#include <sys/wait.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <random>
#include <string>

#include "model/aztlan/Map.h"

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

// A random connected map: a random spanning tree plus extra borders, random types.
inline tlaloc::aztlan::Map random_map(int n, int extra, unsigned seed) {
    using namespace tlaloc::aztlan;
    std::mt19937 rng(seed);
    Map map;
    map.id = "random";
    for (int i = 0; i < n; ++i) {
        map.territories.push_back(
            {"R" + std::to_string(i), "", static_cast<TerritoryType>(rng() % kTerritoryTypeCount), {}, {}});
    }
    auto add = [&](int a, int b) {
        if (a == b) return;
        auto& na = map.territories[a].neighbors;
        if (std::find(na.begin(), na.end(), b) != na.end()) return;
        na.push_back(b);
        map.territories[b].neighbors.push_back(a);
    };
    for (int i = 1; i < n; ++i) add(i, static_cast<int>(rng() % i));
    for (int e = 0; e < extra; ++e) add(static_cast<int>(rng() % n), static_cast<int>(rng() % n));
    return map;
}

}  // namespace aztlan_test
