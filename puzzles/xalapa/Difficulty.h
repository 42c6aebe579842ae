// How hard a challenge is for a human solver, as named levels declared once in one list (easiest
// first), and the measurements behind the rating.
#pragma once
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "solver/xalapa/ChallengeSolver.h"

namespace tlaloc::xalapa {

struct DifficultyLevel {
    const char* name;
    const char* meaning;  // what it asks of a human solver
};

// The single list of difficulty levels; a challenge rates as the first level whose test it passes.
inline constexpr std::array<DifficultyLevel, 4> kDifficultyLevels = {{
    {"direct",
     "every task can be met, and no stone has to serve two tasks: each task tells you "
     "where its stones go, one task at a time"},
    {"combine",
     "every task can be met, but only by making stones count for several tasks at once "
     "(or by keeping tasks from spoiling each other): you must reason about tasks together"},
    {"give-up",
     "the best answer gives up a task; the reason is visible in a pair of tasks that "
     "cannot both be met cheaply"},
    {"deep",
     "the best answer gives up a task, and no pair of tasks shows why: the conflict only "
     "appears when three or more tasks are taken together"},
}};

int difficulty_index(const std::string& name);  // -1 when unknown

struct Rating {
    int level = 0;    // index into kDifficultyLevels
    int optimum = 0;  // the proved minimum penalty
    int unmet = 0;    // tasks the optimum gives up (the formation counts)
    int stones = 0;
    int sum_of_single_task_stones = 0;  // Σ over tasks of the fewest stones meeting that task alone
    std::int64_t optimal_sets = 0;      // capped
    bool optimal_sets_more = false;
    int smallest_conflict = 0;  // size of the smallest set of tasks that cannot all be met
                                // within max_stones (0: all tasks can be met together)
    std::vector<int> conflict;  // one such set (task indexes; formation = tasks.size())
};

// `best`: the challenge's proved optimum when already known; optimal sets are counted up to `cap`.
Rating rate(ChallengeSolver& solver, const Challenge& challenge, const Solution& best, std::int64_t cap = 10);
Rating rate(ChallengeSolver& solver, const Challenge& challenge, std::int64_t cap = 10);

}  // namespace tlaloc::xalapa
