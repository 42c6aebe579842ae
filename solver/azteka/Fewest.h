// "Fewest pawns" by bounded model checking: the mover's turns unrolled in Z3 with the opponents
// passing, the pawns on the board when a goal is met minimised (then the turns), both proved.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "model/azteka/Plan.h"

namespace tlaloc::azteka {

struct FewestResult {
    bool found = false;  // a goal is reachable within the turn limit
    int pawns = 0;       // proved minimum of the mover's pawns on the board at that moment
    int turns = 0;       // proved minimum of turns among plans with that many pawns
    std::string goal;    // which goal the plan meets
    std::vector<PlanStep> plan;
    std::string reason;       // when not found: why (limit, or the round is already over)
    int solver_checks = 0;    // Z3 calls (bench figure)
    long long positions = 0;  // positions kept by the exact search (bench figure)
};

// Throws std::logic_error if a Z3 plan does not replay through the rules engine as claimed.
// `timeout_seconds` (0: none) bounds the whole search in wall-clock time; when it runs out, throws
// solver::SearchLimitReached whose best_so_far() names the best plan found and what is proved.
FewestResult fewest_pawns(const Position& start, int max_turns, unsigned timeout_seconds = 0);

}  // namespace tlaloc::azteka
