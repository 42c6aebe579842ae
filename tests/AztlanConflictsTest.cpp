// The conflict phase ("Konflikt" / "Conflitto"): the rulebooks' examples (10 vs 9; 8 = 8 with 5
// removed; 10 vs 8 and 4; conflicts A–E), Great Tlatoani and Sacred Games, and input errors.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>

#include "model/aztlan/Conflicts.h"
#include "tests/support/AztlanFixtures.h"
#include "tests/support/ScratchDir.h"

using namespace tlaloc;
using namespace tlaloc::aztlan;
using aztlan_test::data;
using aztlan_test::run_tlaloc;

namespace {
Position position_from(const std::string& players) {
    Json j = Json::parse(R"({"map": "conflicts-map.json", "players": )" + players + "}");
    return parse_position(JsonPlace(j, data("inline.json")));
}
std::vector<int> pawns_in(const ConflictPhase& phase, int territory) {
    std::vector<int> out;
    for (const auto& p : phase.pawns) out.push_back(p[territory]);
    return out;
}
}  // namespace

// Yellow, card 5 with 2 pawns (10), beats red, card 9 with 1 pawn (9), and chooses.
TEST(AztlanConflicts, TenBeatsNine) {
    auto pos = position_from(R"([{"name": "red", "card": 9, "vp": 5, "pawns": {"A": 1}},
                                 {"name": "yellow", "card": 5, "vp": 1, "pawns": {"A": 2}}])");
    auto phase = resolve_conflicts(pos);
    ASSERT_EQ(phase.conflicts.size(), 1u);
    EXPECT_EQ(phase.conflicts[0].winner, 1);
    EXPECT_EQ(phase.conflicts[0].outcome, ConflictOutcome::Defeat);  // the documented default
    EXPECT_EQ(pawns_in(phase, 0), (std::vector<int>{0, 2}));
    EXPECT_EQ(phase.cards_drawn, (std::vector<int>{0, 0}));
}

// Green 8 and blue 8 tie: they coexist without cards, yellow (5) is removed.
TEST(AztlanConflicts, TieOfEightsRemovesTheWeakerFive) {
    auto pos = position_from(R"([{"name": "green", "card": 8, "pawns": {"B": 1}},
                                 {"name": "blue", "card": 4, "pawns": {"B": 2}},
                                 {"name": "yellow", "card": 5, "pawns": {"B": 1}}])");
    auto phase = resolve_conflicts(pos);
    ASSERT_EQ(phase.conflicts.size(), 1u);
    EXPECT_EQ(phase.conflicts[0].outcome, ConflictOutcome::Tie);
    EXPECT_EQ(pawns_in(phase, 1), (std::vector<int>{1, 2, 0}));
    EXPECT_EQ(phase.cards_drawn, (std::vector<int>{0, 0, 0}));
}

// Yellow 10 against blue 8 and green 4: defeat removes both; coexistence keeps both for one card.
TEST(AztlanConflicts, TenAgainstEightAndFourDefeatsAllOrCoexistsForOneCard) {
    std::string players = R"([{"name": "yellow", "card": 5, "pawns": {"C": 2} DECIDE},
                              {"name": "blue", "card": 8, "pawns": {"C": 1}},
                              {"name": "green", "card": 4, "pawns": {"C": 1}}])";
    auto defeat = resolve_conflicts(position_from(std::regex_replace(players, std::regex("DECIDE"), "")));
    EXPECT_EQ(pawns_in(defeat, 2), (std::vector<int>{2, 0, 0}));
    auto coexist = resolve_conflicts(position_from(
        std::regex_replace(players, std::regex("DECIDE"), R"(, "decisions": {"C": "coexist"})")));
    EXPECT_EQ(pawns_in(coexist, 2), (std::vector<int>{2, 1, 1}));
    EXPECT_EQ(coexist.cards_drawn, (std::vector<int>{1, 0, 0}));  // one card however many enemies
}

// Conflicts A–E on the shipped map: red (most VP) is strongest only in A; yellow in B and C;
// blue in D; E is a tie, so green has nothing to decide.
TEST(AztlanConflicts, RulebookConflictsAToE) {
    auto pos = load_position(aztlan_test::shipped("examples/conflicts-a-e.json"));
    auto phase = resolve_conflicts(pos);
    EXPECT_EQ(phase.order, (std::vector<int>{0, 1, 2, 3}));
    ASSERT_EQ(phase.conflicts.size(), 5u);
    std::vector<std::string> resolved;
    for (const auto& c : phase.conflicts) {
        resolved.push_back(pos.map.territories[c.territory].id + ":" +
                           (c.winner >= 0 ? pos.players[c.winner].name : "tie"));
    }
    EXPECT_EQ(resolved,
              (std::vector<std::string>{"T01:red", "T06:yellow", "T11:yellow", "T16:blue", "T21:tie"}));
    EXPECT_EQ(phase.cards_drawn, (std::vector<int>{0, 1, 0, 0}));  // yellow coexisted in B
}

// Equal VP: the pyramid higher in the stack plays first.
TEST(AztlanConflicts, TurnOrderByVpThenHigherPyramid) {
    auto pos = position_from(R"([{"name": "a", "card": 5, "vp": 3, "stack": 0, "pawns": {}},
                                 {"name": "b", "card": 6, "vp": 7, "stack": 1, "pawns": {}},
                                 {"name": "c", "card": 7, "vp": 3, "stack": 2, "pawns": {}}])");
    EXPECT_EQ(turn_order(pos), (std::vector<int>{1, 2, 0}));
}

TEST(AztlanConflicts, GreatTlatoaniWinsATie) {
    auto pos = position_from(R"([{"name": "green", "card": 8, "pawns": {"D": 1}},
                                 {"name": "blue", "card": 4, "pawns": {"D": 2}, "play": [{"card": "great-tlatoani", "territory": "D"}]},
                                 {"name": "yellow", "card": 5, "pawns": {"D": 1}}])");
    auto phase = resolve_conflicts(pos);
    ASSERT_EQ(phase.conflicts.size(), 1u);
    EXPECT_EQ(phase.conflicts[0].winner, 1);
    EXPECT_EQ(pawns_in(phase, 3), (std::vector<int>{0, 2, 0}));
}

// Sacred Games: the winner must coexist with the player who plays it (and draws a card); the
// others are still removed. Against tied players it does not help.
TEST(AztlanConflicts, SacredGamesForcesCoexistenceOnlyForItsPlayer) {
    auto pos = position_from(R"([{"name": "yellow", "card": 9, "pawns": {"E": 2}},
                                 {"name": "blue", "card": 8, "pawns": {"E": 1}, "play": [{"card": "sacred-games", "territory": "E"}]},
                                 {"name": "green", "card": 4, "pawns": {"E": 1}}])");
    auto phase = resolve_conflicts(pos);
    EXPECT_EQ(pawns_in(phase, 4), (std::vector<int>{2, 1, 0}));
    EXPECT_EQ(phase.cards_drawn, (std::vector<int>{1, 0, 0}));
    auto tied = position_from(R"([{"name": "yellow", "card": 8, "pawns": {"E": 1}},
                                  {"name": "red", "card": 4, "pawns": {"E": 2}},
                                  {"name": "blue", "card": 5, "pawns": {"E": 1}, "play": [{"card": "sacred-games", "territory": "E"}]}])");
    EXPECT_EQ(pawns_in(resolve_conflicts(tied), 4), (std::vector<int>{1, 2, 0}));
}

TEST(AztlanConflicts, CliReportsAndRejectsBadDecisions) {
    auto r = run_tlaloc("aztlan conflicts " + std::string(TLALOC_SOURCE_DIR) +
                        "/puzzles/aztlan/examples/conflicts-a-e.json --json");
    ASSERT_EQ(r.code, 0) << r.out;
    Json j = Json::parse(r.out);
    EXPECT_EQ(j["players"][1]["cards_drawn"], 1);
    EXPECT_EQ(j["conflicts"][4]["outcome"], "tie");
    auto dir = tlaloc::test_support::scratch_dir("aztlan-conflicts");
    std::filesystem::create_directories(dir);
    std::filesystem::copy_file(data("conflicts-map.json"), dir / "conflicts-map.json",
                               std::filesystem::copy_options::overwrite_existing);
    std::vector<std::pair<std::string, std::string>> cases = {
        {R"([{"name": "a", "card": 5, "pawns": {"A": 1}, "decisions": {"A": "flee"}}])",
         "players[0].decisions.A: expected \"defeat\" or \"coexist\""},
        {R"([{"name": "a", "card": 5, "pawns": {"A": 1}, "play": ["great-tlatoani"]}])",
         "needs the territory"},
        {R"([{"name": "a", "card": 5, "pawns": {"A": 1}, "play": [{"card": "sacred-games", "territory": "Z"}]}])",
         "unknown territory \"Z\""},
        {R"([{"name": "a", "card": 5, "pawns": {}, "vp": -3}])", "players[0].vp: -3 is out of range"},
        {R"([{"name": "a", "card": 5, "pawns": {}}, {"name": "a", "card": 6, "pawns": {}}])",
         "duplicate player \"a\""},
    };
    for (std::size_t i = 0; i < cases.size(); ++i) {
        auto file = dir / ("c" + std::to_string(i) + ".json");
        std::ofstream(file) << R"({"map": "conflicts-map.json", "players": )" << cases[i].first << "}";
        r = run_tlaloc("aztlan conflicts " + file.string());
        EXPECT_EQ(r.code, 2) << r.out;
        EXPECT_NE(r.out.find(file.string() + ": "), std::string::npos) << r.out;
        EXPECT_NE(r.out.find(cases[i].second), std::string::npos) << r.out;
    }
    std::filesystem::remove_all(dir);
}

// The winner who chose defeat is reported as choosing defeat even when Sacred Games makes them
// coexist with its player; the JSON names the choice apart from the outcome.
TEST(AztlanConflicts, SacredGamesReportSaysTheWinnerChoseDefeat) {
    auto dir = tlaloc::test_support::scratch_dir("aztlan-sacred");
    std::filesystem::copy_file(data("conflicts-map.json"), dir / "conflicts-map.json",
                               std::filesystem::copy_options::overwrite_existing);
    auto file = dir / "sacred.json";
    std::ofstream(file) << R"({"map": "conflicts-map.json", "players": [
        {"name": "yellow", "card": 9, "pawns": {"E": 2}, "decisions": {"E": "defeat"}},
        {"name": "blue", "card": 8, "pawns": {"E": 1}, "play": [{"card": "sacred-games", "territory": "E"}]}]})";
    auto r = run_tlaloc("aztlan conflicts " + file.string());
    ASSERT_EQ(r.code, 0) << r.out;
    EXPECT_NE(r.out.find("yellow is strongest and chooses to defeat, but must coexist"), std::string::npos)
        << r.out;
    EXPECT_EQ(r.out.find("chooses to coexist"), std::string::npos) << r.out;
    r = run_tlaloc("aztlan conflicts " + file.string() + " --json");
    ASSERT_EQ(r.code, 0) << r.out;
    Json j = Json::parse(r.out);
    EXPECT_EQ(j["conflicts"][0]["decision"], "defeat");
    EXPECT_EQ(j["conflicts"][0]["outcome"], "coexist");
}
