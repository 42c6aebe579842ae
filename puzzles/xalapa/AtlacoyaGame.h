// What an Atlacoya game deals and what its bots play: the seats' board sides, a row dealt per day,
// each bot's bid, stones and steps (from the advisor and the solver). The day loop, the seats and the
// log are the session layer's (session/GameLog over session/xalapa/AtlacoyaEngine).
#pragma once
#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "model/xalapa/AtlacoyaRules.h"
#include "puzzles/xalapa/Catalogue.h"
#include "solver/xalapa/ChallengeSolver.h"

namespace tlaloc::xalapa {

// cautious: the highest bid its stones can meet in full, no tokens planned; greedy: the highest bid
// its tokens left make possible, stones for that cover.
enum class AtlacoyaBot { Cautious, Greedy };

// The cautious bot keeps the tokens it laid (takes red) when green is worth less than this many
// points per token more than red: 3, what a failed challenge costs in the basic game.
inline constexpr int kCautiousTokenWorth = 3;

struct AtlacoyaSeat {
    Board board;  // a shipped side, distinct per seat
};

// The seats of `players` (2-6), each on a distinct shipped side chosen by the seed.
std::vector<AtlacoyaSeat> atlacoya_seats(const Catalogue& catalogue, std::uint64_t seed, int players);

// A game's draw piles, the top card last. Each day takes the top position card (its 3-stone side is
// challenge 1), 4 novice feature cards (under the printed 1 and 2 and the novice number cards) and
// 4 intermediate cards (columns 5 and 6). Used cards are put aside, the position card into the box,
// so the piles shrink from day to day and no position card comes twice. A pile holding fewer cards
// than the day needs is made again from all its cards, shuffled: the rulebook's rule for the novice
// pile, and tlaloc's for the intermediate one (7 cards, so from the second day on).
struct AtlacoyaPiles {
    std::vector<std::string> positions, novice, intermediate;
    int novice_shuffles = 0, intermediate_shuffles = 0;  // made again so far
    std::mt19937_64 rng;                                 // for the shuffles
};

// Cards left in each draw pile.
struct AtlacoyaPileSizes {
    int positions = 0, novice = 0, intermediate = 0;
    bool operator==(const AtlacoyaPileSizes&) const = default;
};

// The piles of the game with this seed, each shuffled.
AtlacoyaPiles atlacoya_piles(const Catalogue& catalogue, std::uint64_t seed);
AtlacoyaPileSizes pile_sizes(const AtlacoyaPiles& piles);
// The next day's row, on `board`, drawn from `piles`.
Challenge deal_atlacoya_day(const Catalogue& catalogue, AtlacoyaPiles& piles, const Board& board);
// Day `day` (1-7) of the game with this seed (the days before it are dealt first), on `board`.
Challenge deal_atlacoya_row(const Catalogue& catalogue, std::uint64_t seed, int day, const Board& board);
// The same row on another player's board.
Challenge row_on_board(const Challenge& row, const Board& board);

// What the bot plays on `row` (already on its board) holding `tokens_left` tokens. The stones are an
// optimal set from the solver for the challenges the bot means to meet, re-checked by the evaluator.
AtlacoyaPlay bot_play(ChallengeSolver& solver, AtlacoyaBot bot, const Challenge& row, int tokens_left,
                      const AtlacoyaPoints& points);

}  // namespace tlaloc::xalapa
