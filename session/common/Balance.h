// Balance measured by play: seeded whole games between chosen bots with the seats rotated, so every
// bot sits in every seat on the same deal, and the table a designer reads: win rates per seat, per bot
// and for the first player, draws, game length and score margins, with 95 % intervals. Games are
// numbered; game g is dealt from seed + g / P with rotation g % P (P players), so any split of the
// numbers (shards) plays exactly the games of the whole run.
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "model/common/Json.h"
#include "session/Games.h"
#include "session/common/Mcts.h"
#include "solver/common/SearchLimit.h"

namespace tlaloc::session {

struct GameRecord;

struct BalanceOptions {
    GameSpec spec;
    std::vector<SessionBot> bots;  // player p of rotation r plays bots[(p + r) % bots.size()]
    std::int64_t games = 200;      // the whole run's games
    std::uint64_t seed = 1;
    MctsOptions mcts;
    std::int64_t shard = 0, shards = 1;  // this run plays the games g with g % shards == shard
    std::string compare;                 // a second variant played on the same seeds and seats, or ""
    solver::Deadline deadline;           // read before each game: once passed, the run stops there
    std::function<void(std::int64_t done, std::int64_t total)> progress;
    std::int64_t done_before = 0;  // this shard's first games, played before (a resumed run): skipped
    std::function<void(const GameRecord&)> on_game;  // each game as soon as it is played
    std::function<bool()> stop;  // asked before each game: true ends the run there (a signal)
};

struct GameRecord {
    std::int64_t index = 0;
    std::uint64_t seed = 0;
    int rotation = 0;
    std::vector<std::string> bots;  // per player
    std::vector<int> winners;       // players; empty: a draw
    std::vector<int> scores;
    int length = 0;
    int first = 0;                             // the player who acted first
    std::optional<std::vector<int>> compared;  // winners under the compared variant
    int redone = 0;                            // times played again after a dead end (Balance.cpp)
    bool abandoned = false;                    // every attempt met a dead end: left out of the rates
};

// The bot of `player` in rotation `rotation`.
SessionBot seat_bot(const std::vector<SessionBot>& bots, int player, int rotation);
GameRecord play_balance_game(const BalanceOptions& options, std::int64_t index);
// This shard's games in order after its first `done_before`, until the deadline passes or `stop`
// says so (`complete` false then).
std::vector<GameRecord> play_balance(const BalanceOptions& options, bool& complete);

// One game as a line of a balance file, and read back (InputError naming the place).
Json record_to_json(const GameRecord& r);
GameRecord record_from_json(const JsonPlace& p);
// The games of this shard in order: game i of the shard (from 0) is game shard + i * shards of the run.
std::int64_t shard_game(const BalanceOptions& options, std::int64_t i);
// How many games of the whole run this shard plays.
std::int64_t shard_games(const BalanceOptions& options);
// The first line of a balance file: what was run.
Json run_header(const BalanceOptions& options);

// The report of `records` (the table), as JSON; `expected` games were asked for.
Json balance_report(const Json& header, const std::vector<GameRecord>& records, std::int64_t expected);
std::string balance_text(const Json& report);
// A page with the report's bar charts in inline SVG (no script, nothing fetched).
std::string balance_html(const Json& report);

}  // namespace tlaloc::session
