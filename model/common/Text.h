// Small text helpers shared by the parsers and the command line.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace tlaloc {

// `text` with ASCII letters in lower case (header names, host names, media types).
std::string lower_case(std::string text);
// `text` without the spaces and tabs at either end.
std::string trim_blanks(std::string_view text);

// The parts of `text` between the separators, empty parts kept ("a,,b" gives "a", "", "b"; "" gives
// one empty part), so that a caller can refuse an empty name instead of losing it.
std::vector<std::string> split(const std::string& text, char separator);

// The known name closest to a misspelled `name` (fewest letters inserted, deleted, changed or two
// neighbours swapped; case ignored), or "" when none is close enough to be a likely typo.
std::string nearest_name(const std::string& name, const std::vector<std::string>& known);

// " — did you mean NAME?" for the nearest known name, or "" when there is none: appended to messages
// about an unknown name.
std::string did_you_mean(const std::string& name, const std::vector<std::string>& known);

}  // namespace tlaloc
