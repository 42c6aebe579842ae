// Best play of a turn: the Z3 answer against an exhaustive search over the rules engine's legal moves
// (every order, every take), on the rulebook's worked turn and on random small hands.
#include <gtest/gtest.h>

#include <random>

#include "puzzles/akelarre/RandomTurn.h"
#include "solver/akelarre/BestPlay.h"
#include "solver/akelarre/ExhaustivePlay.h"

using namespace tlaloc;
using namespace tlaloc::akelarre;

namespace {

TurnPosition parse(const std::string& text) { return parse_turn(Json::parse(text), "turn.json"); }

std::vector<Card> cards(std::initializer_list<const char*> names) {
    std::vector<Card> out;
    for (const char* n : names) out.push_back(parse_card(n, "test", "card"));
    return out;
}

void expect_agrees(const TurnPosition& turn, const std::string& what) {
    BestPlay z3 = best_play(turn);
    PlayScore brute = exhaustive_best_play(turn);
    EXPECT_EQ((PlayScore{z3.outcome.played, z3.outcome.points}), brute)
        << what << ": z3 " << z3.outcome.played << "/" << z3.outcome.points << " brute " << brute.played
        << "/" << brute.points;
    // The printed play is the replay's: replaying it again gives the same outcome.
    TurnOutcome again = replay_turn(turn, z3.outcome.moves);
    EXPECT_EQ(again.played, z3.outcome.played);
    EXPECT_EQ(again.hand_left, z3.outcome.hand_left);
}

}  // namespace

// "Esempio di turno di gioco": with two free places Carlo's best is the rulebook's play, 6 cards
// (the 2s, GJ onto the 5s, F5 freed for F3 F4) leaving W6.
TEST(AkelarreBest, CarlosTurnFromTheRulebook) {
    TurnPosition turn = load_turn(std::string(TLALOC_SOURCE_DIR) + "/puzzles/akelarre/carlo.json");
    BestPlay best = best_play(turn);
    EXPECT_EQ(best.outcome.played, 6);
    EXPECT_EQ(best.outcome.hand_left, cards({"W6"}));
    EXPECT_EQ(best.outcome.points, 0);
    EXPECT_EQ(exhaustive_best_play(turn), (PlayScore{6, 0}));
}

// The issue's example turn has only one free place: the second new meld is impossible.
TEST(AkelarreBest, OneFreePlaceLimitsNewMelds) {
    TurnPosition turn = load_turn(std::string(TLALOC_SOURCE_DIR) + "/puzzles/akelarre/one-free-place.json");
    expect_agrees(turn, "issue example");
    EXPECT_LT(best_play(turn).outcome.played, 6);
}

// "Un giocatore che completa una serie/scala su un luogo d'incontro sotto il suo controllo" takes all
// five; on another's place the owner chooses 2 (counted as my two best cards).
TEST(AkelarreBest, CompletingPrefersTheOwnPlaceForPoints) {
    auto own = parse(
        R"({"hand": ["F5", "F6", "N2"], "table": [{"place": 0, "owner": "me", "cards": ["F2", "F3", "F4"]}],
                        "free_places": 0, "favourite": "F"})");
    BestPlay b = best_play(own);
    EXPECT_EQ(b.outcome.played, 2);
    EXPECT_EQ(b.outcome.points, 2 + 3 + 4 + 5 + 6);
    auto other = parse(
        R"({"hand": ["F5", "F6", "N2"], "table": [{"place": 0, "owner": "Anna", "cards": ["F2", "F3", "F4"]}],
                          "free_places": 0, "favourite": "F"})");
    BestPlay c = best_play(other);
    EXPECT_EQ(c.outcome.points, 2 + 3 + 4);  // Anna keeps F6 and F5
    ASSERT_EQ(c.outcome.captured.size(), 1u);
    EXPECT_EQ(c.outcome.captured[0].mine.size(), 3u);
    expect_agrees(own, "own");
    expect_agrees(other, "other");
}

// A place freed by a completion takes a new meld in the same turn.
TEST(AkelarreBest, APlaceFreedByACompletionIsReused) {
    auto turn = parse(
        R"({"hand": ["N5", "G5", "D2", "D3", "D4"], "table": [{"place": 3, "owner": "me", "cards": ["F5", "D5", "W5"]}],
                         "free_places": 0, "favourite": "D"})");
    BestPlay b = best_play(turn);
    EXPECT_EQ(b.outcome.played, 5);
    EXPECT_EQ(b.outcome.points, 1 + 1 + 5 + 1 + 1);
    expect_agrees(turn, "freed place");
}

// Differential: random small turns (3-5 hand cards, up to 2 table melds, 0-2 free places).
TEST(AkelarreBest, AgreesWithExhaustiveSearchOnRandomSmallTurns) {
    std::mt19937 rng(2024);
    int compared = 0, with_plays = 0;
    for (int round = 0; compared < 30 && round < 2000; ++round) {
        auto drawn = random_small_turn(rng);
        if (!drawn) continue;
        const TurnPosition& turn = *drawn;
        ++compared;
        BestPlay z3 = best_play(turn);
        with_plays += z3.outcome.played > 0;
        expect_agrees(turn, "random turn " + std::to_string(round));
    }
    EXPECT_EQ(compared, 30);
    EXPECT_GT(with_plays, 5);
}
