// Whole Akelarre games played by bots through the rules engine: each bot chooses every action of its
// seat (its play, discard, draw and purchases, and the two cards it keeps when another player
// completes a meld on its place). Same set-up and seed, same game.
#pragma once
#include <functional>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "model/akelarre/Game.h"
#include "solver/common/SearchLimit.h"

namespace tlaloc::akelarre {

// random: a random legal play (a random walk over the legal moves), random discards, draws and
// purchases; best: the best play of the turn by the exact search (solver/akelarre/TurnSearch), then
// plain rules of thumb for the rest (docs/akelarre.md, "Bots").
enum class Bot { Random, Best };
std::optional<Bot> parse_bot(const std::string& name);
const char* to_string(Bot bot);

// A random bot buys no place once the table has this many: it keeps games (and the best bot's
// search, which takes at most 24 places) bounded.
inline constexpr int kMaxPlacesForBuying = 16;
// A game that has not ended after this many actions is a bug of the engine or the bots.
inline constexpr int kMaxGameActions = 100000;

struct LoggedAction {
    std::string player;  // acting_player before the action
    GameAction action;
};

struct PlayedGame {
    GameSetup setup;
    std::vector<Bot> bots;  // per seat
    std::vector<LoggedAction> actions;
    GameState final_state;
    std::vector<PlayerScore> scores;
    std::vector<int> team_totals;  // empty without teams
};

// Called before each action is applied, with the state it applies to.
using ActionObserver = std::function<void(const GameState&, const LoggedAction&)>;

// Plays the game to its end. `deadline` bounds the best bots' searches (SearchLimitReached).
PlayedGame play_game(const GameSetup& setup, const std::vector<Bot>& bots,
                     const solver::Deadline& deadline = solver::Deadline(),
                     const ActionObserver& observer = nullptr);

}  // namespace tlaloc::akelarre
