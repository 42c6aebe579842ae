#include "solver/xalapa/Encoding.h"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>

#include "solver/common/Cardinality.h"

namespace tlaloc::xalapa {

z3::expr Encoding::stones_at_most(std::int64_t b) const {
    if (b >= 0 && b < static_cast<std::int64_t>(total.size())) return !total[static_cast<unsigned>(b)];
    if (clauses_only) return stones.ctx().bool_val(b >= 0);
    return solver::at_most(stones, b);
}

z3::expr Encoding::unmet_at_most(std::int64_t u) const {
    if (u >= 0 && u < static_cast<std::int64_t>(unmet.size())) return !unmet[static_cast<unsigned>(u)];
    if (clauses_only) return met.ctx().bool_val(u >= 0);
    z3::expr_vector not_met(met.ctx());
    for (const z3::expr& m : met) not_met.push_back(!m);
    return solver::at_most(not_met, u);
}

std::vector<int> Encoding::counts_in(const z3::model& m) const {
    std::vector<int> n(model.classes.size(), 0);
    for (std::size_t c = 0; c < model.classes.size(); ++c)
        for (int k = 0; k < len[c]; ++k)
            n[c] += m.eval(stones[first[c] + static_cast<unsigned>(k)], true).is_true();
    return n;
}

CellSet Encoding::stones_in(const z3::model& m) const {
    const std::vector<int> n = counts_in(m);
    return model.stones_for(n, model.placement_within(n));
}

z3::expr Encoding::counts_differ(z3::context& ctx, const std::vector<int>& n) const {
    z3::expr_vector any(ctx);
    for (std::size_t c = 0; c < model.classes.size(); ++c) {
        if (n[c] > len[c]) throw std::logic_error("counts_differ: a class count beyond its literals");
        if (n[c] < len[c]) any.push_back(stones[first[c] + static_cast<unsigned>(n[c])]);
        if (n[c] > 0) any.push_back(!stones[first[c] + static_cast<unsigned>(n[c]) - 1]);
    }
    return z3::mk_or(any);
}

namespace {

// Which way a unary counter's literals are defined: `up`, "at least j hold => s_j" (enough where
// s_j is only ever asserted false, as in upper bounds), `down`, "s_j => at least j hold" (where it
// is only asserted true), or both. One way takes half the clauses, and Z3's internalizing of
// clauses is most of the cost of these scopes.
struct Ways {
    bool up = true, down = true;
};

// "At least j of `lits`" for j = 1..width, as fresh literals named `name`i>=j and defined by clauses
// (Sinz's sequential counter over lits[0..i]). Fewer than `width` when lits are fewer.
z3::expr_vector unary_counter(z3::solver& solver, const z3::expr_vector& lits, unsigned width,
                              const std::string& name, Ways ways = {}) {
    z3::context& ctx = solver.ctx();
    std::vector<z3::expr> prev;
    for (unsigned i = 0; i < lits.size(); ++i) {
        std::vector<z3::expr> next;
        const z3::expr x = lits[i];
        for (unsigned j = 1; j <= std::min(i + 1, width); ++j) {
            z3::expr s = ctx.bool_const((name + std::to_string(i) + ">=" + std::to_string(j)).c_str());
            const bool had_j = j <= prev.size(), had_less = j >= 2;
            // s <-> prev[j] or (x and prev[j - 1]); prev[0] is true, prev beyond its size false.
            if (ways.up && had_j) solver.add(!prev[j - 1] || s);
            if (ways.up) solver.add(had_less ? !x || !prev[j - 2] || s : !x || s);
            if (ways.down) solver.add(had_j ? !s || prev[j - 1] || x : !s || x);
            if (ways.down && had_less) solver.add(!s || prev[j - 2]);
            next.push_back(s);
        }
        prev = std::move(next);
    }
    z3::expr_vector out(ctx);
    for (const auto& s : prev) out.push_back(s);
    return out;
}

// The bounds a task puts on its literals: the shared pseudo-Boolean helpers, or with `clauses_only`
// the literals of a unary counter over them (named after `name`; the counter stops where the bound
// is settled). Every k here is at least 1 and, for an upper bound, below lits.size().
struct Bounds {
    z3::solver& solver;
    bool clauses_only;

    z3::expr at_least(const z3::expr_vector& lits, int k, const std::string& name) const {
        if (!clauses_only) return solver::at_least(lits, k);
        const Ways down{.up = false, .down = true};
        return unary_counter(solver, lits, static_cast<unsigned>(k), name,
                             down)[static_cast<unsigned>(k) - 1];
    }
    z3::expr at_most(const z3::expr_vector& lits, int k, const std::string& name) const {
        if (!clauses_only) return solver::at_most(lits, k);
        const Ways up{.up = true, .down = false};
        return !unary_counter(solver, lits, static_cast<unsigned>(k) + 1, name, up)[static_cast<unsigned>(k)];
    }
    z3::expr exactly(const z3::expr_vector& lits, int k, const std::string& name) const {
        if (!clauses_only) return solver::exactly(lits, k);
        z3::expr_vector n = unary_counter(solver, lits, static_cast<unsigned>(k) + 1, name);
        return n[static_cast<unsigned>(k) - 1] && !n[static_cast<unsigned>(k)];
    }
    // As many of `a` as of `b` hold, where at most `most` literals can hold in all (the stone cap).
    z3::expr as_many(const z3::expr_vector& a, const z3::expr_vector& b, int most,
                     const std::string& name) const {
        if (!clauses_only) {
            z3::expr_vector terms = a;
            std::vector<int> coeffs(a.size(), 1);
            for (const z3::expr& lit : b) {
                terms.push_back(lit);
                coeffs.push_back(-1);
            }
            return solver::weighted_exactly(terms, coeffs, 0);
        }
        const auto width = static_cast<unsigned>(std::max(0, most));
        z3::expr_vector na = unary_counter(solver, a, width, name + "a");
        z3::expr_vector nb = unary_counter(solver, b, width, name + "b");
        z3::expr_vector same(solver.ctx());
        for (unsigned j = 0; j < std::max(na.size(), nb.size()); ++j) {
            z3::expr x = j < na.size() ? na[j] : solver.ctx().bool_val(false);
            z3::expr y = j < nb.size() ? nb[j] : solver.ctx().bool_val(false);
            same.push_back(x == y);
        }
        return z3::mk_and(same);
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

// Order-encoded count literals per class ("class c holds more than k", each implying the one
// below), as many as the class can usefully hold within `cap` stones.
void add_count_literals(z3::solver& solver, Encoding& enc, const Challenge& ch, int cap) {
    const CountModel& model = enc.model;
    z3::context& ctx = solver.ctx();
    for (std::size_t c = 0; c < model.classes.size(); ++c) {
        enc.first.push_back(enc.stones.size());
        enc.len.push_back(std::min({model.size(c), cap, useful_stones(ch, model, c)}));
        for (int k = 0; k < enc.len[c]; ++k) {
            std::string name = "c" + std::to_string(c) + ">" + std::to_string(k);
            enc.stones.push_back(ctx.bool_const(name.c_str()));
            if (k > 0)
                solver.add(z3::implies(enc.stones[enc.stones.size() - 1], enc.stones[enc.stones.size() - 2]));
        }
    }
}

// The literals "class c holds more than k" of the classes with coefficient `sign` in task t's
// row, for k below `depth` (by default every literal the class has).
z3::expr_vector side(const Encoding& enc, std::size_t t, int sign,
                     int depth = std::numeric_limits<int>::max()) {
    const CountModel& model = enc.model;
    z3::expr_vector lits(enc.stones.ctx());
    for (std::size_t c = 0; c < model.classes.size(); ++c)
        if (model.coefficient[t][c] == sign)
            for (int k = 0; k < std::min(depth, enc.len[c]); ++k)
                lits.push_back(enc.stones[enc.first[c] + static_cast<unsigned>(k)]);
    return lits;
}

// met => "as many on A as on B"; fields in both sets cancel out: A\B against B\A. `cap` bounds
// the stones.
void add_same_task(z3::solver& solver, const Bounds& bounds, const Encoding& enc, std::size_t t,
                   const z3::expr& met, int cap) {
    z3::expr_vector a = side(enc, t, 1), b = side(enc, t, -1);
    if (a.empty() && b.empty()) return;
    solver.add(z3::implies(met, bounds.as_many(a, b, cap, "t" + std::to_string(t) + ":")));
}

// met => lo <= (stones on the task's feature) <= hi.
void add_count_task(z3::solver& solver, const Bounds& bounds, const Encoding& enc, const Challenge& ch,
                    std::size_t t, const z3::expr& met) {
    const std::string name = "t" + std::to_string(t) + ":";  // its counters, with clauses only
    const Task& task = ch.tasks[t];
    // The most stones the encoding lets the task's feature hold (class literals are capped).
    int size = 0;
    for (std::size_t c = 0; c < enc.model.classes.size(); ++c)
        if (enc.model.coefficient[t][c] == 1) size += enc.len[c];
    if (task.lo > size || task.lo > ch.max_stones) {
        solver.add(!met);
        return;
    }
    // A count task sees each class count only up to the first value that settles it: "at
    // least lo" holds iff the counts capped at lo sum to lo or more, "at most hi" iff the
    // counts capped at hi + 1 sum to hi or less, "exactly lo" iff those capped at lo + 1 sum
    // to lo. So each constraint takes only the literals "class c holds more than k" with k
    // below that cap, and "at least 1" / "at most 0" become plain clauses.
    const bool bounded_above = task.hi < size;
    if (task.lo == task.hi && task.lo > 0 && bounded_above) {  // exactly: one constraint
        solver.add(z3::implies(met, bounds.exactly(side(enc, t, 1, task.lo + 1), task.lo, name)));
        return;
    }
    if (task.lo == 1)
        solver.add(z3::implies(met, z3::mk_or(side(enc, t, 1, 1))));
    else if (task.lo > 1)
        solver.add(z3::implies(met, bounds.at_least(side(enc, t, 1, task.lo), task.lo, name + "lo")));
    if (bounded_above) {
        z3::expr_vector lits = side(enc, t, 1, task.hi + 1);
        if (task.hi == 0)
            for (unsigned i = 0; i < lits.size(); ++i) solver.add(z3::implies(met, !lits[i]));
        else
            solver.add(z3::implies(met, bounds.at_most(lits, task.hi, name + "hi")));
    }
}

// One "met" literal per task, implying the task's constraint.
void add_tasks(z3::solver& solver, Encoding& enc, const Challenge& ch, int cap) {
    const Bounds bounds{solver, enc.clauses_only};
    for (std::size_t t = 0; t < ch.tasks.size(); ++t) {
        z3::expr m = solver.ctx().bool_const(("met" + std::to_string(t)).c_str());
        enc.met.push_back(m);
        if (ch.tasks[t].kind == Task::Kind::Same)
            add_same_task(solver, bounds, enc, t, m, cap);
        else
            add_count_task(solver, bounds, enc, ch, t, m);
    }
}

// "A count task met => at least its minimum of stones in all", on the unary counter enc.total.
void add_task_totals(z3::solver& solver, Encoding& enc, const Challenge& ch) {
    for (std::size_t t = 0; t < ch.tasks.size(); ++t) {
        const Task& task = ch.tasks[t];
        if (task.kind != Task::Kind::Same && task.lo > 0 && task.lo <= static_cast<int>(enc.total.size()))
            solver.add(z3::implies(enc.met[static_cast<unsigned>(t)],
                                   enc.total[static_cast<unsigned>(task.lo) - 1]));
    }
}

}  // namespace

// `count_total`: also a unary counter of the stones (Sinz's sequential counter, both directions),
// with the implied constraints "a count task met => at least its minimum of stones in all". Stone
// budgets are then unit literals, and a task asking for more stones than the budget is refuted by
// propagation: Z3's pseudo-Boolean solver alone needs an exponential search to see that
// atleast(x, 7) and atmost(x, 6) conflict (minutes for 36 literals).
Encoding encode(z3::solver& solver, const Challenge& ch, const CountModel& model,
                const EncodingOptions& options) {
    const std::optional<int>& penalty_bound = options.penalty_bound;
    Encoding enc(solver.ctx(), model);
    enc.disfavor = ch.disfavor;
    const int cap = std::max(0, std::min(penalty_bound.value_or(ch.max_stones), ch.max_stones));
    enc.clauses_only = options.clauses_only;
    add_count_literals(solver, enc, ch, cap);
    // s[j - 1] after literal i: "at least j of stones[0..i]", up to cap + 1 (only upwards when
    // it serves the stone cap alone).
    if (options.count_total || options.clauses_only)
        enc.total = unary_counter(solver, enc.stones, static_cast<unsigned>(cap) + 1, "total",
                                  {.up = true, .down = options.count_total});
    // The stone limit, unless the scope's penalty bound implies it (clauses only: always, since
    // stones_at_most counts on it).
    if (options.clauses_only)
        solver.add(enc.stones_at_most(cap));
    else if (!penalty_bound || *penalty_bound > ch.max_stones)
        solver.add(solver::at_most(enc.stones, cap));
    add_tasks(solver, enc, ch, cap);
    if (options.count_total) add_task_totals(solver, enc, ch);
    if (ch.formation) {
        z3::expr f = solver.ctx().bool_const("formation");
        enc.met.push_back(f);
        solver.add(z3::implies(f, formation_held(solver.ctx(), enc, ch, penalty_bound)));
    }
    if (options.clauses_only) {
        z3::expr_vector unmet(solver.ctx());
        for (const z3::expr& m : enc.met) unmet.push_back(!m);
        enc.unmet = unary_counter(solver, unmet, unmet.size(), "unmet", {.up = true, .down = false});
    }
    return enc;
}

// penalty <= bound, as one pseudo-Boolean constraint: stones weigh 1, each unmet task `disfavor`.
// (Writing it instead as cases over the number u of unmet tasks, "at most u unmet and at most
// bound - disfavor·u stones", proved level-2 deals with 14 % fewer instructions, but Z3 4.8.12 then
// crashed inside check() during the basic census.) With clauses only it is those cases, on the
// unary counters.
z3::expr penalty_at_most(z3::context& ctx, const Encoding& enc, std::int64_t bound) {
    if (enc.clauses_only) {  // with u tasks unmet, at most bound - disfavor·u stones
        if (bound < 0) return ctx.bool_val(false);
        z3::expr_vector cases(ctx);
        for (std::int64_t u = 0; u <= static_cast<std::int64_t>(enc.met.size()); ++u)
            cases.push_back(
                z3::implies(!enc.unmet_at_most(u - 1), enc.stones_at_most(bound - enc.disfavor * u)));
        return z3::mk_and(cases);
    }
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
    return solver::weighted_at_most(terms, coeffs,
                                    bound - static_cast<std::int64_t>(enc.disfavor) * enc.met.size());
}

}  // namespace tlaloc::xalapa
