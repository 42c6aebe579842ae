// The answers of `tlaloc xalapa solve` and `explain`, worked out and turned into their pinned JSON in
// one place, so the command line and the studio's web API give the very same objects.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "model/common/Json.h"
#include "puzzles/xalapa/Generator.h"
#include "solver/common/SearchLimit.h"
#include "solver/xalapa/ChallengeSolver.h"

namespace tlaloc::cli {

// A proved optimum and, when asked (--all), the optimal stone sets.
struct SolveAnswer {
    xalapa::Solution best;
    std::optional<xalapa::OptimalSets> sets;
};

// `all`: also count the optimal sets (up to `cap`) and find the forced and never-used fields.
SolveAnswer solve_challenge(xalapa::ChallengeSolver& solver, const xalapa::Challenge& challenge, bool all,
                            std::int64_t cap);
// The object `tlaloc xalapa solve --json` prints for one file.
Json solve_answer_json(const xalapa::Challenge& challenge, const SolveAnswer& answer,
                       const std::string& file);

// A stone set as JSON ([[row, col], ...]): every stone on the board, none twice; InputError otherwise.
xalapa::CellSet stones_from_json(const JsonPlace& where, const xalapa::Board& board);

// Everything `explain` says, worked out before any of it is printed.
struct Explanation {
    xalapa::Solution best;
    int optimum = 0;
    std::vector<std::optional<int>> by_given_up;  // fewest stones with at most u tasks given up
    std::optional<std::vector<int>> limit_conflict, optimum_conflict;
    std::optional<xalapa::CellSet> proposed;
    std::optional<xalapa::Evaluation> mine;  // the proposed stones, scored
};

Explanation explain(const xalapa::Challenge& challenge, const std::optional<xalapa::CellSet>& proposed,
                    const solver::Deadline& deadline);
// The object `tlaloc xalapa explain --json` prints.
Json explanation_json(const xalapa::Challenge& challenge, const Explanation& explanation);

// One challenge of `tlaloc xalapa generate`: the dealt challenge with its rating and difficulty.
Json generated_puzzle_json(const xalapa::GeneratedPuzzle& puzzle);

}  // namespace tlaloc::cli
