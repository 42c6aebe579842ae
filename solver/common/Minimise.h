// Optimise-then-prove, shared by every game's solver: find a model, tighten the objective bound to
// one less than that model's value, repeat; the final "unsatisfiable" answer is the optimality
// proof. Z3's own optimizer is not trusted to return optima without such a check.
#pragma once
#include <z3++.h>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "solver/common/SearchLimit.h"

namespace tlaloc::solver {

struct MinimiseResult {
    bool feasible = false;           // false: the hard constraints alone are unsatisfiable
    std::int64_t optimum = 0;        // the proved minimum (when feasible)
    std::optional<z3::model> model;  // a model achieving it
    int checks = 0;                  // solver calls made
};

struct Objective {
    // A constraint "objective <= bound"; added as an assumption, so the solver stays reusable.
    std::function<z3::expr(std::int64_t bound)> at_most;
    // The objective's value in a model. Callers pass a plain re-evaluation (not Z3's view) where
    // they can, so every bound the descent uses is one the model evaluator agrees with.
    std::function<std::int64_t(const z3::model&)> value_of;
    // A bound known to be met by some solution, or nullopt. Lower bound of the objective:
    std::int64_t lower_bound = 0;
    // The search limit (--timeout), or none. With one, every check gets Z3's timeout of the time
    // left; when the limit is reached (deadline passed, or Z3 answers unknown because of its
    // timeout) minimise throws SearchLimitReached carrying the best value found so far in this
    // descent (incumbent). Other unknowns stay a std::runtime_error.
    const Deadline* deadline = nullptr;
};

// Requires `solver` to hold the hard constraints; adds nothing permanent to it. Throws
// std::logic_error if a model's value does not meet the bound it was asked for.
// `assumptions` hold during every check (e.g. "these tasks are met").
MinimiseResult minimise(z3::solver& solver, const Objective& objective,
                        std::optional<std::int64_t> start_bound = std::nullopt,
                        const std::vector<z3::expr>& assumptions = {});

}  // namespace tlaloc::solver
