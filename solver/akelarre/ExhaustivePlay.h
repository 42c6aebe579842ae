// The best play's score by exhaustive search over the rules engine's legal moves (every order, every
// take), without Z3: the independent reference the solvers are checked against on small turns.
#pragma once
#include <cstddef>

#include "model/akelarre/Turn.h"

namespace tlaloc::akelarre {

struct PlayScore {
    int played = -1;  // hand cards onto the table (-1: no play can end the turn)
    int points = -1;  // points captured for me, among the plays with that many cards
    bool operator==(const PlayScore&) const = default;
};

// The three figures of the best play: most hand cards, then most points, then fewest moves.
struct ExhaustiveBest {
    PlayScore score;
    int moves = -1;  // the fewest moves of a play with that score
};

// Visits every reachable position of the play phase, each (position, points so far) once, breadth
// first (so each at the fewest moves that reach it); more than `max_positions` of them throws
// std::length_error (the turn is too large to search this way).
ExhaustiveBest exhaustive_best(const TurnPosition& turn, std::size_t max_positions = 400000);
// exhaustive_best's score alone.
PlayScore exhaustive_best_play(const TurnPosition& turn, std::size_t max_positions = 400000);

}  // namespace tlaloc::akelarre
