#include "solver/common/Minimise.h"

#include <stdexcept>
#include <string>

namespace tlaloc::solver {

namespace {
// Z3's answer when its `timeout` parameter stops a check.
bool timed_out(const std::string& reason) {
    return reason.find("timeout") != std::string::npos || reason.find("canceled") != std::string::npos ||
           reason.find("cancelled") != std::string::npos;
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

}  // namespace tlaloc::solver
