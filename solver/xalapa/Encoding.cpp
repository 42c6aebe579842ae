#include "solver/xalapa/Encoding.h"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>

#include "solver/common/Cardinality.h"

namespace tlaloc::xalapa {

z3::expr Encoding::stones_at_most(std::int64_t b) const {
    if (b >= 0 && b < static_cast<std::int64_t>(total.size())) return !total[static_cast<unsigned>(b)];
    return solver::at_most(stones, b);
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
// below), as many as the class can usefully hold within `cap` stones; a field per class (per_field)
// keeps its one literal.
void add_count_literals(z3::solver& solver, Encoding& enc, const Challenge& ch, int cap) {
    const CountModel& model = enc.model;
    z3::context& ctx = solver.ctx();
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

// met => "as many on A as on B"; fields in both sets cancel out: A\B against B\A.
void add_same_task(z3::solver& solver, const Encoding& enc, std::size_t t, const z3::expr& met) {
    z3::expr_vector terms = side(enc, t, 1);
    std::vector<int> coeffs(terms.size(), 1);
    for (const z3::expr& lit : side(enc, t, -1)) {
        terms.push_back(lit);
        coeffs.push_back(-1);
    }
    solver.add(z3::implies(met, solver::weighted_exactly(terms, coeffs, 0)));
}

// met => lo <= (stones on the task's feature) <= hi.
void add_count_task(z3::solver& solver, const Encoding& enc, const Challenge& ch, std::size_t t,
                    const z3::expr& met) {
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
        solver.add(z3::implies(met, solver::exactly(side(enc, t, 1, task.lo + 1), task.lo)));
        return;
    }
    if (task.lo == 1)
        solver.add(z3::implies(met, z3::mk_or(side(enc, t, 1, 1))));
    else if (task.lo > 1)
        solver.add(z3::implies(met, solver::at_least(side(enc, t, 1, task.lo), task.lo)));
    if (bounded_above) {
        z3::expr_vector lits = side(enc, t, 1, task.hi + 1);
        if (task.hi == 0)
            for (unsigned i = 0; i < lits.size(); ++i) solver.add(z3::implies(met, !lits[i]));
        else
            solver.add(z3::implies(met, solver::at_most(lits, task.hi)));
    }
}

// One "met" literal per task, implying the task's constraint.
void add_tasks(z3::solver& solver, Encoding& enc, const Challenge& ch) {
    for (std::size_t t = 0; t < ch.tasks.size(); ++t) {
        z3::expr m = solver.ctx().bool_const(("met" + std::to_string(t)).c_str());
        enc.met.push_back(m);
        if (ch.tasks[t].kind == Task::Kind::Same)
            add_same_task(solver, enc, t, m);
        else
            add_count_task(solver, enc, ch, t, m);
    }
}

// Sinz's sequential counter over enc.stones, both directions, up to cap + 1 (see encode()).
void add_total_counter(z3::solver& solver, Encoding& enc, const Challenge& ch, int cap) {
    z3::context& ctx = solver.ctx();
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
    add_count_literals(solver, enc, ch, cap);
    // The stone limit, unless the scope's penalty bound implies it.
    if (!penalty_bound || *penalty_bound > ch.max_stones) solver.add(solver::at_most(enc.stones, cap));
    add_tasks(solver, enc, ch);
    if (options.count_total) add_total_counter(solver, enc, ch, cap);
    if (ch.formation) {
        z3::expr f = solver.ctx().bool_const("formation");
        enc.met.push_back(f);
        solver.add(z3::implies(f, formation_held(solver.ctx(), enc, ch, penalty_bound)));
    }
    return enc;
}

// penalty <= bound, as one pseudo-Boolean constraint: stones weigh 1, each unmet task `disfavor`.
// (Writing it instead as cases over the number u of unmet tasks, "at most u unmet and at most
// bound - disfavor·u stones", proved level-2 deals with 14 % fewer instructions, but Z3 4.8.12 then
// crashed inside check() during the basic census.)
z3::expr penalty_at_most(z3::context& ctx, const Encoding& enc, std::int64_t bound) {
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
