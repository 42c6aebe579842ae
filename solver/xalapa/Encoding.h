// The Z3 encoding of a Xalapa challenge's count model: order-encoded class counts, one "met" literal
// per task (and the formation), pseudo-Boolean task constraints, and the penalty bound. ChallengeSolver
// encodes each challenge inside one push() scope of its long-lived solver.
#pragma once
#include <z3++.h>
#include <cstdint>
#include <optional>
#include <vector>

#include "solver/xalapa/CountModel.h"

namespace tlaloc::xalapa {

// How a scope encodes its challenge.
struct EncodingOptions {
    // A bound every question asked in the scope puts on the penalty, which bounds the stones too:
    // no class then needs more count literals than that, and placements whose penalty lower bound
    // is above it are left out of the formation.
    std::optional<int> penalty_bound;
    // Also a unary counter of the stones; see encode().
    bool count_total = false;
    // Every bound (tasks, stone cap, penalty) as clauses over unary counters instead of Z3's
    // pseudo-Boolean atoms. Z3 4.8.12's pseudo-Boolean theory refutes satisfiable formulas now and
    // then: after clauses were added between checks (blocking clauses while enumerating), or after
    // many push/pop rounds; the same assertions in a fresh solver are satisfiable. So every scope
    // whose "unsatisfiable" is an answer of its own (all optimal sets, uniqueness, ratings) uses
    // clauses only. The optimum's proof keeps the pseudo-Boolean atoms (faster) when the count
    // search finished: that exhaustive search's optimum stands whatever Z3 answers.
    bool clauses_only = false;
};

// The encoding of one challenge's CountModel inside the solver's current push() scope.
struct Encoding {
    const CountModel& model;
    // Order encoding of the class counts: stones[first[c] + k] is "class c holds more than k
    // stones", so the number of true literals is the number of stones.
    z3::expr_vector stones;
    std::vector<unsigned> first;
    std::vector<int> len;  // literals per class: its size, or less (the scope's penalty bound, useful_stones)
    z3::expr_vector met;   // per task, then the formation last when there is one
    int disfavor = 0;      // the penalty of each unmet one
    // With count_total or clauses_only: total[k - 1] is "at least k stones", a unary counter over
    // `stones` up to one more than the scope's stone cap.
    z3::expr_vector total;
    // With clauses_only: unmet[u - 1] is "at least u of `met` false", and no pseudo-Boolean atom
    // is used (see EncodingOptions).
    z3::expr_vector unmet;
    bool clauses_only = false;

    Encoding(z3::context& ctx, const CountModel& m)
        : model(m), stones(ctx), met(ctx), total(ctx), unmet(ctx) {}

    // "At most b stones": on the unary counter when there is one, else one pseudo-Boolean bound.
    // (With clauses_only, encode() asserts the stone cap on the counter, so a b the counter does
    // not reach holds anyway.)
    z3::expr stones_at_most(std::int64_t b) const;
    // "At most u of the tasks (the formation included) unmet".
    z3::expr unmet_at_most(std::int64_t u) const;
    std::vector<int> counts_in(const z3::model& m) const;
    // The stones of a model: its class counts filled in, around a placement they hold if any.
    CellSet stones_in(const z3::model& m) const;
    // "The count of some class differs from n[c]", as a disjunction. Every count must be one the
    // encoding can hold (an optimal set's always is: see useful_stones in Encoding.cpp).
    z3::expr counts_differ(z3::context& ctx, const std::vector<int>& n) const;
};

// Adds the challenge's constraints to `solver` (in its current scope) and returns their literals.
Encoding encode(z3::solver& solver, const Challenge& ch, const CountModel& model,
                const EncodingOptions& options);

// penalty <= bound: stones weigh 1, each unmet task `disfavor`. One pseudo-Boolean constraint, or
// with clauses only, cases over the number of unmet tasks on the unary counters.
z3::expr penalty_at_most(z3::context& ctx, const Encoding& enc, std::int64_t bound);

}  // namespace tlaloc::xalapa
