// `tlaloc <game> balance`: the intervals against hand-computed values, the same seed giving the same
// table, shards merging to the unsharded run, identical variants never changing a winner, the page,
// and bad options refused with one line.
#include <gtest/gtest.h>

#include <fstream>

#include "model/common/Json.h"
#include "model/common/Statistics.h"
#include "session/common/Balance.h"
#include "tests/support/CliRun.h"
#include "tests/support/ScratchDir.h"

using namespace tlaloc;
using tlaloc::test_support::run_tlaloc_split;

namespace {

// The table without the timings, which differ from run to run.
Json table_of(const std::string& out) {
    Json j = Json::parse(out);
    j.erase("seconds");
    j.erase("games_per_second");
    j.erase("run");
    j.erase("missing_shards");
    j.erase("incomplete_shards");
    j.erase("expected");
    j.erase("complete");
    return j;
}

std::string read(const std::filesystem::path& file) {
    std::ifstream in(file);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

// By hand: p = 0.8, n = 10, z = 1.95996, z^2 = 3.84146: centre (0.8 + 0.192073) / 1.384146 = 0.716739,
// half 1.95996 / 1.384146 * sqrt(0.016 + 0.0096037) = 1.416010 * 0.160012 = 0.226579.
TEST(Balance, WilsonIntervalMatchesHandComputedValues) {
    auto [low, high] = wilson_interval(8, 10);
    EXPECT_NEAR(low, 0.716739 - 0.226579, 1e-5);
    EXPECT_NEAR(high, 0.716739 + 0.226579, 1e-5);
    std::tie(low, high) = wilson_interval(0, 10);  // centre = half = 0.19207 / 1.38415 = 0.13877
    EXPECT_DOUBLE_EQ(low, 0.0);
    EXPECT_NEAR(high, 2 * 0.13877, 1e-4);
    std::tie(low, high) = wilson_interval(1500, 2000);
    EXPECT_NEAR(low, 0.73056, 1e-4);
    EXPECT_NEAR(high, 0.76849, 1e-4);
}

TEST(Balance, ReportCountsSeatsBotsFirstPlayerAndDraws) {
    const Json header = {{"players", 2}, {"game", "azteka"}};
    std::vector<session::GameRecord> records(4);
    const std::vector<std::vector<int>> winners = {{0}, {1}, {}, {0}};
    for (std::size_t i = 0; i < 4; ++i) {
        records[i].bots =
            i % 2 ? std::vector<std::string>{"greedy", "mcts"} : std::vector<std::string>{"mcts", "greedy"};
        records[i].winners = winners[i];
        records[i].scores = {2, 0};
        records[i].length = 10 + static_cast<int>(i);
    }
    const Json r = session::balance_report(header, records, 4);
    EXPECT_EQ(r["seats"][0]["hits"], 2);
    EXPECT_EQ(r["seats"][1]["hits"], 1);
    EXPECT_EQ(r["draws"]["hits"], 1);
    EXPECT_EQ(r["bots"]["mcts"]["hits"], 2);  // games 0 (seat 1) and 1 (seat 2); game 3 went to greedy
    EXPECT_EQ(r["bots"]["greedy"]["trials"], 4);
    EXPECT_EQ(r["first_player"]["hits"], 2);
    EXPECT_DOUBLE_EQ(r["length"]["mean"].get<double>(), 11.5);
    // Games 0 and 3: 2 - 0; game 1, won by the lower score (as Azteka's pawn tie-break may): 0 - 2.
    EXPECT_DOUBLE_EQ(r["margin"]["mean"].get<double>(), 2.0 / 3);
}

TEST(Balance, SameSeedSameTable) {
    const std::string args = "azteka balance --games 8 --bots greedy,random --seed 3 --json";
    const auto a = run_tlaloc_split(args), b = run_tlaloc_split(args);
    ASSERT_EQ(a.code, 0) << a.err;
    EXPECT_EQ(table_of(a.out), table_of(b.out));
    EXPECT_EQ(table_of(a.out)["games"], 8);
}

TEST(Balance, ShardsMergeToTheUnshardedRun) {
    const auto dir = test_support::scratch_dir("balance-shards");
    const std::string run = "akelarre balance --games 9 --players 3 --bots greedy,random --seed 5";
    const auto whole = run_tlaloc_split(run + " --json");
    ASSERT_EQ(whole.code, 0) << whole.err;
    for (int k = 0; k < 3; ++k) {
        const auto shard =
            run_tlaloc_split(run + " --shard " + std::to_string(k) + "/3 --out " +
                             (dir / ("s" + std::to_string(k) + ".jsonl")).string() + " --json");
        ASSERT_EQ(shard.code, 0) << shard.err;
    }
    const std::string files =
        (dir / "s0.jsonl").string() + " " + (dir / "s1.jsonl").string() + " " + (dir / "s2.jsonl").string();
    const auto merged = run_tlaloc_split("akelarre balance merge " + files + " --json");
    ASSERT_EQ(merged.code, 0) << merged.err;
    EXPECT_EQ(table_of(merged.out), table_of(whole.out));

    const auto missing =
        run_tlaloc_split("akelarre balance merge " + (dir / "s0.jsonl").string() + " --json");
    EXPECT_EQ(missing.code, 1);
    EXPECT_NE(missing.err.find("missing shards 1/3, 2/3"), std::string::npos) << missing.err;
    EXPECT_EQ(Json::parse(missing.out)["complete"], false);

    const auto twice = run_tlaloc_split("akelarre balance merge " + (dir / "s1.jsonl").string() + " " +
                                        (dir / "s1.jsonl").string());
    EXPECT_EQ(twice.code, 2);
    EXPECT_TRUE(twice.out.empty());
    EXPECT_NE(twice.err.find("given twice"), std::string::npos) << twice.err;
}

TEST(Balance, IdenticalProfilesNeverChangeTheWinner) {
    const auto same = run_tlaloc_split(
        "aztlan balance --games 4 --players 2 --bots random --compare-profiles de,de --json");
    ASSERT_EQ(same.code, 0) << same.err;
    const Json r = Json::parse(same.out);
    EXPECT_EQ(r["winner_changes"]["hits"], 0);
    EXPECT_EQ(r["winner_changes"]["trials"], 4);
    const auto azteka =
        run_tlaloc_split("azteka balance --games 4 --bots greedy,random --compare standard,standard --json");
    ASSERT_EQ(azteka.code, 0) << azteka.err;
    EXPECT_EQ(Json::parse(azteka.out)["winner_changes"]["hits"], 0);
}

TEST(Balance, WritesAPageOfInlineCharts) {
    const auto dir = test_support::scratch_dir("balance-html");
    const auto page = dir / "b.html";
    const auto r = run_tlaloc_split("azteka balance --games 4 --bots greedy,random --html " + page.string());
    ASSERT_EQ(r.code, 0) << r.err;
    const std::string html = read(page);
    EXPECT_NE(html.find("<svg"), std::string::npos);
    EXPECT_NE(html.find("seat 1"), std::string::npos);
    EXPECT_EQ(html.find("<script"), std::string::npos);
    EXPECT_EQ(html.find("http://"), html.find("http://www.w3.org/2000/svg"));  // nothing fetched
}

TEST(Balance, BadOptionsAreOneLineAndExit2) {
    for (const std::string args :
         {"azteka balance --bots greedy,chess", "azteka balance --players 3", "azteka balance --shard 2/2",
          "aztlan balance --compare-profiles de", "aztlan balance --profile fr", "akelarre balance --teams",
          "azteka balance --games 0", "azteka balance --playout clever",
          "azteka balance merge /nonexistent.jsonl"}) {
        const auto r = run_tlaloc_split(args);
        EXPECT_EQ(r.code, 2) << args;
        EXPECT_TRUE(r.out.empty()) << args;
        EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << args << ": " << r.err;
    }
}
