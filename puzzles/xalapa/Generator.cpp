#include "puzzles/xalapa/Generator.h"

namespace tlaloc::xalapa {

std::vector<GeneratedPuzzle> generate(const Catalogue& catalogue, const GenerateOptions& opt, ChallengeSolver& solver) {
    std::vector<GeneratedPuzzle> out;
    // Each attempt is its own deal seed, derived from the run's seed: the same seed gives the same
    // puzzles, and a puzzle can be re-dealt from the seed written into it.
    for (std::int64_t attempt = 0; attempt < opt.max_attempts && static_cast<int>(out.size()) < opt.count; ++attempt) {
        DealOptions d;
        d.level = opt.level;
        d.seed = opt.seed * 1000003ULL + static_cast<std::uint64_t>(attempt);
        Deal dealt = deal(catalogue, d);
        Solution best = solver.solve(dealt.challenge, std::nullopt, opt.unique);
        if (opt.unique && !*best.unique) continue;
        Rating rating = rate(solver, dealt.challenge, best);
        if (opt.difficulty && rating.level != *opt.difficulty) continue;
        out.push_back({dealt, d, best, rating});
    }
    return out;
}

}  // namespace tlaloc::xalapa
