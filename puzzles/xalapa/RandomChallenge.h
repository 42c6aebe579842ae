// Random boards and challenges for differential tests and benchmarks (not the box's deal: that is
// puzzles/xalapa/Deal.h). Deterministic for a given engine state.
#pragma once
#include <random>

#include "model/xalapa/Challenge.h"

namespace tlaloc::xalapa {

struct RandomChallengeOptions {
    int min_rows = 6, max_rows = 6, min_cols = 6, max_cols = 6;
    int min_tasks = 4, max_tasks = 7;
    int formation_cells = 4;           // 0: no formation; otherwise a random connected-ish shape of this size
    bool random_orientations = false;  // pick fixed / rotate / rotate-mirror at random
    int max_stones = 8;                // clipped to the board size
    double same_share = 0.3;           // share of "same" tasks
    double conjunction_share = 0.2;
};

Board random_board(std::mt19937_64& rng, int rows, int cols);
Challenge random_challenge(std::mt19937_64& rng, const RandomChallengeOptions& options);

}  // namespace tlaloc::xalapa
