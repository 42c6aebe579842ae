// Fewest pawns (Z3 bounded model checking) against a brute-force breadth-first search over the
// rules engine, on positions from random play; plus the pinned JSON answer of the CLI.
#include <gtest/gtest.h>

#include <cstdio>
#include <random>

#include "model/azteka/Plan.h"
#include "puzzles/azteka/RandomPosition.h"
#include "solver/azteka/Fewest.h"
#include "solver/azteka/FewestSearch.h"

using namespace tlaloc;
using namespace tlaloc::azteka;

namespace {

void expect_agrees(const Position& pos, int max_turns) {
    SearchedFewest bf = fewest_pawns_by_search(pos, max_turns);
    FewestResult z = fewest_pawns(pos, max_turns);
    std::string where = position_to_json(pos).dump();
    ASSERT_EQ(z.found, bf.found) << where << " " << z.reason;
    if (!bf.found) return;
    EXPECT_EQ(z.pawns, bf.pawns) << where;
    EXPECT_EQ(z.turns, bf.turns) << where;
    PlanReplay r = replay_against_passive(pos, z.plan);
    EXPECT_TRUE(r.reaches_goal) << where << " " << r.problem;
    EXPECT_EQ(r.pawns, z.pawns);
    EXPECT_EQ(r.turns, z.turns);
}

}  // namespace

TEST(AztekaFewest, AgreesWithBruteForceOnRandomTwoPlayerPositions) {
    std::mt19937 rng(6);
    int answered = 0;
    for (int i = 0; i < 10; ++i) {
        Position pos = random_position(rng, "standard", 14 + static_cast<int>(rng() % 8));
        SearchedFewest probe = fewest_pawns_by_search(pos, 2);
        answered += probe.found;
        expect_agrees(pos, 2);
    }
    EXPECT_GT(answered, 2);  // the sample is not all "no answer"
}

TEST(AztekaFewest, AgreesWithBruteForceOnTheVariants) {
    std::mt19937 rng(66);
    for (const char* variant : {"aggressive", "three-player"}) {
        for (int i = 0; i < 4; ++i)
            expect_agrees(random_position(rng, variant, 16 + static_cast<int>(rng() % 10)), 2);
    }
}

// Birth: the bonus placement belongs to the same turn. Here Life lacks ring 3 and sector 5 and no
// single placement can give both; in one turn only completing sector 0 (Birth) and then placing
// again does.
TEST(AztekaFewest, BirthBonusIsPartOfTheSameTurn) {
    Json j = Json::parse(R"({"rings": ["L...L...", "L.L....L", "LL.L..L.", "........"], "to_move": "life"})");
    Position pos = parse_position(JsonPlace(j, "birth.json"));
    expect_agrees(pos, 1);
    expect_agrees(pos, 2);
    FewestResult z = fewest_pawns(pos, 1);
    ASSERT_TRUE(z.found);
    ASSERT_EQ(z.plan.size(), 2u);
    EXPECT_FALSE(z.plan[0].birth);
    EXPECT_TRUE(z.plan[1].birth);
}

// Disintegration (Death moving) turns Life pawns into Death pawns, which count for Death and can
// complete its sector: in one turn only placing at (1,1), which takes the Life pawn at (0,1), fills
// sector 1 (with two turns, turning rings 1 and 0 needs no pawn at all).
TEST(AztekaFewest, DisintegrationHelpsDeathAndItsPawnsCount) {
    Json j =
        Json::parse(R"({"rings": ["DLD.....", "D.......", ".D......", ".D......"], "to_move": "death"})");
    Position pos = parse_position(JsonPlace(j, "dis.json"));
    expect_agrees(pos, 1);
    expect_agrees(pos, 2);
    FewestResult z = fewest_pawns(pos, 1);
    ASSERT_TRUE(z.found);
    Game g = start_game(pos);
    Effects fx = apply(g, z.plan.at(0).action);
    EXPECT_FALSE(fx.disintegrated.empty());
    EXPECT_EQ(z.pawns, pos.pawns_on_board(Side::Death) + 1 + static_cast<int>(fx.disintegrated.size()));
}

TEST(AztekaFewest, AGoalAlreadyMetNeedsNoTurn) {
    Json j =
        Json::parse(R"({"rings": ["D.......", "D.......", "D.......", "D......."], "to_move": "death"})");
    FewestResult z = fewest_pawns(parse_position(JsonPlace(j, "done.json")), 3);
    EXPECT_TRUE(z.found);
    EXPECT_EQ(z.pawns, 4);
    EXPECT_EQ(z.turns, 0);
    j["to_move"] = "life";
    z = fewest_pawns(parse_position(JsonPlace(j, "done.json")), 3);
    EXPECT_FALSE(z.found);
    EXPECT_NE(z.reason.find("already over"), std::string::npos);
}

TEST(AztekaFewestCli, PrintsThePinnedJson) {
    std::string cmd = std::string(TLALOC_BIN) + " azteka fewest " + TLALOC_TEST_DATA +
                      "/azteka/death-sector.json --max-turns 3 --json";
    FILE* p = popen(cmd.c_str(), "r");
    ASSERT_NE(p, nullptr);
    std::string out;
    char buf[512];
    while (fgets(buf, sizeof buf, p)) out += buf;
    ASSERT_EQ(pclose(p), 0);
    Json j = Json::parse(out);
    Position pos = load_position(std::string(TLALOC_TEST_DATA) + "/azteka/death-sector.json");
    SearchedFewest bf = fewest_pawns_by_search(pos, 3);
    ASSERT_TRUE(bf.found);
    EXPECT_EQ(j.at("pawns").get<int>(), bf.pawns);
    EXPECT_EQ(j.at("turns").get<int>(), bf.turns);
    std::vector<PlanStep> plan;
    for (auto& s : j.at("plan")) {
        if (s.contains("place"))
            plan.push_back({Action::place(s["place"][0], s["place"][1]), s.value("birth", false)});
        else
            plan.push_back({Action::turn(s["turn"].get<int>()), false});
    }
    EXPECT_TRUE(replay_against_passive(pos, plan).reaches_goal);
}
