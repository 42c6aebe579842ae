// "Fewest pawns" by exact search over positions: the mover's whole turns on bitboards, the other
// sides passing, breadth-first by turns with a transposition table keyed by the board up to turning
// the whole circle, and the pawn count bounded from below (sectors and rings still missing, pawns a
// goal needs) so that only positions that can still meet a goal within the bound are kept. The
// engine of `tlaloc azteka fewest`; Z3's fewest_pawns and the plain fewest_pawns_by_search are its
// cross-checks in the tests.
#pragma once
#include "solver/azteka/Fewest.h"

namespace tlaloc::azteka {

// The same question and answer as fewest_pawns: fewest mover's pawns on the board when one of its
// goals is met within `max_turns` of its turns, then fewest turns, both proved by exhausting the
// positions the bounds leave. The plan is replayed through the rules engine before it is returned
// (std::logic_error if it does not replay as claimed). `timeout_seconds` (0: none) bounds the
// search; out of time it throws solver::SearchLimitReached naming what is proved. A position whose
// board could fill up (three players) is handed to fewest_pawns, which models the last turns.
FewestResult fewest_pawns_exact(const Position& start, int max_turns, unsigned timeout_seconds = 0);

}  // namespace tlaloc::azteka
