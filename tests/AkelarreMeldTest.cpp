// Akelarre cards and melds: the notation, the deck, sets and runs with jokers, taking from a 4-card
// meld. Readings are compared with a brute force that tries every card each joker could be.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <map>
#include <set>

#include "model/akelarre/Components.h"
#include "model/akelarre/Meld.h"
#include "model/common/InputError.h"
#include "tests/support/InputErrorText.h"

using namespace tlaloc;
using namespace tlaloc::akelarre;

namespace {

std::vector<Card> cards(std::initializer_list<const char*> names) {
    std::vector<Card> out;
    for (const char* n : names) out.push_back(parse_card(n, "test", "card"));
    return out;
}

std::vector<Card> all_card_kinds() {
    std::vector<Card> kinds;
    for (Family f : kAllFamilies) {
        for (int v = kLowestValue; v <= kHighestValue; ++v) kinds.push_back({f, v});
        kinds.push_back({f, kJoker});
    }
    return kinds;
}

// Every way to give each joker a concrete value of its own family.
void for_each_substitution(const std::vector<Card>& meld,
                           const std::function<void(const std::vector<Card>&)>& f) {
    std::vector<Card> concrete = meld;
    std::function<void(std::size_t)> go = [&](std::size_t i) {
        if (i == meld.size()) return f(concrete);
        if (!meld[i].joker()) return go(i + 1);
        for (int v = kLowestValue; v <= kHighestValue; ++v) {
            concrete[i].value = v;
            go(i + 1);
        }
    };
    go(0);
}

bool plain_set(const std::vector<Card>& c) {
    std::set<Family> fam;
    for (const Card& x : c)
        if (x.value != c[0].value || !fam.insert(x.family).second) return false;
    return true;
}

bool plain_run(const std::vector<Card>& c) {
    std::vector<int> v;
    for (const Card& x : c) {
        if (x.family != c[0].family) return false;
        v.push_back(x.value);
    }
    std::sort(v.begin(), v.end());
    for (std::size_t i = 1; i < v.size(); ++i)
        if (v[i] != v[i - 1] + 1) return false;
    return true;
}

bool brute_valid(const std::vector<Card>& meld) {
    if (meld.size() < 3 || meld.size() > 5) return false;
    bool ok = false;
    for_each_substitution(meld, [&](const std::vector<Card>& c) { ok = ok || plain_set(c) || plain_run(c); });
    return ok;
}

// All multisets of `k` card kinds drawn from `kinds` (indices non-decreasing).
void for_each_multiset(const std::vector<Card>& kinds, int k,
                       const std::function<void(const std::vector<Card>&)>& f) {
    std::vector<Card> cur;
    std::function<void(std::size_t)> go = [&](std::size_t from) {
        if (static_cast<int>(cur.size()) == k) return f(cur);
        for (std::size_t i = from; i < kinds.size(); ++i) {
            cur.push_back(kinds[i]);
            go(i);
            cur.pop_back();
        }
    };
    go(0);
}

std::string error_of(const std::function<void()>& f) { return tlaloc::test_support::input_error_of(f); }

}  // namespace

// "Un mazzo di 110 carte": 5 favourite cards + 105 creature cards, 21 per family (six 2s, five 3s,
// four 4s, three 5s, two 6s, one joker).
TEST(AkelarreDeck, HoldsOneHundredFiveCreatureCards) {
    auto deck = creature_deck();
    EXPECT_EQ(deck.size(), 105u);
    EXPECT_EQ(static_cast<int>(deck.size()) + kFamilies, component_counts().at("cards"));
    std::map<Card, int> count;
    for (const Card& c : deck) ++count[c];
    EXPECT_EQ(count[(Card{Family::Nymphs, 2})], 6);
    EXPECT_EQ(count[(Card{Family::Nymphs, 6})], 2);
    EXPECT_EQ(count[(Card{Family::Witches, kJoker})], 1);
    for (Family f : kAllFamilies)
        EXPECT_EQ(std::count_if(deck.begin(), deck.end(), [&](const Card& c) { return c.family == f; }), 21);
}

TEST(AkelarreCard, PinnedNotationRoundTrips) {
    for (const Card& c : all_card_kinds()) EXPECT_EQ(parse_card(to_string(c), "t", "p"), c);
    EXPECT_EQ(to_string(parse_card("WJ", "t", "p")), "WJ");
    EXPECT_TRUE(parse_card("GJ", "t", "p").joker());
}

// "l'uno non esiste": values run 2-6; letters are the five families.
TEST(AkelarreCard, RejectsUnknownCardsNamingThePlace) {
    for (const char* bad : {"F1", "F7", "X3", "f3", "F", "F33", "", "FJJ", "3F"}) {
        auto msg = error_of([&] { parse_card(bad, "turn.json", "hand[2]"); });
        EXPECT_NE(msg.find("turn.json: hand[2]: unknown card"), std::string::npos) << bad << ": " << msg;
    }
}

TEST(AkelarreCard, DeckCountsAreCheckedAcrossHandAndTable) {
    std::vector<PlacedCard> six;
    for (int i = 0; i < 6; ++i) six.push_back({{Family::Fairies, 2}, "hand[" + std::to_string(i) + "]"});
    EXPECT_NO_THROW(check_deck_counts(six, "t.json", "hand and table together"));
    six.push_back({{Family::Fairies, 2}, "table[0].cards[1]"});
    EXPECT_EQ(
        error_of([&] { check_deck_counts(six, "t.json", "hand and table together"); }),
        "t.json: table[0].cards[1]: F2 appears 7 times (hand and table together) but the deck has only 6");
    EXPECT_THROW(
        check_deck_counts({{{Family::Druids, kJoker}, "a"}, {{Family::Druids, kJoker}, "b"}}, "t", "x"),
        InputError);
}

// "Una serie deve essere formata da almeno un tris": a set is 3+ cards of one value, different families.
TEST(AkelarreMeld, SetOfThreeFromTheRulebookPicture) {
    auto r = read_meld(cards({"F5", "D5", "W5"}));
    ASSERT_TRUE(r.valid) << r.why_not;
    EXPECT_EQ(r.kind, MeldKind::Set);
    EXPECT_EQ(r.value, 5);
    EXPECT_FALSE(read_meld(cards({"F5", "F5", "W5"})).valid);
    EXPECT_FALSE(read_meld(cards({"F5", "D5", "W4"})).valid);
}

// "La carta Jolly puo' essere usata come una carta qualsiasi della famiglia": Carlo's GJ on the 5s.
TEST(AkelarreMeld, JokerStandsForACardOfItsFamily) {
    auto r = read_meld(cards({"F5", "D5", "W5", "GJ"}));
    ASSERT_TRUE(r.valid);
    ASSERT_EQ(r.jokers.size(), 1u);
    EXPECT_EQ(r.jokers[0].stands_for, std::vector<int>{5});
    EXPECT_EQ(describe(r), "set of 5s, GJ = G5");
    // A joker of a family already in the set cannot join it.
    EXPECT_FALSE(read_meld(cards({"F5", "D5", "W5", "FJ"})).valid);
}

TEST(AkelarreMeld, RunsWithAJokerListEveryReading) {
    auto r = read_meld(cards({"F3", "F4", "FJ"}));
    ASSERT_TRUE(r.valid);
    EXPECT_EQ(r.kind, MeldKind::Run);
    EXPECT_EQ(describe(r), "run of fairies 2-4 or 3-5, FJ = F2 or F5");
    EXPECT_EQ(describe(read_meld(cards({"N2", "NJ", "N4", "N5"}))), "run of nymphs 2-5, NJ = N3");
    auto bad = read_meld(cards({"F2", "F6", "FJ"}));
    EXPECT_FALSE(bad.valid);
    EXPECT_NE(bad.why_not.find("too far apart"), std::string::npos) << bad.why_not;
}

TEST(AkelarreMeld, SizesAreThreeToFive) {
    EXPECT_FALSE(read_meld(cards({"F2", "F3"})).valid);
    EXPECT_TRUE(read_meld(cards({"F2", "F3", "F4", "F5", "F6"})).valid);
    EXPECT_TRUE(read_meld(cards({"F2", "G2", "D2", "N2", "W2"})).valid);
}

// Differential: every multiset of 3-5 card kinds, against trying every value for each joker.
TEST(AkelarreMeld, ValidityAgreesWithJokerBruteForce) {
    auto kinds = all_card_kinds();
    int checked = 0, valid = 0;
    for (int k = 3; k <= 5; ++k) {
        for_each_multiset(kinds, k, [&](const std::vector<Card>& m) {
            MeldReading r = read_meld(m);
            ASSERT_EQ(r.valid, brute_valid(m)) << describe(r) << " for " << to_string(m[0]) << "...";
            ++checked;
            valid += r.valid;
            if (!r.valid) return;
            for (std::size_t i = 0; i < m.size(); ++i) {
                if (!m[i].joker()) continue;
                std::set<int> brute;
                for_each_substitution(m, [&](const std::vector<Card>& c) {
                    if (plain_set(c) || plain_run(c)) brute.insert(c[i].value);
                });
                auto it = std::find_if(r.jokers.begin(), r.jokers.end(),
                                       [&](const JokerReading& j) { return j.joker == m[i]; });
                ASSERT_NE(it, r.jokers.end());
                EXPECT_EQ(std::set<int>(it->stands_for.begin(), it->stands_for.end()), brute);
            }
        });
    }
    EXPECT_GT(valid, 100);
    EXPECT_GT(checked, 100000);
}

// "Nel caso una scala sia composta da quattro carte e' possibile sottrarre solo una delle due carte
// agli estremi": from a run only an end card (in some reading of its jokers); from a set any card.
TEST(AkelarreMeld, TakingFromFourCardMeldsAgreesWithBruteForce) {
    auto kinds = all_card_kinds();
    int runs = 0;
    for_each_multiset(kinds, 4, [&](const std::vector<Card>& m) {
        if (!read_meld(m).valid) return;
        for (std::size_t i = 0; i < m.size(); ++i) {
            bool brute = false;
            for_each_substitution(m, [&](const std::vector<Card>& c) {
                if (plain_set(c)) brute = true;
                if (!plain_run(c)) return;
                int lo = 7, hi = 0;
                for (const Card& x : c) lo = std::min(lo, x.value), hi = std::max(hi, x.value);
                if (c[i].value == lo || c[i].value == hi) brute = true;
            });
            EXPECT_EQ(can_take(m, i), brute)
                << to_string(m[0]) << to_string(m[1]) << to_string(m[2]) << to_string(m[3]) << " #" << i;
        }
        runs += read_meld(m).kind == MeldKind::Run;
    });
    EXPECT_GT(runs, 10);
    EXPECT_FALSE(can_take(cards({"F2", "F3", "F4", "F5"}), 1));
    EXPECT_TRUE(can_take(cards({"F2", "F3", "F4", "F5"}), 3));
    EXPECT_FALSE(can_take(cards({"F2", "F3", "F4", "FJ"}), 2));  // FJ can only be F5 here
}
