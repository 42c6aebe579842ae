// A text's lines (without their "\n") and lines joined back, each ended by "\n": how the tests edit a
// JSON-lines log one line at a time.
#pragma once
#include <sstream>
#include <string>
#include <vector>

namespace tlaloc::test_support {

inline std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

inline std::string joined(const std::vector<std::string>& lines) {
    std::string out;
    for (const auto& l : lines) out += l + "\n";
    return out;
}

}  // namespace tlaloc::test_support
