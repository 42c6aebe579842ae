// "Fewest pawns" by plain breadth-first search over the rules engine's legal actions, without Z3:
// the independent reference fewest_pawns is checked against. Exponential; small turn bounds only.
#pragma once
#include "model/azteka/Rules.h"

namespace tlaloc::azteka {

struct SearchedFewest {
    bool found = false;  // a goal of the mover is reachable within the turn limit
    int pawns = 0;       // fewest mover's pawns on the board when it is met
    int turns = 0;       // fewest turns among the plays with that many pawns
};

// The mover of `start` plays whole turns (an action, then Birth's bonus placements or their refusal),
// every other side passing; each distinct game state is expanded once per turn count.
SearchedFewest fewest_pawns_by_search(const Position& start, int max_turns);

}  // namespace tlaloc::azteka
