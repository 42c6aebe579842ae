// Win in N with the opponent answering, checked against the passive-opponent brute force: a win in
// one turn is exactly a goal within one turn, and a forced win is never longer than a passive one.
#include <gtest/gtest.h>

#include <random>

#include "puzzles/azteka/RandomPosition.h"
#include "solver/azteka/WinInN.h"

using namespace tlaloc;
using namespace tlaloc::azteka;

namespace {
bool goal_in_one_turn(const Game& g, Side mover) {
    for (const auto& t : whole_turns(g)) {
        if (t.after.winner == mover) return true;
    }
    return false;
}

// One draw in four from every legal action (ring turns, skips), a placement otherwise.
Position random_position(std::mt19937& rng, int plies) {
    return azteka::random_position(rng, "standard", plies, 4);
}
}  // namespace

TEST(AztekaWin, WinInOneIsAGoalWithinOneTurn) {
    std::mt19937 rng(7);
    for (int i = 0; i < 40; ++i) {
        Position pos = random_position(rng, 10 + static_cast<int>(rng() % 14));
        WinResult w = win_in(pos, 1);
        ASSERT_NE(w.verdict, WinVerdict::Undecided);
        EXPECT_EQ(w.verdict == WinVerdict::Win, goal_in_one_turn(start_game(pos), pos.to_move));
    }
}

// The answering Life fills the last hole of Death's sector: Death, a placement short with Life
// touching that hole, cannot force it in one turn, and Life's block is among the answers.
TEST(AztekaWin, TheOpponentsAnswerCanBlock) {
    Json j =
        Json::parse(R"({"rings": ["D.......", "D.......", "........", ".L......"], "to_move": "death"})");
    Position pos = parse_position(JsonPlace(j, "block.json"));
    EXPECT_EQ(win_in(pos, 1).verdict, WinVerdict::NoWin);
    Game g = start_game(pos);
    apply(g, Action::place(2, 0));
    EXPECT_TRUE(goal_in_one_turn(g, Side::Life) || is_legal(g, Action::place(3, 0)));
    apply(g, Action::place(3, 0));  // Life blocks
    EXPECT_FALSE(goal_in_one_turn(g, Side::Death) && dominates(g.position, Side::Death));
}

TEST(AztekaWin, AForcedWinsLineReplaysThroughTheEngine) {
    std::mt19937 rng(8);
    int wins = 0;
    for (int i = 0; i < 30; ++i) {
        Position pos = random_position(rng, 18 + static_cast<int>(rng() % 8));
        WinResult w = win_in(pos, 2, 400'000);
        if (w.verdict != WinVerdict::Win) continue;
        ++wins;
        Game g = start_game(pos);
        for (const auto& step : w.line) {
            ASSERT_TRUE(is_legal(g, step.action));
            apply(g, step.action);
        }
        EXPECT_EQ(g.winner, pos.to_move);
    }
    EXPECT_GT(wins, 0);
}
