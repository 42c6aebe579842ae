// Optimise-then-prove, shared by every game's solver: find a model, tighten the objective bound to
// one less than that model's value, repeat; the final "unsatisfiable" answer is the optimality
// proof. Z3's own optimizer is not trusted to return optima without such a check. Several
// objectives in order (lexicographic) are minimised one after the other, each fixed once proved.
#pragma once
#include <z3++.h>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
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

// One objective of a lexicographic optimisation. To maximise a quantity, minimise its distance to a
// ceiling (ceiling - points), as `at_most` and `value_of` then see it.
struct Stage {
    Objective objective;  // its `deadline` is ignored: the sequence's one bounds every stage
    // First ask for a model at the objective's lower bound, alone: when the bound is met, the stage
    // ends after one check (the bound is the proof); when not, the descent runs from no bound, and
    // the objective is known to be above the lower bound.
    bool try_lower_bound_first = false;
};

// What a lexicographic optimisation knew when the search limit stopped it, in stage proved.size().
struct LexicographicProgress {
    std::vector<std::int64_t> proved;       // the optima of the stages before, in order
    std::optional<std::int64_t> incumbent;  // the stopped stage's best value so far, if any
    std::int64_t lower_bound = 0;           // a proved lower bound of the stopped stage's objective
};

struct LexicographicOptions {
    const Deadline* deadline = nullptr;  // one limit for the whole sequence, or none
    // The text of SearchLimitReached::best_so_far() when the limit is reached; none: left empty.
    std::function<std::string(const LexicographicProgress&)> best_so_far;
};

struct LexicographicResult {
    bool feasible = false;             // false: the hard constraints alone are unsatisfiable
    std::vector<std::int64_t> optima;  // per stage, each proved given the ones before it
    std::optional<z3::model> model;    // a model achieving all of them (from the last stage)
    int checks = 0;                    // solver calls made, over all stages
};

// Minimises the stages' objectives in order: each is minimised and proved (minimise), then fixed by
// adding "objective <= optimum" to `solver` for good before the next stage (not after the last).
// When the limit is reached, throws SearchLimitReached carrying the stopped stage's incumbent and
// options.best_so_far's text. Throws std::logic_error if a stage after the first finds no model (the
// earlier optima were achieved together, so that is a bug) and std::invalid_argument on no stages.
LexicographicResult minimise_lexicographic(z3::solver& solver, const std::vector<Stage>& stages,
                                           const LexicographicOptions& options = {});

}  // namespace tlaloc::solver
