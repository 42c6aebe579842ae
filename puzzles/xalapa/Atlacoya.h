// The Atlacoya variant's advisor: for a row of challenges (a challenge file's tasks, in order) and
// each bid b, whether the first b can all be met at once within the stone limit and with how few
// stones, and with penalty tokens, which challenges to cover so that the highest bid can be made.
#pragma once
#include <optional>
#include <vector>

#include "model/xalapa/AtlacoyaRules.h"
#include "solver/xalapa/ChallengeSolver.h"

namespace tlaloc::xalapa {

struct BidAdvice {
    int bid = 0;
    std::optional<int>
        stones;  // the fewest stones meeting tasks 1..bid (and the formation); none: impossible
    // With tokens: the fewest of challenges 1..bid to cover with tokens so that the others (and the
    // tasks every bid must meet) can be met, when that is at most the tokens allowed; then which
    // (0-based positions in the row, the lexicographically first among the covers needing fewest
    // stones) and the stones.
    std::optional<int> tokens_needed;
    std::vector<int> cover;
    std::optional<int> stones_with_cover;
};

struct AtlacoyaAdvice {
    std::vector<BidAdvice> bids;  // bids 2..min(7, tasks), in order
    int tokens = 0;               // the tokens allowed for the cover questions (0: none asked)
    // The highest bid that can be made with at most `tokens` covers (when tokens > 0).
    std::optional<int> best_bid;
};

// A row as the advisor reads it: its challenges in order, as task indexes of the challenge
// (tasks.size() stands for the formation), and the tasks every bid must meet, which no token covers.
struct AtlacoyaRow {
    std::vector<int> order;
    std::vector<int> always;
};

// The tasks a bid asks to meet when the positions in `cover` (sorted) hold tokens.
std::vector<int> tasks_to_meet(const AtlacoyaRow& row, int bid, const std::vector<int>& cover);

// Every answer is proved: "impossible" and each fewest count by Z3 (the solver's proofs), each
// cover by asking every smaller set of covered tasks. Throws InputError-free std::invalid_argument
// when the row has fewer than two tasks (the CLI checks that first).
// A file's row: its tasks in order, the formation (when there is one) required for every bid.
AtlacoyaAdvice advise_bids(ChallengeSolver& solver, const Challenge& row, int tokens);
// Any row of the challenge's tasks; the game's row is atlacoya_order() with nothing always required.
AtlacoyaAdvice advise_row(ChallengeSolver& solver, const Challenge& challenge, const AtlacoyaRow& row,
                          int tokens);

}  // namespace tlaloc::xalapa
