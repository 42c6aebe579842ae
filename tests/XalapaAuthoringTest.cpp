// Xalapa authoring: deals follow each level's set-up, generated puzzles re-solve and stay unique
// under an independent solver, explanations' conflict sets are conflicting and minimal (brute
// force), and the census of a tiny board matches brute force.
#include <gtest/gtest.h>

#include <set>
#include <sstream>

#include "model/xalapa/Components.h"
#include "puzzles/xalapa/Census.h"
#include "puzzles/xalapa/Deal.h"
#include "puzzles/xalapa/Generator.h"
#include "puzzles/xalapa/RandomChallenge.h"
#include "tests/support/TestScale.h"
#include "tests/support/XalapaBruteForce.h"
#include "tests/support/XalapaCatalogue.h"

using namespace tlaloc;
using namespace tlaloc::xalapa;
using namespace tlaloc::test_support;

namespace {
Deck deck_of(const std::string& id) { return shipped().card(id).deck; }
bool is_number(const std::string& id) {
    return id.rfind("printed-", 0) == 0 || shipped().card(id).kind != OracleCard::Kind::FeatureCard;
}
}  // namespace

TEST(XalapaCatalogue, ShippedComponentsFollowTheDigest) {
    const Catalogue& c = shipped();
    int novice = 0, intermediate = 0, expert = 0;
    for (const auto& card : c.cards) {
        novice += card.deck == Deck::Novice;
        intermediate += card.deck == Deck::Intermediate;
        expert += card.deck == Deck::Expert;
    }
    EXPECT_EQ(novice, 13);  // 13 / 7 / 7 = 27 oracle cards
    EXPECT_EQ(intermediate, 7);
    EXPECT_EQ(expert, 7);
    EXPECT_EQ(c.positions.size(), 9u);
    for (const auto& p : c.positions) {
        EXPECT_EQ(p.three.cells.size(), 3u) << p.id;
        EXPECT_EQ(p.four.cells.size(), 4u) << p.id;
    }
    ASSERT_EQ(c.boards.size(), 12u);  // 6 boards, both sides
    for (const auto& b : c.boards) {
        EXPECT_EQ(b.board.rows, 6);
        EXPECT_EQ(b.board.cols, 6);
        int blank = 0;
        std::set<int> lines;
        for (const auto& f : b.board.fields) {
            EXPECT_LE(f.symbol_count(), 2);
            blank += f.symbol_count() == 0;
            for (int l = 0; l < 3; ++l)
                if (f.lines >> l & 1) lines.insert(l);
        }
        EXPECT_LT(blank, 8) << b.id << ": most fields show symbols";
        EXPECT_EQ(lines.size(), 3u) << b.id << ": three lines";
    }
    // Four fronts share one pattern, two of them mirrored.
    const Board& sun = c.board("sun-front")->board;
    const Board& rain = c.board("rain-front")->board;
    for (int r = 0; r < 6; ++r)
        for (int col = 0; col < 6; ++col) {
            EXPECT_EQ(sun.at({r, col}).symbols, rain.at({r, 5 - col}).symbols);
            EXPECT_EQ(sun.at({r, col}).black, rain.at({r, 5 - col}).black);
        }
}

TEST(XalapaDeal, EachLevelFollowsItsSetUp) {
    for (std::uint64_t seed = 1; seed <= 30; ++seed) {
        DealOptions o;
        o.seed = seed;
        o.level = Level::Basic;
        Deal basic = deal(shipped(), o);
        ASSERT_EQ(basic.cards().columns.size(), 4u);  // + the formation = 5 challenges
        EXPECT_EQ(basic.cards().columns[0].top, "printed-1");
        EXPECT_EQ(basic.cards().columns[1].top, "printed-2");
        EXPECT_EQ(basic.cards().columns[2].top, "novice-1-stone");
        EXPECT_EQ(basic.cards().columns[3].top, "novice-2-stones");
        for (const auto& c : basic.cards().columns)
            EXPECT_TRUE(deck_of(c.bottom) == Deck::Novice && !is_number(c.bottom));
        EXPECT_EQ(basic.cards().position_side, 3);
        EXPECT_EQ(basic.challenge.task_count(), 5);

        o.level = Level::One;
        Deal one = deal(shipped(), o);
        ASSERT_EQ(one.cards().columns.size(), 4u);
        EXPECT_EQ(one.cards().columns[0].top, "printed-1");
        EXPECT_EQ(one.cards().columns[1].top, "printed-2");
        EXPECT_EQ(one.challenge.tasks[2].kind, Task::Kind::Same);  // feature over feature
        EXPECT_EQ(one.challenge.tasks[3].kind, Task::Kind::Same);
        std::set<std::string> used;
        for (const auto& c : one.cards().columns)
            for (const auto& id : {c.top, c.bottom})
                if (id.rfind("printed-", 0) != 0) {
                    EXPECT_TRUE(used.insert(id).second) << "card dealt twice: " << id;
                    EXPECT_EQ(deck_of(id), Deck::Novice);
                    EXPECT_FALSE(is_number(id)) << "level 1 removes the number cards";
                }

        o.level = Level::Two;
        Deal two = deal(shipped(), o);
        ASSERT_EQ(two.cards().columns.size(), 6u);  // 7 challenges with the formation
        for (int k = 4; k < 6; ++k) {
            EXPECT_EQ(deck_of(two.cards().columns[k].top), Deck::Intermediate);
            EXPECT_EQ(deck_of(two.cards().columns[k].bottom), Deck::Intermediate);
        }
        EXPECT_EQ(two.cards().position_side, 4);

        o.level = Level::Three;
        Deal three = deal(shipped(), o);
        EXPECT_EQ(three.cards().columns[4].top, "expert-1-stone");
        EXPECT_EQ(three.cards().columns[5].top, "expert-2-stones");
        EXPECT_EQ(deck_of(three.cards().columns[4].bottom), Deck::Expert);

        o.level = Level::Four;
        Deal four = deal(shipped(), o);
        for (int k = 0; k < 4; ++k)
            for (const auto& id : {four.cards().columns[k].top, four.cards().columns[k].bottom})
                if (id.rfind("printed-", 0) != 0) {
                    EXPECT_NE(deck_of(id), Deck::Intermediate);
                }
        EXPECT_EQ(deck_of(four.cards().columns[5].bottom), Deck::Intermediate);

        o.level = Level::Five;
        Deal five = deal(shipped(), o);
        EXPECT_EQ(five.cards().columns.size(), 6u);
    }
}

// The model's table of oracle cards on the board (what rulebook claims are checked against) is
// what the dealer puts there, whatever the seed.
TEST(XalapaDeal, CardsOnTheBoardFollowTheModelsTable) {
    const auto& table = component_tables().at("oracle_cards_on_the_board");
    ASSERT_EQ(table.size(), 6u);
    for (const auto& [level, expected] : table) {
        for (std::uint64_t seed = 1; seed <= 20; ++seed) {
            DealOptions o;
            o.level = *parse_level(level);
            o.seed = seed;
            Deal d = deal(shipped(), o);
            std::set<std::string> cards;
            for (const auto& column : d.cards().columns)
                for (const std::string& id : {column.top, column.bottom})
                    if (!printed_number(id)) cards.insert(id);
            EXPECT_EQ(static_cast<int>(cards.size()), expected) << "level " << level << " seed " << seed;
        }
    }
}

TEST(XalapaDeal, ColumnRules) {
    // Number over feature: exactly N; feature over feature: as many; number over number: at least the sum.
    Task t = column_task(shipped(), {"printed-2", "novice-gecko"});
    EXPECT_EQ(t.kind, Task::Kind::Count);
    EXPECT_EQ(t.lo, 2);
    EXPECT_EQ(t.hi, 2);
    t = column_task(shipped(), {"novice-red", "novice-gecko"});
    EXPECT_EQ(t.kind, Task::Kind::Same);
    t = column_task(shipped(), {"novice-1-stone", "novice-2-stones"});
    EXPECT_EQ(t.feature.name(), "any");
    EXPECT_EQ(t.lo, 3);  // the seed: "at least 3 stones must be placed"
    t = column_task(shipped(), {"expert-at-most-1-stone", "novice-corner"});
    EXPECT_EQ(t.lo, 0);
    EXPECT_EQ(t.hi, 1);
}

TEST(XalapaDeal, SameSeedSameRoundAndTheFileParses) {
    DealOptions o;
    o.level = Level::Two;
    o.seed = 42;
    Json a = deal_to_json(deal(shipped(), o), o), b = deal_to_json(deal(shipped(), o), o);
    EXPECT_EQ(a.dump(), b.dump());
    Challenge back = parse_challenge(JsonPlace(a, "deal.json"), "deal.json");
    EXPECT_EQ(back.tasks.size(), 6u);
    EXPECT_EQ(a["cards"]["columns"].size(), 6u);
}

// The deal's challenge carries the cards it named; its file names them under "cards", and the file
// parses back to the same cards, at every level.
TEST(XalapaDeal, TheFileCarriesTheDealtCards) {
    for (int level = 0; level < 6; ++level) {
        SCOPED_TRACE(kLevelNames[level]);
        DealOptions o;
        o.level = static_cast<Level>(level);
        o.seed = 9;
        Deal dealt = deal(shipped(), o);
        ASSERT_TRUE(dealt.challenge.cards);
        EXPECT_EQ(dealt.cards().columns.size(), dealt.challenge.tasks.size());
        Json file = deal_to_json(dealt, o);
        Challenge back = parse_challenge(JsonPlace(file, "deal.json"), "deal.json");
        ASSERT_TRUE(back.cards);
        EXPECT_EQ(*back.cards, dealt.cards());
        EXPECT_EQ(back.extra, Json({{"level", kLevelNames[level]}, {"seed", 9}}));
        EXPECT_EQ(challenge_to_json(back).dump(), file.dump());
    }
}

TEST(XalapaGenerator, UniquePuzzlesReSolveUniqueUnderAnIndependentSolver) {
    GenerateOptions g;
    g.level = Level::Two;
    g.count = 4;
    g.seed = 3;
    g.unique = true;
    ChallengeSolver solver;
    auto puzzles = generate(shipped(), g, solver);
    ASSERT_EQ(puzzles.size(), 4u);
    ChallengeSolver other(SolverBackend::SatCore);  // another Z3 engine, fresh context
    for (const auto& p : puzzles) {
        Json file = deal_to_json(p.deal, p.deal_options);
        Challenge ch = parse_challenge(JsonPlace(file, "gen.json"), "gen.json");
        Solution s = other.solve(ch);
        EXPECT_EQ(s.evaluation.penalty, p.solution.evaluation.penalty);
        OptimalSets sets = other.optimal_sets(ch, s, 10);
        EXPECT_EQ(sets.count, 1);
        EXPECT_FALSE(sets.more);
        EXPECT_EQ(sets.examples[0], p.solution.stones);
    }
    // Same seed, same output.
    auto again = generate(shipped(), g, solver);
    ASSERT_EQ(again.size(), puzzles.size());
    for (std::size_t i = 0; i < again.size(); ++i)
        EXPECT_EQ(again[i].deal_options.seed, puzzles[i].deal_options.seed);
}

TEST(XalapaGenerator, DifficultyIsExact) {
    ChallengeSolver solver;
    std::set<int> seen;
    for (int d = 0; d < static_cast<int>(kDifficultyLevels.size()); ++d) {
        GenerateOptions g;
        g.level = Level::One;
        g.count = 1;
        g.seed = 11;
        g.difficulty = d;
        g.max_attempts = 40;
        for (const auto& p : generate(shipped(), g, solver)) {
            EXPECT_EQ(rate(solver, p.deal.challenge).level, d);
            EXPECT_EQ(p.rating.level, d);
            seen.insert(d);
        }
    }
    EXPECT_GE(seen.size(), 2u) << "the filter lets several levels through";
}

TEST(XalapaExplain, ConflictSetsAreConflictingAndMinimalByBruteForce) {
    std::mt19937_64 rng(17);
    ChallengeSolver solver;
    int checked = 0;
    for (int i = 0; i < 300 && checked < 40; ++i) {
        RandomChallengeOptions o;
        o.min_rows = o.min_cols = 2;
        o.max_rows = o.max_cols = 4;
        o.min_tasks = 3;
        o.max_tasks = 6;
        o.formation_cells = i % 2 ? 3 : 0;
        o.max_stones = 3 + i % 3;
        Challenge ch = random_challenge(rng, o);
        std::vector<int> all;
        for (int t = 0; t < ch.task_count(); ++t) all.push_back(t);
        int budget = ch.max_stones;
        auto conflict = solver.minimal_conflict(ch, all, budget);
        SCOPED_TRACE(challenge_to_json(ch).dump());
        EXPECT_EQ(!conflict.has_value(), brute_can_meet(ch, all, budget));
        if (!conflict) continue;
        ++checked;
        EXPECT_FALSE(brute_can_meet(ch, *conflict, budget)) << "the set conflicts";
        for (std::size_t k = 0; k < conflict->size(); ++k) {
            auto smaller = *conflict;
            smaller.erase(smaller.begin() + static_cast<long>(k));
            EXPECT_TRUE(brute_can_meet(ch, smaller, budget)) << "dropping any one task resolves it";
        }
        // The explanation's table (fewest stones per number of tasks given up) reproduces the optimum.
        auto table = solver.fewest_stones_by_given_up(ch);
        int best = 1 << 30;
        for (std::size_t u = 0; u < table.size(); ++u)
            if (table[u]) best = std::min(best, *table[u] + ch.disfavor * static_cast<int>(u));
        EXPECT_EQ(best, brute_force(ch).best);
    }
    EXPECT_GE(checked, 20);
}

TEST(XalapaCensus, TinyBoardMatchesBruteForce) {
    Catalogue tiny = shipped();
    Json j = Json::parse(R"({"id": "tiny", "rows": [["cactus/red", "gecko", "bird/blue"],
                                                    ["", "cactus+gecko/yellow", "bird"],
                                                    ["gecko/red", "bird+cactus", "/blue"]]})");
    tiny.boards = {{"tiny", "", parse_board(JsonPlace(j, "tiny"))}};
    tiny.positions.resize(2);
    auto items = basic_census_items(tiny);
    ASSERT_EQ(items.size(), 2u * 55 * 36);  // 2 positions x unordered pairs for the 1- and the 2-columns
    ChallengeSolver solver;
    std::ostringstream lines;
    const std::size_t step = test_support::small_test_scale() ? 35 : 7;
    for (std::size_t i = 0; i < items.size(); i += step) {
        Json rec = census_record(solver, tiny, items[i], static_cast<std::int64_t>(items.size()),
                                 CensusRecordOptions{.rate = false});
        BruteForce bf = brute_force(atlas_challenge(tiny, items[i]));
        ASSERT_EQ(rec["penalty"].get<int>(), bf.best);
        ASSERT_EQ(rec["unique"].get<bool>(), bf.optimal_sets == 1);
        lines << rec.dump() << "\n";
    }
    std::string text;
    Json summary = summarize_census({{"a.jsonl", lines.str()}, {"b.jsonl", lines.str()}}, tiny, text);
    EXPECT_EQ(summary["challenges"].get<std::size_t>(), (items.size() + step - 1) / step);
    EXPECT_EQ(summary["duplicate_lines"].get<std::size_t>(), (items.size() + step - 1) / step);
    EXPECT_GT(summary["missing"].get<std::int64_t>(), 0);
    EXPECT_NE(text.find("INCOMPLETE"), std::string::npos);
    EXPECT_THROW(summarize_census({{"bad.jsonl", "{\"index\": 1}\n"}}, tiny, text), InputError);
}
