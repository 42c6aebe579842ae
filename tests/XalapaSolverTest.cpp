// The Xalapa solver against an independent exhaustive search: minimum penalty, proof, re-check,
// counting of optimal sets and forced stones, over random challenges of every shape.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>

#include "puzzles/xalapa/RandomChallenge.h"
#include "solver/xalapa/ChallengeSolver.h"
#include "tests/support/TestScale.h"
#include "tests/support/XalapaBruteForce.h"

using namespace tlaloc;
using namespace tlaloc::xalapa;
using namespace tlaloc::test_support;

namespace {

long long subsets_up_to(int n, int k) {
    long long total = 0, c = 1;
    for (int i = 0; i <= k; ++i) {
        total += c;
        c = c * (n - i) / (i + 1);
    }
    return total;
}

}  // namespace

TEST(XalapaSolver, AgreesWithExhaustiveSearchOn240RandomChallenges) {
    std::mt19937_64 rng(2026);
    ChallengeSolver solver, z3_alone;
    z3_alone.use_count_search(false);
    int descents = 0;
    int with_formation = 0, unmet_optimal = 0, non_square = 0;
    const int rounds = test_support::scaled_rounds(240, 3);
    for (int i = 0; i < rounds; ++i) {
        RandomChallengeOptions o;
        o.min_rows = o.min_cols = 1;
        o.max_rows = o.max_cols = 6;
        o.min_tasks = 0;
        o.max_tasks = 7;
        o.formation_cells = i % 3 == 0 ? 0 : 2 + i % 3;
        o.random_orientations = true;
        o.same_share = 0.35;
        o.conjunction_share = 0.3;
        o.max_stones = 1 + i % 8;
        Challenge ch = random_challenge(rng, o);
        ch.disfavor = i % 5 == 0 ? 1 + i % 4 : 3;
        // Keep the exhaustive search cheap: shrink max_stones until it is under 100k subsets.
        while (subsets_up_to(ch.board.size(), ch.max_stones) > 100000) --ch.max_stones;
        SCOPED_TRACE(challenge_to_json(ch).dump());
        BruteForce expected = brute_force(ch);
        Solution got = solver.solve(ch);
        ASSERT_TRUE(got.optimal);
        ASSERT_EQ(got.evaluation.penalty, expected.best);
        ASSERT_LE(got.evaluation.stones, ch.max_stones);
        ASSERT_EQ(brute_penalty(ch,
                                [&] {
                                    std::vector<int> v;
                                    for (int k = 0; k < ch.board.size(); ++k)
                                        if (got.stones.test(k)) v.push_back(k);
                                    return v;
                                }()),
                  expected.best);
        // The same optimum when Z3 descends from the empty board, bound by bound, with the
        // encoding's pruning (class caps, placements left out) applied at each scope's bound.
        Solution descended = z3_alone.solve(ch);
        ASSERT_TRUE(descended.optimal);
        ASSERT_EQ(descended.evaluation.penalty, expected.best);
        descents += descended.solver_checks > 1;
        OptimalSets sets = solver.optimal_sets(ch, got, 100000);
        ASSERT_FALSE(sets.more);
        ASSERT_EQ(sets.count, expected.optimal_sets);
        ASSERT_EQ(sets.forced, expected.forced);
        ASSERT_EQ(sets.never, expected.never);
        with_formation += ch.formation ? 1 : 0;
        unmet_optimal += got.evaluation.unmet > 0 ? 1 : 0;
        non_square += ch.board.rows != ch.board.cols ? 1 : 0;
    }
    // The sample really covers what it claims to.
    EXPECT_GT(with_formation, 100 * rounds / 240);
    EXPECT_GT(unmet_optimal, 20 * rounds / 240);
    EXPECT_GT(non_square, 100 * rounds / 240);
    EXPECT_GT(descents, 50 * rounds / 240);  // Z3 alone really had to find better sets on the way down
}

TEST(XalapaSolver, SixBySixWithFourStoneFormationsAgreeWithSmallStoneLimits) {
    std::mt19937_64 rng(99);
    ChallengeSolver solver, z3_alone;
    z3_alone.use_count_search(false);
    for (int i = 0; i < test_support::scaled_rounds(30); ++i) {
        RandomChallengeOptions o;
        o.min_tasks = 6;
        o.max_tasks = 7;
        o.formation_cells = 4;
        o.max_stones = 3 + i % 2;  // C(36, <=4) = 66k subsets
        Challenge ch = random_challenge(rng, o);
        SCOPED_TRACE(challenge_to_json(ch).dump());
        const int best = brute_force(ch).best;
        EXPECT_EQ(solver.solve(ch).evaluation.penalty, best);
        EXPECT_EQ(z3_alone.solve(ch).evaluation.penalty, best);
    }
}

TEST(XalapaSolver, AllBackendsAgree) {
    std::mt19937_64 rng(5);
    ChallengeSolver simple(SolverBackend::Simple), sat(SolverBackend::SatCore), smt(SolverBackend::Smt);
    for (int i = 0; i < 30; ++i) {
        Challenge ch = random_challenge(rng, RandomChallengeOptions{});
        int expected = simple.solve(ch).evaluation.penalty;
        EXPECT_EQ(sat.solve(ch).evaluation.penalty, expected);
        EXPECT_EQ(smt.solve(ch).evaluation.penalty, expected);
    }
}

TEST(XalapaSolver, GivingUpATaskWhenCheaper) {
    // Exactly 5 stones on a 6-field line costs 5; giving it up costs the disfavor 3.
    Json j = Json::parse(R"({"board": {"rows": [["/red","/red","/red","/red","/red","/red"]]},
                             "tasks": [{"feature": "red", "count": 5}]})");
    Challenge ch = parse_challenge(tlaloc::JsonPlace(j, "x"), "x");
    ChallengeSolver solver;
    Solution s = solver.solve(ch);
    EXPECT_EQ(s.evaluation.penalty, 3);
    EXPECT_EQ(s.evaluation.stones, 0);
    ch.disfavor = 6;
    EXPECT_EQ(solver.solve(ch).evaluation.penalty, 5);
}

// "At least 7 stones on the board" against a budget of 6 is a pigeonhole problem for Z3's
// pseudo-Boolean solver (minutes with the budget and the task as two cardinality constraints). The
// solver must settle it at once: the unary stone counter and the budget rule make it propagation.
TEST(XalapaSolver, ATaskNeedingMoreStonesThanTheBudgetIsSettledByPropagation) {
    Json j =
        Json::parse(R"({"board": {"rows": [["cactus","","","","",""],["","","","","",""],["","","","","",""],
                                                  ["","","","","",""],["","","","","",""],["","","","","","gecko"]]},
                             "tasks": [{"feature": "any", "at_least": 7}, {"feature": "cactus", "count": 1}],
                             "max_stones": 8})");
    Challenge ch = parse_challenge(tlaloc::JsonPlace(j, "x"), "x");
    ChallengeSolver solver;
    auto fewest = solver.fewest_stones_each(ch, {{0}, {0, 1}, {1}});
    EXPECT_EQ(fewest[0], 7);
    EXPECT_EQ(fewest[1], 7);
    EXPECT_EQ(fewest[2], 1);
    EXPECT_FALSE(solver.can_meet(ch, {0}, 6));
    EXPECT_TRUE(solver.can_meet(ch, {0, 1}, 7));
    EXPECT_EQ(solver.minimal_conflict(ch, {0, 1}, 6), std::vector<int>{0});
    auto table = solver.fewest_stones_by_given_up(ch);  // u = 0, 1, 2 unmet
    EXPECT_EQ(table[0], 7);
    EXPECT_EQ(table[1], 1);  // give up the seven, keep the cactus
    EXPECT_EQ(table[2], 0);
}

TEST(XalapaSolver, FewestStonesMeetingAGivenSubset) {
    Json j = Json::parse(R"({"board": {"rows": [["/red","gecko","/red"],["","","gecko"]]},
                             "tasks": [{"feature": "red", "count": 2}, {"feature": "gecko", "at_least": 1}]})");
    Challenge ch = parse_challenge(tlaloc::JsonPlace(j, "x"), "x");
    ChallengeSolver solver;
    auto fewest = solver.fewest_stones_each(ch, {{0, 1}, {0}, {1}});
    EXPECT_EQ(fewest[0], 3);  // both tasks: two red fields and a gecko
    EXPECT_EQ(fewest[1], 2);
    EXPECT_EQ(fewest[2], 1);
    ch.max_stones = 2;
    EXPECT_FALSE(solver.fewest_stones_each(ch, {{0, 1}})[0].has_value());
}

TEST(XalapaSolver, UniquenessDecidedInTheSolveScopeAgreesWithExhaustiveSearch) {
    std::mt19937_64 rng(314);
    ChallengeSolver solver, z3_alone;
    z3_alone.use_count_search(false);
    int unique = 0;
    for (int i = 0; i < 150; ++i) {
        RandomChallengeOptions o;
        o.min_rows = o.min_cols = 2;
        o.max_rows = o.max_cols = 4;
        o.min_tasks = 1;
        o.max_tasks = 5;
        o.formation_cells = i % 2 ? 3 : 0;
        o.random_orientations = true;
        o.max_stones = 2 + i % 5;
        Challenge ch = random_challenge(rng, o);
        SCOPED_TRACE(challenge_to_json(ch).dump());
        Solution s = solver.solve(ch, std::nullopt, true);
        ASSERT_TRUE(s.unique.has_value());
        BruteForce bf = brute_force(ch);
        ASSERT_EQ(s.evaluation.penalty, bf.best);
        ASSERT_EQ(*s.unique, bf.optimal_sets == 1);
        Solution descended = z3_alone.solve(ch, std::nullopt, true);
        ASSERT_EQ(descended.evaluation.penalty, bf.best);
        ASSERT_EQ(*descended.unique, bf.optimal_sets == 1);
        unique += *s.unique;
    }
    EXPECT_GT(unique, 20);
    EXPECT_LT(unique, 130);
}
