// Branch and bound over the class counts of a CountModel: a fast exact search for an optimal
// stone set, used as the incumbent the Z3 descent starts from. It proves nothing by itself: the
// Z3 check that penalty <= best - 1 is unsatisfiable does, and the stones are re-checked by the
// evaluator. With a node limit it returns the best set found so far.
#pragma once
#include <cstdint>

#include "solver/xalapa/CountModel.h"

namespace tlaloc::xalapa {

struct CountSearchResult {
    CellSet stones;
    int penalty = 0;
    bool complete = false;  // the search finished within the node limit (the penalty is minimal)
    std::int64_t nodes = 0;
};

CountSearchResult count_search(const Challenge& challenge, const CountModel& model, std::int64_t node_limit = 200000);

}  // namespace tlaloc::xalapa
