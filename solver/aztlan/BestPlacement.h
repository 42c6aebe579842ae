// The best placement of K more pawns for one player: the domain score `aztlan score` would give them
// after adding K pawns to territories of the map, maximised by an exact branch and bound over the
// territories the player does not hold yet, and re-checked by the scoring code.
#pragma once
#include <cstdint>
#include <vector>

#include "model/aztlan/Position.h"

namespace tlaloc::solver {
class Deadline;
}

namespace tlaloc::aztlan {

inline constexpr int kMaxPlacementPawns = 10;

struct Placement {
    int points = 0;                 // score_player(...).points of the position after the placement
    std::vector<int> added;         // per territory, the pawns added (they sum to the K asked for)
    TerritoryType bonus_type = {};  // the bonus type the scorer uses for that position
    std::uint64_t nodes = 0;        // search nodes visited: the size of the optimality proof
};

// `pawns` 0..kMaxPlacementPawns; the map must have at most 64 territories (kMaxBitsetTerritories).
// A score only depends on which territories a player holds and never drops when they hold one more,
// so the search adds min(pawns, unheld territories) new territories and stacks any pawns left over
// on territories already held. Throws solver::SearchLimitReached when `deadline` passes, and
// std::logic_error if the scoring code does not confirm the value found (a bug, never bad input).
Placement best_placement(const Map& map, const Profile& profile, const PlayerPosition& player, int pawns,
                         const solver::Deadline* deadline = nullptr);

}  // namespace tlaloc::aztlan
