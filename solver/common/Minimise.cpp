#include "solver/common/Minimise.h"

#include <stdexcept>
#include <string>

namespace tlaloc::solver {

namespace {
// Z3's answer when its `timeout` parameter stops a check.
bool timed_out(const std::string& reason) {
    return reason.find("timeout") != std::string::npos || reason.find("canceled") != std::string::npos ||
           reason.find("cancelled") != std::string::npos || reason.find("interrupted") != std::string::npos;
}
}  // namespace

MinimiseResult minimise(z3::solver& solver, const Objective& objective,
                        std::optional<std::int64_t> start_bound, const std::vector<z3::expr>& extra) {
    MinimiseResult result;
    z3::context& ctx = solver.ctx();
    std::optional<std::int64_t> bound = start_bound;
    for (;;) {
        z3::expr_vector assumptions(ctx);
        for (const auto& e : extra) assumptions.push_back(e);
        if (bound) {
            if (*bound < objective.lower_bound) break;  // nothing below the lower bound: proved
            // A fresh literal per bound: the implication stays in the solver but is inert unless assumed.
            z3::expr guard = ctx.bool_const(
                ("bound<=" + std::to_string(*bound) + "#" + std::to_string(result.checks)).c_str());
            solver.add(z3::implies(guard, objective.at_most(*bound)));
            assumptions.push_back(guard);
        }
        auto incumbent = result.feasible ? std::optional<std::int64_t>(result.optimum) : std::nullopt;
        if (objective.deadline) {
            try {
                objective.deadline->arm(solver);
            } catch (const SearchLimitReached&) {
                throw SearchLimitReached("", incumbent);
            }
        }
        ++result.checks;
        z3::check_result r = solver.check(assumptions);
        if (r == z3::unknown) {
            std::string reason = solver.reason_unknown();
            if (timed_out(reason) || (objective.deadline && objective.deadline->passed()))
                throw SearchLimitReached("", incumbent);
            throw std::runtime_error("solver gave up: " + reason);
        }
        if (r == z3::unsat) break;
        z3::model m = solver.get_model();
        std::int64_t value = objective.value_of(m);
        if (bound && value > *bound) {
            throw std::logic_error("model value " + std::to_string(value) + " exceeds the bound " +
                                   std::to_string(*bound));
        }
        result.feasible = true;
        result.optimum = value;
        result.model = m;
        bound = value - 1;
    }
    return result;
}

namespace {

// One stage's minimum (see Stage::try_lower_bound_first); raises progress.lower_bound when the
// lower bound itself turns out unreachable.
MinimiseResult minimise_stage(z3::solver& solver, const Objective& objective, bool try_lower_bound_first,
                              LexicographicProgress& progress, int& checks) {
    if (!try_lower_bound_first) {
        MinimiseResult r = minimise(solver, objective);
        checks += r.checks;
        return r;
    }
    MinimiseResult r = minimise(solver, objective, objective.lower_bound);
    checks += r.checks;
    if (r.feasible) return r;
    progress.lower_bound = objective.lower_bound + 1;
    r = minimise(solver, objective);
    checks += r.checks;
    return r;
}

}  // namespace

LexicographicResult minimise_lexicographic(z3::solver& solver, const std::vector<Stage>& stages,
                                           const LexicographicOptions& options) {
    if (stages.empty()) throw std::invalid_argument("minimise_lexicographic: no objectives");
    LexicographicResult result;
    LexicographicProgress progress;
    for (std::size_t i = 0; i < stages.size(); ++i) {
        Objective objective = stages[i].objective;
        objective.deadline = options.deadline;
        progress.lower_bound = objective.lower_bound;
        MinimiseResult best;
        try {
            best =
                minimise_stage(solver, objective, stages[i].try_lower_bound_first, progress, result.checks);
        } catch (SearchLimitReached& e) {
            progress.incumbent = e.incumbent();
            if (options.best_so_far) e.set_best_so_far(options.best_so_far(progress));
            throw;
        }
        if (!best.feasible) {
            if (i == 0) return result;
            throw std::logic_error("minimise_lexicographic: objective " + std::to_string(i + 1) +
                                   " has no model once the optima before it are fixed");
        }
        progress.proved.push_back(best.optimum);
        if (i + 1 < stages.size()) solver.add(objective.at_most(best.optimum));
        result.model = best.model;
    }
    result.feasible = true;
    result.optima = progress.proved;
    return result;
}

}  // namespace tlaloc::solver
