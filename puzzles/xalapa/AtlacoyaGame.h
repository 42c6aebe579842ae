// Whole Atlacoya games played by bots: the seats (a bot and a board side each), a row dealt per day,
// each bot's bid, stones and steps (from the advisor and the solver), resolved by the rules engine.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/xalapa/AtlacoyaRules.h"
#include "puzzles/xalapa/Catalogue.h"
#include "solver/xalapa/ChallengeSolver.h"

namespace tlaloc::xalapa {

// cautious: the highest bid its stones can meet in full, no tokens planned; greedy: the highest bid
// its tokens left make possible, stones for that cover.
enum class AtlacoyaBot { Cautious, Greedy };
std::optional<AtlacoyaBot> parse_atlacoya_bot(const std::string& name);
const char* to_string(AtlacoyaBot bot);

// The cautious bot keeps the tokens it laid (takes red) when green is worth less than this many
// points per token more than red: 3, what a failed challenge costs in the basic game.
inline constexpr int kCautiousTokenWorth = 3;

struct AtlacoyaSeat {
    AtlacoyaBot bot = AtlacoyaBot::Cautious;
    Board board;  // a shipped side, distinct per seat
};

struct AtlacoyaSetup {
    std::uint64_t seed = 1;
    std::vector<AtlacoyaSeat> seats;
    AtlacoyaPoints points;
};

// The seats for `bots` (2-6), each on a distinct shipped side chosen by the seed.
AtlacoyaSetup setup_atlacoya(const Catalogue& catalogue, std::uint64_t seed,
                             const std::vector<AtlacoyaBot>& bots, const AtlacoyaPoints& points);

// Day `day` (1-7) of the game with this seed: a basic deal with the expert columns and the position
// card's 3-stone side, on `board`.
Challenge deal_atlacoya_row(const Catalogue& catalogue, std::uint64_t seed, int day, const Board& board);
// The same row on another player's board.
Challenge row_on_board(const Challenge& row, const Board& board);

// What the bot plays on `row` (already on its board) holding `tokens_left` tokens. The stones are an
// optimal set from the solver for the challenges the bot means to meet, re-checked by the evaluator.
AtlacoyaPlay bot_play(ChallengeSolver& solver, AtlacoyaBot bot, const Challenge& row, int tokens_left,
                      const AtlacoyaPoints& points);

struct AtlacoyaDay {
    Challenge row;  // on the first seat's board; each player plays it on their own
    std::vector<AtlacoyaPlay> plays;
    std::vector<AtlacoyaOutcome> outcomes;
    std::vector<int> points, tokens;  // after the day
};

struct AtlacoyaGame {
    AtlacoyaSetup setup;
    std::vector<AtlacoyaDay> days;
    AtlacoyaState state{kAtlacoyaMinPlayers};
    std::vector<int> places;  // per player, 1 the best
};

AtlacoyaGame play_atlacoya(ChallengeSolver& solver, const Catalogue& catalogue, const AtlacoyaSetup& setup);

}  // namespace tlaloc::xalapa
