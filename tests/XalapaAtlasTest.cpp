// The atlas of every level: the exact counts against the basic census's enumeration and against a
// brute force over raw deals (every card in every place, duplicates folded by the tasks they ask),
// the numbering against the same brute force, sampling, the generalised census lines and the report.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <tuple>

#include "puzzles/xalapa/Atlas.h"
#include "puzzles/xalapa/Census.h"
#include "puzzles/xalapa/CensusReport.h"
#include "puzzles/xalapa/Deal.h"
#include "tests/support/CliRun.h"
#include "tests/support/ScratchDir.h"
#include "tests/support/XalapaCatalogue.h"

using namespace tlaloc;
using namespace tlaloc::xalapa;
using tlaloc::test_support::CliRun;
using tlaloc::test_support::shipped;
namespace fs = std::filesystem;

namespace {

// What a column asks, written so that two columns asking the same thing read the same: "as many on
// A as on B" with A and B in name order. Written here from the column rules, not taken from Atlas.
std::string task_text(const Catalogue& cat, const DealtColumn& col) {
    Task t = column_task(cat, col);
    if (t.kind == Task::Kind::Same) {
        auto a = t.feature.name(), b = t.other.name();
        if (b < a) std::swap(a, b);
        return "same(" + a + "," + b + ")";
    }
    return "count(" + t.feature.name() + "," + std::to_string(t.lo) + "," + std::to_string(t.hi) + ")";
}

std::vector<std::string> tasks_of(const Catalogue& cat, const std::vector<DealtColumn>& columns) {
    std::vector<std::string> out;
    for (const auto& c : columns) out.push_back(task_text(cat, c));
    std::sort(out.begin(), out.end());
    return out;
}

// Every raw deal of the groups: each fixed top over a different pool feature, each free column any
// two different pool cards in either order, no card twice; the distinct task multisets they ask.
std::set<std::vector<std::string>> brute_force(const Catalogue& cat, const std::vector<ColumnGroup>& groups) {
    std::set<std::vector<std::string>> seen;
    std::vector<DealtColumn> columns;
    std::set<std::string> used;
    std::function<void(std::size_t, std::size_t)> place = [&](std::size_t g, std::size_t slot) {
        if (g == groups.size()) {
            seen.insert(tasks_of(cat, columns));
            return;
        }
        const ColumnGroup& group = groups[g];
        const std::size_t fixed = group.fixed_tops.size();
        if (slot == fixed + static_cast<std::size_t>(group.free_columns)) return place(g + 1, 0);
        std::vector<std::string> pool = group.numbers;
        pool.insert(pool.end(), group.features.begin(), group.features.end());
        if (slot < fixed) {
            for (const auto& f : group.features) {
                if (used.count(f)) continue;
                used.insert(f);
                columns.push_back({group.fixed_tops[slot], f});
                place(g, slot + 1);
                columns.pop_back();
                used.erase(f);
            }
            return;
        }
        for (const auto& top : pool)
            for (const auto& bottom : pool) {
                if (top == bottom || used.count(top) || used.count(bottom)) continue;
                used.insert(top);
                used.insert(bottom);
                columns.push_back({top, bottom});
                place(g, slot + 1);
                columns.pop_back();
                used.erase(top);
                used.erase(bottom);
            }
    };
    place(0, 0);
    return seen;
}

// The shipped cards on one board side with one position card: the atlas then numbers task sets only.
Catalogue one_board_one_position() {
    Catalogue cat = shipped();
    cat.boards.resize(1);
    cat.positions.resize(1);
    return cat;
}

std::vector<std::string> first(const std::vector<std::string>& ids, std::size_t n) {
    return {ids.begin(), ids.begin() + static_cast<std::ptrdiff_t>(std::min(n, ids.size()))};
}

// The atlas of `groups` must number exactly the brute force's task sets, each once.
void expect_atlas_matches_brute_force(const Catalogue& cat, const std::vector<ColumnGroup>& groups) {
    const auto expected = brute_force(cat, groups);
    BigCount product = 1;
    for (const auto& g : groups) product *= group_count(cat, g);
    EXPECT_EQ(to_decimal(product), std::to_string(expected.size()));
    LevelSpec spec;
    spec.level = Level::Five;
    spec.groups = groups;
    spec.sides = {3};
    const LevelAtlas atlas(cat, spec);
    ASSERT_EQ(atlas.count(), static_cast<std::int64_t>(expected.size()));
    std::set<std::vector<std::string>> numbered;
    for (std::int64_t i = 0; i < atlas.count(); ++i) {
        const AtlasItem item = atlas.item(i);
        std::size_t columns = 0;
        for (const auto& g : groups)
            columns += g.fixed_tops.size() + static_cast<std::size_t>(g.free_columns);
        ASSERT_EQ(item.columns.size(), columns);
        auto tasks = tasks_of(cat, item.columns);
        ASSERT_TRUE(expected.count(tasks)) << "item " << i << " is not a deal of these groups";
        ASSERT_TRUE(numbered.insert(tasks).second) << "item " << i << " repeats a challenge";
    }
}

std::vector<std::string> ids_where(const std::function<bool(const OracleCard&)>& keep) {
    std::vector<std::string> out;
    for (const auto& c : shipped().cards)
        if (keep(c)) out.push_back(c.id);
    return out;
}

bool number(const OracleCard& c) { return c.kind != OracleCard::Kind::FeatureCard; }

}  // namespace

// The basic level's count is the basic census's enumeration (plain loops), and the atlas numbers the
// same items in the same order, so census files written before the atlas keep their indexes.
TEST(XalapaAtlas, BasicCountAndOrderAreTheCensusEnumeration) {
    const auto items = basic_census_items(shipped());
    const LevelCount c = count_level(shipped(), Level::Basic);
    EXPECT_EQ(to_decimal(c.challenges), std::to_string(items.size()));
    const LevelAtlas atlas(shipped(), Level::Basic);
    ASSERT_EQ(atlas.count(), static_cast<std::int64_t>(items.size()));
    for (std::size_t i = 0; i < items.size(); i += 13) {
        const AtlasItem a = atlas.item(static_cast<std::int64_t>(i));
        ASSERT_EQ(a.board, items[i].board);
        ASSERT_EQ(a.position, items[i].position);
        ASSERT_EQ(a.columns, items[i].columns) << "item " << i;
    }
}

// Every level's groups on their real card pools where the raw deals are few, on smaller pools where
// they are many; level 5's pool (every number card, the identities 1 = 1 and 1 + 2 = 3 = "3 stones"
// among them) on fewer columns.
TEST(XalapaAtlas, GroupsMatchBruteForceOverRawDeals) {
    const Catalogue cat = one_board_one_position();
    auto novice = ids_where([](const OracleCard& c) { return c.deck == Deck::Novice && !number(c); });
    auto expert = ids_where([](const OracleCard& c) { return c.deck == Deck::Expert && !number(c); });
    auto numbers = ids_where(number);
    auto features = ids_where([](const OracleCard& c) { return !number(c); });
    for (Level level : {Level::Basic, Level::Two, Level::Three}) {
        SCOPED_TRACE(to_string(level));
        const LevelSpec spec = level_spec(cat, level);
        const ColumnGroup& last = spec.groups.back();  // basic's only group; the intermediate; the expert
        expect_atlas_matches_brute_force(cat, {last});
    }
    expect_atlas_matches_brute_force(cat, {{{"printed-1", "printed-2"}, {}, first(novice, 7), 2}});
    expect_atlas_matches_brute_force(cat, {{{"printed-1", "printed-2"}, {}, first(novice, 4), 1},
                                           {{"expert-1-stone", "expert-2-stones"}, {}, expert, 0}});
    expect_atlas_matches_brute_force(cat, {{{}, numbers, first(features, 3), 2}});
    expect_atlas_matches_brute_force(
        cat, {{{},
               {"novice-1-stone", "expert-1-stone", "novice-2-stones", "expert-at-most-1-stone"},
               first(features, 4),
               3}});
}

// The counts of the real levels follow from the group counts, checked above on raw deals: 11 novice
// features under the printed 1 and 2 and in two "as many" columns give 11!/(5! 2! 2^2) task sets.
TEST(XalapaAtlas, LevelCountsAreProductsOfTheirParts) {
    const Catalogue& cat = shipped();
    const auto boards = static_cast<std::int64_t>(board_classes(cat).size());
    for (const char* name : kLevelNames) {
        const Level level = *parse_level(name);
        const LevelCount c = count_level(cat, level);
        SCOPED_TRACE(name);
        BigCount expected =
            BigCount{boards} *
            static_cast<std::int64_t>(position_classes(cat, level_spec(cat, level).sides).size());
        for (const auto& g : level_spec(cat, level).groups) expected *= group_count(cat, g);
        EXPECT_EQ(c.challenges, expected);
        EXPECT_GT(c.challenges, 0);
    }
    EXPECT_EQ(to_decimal(count_level(cat, Level::One).groups[0]),
              std::to_string(11 * 10 * 9 * 8 * 7 * 6 / 8));
    EXPECT_EQ(to_decimal(BigCount{1} << 70), "1180591620717411303424");
}

// Items of a real level are challenges of that level: columns as the set-up deals them.
TEST(XalapaAtlas, ItemsOfEachLevelAreDealsOfThatLevel) {
    const Catalogue& cat = shipped();
    for (const char* name : kLevelNames) {
        const LevelAtlas atlas(cat, *parse_level(name));
        SCOPED_TRACE(name);
        for (std::int64_t i : {std::int64_t{0}, atlas.count() / 3, atlas.count() - 1}) {
            const AtlasItem item = atlas.item(i);
            std::set<std::string> cards;
            for (const auto& col : item.columns)
                for (const auto& id : {col.top, col.bottom})
                    if (!printed_number(id)) {
                        EXPECT_TRUE(cards.insert(id).second) << id << " dealt twice";
                    }
            const Challenge ch = atlas_challenge(cat, item);
            EXPECT_EQ(ch.task_count(), static_cast<int>(item.columns.size()) + 1);
        }
    }
}

// A sample draw depends on the seed and the draw number alone, and every index is about equally
// likely (10 000 draws over 10 indexes: each within 20 % of 1000).
TEST(XalapaAtlas, SampleIndexesAreDeterministicAndUniform) {
    EXPECT_EQ(sample_index(7, 3, 1000003), sample_index(7, 3, 1000003));
    EXPECT_NE(sample_index(7, 3, 1000003), sample_index(8, 3, 1000003));
    std::vector<int> hits(10);
    for (int d = 0; d < 10000; ++d) ++hits[static_cast<std::size_t>(sample_index(5, d, 10))];
    for (int h : hits) {
        EXPECT_GT(h, 800);
        EXPECT_LT(h, 1200);
    }
}

// Known values of the 95 % Wilson score interval.
TEST(XalapaCensusReport, WilsonIntervalKnownValues) {
    auto [lo, hi] = wilson_interval(5, 10);
    EXPECT_NEAR(lo, 0.2366, 1e-4);
    EXPECT_NEAR(hi, 0.7634, 1e-4);
    std::tie(lo, hi) = wilson_interval(0, 10);
    EXPECT_NEAR(lo, 0.0, 1e-9);
    EXPECT_NEAR(hi, 0.2775, 1e-4);
    std::tie(lo, hi) = wilson_interval(81, 263);
    EXPECT_NEAR(lo, 0.2553, 1e-3);
    EXPECT_NEAR(hi, 0.3662, 1e-3);
}

namespace {

std::string sample_line(int draw, int penalty, const std::string& unmet, bool unique,
                        const std::string& tier) {
    return R"({"level":"1","index":)" + std::to_string(draw * 7) +
           R"(,"of":2993760,"board":"sun-front",)"
           R"("position":"P1-straight","side":3,"cards":[["printed-1","novice-cactus"],["printed-2","novice-gecko"],)"
           R"(["novice-bird","novice-red"],["novice-black","novice-white"]],"penalty":)" +
           std::to_string(penalty) + R"(,"stones":[],"unmet":)" + unmet + R"(,"unique":)" +
           (unique ? "true" : "false") + R"(,"tier":")" + tier + R"(","sample":true,"seed":4,"draw":)" +
           std::to_string(draw) + "}\n";
}

}  // namespace

// Four sampled lines whose figures are worked out by hand: penalties 3, 4, 4, 9; the optimum gives up
// a task in one (column 2 and the formation) and is unique in two; tiers direct, combine, combine,
// deep; the column of novice-bird and novice-red is given up once in 4 deals.
TEST(XalapaCensusReport, NumbersOfATinyHandComputedSample) {
    const std::string text =
        sample_line(0, 3, "[]", true, "direct") + sample_line(1, 4, "[]", false, "combine") +
        sample_line(2, 4, "[]", true, "combine") + sample_line(3, 9, R"([2,"formation"])", false, "deep") +
        sample_line(3, 9, R"([2,"formation"])", false, "deep");  // a repeated draw
    std::string html;
    const Json r = census_report({{"tiny.jsonl", text}}, shipped(), html);
    ASSERT_EQ(r["levels"].size(), 1u);
    const Json& l = r["levels"][0];
    EXPECT_EQ(l["challenges"], 4);
    EXPECT_EQ(l["duplicate_lines"], 1);
    EXPECT_DOUBLE_EQ(l["mean_penalty"].get<double>(), 5.0);
    EXPECT_EQ(l["give_up"]["count"], 1);
    EXPECT_DOUBLE_EQ(l["give_up"]["share"].get<double>(), 0.25);
    EXPECT_EQ(l["unique"]["count"], 2);
    auto [lo, hi] = wilson_interval(2, 4);
    EXPECT_DOUBLE_EQ(l["unique"]["low"].get<double>(), lo);
    EXPECT_DOUBLE_EQ(l["unique"]["high"].get<double>(), hi);
    std::map<int, int> penalties;
    for (const auto& p : l["penalties"]) penalties[p["penalty"]] = p["count"];
    EXPECT_EQ(penalties, (std::map<int, int>{{3, 1}, {4, 2}, {9, 1}}));
    std::map<std::string, int> tiers;
    for (const auto& t : l["tiers"]) tiers[t["tier"]] = t["count"];
    EXPECT_EQ(tiers,
              (std::map<std::string, int>{{"direct", 1}, {"combine", 2}, {"give-up", 0}, {"deep", 1}}));
    std::map<std::string, std::pair<int, int>> cards;
    for (const auto& c : l["cards"]) cards[c["card"]] = {c["count"], c["of"]};
    EXPECT_EQ(cards.size(), 6u);  // printed numbers are not cards
    EXPECT_EQ(cards["novice-bird"], std::make_pair(1, 4));
    EXPECT_EQ(cards["novice-red"], std::make_pair(1, 4));
    EXPECT_EQ(cards["novice-cactus"], std::make_pair(0, 4));
    EXPECT_EQ(l["cards"][0]["share"].get<double>(), 0.25);
    EXPECT_NE(html.find("<svg"), std::string::npos);
    EXPECT_NE(html.find("Level 1"), std::string::npos);
    EXPECT_EQ(html.find("<script"), std::string::npos);
}

namespace {

fs::path scratch() { return test_support::scratch_dir("xalapa-atlas"); }

CliRun run(const std::string& args) { return test_support::run_tlaloc_split(args); }

std::string read(const fs::path& p) {
    std::ifstream in(p);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

fs::path write(const std::string& name, const std::string& text) {
    fs::path p = scratch() / name;
    std::ofstream(p) << text;
    return p;
}

}  // namespace

// `census count` prints what count_level computes, the basic level's count as the census enumerates.
TEST(XalapaAtlasCli, CountPrintsEveryLevel) {
    CliRun r = run("xalapa census count --json");
    ASSERT_EQ(r.code, 0) << r.err;
    const Json j = Json::parse(r.out);
    ASSERT_EQ(j["levels"].size(), 6u);
    EXPECT_EQ(j["levels"][0]["challenges"].get<std::size_t>(), basic_census_items(shipped()).size());
    for (const auto& l : j["levels"])
        EXPECT_EQ(to_decimal(count_level(shipped(), *parse_level(l["level"])).challenges),
                  std::to_string(l["challenges"].get<std::int64_t>()));
    EXPECT_EQ(run("xalapa census count --level 6").code, 2);
}

// Same seed, same file; the shards of a sample are its draws split by number; each line is the
// proved optimum of the challenge its index names.
TEST(XalapaAtlasCli, SampleIsDeterministicAndShardable) {
    const fs::path whole = scratch() / "whole.jsonl", again = scratch() / "again.jsonl";
    const fs::path s0 = scratch() / "s0.jsonl", s1 = scratch() / "s1.jsonl";
    const std::string base = "xalapa census --level 2 --sample 4 --seed 9 --out ";
    ASSERT_EQ(run(base + whole.string()).code, 0);
    ASSERT_EQ(run(base + again.string()).code, 0);
    EXPECT_EQ(read(whole), read(again));
    ASSERT_EQ(run(base + s0.string() + " --shard 0/2").code, 0);
    ASSERT_EQ(run(base + s1.string() + " --shard 1/2").code, 0);
    // Each line names the shard that wrote it; otherwise the lines are the same.
    std::map<std::int64_t, std::string> by_draw, sharded;
    for (const auto& [file, into, n] :
         {std::tuple{whole, &by_draw, 1}, std::tuple{s0, &sharded, 2}, std::tuple{s1, &sharded, 2}}) {
        std::istringstream in(read(file));
        for (std::string line; std::getline(in, line);) {
            Json j = Json::parse(line);
            const std::int64_t draw = j["draw"];
            EXPECT_EQ(j["shard"], std::to_string(draw % n) + "/" + std::to_string(n));
            j.erase("shard");
            (*into)[draw] = j.dump();
        }
    }
    EXPECT_EQ(by_draw.size(), 4u);
    EXPECT_EQ(by_draw, sharded);
    const LevelAtlas atlas(shipped(), Level::Two);
    ChallengeSolver solver;
    for (const auto& [draw, text] : by_draw) {
        const Json j = Json::parse(text);
        EXPECT_EQ(j["level"], "2");
        EXPECT_EQ(j["sample"], true);
        EXPECT_EQ(j["seed"], 9);
        EXPECT_EQ(j["of"].get<std::int64_t>(), atlas.count());
        EXPECT_EQ(j["index"].get<std::int64_t>(), sample_index(9, draw, atlas.count()));
        EXPECT_EQ(j["cards"].size(), 6u);
        const Challenge ch = atlas_challenge(shipped(), atlas.item(j["index"]));
        EXPECT_EQ(j["penalty"].get<int>(), solver.solve(ch).evaluation.penalty);
        EXPECT_TRUE(j.contains("tier"));
    }
    CliRun report =
        run("xalapa census report " + whole.string() + " --html " + (scratch() / "r.html").string());
    EXPECT_EQ(report.code, 0) << report.err;
    EXPECT_NE(read(scratch() / "r.html").find("Level 2"), std::string::npos);
}

// A census file written before levels existed (no "level") is read as the basic level.
TEST(XalapaAtlasCli, OldBasicCensusFilesStillRead) {
    const std::string old = std::string(TLALOC_TEST_DATA) + "/xalapa/census-sample.jsonl";
    const fs::path html = scratch() / "old.html";
    CliRun r = run("xalapa census report " + old + " --json --html " + html.string());
    ASSERT_EQ(r.code, 0) << r.err;
    const Json j = Json::parse(r.out);
    EXPECT_EQ(j["levels"][0]["level"], "basic");
    EXPECT_EQ(j["levels"][0]["sample"], false);
    EXPECT_EQ(j["levels"][0]["of"], 142560);
}

// A bad line is one error naming the file and the line, exit 2, and no page is written.
TEST(XalapaAtlasCli, ReportRefusesBadLines) {
    const std::string good = sample_line(0, 3, "[]", true, "direct");
    Json full = Json::parse(good);
    full.erase("sample");
    full.erase("seed");
    full.erase("draw");
    Json five = Json::parse(good);
    five["level"] = "5";
    five.erase("side");
    struct Case {
        std::string name, text, expected;
    };
    const std::vector<Case> cases = {
        {"mixed", good + full.dump() + "\n", ":2: level 1: a census line among the lines of a sample"},
        {"no-side", five.dump() + "\n", ":1: missing \"side\""},
        {"three-columns",
         good +
             R"({"level":"1","index":1,"of":2993760,"board":"sun-front","position":"P1-straight","cards":[["printed-1","novice-cactus"]],"penalty":1,"stones":[],"unmet":[],"unique":true})"
             "\n",
         ":2: cards: expected the 4 columns"},
        {"unmet-column", good + sample_line(1, 3, "[4]", true, "direct"), ":2: unmet[0]"},
        {"tier", sample_line(1, 3, "[]", true, "easy"), ":1: tier: unknown tier"},
        {"level",
         good + R"({"level":"7"})"
                "\n",
         ":2: level: unknown level"},
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(c.name);
        const fs::path f = write(c.name + ".jsonl", c.text), html = scratch() / (c.name + ".html");
        CliRun r = run("xalapa census report " + f.string() + " --html " + html.string());
        EXPECT_EQ(r.code, 2) << r.err;
        EXPECT_NE(r.err.find(f.string() + c.expected), std::string::npos) << r.err;
        EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
        EXPECT_FALSE(fs::exists(html));
    }
}

// A full census of any level takes items index mod N = K; each line is the proved optimum of the
// challenge its index names. A sample of no draws is bad input.
TEST(XalapaAtlasCli, FullCensusOfAnyLevelIsShardedByIndex) {
    const fs::path out = scratch() / "level3.jsonl";
    CliRun r = run("xalapa census --level 3 --shard 5/1000000 --limit 2 --no-tier --out " + out.string());
    ASSERT_EQ(r.code, 0) << r.err;
    const LevelAtlas atlas(shipped(), Level::Three);
    ChallengeSolver solver;
    std::vector<std::int64_t> indexes;
    std::istringstream in(read(out));
    for (std::string line; std::getline(in, line);) {
        const Json j = Json::parse(line);
        indexes.push_back(j["index"]);
        EXPECT_FALSE(j.contains("sample"));
        EXPECT_FALSE(j.contains("tier"));
        EXPECT_EQ(j["side"], 4);
        const Challenge ch = atlas_challenge(shipped(), atlas.item(j["index"]));
        EXPECT_EQ(j["penalty"].get<int>(), solver.solve(ch).evaluation.penalty);
    }
    EXPECT_EQ(indexes, (std::vector<std::int64_t>{5, 1000005}));
    CliRun none = run("xalapa census --level 1 --sample 0");
    EXPECT_EQ(none.code, 2);
    EXPECT_NE(none.err.find("--sample"), std::string::npos) << none.err;
    // A negative number of draws is refused too, not read as "every item".
    CliRun negative = run("xalapa census --level 1 --sample -5 --limit 1");
    EXPECT_EQ(negative.code, 2);
    EXPECT_NE(negative.err.find("--sample"), std::string::npos) << negative.err;
    EXPECT_EQ(negative.out, "");
}

// Files of several levels: one summary per level.
TEST(XalapaAtlas, SummarizeReportsEveryLevelOfItsFiles) {
    std::ifstream in(std::string(TLALOC_TEST_DATA) + "/xalapa/census-sample.jsonl");
    std::ostringstream basic;
    basic << in.rdbuf();
    std::string text;
    const Json s = summarize_census(
        {{"basic.jsonl", basic.str()}, {"one.jsonl", sample_line(0, 3, "[]", true, "direct")}}, shipped(),
        text);
    ASSERT_EQ(s["levels"].size(), 2u);
    EXPECT_EQ(s["levels"][0]["level"], "basic");
    EXPECT_EQ(s["levels"][1]["level"], "1");
    EXPECT_EQ(s["levels"][1]["sample"], true);
    EXPECT_NE(text.find("level 1 sample: 1 draws"), std::string::npos) << text;
}
