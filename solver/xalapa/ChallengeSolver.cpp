#include "solver/xalapa/ChallengeSolver.h"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <z3++.h>

#include "solver/common/Minimise.h"
#include "solver/xalapa/Incumbent.h"
#include <map>

namespace tlaloc::xalapa {

namespace {

// The encoding of one challenge inside the solver's current push() scope.
struct Encoding {
    z3::expr_vector stones;  // x[i]: a stone on field i
    z3::expr_vector met;     // per task, then the formation last when there is one
    std::vector<int> met_weight;

    explicit Encoding(z3::context& ctx) : stones(ctx), met(ctx) {}

    CellSet stones_in(const z3::model& m) const {
        CellSet s;
        for (unsigned i = 0; i < stones.size(); ++i)
            if (m.eval(stones[i], true).is_true()) s.set(i);
        return s;
    }
};

z3::expr_vector select(z3::context& ctx, const z3::expr_vector& xs, const CellSet& cells) {
    z3::expr_vector out(ctx);
    for (unsigned i = 0; i < xs.size(); ++i)
        if (cells.test(i)) out.push_back(xs[i]);
    return out;
}

// Fields that lie in exactly the same task feature sets are interchangeable for every task
// (interchangeable_classes); only the formation tells them apart. So among stone sets that leave the formation unmet, it is enough
// to consider those that fill each such class in index order. Adding "x[b] -> x[a]" for
// consecutive fields a < b of a class, guarded by "formation unmet", keeps the minimum penalty
// (any stone set can be rearranged within its classes at no cost) while cutting the symmetric
// search the optimality proof would otherwise repeat. Never used when enumerating optima.
std::vector<std::vector<int>> interchangeable_classes(const Challenge& ch, const ChallengeFields& fields) {
    std::map<std::vector<bool>, int> class_of;
    std::vector<std::vector<int>> classes;
    for (int i = 0; i < ch.board.size(); ++i) {
        std::vector<bool> signature;
        for (std::size_t t = 0; t < ch.tasks.size(); ++t) {
            signature.push_back(fields.feature[t].test(i));
            signature.push_back(fields.other[t].test(i));
        }
        auto [it, fresh] = class_of.try_emplace(signature, static_cast<int>(classes.size()));
        if (fresh) classes.emplace_back();
        classes[it->second].push_back(i);
    }
    return classes;
}

void break_symmetry(z3::solver& solver, const Challenge& ch, const std::vector<std::vector<int>>& classes,
                    const Encoding& enc) {
    for (const auto& cls : classes)
        for (std::size_t k = 1; k < cls.size(); ++k) {
            z3::expr order = z3::implies(enc.stones[cls[k]], enc.stones[cls[k - 1]]);
            solver.add(ch.formation ? z3::implies(!enc.met[enc.met.size() - 1], order) : order);
        }
}

Encoding encode(z3::solver& solver, const Challenge& ch, const ChallengeFields& fields) {
    z3::context& ctx = solver.ctx();
    Encoding enc(ctx);
    const int n = ch.board.size();
    for (int i = 0; i < n; ++i) enc.stones.push_back(ctx.bool_const(("x" + std::to_string(i)).c_str()));
    solver.add(z3::atmost(enc.stones, static_cast<unsigned>(ch.max_stones)));

    for (std::size_t t = 0; t < ch.tasks.size(); ++t) {
        const Task& task = ch.tasks[t];
        z3::expr m = ctx.bool_const(("met" + std::to_string(t)).c_str());
        enc.met.push_back(m);
        enc.met_weight.push_back(ch.disfavor);
        if (task.kind == Task::Kind::Same) {
            // Fields in both sets cancel out: count A\B against B\A.
            CellSet only_a = fields.feature[t] & ~fields.other[t], only_b = fields.other[t] & ~fields.feature[t];
            z3::expr_vector terms(ctx);
            std::vector<int> coeffs;
            for (int i = 0; i < n; ++i) {
                if (only_a.test(i)) { terms.push_back(enc.stones[i]); coeffs.push_back(1); }
                if (only_b.test(i)) { terms.push_back(enc.stones[i]); coeffs.push_back(-1); }
            }
            if (!terms.empty()) solver.add(z3::implies(m, z3::pbeq(terms, coeffs.data(), 0)));
        } else {
            z3::expr_vector on = select(ctx, enc.stones, fields.feature[t]);
            int size = static_cast<int>(on.size());
            if (task.lo > size || task.lo > ch.max_stones) {
                solver.add(!m);
                continue;
            }
            if (task.lo > 0) solver.add(z3::implies(m, z3::atleast(on, static_cast<unsigned>(task.lo))));
            if (task.hi < size) solver.add(z3::implies(m, z3::atmost(on, static_cast<unsigned>(task.hi))));
        }
    }
    if (ch.formation) {
        z3::expr f = ctx.bool_const("formation");
        enc.met.push_back(f);
        enc.met_weight.push_back(ch.disfavor);
        z3::expr_vector options(ctx);
        for (std::size_t p = 0; p < fields.placements.size(); ++p) {
            z3::expr at = ctx.bool_const(("placed" + std::to_string(p)).c_str());
            options.push_back(at);
            for (int i = 0; i < n; ++i)
                if (fields.placements[p].test(i)) solver.add(z3::implies(at, enc.stones[i]));
        }
        solver.add(z3::implies(f, z3::mk_or(options)));
    }
    return enc;
}

// penalty <= bound, as one pseudo-Boolean constraint: stones weigh 1, each unmet task `disfavor`.
z3::expr penalty_at_most(z3::context& ctx, const Encoding& enc, std::int64_t bound) {
    z3::expr_vector terms(ctx);
    std::vector<int> coeffs;
    int constant = 0;  // disfavor × tasks, moved to the right-hand side: w·¬m = w - w·m
    for (unsigned i = 0; i < enc.stones.size(); ++i) {
        terms.push_back(enc.stones[i]);
        coeffs.push_back(1);
    }
    for (unsigned t = 0; t < enc.met.size(); ++t) {
        if (enc.met_weight[t] == 0) continue;
        terms.push_back(enc.met[t]);
        coeffs.push_back(-enc.met_weight[t]);
        constant += enc.met_weight[t];
    }
    return z3::pble(terms, coeffs.data(), static_cast<int>(bound - constant));
}

}  // namespace

struct ChallengeSolver::Impl {
    z3::context ctx;
    z3::solver solver;
    explicit Impl(SolverBackend backend) : solver(make(ctx, backend)) {}
    static z3::solver make(z3::context& ctx, SolverBackend backend) {
        switch (backend) {
            case SolverBackend::SatCore: return z3::solver(ctx, "QF_FD");
            case SolverBackend::Smt: return z3::solver(ctx);
            case SolverBackend::Simple: break;
        }
        return z3::solver(ctx, z3::solver::simple());
    }

    // Runs `body` with the challenge encoded in a fresh scope, popped afterwards whatever happens.
    template <class F>
    auto scoped(const Challenge& ch, const ChallengeFields& fields, F&& body) {
        solver.push();
        struct Pop {
            z3::solver& s;
            ~Pop() { s.pop(); }
        } pop{solver};
        Encoding enc = encode(solver, ch, fields);
        return body(enc);
    }
};

ChallengeSolver::ChallengeSolver(SolverBackend backend) : impl_(std::make_unique<Impl>(backend)) {}
ChallengeSolver::~ChallengeSolver() = default;

Solution ChallengeSolver::solve(const Challenge& ch, const std::optional<CellSet>& incumbent, bool decide_uniqueness) {
    ChallengeFields fields(ch);
    return impl_->scoped(ch, fields, [&](Encoding& enc) {
        const auto classes = interchangeable_classes(ch, fields);
        break_symmetry(impl_->solver, ch, classes, enc);
        solver::Objective objective;
        objective.at_most = [&](std::int64_t b) { return penalty_at_most(impl_->ctx, enc, b); };
        objective.value_of = [&](const z3::model& m) {
            Evaluation e = evaluate(ch, fields, enc.stones_in(m));
            if (!e.within_limit) throw std::logic_error("solver placed more stones than max_stones");
            return static_cast<std::int64_t>(e.penalty);
        };
        // No stones at all always works: every task that 0 stones meets is met, the rest paid for.
        // A given incumbent is used only when it is legal and beats placing no stones at all.
        auto legal_penalty = [&](const CellSet& stones) {
            Evaluation e = evaluate(ch, fields, stones);
            return e.within_limit ? e.penalty : std::numeric_limits<int>::max();
        };
        CellSet start = !incumbent ? heuristic_incumbent(ch, fields)
                        : legal_penalty(*incumbent) < legal_penalty(CellSet{}) ? *incumbent
                                                                              : CellSet{};
        std::int64_t start_penalty = legal_penalty(start);
        auto result = solver::minimise(impl_->solver, objective, start_penalty - 1);
        Solution s;
        s.solver_checks = result.checks;
        s.optimal = true;
        s.stones = result.feasible ? enc.stones_in(*result.model) : start;
        s.evaluation = evaluate(ch, fields, s.stones);
        if (s.evaluation.penalty != (result.feasible ? result.optimum : start_penalty))
            throw std::logic_error("evaluator disagrees with the solver's penalty");
        if (decide_uniqueness) {
            // Another optimal set either survives the symmetry clauses (found by one more check
            // with this set blocked), or is a permutation of this set within its classes, which
            // is optimal too exactly when this set does not need the formation.
            z3::expr_vector differ(impl_->ctx);
            for (int i = 0; i < ch.board.size(); ++i) differ.push_back(s.stones.test(i) ? !enc.stones[i] : enc.stones[i]);
            impl_->solver.add(penalty_at_most(impl_->ctx, enc, s.evaluation.penalty));
            impl_->solver.add(z3::mk_or(differ));
            ++s.solver_checks;
            bool other = impl_->solver.check() == z3::sat;
            if (other && evaluate(ch, fields, enc.stones_in(impl_->solver.get_model())).penalty != s.evaluation.penalty)
                throw std::logic_error("a second optimal set re-checked to a different penalty");
            bool permutable = false;
            if (!s.evaluation.formation_met)
                for (const auto& cls : classes) {
                    std::size_t filled = 0;
                    for (int i : cls) filled += s.stones.test(i);
                    permutable = permutable || (filled > 0 && filled < cls.size());
                }
            s.unique = !other && !permutable;
        }
        return s;
    });
}

OptimalSets ChallengeSolver::optimal_sets(const Challenge& ch, const Solution& best, std::int64_t cap, bool backbone) {
    ChallengeFields fields(ch);
    return impl_->scoped(ch, fields, [&](Encoding& enc) {
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
// Throws unless the evaluator agrees that `stones` meets every task of `tasks` within `budget`.
void check_meets(const Challenge& ch, const ChallengeFields& fields, const CellSet& stones, const std::vector<int>& tasks,
                 int budget) {
    Evaluation e = evaluate(ch, fields, stones);
    for (int t : tasks) {
        bool met = t == static_cast<int>(ch.tasks.size()) ? e.formation_met : e.tasks[t].met;
        if (!met || e.stones > budget) throw std::logic_error("evaluator rejects a solver witness");
    }
}
}  // namespace

std::vector<bool> ChallengeSolver::can_meet_each(const Challenge& ch, const std::vector<std::vector<int>>& sets, int budget) {
    ChallengeFields fields(ch);
    return impl_->scoped(ch, fields, [&](Encoding& enc) {
        impl_->solver.add(z3::atmost(enc.stones, static_cast<unsigned>(std::max(0, budget))));
        std::vector<bool> out;
        for (const auto& tasks : sets) {
            z3::check_result r = impl_->solver.check(met_literals(impl_->ctx, enc, tasks));
            if (r == z3::sat) check_meets(ch, fields, enc.stones_in(impl_->solver.get_model()), tasks, budget);
            out.push_back(r == z3::sat);
        }
        return out;
    });
}

std::vector<std::optional<int>> ChallengeSolver::fewest_stones_each(const Challenge& ch, const std::vector<std::vector<int>>& sets) {
    ChallengeFields fields(ch);
    return impl_->scoped(ch, fields, [&](Encoding& enc) {
        std::vector<std::optional<int>> out;
        for (const auto& tasks : sets) {
            std::vector<z3::expr> assume;
            for (int t : tasks) assume.push_back(enc.met[t]);
            solver::Objective objective;
            objective.at_most = [&](std::int64_t b) { return z3::atmost(enc.stones, static_cast<unsigned>(b)); };
            objective.value_of = [&](const z3::model& m) {
                CellSet stones = enc.stones_in(m);
                check_meets(ch, fields, stones, tasks, ch.max_stones);
                return static_cast<std::int64_t>(stones.count());
            };
            auto r = solver::minimise(impl_->solver, objective, std::nullopt, assume);
            out.push_back(r.feasible ? std::optional<int>(static_cast<int>(r.optimum)) : std::nullopt);
        }
        return out;
    });
}

std::optional<std::vector<int>> ChallengeSolver::minimal_conflict(const Challenge& ch, const std::vector<int>& tasks,
                                                                  int budget) {
    ChallengeFields fields(ch);
    return impl_->scoped(ch, fields, [&](Encoding& enc) -> std::optional<std::vector<int>> {
        z3::solver& s = impl_->solver;
        s.add(z3::atmost(enc.stones, static_cast<unsigned>(std::max(0, budget))));
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
            if (s.check(met_literals(impl_->ctx, enc, without)) == z3::unsat) core = without;
            else ++i;
        }
        return core;
    });
}

std::vector<std::optional<int>> ChallengeSolver::fewest_stones_by_given_up(const Challenge& ch) {
    ChallengeFields fields(ch);
    return impl_->scoped(ch, fields, [&](Encoding& enc) {
        std::vector<std::optional<int>> out;
        z3::expr_vector unmet(impl_->ctx);
        for (unsigned t = 0; t < enc.met.size(); ++t) unmet.push_back(!enc.met[t]);
        for (int u = 0; u <= ch.task_count(); ++u) {
            impl_->solver.push();
            if (!unmet.empty()) impl_->solver.add(z3::atmost(unmet, static_cast<unsigned>(u)));
            solver::Objective objective;
            objective.at_most = [&](std::int64_t b) { return z3::atmost(enc.stones, static_cast<unsigned>(b)); };
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
