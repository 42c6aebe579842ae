#include "puzzles/xalapa/Difficulty.h"

#include "solver/common/SearchLimit.h"

namespace tlaloc::xalapa {

int difficulty_index(const std::string& name) {
    for (std::size_t i = 0; i < kDifficultyLevels.size(); ++i)
        if (name == kDifficultyLevels[i].name) return static_cast<int>(i);
    return -1;
}

Rating rate(ChallengeSolver& solver, const Challenge& ch, std::int64_t cap) {
    return rate(solver, ch, solver.solve(ch), cap);
}

namespace {

Rating measure(ChallengeSolver& solver, const Challenge& ch, const Solution& best, std::int64_t cap) {
    Rating r;
    r.optimum = best.evaluation.penalty;
    r.unmet = best.evaluation.unmet;
    r.stones = best.evaluation.stones;
    if (best.unique && *best.unique) {
        r.optimal_sets = 1;  // already settled by solve(): no need to enumerate field by field
    } else {
        OptimalSets sets = solver.optimal_sets(ch, best, cap, false);
        r.optimal_sets = sets.count;
        r.optimal_sets_more = sets.more;
    }

    const int n = ch.task_count();
    std::vector<int> all;
    for (int t = 0; t < n; ++t) all.push_back(t);
    // A set of tasks conflicts when meeting all of it needs more stones than the optimum penalty
    // (or than max_stones): then every optimal answer gives up one of its tasks.
    const int budget = std::min(ch.max_stones, r.optimum);
    std::vector<std::vector<int>> singles, singles_and_pairs;
    for (int a = 0; a < n; ++a) singles.push_back({a});
    singles_and_pairs = singles;
    for (int a = 0; a < n; ++a)
        for (int b = a + 1; b < n; ++b) singles_and_pairs.push_back({a, b});
    if (solver.can_meet(ch, all, budget)) {
        // Every task can be met at the optimum: is that one task at a time, or by combining?
        for (const auto& stones : solver.fewest_stones_each(ch, singles))
            r.sum_of_single_task_stones += stones.value_or(0);
        r.level = r.sum_of_single_task_stones == r.optimum ? difficulty_index("direct")
                                                           : difficulty_index("combine");
        return r;
    }
    // The smallest conflicting set: single tasks, then pairs (one batch of checks); else a minimal core.
    auto feasible = solver.can_meet_each(ch, singles_and_pairs, budget);
    for (std::size_t k = 0; k < singles_and_pairs.size() && r.conflict.empty(); ++k)
        if (!feasible[k]) r.conflict = singles_and_pairs[k];
    if (r.conflict.empty())
        r.conflict = solver.minimal_conflict(ch, all, budget).value_or(std::vector<int>{});
    r.smallest_conflict = static_cast<int>(r.conflict.size());
    r.level = r.smallest_conflict <= 2 ? difficulty_index("give-up") : difficulty_index("deep");
    return r;
}

}  // namespace

Rating rate(ChallengeSolver& solver, const Challenge& ch, const Solution& best, std::int64_t cap) {
    try {
        return measure(solver, ch, best, cap);
    } catch (solver::SearchLimitReached& e) {
        e.set_best_so_far("penalty " + std::to_string(best.evaluation.penalty) +
                          " (proved optimal; the rating was not finished)");
        throw;
    }
}

}  // namespace tlaloc::xalapa
