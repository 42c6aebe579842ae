// The domain scoring table (last page of both rulebooks): the subset enumeration against a brute
// force over every subset on small maps, and its '-' boundary against exact minimum spans.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <chrono>

#include "model/aztlan/DomainTable.h"
#include "model/aztlan/MinimumSpan.h"
#include "model/aztlan/PrintedTable.h"
#include "puzzles/aztlan/RandomMap.h"
#include "tests/support/AztlanFixtures.h"

using namespace tlaloc;
using namespace tlaloc::aztlan;
using aztlan_test::random_map;
using aztlan_test::run_tlaloc;

namespace {
// Every subset, connectivity by the plain flood fill: slow and obviously right.
std::array<std::vector<std::array<bool, kMaxBonusColumn + 1>>, kTerritoryTypeCount> brute_force(
    const Map& map, int max_size) {
    auto bits = map_bits(map);
    std::array<std::vector<std::array<bool, kMaxBonusColumn + 1>>, kTerritoryTypeCount> out;
    for (auto& rows : out) rows.assign(max_size, {});
    for (std::uint64_t s = 1; s < (std::uint64_t{1} << map.size()); ++s) {
        int size = std::popcount(s);
        if (size > max_size || !is_connected(bits, s)) continue;
        for (int t = 0; t < kTerritoryTypeCount; ++t) {
            int k = std::popcount(s & bits.of_type[t]);
            if (k <= kMaxBonusColumn) out[t][size - 1][k] = true;
        }
    }
    return out;
}
}  // namespace

TEST(AztlanTable, DomainPointsAreSizePlusBonusSquaredAndZeroWithoutBonus) {
    EXPECT_EQ(domain_points(4, 1), 5);
    EXPECT_EQ(domain_points(6, 3), 15);
    EXPECT_EQ(domain_points(9, 0), 0);
    EXPECT_EQ(domain_points(15, 6), 51);  // the printed table's last cell
}

TEST(AztlanTable, EnumerationEqualsBruteForceOnRandomMaps) {
    for (unsigned seed = 1; seed <= 12; ++seed) {
        Map map = random_map(14 + static_cast<int>(seed % 5), 6 + static_cast<int>(seed % 9), seed);
        int max_size = 4 + static_cast<int>(seed % 12);
        auto table = compute_domain_table(map, max_size);
        auto expected = brute_force(map, table.max_size);
        for (int t = 0; t < kTerritoryTypeCount; ++t) {
            ASSERT_EQ(table.per_type[t], expected[t])
                << "seed " << seed << " type " << kTerritoryTypeNames[t];
        }
        for (int n = 1; n <= table.max_size; ++n) {
            for (int k = 0; k <= kMaxBonusColumn; ++k) {
                bool any = false;
                for (int t = 0; t < kTerritoryTypeCount; ++t) any = any || expected[t][n - 1][k];
                ASSERT_EQ(table.achievable[n - 1][k], any) << "seed " << seed << " n " << n << " k " << k;
                if (!any) continue;
                // The witness is a connected set of n with exactly k of its type.
                const auto& w = *table.witness[n - 1][k];
                auto bits = map_bits(map);
                TerritorySet set = 0;
                for (int i : w.territories) set |= TerritorySet{1} << i;
                EXPECT_TRUE(is_connected(bits, set));
                EXPECT_EQ(std::popcount(set), n);
                EXPECT_EQ(std::popcount(set & bits.of_type[static_cast<int>(w.type)]), k);
            }
        }
    }
}

// The first row of each column the enumeration allows is the exact minimum span of k territories
// of one type (Dreyfus–Wagner): two unrelated methods must agree on every '-' boundary.
TEST(AztlanTable, DashBoundaryEqualsMinimumSpans) {
    for (unsigned seed = 20; seed < 30; ++seed) {
        Map map = random_map(24, 14, seed);
        auto table = compute_domain_table(map, 24);
        auto bits = map_bits(map);
        for (int t = 0; t < kTerritoryTypeCount; ++t) {
            auto spans = minimum_spans(bits, static_cast<TerritoryType>(t));
            for (int k = 1; k <= kMaxBonusColumn; ++k) {
                int first = 0;
                for (int n = table.max_size; n >= 1; --n) {
                    if (table.per_type[t][n - 1][k]) first = n;
                }
                int span = k < static_cast<int>(spans.size()) && spans[k] ? std::popcount(*spans[k]) : 0;
                EXPECT_EQ(first, span) << "seed " << seed << " type " << kTerritoryTypeNames[t] << " k " << k;
            }
        }
    }
}

TEST(AztlanTable, NeverMoreRowsThanTerritories) {
    Map map = random_map(5, 2, 3);
    EXPECT_EQ(compute_domain_table(map, 15).max_size, 5);
    auto r = run_tlaloc("aztlan table " + aztlan_test::data("example-14-map.json") + " --json");
    ASSERT_EQ(r.code, 0) << r.out;
    Json j = Json::parse(r.out);
    EXPECT_EQ(j["max_size"], 12);
    EXPECT_EQ(j["table"].size(), 12u);
    EXPECT_EQ(j["table"][0], Json::parse("[0, 2, null, null, null, null, null]"));
}

TEST(AztlanTable, BadInputExitsTwo) {
    auto r = run_tlaloc("aztlan table " + aztlan_test::data("example-14-map.json") + " --max-size 0");
    EXPECT_EQ(r.code, 2) << r.out;
    r = run_tlaloc("aztlan table /nonexistent/map.json");
    EXPECT_EQ(r.code, 2) << r.out;
    EXPECT_NE(r.out.find("/nonexistent/map.json: no such file"), std::string::npos) << r.out;
    // --limit is a count of sets: digits only ("-1" would wrap round to a huge limit).
    r = run_tlaloc("aztlan table " + aztlan_test::data("example-14-map.json") + " --limit -1");
    EXPECT_EQ(r.code, 2) << r.out;
}

// An 8x8 grid has billions of connected sets up to 64 territories: --timeout stops the table with one
// line and exit 3, within about the limit (the time is checked every 2^20 sets, not only per root).
TEST(AztlanTable, TheTimeoutStopsALargeTable) {
    const auto start = std::chrono::steady_clock::now();
    auto r =
        run_tlaloc("aztlan table " + aztlan_test::data("grid-8x8-map.json") + " --max-size 64 --timeout 1");
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_EQ(r.code, 3) << r.out;
    EXPECT_NE(r.out.find("no answer within the 1 s limit"), std::string::npos) << r.out;
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << r.out;
    EXPECT_LT(seconds, 30.0);  // far beyond the limit only if the check were missing
}
