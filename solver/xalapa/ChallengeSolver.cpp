#include "solver/xalapa/ChallengeSolver.h"

#include <z3++.h>
#include <algorithm>
#include <stdexcept>

#include "solver/common/Cardinality.h"
#include "solver/common/Minimise.h"
#include "solver/xalapa/CountModel.h"
#include "solver/xalapa/CountSearch.h"
#include "solver/xalapa/Encoding.h"

namespace tlaloc::xalapa {

struct ChallengeSolver::Impl {
    z3::context ctx;
    z3::solver solver;
    SolverBackend backend;
    int scopes = 0;  // challenges encoded in this context so far
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

    // Runs `body` with the challenge encoded in a fresh scope, popped afterwards whatever happens.
    template <class F>
    auto scoped(const Challenge& ch, const CountModel& model, const EncodingOptions& options, F&& body) {
        ++scopes;
        solver.push();
        struct Pop {
            z3::solver& s;
            ~Pop() { s.pop(); }
        } pop{solver};
        Encoding enc = encode(solver, ch, model, options);
        return body(enc);
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
    if (solver.check() == z3::sat) {
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
    if (impl_->scopes >= kScopesPerContext) impl_ = std::make_unique<Impl>(impl_->backend);
    return *impl_;
}
ChallengeSolver::~ChallengeSolver() = default;

Solution ChallengeSolver::solve(const Challenge& ch, const std::optional<CellSet>& incumbent,
                                bool decide_uniqueness) {
    ChallengeFields fields(ch);
    CountModel model(ch, fields);
    // The count search usually finds the optimum, so the descent is then one check: the proof.
    // Its set is re-evaluated here; a given incumbent is used only when it is legal and better.
    CellSet start = count_search_ ? count_search(ch, model).stones : CellSet{};
    int start_penalty = evaluate(ch, fields, start).penalty;
    if (incumbent) {
        Evaluation e = evaluate(ch, fields, *incumbent);
        if (e.within_limit && e.penalty < start_penalty) {
            start = *incumbent;
            start_penalty = e.penalty;
        }
    }
    // Every check below bounds the penalty by start_penalty - 1 (by start_penalty when deciding
    // uniqueness), hence the stones too.
    const int cap = decide_uniqueness ? start_penalty : start_penalty - 1;
    const bool fresh_context = renewed().scopes == 0;
    Solution solution = impl_->scoped(ch, model, {.penalty_bound = cap}, [&](Encoding& enc) {
        solver::Objective objective;
        objective.at_most = [&](std::int64_t b) { return penalty_at_most(impl_->ctx, enc, b); };
        objective.value_of = [&](const z3::model& m) {
            Evaluation e = evaluate(ch, fields, enc.stones_in(m));
            if (!e.within_limit) throw std::logic_error("solver placed more stones than max_stones");
            return static_cast<std::int64_t>(e.penalty);
        };
        auto result = solver::minimise(impl_->solver, objective, start_penalty - 1);
        Solution s;
        s.solver_checks = result.checks;
        s.optimal = true;
        s.stones = result.feasible ? enc.stones_in(*result.model) : start;
        s.evaluation = evaluate(ch, fields, s.stones);
        if (s.evaluation.penalty != (result.feasible ? result.optimum : start_penalty))
            throw std::logic_error("evaluator disagrees with the solver's penalty");
        if (decide_uniqueness) s.unique = impl_->unique_optimum(ch, fields, enc, s);
        return s;
    });
    // In a long-used context Z3 4.8.12 has answered "no other optimal set" wrongly: twice in one
    // basic census, where brute force finds 2 and 3 optimal sets; alone, the same challenges came
    // out right. (The optimum itself is safe: the count search, an independent exact method,
    // agrees with every proof it starts.) So "unique" is confirmed in a fresh context.
    if (solution.unique && *solution.unique && !fresh_context) {
        Impl fresh(impl_->backend);
        solution.unique = fresh.scoped(ch, model, {.penalty_bound = cap}, [&](Encoding& enc) {
            return fresh.unique_optimum(ch, fields, enc, solution);
        });
    }
    return solution;
}
OptimalSets ChallengeSolver::optimal_sets(const Challenge& ch, const Solution& best, std::int64_t cap,
                                          bool backbone) {
    ChallengeFields fields(ch);
    CountModel per_field(ch, fields, true);
    return renewed().scoped(ch, per_field, {}, [&](Encoding& enc) {
        z3::context& ctx = impl_->ctx;
        z3::solver& s = impl_->solver;
        s.add(penalty_at_most(ctx, enc, best.evaluation.penalty));
        OptimalSets out;
        const int n = ch.board.size();
        // Backbone: a field is forced when no optimal set leaves it empty (likewise "never").
        out.forced = best.stones;
        out.never = ch.board.all_fields() & ~best.stones;
        for (int i = 0; i < n && backbone; ++i) {
            bool is_stone = best.stones.test(i);
            if (!(is_stone ? out.forced.test(i) : out.never.test(i))) continue;
            z3::expr_vector assume(ctx);
            assume.push_back(is_stone ? !enc.stones[i] : enc.stones[i]);
            if (s.check(assume) == z3::sat) {
                CellSet other = enc.stones_in(s.get_model());
                if (evaluate(ch, fields, other).penalty != best.evaluation.penalty)
                    throw std::logic_error("an optimal set re-checked to a different penalty");
                out.forced &= other;
                out.never &= ~other;
            }
        }
        // Count distinct stone sets by blocking each one found.
        while (out.count < cap && s.check() == z3::sat) {
            CellSet found = enc.stones_in(s.get_model());
            if (evaluate(ch, fields, found).penalty != best.evaluation.penalty)
                throw std::logic_error("an optimal set re-checked to a different penalty");
            ++out.count;
            if (out.examples.size() < 2) out.examples.push_back(found);
            z3::expr_vector differ(ctx);
            for (int i = 0; i < n; ++i) differ.push_back(found.test(i) ? !enc.stones[i] : enc.stones[i]);
            s.add(z3::mk_or(differ));
        }
        if (out.count == cap) out.more = s.check() == z3::sat;
        if (!backbone) out.forced = out.never = CellSet{};
        return out;
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
    return renewed().scoped(ch, model, {}, [&](Encoding& enc) {
        impl_->solver.add(enc.stones_at_most(std::max(0, budget)));
        rule_out_tasks_beyond(impl_->solver, ch, enc, budget);
        std::vector<bool> out;
        for (const auto& tasks : sets) {
            z3::check_result r = impl_->solver.check(met_literals(impl_->ctx, enc, tasks));
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
        ch, model, {.penalty_bound = std::nullopt, .count_total = true}, [&](Encoding& enc) {
            std::vector<std::optional<int>> out;
            for (const auto& tasks : sets) {
                // The count search with these tasks required and the rest ignored gives a stone set
                // (re-checked here); Z3 then only has to prove that one stone fewer cannot do.
                std::vector<int> weight(ch.tasks.size() + 1, 0);
                for (int t : tasks) weight[static_cast<std::size_t>(t)] = ch.max_stones + 1;
                CountSearchResult found = count_search(ch, model, weight);
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
                auto r =
                    solver::minimise(impl_->solver, objective,
                                     start ? std::optional<std::int64_t>(*start - 1) : std::nullopt, assume);
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
    return renewed().scoped(ch, model, {}, [&](Encoding& enc) -> std::optional<std::vector<int>> {
        z3::solver& s = impl_->solver;
        s.add(enc.stones_at_most(std::max(0, budget)));
        rule_out_tasks_beyond(s, ch, enc, budget);
        if (s.check(met_literals(impl_->ctx, enc, tasks)) == z3::sat) return std::nullopt;
        std::vector<int> core;
        z3::expr_vector z3core = s.unsat_core();
        for (int t : tasks)
            for (unsigned k = 0; k < z3core.size(); ++k)
                if (z3::eq(z3core[k], enc.met[t])) core.push_back(t);
        // Deletion: drop each task in turn and keep it out when the rest still conflicts.
        for (std::size_t i = 0; i < core.size();) {
            std::vector<int> without = core;
            without.erase(without.begin() + static_cast<long>(i));
            if (s.check(met_literals(impl_->ctx, enc, without)) == z3::unsat)
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
        ch, model, {.penalty_bound = std::nullopt, .count_total = true}, [&](Encoding& enc) {
            std::vector<std::optional<int>> out;
            z3::expr_vector unmet(impl_->ctx);
            for (unsigned t = 0; t < enc.met.size(); ++t) unmet.push_back(!enc.met[t]);
            for (int u = 0; u <= ch.task_count(); ++u) {
                impl_->solver.push();
                impl_->solver.add(solver::at_most(unmet, u));
                solver::Objective objective;
                objective.at_most = [&](std::int64_t b) { return enc.stones_at_most(b); };
                objective.value_of = [&](const z3::model& m) {
                    Evaluation e = evaluate(ch, fields, enc.stones_in(m));
                    if (e.unmet > u) throw std::logic_error("evaluator: more tasks unmet than allowed");
                    return static_cast<std::int64_t>(e.stones);
                };
                auto r = solver::minimise(impl_->solver, objective);
                impl_->solver.pop();
                out.push_back(r.feasible ? std::optional<int>(static_cast<int>(r.optimum)) : std::nullopt);
            }
            return out;
        });
}

}  // namespace tlaloc::xalapa
