// Best play of a turn: the exact search (what `tlaloc akelarre best` answers) against two independent
// methods, the Z3 model of the play unrolled move by move and a breadth-first search over the rules
// engine's legal moves, on hand-checked turns, the rulebook's worked turn and random turns.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <iostream>
#include <map>
#include <random>
#include <thread>

#include "model/akelarre/Meld.h"
#include "puzzles/akelarre/RandomTurn.h"
#include "solver/akelarre/BestPlay.h"
#include "solver/akelarre/CardCode.h"
#include "solver/akelarre/ExhaustivePlay.h"
#include "solver/akelarre/MeldCover.h"
#include "solver/akelarre/TurnSearch.h"
#include "tests/support/TestScale.h"

using namespace tlaloc;
using namespace tlaloc::akelarre;

namespace {

TurnPosition parse(const std::string& text) { return parse_turn(Json::parse(text), "turn.json"); }

std::vector<Card> cards(std::initializer_list<const char*> names) {
    std::vector<Card> out;
    for (const char* n : names) out.push_back(parse_card(n, "test", "card"));
    return out;
}

std::string figures(int played, int points, int moves) {
    return std::to_string(played) + "/" + std::to_string(points) + "/" + std::to_string(moves);
}
std::string figures(const TurnOutcome& o) {
    return figures(o.played, o.points, static_cast<int>(o.moves.size()));
}

// The search's play is legal, replays to the figures it shows, and they are the exhaustive search's.
TurnSearchResult expect_exhaustive_agrees(const TurnPosition& turn, const std::string& what,
                                          const TurnSearchOptions& options = {}) {
    TurnSearchResult found = search_turn(turn, options);
    EXPECT_EQ(why_illegal(turn, found.outcome.moves), std::nullopt) << what;
    EXPECT_EQ(figures(replay_turn(turn, found.outcome.moves)), figures(found.outcome)) << what;
    ExhaustiveBest brute = exhaustive_best(turn);
    EXPECT_EQ(figures(found.outcome), figures(brute.score.played, brute.score.points, brute.moves))
        << what << ": " << turn_to_json(turn).dump();
    return found;
}

void expect_all_agree(const TurnPosition& turn, const std::string& what) {
    TurnSearchResult found = expect_exhaustive_agrees(turn, what);
    EXPECT_EQ(figures(best_play(turn).outcome), figures(found.outcome))
        << what << " (Z3 model): " << turn_to_json(turn).dump();
}

// `options` under a limit of `most_states` states (search_best_found's).
TurnSearchOptions limited(TurnSearchOptions options, std::size_t most_states) {
    options.most_states = most_states;
    return options;
}

std::vector<Card> all_card_kinds() {
    std::vector<Card> kinds;
    for (CardCode c = 1; c <= kCardCodes; ++c) kinds.push_back(card_of(c));
    return kinds;
}

}  // namespace

// The search's meld checks on card codes are the rules engine's: every multiset of 3-5 card kinds,
// and every card of every 4-card meld for taking.
TEST(AkelarreSearch, CardCodesReadMeldsAsTheRulesEngine) {
    const auto kinds = all_card_kinds();
    int melds = 0;
    std::vector<Card> meld;
    std::function<void(std::size_t, std::size_t)> grow = [&](std::size_t from, std::size_t size) {
        if (meld.size() == size) {
            std::vector<CardCode> codes;
            for (const Card& c : meld) codes.push_back(card_code(c));
            const bool valid = read_meld(meld).valid;
            ASSERT_EQ(is_meld(codes.data(), static_cast<int>(size)), valid) << describe(read_meld(meld));
            melds += valid;
            if (size == 4 && valid) {
                for (int i = 0; i < 4; ++i)
                    ASSERT_EQ(is_takeable(codes.data(), i), can_take(meld, static_cast<std::size_t>(i)))
                        << describe(read_meld(meld)) << " card " << i;
            }
            return;
        }
        for (std::size_t k = from; k < kinds.size(); ++k) {
            meld.push_back(kinds[k]);
            grow(k, size);
            meld.pop_back();
        }
    };
    for (std::size_t size = 3; size <= 5; ++size) grow(0, size);
    EXPECT_GT(melds, 1000);
    for (const Card& c : kinds) EXPECT_EQ(card_of(card_code(c)), c);
}

// The split's bound drops a hand card that is in no meld of three of the cards left, and fails at once
// on such a table card: sound only if every card of every meld of four or five is in a meld of three
// of that meld's cards (three in a row of a run, any three of a set).
TEST(AkelarreSearch, EveryCardOfAMeldIsInAMeldOfThreeOfItsCards) {
    int checked = 0;
    for (const std::uint32_t meld : all_melds()) {
        std::vector<CardCode> codes;
        for (CardCode c = 1; c <= kCardCodes; ++c)
            if (meld >> c & 1u) codes.push_back(c);
        if (codes.size() < 4) continue;
        for (const CardCode c : codes) {
            bool in_three = false;
            for (std::size_t i = 0; i < codes.size() && !in_three; ++i)
                for (std::size_t j = i + 1; j < codes.size() && !in_three; ++j) {
                    if (codes[i] == c || codes[j] == c) continue;
                    const CardCode three[] = {c, codes[i], codes[j]};
                    in_three = is_meld(three, 3);
                }
            EXPECT_TRUE(in_three) << "card " << int{c} << " of a meld of " << codes.size();
            ++checked;
        }
    }
    EXPECT_GT(checked, 1000);
}

// "Esempio di turno di gioco": with two free places Carlo's best is the rulebook's play, 6 cards
// (the 2s, GJ onto the 5s, F5 freed for F3 F4) leaving W6.
TEST(AkelarreBest, CarlosTurnFromTheRulebook) {
    TurnPosition turn = load_turn(std::string(TLALOC_SOURCE_DIR) + "/puzzles/akelarre/carlo.json");
    TurnSearchResult best = search_best_play(turn);
    EXPECT_EQ(best.outcome.played, 6);
    EXPECT_EQ(best.outcome.hand_left, cards({"W6"}));
    EXPECT_EQ(best.outcome.points, 0);
    EXPECT_EQ(best.outcome.moves.size(), 6u);
    expect_all_agree(turn, "Carlo");
}

// The first transcription of the example turn has only one free place: the second new meld is
// impossible.
TEST(AkelarreBest, OneFreePlaceLimitsNewMelds) {
    TurnPosition turn = load_turn(std::string(TLALOC_SOURCE_DIR) + "/puzzles/akelarre/one-free-place.json");
    expect_all_agree(turn, "one free place");
    EXPECT_EQ(search_best_play(turn).outcome.played, 4);
}

// "Un giocatore che completa una serie/scala su un luogo d'incontro sotto il suo controllo" takes all
// five; on another's place the owner chooses 2 (counted as my two best cards).
TEST(AkelarreBest, CompletingPrefersTheOwnPlaceForPoints) {
    auto own = parse(
        R"({"hand": ["F5", "F6", "N2"], "table": [{"place": 0, "owner": "me", "cards": ["F2", "F3", "F4"]}],
                        "free_places": 0, "favourite": "F"})");
    TurnSearchResult b = search_best_play(own);
    EXPECT_EQ(b.outcome.played, 2);
    EXPECT_EQ(b.outcome.points, 2 + 3 + 4 + 5 + 6);
    auto other = parse(
        R"({"hand": ["F5", "F6", "N2"], "table": [{"place": 0, "owner": "Anna", "cards": ["F2", "F3", "F4"]}],
                          "free_places": 0, "favourite": "F"})");
    TurnSearchResult c = search_best_play(other);
    EXPECT_EQ(c.outcome.points, 2 + 3 + 4);  // Anna keeps F6 and F5
    ASSERT_EQ(c.outcome.captured.size(), 1u);
    EXPECT_EQ(c.outcome.captured[0].mine.size(), 3u);
    expect_all_agree(own, "own");
    expect_all_agree(other, "other");
}

// A place freed by a completion takes a new meld in the same turn.
TEST(AkelarreBest, APlaceFreedByACompletionIsReused) {
    auto turn = parse(
        R"({"hand": ["N5", "G5", "D2", "D3", "D4"], "table": [{"place": 3, "owner": "me", "cards": ["F5", "D5", "W5"]}],
                         "free_places": 0, "favourite": "D"})");
    TurnSearchResult b = search_best_play(turn);
    EXPECT_EQ(b.outcome.played, 5);
    EXPECT_EQ(b.outcome.points, 1 + 1 + 5 + 1 + 1);
    expect_all_agree(turn, "freed place");
}

// D3 makes no meld with any two other cards and stays in the hand. F6 taken from Anna's run makes a
// set of 6s with G6 and W6 on the free place, and F2 then joins F3 F4 F5: three cards in four moves.
// Capturing Anna's run with F2 first would score 3 points but strand G6 and W6.
TEST(AkelarreBest, DeadCardsStayInTheHand) {
    auto turn = parse(
        R"({"hand": ["F2", "G6", "D3", "W6"], "table": [{"place": 0, "owner": "Anna", "cards": ["F3", "F4", "F5", "F6"]},
                      {"place": 1, "owner": "me", "cards": ["N4", "G4", "D4"]}], "free_places": 1, "favourite": "W"})");
    TurnSearchResult b = search_best_play(turn);
    EXPECT_EQ(figures(b.outcome), figures(3, 0, 4));
    EXPECT_EQ(b.outcome.hand_left, cards({"D3"}));
    expect_all_agree(turn, "dead cards");
}

// The search's tables of melds hold each card code once per meld (one joker per family), so a turn
// built in code with more copies of a card than the deck holds is refused, not searched.
TEST(AkelarreBest, MoreCopiesThanTheDeckHoldsAreRefused) {
    auto turn = parse(
        R"({"hand": ["DJ", "D2", "D3"], "table": [{"place": 0, "owner": "Anna", "cards": ["D4", "D5", "D6"]}],
            "free_places": 1, "favourite": "D"})");
    EXPECT_EQ(search_best_play(turn).outcome.played, 3);  // D2 D3 DJ: a run on the free place
    turn.hand.push_back(turn.hand.front());               // a second druid joker
    EXPECT_THROW(search_best_play(turn), std::invalid_argument);
}

// Reading of "sottrarre una carta dal poker": a card may be taken from any meld that has four cards
// at that moment, also one refilled to four in the same play, so a second card can come from it.
// F5 taken from Anna's 5s completes my fairies (14 points), W5 refills the 5s to four, and D5 taken
// too completes my druids (4 more). Taking once, the best would be 14 points.
TEST(AkelarreBest, TakingASecondCardFromAMeldRefilledToFour) {
    auto turn = parse(
        R"({"hand": ["W5"], "table": [{"place": 0, "owner": "Anna", "cards": ["F5", "D5", "G5", "N5"]},
                      {"place": 1, "owner": "me", "cards": ["F2", "F3", "F4", "FJ"]},
                      {"place": 2, "owner": "me", "cards": ["D2", "D3", "D4", "DJ"]}],
            "free_places": 0, "favourite": "F"})");
    const std::vector<Move> refill = {
        {cards({"F5"})[0], 0, 1}, {cards({"W5"})[0], std::nullopt, 0}, {cards({"D5"})[0], 0, 2}};
    EXPECT_EQ(why_illegal(turn, refill), std::nullopt);
    const std::vector<Move> no_refill = {{cards({"F5"})[0], 0, 1}, {cards({"D5"})[0], 0, 2}};
    EXPECT_NE(why_illegal(turn, no_refill), std::nullopt);  // three cards left: not a "poker"
    TurnSearchResult b = search_best_play(turn);
    EXPECT_EQ(figures(b.outcome), figures(1, 14 + 4, 3));
    EXPECT_EQ(std::count_if(b.outcome.moves.begin(), b.outcome.moves.end(),
                            [](const Move& m) { return m.from == 0; }),
              2);
    expect_exhaustive_agrees(turn, "refilled to four");
}

// Reading of the joker ("sostituisce qualsiasi carta della sua famiglia"): three jokers are three
// families, so they are a set whose value the next card fixes (or none does). FJ GJ DJ are laid
// alone, or with N4 as a set of 4s; from FJ GJ DJ N4 on the table any card may be taken.
TEST(AkelarreBest, ThreeJokersMakeASetOfAnyValue) {
    MeldReading three = read_meld(cards({"FJ", "GJ", "DJ"}));
    ASSERT_TRUE(three.valid);
    EXPECT_EQ(three.kind, MeldKind::Set);
    EXPECT_EQ(describe(three).rfind("set of any one value", 0), 0u) << describe(three);
    for (std::size_t i = 0; i < 4; ++i) EXPECT_TRUE(can_take(cards({"FJ", "GJ", "DJ", "N4"}), i));
    auto alone = parse(R"({"hand": ["FJ", "GJ", "DJ"], "free_places": 1, "favourite": "N"})");
    EXPECT_EQ(figures(search_best_play(alone).outcome), figures(3, 0, 3));
    expect_all_agree(alone, "three jokers");
    auto with_four = parse(R"({"hand": ["FJ", "GJ", "DJ", "N4", "W2"], "free_places": 1, "favourite": "N"})");
    TurnSearchResult b = search_best_play(with_four);
    EXPECT_EQ(figures(b.outcome), figures(4, 0, 4));
    // The jokers make a set of 4s with N4 or a set of 2s with W2: two best plays, either may come.
    EXPECT_TRUE(b.outcome.hand_left == cards({"W2"}) || b.outcome.hand_left == cards({"N4"}));
    expect_all_agree(with_four, "three jokers and N4");
}

// `--steps` bounds the play: the best among plays of at most that many moves.
TEST(AkelarreBest, AStepBoundKeepsTheBestShortPlay) {
    TurnPosition turn = load_turn(std::string(TLALOC_SOURCE_DIR) + "/puzzles/akelarre/carlo.json");
    TurnSearchResult three = search_best_play(turn, 3);
    EXPECT_EQ(three.steps, 3);
    EXPECT_EQ(three.outcome.played, 3);
    EXPECT_EQ(search_best_play(turn, 40).outcome.played, 6);
}

// Differential, three ways: random small turns (3-5 hand cards, up to 2 table melds, 0-2 free
// places), the exact search against the Z3 model and the breadth-first search over the rules engine.
TEST(AkelarreBest, ThreeMethodsAgreeOnRandomSmallTurns) {
    std::mt19937 rng(2024);
    int compared = 0, with_plays = 0;
    for (int round = 0; compared < 200 && round < 20000; ++round) {
        auto drawn = random_small_turn(rng);
        if (!drawn) continue;
        ++compared;
        expect_all_agree(*drawn, "random turn " + std::to_string(round));
        with_plays += search_best_play(*drawn).outcome.played > 0;
    }
    EXPECT_EQ(compared, 200);
    EXPECT_GT(with_plays, 50);
}

// Differential, three ways, where takes matter: two table melds of a game (half 4-card) against a
// 3-4 card hand; many best plays here take a card from a 4-card meld.
TEST(AkelarreBest, ThreeMethodsAgreeWhereTakesMatter) {
    std::mt19937 rng(99);
    int with_takes = 0;
    for (int round = 0; round < 8; ++round) {
        TurnPosition turn = random_game_turn(rng, 2, 0.75);
        turn.hand.resize(3);
        expect_all_agree(turn, "turn " + std::to_string(round));
        const auto moves = search_best_play(turn).outcome.moves;
        with_takes +=
            std::any_of(moves.begin(), moves.end(), [](const Move& m) { return m.from.has_value(); });
    }
    EXPECT_GT(with_takes, 1);
}

namespace {

// The search against the breadth-first search over the rules engine (the Z3 model is too slow
// there) on `rounds` random game turns with `melds(round)` table melds; turns too large for the
// breadth-first search (more than `limit` states) are skipped. Every answer is also replayed.
int compare_on_game_turns(unsigned seed, int rounds, int (*melds)(int), std::size_t limit) {
    std::mt19937 rng(seed);
    int compared = 0;
    for (int round = 0; round < rounds; ++round) {
        TurnPosition turn = random_game_turn(rng, melds(round));
        ExhaustiveBest brute;
        try {
            brute = exhaustive_best(turn, limit);
        } catch (const std::length_error&) {
            continue;
        }
        ++compared;
        TurnSearchResult found = search_best_play(turn);
        EXPECT_EQ(figures(found.outcome), figures(brute.score.played, brute.score.points, brute.moves))
            << "game turn " << round << ": " << turn_to_json(turn).dump();
        EXPECT_EQ(why_illegal(turn, found.outcome.moves), std::nullopt);
        EXPECT_EQ(figures(replay_turn(turn, found.outcome.moves)), figures(found.outcome));
    }
    return compared;
}

}  // namespace

// Differential where cards taken from melds of four start new melds: 1-3 hand cards against 3 melds,
// most of them 4-card melds, and 1-2 free places (the second pass's bound counts the cards a meld being
// laid still lacks that no hand card can be).
TEST(AkelarreBest, AgreesWithTheRulesEngineWhereTakenCardsStartMelds) {
    std::mt19937 rng(41);
    int compared = 0, new_melds_of_taken_cards = 0;
    // A fifth of the turns at the sanitizer run's small scale, where the counts are not asserted.
    const int rounds = tlaloc::test_support::scaled_rounds(300);
    for (int round = 0; round < rounds; ++round) {
        TurnPosition turn = random_game_turn(rng, 3, 0.8);
        turn.hand.resize(static_cast<std::size_t>(1 + round % 3));
        if (turn.places.size() == 3) turn.places.push_back({3, turn.me, {}});
        ExhaustiveBest brute;
        try {
            brute = exhaustive_best(turn, 20000);
        } catch (const std::length_error&) {
            continue;
        }
        ++compared;
        const TurnSearchResult found = search_best_play(turn);
        EXPECT_EQ(figures(found.outcome), figures(brute.score.played, brute.score.points, brute.moves))
            << "turn " << round << ": " << turn_to_json(turn).dump();
        // A taken card onto a place empty at that moment starts a meld.
        std::vector<int> size;
        for (const MeetingPlace& p : turn.places) size.push_back(static_cast<int>(p.cards.size()));
        bool starts = false;
        for (const Move& m : found.outcome.moves) {
            int& to = size[static_cast<std::size_t>(m.to)];
            if (m.from) {
                starts = starts || to == 0;
                --size[static_cast<std::size_t>(*m.from)];
            }
            to = to == 4 ? 0 : to + 1;  // the fifth card captures the meld
        }
        new_melds_of_taken_cards += starts;
    }
    if (rounds < 300) return;
    EXPECT_GT(compared, 150);
    EXPECT_GT(new_melds_of_taken_cards, 10);
}

// Differential on turns as a game reaches them (7-card hands, 2 table melds, half 4-card). A fifth of
// the turns at the sanitizer run's small scale, each compared, the count asserted in full runs only.
TEST(AkelarreBest, AgreesWithTheRulesEngineOnRandomGameTurns) {
    const int rounds = tlaloc::test_support::scaled_rounds(60);
    const int compared = compare_on_game_turns(
        7, rounds, [](int) { return 2; }, 20000);
    if (rounds == 60) {
        EXPECT_GT(compared, 20);
    }
}

// Differential on fuller tables (3-4 table melds of a game, half 4-card, 7-card hands), where the
// search's bounds cut most.
TEST(AkelarreBest, AgreesWithTheRulesEngineOnFullerRandomGameTurns) {
    const int rounds = tlaloc::test_support::scaled_rounds(50);
    const int compared = compare_on_game_turns(
        31, rounds, [](int round) { return 3 + round % 2; }, 25000);
    if (rounds == 50) {
        EXPECT_GT(compared, 15);
    }
}

namespace {

// What MeldCover is made with for a turn: each card's points for me, and whether I own a place.
std::pair<std::array<int, kCardCodes + 1>, bool> split_terms(const TurnPosition& turn) {
    std::array<int, kCardCodes + 1> points{};
    for (CardCode c = 1; c <= kCardCodes; ++c) points[c] = card_points(card_of(c), turn.favourite);
    const bool any_mine = std::any_of(turn.places.begin(), turn.places.end(),
                                      [&](const MeetingPlace& p) { return p.owner == turn.me; });
    return {points, any_mine};
}

// The split of the cards into melds (MeldCover) as the search asks it: melds on the table by kind and
// owner.
CoverInput cover_input_of(const std::vector<MeetingPlace>& places, const std::vector<Card>& hand,
                          const std::string& me) {
    CoverInput in;
    for (const Card& c : hand) ++in.hand[card_code(c)];
    for (const MeetingPlace& p : places) {
        std::vector<CardCode> codes;
        for (const Card& c : p.cards) codes.push_back(card_code(c));
        add_place(in, codes.data(), static_cast<int>(codes.size()), p.owner == me);
    }
    return in;
}
std::optional<CoverBound> cover_bound(MeldCover& cover, const std::vector<MeetingPlace>& places,
                                      const std::vector<Card>& hand, const std::string& me) {
    return cover.best(cover_input_of(places, hand, me), 20000);
}

// The positions along the best plays of `rounds` random turns (small turns and game turns of 2 to
// 1 + `spread` table melds, in turn): at(turn, best, step, places, hand, played, gained) before each
// move and after the last, with the hand cards played and the points captured for me so far, each
// move replayed through the rules engine's play phase.
template <class At>
void along_best_plays(std::mt19937& rng, int rounds, int spread, At at) {
    for (int round = 0; round < rounds; ++round) {
        std::optional<TurnPosition> drawn =
            round % 2 ? random_small_turn(rng) : random_game_turn(rng, 2 + round % spread);
        if (!drawn) continue;
        const TurnPosition& turn = *drawn;
        const TurnOutcome best = search_best_play(turn).outcome;
        std::vector<MeetingPlace> places = turn.places;
        std::vector<Card> hand = turn.hand;
        int played = 0, gained = 0;
        for (std::size_t step = 0;; ++step) {
            at(turn, best, step, places, hand, played, gained);
            if (step == best.moves.size()) break;
            const Move& m = best.moves[step];
            PlayPhase phase(places, hand);
            if (auto done = phase.apply(m))
                for (const Card& c : my_share(done->cards, done->owner == turn.me, turn.favourite))
                    gained += card_points(c, turn.favourite);
            played += m.from ? 0 : 1;
        }
    }
}

}  // namespace

// The search's upper bound is sound: at every position of a best play (replayed through the rules
// engine), the best split of the cards in play into melds promises at least the hand cards and the
// points that the rest of the play still gains.
TEST(AkelarreSearch, MeldSplitBoundsWhatTheRestOfABestPlayGains) {
    std::mt19937 rng(5);
    int positions = 0, bounded = 0;
    std::optional<MeldCover> cover;  // one memo a turn
    along_best_plays(
        rng, 120, 3,
        [&](const TurnPosition& turn, const TurnOutcome& best, std::size_t step,
            const std::vector<MeetingPlace>& places, const std::vector<Card>& hand, int played, int gained) {
            if (step == 0) {
                const auto [points, any_mine] = split_terms(turn);
                cover.emplace(points, any_mine);
            }
            ++positions;
            const auto bound = cover_bound(*cover, places, hand, turn.me);
            if (!bound) return;  // over its budget: no bound
            ++bounded;
            const std::pair<int, int> promised{bound->played, bound->points};
            EXPECT_GE(promised, std::make_pair(best.played - played, best.points - gained))
                << turn_to_json(turn).dump() << " after " << step << " moves";
        });
    EXPECT_GT(bounded, positions / 2);
}

// Asked only whether a split beats some figures, the split cuts off what cannot: above them its answer
// is the exact best split (the one asked without figures, on a memo of its own), at or below them it
// is an upper bound between the exact best and those figures (marked exact only when it is the best). Asked
// of one memo in a shuffled order of figures (so that remembered bounds meet questions that need more and
// less than they did), and at every position of the best plays of random turns.
TEST(AkelarreSearch, AskedToBeatFiguresTheSplitIsExactAboveThemAndABoundAtOrBelow) {
    std::mt19937 rng(8);
    int exact_answers = 0, bound_answers = 0, cut_answers = 0;
    std::optional<MeldCover> shared;  // one memo a turn
    along_best_plays(rng, 60, 4,
                     [&](const TurnPosition& turn, const TurnOutcome&, std::size_t step,
                         const std::vector<MeetingPlace>& places, const std::vector<Card>& hand, int, int) {
                         const auto [points, any_mine] = split_terms(turn);
                         if (step == 0) shared.emplace(points, any_mine);
                         const CoverInput in = cover_input_of(places, hand, turn.me);
                         const auto exact = MeldCover(points, any_mine).best(in, 200000);
                         if (!exact || exact->played < 0) return;
                         const std::pair<int, int> value{exact->played, exact->points};
                         std::vector<std::pair<int, int>> beats = {{value.first, value.second - 1},
                                                                   value,
                                                                   {value.first, value.second + 1},
                                                                   {value.first - 1, value.second + 5},
                                                                   {value.first + 1, 0},
                                                                   {value.first, 0}};
                         std::shuffle(beats.begin(), beats.end(), rng);
                         for (const auto& [played, pts] : beats) {
                             if (played < 0) continue;
                             const auto asked = shared->best(in, 200000, false, CoverBound{played, pts});
                             ASSERT_TRUE(asked.has_value());
                             const std::pair<int, int> answer{asked->played, asked->points};
                             const std::string what = turn_to_json(turn).dump() + " after " +
                                                      std::to_string(step) + " moves, beat " +
                                                      std::to_string(played) + "/" + std::to_string(pts);
                             if (value > std::make_pair(played, pts)) {
                                 ++exact_answers;
                                 EXPECT_TRUE(asked->exact) << what;
                                 EXPECT_EQ(answer, value) << what;
                             } else {
                                 ++bound_answers;
                                 EXPECT_LE(answer, std::make_pair(played, pts)) << what;
                                 EXPECT_GE(answer, value) << what;
                                 if (asked->exact) {
                                     EXPECT_EQ(answer, value) << what;
                                 }
                                 cut_answers += !asked->exact;
                             }
                         }
                     });
    EXPECT_GT(exact_answers, 100);
    EXPECT_GT(bound_answers, 100);
    EXPECT_GT(cut_answers, 20);  // answers where the search cut something off
}

namespace {
std::array<int, kCardCodes + 1> points_for(Family favourite) {
    std::array<int, kCardCodes + 1> points{};
    for (CardCode c = 1; c <= kCardCodes; ++c) points[c] = card_points(card_of(c), favourite);
    return points;
}
}  // namespace

// A plain 4 is never an end of a run of four (those are 2-5 and 3-6), so F4 stays in Anna's run. FJ
// completes her run (she keeps F6 and F5, I get F3 + F4 + FJ = 3 + 4 + 0) or my set of 4s (D4 G4 N4
// W4 FJ = 4 x 1 + 0). Were F4 free to leave, FJ would stand for it in the run and F4 would complete
// my set: 4 x 1 + 4 = 8.
TEST(AkelarreSearch, APlainFourStaysInItsRun) {
    auto turn = parse(
        R"({"hand": ["FJ"], "table": [{"place": 0, "owner": "Anna", "cards": ["F3", "F4", "F5", "F6"]},
            {"place": 1, "owner": "me", "cards": ["D4", "G4", "N4", "W4"]}], "free_places": 0, "favourite": "F"})");
    MeldCover cover(points_for(turn.favourite), true);
    const auto bound = cover_bound(cover, turn.places, turn.hand, turn.me);
    ASSERT_TRUE(bound.has_value());
    EXPECT_EQ(std::make_pair(bound->played, bound->points), std::make_pair(1, 3 + 4 + 0));
    CoverInput unpinned;
    for (const Card& c : turn.hand) ++unpinned.hand[card_code(c)];
    for (const auto& place : turn.places)
        for (const Card& c : place.cards) ++unpinned.table[card_code(c)];
    unpinned.melds[kFamilies + 0] = 1;   // fairies' run, on another's place, F4 not pinned
    unpinned.melds[kMeldKinds + 2] = 1;  // set of 4s, mine
    const auto loose = cover.best(unpinned, 20000);
    ASSERT_TRUE(loose.has_value());
    EXPECT_EQ(std::make_pair(loose->played, loose->points), std::make_pair(1, 4 * 1 + 4));
    EXPECT_EQ(figures(search_best_play(turn).outcome), figures(1, 3 + 4 + 0, 1));
    expect_all_agree(turn, "pinned 4");
}

// Every meld on the table keeps three cards at least and a capture takes five, so the cards beyond
// three per table meld allow half as many captures: here 2 + 9 cards for three table melds, one
// capture. N2 and D2 complete my set of 2s (N2 = 2 as a favourite, 4 x 1). Asked to beat 8 points, the
// split answers at once: one capture is worth 8 at most (N3 + N2 + 3 x 1), where the cards alone would
// allow two (13).
TEST(AkelarreSearch, TableMeldsKeepThreeCardsSoFewCardsAllowFewCaptures) {
    auto turn = parse(
        R"({"hand": ["N2", "D2"], "table": [{"place": 0, "owner": "me", "cards": ["F2", "W2", "G2"]},
            {"place": 1, "owner": "Anna", "cards": ["N3", "D3", "F3"]},
            {"place": 2, "owner": "Bob", "cards": ["W3", "G3", "D3"]}], "free_places": 0, "favourite": "N"})");
    MeldCover exact(points_for(turn.favourite), true);
    const auto best = cover_bound(exact, turn.places, turn.hand, turn.me);
    ASSERT_TRUE(best.has_value());
    EXPECT_EQ(std::make_pair(best->played, best->points), std::make_pair(2, 2 + 4));
    EXPECT_GT(exact.splits(), 0u);
    MeldCover asked(points_for(turn.favourite), true);
    const auto beat =
        asked.best(cover_input_of(turn.places, turn.hand, turn.me), 20000, false, CoverBound{2, 8, true});
    ASSERT_TRUE(beat.has_value());
    EXPECT_FALSE(beat->exact);
    EXPECT_EQ(std::make_pair(beat->played, beat->points), std::make_pair(2, 3 + 2 + 3));
    EXPECT_EQ(asked.splits(), 0u);
    EXPECT_EQ(figures(search_best_play(turn).outcome), figures(2, 2 + 4, 2));
    expect_all_agree(turn, "table melds keep three cards");
}

// On a crowded table most parts of the split are answered by the memo or cut off by the bound, each
// a look-up that costs time although it is no split: a question's budget also runs out at 16 of
// them per split of the budget.
TEST(AkelarreSearch, TheSplitsBudgetCountsThePartsItLooksAt) {
    auto turn = parse(
        R"({"favourite": "N", "free_places": 0, "hand": ["G2", "D2", "W3", "D3", "W6", "NJ", "F5"], "me": "P2",
            "table": [{"cards": ["W4", "W5", "WJ", "W2"], "owner": "P1", "place": 0},
              {"cards": ["G4", "N4", "W4"], "owner": "P1", "place": 1}, {"cards": ["FJ", "G2", "W2"], "owner": "P2", "place": 2},
              {"cards": ["N3", "D3", "F3"], "owner": "P2", "place": 3}, {"cards": ["F5", "W5", "D5"], "owner": "P2", "place": 4},
              {"cards": ["G6", "N6", "F6"], "owner": "P2", "place": 5}, {"cards": ["F3", "N3", "W3"], "owner": "P2", "place": 6},
              {"cards": ["F3", "G3", "N3"], "owner": "P1", "place": 7}, {"cards": ["G4", "G6", "G5"], "owner": "P2", "place": 8}]})");
    const auto [points, any_mine] = split_terms(turn);
    MeldCover cover(points, any_mine);
    const CoverInput in = cover_input_of(turn.places, turn.hand, turn.me);
    constexpr std::size_t kBudget = 20000;
    EXPECT_FALSE(cover.best(in, kBudget).has_value());
    EXPECT_LT(cover.splits(), kBudget);             // the looks ran out first
    EXPECT_LE(cover.looked(), 16 * kBudget + 100);  // and it stopped soon after
    EXPECT_GT(cover.looked(), 16 * kBudget);
}

// A new meld must be begun on a free place: five 2s captured on Anna's free place leave me the three
// worth least (1 + 1 + 1; she keeps D2 and one more), although I own a place, because mine holds a
// meld that cannot be captured. With my own place free I keep all five (2 + 4 x 1).
TEST(AkelarreSearch, ANewMeldOfFiveCountsWholeOnlyOnAPlaceOfMine) {
    const std::string table =
        R"("table": [{"place": 0, "owner": "me", "cards": ["N6", "G6", "D6"]}], "favourite": "D")";
    auto theirs =
        parse(R"({"hand": ["N2", "G2", "D2", "W2", "F2"], "free_places": ["Anna"], )" + table + "}");
    auto mine = parse(R"({"hand": ["N2", "G2", "D2", "W2", "F2"], "free_places": ["me"], )" + table + "}");
    for (const auto& [turn, points] : {std::pair{theirs, 3}, std::pair{mine, 6}}) {
        MeldCover cover(points_for(turn.favourite), true);
        const auto bound = cover_bound(cover, turn.places, turn.hand, turn.me);
        ASSERT_TRUE(bound.has_value());
        EXPECT_EQ(std::make_pair(bound->played, bound->points), std::make_pair(5, points));
        EXPECT_EQ(figures(search_best_play(turn).outcome), figures(5, points, 5));
        expect_all_agree(turn, "new meld of five");
    }
}

namespace {

// What a play's state is to its figures: the hand, the places' cards, the points gained. Places are
// told apart only by whether they are mine (the figures depend on nothing else about them), so two
// states whose places differ only in order are one.
struct PlayState {
    std::vector<Card> hand;
    std::vector<std::pair<bool, std::vector<Card>>> places;  // mine?, cards; sorted
    int gained = 0;
    friend bool operator==(const PlayState&, const PlayState&) = default;
};

PlayState state_of(std::vector<Card> hand, const std::vector<MeetingPlace>& places, int gained,
                   const std::string& me) {
    PlayState s{std::move(hand), {}, gained};
    std::sort(s.hand.begin(), s.hand.end());
    for (const MeetingPlace& p : places) {
        s.places.push_back({p.owner == me, p.cards});
        std::sort(s.places.back().second.begin(), s.places.back().second.end());
    }
    std::sort(s.places.begin(), s.places.end());
    return s;
}

int points_of(const std::optional<Completion>& done, const TurnPosition& turn) {
    int points = 0;
    if (done)
        for (const Card& c : my_share(done->cards, done->owner == turn.me, turn.favourite))
            points += card_points(c, turn.favourite);
    return points;
}

// The states a play passes through, and whether one legal move leads from one of them straight to a
// later one than the next (a roundabout a shorter play avoids).
std::string roundabout(const TurnPosition& turn, const std::vector<Move>& play) {
    std::vector<MeetingPlace> places = turn.places;
    std::vector<Card> hand = turn.hand;
    std::vector<PlayState> states{state_of(hand, places, 0, turn.me)};
    std::vector<std::pair<std::vector<MeetingPlace>, std::vector<Card>>> raw{{places, hand}};
    int gained = 0;
    for (const Move& m : play) {
        PlayPhase phase(places, hand);
        gained += points_of(phase.apply(m), turn);
        states.push_back(state_of(hand, places, gained, turn.me));
        raw.push_back({places, hand});
    }
    for (std::size_t i = 0; i + 2 < states.size(); ++i) {
        PlayPhase at(raw[i].first, raw[i].second);
        for (const Move& m : at.legal_moves()) {
            std::vector<MeetingPlace> p = raw[i].first;
            std::vector<Card> h = raw[i].second;
            PlayPhase phase(p, h);
            const int points = points_of(phase.apply(m), turn);  // before `h` is copied
            const PlayState next = state_of(h, p, states[i].gained + points, turn.me);
            for (std::size_t j = i + 2; j < states.size(); ++j)
                if (next == states[j])
                    return "one move from state " + std::to_string(i) + " reaches state " + std::to_string(j);
        }
    }
    return "";
}

}  // namespace

// The first pass may work out the root's split into melds on a second core, ahead of the search. It is
// asked the same questions at the same milestones wherever it runs, and the search takes each answer at
// its milestone, so the play and the states met are the same as when the search works the split out
// itself: also when the whole split is worked out before the search goes on (the furthest ahead a
// second core could get), and for searches cut short at a number of states (what the game bots use).
// On split-ends-first-pass.json the split of the root is known only at a later milestone (it ends the
// first pass at 12288 states, its fourth milestone), so an answer taken early would show in the states met.
// (The probe runs on the search's own thread here: on a second core, the states it meets depend on the
// timing; the next test checks it there.)
TEST(AkelarreBest, TheRootSplitOnASecondCoreChangesNothingButTheTime) {
    TurnSearchOptions options;
    options.probe_core = ProbeCore::own;
    const std::string dir = std::string(TLALOC_SOURCE_DIR) + "/tests/data/akelarre/";
    for (const char* name :
         {"slow.json", "split-ends-first-pass.json", "probe-reached.json", "probe-missed.json"}) {
        const TurnPosition turn = load_turn(dir + name);
        options.root_split_core = RootSplitCore::own;
        const TurnSearchResult own = search_turn(turn, options);
        const TurnSearchResult cut = search_turn(turn, limited(options, own.states / 2));
        EXPECT_EQ(why_illegal(turn, cut.outcome.moves), std::nullopt) << name;
        for (RootSplitCore core : {RootSplitCore::first, RootSplitCore::ahead, RootSplitCore::ahead}) {
            options.root_split_core = core;
            const std::string what = std::string(name) + ", core " + std::to_string(static_cast<int>(core));
            const TurnSearchResult other = search_turn(turn, options);
            EXPECT_EQ(other.outcome.moves, own.outcome.moves) << what;
            EXPECT_EQ(other.states, own.states) << what;
            EXPECT_TRUE(other.proved) << what;
            const TurnSearchResult other_cut = search_turn(turn, limited(options, own.states / 2));
            EXPECT_EQ(other_cut.outcome.moves, cut.outcome.moves) << what;
            EXPECT_EQ(other_cut.states, cut.states) << what;
        }
    }
    // The split of the root comes from a later ask than the first (a milestone at 4096 states).
    options.root_split_core = RootSplitCore::own;
    EXPECT_GT(search_turn(load_turn(dir + "split-ends-first-pass.json"), options).states, 3u * 4096u);
    // A probe that reaches the split ends the search, so a search cut one state short stops inside
    // it, the same way on one core or two, and answers the first pass's best play.
    const TurnPosition reached = load_turn(dir + "probe-reached.json");
    const TurnSearchResult whole = search_turn(reached, options);
    ASSERT_EQ(whole.probe, TurnSearchResult::Probe::reached);
    const TurnSearchResult own = search_turn(reached, limited(options, whole.states - 1));
    EXPECT_EQ(own.probe, TurnSearchResult::Probe::cut);
    EXPECT_FALSE(own.figures_proved);
    EXPECT_EQ(why_illegal(reached, own.outcome.moves), std::nullopt);
    EXPECT_LT(std::make_pair(own.outcome.played, own.outcome.points),
              std::make_pair(whole.outcome.played, whole.outcome.points));
    options.root_split_core = RootSplitCore::ahead;
    const TurnSearchResult ahead = search_turn(reached, limited(options, whole.states - 1));
    EXPECT_EQ(ahead.outcome.moves, own.outcome.moves);
    EXPECT_EQ(ahead.states, own.states);
}

// Once the split of the root is known and the first pass's best play falls short of it, the first pass
// probes: the second pass's A* toward the split's figures. It reaches them (probe-reached.json: its play
// is the answer, in the fewest moves) or proves them out of reach (probe-missed.json: the first pass
// goes on below them). Either way the three figures are the breadth-first search's over the rules
// engine, and on random turns where a probe is made, those of the search without probes.
TEST(AkelarreBest, AProbeTowardTheRootsSplitChangesNoFigure) {
    TurnSearchOptions options;
    options.probe_core = ProbeCore::own;  // the search waits for the probe's answer
    using Probe = TurnSearchResult::Probe;
    const std::string dir = std::string(TLALOC_SOURCE_DIR) + "/tests/data/akelarre/";
    // The search with probes against the same search without them on one turn: the same figures, and
    // its play legal.
    const auto expect_same_without_probe = [&](const TurnPosition& turn, const TurnSearchResult& with,
                                               const std::string& what) {
        TurnSearchOptions plain = options;
        plain.ceiling_probe = false;
        const TurnSearchResult without = search_turn(turn, plain);
        EXPECT_EQ(without.probe, Probe::none) << what;
        EXPECT_EQ(figures(with.outcome), figures(without.outcome))
            << what << ": " << turn_to_json(turn).dump();
        EXPECT_EQ(why_illegal(turn, with.outcome.moves), std::nullopt) << what;
    };
    // The two turns against the breadth-first search over the rules engine, or, at the sanitizer run's
    // small scale (where that search took most of the test's 159 s of one core), against the search
    // without probes.
    const auto probe_of = [&](const std::string& name) {
        const TurnPosition turn = load_turn(dir + name);
        if (!tlaloc::test_support::small_test_scale())
            return expect_exhaustive_agrees(turn, name, options).probe;
        const TurnSearchResult with = search_turn(turn, options);
        expect_same_without_probe(turn, with, name);
        return with.probe;
    };
    EXPECT_EQ(probe_of("probe-reached.json"), Probe::reached);
    EXPECT_EQ(probe_of("probe-missed.json"), Probe::missed);

    std::mt19937 rng(12);
    int reached = 0, missed = 0;
    // A twentieth of the turns at the sanitizer run's small scale, where the sample's counts are not
    // asserted (a fifth took 159 s of one core there).
    const int rounds = tlaloc::test_support::scaled_rounds(700, 20);
    for (int round = 0; round < rounds; ++round) {
        TurnPosition turn = random_game_turn(rng, 3 + round % 3, 0.75);
        turn.hand.resize(static_cast<std::size_t>(3 + round % 3));
        const TurnSearchResult with = search_turn(turn, options);
        if (with.probe == Probe::none) continue;
        ++(with.probe == Probe::reached ? reached : missed);
        expect_same_without_probe(turn, with, "turn " + std::to_string(round));
    }
    if (rounds < 700) return;
    EXPECT_GE(reached, 8);
    EXPECT_GE(missed, 5);
}

// On a second core the probe runs while the first pass goes on, and whichever answers first ends the
// other: a probe that reaches the split gives its play; one that misses lowers the first pass's
// ceiling; a first pass that ends first stops the probe, or lets it go on as the second pass when it
// has reached the probe's figures. With no probe running, the second pass starts there early, toward
// the best play found so far. Each way, the figures and the moves are those of the probe on the
// search's own thread (the probe and the second pass are the same search toward the same figures),
// run after run, whatever the timing; with probes off too; a search cut short at a number of states
// (the game bots) never uses the second core so, and meets the same states.
TEST(AkelarreBest, AProbeOnASecondCoreGivesTheSameMovesAsOnTheSearchsOwnThread) {
    TurnSearchOptions options;
    using Probe = TurnSearchResult::Probe;
    const std::string dir = std::string(TLALOC_SOURCE_DIR) + "/tests/data/akelarre/";
    std::vector<TurnPosition> turns = {load_turn(dir + "probe-reached.json"),
                                       load_turn(dir + "probe-missed.json")};
    std::mt19937 rng(12);
    while (turns.size() < 12) {
        const int round = static_cast<int>(turns.size());
        TurnPosition turn = random_game_turn(rng, 3 + round % 3, 0.75);
        turn.hand.resize(static_cast<std::size_t>(3 + round % 3));
        options.probe_core = ProbeCore::own;
        if (search_turn(turn, options).probe != Probe::none) turns.push_back(turn);
    }
    std::map<Probe, int> seen;
    for (std::size_t i = 0; i < turns.size(); ++i) {
        const TurnPosition& turn = turns[i];
        const std::string what = "turn " + std::to_string(i) + ": " + turn_to_json(turn).dump();
        options.probe_core = ProbeCore::own;
        const TurnSearchResult own = search_turn(turn, options);
        const TurnSearchResult cut = search_turn(turn, limited(options, own.states / 2));
        options.probe_core = ProbeCore::ahead;
        for (int run = 0; run < (i < 2 ? 4 : 1); ++run) {
            const TurnSearchResult ahead = search_turn(turn, options);
            EXPECT_EQ(ahead.outcome.moves, own.outcome.moves) << what;
            EXPECT_TRUE(ahead.proved) << what;
            ++seen[ahead.probe];
            // Whether the other answered first depends on the timing; what a probe answers does not.
            EXPECT_NE(ahead.probe, own.probe == Probe::missed ? Probe::reached : Probe::missed) << what;
        }
        const TurnSearchResult ahead_cut = search_turn(turn, limited(options, own.states / 2));
        EXPECT_EQ(ahead_cut.outcome.moves, cut.outcome.moves) << what;
        EXPECT_EQ(ahead_cut.states, cut.states) << what;
        options.ceiling_probe = false;  // the second pass started early wherever the first pass goes on
        const TurnSearchResult second_ahead = search_turn(turn, options);
        options.probe_core = ProbeCore::own;
        const TurnSearchResult second_own = search_turn(turn, options);
        options.ceiling_probe = true;
        EXPECT_EQ(second_ahead.outcome.moves, own.outcome.moves) << what;
        EXPECT_EQ(second_own.outcome.moves, own.outcome.moves) << what;
        EXPECT_EQ(second_ahead.probe, Probe::none) << what;
    }
    EXPECT_EQ(seen[Probe::none], 0);
    EXPECT_EQ(seen[Probe::cut], 0);
    std::cout << "probes on a second core: " << seen[Probe::reached] << " reached, " << seen[Probe::missed]
              << " missed, " << seen[Probe::overtaken] << " overtaken by the first pass\n";
}

// Cut short, the search answers the best play it has found: legal (the rules engine replays it), no
// better than the proved best, without roundabouts, and the same every time (the limit counts states).
// With room enough it is the proved best.
TEST(AkelarreBest, CutShortItAnswersTheBestPlayFoundLegalShortAndTheSameEveryTime) {
    const std::string dir = std::string(TLALOC_SOURCE_DIR) + "/tests/data/akelarre/";
    const TurnPosition turn = load_turn(dir + "slow.json");
    const TurnSearchResult exact = search_best_play(turn);
    ASSERT_GT(exact.states, 5000u);
    const TurnSearchResult roomy = search_best_found(turn, 10 * exact.states);
    EXPECT_TRUE(roomy.proved);
    EXPECT_EQ(figures(roomy.outcome), figures(exact.outcome));

    // The last limit stops the search one state before it would prove its answer.
    for (std::size_t limit : {std::size_t{1}, std::size_t{3000}, exact.states - 1}) {
        const TurnSearchResult found = search_best_found(turn, limit);
        EXPECT_FALSE(found.proved) << limit;
        EXPECT_LE(found.states, limit);
        EXPECT_EQ(why_illegal(turn, found.outcome.moves), std::nullopt) << limit;
        EXPECT_LE(std::make_pair(found.outcome.played, found.outcome.points),
                  std::make_pair(exact.outcome.played, exact.outcome.points))
            << limit;
        EXPECT_EQ(roundabout(turn, found.outcome.moves), "") << limit;
        EXPECT_EQ(found.outcome.moves, search_best_found(turn, limit).outcome.moves) << limit;
        // The root alone: the empty play; later, the first pass has met plays.
        EXPECT_EQ(found.outcome.played > 0, limit > 1) << limit;
    }

    // Cut short in the first pass on a crowded table (it proves the first two figures after about 150,000
    // states): its depth-first play comes back shortened and without a roundabout.
    const TurnPosition crowded = load_turn(dir + "crowded-table.json");
    const TurnSearchResult cut = search_best_found(crowded, 50000);
    EXPECT_FALSE(cut.figures_proved);
    EXPECT_EQ(why_illegal(crowded, cut.outcome.moves), std::nullopt);
    EXPECT_EQ(roundabout(crowded, cut.outcome.moves), "");
    EXPECT_LT(cut.outcome.moves.size(), 30u);
}

// The check the test above relies on finds a roundabout where there is one: F5 onto the set of 5s and
// then taken on to the run of fairies, where it could have gone at once.
TEST(AkelarreBest, TheRoundaboutCheckFindsARoundabout) {
    const TurnPosition turn = parse(R"({"hand": ["F5"], "free_places": 0, "favourite": "F",
        "table": [{"place": 0, "owner": "me", "cards": ["D5", "W5", "G5"]},
                  {"place": 1, "owner": "me", "cards": ["F2", "F3", "F4"]}]})");
    const std::vector<Move> longer = {{parse_card("F5", "test", "card"), std::nullopt, 0},
                                      {parse_card("F5", "test", "card"), 0, 1}};
    ASSERT_EQ(why_illegal(turn, longer), std::nullopt);
    EXPECT_EQ(roundabout(turn, longer), "one move from state 0 reaches state 2");
    const std::vector<Move> direct = {{parse_card("F5", "test", "card"), std::nullopt, 1}};
    EXPECT_EQ(roundabout(turn, direct), "");
    EXPECT_EQ(search_best_play(turn).outcome.moves, direct);
}

// The settings are each search's own (TurnSearchOptions), not the process's: two searches with
// different settings at once, on two threads, answer as each does alone.
TEST(AkelarreBest, SearchesWithDifferentOptionsRunSideBySide) {
    const std::string dir = std::string(TLALOC_SOURCE_DIR) + "/tests/data/akelarre/";
    const TurnPosition turn = load_turn(dir + "probe-reached.json");
    TurnSearchOptions with, without;
    with.probe_core = ProbeCore::own;
    without.ceiling_probe = false;
    const TurnSearchResult alone_with = search_turn(turn, with), alone_without = search_turn(turn, without);
    ASSERT_EQ(alone_with.probe, TurnSearchResult::Probe::reached);
    ASSERT_EQ(alone_without.probe, TurnSearchResult::Probe::none);
    TurnSearchResult both_with, both_without;
    std::thread other([&] { both_without = search_turn(turn, without); });
    both_with = search_turn(turn, with);
    other.join();
    EXPECT_EQ(both_with.probe, TurnSearchResult::Probe::reached);
    EXPECT_EQ(both_without.probe, TurnSearchResult::Probe::none);
    EXPECT_EQ(both_with.outcome.moves, alone_with.outcome.moves);
    EXPECT_EQ(both_with.states, alone_with.states);
    EXPECT_EQ(figures(both_without.outcome), figures(alone_without.outcome));
    EXPECT_EQ(figures(both_with.outcome), figures(both_without.outcome));
}
