// What the Akelarre deck holds and the fixed numbers of its rules, as tlaloc's model states them:
// the facts that rulebook claims (deck composition 21 × 5 + 5, meeting places) are checked against.
#pragma once
#include <map>
#include <string>

namespace tlaloc::akelarre {

// Named counts ("cards" → 110, "cards_per_family" → 21, ...), totals derived from the per-value table.
const std::map<std::string, int>& component_counts();
// Named tables ("cards_per_value" → {"2": 6, ..., "joker": 1}, "meeting_places" → {"2": 2, ...}).
const std::map<std::string, std::map<std::string, int>>& component_tables();

}  // namespace tlaloc::akelarre
