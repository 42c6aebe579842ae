// Branch and bound over the class counts of a CountModel: a fast exact search for an optimal
// stone set, used as the incumbent the Z3 descent starts from. It proves nothing by itself: the
// Z3 check that penalty <= best - 1 is unsatisfiable does, and the stones are re-checked by the
// evaluator. With a node limit it returns the best set found so far.
#pragma once
#include <cstdint>
#include <vector>

#include "solver/xalapa/CountModel.h"

namespace tlaloc::xalapa {

struct CountSearchResult {
    CellSet stones;
    int penalty = 0;
    bool complete = false;  // the search finished within the node limit (the penalty is minimal)
    std::int64_t nodes = 0;
};

CountSearchResult count_search(const Challenge& challenge, const CountModel& model,
                               std::int64_t node_limit = 200000);

// The same with a weight per unmet task (then the formation, last) instead of `disfavor`: the
// result minimises stones + sum of the weights of unmet tasks. Weight 0 ignores a task; a weight
// above max_stones makes it required, as far as it can be met at all.
CountSearchResult count_search(const Challenge& challenge, const CountModel& model,
                               const std::vector<int>& weight, std::int64_t node_limit = 200000);

}  // namespace tlaloc::xalapa
