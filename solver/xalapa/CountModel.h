// A challenge seen through counts. Fields that lie in exactly the same task feature sets are
// interchangeable for every task: only how many stones such a class holds matters. The formation
// tells them apart, but a count vector (n_c per class) can hold placement p exactly when
// n_c >= |p ∩ c| for every class c: put p's fields first, then fill each class with any of its
// other fields. So the minimum penalty over stone sets equals the minimum over count vectors, and
// a count model has none of the symmetric search a per-field model would repeat.
#pragma once
#include <vector>

#include "model/xalapa/Evaluation.h"

namespace tlaloc::xalapa {

struct CountModel {
    CountModel(const Challenge& challenge, const ChallengeFields& fields);

    std::vector<std::vector<int>> classes;  // the fields of each class, in field order
    std::vector<int> class_of;              // per field
    // Per task, per class: +1 when the class counts for the task's feature, -1 for a Same task's
    // second feature (fields in both cancel out), else 0.
    std::vector<std::vector<int>> coefficient;
    // The formation: one demand vector per placement kept (identical demands once, and none that
    // includes another's), with a placement that has it.
    std::vector<std::vector<int>> demand;
    std::vector<CellSet> placement;

    int size(std::size_t c) const { return static_cast<int>(classes[c].size()); }
    std::vector<int> counts_of(const CellSet& stones) const;
    // A stone set with these counts: placement `p` (if >= 0; its demand must fit) first, then each
    // class filled up in field order.
    CellSet stones_for(const std::vector<int>& counts, int p) const;
    // The first kept placement whose demand these counts meet, or -1.
    int placement_within(const std::vector<int>& counts) const;
};

}  // namespace tlaloc::xalapa
