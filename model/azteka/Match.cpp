#include "model/azteka/Match.h"

#include <algorithm>

namespace tlaloc::azteka {

int player_of(int round, Side side) {
    const bool first_is_life = round == 1;
    return (side == Side::Life) == first_is_life ? 1 : 2;
}

std::optional<RoundResult> round_result(const Game& game, int turns) {
    if (game.winner) {
        return RoundResult{game.winner, game.winning_goal, game.position.pawns_on_board(*game.winner), turns};
    }
    if (game.drawn || turns >= kRoundTurnLimit) return RoundResult{std::nullopt, "", 0, turns};
    return std::nullopt;
}

MatchVerdict match_verdict(const std::array<RoundResult, kMatchRounds>& rounds) {
    MatchVerdict v;
    for (int r = 0; r < kMatchRounds; ++r) {
        if (!rounds[r].winner) continue;
        const int p = player_of(r + 1, *rounds[r].winner) - 1;
        ++v.rounds_won[p];
        v.pawns[p] = v.pawns[p] ? std::min(*v.pawns[p], rounds[r].pawns) : rounds[r].pawns;
    }
    const auto [a, b] = v.rounds_won;
    if (a != b) {
        v.winner = a > b ? 1 : 2;
        v.why = std::to_string(std::max(a, b)) + " round" + (std::max(a, b) == 1 ? "" : "s") + " to " +
                std::to_string(std::min(a, b));
        return v;
    }
    if (a == 0) {
        v.why = "no round won";
        return v;
    }
    const int pa = *v.pawns[0], pb = *v.pawns[1];
    v.why = "1 round each, " + std::to_string(pa) + " pawns against " + std::to_string(pb);
    if (pa != pb) v.winner = pa < pb ? 1 : 2;
    return v;
}

}  // namespace tlaloc::azteka
