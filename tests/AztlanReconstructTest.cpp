// The shipped map (puzzles/aztlan/aztlan.json) is a reconstruction: its domain table must equal the
// table printed on the last page of both rulebooks, every '-' included; `reconstruct` re-derives it.
#include <gtest/gtest.h>

#include <bit>
#include <climits>

#include "model/aztlan/MinimumSpan.h"
#include "model/aztlan/PrintedTable.h"
#include "solver/aztlan/Reconstruct.h"
#include "tests/support/AztlanFixtures.h"
#include "tests/support/ScratchDir.h"

using namespace tlaloc;
using namespace tlaloc::aztlan;
using aztlan_test::run_tlaloc;
using aztlan_test::shipped;

TEST(AztlanReconstruct, ShippedMapIsThirtyTerritoriesSixOfEachConnected) {
    Map map = load_map(shipped("aztlan.json"));
    ASSERT_EQ(map.size(), 30);
    auto bits = map_bits(map);
    for (int t = 0; t < kTerritoryTypeCount; ++t)
        EXPECT_EQ(std::popcount(bits.of_type[t]), 6) << kTerritoryTypeNames[t];
    EXPECT_TRUE(is_connected(bits, (TerritorySet{1} << 30) - 1));
    int lakes = 0;
    for (const auto& t : map.territories) lakes += !t.lakes.empty();
    EXPECT_GT(lakes, 0);
}

TEST(AztlanReconstruct, ShippedMapTableEqualsPrintedTable) {
    Map map = load_map(shipped("aztlan.json"));
    auto printed = load_domain_table(printed_table_file());
    auto computed = compute_domain_table(map, 15);
    auto diff = table_differences(computed, printed);
    for (const auto& d : diff)
        ADD_FAILURE() << "cell n=" << d.n << " k=" << d.k << " computed " << d.in_first;
    EXPECT_TRUE(diff.empty());
}

// The printed '-' cells pin, for each k, the smallest connected set holding k of one type:
// 1, 3, 4, 6, 7, 10 for k = 1..6. Checked with the minimum spans, not the enumeration.
TEST(AztlanReconstruct, ShippedMapMinimumSpansMatchTheDashes) {
    Map map = load_map(shipped("aztlan.json"));
    auto bits = map_bits(map);
    std::vector<int> smallest(kMaxBonusColumn + 1, INT_MAX);
    for (int t = 0; t < kTerritoryTypeCount; ++t) {
        auto spans = minimum_spans(bits, static_cast<TerritoryType>(t));
        for (int k = 1; k <= kMaxBonusColumn; ++k) {
            if (spans[k]) smallest[k] = std::min(smallest[k], std::popcount(*spans[k]));
        }
    }
    EXPECT_EQ(smallest, (std::vector<int>{INT_MAX, 1, 3, 4, 6, 7, 10}));
}

TEST(AztlanReconstruct, CommandReproducesTheShippedMapWithSeedOne) {
    auto out = tlaloc::test_support::scratch_dir("aztlan-reconstruct") / "reconstructed.json";
    auto r = run_tlaloc("aztlan reconstruct --seed 1 --out " + out.string());
    ASSERT_EQ(r.code, 0) << r.out;
    EXPECT_EQ(load_json_file(out), load_json_file(shipped("aztlan.json")));
    std::filesystem::remove(out);
}

TEST(AztlanReconstruct, OtherSeedsAlsoMatchThePrintedTable) {
    Map board = load_map(shipped("board.json"));
    auto printed = load_domain_table(printed_table_file());
    for (unsigned seed : {2u, 3u}) {
        ReconstructOptions options;
        options.seed = seed;
        auto result = reconstruct_types(board, printed, options);
        ASSERT_TRUE(result.map) << result.why_not;
        EXPECT_TRUE(table_differences(compute_domain_table(*result.map, 15), printed).empty());
    }
}

// A table no 30-territory map can give (k = 6 with only 6 territories: all six of a type bordering
// each other) is reported as not found, exit 1, not a crash.
TEST(AztlanReconstruct, ImpossibleTargetIsReportedNotFound) {
    auto printed = load_domain_table(printed_table_file());
    printed.achievable[5][6] = true;
    auto dir = tlaloc::test_support::scratch_dir("aztlan-reconstruct");
    std::filesystem::create_directories(dir);
    write_file_atomically(dir / "t.json", domain_table_to_json(printed).dump());
    auto r = run_tlaloc("aztlan reconstruct --rounds 50 --table " + (dir / "t.json").string());
    EXPECT_EQ(r.code, 1) << r.out;
    r = run_tlaloc("aztlan reconstruct --table " + aztlan_test::data("example-14-map.json"));
    EXPECT_EQ(r.code, 2) << r.out;
    EXPECT_NE(r.out.find("example-14-map.json: top level: missing \"table\""), std::string::npos) << r.out;
    std::filesystem::remove_all(dir);
}
