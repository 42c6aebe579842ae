// Whole Azteka matches: two seats (a bot or a person each), two rounds with roles swapped, every
// action played through the rules engine. Seeded: the same seed and seats give the same match.
#pragma once
#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "model/azteka/Match.h"
#include "model/common/Json.h"

namespace tlaloc::azteka {

// random: any whole turn, uniformly; Search ("greedy"): a turn that wins at
// once (fewest pawns), else one after which the opponent cannot win at once and that brings its own
// goal nearest; Deep ("best"): an alpha-beta search three whole turns deep (its turn, the answer,
// its next turn) valuing the positions there as greedy does, a win at once as greedy plays it ("search",
// the old name of the strongest bot, reads as best); human: asks.
enum class MatchBot { Human, Random, Search, Deep };
std::optional<MatchBot> parse_match_bot(const std::string& name);
const char* to_string(MatchBot bot);

// Seeds are kept within 2^53 - 1 so that any JSON reader reads the log's seed exactly.
inline constexpr std::int64_t kMatchMaxSeed = kMaxExactJsonInteger;

struct MatchSetup {
    std::uint64_t seed = 1;
    std::array<MatchBot, kMatchPlayers> bots{MatchBot::Search, MatchBot::Search};  // players 1 and 2
    std::string variant = "standard";  // a two-player variant: standard or aggressive
};

// The variants a two-player match may be played in (the three-player game is one round of three).
const std::vector<std::string>& match_variants();
bool is_match_variant(const std::string& name);

struct MatchTurn {
    int player = 1;
    Side side = Side::Life;
    std::vector<Action> actions;     // the whole turn: an action, then Birth's bonus placements or skip
    std::vector<int> disintegrated;  // holes whose Life pawn became a Death pawn during the turn
    Position after;
};

struct MatchRound {
    std::vector<MatchTurn> turns;
    RoundResult result;
};

struct Match {
    MatchSetup setup;
    std::vector<MatchRound> rounds;
    MatchVerdict verdict;
    bool abandoned = false;  // a person quit (or their input ended) before the end
};

// A bot's whole turn for the side to move; `rng` is the match's generator.
std::vector<Action> bot_turn(MatchBot bot, const Game& game, std::mt19937_64& rng);

// A person's whole turn (`player` 1 or 2) for the side to move, or nullopt to abandon the match.
using HumanTurn = std::function<std::optional<std::vector<Action>>(const Game& game, int player)>;

// Plays the match; `human` is asked for every turn of a human seat. Illegal actions from it are a
// bug of the caller (std::logic_error): the CLI checks what a person types first.
Match play_match(const MatchSetup& setup, const HumanTurn& human = nullptr);

}  // namespace tlaloc::azteka
