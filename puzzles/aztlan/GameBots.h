// Bots for whole Aztlán games: a random bot (any legal action) and a greedy bot that chooses with
// the scoring engine and the placement optimiser (solver/aztlan/BestPlacement).
#pragma once
#include <optional>
#include <random>
#include <string>

#include "model/aztlan/Game.h"

namespace tlaloc::aztlan {

enum class GameBot { Random, Greedy };
std::optional<GameBot> parse_game_bot(const std::string& name);
const char* to_string(GameBot bot);

// The action the bot takes for the player to act (game.to_act()); always legal.
Action bot_action(const Game& game, GameBot bot, std::mt19937_64& rng);

}  // namespace tlaloc::aztlan
