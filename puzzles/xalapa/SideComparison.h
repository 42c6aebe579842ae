// Two board sides compared for the claims: proved identical by a turn or mirror (SideEquivalence.h),
// or else every basic challenge solved on both until two optima differ (the counterexample). Kept
// apart from SideEquivalence so that the atlas, which needs only the proof, does not depend on the
// census.
#pragma once
#include <cstdint>
#include <string>

#include "puzzles/xalapa/Catalogue.h"
#include "solver/xalapa/ChallengeSolver.h"

namespace tlaloc::xalapa {

struct SideComparison {
    bool identical = false;
    std::string evidence;                // the map that proves it, or the counterexample
    std::int64_t challenges_solved = 0;  // on each side, while searching for a counterexample
};

SideComparison compare_sides(ChallengeSolver& solver, const Catalogue& catalogue, const BoardSide& a,
                             const BoardSide& b);

}  // namespace tlaloc::xalapa
