// Best play of one Akelarre turn: the most hand cards onto the table, then the most points captured
// for me, then the fewest moves, as a Z3 model of the play unrolled move by move; each optimum
// proved, the play replayed through the rules engine.
#pragma once
#include "model/akelarre/Turn.h"

namespace tlaloc::akelarre {

struct BestPlay {
    TurnOutcome outcome;  // replayed through the rules engine
    int steps = 0;        // single-card moves the model allowed
    int checks = 0;       // solver calls (the last of each descent is the unsat proof)
};

// Plays of up to `steps` single-card moves (0: the hand's cards plus the table's, enough for every
// play in which no card is moved twice; see docs/akelarre.md). `timeout_seconds` (0: none) bounds
// the whole search in wall-clock time; when it runs out, throws solver::SearchLimitReached whose
// best_so_far() names the best play found and which parts of it are proved.
BestPlay best_play(const TurnPosition& turn, int steps = 0, unsigned timeout_seconds = 0);

}  // namespace tlaloc::akelarre
