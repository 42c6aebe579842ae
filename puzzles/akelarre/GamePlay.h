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
#include "model/akelarre/Turn.h"
#include "solver/common/SearchLimit.h"

namespace tlaloc::akelarre {

// random: a random legal play (a random walk over the legal moves), random discards, draws and
// purchases; best: the best play of the turn by the exact search (solver/akelarre/TurnSearch), then
// plain rules of thumb for the rest (docs/akelarre.md, "Bots").
// human: a person choosing every action of the seat (the caller asks them: HumanAction).
enum class Bot { Random, Best, Human };
std::optional<Bot> parse_bot(const std::string& name);
const char* to_string(Bot bot);

// A game that has not ended after this many actions is a bug of the engine or the bots.
inline constexpr int kMaxGameActions = 100000;

struct LoggedAction {
    std::string player;  // acting_player before the action
    GameAction action;
};

struct PlayedGame {
    GameSetup setup;
    std::vector<Bot> bots;            // per seat
    std::size_t best_bot_states = 0;  // the best bots' limit (0: none)
    std::vector<LoggedAction> actions;
    GameState final_state;
    std::vector<PlayerScore> scores;
    std::vector<int> team_totals;  // empty without teams
    // The index in `actions` of the first action of each best-bot play that the state limit cut short
    // (the best play found, not proved best).
    std::vector<std::size_t> unproved_plays;
    bool abandoned = false;  // a human seat quit (or its input ended) before the end
};

// A human seat's next action, legal in `game` (the caller checks what a person types); nullopt
// abandons the game.
using HumanAction = std::function<std::optional<GameAction>(const Game& game)>;

// Called before each action is applied, with the state it applies to.
using ActionObserver = std::function<void(const GameState&, const LoggedAction&)>;

// The turn the player on turn faces: their hand and favourite, and the places.
TurnPosition turn_of(const GameState& s);

// A best bot's search of one turn meets at most this many states by default (about 0.1 s), then
// plays the best play it has found (search_best_found); 0: no limit, every play proved best.
inline constexpr std::size_t kBestBotStates = 30000;

// A bot's next step in `s`, for callers that run the game loop themselves (session/akelarre): in
// the play phase the rest of its play (moves, the discard when no hand card went down this turn, the
// end), else the one action. `rng` is the bot's generator.
std::vector<GameAction> bot_steps(const GameState& s, Bot bot, std::mt19937_64& rng,
                                  std::size_t best_bot_states = kBestBotStates);

// Plays the game to its end. `deadline` bounds the best bots' searches (SearchLimitReached);
// `best_bot_states` bounds each of their turns' searches in states, so the game is the same on every
// machine.
PlayedGame play_game(const GameSetup& setup, const std::vector<Bot>& bots,
                     const solver::Deadline& deadline = solver::Deadline(),
                     const ActionObserver& observer = nullptr, std::size_t best_bot_states = kBestBotStates,
                     const HumanAction& human = nullptr);

}  // namespace tlaloc::akelarre
