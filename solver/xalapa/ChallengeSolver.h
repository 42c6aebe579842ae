// Solving Xalapa challenges with Z3: the penalty minimised by solver/common's descend-then-prove,
// optimal sets enumerated, task sets checked, over the encoding in Encoding.h. One ChallengeSolver
// keeps its Z3 context across challenges (push/pop), which is what makes solving thousands of
// challenges in one process cheap.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "model/xalapa/Evaluation.h"

namespace tlaloc::solver {
class Deadline;
}

namespace tlaloc::xalapa {

struct Solution {
    CellSet stones;
    Evaluation evaluation;  // from the plain evaluator, never from Z3
    bool optimal = false;   // the bound penalty - 1 was proved unsatisfiable
    int solver_checks = 0;
    std::optional<bool> unique;  // exactly one optimal stone set (when solve() was asked to decide)
};

struct OptimalSets {
    std::int64_t count = 0;         // distinct optimal stone sets found
    bool more = false;              // the cap was reached: there are more than `count`
    CellSet forced;                 // fields holding a stone in every optimal set
    CellSet never;                  // fields empty in every optimal set
    std::vector<CellSet> examples;  // up to two different optimal sets (the first is `Solution::stones`)
};

// Z3's SMT kernel without tactic preprocessing (Simple), its default combined solver (Smt), or the
// QF_FD SAT+PB solver (SatCore). bench/XalapaBench compares them; Simple is the fastest here.
enum class SolverBackend { Simple, Smt, SatCore };

class ChallengeSolver {
public:
    explicit ChallengeSolver(SolverBackend backend = SolverBackend::Simple);
    ~ChallengeSolver();
    ChallengeSolver(const ChallengeSolver&) = delete;
    ChallengeSolver& operator=(const ChallengeSolver&) = delete;

    // The search limit (--timeout) for every question asked from now on, or none (nullptr). With
    // one, a running Z3 check is interrupted when it passes (DeadlineWatch.h) and the loops without
    // Z3 (count search, set counting) look at the clock; the question then throws
    // solver::SearchLimitReached (with the best answer known so far where there is one). Until it
    // passes, every answer is the one given without a limit. The deadline must outlive its use (or
    // the next set_deadline); one may be shared by solvers in several threads.
    void set_deadline(const solver::Deadline* deadline);

    // Minimum penalty and a stone set achieving it, proved and re-checked. `incumbent`: a stone set
    // already known (say from a heuristic); the search then starts just below its penalty.
    // With `decide_uniqueness`, also settles whether the optimal stone set is the only one (one
    // more check in the same scope; cheaper than optimal_sets for that question).
    Solution solve(const Challenge& challenge, const std::optional<CellSet>& incumbent = std::nullopt,
                   bool decide_uniqueness = false);
    // Without the count search, solve() starts its Z3 descent from the empty board, so every bound
    // on the way down is decided by Z3 alone: tests use it to check the encoding's pruning, which a
    // count search that always finds the optimum would never put to the test.
    void use_count_search(bool on) { count_search_ = on; }
    // All optimal stone sets up to `cap` and (with `backbone`) the forced and never-used fields;
    // `best` from solve(). Without the backbone only `count`, `more` and `examples` are filled.
    OptimalSets optimal_sets(const Challenge& challenge, const Solution& best, std::int64_t cap,
                             bool backbone = true);

    // Task indexes below: 0..tasks.size()-1 for the tasks, tasks.size() for the formation.
    // Whether all of `tasks` can be met together with at most `budget` stones.
    bool can_meet(const Challenge& challenge, const std::vector<int>& tasks, int budget);
    // can_meet for many task sets, in one encoding (assumptions per set).
    std::vector<bool> can_meet_each(const Challenge& challenge, const std::vector<std::vector<int>>& sets,
                                    int budget);
    // The fewest stones meeting each task set (nullopt: impossible within max_stones), one encoding.
    std::vector<std::optional<int>> fewest_stones_each(const Challenge& challenge,
                                                       const std::vector<std::vector<int>>& sets);
    // A minimal subset of `tasks` that cannot all be met with at most `budget` stones (from Z3's
    // unsat core, then shrunk one task at a time), or nullopt when all of them can be met.
    std::optional<std::vector<int>> minimal_conflict(const Challenge& challenge,
                                                     const std::vector<int>& tasks, int budget);
    // For u = 0..task_count(): the fewest stones with at most u tasks unmet (nullopt: impossible).
    std::vector<std::optional<int>> fewest_stones_by_given_up(const Challenge& challenge);

private:
    struct Impl;
    Impl& renewed();
    void renew();  // a fresh Z3 context
    std::unique_ptr<Impl> impl_;
    bool count_search_ = true;
    struct Limit;
    std::unique_ptr<Limit> limit_;  // after impl_: its thread stops before the context goes
};

}  // namespace tlaloc::xalapa
