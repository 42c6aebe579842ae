// Branch and bound over the class counts of a CountModel: a fast exact search for an optimal
// stone set, used as the incumbent the Z3 descent starts from. It proves nothing by itself: the
// Z3 check that penalty <= best - 1 is unsatisfiable does, and the stones are re-checked by the
// evaluator. With a node limit it returns the best set found so far. With a deadline (--timeout) it
// looks at the clock every few thousand nodes and, once it has passed, throws
// solver::SearchLimitReached whose incumbent() is the best penalty found so far.
#pragma once
#include <cstdint>
#include <vector>

#include "solver/xalapa/CountModel.h"

namespace tlaloc::solver {
class Deadline;
}

namespace tlaloc::xalapa {

struct CountSearchResult {
    CellSet stones;
    int penalty = 0;
    bool complete = false;  // the search finished within the node limit (the penalty is minimal)
    std::int64_t nodes = 0;
};

// The node limit solve() and the ratings use: a few tenths of a second on the largest boards.
inline constexpr std::int64_t kCountSearchNodes = 200000;

CountSearchResult count_search(const Challenge& challenge, const CountModel& model,
                               std::int64_t node_limit = kCountSearchNodes,
                               const solver::Deadline* deadline = nullptr);

// The same with a weight per unmet task (then the formation, last) instead of `disfavor`: the
// result minimises stones + sum of the weights of unmet tasks. Weight 0 ignores a task; a weight
// above max_stones makes it required, as far as it can be met at all.
CountSearchResult count_search(const Challenge& challenge, const CountModel& model,
                               const std::vector<int>& weight, std::int64_t node_limit = kCountSearchNodes,
                               const solver::Deadline* deadline = nullptr);

}  // namespace tlaloc::xalapa
