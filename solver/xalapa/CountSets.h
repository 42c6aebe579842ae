// The stone sets behind one vector of class counts of a CountModel: how many of them are optimal,
// which fields all or some of them hold, and the first few. Plain combinatorics, no solver: the
// optimal stone sets are counted one optimal count vector at a time (ChallengeSolver::optimal_sets).
#pragma once
#include <cstdint>
#include <vector>

#include "solver/xalapa/CountModel.h"

namespace tlaloc::solver {
class Deadline;
}

namespace tlaloc::xalapa {

struct CountSets {
    std::int64_t count = 0;      // exact up to the limit asked for, else that limit
    CellSet in_all, in_some;     // fields that every one of them / some of them holds
    std::vector<CellSet> first;  // the first few of them, in a fixed order
};

// The stone sets with class counts `n` that score `optimum`, the challenge's minimum penalty. The
// tasks see only the counts, so the sets differ only in the formation: all of them are optimal,
// or (when the tasks alone already cost the optimum) those holding a placement. Throws
// std::logic_error when no set with these counts scores the optimum, or some scores below it. With
// a deadline, the enumeration looks at the clock every few thousand sets and throws
// solver::SearchLimitReached once it has passed.
CountSets optimal_sets_with_counts(const Challenge& challenge, const ChallengeFields& fields,
                                   const CountModel& model, const std::vector<int>& n, int optimum,
                                   std::int64_t limit, std::size_t keep = 2,
                                   const solver::Deadline* deadline = nullptr);

}  // namespace tlaloc::xalapa
