// Whether two board sides give identical playing conditions. A turn or mirror of the square that
// maps one side onto the other field by field, and maps every allowed orientation of every position
// card's formations to an allowed one, carries each stone set to one scoring the same on every task:
// a proof for every challenge of every level. Without such a map, the basic level's challenges are
// solved on both sides until one has a different optimum: the counterexample.
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

// The first map (of the square's 8 turns and mirrors) that carries side `a` onto side `b` field
// by field, by name ("mirrored left to right"), or "" when none does.
std::string side_map(const Board& a, const Board& b);

// Whether a turn or mirror proves the two sides identical (see above), without solving anything.
bool sides_proved_identical(const Catalogue& catalogue, const Board& a, const Board& b);

SideComparison compare_sides(ChallengeSolver& solver, const Catalogue& catalogue, const BoardSide& a,
                             const BoardSide& b);

}  // namespace tlaloc::xalapa
