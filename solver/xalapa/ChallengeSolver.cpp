#include "solver/xalapa/ChallengeSolver.h"

#include <z3++.h>
#include <algorithm>
#include <stdexcept>

#include "solver/common/Cardinality.h"
#include "solver/common/Minimise.h"
#include "solver/common/SearchLimit.h"
#include "solver/xalapa/CountModel.h"
#include "solver/xalapa/CountSearch.h"
#include "solver/xalapa/CountSets.h"
#include "solver/xalapa/DeadlineWatch.h"
#include "solver/xalapa/Encoding.h"

namespace tlaloc::xalapa {

struct ChallengeSolver::Impl {
    z3::context ctx;
    z3::solver solver;
    SolverBackend backend;
    int scopes = 0;  // challenges encoded in this context so far
    const solver::Deadline* deadline = nullptr;
    // Z3's defaults are kept. relevancy=0 saved 15-20 % of instructions here, but Z3 4.8.12 then
    // crashed inside check() after some thousand push/pop rounds (basic census, shard 1/2).
    explicit Impl(SolverBackend b) : solver(make(ctx, b)), backend(b) {}

    static z3::solver make(z3::context& ctx, SolverBackend backend) {
        switch (backend) {
            case SolverBackend::SatCore:
                return z3::solver(ctx, "QF_FD");
            case SolverBackend::Smt:
                return z3::solver(ctx);
            case SolverBackend::Simple:
                break;
        }
        return z3::solver(ctx, z3::solver::simple());
    }

    bool unique_optimum(const Challenge& ch, const ChallengeFields& fields, const Encoding& enc,
                        Solution& best);

    bool past_deadline() const { return deadline && deadline->passed(); }

    // `body()`, with an error from a Z3 call the deadline interrupted as SearchLimitReached: Z3's
    // own exception, or minimise's "solver gave up" (it takes Z3's "interrupted" for a failure).
    template <class F>
    auto stopped_at_deadline(F&& body) {
        try {
            return body();
        } catch (const solver::SearchLimitReached&) {
            throw;
        } catch (const z3::exception&) {
            if (past_deadline()) throw solver::SearchLimitReached();
            throw;
        } catch (const std::runtime_error&) {
            if (past_deadline()) throw solver::SearchLimitReached();
            throw;
        }
    }

    // Every check of this solver: none is begun after the deadline, and one the deadline stopped
    // (DeadlineWatch interrupts Z3: "unknown", or an exception from Z3) is SearchLimitReached. Any
    // other "unknown" is an error: without a limit Z3 answers every question here.
    z3::check_result check(const z3::expr_vector& assumptions) {
        if (past_deadline()) throw solver::SearchLimitReached();
        const z3::check_result r = stopped_at_deadline(
            [&] { return assumptions.empty() ? solver.check() : solver.check(assumptions); });
        if (r != z3::unknown) return r;
        if (past_deadline()) throw solver::SearchLimitReached();
        throw std::runtime_error("solver gave up: " + solver.reason_unknown());
    }
    z3::check_result check() { return check(z3::expr_vector(ctx)); }

    // The optimise-then-prove descent of solver/common. It is given no deadline: arming one sets
    // Z3's parameters (see DeadlineWatch.h). It gives up on an interrupted check, which is
    // SearchLimitReached here (the caller knows the best value found before the descent).
    solver::MinimiseResult minimise(const solver::Objective& objective,
                                    std::optional<std::int64_t> start = {},
                                    const std::vector<z3::expr>& assumptions = {}) {
        if (past_deadline()) throw solver::SearchLimitReached();
        return stopped_at_deadline([&] { return solver::minimise(solver, objective, start, assumptions); });
    }

    // Runs `body` with the challenge encoded in a fresh scope, popped afterwards whatever happens.
    template <class F>
    auto scoped(const Challenge& ch, const CountModel& model, const EncodingOptions& options, F&& body) {
        ++scopes;
        return pushed([&] {
            Encoding enc = encode(solver, ch, model, options);
            return body(enc);
        });
    }

    // Runs `body` in a new solver scope, popped afterwards whatever happens.
    template <class F>
    auto pushed(F&& body) {
        return stopped_at_deadline([&] {
            solver.push();
            struct Pop {
                z3::solver& s;
                ~Pop() { s.pop(); }
            } pop{solver};
            return body();
        });
    }
};

// Whether `best` (optimal, within the scope of `enc`) is the only optimal stone set. Another
// optimal set either has other class counts (one more check finds it), or the same counts. With
// the formation unmet, every set with these counts is optimal (one meeting the formation would
// beat the optimum), so the answer is unique exactly when each class is empty or full. With the
// formation met, the optimal sets with these counts are those holding a placement: each placement
// the counts allow must fix its set, and all of them the same one.
bool ChallengeSolver::Impl::unique_optimum(const Challenge& ch, const ChallengeFields& fields,
                                           const Encoding& enc, Solution& best) {
    const CountModel& model = enc.model;
    const std::vector<int> n = model.counts_of(best.stones);
    if (!best.evaluation.formation_met) {
        for (std::size_t c = 0; c < n.size(); ++c)
            if (n[c] > 0 && n[c] < model.size(c)) return false;
    } else {
        std::optional<CellSet> only;
        for (const auto& p : fields.placements) {
            std::vector<int> d = model.counts_of(p);
            bool allowed = true;
            for (std::size_t c = 0; c < n.size(); ++c) allowed = allowed && d[c] <= n[c];
            if (!allowed) continue;
            CellSet set = p;
            for (std::size_t c = 0; c < n.size(); ++c) {
                const int free = model.size(c) - d[c];
                if (n[c] - d[c] != 0 && n[c] - d[c] != free) return false;  // several ways to fill class c
                if (n[c] - d[c] == free)
                    for (int i : model.classes[c]) set.set(static_cast<std::size_t>(i));
            }
            if (only && *only != set) return false;
            only = set;
        }
        if (only != best.stones)
            throw std::logic_error("uniqueness: the optimal set holds no placement its counts allow");
    }
    solver.add(penalty_at_most(ctx, enc, best.evaluation.penalty));
    solver.add(enc.counts_differ(ctx, n));
    ++best.solver_checks;
    if (check() == z3::sat) {
        if (evaluate(ch, fields, enc.stones_in(solver.get_model())).penalty != best.evaluation.penalty)
            throw std::logic_error("a second optimal set re-checked to a different penalty");
        return false;
    }
    return true;
}

ChallengeSolver::ChallengeSolver(SolverBackend backend) : impl_(std::make_unique<Impl>(backend)) {}

// A fresh Z3 context every few thousand challenges: Z3 4.8.12 crashed inside check() after tens of
// thousands of push/pop rounds on one context (the basic census). Renewing costs about a
// millisecond.
ChallengeSolver::Impl& ChallengeSolver::renewed() {
    constexpr int kScopesPerContext = 2000;
    if (impl_->scopes >= kScopesPerContext) renew();
    return *impl_;
}

// The watch of a limited deadline, and the lock it takes to reach the current context.
struct ChallengeSolver::Limit {
    std::mutex context_lock;
    std::unique_ptr<DeadlineWatch> watch;  // after the lock: it stops first
};

void ChallengeSolver::renew() {
    auto fresh = std::make_unique<Impl>(impl_->backend);
    fresh->deadline = impl_->deadline;
    std::unique_lock<std::mutex> lock;
    if (limit_) lock = std::unique_lock<std::mutex>(limit_->context_lock);
    impl_.swap(fresh);
}

void ChallengeSolver::set_deadline(const solver::Deadline* deadline) {
    const bool interrupted = limit_ && limit_->watch && limit_->watch->fired();
    if (limit_) limit_->watch.reset();
    impl_->deadline = deadline;
    if (interrupted) renew();  // Z3 may keep an interrupted context cancelled
    if (!deadline || !deadline->limited()) return;
    if (!limit_) limit_ = std::make_unique<Limit>();
    limit_->watch = std::make_unique<DeadlineWatch>(*deadline, [this] {
        std::lock_guard<std::mutex> lock(limit_->context_lock);
        impl_->ctx.interrupt();
    });
}
ChallengeSolver::~ChallengeSolver() = default;

namespace {

// What a solve() stopped by the deadline knew: a stone set and its penalty, not proved optimal.
[[noreturn]] void rethrow_unproved(solver::SearchLimitReached& e, std::int64_t penalty) {
    e.set_best_so_far("penalty " + std::to_string(e.incumbent().value_or(penalty)) +
                      " (a stone set found, not proved optimal)");
    throw;
}

// Where the Z3 descent starts: the count search's set (when `search`), or `incumbent` when it is
// legal and better. Its set is re-evaluated here.
struct DescentStart {
    CellSet stones;
    int penalty = 0;
    bool search_complete = false;  // the count search finished within its node limit
};

DescentStart descent_start(const Challenge& ch, const ChallengeFields& fields, const CountModel& model,
                           bool search, const std::optional<CellSet>& incumbent,
                           const solver::Deadline* deadline) {
    CountSearchResult searched;
    try {
        if (search) searched = count_search(ch, model, kCountSearchNodes, deadline);
    } catch (solver::SearchLimitReached& e) {
        rethrow_unproved(e, evaluate(ch, fields, CellSet{}).penalty);
    }
    DescentStart start{searched.stones, evaluate(ch, fields, searched.stones).penalty, searched.complete};
    if (incumbent) {
        Evaluation e = evaluate(ch, fields, *incumbent);
        if (e.within_limit && e.penalty < start.penalty) {
            start.stones = *incumbent;
            start.penalty = e.penalty;
        }
    }
    return start;
}

// `body()`; when the deadline stops it, `known` is the best answer known so far.
template <class F>
auto knowing(const std::string& known, F&& body) {
    try {
        return body();
    } catch (solver::SearchLimitReached& e) {
        e.set_best_so_far(known);
        throw;
    }
}

// What a stopped uniqueness question knew: the optimum.
std::string optimum_known(const Solution& best) {
    return "penalty " + std::to_string(best.evaluation.penalty) +
           " (proved optimal; whether it is the only optimal set was not decided)";
}

}  // namespace

Solution ChallengeSolver::solve(const Challenge& ch, const std::optional<CellSet>& incumbent,
                                bool decide_uniqueness) {
    ChallengeFields fields(ch);
    CountModel model(ch, fields);
    // The count search usually finds the optimum, so the descent is then one check: the proof.
    const DescentStart start = descent_start(ch, fields, model, count_search_, incumbent, impl_->deadline);
    const int start_penalty = start.penalty;
    // Every check below bounds the penalty by start_penalty - 1 (by start_penalty when deciding
    // uniqueness), hence the stones too. The descent keeps the pseudo-Boolean atoms unless the count
    // search was cut short: a finished search's optimum stands whatever Z3 answers (see
    // EncodingOptions::clauses_only).
    const EncodingOptions descent{.penalty_bound = decide_uniqueness ? start_penalty : start_penalty - 1,
                                  .count_total = false,
                                  .clauses_only = count_search_ && !start.search_complete};
    Solution solution = renewed().scoped(ch, model, descent, [&](Encoding& enc) {
        solver::Objective objective;
        objective.at_most = [&](std::int64_t b) { return penalty_at_most(impl_->ctx, enc, b); };
        objective.value_of = [&](const z3::model& m) {
            Evaluation e = evaluate(ch, fields, enc.stones_in(m));
            if (!e.within_limit) throw std::logic_error("solver placed more stones than max_stones");
            return static_cast<std::int64_t>(e.penalty);
        };
        solver::MinimiseResult result;
        try {
            result = impl_->minimise(objective, start_penalty - 1);
        } catch (solver::SearchLimitReached& e) {
            rethrow_unproved(e, start_penalty);
        }
        Solution s;
        s.solver_checks = result.checks;
        s.optimal = true;
        s.stones = result.feasible ? enc.stones_in(*result.model) : start.stones;
        s.evaluation = evaluate(ch, fields, s.stones);
        if (s.evaluation.penalty != (result.feasible ? result.optimum : start_penalty))
            throw std::logic_error("evaluator disagrees with the solver's penalty");
        if (decide_uniqueness)
            s.unique = knowing(optimum_known(s), [&] { return impl_->unique_optimum(ch, fields, enc, s); });
        return s;
    });
    // "Not unique" comes with a second optimal set, re-checked; "unique" is an unsatisfiable answer,
    // so it is confirmed with clauses only (EncodingOptions::clauses_only).
    if (solution.unique && *solution.unique) {
        Impl& impl = renewed();
        const EncodingOptions at_optimum{
            .penalty_bound = solution.evaluation.penalty, .count_total = false, .clauses_only = true};
        solution.unique = knowing(optimum_known(solution), [&] {
            return impl.scoped(ch, model, at_optimum,
                               [&](Encoding& enc) { return impl.unique_optimum(ch, fields, enc, solution); });
        });
    }
    return solution;
}
OptimalSets ChallengeSolver::optimal_sets(const Challenge& ch, const Solution& best, std::int64_t cap,
                                          bool backbone) {
    ChallengeFields fields(ch);
    CountModel model(ch, fields);
    const int optimum = best.evaluation.penalty;
    // One class-count vector at a time: Z3 finds one at the optimum, optimal_sets_with_counts
    // counts its stone sets, and the vector is blocked. Every optimal set's counts are ones the
    // scope can hold (useful_stones; no optimal set holds a placement left out). "No further
    // vector" is an unsatisfiable answer, hence clauses only (EncodingOptions::clauses_only).
    const EncodingOptions at_optimum{.penalty_bound = optimum, .count_total = false, .clauses_only = true};
    const std::string known =
        "penalty " + std::to_string(optimum) + " (proved optimal; the optimal sets were not all counted)";
    return knowing(known, [&] {
        return renewed().scoped(ch, model, at_optimum, [&](Encoding& enc) {
            z3::solver& s = impl_->solver;
            s.add(penalty_at_most(impl_->ctx, enc, optimum));
            OptimalSets out;
            out.forced = out.never = ch.board.all_fields();
            out.examples.push_back(best.stones);
            std::int64_t found = 0;  // stone sets, counted up to cap + 1
            while ((backbone || found <= cap) && impl_->check() == z3::sat) {
                const std::vector<int> n = enc.counts_in(s.get_model());
                CountSets sets =
                    optimal_sets_with_counts(ch, fields, model, n, optimum, cap + 1, 2, impl_->deadline);
                found = std::min(cap + 1, found + sets.count);
                out.forced &= sets.in_all;
                out.never &= ~sets.in_some;
                for (const CellSet& other : sets.first)
                    if (out.examples.size() < 2 && other != best.stones) out.examples.push_back(other);
                s.add(enc.counts_differ(impl_->ctx, n));
            }
            out.count = std::min(found, cap);
            out.more = found > cap;
            for (const CellSet& example : out.examples)
                if (evaluate(ch, fields, example).penalty != optimum)
                    throw std::logic_error("an optimal set re-checked to a different penalty");
            if (static_cast<std::int64_t>(out.examples.size()) > out.count)
                out.examples.resize(static_cast<std::size_t>(out.count));
            if (!backbone) out.forced = out.never = CellSet{};
            return out;
        });
    });
}

namespace {
z3::expr_vector met_literals(z3::context& ctx, const Encoding& enc, const std::vector<int>& tasks) {
    z3::expr_vector out(ctx);
    for (int t : tasks) out.push_back(enc.met[t]);
    return out;
}
}  // namespace

bool ChallengeSolver::can_meet(const Challenge& ch, const std::vector<int>& tasks, int budget) {
    return can_meet_each(ch, {tasks}, budget)[0];
}

namespace {
// A count task asking for more stones than `budget` cannot be met within it: said to Z3 outright,
// since its pseudo-Boolean solver needs an exponential search to see that atleast(F, lo) and a
// budget below lo conflict.
void rule_out_tasks_beyond(z3::solver& solver, const Challenge& ch, const Encoding& enc, int budget) {
    for (std::size_t t = 0; t < ch.tasks.size(); ++t)
        if (ch.tasks[t].kind != Task::Kind::Same && ch.tasks[t].lo > budget)
            solver.add(!enc.met[static_cast<unsigned>(t)]);
}

// Throws unless the evaluator agrees that `stones` meets every task of `tasks` within `budget`.
void check_meets(const Challenge& ch, const ChallengeFields& fields, const CellSet& stones,
                 const std::vector<int>& tasks, int budget) {
    Evaluation e = evaluate(ch, fields, stones);
    for (int t : tasks) {
        bool met = t == static_cast<int>(ch.tasks.size()) ? e.formation_met : e.tasks[t].met;
        if (!met || e.stones > budget) throw std::logic_error("evaluator rejects a solver witness");
    }
}
}  // namespace

std::vector<bool> ChallengeSolver::can_meet_each(const Challenge& ch,
                                                 const std::vector<std::vector<int>>& sets, int budget) {
    ChallengeFields fields(ch);
    CountModel model(ch, fields);
    const EncodingOptions clauses{.penalty_bound = std::nullopt, .count_total = false, .clauses_only = true};
    return renewed().scoped(ch, model, clauses, [&](Encoding& enc) {
        impl_->solver.add(enc.stones_at_most(std::max(0, budget)));
        rule_out_tasks_beyond(impl_->solver, ch, enc, budget);
        std::vector<bool> out;
        for (const auto& tasks : sets) {
            z3::check_result r = impl_->check(met_literals(impl_->ctx, enc, tasks));
            if (r == z3::sat)
                check_meets(ch, fields, enc.stones_in(impl_->solver.get_model()), tasks, budget);
            out.push_back(r == z3::sat);
        }
        return out;
    });
}

std::vector<std::optional<int>> ChallengeSolver::fewest_stones_each(
    const Challenge& ch, const std::vector<std::vector<int>>& sets) {
    ChallengeFields fields(ch);
    CountModel model(ch, fields);
    return renewed().scoped(
        ch, model, {.penalty_bound = std::nullopt, .count_total = true, .clauses_only = true},
        [&](Encoding& enc) {
            std::vector<std::optional<int>> out;
            for (const auto& tasks : sets) {
                // The count search with these tasks required and the rest ignored gives a stone set
                // (re-checked here); Z3 then only has to prove that one stone fewer cannot do.
                std::vector<int> weight(ch.tasks.size() + 1, 0);
                for (int t : tasks) weight[static_cast<std::size_t>(t)] = ch.max_stones + 1;
                CountSearchResult found = count_search(ch, model, weight, kCountSearchNodes, impl_->deadline);
                std::optional<std::int64_t> start;
                if (found.penalty <= ch.max_stones) {
                    check_meets(ch, fields, found.stones, tasks, ch.max_stones);
                    start = static_cast<std::int64_t>(found.stones.count());
                }
                std::vector<z3::expr> assume;
                for (int t : tasks) assume.push_back(enc.met[t]);
                solver::Objective objective;
                objective.at_most = [&](std::int64_t b) { return enc.stones_at_most(b); };
                objective.value_of = [&](const z3::model& m) {
                    CellSet stones = enc.stones_in(m);
                    check_meets(ch, fields, stones, tasks, ch.max_stones);
                    return static_cast<std::int64_t>(stones.count());
                };
                auto r = impl_->minimise(
                    objective, start ? std::optional<std::int64_t>(*start - 1) : std::nullopt, assume);
                std::optional<std::int64_t> fewest =
                    r.feasible ? std::optional<std::int64_t>(r.optimum) : start;
                out.push_back(fewest ? std::optional<int>(static_cast<int>(*fewest)) : std::nullopt);
            }
            return out;
        });
}

std::optional<std::vector<int>> ChallengeSolver::minimal_conflict(const Challenge& ch,
                                                                  const std::vector<int>& tasks, int budget) {
    ChallengeFields fields(ch);
    CountModel model(ch, fields);
    const EncodingOptions clauses{.penalty_bound = std::nullopt, .count_total = false, .clauses_only = true};
    return renewed().scoped(ch, model, clauses, [&](Encoding& enc) -> std::optional<std::vector<int>> {
        z3::solver& s = impl_->solver;
        s.add(enc.stones_at_most(std::max(0, budget)));
        rule_out_tasks_beyond(s, ch, enc, budget);
        if (impl_->check(met_literals(impl_->ctx, enc, tasks)) == z3::sat) return std::nullopt;
        std::vector<int> core;
        z3::expr_vector z3core = s.unsat_core();
        for (int t : tasks)
            for (unsigned k = 0; k < z3core.size(); ++k)
                if (z3::eq(z3core[k], enc.met[t])) core.push_back(t);
        // Deletion: drop each task in turn and keep it out when the rest still conflicts.
        for (std::size_t i = 0; i < core.size();) {
            std::vector<int> without;  // the core but its i-th literal
            without.reserve(core.size());
            for (std::size_t j = 0; j < core.size(); ++j)
                if (j != i) without.push_back(core[j]);
            if (impl_->check(met_literals(impl_->ctx, enc, without)) == z3::unsat)
                core = without;
            else
                ++i;
        }
        return core;
    });
}

std::vector<std::optional<int>> ChallengeSolver::fewest_stones_by_given_up(const Challenge& ch) {
    ChallengeFields fields(ch);
    CountModel model(ch, fields);
    return renewed().scoped(
        ch, model, {.penalty_bound = std::nullopt, .count_total = true, .clauses_only = true},
        [&](Encoding& enc) {
            std::vector<std::optional<int>> out;
            for (int u = 0; u <= ch.task_count(); ++u) {
                solver::Objective objective;
                objective.at_most = [&](std::int64_t b) { return enc.stones_at_most(b); };
                objective.value_of = [&](const z3::model& m) {
                    Evaluation e = evaluate(ch, fields, enc.stones_in(m));
                    if (e.unmet > u) throw std::logic_error("evaluator: more tasks unmet than allowed");
                    return static_cast<std::int64_t>(e.stones);
                };
                // A pushed constraint, not an assumption: that would change Z3's later searches, and
                // so which minimal conflict `explain` reports next. (The push internalizes the
                // whole encoding, a second on the largest boards; the deadline interrupts it.)
                auto r = impl_->pushed([&] {
                    impl_->solver.add(enc.unmet_at_most(u));
                    return impl_->minimise(objective);
                });
                out.push_back(r.feasible ? std::optional<int>(static_cast<int>(r.optimum)) : std::nullopt);
            }
            return out;
        });
}

}  // namespace tlaloc::xalapa
