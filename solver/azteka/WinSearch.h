// "Win in N" by an AND-OR search over bitboards: the mover's whole turns (OR: one that forces a
// goal is enough) against every answer of the other side (AND), iterative deepening on the mover's
// turns, and a transposition table holding, per position and side to move, the fewest turns proved
// to win and the most proved not to (both facts stay true for longer and shorter horizons). The
// engine of `tlaloc azteka fewest --opponent best`; the plain search of WinInN.h is its cross-check.
#pragma once
#include "solver/azteka/WinInN.h"

namespace tlaloc::azteka {

// The question of win_in, answered exactly or not at all: out of `timeout_seconds` (0: none) it
// throws solver::SearchLimitReached naming the longest horizon proved to hold no forced win. The
// winning line is replayed through the rules engine (std::logic_error if it does not win). Three
// players are handed to win_in.
WinResult win_in_exact(const Position& start, int max_turns, unsigned timeout_seconds = 0);

}  // namespace tlaloc::azteka
