#include "puzzles/xalapa/Generator.h"

#include <algorithm>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "solver/common/SearchLimit.h"

namespace tlaloc::xalapa {

namespace {

// The outcome of one deal: kept or not. Runs in a worker thread with that thread's own solver.
std::optional<GeneratedPuzzle> try_deal(const Catalogue& catalogue, const GenerateOptions& opt,
                                        std::int64_t attempt, ChallengeSolver& solver) {
    if (opt.deadline && opt.deadline->passed()) throw solver::SearchLimitReached();
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
    fresh.set_deadline(opt.deadline);
    const std::optional<bool> unique = best.unique;
    best = fresh.solve(dealt.challenge);
    best.unique = unique;
    Rating rating = rate(fresh, dealt.challenge, best);
    if (opt.difficulty && rating.level != *opt.difficulty) return std::nullopt;
    return GeneratedPuzzle{dealt, d, best, rating};
}

// Deals first..last-1, split across the workers (worker 0 is this thread, with `solver`); one
// result per deal, in deal order. A worker's exception is rethrown once all of them have stopped.
std::vector<std::optional<GeneratedPuzzle>> try_deals(
    const Catalogue& catalogue, const GenerateOptions& opt, std::int64_t first, std::int64_t last,
    ChallengeSolver& solver, const std::vector<std::unique_ptr<ChallengeSolver>>& others) {
    const int workers = static_cast<int>(others.size()) + 1;
    std::vector<std::optional<GeneratedPuzzle>> results(static_cast<std::size_t>(last - first));
    auto work = [&](int w, ChallengeSolver& s) {
        for (std::int64_t a = first + w; a < last; a += workers)
            results[static_cast<std::size_t>(a - first)] = try_deal(catalogue, opt, a, s);
    };
    std::vector<std::thread> threads;
    std::exception_ptr failure;
    std::mutex failure_lock;
    auto guarded = [&](int w, ChallengeSolver& s) {
        try {
            work(w, s);
        } catch (...) {
            std::lock_guard<std::mutex> g(failure_lock);
            failure = std::current_exception();
        }
    };
    for (int w = 1; w < workers; ++w)
        threads.emplace_back([&, w] { guarded(w, *others[static_cast<std::size_t>(w - 1)]); });
    guarded(0, solver);
    for (auto& t : threads) t.join();
    if (failure) std::rethrow_exception(failure);
    return results;
}

}  // namespace

std::vector<GeneratedPuzzle> generate(const Catalogue& catalogue, const GenerateOptions& opt,
                                      ChallengeSolver& solver) {
    std::vector<GeneratedPuzzle> out;
    const int workers = std::max(1u, std::min(4u, std::thread::hardware_concurrency()));
    solver.set_deadline(opt.deadline);
    std::vector<std::unique_ptr<ChallengeSolver>> others;
    for (int w = 1; w < workers; ++w) {
        others.push_back(std::make_unique<ChallengeSolver>());
        others.back()->set_deadline(opt.deadline);
    }
    // Deals are tried in batches split across threads; results are taken in deal order, so the
    // same seed gives the same puzzles whatever the thread count.
    const std::int64_t batch = 16L * workers;
    for (std::int64_t first = 0; first < opt.max_attempts && static_cast<int>(out.size()) < opt.count;
         first += batch) {
        const std::int64_t last = std::min(first + batch, opt.max_attempts);
        std::vector<std::optional<GeneratedPuzzle>> results;
        try {
            results = try_deals(catalogue, opt, first, last, solver, others);
        } catch (solver::SearchLimitReached& e) {
            if (opt.out_of_time && !out.empty()) {
                *opt.out_of_time = true;
                return out;
            }
            e.set_best_so_far(std::to_string(out.size()) + " of " + std::to_string(opt.count) +
                              " challenges kept from the first " + std::to_string(first) + " deals");
            throw;
        }
        for (auto& r : results)
            if (r && static_cast<int>(out.size()) < opt.count) out.push_back(std::move(*r));
        if (opt.on_batch) opt.on_batch(static_cast<int>(out.size()), last);
    }
    return out;
}

}  // namespace tlaloc::xalapa
