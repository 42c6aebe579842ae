// Whether two board sides give identical playing conditions. A turn or mirror of the square that
// maps one side onto the other field by field, and maps every allowed orientation of every position
// card's formations to an allowed one, carries each stone set to one scoring the same on every task:
// a proof for every challenge of every level. Without such a map, the basic level's challenges are
// solved on both sides until one has a different optimum: the counterexample.
#pragma once
#include <cstdint>
#include <string>

#include "puzzles/xalapa/Catalogue.h"

namespace tlaloc::xalapa {

// The first map (of the square's 8 turns and mirrors) that carries side `a` onto side `b` field
// by field, by name ("mirrored left to right"), or "" when none does.
std::string side_map(const Board& a, const Board& b);

// Whether a turn or mirror proves the two sides identical (see above), without solving anything.
bool sides_proved_identical(const Catalogue& catalogue, const Board& a, const Board& b);

// What the square's turns and mirrors say about two sides: proved identical (with the map as
// evidence), or not proved (why: no map carries one onto the other, or the one that does moves some
// formation out of its allowed turns). Solving for a counterexample is SideComparison.h's job.
struct SideMapVerdict {
    bool proved = false;
    std::string evidence;
};
SideMapVerdict side_map_verdict(const Catalogue& catalogue, const BoardSide& a, const BoardSide& b);

}  // namespace tlaloc::xalapa
