// The two-player match of two rounds: the players swap roles (Life, then Death), each round ends
// when a side meets a goal, and the match goes to the player with more rounds won, then to the one
// who won with fewer pawns on the board. Pure rules: who plays which side, when a round stops, who
// wins; the players themselves (bots, people) live in puzzles/azteka.
#pragma once
#include <array>
#include <optional>
#include <string>

#include "model/azteka/Rules.h"

namespace tlaloc::azteka {

constexpr int kMatchRounds = 2;
constexpr int kMatchPlayers = 2;  // numbered 1 and 2; player 1 is Life in round 1
// Ring turns never run out, so a round could go on for ever. tlaloc's decision: a round in which
// this many whole turns (both sides together) pass without a goal is drawn.
constexpr int kRoundTurnLimit = 200;

// The player (1 or 2) who plays `side` in `round` (1 or 2): roles swap for the second round.
int player_of(int round, Side side);

// How a round ended: a side met a goal (with that many of its pawns on the board), or it was drawn
// at the turn limit.
struct RoundResult {
    std::optional<Side> winner;
    std::string goal;
    int pawns = 0;  // the winner's pawns on the board at the end
    int turns = 0;  // whole turns played, both sides together
};
// The result of a finished round (a goal met, or `turns` reached kRoundTurnLimit); nullopt while
// it goes on.
std::optional<RoundResult> round_result(const Game& game, int turns);

struct MatchVerdict {
    std::array<int, kMatchPlayers> rounds_won{};
    // Per player: the pawns it used to win its round (the fewest when it won both); nullopt when it
    // won none.
    std::array<std::optional<int>, kMatchPlayers> pawns{};
    std::optional<int> winner;  // 1 or 2; nullopt: a draw
    std::string why;            // "2 rounds to 0", "1 round each, 8 pawns against 11", ...
};
MatchVerdict match_verdict(const std::array<RoundResult, kMatchRounds>& rounds);

}  // namespace tlaloc::azteka
