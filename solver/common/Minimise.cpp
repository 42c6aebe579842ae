#include "solver/common/Minimise.h"

#include <stdexcept>
#include <string>

namespace tlaloc::solver {

MinimiseResult minimise(z3::solver& solver, const Objective& objective, std::optional<std::int64_t> start_bound) {
    MinimiseResult result;
    z3::context& ctx = solver.ctx();
    std::optional<std::int64_t> bound = start_bound;
    for (;;) {
        z3::expr_vector assumptions(ctx);
        if (bound) {
            if (*bound < objective.lower_bound) break;  // nothing below the lower bound: proved
            // A fresh literal per bound: the implication stays in the solver but is inert unless assumed.
            z3::expr guard = ctx.bool_const(("bound<=" + std::to_string(*bound) + "#" + std::to_string(result.checks)).c_str());
            solver.add(z3::implies(guard, objective.at_most(*bound)));
            assumptions.push_back(guard);
        }
        ++result.checks;
        z3::check_result r = solver.check(assumptions);
        if (r == z3::unknown) throw std::runtime_error("solver gave up: " + solver.reason_unknown());
        if (r == z3::unsat) break;
        z3::model m = solver.get_model();
        std::int64_t value = objective.value_of(m);
        if (bound && value > *bound) {
            throw std::logic_error("model value " + std::to_string(value) + " exceeds the bound " + std::to_string(*bound));
        }
        result.feasible = true;
        result.optimum = value;
        result.model = m;
        bound = value - 1;
    }
    return result;
}

}  // namespace tlaloc::solver
