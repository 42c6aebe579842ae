// The solver's shared pieces against brute force: the cardinality helpers (every edge case: empty
// list, k <= 0, k > n, negative and zero weights) on every assignment of a few literals, and the
// lexicographic optimise-then-prove on tiny random models, including what it reports when the time
// limit stops it; the huge-page allocator of the search tables against a plain vector.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <random>
#include <string>
#include <thread>

#include "solver/common/Cardinality.h"
#include "solver/common/HugePages.h"
#include "solver/common/Minimise.h"

using namespace tlaloc;
using namespace tlaloc::solver;

namespace {

z3::expr_vector variables(z3::context& ctx, int n) {
    z3::expr_vector v(ctx);
    for (int i = 0; i < n; ++i) v.push_back(ctx.bool_const(("x" + std::to_string(i)).c_str()));
    return v;
}

// Whether `constraint` holds when literal i is bit i of `assignment`, as Z3 decides it.
bool holds(z3::solver& s, const z3::expr& constraint, const z3::expr_vector& x, unsigned assignment) {
    s.push();
    s.add(constraint);
    z3::expr_vector fixed(x.ctx());
    for (unsigned i = 0; i < x.size(); ++i) fixed.push_back((assignment >> i & 1) ? x[i] : !x[i]);
    const bool sat = s.check(fixed) == z3::sat;
    s.pop();
    return sat;
}

int weighted_sum(const std::vector<int>& weights, unsigned assignment) {
    int sum = 0;
    for (std::size_t i = 0; i < weights.size(); ++i)
        if (assignment >> i & 1) sum += weights[i];
    return sum;
}

// Every k from below the sum's range to above it, every assignment: the three comparisons agree
// with the sum computed here.
void expect_weighted_agrees(const std::vector<int>& weights) {
    z3::context ctx;
    z3::solver s(ctx);
    const z3::expr_vector x = variables(ctx, static_cast<int>(weights.size()));
    int low = 0, high = 0;
    for (int w : weights) (w < 0 ? low : high) += w;
    for (int k = low - 2; k <= high + 2; ++k) {
        const z3::expr le = weighted_at_most(x, weights, k), ge = weighted_at_least(x, weights, k),
                       eq = weighted_exactly(x, weights, k);
        for (unsigned a = 0; a < (1u << weights.size()); ++a) {
            const int sum = weighted_sum(weights, a);
            EXPECT_EQ(holds(s, le, x, a), sum <= k) << "sum <= " << k << ", assignment " << a;
            EXPECT_EQ(holds(s, ge, x, a), sum >= k) << "sum >= " << k << ", assignment " << a;
            EXPECT_EQ(holds(s, eq, x, a), sum == k) << "sum == " << k << ", assignment " << a;
        }
    }
}

}  // namespace

TEST(SolverCardinality, CountsAgreeWithEveryAssignment) {
    for (int n = 0; n <= 4; ++n) {
        z3::context ctx;
        z3::solver s(ctx);
        const z3::expr_vector x = variables(ctx, n);
        for (int k = -2; k <= n + 2; ++k) {
            const z3::expr le = at_most(x, k), ge = at_least(x, k), eq = exactly(x, k);
            for (unsigned a = 0; a < (1u << n); ++a) {
                const int count = __builtin_popcount(a);
                EXPECT_EQ(holds(s, le, x, a), count <= k) << n << " literals, at most " << k;
                EXPECT_EQ(holds(s, ge, x, a), count >= k) << n << " literals, at least " << k;
                EXPECT_EQ(holds(s, eq, x, a), count == k) << n << " literals, exactly " << k;
            }
        }
    }
}

TEST(SolverCardinality, BoundsEveryOrNoAssignmentMeetsAreConstants) {
    z3::context ctx;
    const z3::expr_vector none(ctx), three = variables(ctx, 3);
    EXPECT_TRUE(at_most(none, 0).is_true());
    EXPECT_TRUE(at_most(none, -1).is_false());
    EXPECT_TRUE(at_least(none, 0).is_true());
    EXPECT_TRUE(at_least(none, 1).is_false());
    EXPECT_TRUE(exactly(none, 0).is_true());
    EXPECT_TRUE(exactly(none, 1).is_false());
    EXPECT_TRUE(at_most(three, 3).is_true());
    EXPECT_TRUE(at_most(three, -1).is_false());
    EXPECT_TRUE(at_least(three, 0).is_true());
    EXPECT_TRUE(at_least(three, -5).is_true());
    EXPECT_TRUE(at_least(three, 4).is_false());
    EXPECT_TRUE(exactly(three, -1).is_false());
    EXPECT_TRUE(exactly(three, 4).is_false());
    // Bounds that some assignments meet and some do not stay Z3's pseudo-Boolean forms.
    EXPECT_FALSE(at_most(three, 0).is_const());
    EXPECT_FALSE(at_least(three, 3).is_const());
    EXPECT_FALSE(exactly(three, 0).is_const());
    EXPECT_FALSE(exactly(three, 3).is_const());
    // Weighted: the range is [sum of negative weights, sum of positive ones].
    EXPECT_TRUE(weighted_at_most(three, {2, -1, 0}, 2).is_true());
    EXPECT_TRUE(weighted_at_most(three, {2, -1, 0}, -2).is_false());
    EXPECT_TRUE(weighted_at_least(three, {2, -1, 0}, -1).is_true());
    EXPECT_TRUE(weighted_at_least(three, {2, -1, 0}, 3).is_false());
    EXPECT_TRUE(weighted_exactly(three, {0, 0, 0}, 0).is_true());
    EXPECT_TRUE(weighted_exactly(none, {}, 0).is_true());
    EXPECT_TRUE(weighted_exactly(none, {}, 1).is_false());
    EXPECT_THROW(weighted_at_most(three, {1, 1}, 1), std::invalid_argument);
}

TEST(SolverCardinality, WeightedSumsAgreeWithEveryAssignment) {
    expect_weighted_agrees({});
    expect_weighted_agrees({0});
    expect_weighted_agrees({-1});
    expect_weighted_agrees({3, -2});
    expect_weighted_agrees({1, 1, -1, -1});
    expect_weighted_agrees({2, 0, -3, 1});
    std::mt19937 rng(7);
    std::uniform_int_distribution<int> weight(-3, 3), size(1, 4);
    for (int i = 0; i < 6; ++i) {
        std::vector<int> w(static_cast<std::size_t>(size(rng)));
        for (int& v : w) v = weight(rng);
        expect_weighted_agrees(w);
    }
}

namespace {

constexpr int kVars = 5;

// A tiny random model: kVars literals under a few random clauses, and three objectives, each a
// weighted sum of the literals (weights 0..3, so values 0..15) to minimise.
struct TinyModel {
    std::vector<std::vector<int>> clauses;  // literal i + 1, or -(i + 1) for its negation
    std::vector<std::vector<int>> weights;  // per objective

    explicit TinyModel(std::mt19937& rng) {
        std::uniform_int_distribution<int> var(0, kVars - 1), coin(0, 1), w(0, 3), count(2, 6);
        for (int c = count(rng); c > 0; --c) {
            std::vector<int> clause;
            for (int l = 0; l < 2; ++l) clause.push_back(coin(rng) ? var(rng) + 1 : -(var(rng) + 1));
            clauses.push_back(clause);
        }
        for (int o = 0; o < 3; ++o) {
            weights.emplace_back();
            for (int i = 0; i < kVars; ++i) weights.back().push_back(w(rng));
        }
    }

    bool feasible(unsigned a) const {
        for (const auto& clause : clauses) {
            bool any = false;
            for (int l : clause) any = any || (((a >> (std::abs(l) - 1)) & 1) == (l > 0 ? 1u : 0u));
            if (!any) return false;
        }
        return true;
    }

    // The lexicographic minimum by enumeration, or empty when no assignment is feasible.
    std::vector<std::int64_t> brute_force() const {
        std::vector<std::int64_t> best;
        for (unsigned a = 0; a < (1u << kVars); ++a) {
            if (!feasible(a)) continue;
            std::vector<std::int64_t> value;
            for (const auto& w : weights) value.push_back(weighted_sum(w, a));
            if (best.empty() || value < best) best = value;
        }
        return best;
    }

    void add_to(z3::solver& s, const z3::expr_vector& x) const {
        for (const auto& clause : clauses) {
            z3::expr_vector lits(s.ctx());
            for (int l : clause) lits.push_back(l > 0 ? x[l - 1] : !x[-l - 1]);
            s.add(z3::mk_or(lits));
        }
    }

    // Objective o as a Stage; its value re-evaluated from the model, not taken from Z3's sum.
    Stage stage(int o, const z3::expr_vector& x) const {
        Stage st;
        const std::vector<int>& w = weights[static_cast<std::size_t>(o)];
        st.objective.at_most = [x, w](std::int64_t b) { return weighted_at_most(x, w, b); };
        st.objective.value_of = [x, w](const z3::model& m) {
            unsigned a = 0;
            for (unsigned i = 0; i < x.size(); ++i) a |= m.eval(x[i], true).is_true() ? 1u << i : 0u;
            return static_cast<std::int64_t>(weighted_sum(w, a));
        };
        return st;
    }
};

}  // namespace

TEST(SolverLexicographic, MatchesEnumerationOnRandomTinyModels) {
    std::mt19937 rng(2024);
    int infeasible = 0;
    for (int round = 0; round < 60; ++round) {
        const TinyModel model(rng);
        const std::vector<std::int64_t> expected = model.brute_force();
        z3::context ctx;
        z3::solver s(ctx);
        const z3::expr_vector x = variables(ctx, kVars);
        model.add_to(s, x);
        std::vector<Stage> stages;
        for (int o = 0; o < 3; ++o) stages.push_back(model.stage(o, x));
        // The lower-bound shortcut on the second objective, with a bound that is tight or one short.
        if (!expected.empty()) {
            stages[1].try_lower_bound_first = true;
            stages[1].objective.lower_bound = std::max<std::int64_t>(0, expected[1] - round % 2);
        }
        const LexicographicResult r = minimise_lexicographic(s, stages);
        if (expected.empty()) {
            ++infeasible;
            EXPECT_FALSE(r.feasible) << "round " << round;
            continue;
        }
        ASSERT_TRUE(r.feasible) << "round " << round;
        EXPECT_EQ(r.optima, expected) << "round " << round;
        ASSERT_TRUE(r.model.has_value());
        for (int o = 0; o < 3; ++o) EXPECT_EQ(stages[o].objective.value_of(*r.model), expected[o]);
        EXPECT_GE(r.checks, 3);
    }
    EXPECT_GT(infeasible, 0);  // the random clauses cover both cases
    EXPECT_LT(infeasible, 30);
}

TEST(SolverLexicographic, MaximisesThroughACeiling) {
    // Most true literals (the distance to the ceiling kVars minimised) with x0 and x1 exclusive,
    // then the fewest of x2..x4 among those: 4 true, x2..x4 all needed.
    z3::context ctx;
    z3::solver s(ctx);
    const z3::expr_vector x = variables(ctx, kVars);
    s.add(!(x[0] && x[1]));
    auto count = [x](const z3::model& m, unsigned from) {
        std::int64_t n = 0;
        for (unsigned i = from; i < x.size(); ++i) n += m.eval(x[i], true).is_true();
        return n;
    };
    std::vector<Stage> stages(2);
    stages[0].objective.at_most = [x](std::int64_t b) { return at_least(x, kVars - b); };
    stages[0].objective.value_of = [count](const z3::model& m) { return kVars - count(m, 0); };
    z3::expr_vector tail(ctx);
    for (int i = 2; i < kVars; ++i) tail.push_back(x[i]);
    stages[1].objective.at_most = [tail](std::int64_t b) { return at_most(tail, b); };
    stages[1].objective.value_of = [count](const z3::model& m) { return count(m, 2); };
    const LexicographicResult r = minimise_lexicographic(s, stages);
    ASSERT_TRUE(r.feasible);
    EXPECT_EQ(r.optima, (std::vector<std::int64_t>{1, 3}));
}

TEST(SolverLexicographic, ALowerBoundThatIsMetTakesOneCheck) {
    z3::context ctx;
    z3::solver s(ctx);
    const z3::expr_vector x = variables(ctx, kVars);
    s.add(at_least(x, 2));
    std::vector<Stage> stages(1);
    stages[0].objective.at_most = [x](std::int64_t b) { return at_most(x, b); };
    stages[0].objective.value_of = [x](const z3::model& m) {
        std::int64_t n = 0;
        for (unsigned i = 0; i < x.size(); ++i) n += m.eval(x[i], true).is_true();
        return n;
    };
    stages[0].objective.lower_bound = 2;
    stages[0].try_lower_bound_first = true;
    const LexicographicResult r = minimise_lexicographic(s, stages);
    ASSERT_TRUE(r.feasible);
    EXPECT_EQ(r.optima, std::vector<std::int64_t>{2});
    EXPECT_EQ(r.checks, 1);
}

namespace {

std::int64_t true_among(const z3::expr_vector& x, const z3::model& m, unsigned first, unsigned last) {
    std::int64_t n = 0;
    for (unsigned i = first; i < last; ++i) n += m.eval(x[i], true).is_true();
    return n;
}

// Three literals, at least two true; stage 1: the fewest true (2), stage 2: the fewest true among
// x0, x1 (1). Stage `slow`'s value_of waits until the one-second deadline has passed, so the check
// after its first model is refused; returns what the limit reported.
struct Stopped {
    LexicographicProgress progress;
    std::optional<std::int64_t> incumbent;
    std::string best_so_far;
};

Stopped stop_in_stage(std::size_t slow, std::int64_t first_lower_bound) {
    z3::context ctx;
    z3::solver s(ctx);
    const z3::expr_vector x = variables(ctx, 3);
    s.add(at_least(x, 2));
    const Deadline deadline(1);
    auto wait = [&deadline] {
        while (!deadline.passed()) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    };
    std::vector<Stage> stages(2);
    stages[0].objective.at_most = [x](std::int64_t b) { return at_most(x, b); };
    stages[0].objective.value_of = [&, x](const z3::model& m) {
        if (slow == 0) wait();
        return true_among(x, m, 0, 3);
    };
    stages[0].objective.lower_bound = first_lower_bound;
    stages[0].try_lower_bound_first = true;
    z3::expr_vector pair(ctx);
    pair.push_back(x[0]);
    pair.push_back(x[1]);
    stages[1].objective.at_most = [pair](std::int64_t b) { return at_most(pair, b); };
    stages[1].objective.value_of = [&, x](const z3::model& m) {
        if (slow == 1) wait();
        return true_among(x, m, 0, 2);
    };
    Stopped out;
    LexicographicOptions options;
    options.deadline = &deadline;
    options.best_so_far = [&](const LexicographicProgress& p) {
        out.progress = p;
        return "stage " + std::to_string(p.proved.size() + 1);
    };
    try {
        minimise_lexicographic(s, stages, options);
        ADD_FAILURE() << "the limit was not reached";
    } catch (const SearchLimitReached& e) {
        out.incumbent = e.incumbent();
        out.best_so_far = e.best_so_far();
    }
    return out;
}

}  // namespace

TEST(SolverLexicographic, TheLimitReportsTheProvedOptimaAndTheIncumbent) {
    const Stopped stopped = stop_in_stage(1, 0);
    EXPECT_EQ(stopped.progress.proved, std::vector<std::int64_t>{2});
    ASSERT_TRUE(stopped.incumbent.has_value());
    EXPECT_EQ(stopped.progress.incumbent, stopped.incumbent);
    EXPECT_GE(*stopped.incumbent, 1);
    EXPECT_EQ(stopped.progress.lower_bound, 0);
    EXPECT_EQ(stopped.best_so_far, "stage 2");
}

TEST(SolverLexicographic, TheLimitReportsALowerBoundRaisedByTheFirstTry) {
    // Lower bound 1 is not met (at least two literals hold): the descent then knows "at least 2".
    const Stopped stopped = stop_in_stage(0, 1);
    EXPECT_TRUE(stopped.progress.proved.empty());
    EXPECT_EQ(stopped.progress.lower_bound, 2);
    ASSERT_TRUE(stopped.incumbent.has_value());
    EXPECT_GE(*stopped.incumbent, 2);
    EXPECT_EQ(stopped.best_so_far, "stage 1");
}

TEST(SolverLexicographic, RejectsNoObjectives) {
    z3::context ctx;
    z3::solver s(ctx);
    EXPECT_THROW(minimise_lexicographic(s, {}), std::invalid_argument);
}

// The one line a stopped search gives: the time limit names --timeout, another limit names itself.
TEST(SolverSearchLimit, TheLineNamesTheLimitThatStoppedTheSearch) {
    SearchLimitReached timed("a play of 3 of 7 hand cards");
    timed.set_context("turn.json", 60);
    EXPECT_STREQ(
        timed.what(),
        "turn.json: no answer within the 60 s limit (raise --timeout); best found so far: a play of 3 "
        "of 7 hand cards");
    SearchLimitReached memory;
    memory.set_limit("memory (3 GB)");
    memory.set_context("turn.json", 60);
    EXPECT_STREQ(memory.what(),
                 "turn.json: no answer within the memory (3 GB) limit; best found so far: none");
}

// The tables of the exact searches grow from a few kilobytes through the 2 MB line (where the blocks
// become huge-page blocks) to tens of megabytes: every value must survive each reallocation, blocks
// above the line are aligned to 2 MB, and a size no allocation can hold is refused.
TEST(SolverHugePages, AVectorKeepsItsValuesAcrossTheHugeBlockLine) {
    HugeVector<std::uint64_t> huge;
    std::vector<std::uint64_t> plain;
    std::mt19937_64 rng(7);
    for (std::size_t i = 0; i < (std::size_t{6} << 20); ++i) {  // 48 MB of values
        const std::uint64_t v = rng();
        huge.push_back(v);
        plain.push_back(v);
        if (huge.capacity() * sizeof(std::uint64_t) >= HugePageAllocator<std::uint64_t>::kHuge) {
            ASSERT_EQ(reinterpret_cast<std::uintptr_t>(huge.data()) % HugePageAllocator<std::uint64_t>::kHuge,
                      0u);
        }
    }
    EXPECT_TRUE(std::equal(huge.begin(), huge.end(), plain.begin(), plain.end()));
    HugeVector<std::uint64_t> odd;  // a block that is not a whole number of 2 MB
    odd.reserve(HugePageAllocator<std::uint64_t>::kHuge / sizeof(std::uint64_t) * 3 / 2 + 1);
    odd.assign(plain.begin(), plain.begin() + static_cast<std::ptrdiff_t>(odd.capacity()));
    EXPECT_TRUE(std::equal(odd.begin(), odd.end(), plain.begin()));
    HugeVector<std::uint64_t> copy(huge.begin(), huge.begin() + 1000);  // small again: operator new
    EXPECT_TRUE(std::equal(copy.begin(), copy.end(), plain.begin()));
    huge.clear();
    huge.shrink_to_fit();
    EXPECT_EQ(huge.capacity(), 0u);
    HugePageAllocator<std::uint64_t> alloc;
    EXPECT_THROW(alloc.allocate(static_cast<std::size_t>(-1) / 4), std::bad_array_new_length);
    // Just below the size limit, where rounding up to 2 MB would wrap round.
    EXPECT_THROW(alloc.allocate(static_cast<std::size_t>(-1) / 8 - 1), std::bad_array_new_length);
}
