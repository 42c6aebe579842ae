// What the Azteka box holds and the sizes its goals imply, as tlaloc's model states them: the facts
// that rulebook claims (pawn counts, positions, goals) are checked against.
#pragma once
#include <map>
#include <string>

namespace tlaloc::azteka {

// Named counts ("positions" → 32, "death_ring_goal" → 8, ...); goal sizes are derived from the
// rings × sectors shape, not typed in.
const std::map<std::string, int>& component_counts();
// Named tables ("neighbours_by_ring" → {"1": 3, ...}, "pawns_per_side" → {"2": 14, "3": 12}).
const std::map<std::string, std::map<std::string, int>>& component_tables();

}  // namespace tlaloc::azteka
