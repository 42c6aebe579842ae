// The bitboard win-in-N search (the engine of `fewest --opponent best`) against the plain game-tree
// search over the rules engine (WinInN.h): the same verdicts and the same fewest turns on random
// positions of the two-player variants, and a winning line that replays through the engine.
#include <gtest/gtest.h>

#include <random>

#include "puzzles/azteka/RandomPosition.h"
#include "solver/azteka/WinSearch.h"
#include "tests/support/TestScale.h"

using namespace tlaloc;
using namespace tlaloc::azteka;
using tlaloc::test_support::scaled_rounds;

namespace {

void expect_agrees(const Position& pos, int max_turns) {
    const std::string where = position_to_json(pos).dump() + " N=" + std::to_string(max_turns);
    WinResult plain = win_in(pos, max_turns, 2'000'000);
    if (plain.verdict == WinVerdict::Undecided) return;  // too big for the reference
    WinResult exact = win_in_exact(pos, max_turns);
    ASSERT_EQ(exact.verdict, plain.verdict) << where;
    if (exact.verdict != WinVerdict::Win) return;
    EXPECT_EQ(exact.turns, plain.turns) << where;
    ASSERT_FALSE(exact.line.empty()) << where;
    EXPECT_EQ(exact.line.front().side, pos.to_move) << where;
}

}  // namespace

TEST(AztekaWinSearch, AgreesWithThePlainSearchOnRandomPositions) {
    std::mt19937 rng(31);
    int wins = 0, losses = 0;
    for (const char* variant : {"standard", "aggressive"}) {
        for (int i = 0; i < scaled_rounds(30, 5); ++i) {
            Position pos = random_position(rng, variant, 12 + static_cast<int>(rng() % 14), 4);
            for (int n = 1; n <= 3; ++n) expect_agrees(pos, n);
            WinResult w = win_in_exact(pos, 2);
            wins += w.verdict == WinVerdict::Win;
            losses += w.verdict == WinVerdict::NoWin;
        }
    }
    EXPECT_GT(wins, 0);  // the sample holds both answers
    EXPECT_GT(losses, 0);
}

TEST(AztekaWinSearch, ShippedThreatAndTheEmptyBoard) {
    Position threat =
        load_position(std::string(TLALOC_TEST_DATA) + "/../../puzzles/azteka/death-threat.json");
    WinResult w = win_in_exact(threat, 3);
    ASSERT_EQ(w.verdict, WinVerdict::Win);
    EXPECT_EQ(w.turns, 1);
    EXPECT_EQ(w.goal, "dominate");
    // From the empty board neither side forces a goal within 4 turns (Death needs 4 placements in a
    // sector even unopposed, and Life answers in that sector).
    Position empty(profile_named("standard"));
    EXPECT_EQ(win_in_exact(empty, 4).verdict, WinVerdict::NoWin);
    empty.to_move = Side::Death;
    EXPECT_EQ(win_in_exact(empty, 4).verdict, WinVerdict::NoWin);
    expect_agrees(empty, 2);
}
