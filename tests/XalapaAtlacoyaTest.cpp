// The Atlacoya advisor against the exhaustive walk (tests/support/XalapaBruteForce.h): for every bid,
// whether the prefix can be met and with how few stones, and with tokens, the fewest covers and the
// stones they leave; plus the CLI's pinned JSON and its refusals.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <random>

#include "model/common/Json.h"
#include "puzzles/xalapa/Atlacoya.h"
#include "puzzles/xalapa/RandomChallenge.h"
#include "tests/support/CliRun.h"
#include "tests/support/ScratchDir.h"
#include "tests/support/TestScale.h"
#include "tests/support/XalapaBruteForce.h"

using namespace tlaloc;
using namespace tlaloc::xalapa;
using namespace tlaloc::test_support;

namespace {

// Tasks 0..bid-1 except `cover`, and the formation when there is one.
std::vector<int> rest_of(const Challenge& ch, int bid, const std::vector<int>& cover) {
    std::vector<int> out;
    for (int t = 0; t < bid; ++t)
        if (std::find(cover.begin(), cover.end(), t) == cover.end()) out.push_back(t);
    if (ch.formation) out.push_back(static_cast<int>(ch.tasks.size()));
    return out;
}

// The fewest covers of at most `tokens` tasks of 1..bid after which the rest can be met, with the
// fewest stones among covers of that size; -1 covers when none works. By trying every subset.
std::pair<int, int> brute_cover(const Challenge& ch, int bid, int tokens) {
    for (int k = 0; k <= std::min(tokens, bid); ++k) {
        int best = -1;
        for (int mask = 0; mask < (1 << bid); ++mask) {
            if (__builtin_popcount(static_cast<unsigned>(mask)) != k) continue;
            std::vector<int> cover;
            for (int t = 0; t < bid; ++t)
                if (mask >> t & 1) cover.push_back(t);
            const int stones = exact_fewest_stones(ch, rest_of(ch, bid, cover));
            if (stones >= 0 && (best < 0 || stones < best)) best = stones;
        }
        if (best >= 0) return {k, best};
    }
    return {-1, -1};
}

TEST(XalapaAtlacoya, EveryBidAgreesWithExhaustiveSearchOnRandomRows) {
    std::mt19937_64 rng(2024);
    RandomChallengeOptions o;
    o.min_rows = o.min_cols = 3;
    o.max_rows = o.max_cols = 5;
    o.min_tasks = 2;
    o.max_tasks = 8;
    ChallengeSolver solver;  // one solver for every row, as a batch would use it
    int impossible = 0, covered = 0;
    const int rows = scaled_rounds(120, 4);
    for (int i = 0; i < rows; ++i) {
        o.formation_cells = i % 3 == 0 ? 3 : 0;
        o.max_stones = 3 + i % 5;
        const Challenge row = random_challenge(rng, o);
        const int tokens = i % 4;
        const AtlacoyaAdvice advice = advise_bids(solver, row, tokens);
        const int top = std::min(7, static_cast<int>(row.tasks.size()));
        ASSERT_EQ(advice.bids.size(), static_cast<std::size_t>(top - 1));
        std::optional<int> best_bid;
        for (const BidAdvice& b : advice.bids) {
            const int fewest = exact_fewest_stones(row, rest_of(row, b.bid, {}));
            EXPECT_EQ(b.stones.value_or(-1), fewest) << "row " << i << " bid " << b.bid;
            impossible += fewest < 0;
            if (tokens == 0) {
                EXPECT_FALSE(b.tokens_needed);
                continue;
            }
            const auto [k, stones] = brute_cover(row, b.bid, tokens);
            EXPECT_EQ(b.tokens_needed.value_or(-1), k) << "row " << i << " bid " << b.bid;
            EXPECT_EQ(b.stones_with_cover.value_or(-1), stones) << "row " << i << " bid " << b.bid;
            if (k >= 0) {
                best_bid = b.bid;
                ASSERT_EQ(static_cast<int>(b.cover.size()), k);
                EXPECT_EQ(exact_fewest_stones(row, rest_of(row, b.bid, b.cover)), stones);
                covered += k > 0;
            }
        }
        EXPECT_EQ(advice.best_bid, best_bid) << "row " << i;
    }
    // The sample reaches both answers that matter: impossible prefixes, and prefixes only tokens save.
    EXPECT_GT(impossible, 0);
    EXPECT_GT(covered, 0);
}

TEST(XalapaAtlacoya, TheShippedRowAsPinnedJson) {
    CliRun r = run_tlaloc_split(std::string("xalapa atlacoya advise ") + TLALOC_SOURCE_DIR +
                                "/puzzles/xalapa/challenges/atlacoya-1.json --json --tokens 1");
    ASSERT_EQ(r.code, 0) << r.err;
    Json j = Json::parse(r.out);
    ASSERT_EQ(j["bids"].size(), 6u);
    const Challenge row =
        load_challenge(std::string(TLALOC_SOURCE_DIR) + "/puzzles/xalapa/challenges/atlacoya-1.json");
    for (const Json& b : j["bids"]) {
        const int bid = b["bid"].get<int>();
        const int fewest = exact_fewest_stones(row, rest_of(row, bid, {}));
        EXPECT_EQ(b["possible"].get<bool>(), fewest >= 0);
        if (fewest >= 0)
            EXPECT_EQ(b["stones"].get<int>(), fewest);
        else
            EXPECT_TRUE(b["stones"].is_null());
    }
    EXPECT_EQ(j["best"]["bid"].get<int>(), 7);
    EXPECT_EQ(j["best"]["cover"], Json::array({6}));
}

TEST(XalapaAtlacoya, ARowOfOneTaskIsRefused) {
    auto file = scratch_dir("atlacoya") / "one.json";
    std::ofstream(file)
        << R"({"board": ")" << TLALOC_SOURCE_DIR
        << R"(/puzzles/xalapa/boards/sun-front.json", "tasks": [{"feature": "cactus", "count": 1}]})";
    CliRun r = run_tlaloc_split("xalapa atlacoya advise " + file.string());
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find(file.string() + ": tasks"), std::string::npos) << r.err;
    EXPECT_EQ(r.out, "");
}

}  // namespace
