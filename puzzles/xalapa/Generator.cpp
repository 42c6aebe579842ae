#include "puzzles/xalapa/Generator.h"

#include <algorithm>
#include <memory>
#include <mutex>
#include <thread>

namespace tlaloc::xalapa {

namespace {

// The outcome of one deal: kept or not. Runs in a worker thread with that thread's own solver.
std::optional<GeneratedPuzzle> try_deal(const Catalogue& catalogue, const GenerateOptions& opt,
                                        std::int64_t attempt, ChallengeSolver& solver) {
    DealOptions d;
    d.level = opt.level;
    d.seed = opt.seed * 1000003ULL + static_cast<std::uint64_t>(attempt);
    Deal dealt = deal(catalogue, d);
    Solution best = solver.solve(dealt.challenge, std::nullopt, opt.unique);
    if (opt.unique && !*best.unique) return std::nullopt;
    // A fresh Z3 context for what gets written: the chosen stones and conflict set then depend on
    // the deal alone, not on what this thread's solver saw before, so the output is reproducible.
    // Uniqueness belongs to the challenge, not to the chosen set: it is carried over, not decided
    // again (solve() already confirmed a "unique" in a fresh context).
    ChallengeSolver fresh;
    const std::optional<bool> unique = best.unique;
    best = fresh.solve(dealt.challenge);
    best.unique = unique;
    Rating rating = rate(fresh, dealt.challenge, best);
    if (opt.difficulty && rating.level != *opt.difficulty) return std::nullopt;
    return GeneratedPuzzle{dealt, d, best, rating};
}

}  // namespace

std::vector<GeneratedPuzzle> generate(const Catalogue& catalogue, const GenerateOptions& opt,
                                      ChallengeSolver& solver) {
    std::vector<GeneratedPuzzle> out;
    const int workers = std::max(1u, std::min(4u, std::thread::hardware_concurrency()));
    std::vector<std::unique_ptr<ChallengeSolver>> solvers;
    for (int w = 1; w < workers; ++w) solvers.push_back(std::make_unique<ChallengeSolver>());
    // Deals are tried in batches split across threads; results are taken in deal order, so the
    // same seed gives the same puzzles whatever the thread count.
    const std::int64_t batch = 16L * workers;
    for (std::int64_t first = 0; first < opt.max_attempts && static_cast<int>(out.size()) < opt.count;
         first += batch) {
        const std::int64_t last = std::min(first + batch, opt.max_attempts);
        std::vector<std::optional<GeneratedPuzzle>> results(static_cast<std::size_t>(last - first));
        auto work = [&](int w, ChallengeSolver& s) {
            for (std::int64_t a = first + w; a < last; a += workers)
                results[static_cast<std::size_t>(a - first)] = try_deal(catalogue, opt, a, s);
        };
        std::vector<std::thread> threads;
        std::exception_ptr failure;
        std::mutex failure_lock;
        for (int w = 1; w < workers; ++w)
            threads.emplace_back([&, w] {
                try {
                    work(w, *solvers[static_cast<std::size_t>(w - 1)]);
                } catch (...) {
                    std::lock_guard<std::mutex> g(failure_lock);
                    failure = std::current_exception();
                }
            });
        try {
            work(0, solver);
        } catch (...) {
            std::lock_guard<std::mutex> g(failure_lock);
            failure = std::current_exception();
        }
        for (auto& t : threads) t.join();
        if (failure) std::rethrow_exception(failure);
        for (auto& r : results)
            if (r && static_cast<int>(out.size()) < opt.count) out.push_back(std::move(*r));
    }
    return out;
}

}  // namespace tlaloc::xalapa
