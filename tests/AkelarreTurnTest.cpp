// TURN.json for `tlaloc akelarre best`: what is accepted, and every kind of bad input rejected with
// the file and the element named (unknown cards, too many copies across hand and table, tables that
// could not exist, out-of-range numbers), plus the replay that checks every printed play.
#include <gtest/gtest.h>

#include <filesystem>

#include "model/akelarre/Turn.h"

using namespace tlaloc;
using namespace tlaloc::akelarre;

namespace {

std::string error_of(const std::string& text) {
    try {
        parse_turn(parse_json_text(text, "turn.json"), "turn.json");
    } catch (const InputError& e) {
        return e.what();
    }
    return "no error";
}

void expect_error(const std::string& text, const std::string& expected) {
    std::string msg = error_of(text);
    EXPECT_NE(msg.find(expected), std::string::npos) << "message: " << msg;
}

void expect_same_turn(const TurnPosition& a, const TurnPosition& b, const std::string& what) {
    SCOPED_TRACE(what);
    EXPECT_EQ(a.hand, b.hand);
    EXPECT_EQ(a.favourite, b.favourite);
    EXPECT_EQ(a.me, b.me);
    ASSERT_EQ(a.places.size(), b.places.size());
    for (std::size_t i = 0; i < a.places.size(); ++i) {
        EXPECT_EQ(a.places[i].id, b.places[i].id);
        EXPECT_EQ(a.places[i].owner, b.places[i].owner);
        EXPECT_EQ(a.places[i].cards, b.places[i].cards);
    }
}

}  // namespace

TEST(AkelarreTurn, ReadsThePinnedFormat) {
    auto turn = parse_turn(Json::parse(R"({"hand": ["F2", "F3", "D2", "W2", "W6", "GJ", "F4"],
        "table": [{"place": 0, "owner": "me", "cards": ["F5", "D5", "W5"]}], "free_places": 1, "favourite": "F"})"),
                           "t.json");
    EXPECT_EQ(turn.hand.size(), 7u);
    ASSERT_EQ(turn.places.size(), 2u);
    EXPECT_EQ(turn.places[1].id, 1);
    EXPECT_EQ(turn.places[1].owner, "me");  // integer free places belong to the player on turn
    EXPECT_TRUE(turn.places[1].free());
    EXPECT_EQ(turn.favourite, Family::Fairies);
    auto owners = parse_turn(
        Json::parse(R"({"hand": [], "free_places": ["Anna", "me"], "favourite": "W", "me": "me"})"), "t");
    ASSERT_EQ(owners.places.size(), 2u);
    EXPECT_EQ(owners.places[0].owner, "Anna");
}

TEST(AkelarreTurn, RejectsMalformedJsonAndUnknownKeys) {
    expect_error("{\"hand\": [\"F2\",,]}", "turn.json: line 1, column");
    expect_error(R"({"hand": [], "free_places": 1, "favourite": "F", "hands": []})", "unknown key \"hands\"");
    expect_error(R"({"hand": [], "favourite": "F"})", "missing \"free_places\"");
    expect_error(R"({"hand": [], "free_places": 1})", "missing \"favourite\"");
}

TEST(AkelarreTurn, RejectsUnknownCardsNamingTheElement) {
    expect_error(R"({"hand": ["F2", "F7"], "free_places": 1, "favourite": "F"})",
                 "turn.json: hand[1]: unknown card \"F7\"");
    expect_error(R"({"hand": ["F2", 3], "free_places": 1, "favourite": "F"})",
                 "turn.json: hand[1]: a card is a string");
    expect_error(R"({"hand": [], "free_places": 1, "favourite": "X"})",
                 "turn.json: favourite: the favourite family");
    expect_error(
        R"({"hand": [], "table": [{"place": 0, "owner": "A", "cards": ["F5", "Q5", "W5"]}], "free_places": 1, "favourite": "F"})",
        "turn.json: table[0].cards[1]: unknown card \"Q5\"");
}

TEST(AkelarreTurn, CountsCopiesAcrossHandAndTable) {
    expect_error(
        R"({"hand": ["WJ"], "table": [{"place": 0, "owner": "A", "cards": ["W2", "W3", "WJ"]}], "free_places": 0, "favourite": "F"})",
        "turn.json: table[0].cards[2]: WJ appears 2 times (hand and table together) but the deck has only 1");
    expect_error(
        R"({"hand": ["F6", "F6"], "table": [{"place": 0, "owner": "A", "cards": ["F6", "G6", "W6"]}], "free_places": 0, "favourite": "F"})",
        "F6 appears 3 times");
}

TEST(AkelarreTurn, RejectsTablesThatCannotExist) {
    expect_error(
        R"({"hand": [], "table": [{"place": 0, "owner": "A", "cards": ["F2", "D3", "W4"]}], "free_places": 0, "favourite": "F"})",
        "turn.json: table[0].cards: not a meld that can lie on the table: not a set");
    expect_error(
        R"({"hand": [], "table": [{"place": 0, "owner": "A", "cards": ["F2", "F3"]}], "free_places": 0, "favourite": "F"})",
        "at least 3 cards");
    expect_error(
        R"({"hand": [], "table": [{"place": 0, "owner": "A", "cards": ["F2", "F3", "F4", "F5", "F6"]}], "free_places": 0, "favourite": "F"})",
        "table[0].cards: a meld of 5 cards is captured");
    expect_error(
        R"({"hand": [], "free_places": 0, "favourite": "F", "table": [{"place": 0, "owner": "A", "cards": ["F5", "D5", "W5"]}, {"place": 0, "owner": "B", "cards": ["F2", "D2", "W2"]}]})",
        "table[1].place: place 0 appears twice");
}

TEST(AkelarreTurn, RejectsOutOfRangeNumbersAndOversizedHands) {
    expect_error(R"({"hand": [], "free_places": -1, "favourite": "F"})",
                 "turn.json: free_places: -1 is out of range 0..12");
    expect_error(R"({"hand": [], "free_places": 13, "favourite": "F"})", "out of range 0..12");
    expect_error(R"({"hand": [], "free_places": 1.5, "favourite": "F"})", "whole number");
    expect_error(
        R"({"hand": [], "table": [{"place": 100, "owner": "A", "cards": ["F5", "D5", "W5"]}], "free_places": 0, "favourite": "F"})",
        "table[0].place: 100 is out of range");
    expect_error(R"({"hand": ["F2","F2","F2","F2","F2","F2","G2","G2"], "free_places": 1, "favourite": "F"})",
                 "turn.json: hand: a hand holds at most 7 cards, not 8");
    expect_error(R"({"hand": [], "free_places": ["Anna", ""], "favourite": "F"})",
                 "free_places[1]: the owner's name must not be empty");
}

// Replay is what stands between the solver and the printout: an illegal play is refused.
TEST(AkelarreTurn, ReplayRefusesIllegalPlays) {
    auto turn = parse_turn(
        Json::parse(R"({"hand": ["F2", "F3", "F4", "N6"], "free_places": 1, "favourite": "F"})"), "t");
    Card f2{Family::Fairies, 2}, f3{Family::Fairies, 3}, f4{Family::Fairies, 4}, n6{Family::Nymphs, 6};
    std::vector<Move> half_laid = {{f2, std::nullopt, 0}, {f3, std::nullopt, 0}};
    EXPECT_EQ(why_illegal(turn, half_laid), "the meld on place 0 has only 2 cards (a new meld needs 3)");
    EXPECT_THROW(replay_turn(turn, half_laid), std::logic_error);
    std::vector<Move> no_meld = {{f2, std::nullopt, 0}, {f3, std::nullopt, 0}, {n6, std::nullopt, 0}};
    EXPECT_EQ(why_illegal(turn, no_meld),
              "move 3 (N6 from the hand to place 0): not a set: two cards of the fairies family; not a run: "
              "families differ (F2, N6)");
    EXPECT_THROW(replay_turn(turn, no_meld), std::logic_error);
    EXPECT_EQ(why_illegal(turn, {{f4, std::nullopt, 1}}),
              "move 1 (F4 from the hand to meeting place #1 (none)): no such meeting place");
    std::vector<Move> legal = {{f2, std::nullopt, 0}, {f3, std::nullopt, 0}, {f4, std::nullopt, 0}};
    EXPECT_EQ(why_illegal(turn, legal), std::nullopt);
    auto ok = replay_turn(turn, legal);
    EXPECT_EQ(ok.played, 3);
    EXPECT_EQ(ok.hand_left, std::vector<Card>{n6});
}

// turn_to_json writes what parse_turn reads back: every shipped and valid fixture turn, and turns with
// free places of other owners and another name for the player on turn.
TEST(AkelarreTurnJson, EverySampleReadsBackTheSame) {
    const std::string source = TLALOC_SOURCE_DIR;
    std::vector<std::string> files;
    for (const auto& e : std::filesystem::directory_iterator(source + "/puzzles/akelarre"))
        if (e.path().extension() == ".json") files.push_back(e.path().string());
    files.push_back(source + "/tests/data/akelarre/small.json");
    files.push_back(source + "/tests/data/akelarre/slow.json");
    for (const auto& f : files) {
        TurnPosition turn = load_turn(f);
        expect_same_turn(turn, parse_turn(turn_to_json(turn), f), f);
    }
    for (const char* text :
         {R"({"hand": ["F2"], "free_places": ["Anna", "me", "Bob"], "favourite": "W"})",
          R"({"hand": ["F2", "F3"], "table": [{"place": 4, "owner": "Ann", "cards": ["F5", "D5", "W5"]}],
                 "free_places": 2, "favourite": "G", "me": "Ann"})",
          R"({"hand": [], "free_places": 0, "favourite": "N"})"}) {
        TurnPosition turn = parse_turn(Json::parse(text), "t.json");
        expect_same_turn(turn, parse_turn(turn_to_json(turn), "t.json"), text);
    }
}
