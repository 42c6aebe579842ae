// Helpers shared by the Aztlán tests: running the CLI and reading maps from inline JSON.
#pragma once
#include <array>
#include <cstdio>
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

inline tlaloc::aztlan::Map map_from(const std::string& text) {
    tlaloc::Json j = tlaloc::Json::parse(text);
    return tlaloc::aztlan::parse_map(tlaloc::JsonPlace(j, "inline.json"));
}

}  // namespace aztlan_test
