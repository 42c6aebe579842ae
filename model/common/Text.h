// Small text helpers shared by the parsers and the command line.
#pragma once
#include <string>
#include <vector>

namespace tlaloc {

// The parts of `text` between the separators, empty parts kept ("a,,b" gives "a", "", "b"; "" gives
// one empty part), so that a caller can refuse an empty name instead of losing it.
std::vector<std::string> split(const std::string& text, char separator);

}  // namespace tlaloc
