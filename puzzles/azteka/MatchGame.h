// The bots of whole Azteka matches (played by session/GameLog over session/azteka/AztekaEngine: two
// rounds with roles swapped), and the match variants.
#pragma once
#include <array>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "model/azteka/Match.h"

namespace tlaloc::azteka {

// random: any whole turn, uniformly; Search ("greedy"): a turn that wins at
// once (fewest pawns), else one after which the opponent cannot win at once and that brings its own
// goal nearest; Deep ("best"): an alpha-beta search three whole turns deep (its turn, the answer,
// its next turn) valuing the positions there as greedy does, a win at once as greedy plays it ("search",
// the old name of the strongest bot, reads as best); human: asks.
enum class MatchBot { Human, Random, Search, Deep };
std::optional<MatchBot> parse_match_bot(const std::string& name);
const char* to_string(MatchBot bot);

// The variants a two-player match may be played in (the three-player game is one round of three).
const std::vector<std::string>& match_variants();
bool is_match_variant(const std::string& name);

// A bot's whole turn for the side to move; `rng` is the match's generator.
std::vector<Action> bot_turn(MatchBot bot, const Game& game, std::mt19937_64& rng);

}  // namespace tlaloc::azteka
