// The shipped map (puzzles/aztlan/aztlan.json) is a reconstruction: its domain table must equal the
// table printed on the last page of both rulebooks, every '-' included; `reconstruct` re-derives it.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <climits>
#include <fstream>

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

// A 60-territory ring with 60 chords: no assignment is found for minutes, so --timeout stops it (exit
// 3, one line, no map written).
TEST(AztlanReconstruct, TheTimeoutStopsALongReconstruction) {
    auto out = tlaloc::test_support::scratch_dir("aztlan-reconstruct-timeout") / "never.json";
    auto r = run_tlaloc("aztlan reconstruct --board " + aztlan_test::data("ring-60-chords-map.json") +
                        " --timeout 1 --out " + out.string());
    EXPECT_EQ(r.code, 3) << r.out;
    EXPECT_NE(r.out.find("reconstruct: no answer within the 1 s limit"), std::string::npos) << r.out;
    EXPECT_FALSE(std::filesystem::exists(out));
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

namespace {
// Ten territories, two of each type: a path of nine with no two bordering territories of one type
// (so the table's (2, 2) is '-' and (3, 2) is the smallest cell of k = 2) and one isolated territory.
Map path_and_isolated_territory() {
    const std::vector<TerritoryType> types = {
        TerritoryType::City,     TerritoryType::Desert,  TerritoryType::City,     TerritoryType::Terraced,
        TerritoryType::Mountain, TerritoryType::Jungle,  TerritoryType::Mountain, TerritoryType::Desert,
        TerritoryType::Jungle,   TerritoryType::Terraced};
    Map map;
    map.id = "path-and-isolated";
    for (int i = 0; i < 10; ++i) map.territories.push_back({"t" + std::to_string(i), "", types[i], {}, {}});
    for (int i = 0; i + 1 < 9; ++i) {
        map.territories[i].neighbors.push_back(i + 1);
        map.territories[i + 1].neighbors.push_back(i);
    }
    return map;
}
}  // namespace

// A territory without neighbours once made the "some territory borders k of one type" constraint
// an at-least over no literals, which Z3 refuses ("internal error from Z3: index out of bounds").
TEST(AztlanReconstruct, ReconstructBoardWithAnIsolatedTerritory) {
    Map board = path_and_isolated_territory();
    DomainTable target = compute_domain_table(board, board.size());
    ASSERT_FALSE(target.achievable[1][2]);
    ASSERT_TRUE(target.achievable[2][2]);
    auto result = reconstruct_types(board, target, ReconstructOptions{});
    ASSERT_TRUE(result.map) << result.why_not;
    EXPECT_TRUE(table_differences(compute_domain_table(*result.map, board.size()), target).empty());
}

// A table of fewer rows ('table --max-size 8 --json') says nothing about larger domains: a k it never
// allows within its rows is no '-' beyond them. Such a target was reported as having no assignment.
TEST(AztlanReconstruct, ReconstructTargetOfFewerRowsThanItsMap) {
    DomainTable target = compute_domain_table(load_map(shipped("aztlan.json")), 8);
    auto result = reconstruct_types(load_map(shipped("board.json")), target, ReconstructOptions{});
    ASSERT_TRUE(result.map) << result.why_not;
    EXPECT_TRUE(table_differences(compute_domain_table(*result.map, 8), target).empty());
}

// Rows beyond the board's size can never occur on it; they used to be left out of the comparison,
// so a map could be reported as matching a table it does not have.
TEST(AztlanReconstruct, ReconstructTargetWithRowsBeyondTheBoardIsNotFound) {
    Map board = path_and_isolated_territory();
    DomainTable target = compute_domain_table(board, board.size());
    target.max_size = 11;
    target.achievable.push_back({});
    target.achievable[10][1] = true;
    target.witness.resize(11);
    for (auto& rows : target.per_type) rows.resize(11);
    auto result = reconstruct_types(board, target, ReconstructOptions{});
    EXPECT_FALSE(result.map);
    EXPECT_NE(result.why_not.find("more territories than the board has"), std::string::npos)
        << result.why_not;
}

// A domain of n territories holds at most n of the bonus type: such a cell is bad input, not a
// target to search for until the rounds run out.
TEST(AztlanReconstruct, ReconstructRejectsATableCellWithMoreBonusThanTerritories) {
    auto file = tlaloc::test_support::scratch_dir("aztlan-reconstruct") / "k-above-n.json";
    std::ofstream(file) << R"({"max_size": 1, "table": [[0, 2, 5, null, null, null, null]]})";
    auto r = run_tlaloc("aztlan reconstruct --table " + file.string());
    EXPECT_EQ(r.code, 2) << r.out;
    EXPECT_NE(r.out.find(file.string() + ": table[0][2]: a domain of 1 cannot hold 2 bonus territories"),
              std::string::npos)
        << r.out;
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << r.out;
}
