#include "solver/xalapa/ChallengeSolver.h"

#include <z3++.h>
#include <algorithm>
#include <limits>
#include <stdexcept>

#include "solver/common/Minimise.h"
#include "solver/xalapa/CountModel.h"
#include "solver/xalapa/CountSearch.h"

namespace tlaloc::xalapa {

namespace {

// z3::atmost, also over no literals at all (Z3's own needs one to find the context).
z3::expr at_most(const z3::expr_vector& lits, std::int64_t k) {
    if (k < 0) return lits.ctx().bool_val(false);
    if (k >= static_cast<std::int64_t>(lits.size())) return lits.ctx().bool_val(true);
    return z3::atmost(lits, static_cast<unsigned>(k));
}

// The encoding of one challenge's CountModel inside the solver's current push() scope.
struct Encoding {
    const CountModel& model;
    // Order encoding of the class counts: stones[first[c] + k] is "class c holds more than k
    // stones", so the number of true literals is the number of stones. With one class per field
    // (CountModel's per_field), stones[i] is simply "a stone on field i".
    z3::expr_vector stones;
    std::vector<unsigned> first;
    std::vector<int> len;  // literals per class: its size, or less (the scope's penalty bound, useful_stones)
    z3::expr_vector met;   // per task, then the formation last when there is one
    int disfavor = 0;      // the penalty of each unmet one
    // With count_total: total[k - 1] is "at least k stones", a unary counter over `stones`.
    z3::expr_vector total;

    Encoding(z3::context& ctx, const CountModel& m) : model(m), stones(ctx), met(ctx), total(ctx) {}

    // "At most b stones": on the unary counter when there is one, else one pseudo-Boolean bound.
    z3::expr stones_at_most(std::int64_t b) const {
        if (b >= 0 && b < static_cast<std::int64_t>(total.size())) return !total[static_cast<unsigned>(b)];
        return at_most(stones, b);
    }

    std::vector<int> counts_in(const z3::model& m) const {
        std::vector<int> n(model.classes.size(), 0);
        for (std::size_t c = 0; c < model.classes.size(); ++c)
            for (int k = 0; k < len[c]; ++k)
                n[c] += m.eval(stones[first[c] + static_cast<unsigned>(k)], true).is_true();
        return n;
    }

    // The stones of a model: its class counts filled in, around a placement they hold if any.
    CellSet stones_in(const z3::model& m) const {
        const std::vector<int> n = counts_in(m);
        return model.stones_for(n, model.placement_within(n));
    }

    // "The count of some class differs from n[c]", as a disjunction. Every count must be one the
    // encoding can hold (an optimal set's always is: see useful_stones).
    z3::expr counts_differ(z3::context& ctx, const std::vector<int>& n) const {
        z3::expr_vector any(ctx);
        for (std::size_t c = 0; c < model.classes.size(); ++c) {
            if (n[c] > len[c]) throw std::logic_error("counts_differ: a class count beyond its literals");
            if (n[c] < len[c]) any.push_back(stones[first[c] + static_cast<unsigned>(n[c])]);
            if (n[c] > 0) any.push_back(!stones[first[c] + static_cast<unsigned>(n[c]) - 1]);
        }
        return z3::mk_or(any);
    }
};

// A lower bound on the penalty of every stone set that holds a placement with demand `d`: its
// stones; disfavor for each count task the placement alone already takes above its upper bound
// (stones only add to a count, so no superset meets it); and, for the one task that is furthest
// from met, the stones it still lacks (an "at least" short of lo; an "as many" task whose two
// counts differ by k: k more stones on its short side) or disfavor for giving it up, whichever is
// less. (Disfavor is never negative: the parser takes 0..1000.)
// A scope whose penalty bound is below this bound leaves the placement out of the formation: no
// answer to any of its questions holds it.
int penalty_with_placement_at_least(const Challenge& ch, const CountModel& model, const std::vector<int>& d) {
    int stones = 0, unmet = 0, shortfall = 0;
    for (int k : d) stones += k;
    for (std::size_t t = 0; t < ch.tasks.size(); ++t) {
        const Task& task = ch.tasks[t];
        int count = 0;  // for an "as many" task: its first feature's count minus the second's
        for (std::size_t c = 0; c < d.size(); ++c) count += model.coefficient[t][c] * d[c];
        if (task.kind == Task::Kind::Same)
            shortfall = std::max(shortfall, std::min(ch.disfavor, std::abs(count)));
        else if (count > task.hi)
            ++unmet;
        else if (count < task.lo)
            shortfall = std::max(shortfall, std::min(ch.disfavor, task.lo - count));
    }
    return stones + ch.disfavor * unmet + shortfall;
}

// "Some placement of the formation is held", over the count literals: placement j is held when
// every class c holds at least demand[j][c] stones, i.e. the conjunction of the literals
// stones[first[c] + demand[j][c] - 1]. Written as one disjunction of those conjunctions, factored
// like a trie: each placement's literals are sorted, most shared first, and placements with a
// common prefix share its literals, (a & b & c) | (a & b & d) becoming a & b & (c | d). The
// formula is equivalent to the plain disjunction but about 40 % smaller on random challenges,
// and a refutation of a shared prefix refutes every placement under it at once. (One literal per
// placement with an implication per class, as before, cost 20 % more instructions per proof.)
// Placements needing more stones in a class than the scope allows are left out, and so are those
// whose penalty lower bound (above) exceeds the scope's penalty bound: on random challenges that
// drops most of them, and the proof takes 30 % fewer instructions.
z3::expr formation_held(z3::context& ctx, const Encoding& enc, const Challenge& ch,
                        std::optional<int> penalty_bound) {
    const CountModel& model = enc.model;
    std::vector<std::vector<unsigned>> lists;  // per placement kept: indexes into enc.stones
    std::vector<int> uses(enc.stones.size(), 0);
    for (const auto& d : model.demand) {
        std::vector<unsigned> lits;
        bool fits = true;
        for (std::size_t c = 0; c < model.classes.size() && fits; ++c) {
            if (d[c] == 0) continue;
            fits = d[c] <= enc.len[c];
            if (fits) lits.push_back(enc.first[c] + static_cast<unsigned>(d[c]) - 1);
        }
        if (!fits || (penalty_bound && penalty_with_placement_at_least(ch, model, d) > *penalty_bound))
            continue;
        for (unsigned x : lits) ++uses[x];
        lists.push_back(std::move(lits));
    }
    auto before = [&](unsigned a, unsigned b) { return uses[a] != uses[b] ? uses[a] > uses[b] : a < b; };
    for (auto& l : lists) std::sort(l.begin(), l.end(), before);
    std::sort(lists.begin(), lists.end(), [&](const auto& a, const auto& b) {
        return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end(), before);
    });
    // The disjunction over lists[lo, hi), which all share their first `depth` literals.
    auto any_of = [&](auto&& self, std::size_t lo, std::size_t hi, std::size_t depth) -> z3::expr {
        z3::expr_vector options(ctx);
        for (std::size_t i = lo; i < hi;) {
            std::size_t k = i;
            while (k < hi && lists[k][depth] == lists[i][depth]) ++k;
            const z3::expr lit = enc.stones[lists[i][depth]];
            // A list ending here comes first in its group and is implied by the others in it (kept
            // demands never include one another, so in practice such a group has one list).
            options.push_back(lists[i].size() == depth + 1 ? lit : lit && self(self, i, k, depth + 1));
            i = k;
        }
        return options.size() == 1 ? options[0] : z3::mk_or(options);
    };
    return lists.empty() ? ctx.bool_val(false) : any_of(any_of, 0, lists.size(), 0);
}

// How a scope encodes its challenge.
struct EncodingOptions {
    // A bound every question asked in the scope puts on the penalty, which bounds the stones too:
    // no class then needs more count literals than that, and placements whose penalty lower bound
    // is above it are left out of the formation (penalty_with_placement_at_least).
    std::optional<int> penalty_bound;
    // Also a unary counter of the stones; see encode().
    bool count_total = false;
};

// The most stones class c can usefully hold. Take one stone off a class holding more than the
// largest "at least" of the count tasks it counts for and more than any placement of the
// formation needs there: every count task that was met stays met (an "at least lo" still sees
// lo stones in this class alone; an upper bound can only become met), every placement the counts
// held still fits, and the stones drop by one. So no optimal set, and no set answering any
// question the solver asks (fewer stones and the same tasks met is never worse), needs more.
// "As many on A as on B" tasks break this (one stone fewer may unbalance them): their classes
// keep every literal. (This needs disfavor >= 0, which the parser guarantees: with a negative one,
// an upper bound becoming met would raise the penalty.)
int useful_stones(const Challenge& ch, const CountModel& model, std::size_t c) {
    int useful = 0;
    for (std::size_t t = 0; t < ch.tasks.size(); ++t) {
        if (model.coefficient[t][c] == 0) continue;
        if (ch.tasks[t].kind == Task::Kind::Same) return model.size(c);
        useful = std::max(useful, ch.tasks[t].lo);
    }
    for (const auto& d : model.demand) useful = std::max(useful, d[c]);
    return useful;
}

// `count_total`: also a unary counter of the stones (Sinz's sequential counter, both directions),
// with the implied constraints "a count task met => at least its minimum of stones in all". Stone
// budgets are then unit literals, and a task asking for more stones than the budget is refuted by
// propagation: Z3's pseudo-Boolean solver alone needs an exponential search to see that
// atleast(x, 7) and atmost(x, 6) conflict (minutes for 36 literals).
Encoding encode(z3::solver& solver, const Challenge& ch, const CountModel& model,
                const EncodingOptions& options) {
    const std::optional<int>& penalty_bound = options.penalty_bound;
    z3::context& ctx = solver.ctx();
    Encoding enc(ctx, model);
    enc.disfavor = ch.disfavor;
    const int cap = std::max(0, std::min(penalty_bound.value_or(ch.max_stones), ch.max_stones));
    for (std::size_t c = 0; c < model.classes.size(); ++c) {
        enc.first.push_back(enc.stones.size());
        enc.len.push_back(model.per_field ? model.size(c)
                                          : std::min(model.size(c), cap));  // per field: x[i] always there
        if (!model.per_field) enc.len.back() = std::min(enc.len.back(), useful_stones(ch, model, c));
        for (int k = 0; k < enc.len[c]; ++k) {
            std::string name = model.per_field ? "x" + std::to_string(model.classes[c][0])
                                               : "c" + std::to_string(c) + ">" + std::to_string(k);
            enc.stones.push_back(ctx.bool_const(name.c_str()));
            if (k > 0)
                solver.add(z3::implies(enc.stones[enc.stones.size() - 1], enc.stones[enc.stones.size() - 2]));
        }
    }
    // The stone limit, unless the scope's penalty bound implies it.
    if (!penalty_bound || *penalty_bound > ch.max_stones) solver.add(at_most(enc.stones, cap));
    // The literals "class c holds more than k" of the classes with coefficient `sign` in task t's
    // row, for k below `depth` (by default every literal the class has).
    auto side = [&](std::size_t t, int sign, int depth = std::numeric_limits<int>::max()) {
        z3::expr_vector lits(ctx);
        for (std::size_t c = 0; c < model.classes.size(); ++c)
            if (model.coefficient[t][c] == sign)
                for (int k = 0; k < std::min(depth, enc.len[c]); ++k)
                    lits.push_back(enc.stones[enc.first[c] + static_cast<unsigned>(k)]);
        return lits;
    };
    for (std::size_t t = 0; t < ch.tasks.size(); ++t) {
        const Task& task = ch.tasks[t];
        z3::expr m = ctx.bool_const(("met" + std::to_string(t)).c_str());
        enc.met.push_back(m);
        if (task.kind == Task::Kind::Same) {  // fields in both sets cancel out: A\B against B\A
            z3::expr_vector terms = side(t, 1);
            std::vector<int> coeffs(terms.size(), 1);
            for (const z3::expr& lit : side(t, -1)) {
                terms.push_back(lit);
                coeffs.push_back(-1);
            }
            if (!terms.empty()) solver.add(z3::implies(m, z3::pbeq(terms, coeffs.data(), 0)));
            continue;
        }
        // The most stones the encoding lets the task's feature hold (class literals are capped).
        int size = 0;
        for (std::size_t c = 0; c < model.classes.size(); ++c)
            if (model.coefficient[t][c] == 1) size += enc.len[c];
        if (task.lo > size || task.lo > ch.max_stones) {
            solver.add(!m);
            continue;
        }
        // A count task sees each class count only up to the first value that settles it: "at
        // least lo" holds iff the counts capped at lo sum to lo or more, "at most hi" iff the
        // counts capped at hi + 1 sum to hi or less, "exactly lo" iff those capped at lo + 1 sum
        // to lo. So each constraint takes only the literals "class c holds more than k" with k
        // below that cap, and "at least 1" / "at most 0" become plain clauses.
        const bool bounded_above = task.hi < size;
        if (task.lo == task.hi && task.lo > 0 && bounded_above) {  // exactly: one constraint
            z3::expr_vector lits = side(t, 1, task.lo + 1);
            std::vector<int> ones(lits.size(), 1);
            solver.add(z3::implies(m, z3::pbeq(lits, ones.data(), task.lo)));
            continue;
        }
        if (task.lo == 1)
            solver.add(z3::implies(m, z3::mk_or(side(t, 1, 1))));
        else if (task.lo > 1)
            solver.add(z3::implies(m, z3::atleast(side(t, 1, task.lo), static_cast<unsigned>(task.lo))));
        if (bounded_above) {
            z3::expr_vector lits = side(t, 1, task.hi + 1);
            if (task.hi == 0)
                for (unsigned i = 0; i < lits.size(); ++i) solver.add(z3::implies(m, !lits[i]));
            else
                solver.add(z3::implies(m, z3::atmost(lits, static_cast<unsigned>(task.hi))));
        }
    }
    if (options.count_total) {
        // s[j - 1] after literal i: "at least j of stones[0..i] hold", for j up to cap + 1.
        const unsigned width = std::min<unsigned>(enc.stones.size(), static_cast<unsigned>(cap) + 1);
        std::vector<z3::expr> prev;
        for (unsigned i = 0; i < enc.stones.size(); ++i) {
            std::vector<z3::expr> next;
            const z3::expr x = enc.stones[i];
            for (unsigned j = 1; j <= std::min(i + 1, width); ++j) {
                z3::expr s = ctx.bool_const(("total" + std::to_string(i) + ">=" + std::to_string(j)).c_str());
                const bool had_j = j <= prev.size(), had_less = j >= 2;
                // s <-> prev[j] or (x and prev[j - 1]); prev[0] is true, prev beyond its size false.
                if (had_j) solver.add(z3::implies(prev[j - 1], s));
                solver.add(z3::implies(had_less ? x && prev[j - 2] : x, s));
                solver.add(z3::implies(s, had_j ? prev[j - 1] || x : x));
                if (had_less) solver.add(z3::implies(s, prev[j - 2]));
                next.push_back(s);
            }
            prev = std::move(next);
        }
        for (const auto& s : prev) enc.total.push_back(s);
        for (std::size_t t = 0; t < ch.tasks.size(); ++t) {
            const Task& task = ch.tasks[t];
            if (task.kind != Task::Kind::Same && task.lo > 0 && task.lo <= static_cast<int>(enc.total.size()))
                solver.add(z3::implies(enc.met[static_cast<unsigned>(t)],
                                       enc.total[static_cast<unsigned>(task.lo) - 1]));
        }
    }
    if (ch.formation) {
        z3::expr f = ctx.bool_const("formation");
        enc.met.push_back(f);
        solver.add(z3::implies(f, formation_held(ctx, enc, ch, penalty_bound)));
    }
    return enc;
}

// penalty <= bound, as one pseudo-Boolean constraint: stones weigh 1, each unmet task `disfavor`.
// (Writing it instead as cases over the number u of unmet tasks, "at most u unmet and at most
// bound - disfavor·u stones", proved level-2 deals with 14 % fewer instructions, but Z3 4.8.12 then
// crashed inside check() during the basic census.)
z3::expr penalty_at_most(z3::context& ctx, const Encoding& enc, std::int64_t bound) {
    if (bound < 0) return ctx.bool_val(false);
    z3::expr_vector terms(ctx);
    std::vector<int> coeffs;
    for (unsigned i = 0; i < enc.stones.size(); ++i) {
        terms.push_back(enc.stones[i]);
        coeffs.push_back(1);
    }
    for (unsigned t = 0; t < enc.met.size(); ++t) {  // disfavor·¬m = disfavor - disfavor·m
        terms.push_back(enc.met[t]);
        coeffs.push_back(-enc.disfavor);
    }
    if (terms.empty()) return ctx.bool_val(true);
    return z3::pble(terms, coeffs.data(),
                    static_cast<int>(bound - static_cast<std::int64_t>(enc.disfavor) * enc.met.size()));
}

}  // namespace

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
                impl_->solver.add(at_most(unmet, u));
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
