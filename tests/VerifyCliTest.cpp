// `tlaloc verify ...` end to end: the pinned JSON report, exit codes 0/1/2, HTML output, the
// edition comparison and the shipped summary.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "model/common/Json.h"
#include "tests/support/CliRun.h"
#include "tests/support/ScratchDir.h"

namespace {

using Run = tlaloc::test_support::CliRun;
Run run(const std::string& args) { return tlaloc::test_support::run_tlaloc(args); }

std::filesystem::path temp_file(const std::string& name, const std::string& text) {
    auto dir = tlaloc::test_support::scratch_dir("verify-cli");
    std::filesystem::create_directories(dir);
    std::ofstream(dir / name) << text;
    return dir / name;
}

const std::string kData = TLALOC_TEST_DATA;
const std::string kSource = TLALOC_SOURCE_DIR;

}  // namespace

// The documented example file: one entry per claim in file order, statuses true/false/unchecked.
TEST(VerifyCli, JsonReportHasOneEntryPerClaimInFileOrder) {
    auto f = temp_file("order.json", R"({"game":"aztlan","edition":"x","claims":[
      {"id":"z-table","kind":"domain_table","table":[[0,2,null],[0,3,null]]},
      {"id":"example-city","kind":"domain_score","bonus_domains":[[4,1],[3,2],[1,1],[1,0]],"total":14},
      {"id":"bonus-squares","kind":"value_table","rule":"bonus_points","values":{"1":1,"2":4,"3":9}},
      {"id":"a-deck","kind":"sum","parts":[3,3,3,9,3,3,3,3],"total":31},
      {"id":"no-bonus-domain","kind":"rule","rule":"domain_without_bonus","value":"zero"}]})");
    auto r = run("verify rulebook " + f.string() + " --json");
    EXPECT_EQ(r.code, 1) << r.out;
    auto j = tlaloc::Json::parse(r.out);
    std::vector<std::string> ids, statuses;
    for (const auto& c : j.at("claims")) {
        ids.push_back(c.at("id"));
        statuses.push_back(c.at("status"));
        EXPECT_TRUE(c.at("evidence").is_string());
    }
    EXPECT_EQ(ids, (std::vector<std::string>{"z-table", "example-city", "bonus-squares", "a-deck",
                                             "no-bonus-domain"}));
    EXPECT_EQ(statuses, (std::vector<std::string>{"unchecked", "true", "true", "false", "true"}));
}

TEST(VerifyCli, MapFromOptionOrFileAndExitCodes) {
    std::string table = R"({"id":"t","kind":"domain_table","table":[[0,2,null],[0,3,null],[0,4,7]]})";
    auto with_map = temp_file("with-map.json", R"({"game":"aztlan","map":")" + kData +
                                                   R"(/verify/path-map.json","claims":[)" + table + "]}");
    EXPECT_EQ(run("verify rulebook " + with_map.string()).code, 0);
    auto no_map = temp_file("no-map.json", R"({"game":"aztlan","claims":[)" + table + "]}");
    auto r = run("verify rulebook " + no_map.string());
    EXPECT_EQ(r.code, 0) << r.out;
    EXPECT_NE(r.out.find("? t [domain_table]"), std::string::npos) << r.out;
    EXPECT_EQ(run("verify rulebook " + no_map.string() + " --map " + kData + "/verify/path-map.json").code,
              0);
    // A '-' printed where path-map has j1 d1 j2: false, exit 1.
    auto wrong = temp_file(
        "wrong.json",
        R"({"game":"aztlan","claims":[{"id":"t","kind":"domain_table","table":[[0,2,null],[0,3,null],[0,4,null]]}]})");
    r = run("verify rulebook " + wrong.string() + " --map " + kData + "/verify/path-map.json");
    EXPECT_EQ(r.code, 1);
    EXPECT_NE(r.out.find("✗ t"), std::string::npos) << r.out;
}

TEST(VerifyCli, BadInputExitsTwoNamingFileAndPlace) {
    auto bad = temp_file("bad.json", "{\"game\": \"aztlan\", \"claims\": [}");
    auto r = run("verify rulebook " + bad.string());
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.out.find(bad.string() + ": line 1"), std::string::npos) << r.out;
    auto range = temp_file(
        "range.json",
        R"({"game":"aztlan","claims":[{"id":"d","kind":"domain_score","bonus_domains":[[4,-1]],"total":1}]})");
    r = run("verify rulebook " + range.string());
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.out.find("claims[0].bonus_domains[0][1]: -1 is out of range"), std::string::npos) << r.out;
    auto missing_map = temp_file("missing-map.json", R"({"game":"aztlan","map":"nowhere.json","claims":[]})");
    r = run("verify rulebook " + missing_map.string());
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.out.find("nowhere.json: no such file"), std::string::npos) << r.out;
    // Nothing is written when the input is bad.
    auto html = tlaloc::test_support::scratch_dir("verify-cli") / "never.html";
    std::filesystem::remove(html);
    EXPECT_EQ(run("verify rulebook " + bad.string() + " --html " + html.string()).code, 2);
    EXPECT_FALSE(std::filesystem::exists(html));
}

TEST(VerifyCli, HtmlDrawsTheTableAndMarksWrongCells) {
    auto wrong = temp_file(
        "wrong-html.json",
        R"({"game":"aztlan","claims":[{"id":"t","kind":"domain_table","table":[[0,2,null],[0,3,null],[0,4,8]]}]})");
    auto html = tlaloc::test_support::scratch_dir("verify-cli") / "report.html";
    EXPECT_EQ(run("verify rulebook " + wrong.string() + " --html " + html.string()).code, 1);
    std::ifstream in(html);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_NE(text.find("<table class=\"domains\">"), std::string::npos);
    EXPECT_NE(text.find("<td class=\"bad\""), std::string::npos);
}

TEST(VerifyCli, CompareReportsTheTieBreakDifference) {
    auto r = run("verify compare " + kSource + "/verify/rulebooks/aztlan-it.json " + kSource +
                 "/verify/rulebooks/aztlan-de.json");
    EXPECT_EQ(r.code, 1);
    EXPECT_NE(r.out.find("tie-break [rule reading]: tie_break: it top, de bottom"), std::string::npos)
        << r.out;
    r = run("verify compare " + kSource + "/verify/rulebooks/aztlan-de.json " + kSource +
            "/verify/rulebooks/aztlan-de.json");
    EXPECT_EQ(r.code, 0);
}

// The shipped summary surfaces the known findings (needs the shipped Aztlán map).
TEST(VerifyCli, AllShippedFilesSurfaceTheKnownFindings) {
    if (!std::filesystem::exists(kSource + "/puzzles/aztlan/aztlan.json"))
        GTEST_SKIP() << "the reconstructed Aztlán map is not shipped yet";
    auto r = run("verify all");
    EXPECT_EQ(r.code, 1) << r.out;
    EXPECT_NE(r.out.find("aztlan-it.json no-bonus-domain (page 7): "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("internal inconsistency"), std::string::npos);
    EXPECT_NE(
        r.out.find(
            "xalapa-it.json atlacoya-number-tiles (section Atlacoya): needs 6 per player × 6 players = 36, "
            "30 available"),
        std::string::npos);
    EXPECT_NE(r.out.find("tie_break: de bottom, it top"), std::string::npos) << r.out;
}

// A misspelt name is unchecked, and exits 0; under --strict it is a failure (exit 1). Either way the
// message names the nearest known name.
TEST(VerifyCli, StrictMakesUncheckedClaimsFailAndUnknownNamesGetTheNearestOne) {
    auto f = temp_file("typo.json", R"({"game":"xalapa","claims":[
      {"id":"tiles","kind":"count","component":"disfavour_tiles","value":30,"page":4},
      {"id":"stones","kind":"count","component":"oracle_stones","value":48}]})");
    auto r = run("verify rulebook " + f.string());
    EXPECT_EQ(r.code, 0) << r.out;
    EXPECT_NE(r.out.find("no count \"disfavour_tiles\""), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("did you mean disfavor_tiles?"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("? tiles [count] (page 4)"), std::string::npos) << r.out;
    auto json = tlaloc::Json::parse(run("verify rulebook " + f.string() + " --json").out);
    EXPECT_EQ(json.at("claims").at(0).at("where"), "page 4");
    EXPECT_FALSE(json.at("claims").at(1).contains("where"));
    r = run("verify rulebook " + f.string() + " --strict");
    EXPECT_EQ(r.code, 1) << r.out;
    EXPECT_NE(r.out.find("strict: unchecked claims count as failures"), std::string::npos) << r.out;

    auto dir = f.parent_path() / "strict-all";
    std::filesystem::create_directories(dir);
    std::filesystem::copy_file(f, dir / "typo.json", std::filesystem::copy_options::overwrite_existing);
    EXPECT_EQ(run("verify all --dir " + dir.string()).code, 0);
    EXPECT_EQ(run("verify all --strict --dir " + dir.string()).code, 1);
}

TEST(VerifyCli, UnknownKeysKindsAndGamesNameTheNearestOne) {
    auto key = temp_file(
        "key.json", R"({"game":"aztlan","claims":[{"id":"a","kind":"count","componnet":"x","value":1}]})");
    auto r = run("verify rulebook " + key.string());
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.out.find("unknown key \"componnet\""), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("did you mean component?"), std::string::npos) << r.out;
    auto kind = temp_file(
        "kind.json", R"({"game":"aztlan","claims":[{"id":"a","kind":"cuont","component":"x","value":1}]})");
    EXPECT_NE(run("verify rulebook " + kind.string()).out.find("did you mean count?"), std::string::npos);
    auto game = temp_file("game.json", R"({"game":"aztaln","claims":[]})");
    EXPECT_NE(run("verify rulebook " + game.string()).out.find("did you mean aztlan?"), std::string::npos);
}

// The page opens with the summary and the problems, then the contents and the details; the shipped
// files are named relative to where the command runs.
TEST(VerifyCli, AllLeadsWithTheSummaryAndTheProblems) {
    if (!std::filesystem::exists(kSource + "/puzzles/aztlan/aztlan.json"))
        GTEST_SKIP() << "the reconstructed Aztlán map is not shipped yet";
    auto html = tlaloc::test_support::scratch_dir("verify-cli") / "all.html";
    auto r = run("verify all --html " + html.string());
    EXPECT_EQ(r.code, 1) << r.out;
    const auto summary = r.out.find("summary:"), problems = r.out.find("problems ("),
               details = r.out.find("details:");
    EXPECT_EQ(summary, 0u) << r.out;
    EXPECT_LT(problems, details) << r.out;
    EXPECT_NE(r.out.find("aztlan: edition de vs it: 3 differences"), std::string::npos) << r.out;
    std::ifstream in(html);
    std::string page((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto s = page.find("id=\"summary\""), p = page.find("id=\"problems\""),
               c = page.find("id=\"contents\""), d = page.find("id=\"details\"");
    ASSERT_NE(d, std::string::npos);
    EXPECT_LT(s, p);
    EXPECT_LT(p, c);
    EXPECT_LT(c, d);
    EXPECT_NE(page.find("page 7"), std::string::npos);
    EXPECT_EQ(page.find(">/"), std::string::npos) << "no absolute file names";
}
