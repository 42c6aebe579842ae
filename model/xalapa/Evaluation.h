// The plain evaluator: scores a given stone set against a challenge without any solver. Every
// solver answer is re-checked here before it is printed.
#pragma once
#include <vector>

#include "model/xalapa/Challenge.h"

namespace tlaloc::xalapa {

struct TaskOutcome {
    int count = 0;        // stones on the task's feature
    int other_count = 0;  // stones on the second feature (Same tasks)
    bool met = false;
};

struct Evaluation {
    int stones = 0;
    bool within_limit = true;  // stones <= max_stones
    std::vector<TaskOutcome> tasks;
    bool formation_met = false;  // false when the challenge has no formation
    int unmet = 0;               // unmet tasks, the formation included when the challenge has one
    int penalty = 0;             // stones + disfavor × unmet

    std::vector<int> unmet_tasks() const;  // indexes into Challenge::tasks
};

// Precomputed field sets of a challenge, so evaluating many stone sets is cheap.
struct ChallengeFields {
    explicit ChallengeFields(const Challenge& challenge);
    std::vector<CellSet> feature;  // per task
    std::vector<CellSet> other;    // per task (Same)
    std::vector<CellSet> placements;
};

Evaluation evaluate(const Challenge& challenge, const CellSet& stones);
Evaluation evaluate(const Challenge& challenge, const ChallengeFields& fields, const CellSet& stones);

}  // namespace tlaloc::xalapa
