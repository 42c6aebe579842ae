// Many seeded whole games, summarised for a rulebook editor: invariant violations (each game's
// conservation checks after every action, and its log replayed), how often each situation the
// rulebooks leave open occurs (with a seed reaching it), win rates by seat and by first place in
// the turn order with 95 % confidence intervals, and final score distributions. The games are played
// and their logs replayed by the session layer (session/GameLog).
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "model/aztlan/Game.h"
#include "solver/common/SearchLimit.h"

namespace tlaloc::aztlan {

struct AuditOptions {
    int games = 100;                 // per player count
    std::vector<int> player_counts;  // e.g. {2, 3, 4}
    std::string profile = kDefaultProfile;
    std::uint64_t seed = 1;      // game i of a player count uses seed + i
    std::string bots = "mixed";  // "mixed" (each seat random or greedy, by the seed), "random", "greedy"
    bool replay = true;          // also replay every game's log
    // Read before every game and every action: once passed, solver::SearchLimitReached says how many
    // games were played.
    solver::Deadline deadline;
    // Called after each game with the games audited so far, over all player counts, and the total
    // (for a progress line); may be empty.
    std::function<void(std::int64_t done, std::int64_t total)> on_game;
};

struct Rate {
    int hits = 0, trials = 0;
    double low = 0, high = 0;  // Wilson 95 % interval
};

struct SilentCount {
    std::string name;
    int games = 0, occurrences = 0;
    std::int64_t first_seed = -1;  // a seed that reaches it, -1 when none did
};

struct Distribution {
    double mean = 0, sd = 0;
    int min = 0, p25 = 0, median = 0, p75 = 0, max = 0;
};

struct PlayerCountAudit {
    int players = 0;
    int games = 0;
    int violations = 0;
    std::vector<std::string> first_violations;  // up to 5, each naming its seed
    std::vector<SilentCount> silent;
    std::vector<Rate> seat_wins;  // per seat
    Rate first_player_wins;       // the player first in age I's turn order
    Distribution scores;          // every player's final total
    Distribution winning_scores;
};

std::vector<PlayerCountAudit> audit_games(const AuditOptions& options);
Rate wilson(int hits, int trials);

}  // namespace tlaloc::aztlan
