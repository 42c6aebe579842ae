// Lines up two editions' claims files by claim id and lists every difference: a changed value or
// cell, a different rule reading, a claim only one edition makes.
#pragma once
#include <string>
#include <vector>

#include "verify/claims/ClaimsFile.h"

namespace tlaloc::verify {

struct ClaimDifference {
    std::string id;
    std::string what;  // "value", "rule reading", "missing", "kind", "table cell", ...
    std::string detail;
};

struct EditionComparison {
    std::string file_a, file_b, edition_a, edition_b;
    std::vector<ClaimDifference> differences;
    std::string game;  // the game both files are about ("aztlan / xalapa" when they differ)
};

EditionComparison compare_editions(const ClaimsFile& a, const ClaimsFile& b);

}  // namespace tlaloc::verify
