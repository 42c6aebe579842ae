// What the Xalapa box holds and how many pieces each mode hands out, as tlaloc's model states them:
// the facts that rulebook claims (box list, per-player pieces, Atlacoya set-up) are checked against.
#pragma once
#include <map>
#include <string>

namespace tlaloc::xalapa {

// Named counts ("oracle_stones_per_player" → 8, "number_tiles" → 30 as the box list has it, ...).
const std::map<std::string, int>& component_counts();
// Named tables ("oracle_cards_by_back" → {"novice": 13, ...}, "challenges_per_level" → {...}).
const std::map<std::string, std::map<std::string, int>>& component_tables();

}  // namespace tlaloc::xalapa
