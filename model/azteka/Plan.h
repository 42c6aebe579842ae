// A sequence of one side's actions played against opponents who pass, and its replay through the
// rules engine: how every fewest-pawns answer is checked before it is printed.
#pragma once
#include <string>
#include <vector>

#include "model/azteka/Rules.h"

namespace tlaloc::azteka {

struct PlanStep {
    Action action;
    bool birth = false;  // Birth's bonus placement, part of the same turn as the step before it
};

struct PlanReplay {
    bool reaches_goal = false;  // the mover won the round with the plan's last step
    std::string goal;           // which goal
    int pawns = 0;              // mover's pawns on the board at that moment
    int turns = 0;              // mover's turns used (Birth's bonus placements are not turns)
    std::string problem;        // why the plan fails, when it does
    Position end;               // the board when the plan stops
};

// Replays `plan` from `start` for its side to move; every other side passes its turns. A pending
// Birth not taken by the next step is declined.
PlanReplay replay_against_passive(const Position& start, const std::vector<PlanStep>& plan);

Json plan_to_json(const std::vector<PlanStep>& plan);

}  // namespace tlaloc::azteka
