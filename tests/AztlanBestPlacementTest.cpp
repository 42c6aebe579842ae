// `aztlan best-placement`: the exact branch and bound against a brute force over every way of
// touching up to K territories (scored by the model's own scorer), on random maps and positions and
// on the shipped map; the CLI's JSON, the re-scoring of its answer and its bad-input exits.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <functional>
#include <random>

#include "model/aztlan/Scoring.h"
#include "solver/aztlan/BestPlacement.h"
#include "tests/support/AztlanFixtures.h"
#include "tests/support/ScratchDir.h"
#include "tests/support/TestScale.h"

using namespace tlaloc;
using namespace tlaloc::aztlan;
using aztlan_test::run_tlaloc;
using aztlan_test::shipped;

namespace {

// Every set of at most `k` territories gets one more pawn each (more pawns in a territory, or pawns
// added where the player already is, change no domain): the best score_player over all of them.
int brute_force(const Map& map, const Profile& profile, const PlayerPosition& player, int k) {
    MapGraph graph(map);
    int best = -1;
    std::vector<int> chosen;
    std::function<void(int)> walk = [&](int from) {
        PlayerPosition after = player;
        for (int t : chosen) after.pawns[t] += 1;
        best = std::max(best, score_player(graph, profile, after).points);
        if (static_cast<int>(chosen.size()) == k) return;
        for (int t = from; t < map.size(); ++t) {
            chosen.push_back(t);
            walk(t + 1);
            chosen.pop_back();
        }
    };
    walk(0);
    return best;
}

Profile profile_named(const std::string& id) {
    Json none = Json::object();
    return load_named_profile(id, JsonPlace(none, "test"));
}

// A random player: some held territories, any card (the joker with or without a chosen type),
// sometimes Blessings and Rafts and Canoes.
PlayerPosition random_player(const Map& map, std::mt19937& rng) {
    PlayerPosition p;
    p.name = "p";
    p.card = kLowestCard + static_cast<int>(rng() % 6);
    p.pawns.assign(map.size(), 0);
    int held = static_cast<int>(rng() % (map.size() / 2 + 1));
    for (int i = 0; i < held; ++i) p.pawns[rng() % map.size()] += 1 + static_cast<int>(rng() % 3);
    if (p.card == kJokerCard && rng() % 2) p.bonus = static_cast<TerritoryType>(rng() % kTerritoryTypeCount);
    for (auto card : {ProsperityCard::BlessingMixcoatl, ProsperityCard::BlessingTepeyollotl,
                      ProsperityCard::BlessingXipeTotec, ProsperityCard::RaftsAndCanoes})
        if (rng() % 4 == 0) p.play.push_back({card, std::nullopt});
    return p;
}

// Two lakes on a random map, so Rafts and Canoes has something to join.
void add_lakes(Map& map, std::mt19937& rng) {
    for (auto& t : map.territories)
        if (rng() % 3 == 0) t.lakes.push_back(rng() % 2 ? "L1" : "L2");
}

void expect_placement_checks(const Map& map, const Profile& profile, const PlayerPosition& player, int k,
                             const Placement& best) {
    int added = 0;
    PlayerPosition after = player;
    for (int t = 0; t < map.size(); ++t) {
        EXPECT_GE(best.added[t], 0);
        EXPECT_LE(player.pawns[t] + best.added[t], 30);
        added += best.added[t];
        after.pawns[t] += best.added[t];
    }
    EXPECT_EQ(added, k);
    MapGraph graph(map);
    EXPECT_EQ(score_player(graph, profile, after).points, best.points);
}

}  // namespace

TEST(AztlanBestPlacement, EqualsBruteForceOnRandomMaps) {
    std::mt19937 rng(7);
    const int rounds = test_support::scaled_rounds(2000);
    for (int round = 0; round < rounds; ++round) {
        Map map =
            aztlan_test::random_map(6 + static_cast<int>(rng() % 7), static_cast<int>(rng() % 8), rng());
        add_lakes(map, rng);
        Profile profile = profile_named(rng() % 2 ? "de" : "it");
        PlayerPosition player = random_player(map, rng);
        int k = static_cast<int>(rng() % 5);
        SCOPED_TRACE("round " + std::to_string(round) + ", K " + std::to_string(k));
        Placement best = best_placement(map, profile, player, k);
        EXPECT_EQ(best.points, brute_force(map, profile, player, k));
        expect_placement_checks(map, profile, player, k, best);
    }
}

TEST(AztlanBestPlacement, EqualsBruteForceOnTheShippedMap) {
    Map map = load_map(shipped("aztlan.json"));
    std::mt19937 rng(11);
    const int rounds = test_support::scaled_rounds(60);
    for (int round = 0; round < rounds; ++round) {
        Profile profile = profile_named(rng() % 2 ? "de" : "it");
        PlayerPosition player = random_player(map, rng);
        int k = 1 + static_cast<int>(rng() % 3);
        SCOPED_TRACE("round " + std::to_string(round) + ", K " + std::to_string(k));
        Placement best = best_placement(map, profile, player, k);
        EXPECT_EQ(best.points, brute_force(map, profile, player, k));
        expect_placement_checks(map, profile, player, k, best);
    }
}

// Larger K on the shipped map: the answer is checked by the scorer and never below the value of
// adding any single extra territory to the placement found for K - 1 (monotone in K).
TEST(AztlanBestPlacement, LargerKOnTheShippedMapGrowsWithK) {
    Map map = load_map(shipped("aztlan.json"));
    std::mt19937 rng(5);
    const int rounds = test_support::scaled_rounds(6, 3);
    for (int round = 0; round < rounds; ++round) {
        Profile profile = profile_named("de");
        PlayerPosition player = random_player(map, rng);
        int previous = -1;
        for (int k = 0; k <= kMaxPlacementPawns; ++k) {
            Placement best = best_placement(map, profile, player, k);
            expect_placement_checks(map, profile, player, k, best);
            EXPECT_GE(best.points, previous) << "K " << k;
            previous = best.points;
        }
    }
}

// Every territory already full: the pawns have nowhere to go (bad input, not a crash).
TEST(AztlanBestPlacement, NoRoomIsRefused) {
    Map map = aztlan_test::random_map(3, 0, 1);
    PlayerPosition p;
    p.name = "p";
    p.card = 9;
    p.pawns.assign(3, 30);
    EXPECT_THROW(best_placement(map, profile_named("de"), p, 1), std::invalid_argument);
    MapGraph graph(map);
    EXPECT_EQ(best_placement(map, profile_named("de"), p, 0).points,
              score_player(graph, profile_named("de"), p).points);
}

TEST(AztlanBestPlacementCli, JsonPlaceRescoresToPoints) {
    const std::string file = shipped("examples/score-14.json");
    auto r = run_tlaloc("aztlan best-placement " + file + " --player yellow --pawns 4 --json");
    ASSERT_EQ(r.code, 0) << r.out;
    Json answer = Json::parse(r.out);
    ASSERT_TRUE(answer["points"].is_number_integer());
    ASSERT_TRUE(answer["place"].is_object());
    // Write the position with the placement added, and score it with `aztlan score`.
    Json pos = Json::parse(std::ifstream(file));
    Json& pawns = pos["players"][0]["pawns"];
    int total = 0;
    for (auto it = answer["place"].begin(); it != answer["place"].end(); ++it) {
        int before = pawns.contains(it.key()) ? static_cast<int>(pawns[it.key()]) : 0;
        pawns[it.key()] = before + static_cast<int>(it.value());
        total += static_cast<int>(it.value());
    }
    EXPECT_EQ(total, 4);
    pos["map"] = shipped("aztlan.json");
    const auto after = test_support::scratch_dir("best-placement") / "after.json";
    std::ofstream(after) << pos.dump();
    auto scored = run_tlaloc("aztlan score " + after.string() + " --json");
    ASSERT_EQ(scored.code, 0) << scored.out;
    EXPECT_EQ(Json::parse(scored.out)["players"][0]["points"], answer["points"]);
}

TEST(AztlanBestPlacementCli, ZeroPawnsIsTheScore) {
    auto r = run_tlaloc("aztlan best-placement " + shipped("examples/score-22.json") +
                        " --player yellow --pawns 0 --json");
    ASSERT_EQ(r.code, 0) << r.out;
    Json answer = Json::parse(r.out);
    EXPECT_EQ(answer["points"], 22);
    EXPECT_TRUE(answer["place"].empty());
}

TEST(AztlanBestPlacementCli, BadInputExitsTwo) {
    const std::string file = shipped("examples/score-22.json");
    for (const std::string args : {" --player nobody --pawns 2", " --player yellow --pawns -1",
                                   " --player yellow --pawns 11", " --player yellow --pawns x"}) {
        auto r = run_tlaloc("aztlan best-placement " + file + args + " --json");
        EXPECT_EQ(r.code, 2) << args << ": " << r.out;
        EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << args << ": " << r.out;
    }
}
