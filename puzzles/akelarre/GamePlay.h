// The Akelarre bots' choices: each chooses every action of its seat (its play, discard, draw and
// purchases, and the two cards it keeps when another player completes a meld on its place). The game
// loop, the seats and the log are the session layer's (session/GameLog over session/akelarre).
#pragma once
#include <random>
#include <string>
#include <vector>

#include "model/akelarre/Game.h"
#include "model/akelarre/Turn.h"
#include "solver/common/SearchLimit.h"

namespace tlaloc::akelarre {

// random: a random legal play (a random walk over the legal moves), random discards, draws and
// purchases; best: the best play of the turn by the exact search (solver/akelarre/TurnSearch), then
// plain rules of thumb for the rest (docs/akelarre.md, "Bots"). The session's seats call the second
// "greedy" (one turn ahead); its "best" looks a turn further (session/akelarre).
enum class Bot { Random, Best };

// The turn the player on turn faces: their hand and favourite, and the places.
TurnPosition turn_of(const GameState& s);

// A best bot's search of one turn meets at most this many states by default (about 0.1 s), then
// plays the best play it has found (search_best_found); 0: no limit, every play proved best.
inline constexpr std::size_t kBestBotStates = 30000;

// How far a best bot's search of a turn may go: `states` as above (so the game is the same on every
// machine) and the clock (SearchLimitReached when it has passed).
struct BotLimits {
    std::size_t states = kBestBotStates;
    solver::Deadline deadline = solver::Deadline();
};

// A bot's next step in `s`: in the play phase the rest of its play (moves, the discard when no hand
// card went down this turn, the end), else the one action. `proved`: false when the state limit cut
// a best bot's search short (the best play found, not proved best). `rng` is the bot's generator.
struct BotSteps {
    std::vector<GameAction> steps;
    bool proved = true;
};
BotSteps bot_steps(const GameState& s, Bot bot, std::mt19937_64& rng, const BotLimits& limits = BotLimits());

}  // namespace tlaloc::akelarre
