// The exact fewest-pawns search (the engine of `tlaloc azteka fewest`) against two independent
// methods: Z3's bounded model checking and the plain breadth-first search over the rules engine; and
// the solved openings from the empty board that docs/azteka.md states.
#include <gtest/gtest.h>

#include <random>

#include "model/azteka/Plan.h"
#include "puzzles/azteka/RandomPosition.h"
#include "solver/azteka/Fewest.h"
#include "solver/azteka/FewestExact.h"
#include "solver/azteka/FewestSearch.h"
#include "tests/support/TestScale.h"

using namespace tlaloc;
using namespace tlaloc::azteka;
using tlaloc::test_support::scaled_rounds;

namespace {

Position make(const std::string& json) {
    Json j = Json::parse(json);
    return parse_position(JsonPlace(j, "test.json"));
}

// The exact search's plan replays through the engine to what it claims.
void expect_replays(const Position& pos, const FewestResult& r) {
    PlanReplay replay = replay_against_passive(pos, r.plan);
    EXPECT_TRUE(replay.reaches_goal) << replay.problem;
    EXPECT_EQ(replay.pawns, r.pawns);
    EXPECT_EQ(replay.turns, r.turns);
    EXPECT_EQ(replay.goal, r.goal);
}

void expect_agrees_with_brute_force(const Position& pos, int max_turns) {
    const std::string where = position_to_json(pos).dump() + " T=" + std::to_string(max_turns);
    FewestResult exact = fewest_pawns_exact(pos, max_turns);
    SearchedFewest bf = fewest_pawns_by_search(pos, max_turns);
    ASSERT_EQ(exact.found, bf.found) << where << " " << exact.reason;
    if (!bf.found) return;
    EXPECT_EQ(exact.pawns, bf.pawns) << where;
    EXPECT_EQ(exact.turns, bf.turns) << where;
    expect_replays(pos, exact);
}

void expect_agrees_with_z3(const Position& pos, int max_turns) {
    const std::string where = position_to_json(pos).dump() + " T=" + std::to_string(max_turns);
    FewestResult exact = fewest_pawns_exact(pos, max_turns);
    FewestResult z3 = fewest_pawns(pos, max_turns);
    ASSERT_EQ(exact.found, z3.found) << where;
    if (!z3.found) return;
    EXPECT_EQ(exact.pawns, z3.pawns) << where;
    EXPECT_EQ(exact.turns, z3.turns) << where;
}

}  // namespace

TEST(AztekaFewestExact, AgreesWithBruteForceOnRandomPositionsOfEveryVariant) {
    std::mt19937 rng(2024);
    int answered = 0;
    const int rounds = scaled_rounds(12, 4);
    for (const char* variant : {"standard", "aggressive", "three-player"}) {
        for (int i = 0; i < rounds; ++i) {
            Position pos = random_position(rng, variant, 10 + static_cast<int>(rng() % 14));
            answered += fewest_pawns_exact(pos, 3).found;
            expect_agrees_with_brute_force(pos, 2);
            expect_agrees_with_brute_force(pos, 3);
        }
    }
    EXPECT_GT(answered, 3);  // the sample is not all "no answer"
}

TEST(AztekaFewestExact, AgreesWithZ3OnSmallBounds) {
    std::mt19937 rng(77);
    for (int i = 0; i < scaled_rounds(6, 3); ++i)
        expect_agrees_with_z3(random_position(rng, "standard", 14 + static_cast<int>(rng() % 8)), 2);
    expect_agrees_with_z3(load_position(std::string(TLALOC_TEST_DATA) + "/azteka/death-sector.json"), 3);
    expect_agrees_with_z3(load_position(std::string(TLALOC_TEST_DATA) + "/azteka/life-two-sectors.json"), 3);
}

// Birth's bonus placement is part of the same turn (Life lacks ring 3 and sector 5).
TEST(AztekaFewestExact, BirthBonusIsPartOfTheSameTurn) {
    Position pos = make(R"({"rings": ["L...L...", "L.L....L", "LL.L..L.", "........"], "to_move": "life"})");
    expect_agrees_with_brute_force(pos, 1);
    expect_agrees_with_brute_force(pos, 2);
    FewestResult r = fewest_pawns_exact(pos, 1);
    ASSERT_TRUE(r.found);
    ASSERT_EQ(r.plan.size(), 2u);
    EXPECT_TRUE(r.plan[1].birth);
}

// Disintegration adds Death pawns; with Death's hand shorter than the Life pawns it could surround,
// turning the whole circle is no symmetry (hole order decides which pawn is taken), and the search
// must still agree.
TEST(AztekaFewestExact, DisintegrationWithAShortHand) {
    expect_agrees_with_brute_force(
        make(R"({"rings": ["DLD.....", "D.......", ".D......", ".D......"], "to_move": "death"})"), 2);
    expect_agrees_with_brute_force(
        make(R"({"rings": ["DLD.DLD.", ".D...D..", "........", "DDDDD..."], "to_move": "death"})"), 2);
}

TEST(AztekaFewestExact, AGoalAlreadyMetOrLost) {
    Position done =
        make(R"({"rings": ["D.......", "D.......", "D.......", "D......."], "to_move": "death"})");
    FewestResult r = fewest_pawns_exact(done, 3);
    EXPECT_TRUE(r.found);
    EXPECT_EQ(r.pawns, 4);
    EXPECT_EQ(r.turns, 0);
    done.to_move = Side::Life;
    r = fewest_pawns_exact(done, 3);
    EXPECT_FALSE(r.found);
    EXPECT_NE(r.reason.find("already over"), std::string::npos);
}

// The solved openings of docs/azteka.md, from the empty board with the opponent passing.
TEST(AztekaFewestExact, DeathFromTheEmptyBoardNeedsFourPawnsInFourTurns) {
    Position pos(profile_named("standard"));
    pos.to_move = Side::Death;
    FewestResult r = fewest_pawns_exact(pos, 12);
    ASSERT_TRUE(r.found);
    EXPECT_EQ(r.pawns, 4);
    EXPECT_EQ(r.turns, 4);
    EXPECT_EQ(r.goal, "dominate");
    expect_replays(pos, r);
    expect_agrees_with_z3(pos, 4);
}

TEST(AztekaFewestExact, LifeFromTheEmptyBoardNeedsEightPawnsAndThenElevenTurns) {
    Position pos(profile_named("standard"));
    FewestResult r = fewest_pawns_exact(pos, 12);
    ASSERT_TRUE(r.found);
    EXPECT_EQ(r.pawns, 8);
    EXPECT_EQ(r.turns, 11);
    EXPECT_EQ(r.goal, "expand");
    expect_replays(pos, r);
    // The 11-turn plan by hand in the docs replays too.
    std::vector<PlanStep> hand = {{Action::place(0, 0)}, {Action::place(1, 0)}, {Action::turn(1)},
                                  {Action::place(2, 1)}, {Action::turn(2)},     {Action::place(3, 2)},
                                  {Action::turn(3)},     {Action::place(3, 4)}, {Action::place(3, 5)},
                                  {Action::place(3, 6)}, {Action::place(3, 7)}};
    PlanReplay replay = replay_against_passive(pos, hand);
    EXPECT_TRUE(replay.reaches_goal) << replay.problem;
    EXPECT_EQ(replay.pawns, 8);
    EXPECT_EQ(replay.turns, 11);
}

TEST(AztekaFewestExact, LifeFromTheEmptyBoardNeedsTenTurnsAtLeast) {
    Position pos(profile_named("standard"));
    EXPECT_FALSE(fewest_pawns_exact(pos, 9).found);
    FewestResult r = fewest_pawns_exact(pos, 10);
    ASSERT_TRUE(r.found);
    EXPECT_EQ(r.pawns, 10);  // with Birth's bonus placement
    EXPECT_EQ(r.turns, 10);
    expect_replays(pos, r);
}
