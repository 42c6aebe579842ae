// The puzzle generator: deals challenges at a level, keeps those that rate exactly the wanted
// difficulty and (optionally) have a single optimal stone set. Same seed, same output.
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "puzzles/xalapa/Deal.h"
#include "puzzles/xalapa/Difficulty.h"

namespace tlaloc::xalapa {

struct GenerateOptions {
    Level level = Level::Two;
    int count = 1;
    std::uint64_t seed = 1;
    bool unique = false;                 // keep only challenges with exactly one optimal stone set
    std::optional<int> difficulty;       // index into kDifficultyLevels
    std::int64_t max_attempts = 200000;  // bound on deals tried; fewer puzzles come back past it
    // The search limit (--timeout) for the whole run, or none. Every solver the generator uses
    // (the caller's included) works under it; when it passes, generate() throws
    // solver::SearchLimitReached saying how many puzzles were kept, and returns none of them —
    // unless `out_of_time` is given and some were kept: then it returns those (the first ones an
    // unlimited run would give, in order) and sets *out_of_time.
    const solver::Deadline* deadline = nullptr;
    bool* out_of_time = nullptr;
    // Called after each batch of deals with the puzzles kept so far and the deals tried (for a
    // progress line); may be empty.
    std::function<void(int kept, std::int64_t tried)> on_batch;
};

struct GeneratedPuzzle {
    Deal deal;
    DealOptions deal_options;  // the seed of this deal
    Solution solution;         // proved optimal
    Rating rating;
};

std::vector<GeneratedPuzzle> generate(const Catalogue& catalogue, const GenerateOptions& options,
                                      ChallengeSolver& solver);

}  // namespace tlaloc::xalapa
