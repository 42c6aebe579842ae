// The count model and the count search (the Z3 descent's incumbent) against an independent
// exhaustive search: the search's penalty is the true minimum whenever it says it finished, its
// stones are legal and score what it says, and the count model's stone sets have the counts asked.
#include <gtest/gtest.h>

#include "puzzles/xalapa/RandomChallenge.h"
#include "solver/xalapa/CountSearch.h"
#include "tests/support/XalapaBruteForce.h"

using namespace tlaloc;
using namespace tlaloc::xalapa;
using namespace tlaloc::test_support;

namespace {
RandomChallengeOptions small_options(int i) {
    RandomChallengeOptions o;
    o.min_rows = o.min_cols = 2;
    o.max_rows = o.max_cols = 4;
    o.min_tasks = 1;
    o.max_tasks = 6;
    o.formation_cells = i % 3 == 0 ? 0 : 2 + i % 3;
    o.random_orientations = true;
    o.max_stones = 1 + i % 6;
    return o;
}
}  // namespace

TEST(XalapaCountSearch, FindsTheExhaustiveMinimumOn200RandomChallenges) {
    std::mt19937_64 rng(77);
    for (int i = 0; i < 200; ++i) {
        Challenge ch = random_challenge(rng, small_options(i));
        SCOPED_TRACE(challenge_to_json(ch).dump());
        ChallengeFields fields(ch);
        CountModel model(ch, fields);
        CountSearchResult r = count_search(ch, model);
        ASSERT_TRUE(r.complete);
        Evaluation e = evaluate(ch, fields, r.stones);
        EXPECT_TRUE(e.within_limit);
        EXPECT_EQ(e.penalty, r.penalty);
        EXPECT_EQ(r.penalty, brute_force(ch).best);
    }
}

TEST(XalapaCountSearch, WithRequiredTasksItFindsTheFewestStonesMeetingThem) {
    std::mt19937_64 rng(78);
    for (int i = 0; i < 150; ++i) {
        Challenge ch = random_challenge(rng, small_options(i));
        SCOPED_TRACE(challenge_to_json(ch).dump());
        ChallengeFields fields(ch);
        CountModel model(ch, fields);
        // A random set of required tasks (the formation is index tasks.size()), the rest ignored.
        std::vector<int> required, weight(ch.tasks.size() + 1, 0);
        for (int t = 0; t < ch.task_count(); ++t)
            if (std::uniform_int_distribution<int>(0, 2)(rng) == 0) {
                required.push_back(t);
                weight[static_cast<std::size_t>(t)] = ch.max_stones + 1;
            }
        CountSearchResult r = count_search(ch, model, weight);
        ASSERT_TRUE(r.complete);
        if (r.penalty <= ch.max_stones) {
            EXPECT_TRUE(brute_can_meet(ch, required, r.penalty));
            if (r.penalty > 0) {
                EXPECT_FALSE(brute_can_meet(ch, required, r.penalty - 1));
            }
        } else {
            EXPECT_FALSE(brute_can_meet(ch, required, ch.max_stones));
        }
    }
}

TEST(XalapaCountSearch, ANodeLimitStillGivesALegalSetThatScoresWhatItSays) {
    std::mt19937_64 rng(5);
    int cut_short = 0;
    for (int i = 0; i < 40; ++i) {
        RandomChallengeOptions o;
        o.min_tasks = o.max_tasks = 7;
        o.formation_cells = 4;
        Challenge ch = random_challenge(rng, o);
        ChallengeFields fields(ch);
        CountModel model(ch, fields);
        CountSearchResult r = count_search(ch, model, 3);
        cut_short += !r.complete;
        Evaluation e = evaluate(ch, fields, r.stones);
        EXPECT_TRUE(e.within_limit);
        EXPECT_EQ(e.penalty, r.penalty);
        EXPECT_GE(r.penalty, count_search(ch, model).penalty);
    }
    EXPECT_GT(cut_short, 30);
}

TEST(XalapaCountModel, ClassesSplitByTaskFeaturesAndStoneSetsHaveTheAskedCounts) {
    std::mt19937_64 rng(9);
    for (int i = 0; i < 100; ++i) {
        Challenge ch = random_challenge(rng, small_options(i));
        ChallengeFields fields(ch);
        CountModel model(ch, fields);
        // Fields of one class agree on every task feature; fields of different classes do not.
        for (std::size_t c = 0; c < model.classes.size(); ++c)
            for (int f : model.classes[c])
                for (std::size_t t = 0; t < ch.tasks.size(); ++t) {
                    EXPECT_EQ(fields.feature[t].test(f), fields.feature[t].test(model.classes[c][0]));
                    EXPECT_EQ(fields.other[t].test(f), fields.other[t].test(model.classes[c][0]));
                }
        // Every placement's demand is met by some kept placement's demand (none lost).
        for (const auto& p : fields.placements) {
            std::vector<int> d = model.counts_of(p);
            bool covered = false;
            for (const auto& kept : model.demand) {
                bool below = true;
                for (std::size_t c = 0; c < d.size(); ++c) below = below && kept[c] <= d[c];
                covered = covered || below;
            }
            EXPECT_TRUE(covered);
        }
        // Random counts, with and without a placement first.
        std::vector<int> counts;
        for (std::size_t c = 0; c < model.classes.size(); ++c)
            counts.push_back(std::uniform_int_distribution<int>(0, model.size(c))(rng));
        EXPECT_EQ(model.counts_of(model.stones_for(counts, -1)), counts);
        for (std::size_t j = 0; j < model.demand.size(); ++j) {
            std::vector<int> at_least = counts;
            for (std::size_t c = 0; c < counts.size(); ++c)
                at_least[c] = std::max(counts[c], model.demand[j][c]);
            CellSet s = model.stones_for(at_least, static_cast<int>(j));
            EXPECT_EQ(model.counts_of(s), at_least);
            EXPECT_EQ(s & model.placement[j], model.placement[j]);
        }
    }
}
