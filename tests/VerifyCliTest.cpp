// `tlaloc verify ...` end to end: the pinned JSON report, exit codes 0/1/2, HTML output, the
// edition comparison and the shipped summary.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>

#include "model/common/Json.h"
#include "tests/support/CliRun.h"
#include "tests/support/ScratchDir.h"
#include "tests/support/TestScale.h"

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

// Claims that only restate a constant the model types from the book are flagged and counted apart;
// counts the model derives (the deck it deals) are verified and can fail.
TEST(VerifyCli, RestatedClaimsAreCountedApartFromVerifiedOnes) {
    auto r = run("verify rulebook " + kSource + "/verify/rulebooks/akelarre-it.json --json");
    ASSERT_EQ(r.code, 0) << r.out;
    auto j = tlaloc::Json::parse(r.out);
    std::map<std::string, bool> restated;
    for (const auto& c : j.at("claims")) restated[c.at("id")] = c.at("restated");
    EXPECT_TRUE(restated.at("favourite-cards"));    // a typed 5 against the book's 5
    EXPECT_FALSE(restated.at("owner-share"));       // the cards the engine gives the place's owner
    EXPECT_FALSE(restated.at("most-cards-bonus"));  // what the engine's scoring adds
    EXPECT_FALSE(restated.at("deck"));              // counts the cards the engine deals
    EXPECT_FALSE(restated.at("hand-size"));         // the hand the engine deals
    const auto& s = j.at("summary");
    int flagged = 0;
    for (const auto& [id, flag] : restated) flagged += flag;
    EXPECT_EQ(s.at("restated").get<int>(), flagged);
    EXPECT_EQ(s.at("verified").get<int>() + s.at("restated").get<int>(), s.at("true").get<int>());
    auto text = run("verify rulebook " + kSource + "/verify/rulebooks/akelarre-it.json");
    EXPECT_NE(text.out.find("  = favourite-cards [count]"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("restating a constant"), std::string::npos) << text.out;

    // A wrong number on a derived count is caught: 111 cards, 8 in a hand, a bonus of 9.
    auto f = temp_file("akelarre-wrong.json", R"({"game":"akelarre","claims":[
      {"id":"deck","kind":"count","component":"cards","value":111},
      {"id":"hand","kind":"count","component":"hand_size","value":8},
      {"id":"bonus","kind":"count","component":"most_cards_bonus","value":9}]})");
    auto wrong = run("verify rulebook " + f.string() + " --json");
    EXPECT_EQ(wrong.code, 1) << wrong.out;
    auto w = tlaloc::Json::parse(wrong.out);
    EXPECT_EQ(w.at("summary").at("false").get<int>(), 3) << wrong.out;
}

// The shipped ledgers trace every statement: exit 0, the pinned JSON, each statement counted once.
TEST(VerifyCli, CoverageOfTheShippedLedgersIsComplete) {
    auto r = run("verify coverage --json");
    ASSERT_EQ(r.code, 0) << r.out;
    auto j = tlaloc::Json::parse(r.out);
    EXPECT_EQ(j.at("contradicted").get<int>(), 0);
    std::vector<std::string> files;
    for (const auto& b : j.at("books")) {
        files.push_back(b.at("file"));
        EXPECT_EQ(b.size(), 6u) << b.dump();
        EXPECT_EQ(b.at("uncovered").get<int>(), 0) << b.dump();
        EXPECT_EQ(b.at("claimed").get<int>() + b.at("tested").get<int>() + b.at("decided").get<int>(),
                  b.at("statements").get<int>())
            << b.dump();
        EXPECT_GT(b.at("statements").get<int>(), 30) << b.dump();
    }
    EXPECT_EQ(files, (std::vector<std::string>{"akelarre-it.json", "azteka-it.json", "aztlan-de.json",
                                               "aztlan-it.json", "xalapa-it.json"}));
}

namespace {
// A ledger folder of one file next to a copy of the shipped Akelarre claims.
std::filesystem::path ledger_dir(const std::string& name, const std::string& statements) {
    auto dir = tlaloc::test_support::scratch_dir("verify-ledger-" + name);
    std::filesystem::create_directories(dir / "ledger");
    std::filesystem::create_directories(dir / "rulebooks");
    std::filesystem::copy_file(kSource + "/verify/rulebooks/akelarre-it.json",
                               dir / "rulebooks/akelarre-it.json",
                               std::filesystem::copy_options::overwrite_existing);
    std::ofstream(dir / "ledger/akelarre-it.json")
        << R"({"book":"akelarre-it","statements":[)" + statements + "]}";
    return dir / "ledger";
}
}  // namespace

// A statement nothing covers, or one naming a claim or test that does not exist, fails the count.
TEST(VerifyCli, CoverageFailsOnUncoveredStatementsAndBrokenReferences) {
    const std::string ok = R"({"id":"a","page":"p. 1","statement":"110 cards","claims":["deck"]})";
    auto good =
        ledger_dir("good", ok + R"(,{"id":"b","page":"p. 5","statement":"jokers score 0",)"
                                R"("tests":["AkelarreRules.ScoringFavouriteFamilyJokersAndTheBonus"]},)"
                                R"({"id":"c","page":"p. 2","statement":"first player","decision":"given"})");
    auto r = run("verify coverage --json --dir " + good.string());
    EXPECT_EQ(r.code, 0) << r.out;
    EXPECT_EQ(
        tlaloc::Json::parse(r.out).at("books").at(0).dump(),
        R"({"claimed":1,"decided":1,"file":"akelarre-it.json","statements":3,"tested":1,"uncovered":0})");

    auto uncovered =
        ledger_dir("uncovered", ok + R"(,{"id":"b","page":"p. 5","statement":"jokers score 0"})");
    r = run("verify coverage --dir " + uncovered.string());
    EXPECT_EQ(r.code, 1) << r.out;
    EXPECT_NE(r.out.find("uncovered: b"), std::string::npos) << r.out;

    auto no_claim =
        ledger_dir("no-claim", R"({"id":"a","page":"p. 1","statement":"110","claims":["decks"]})");
    r = run("verify coverage --dir " + no_claim.string());
    EXPECT_EQ(r.code, 1) << r.out;
    EXPECT_NE(r.out.find(R"(statements[0] (a): no claim "decks" in akelarre-it.json)"), std::string::npos)
        << r.out;

    auto no_test =
        ledger_dir("no-test", R"({"id":"a","page":"p. 1","statement":"x","tests":["Akelarre.Nope"]})");
    r = run("verify coverage --dir " + no_test.string());
    EXPECT_EQ(r.code, 1) << r.out;
    EXPECT_NE(r.out.find(R"(no test "Akelarre.Nope")"), std::string::npos) << r.out;
}

// A malformed ledger is bad input: exit 2, one line naming the file and the place.
TEST(VerifyCli, MalformedLedgerIsExitTwoNamingThePlace) {
    const std::vector<std::pair<std::string, std::string>> cases = {
        {R"({"id":"a","page":"p. 1"})", "statements[0]"},
        {R"({"id":"a","page":"p. 1","statement":"x","claims":"deck"})", "statements[0].claims"},
        {R"({"id":"a","page":"p. 1","statement":"x","tests":["NoDot"]})", "statements[0].tests[0]"},
        {R"({"id":"a","page":"p. 1","statement":"x","decision":"y"},{"id":"a","page":"p","statement":"z","decision":"y"})",
         "statements[1].id"},
        {R"({"id":"a","page":"p. 1","statement":"x","colour":"red"})", "statements[0]"},
    };
    for (const auto& [statements, place] : cases) {
        auto dir = ledger_dir("bad", statements);
        auto r = run("verify coverage --dir " + dir.string());
        EXPECT_EQ(r.code, 2) << statements << "\n" << r.out;
        EXPECT_NE(r.out.find("akelarre-it.json: " + place), std::string::npos) << statements << "\n" << r.out;
        EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << r.out;
    }
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

// Analyses: a designer's question answered by play sits in the game's section, apart from the claims:
// never true or false, never in the counts, a verdict from its interval against the fair rate.
TEST(VerifyCli, AnalysesAreShownApartAndNeverCounted) {
    const std::string claims =
        R"("claims":[{"id":"life","kind":"count","component":"life_pawns","value":14}])";
    auto analysis = [](const std::string& id, int hits, int trials) {
        return R"({"id":")" + id + R"(","question":"Does the first player win more?","section":"Play",)" +
               R"("measure":"first player wins","players":2,"hits":)" + std::to_string(hits) +
               R"(,"trials":)" + std::to_string(trials) +
               R"(,"fair":0.5,"command":"tlaloc azteka balance --games 2000 --bots greedy --json"})";
    };
    auto file =
        temp_file("analyses.json", R"({"game":"azteka",)" + claims + R"(,"analyses":[)" +
                                       analysis("ahead", 1200, 2000) + "," + analysis("even", 1010, 2000) +
                                       "," + analysis("behind", 900, 2000) + "]}");
    auto r = run("verify rulebook " + file.string());
    EXPECT_EQ(r.code, 0) << r.out;
    EXPECT_NE(r.out.find("1 true (1 verified, 0 restating a constant), 0 false, 0 unchecked"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("analyses (measured by play; not claims"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("60.0 % [57.8 %, 62.1 %] of 2000 games (2 players); fair 50.0 %: favoured"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find(
                  "50.5 % [48.3 %, 52.7 %] of 2000 games (2 players); fair 50.0 %: no measurable difference"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("45.0 % [42.8 %, 47.2 %] of 2000 games (2 players); fair 50.0 %: disfavoured"),
              std::string::npos)
        << r.out;
    const auto json = tlaloc::Json::parse(run("verify rulebook " + file.string() + " --json").out);
    ASSERT_EQ(json["analyses"].size(), 3u);
    EXPECT_EQ(json["analyses"][0]["verdict"], "favoured");
    EXPECT_EQ(json["claims"].size(), 1u);
    EXPECT_EQ(json["summary"]["true"], 1);
    const auto page = tlaloc::test_support::scratch_dir("verify-cli") / "analyses.html";
    ASSERT_EQ(run("verify rulebook " + file.string() + " --html " + page.string()).code, 0);
    std::ifstream in(page);
    const std::string html((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto claims_table = html.find("id=\"file-1-claim-1\"");
    const auto analyses_table = html.find("<table class=\"analyses\">");
    ASSERT_NE(analyses_table, std::string::npos);
    EXPECT_LT(claims_table, analyses_table);
    EXPECT_NE(html.find("id=\"analysis-ahead\""), std::string::npos);

    // Bad analyses are bad input: more hits than trials, a command that is not tlaloc's, a fair rate
    // outside 0..1, an id a claim has.
    for (
        const auto& [bad, where] : std::vector<std::pair<std::string, std::string>>{
            {analysis("a", 2001, 2000), "analyses[0].hits"},
            {R"({"id":"a","question":"q","measure":"m","players":2,"hits":1,"trials":2,"fair":0.5,"command":"rm -rf"})",
             "analyses[0].command"},
            {R"({"id":"a","question":"q","measure":"m","players":2,"hits":1,"trials":2,"fair":1.5,"command":"tlaloc x"})",
             "analyses[0].fair"},
            {analysis("life", 1, 2), "analyses[0].id"}}) {
        auto f =
            temp_file("bad-analysis.json", R"({"game":"azteka",)" + claims + R"(,"analyses":[)" + bad + "]}");
        auto b = run("verify rulebook " + f.string());
        EXPECT_EQ(b.code, 2) << bad;
        EXPECT_NE(b.out.find(where), std::string::npos) << b.out;
    }
}

// The shipped analyses are what their commands measure: every command is a valid balance run
// (--dry-run), and the Azteka ones (seconds each) are played again and give the same counts.
TEST(VerifyCli, ShippedAnalysesAreWhatTheirCommandsMeasure) {
    int replayed = 0, analyses = 0;
    for (const auto& entry : std::filesystem::directory_iterator(kSource + "/verify/rulebooks")) {
        std::ifstream in(entry.path());
        const auto file = tlaloc::Json::parse(in);
        if (!file.contains("analyses")) continue;
        for (const auto& a : file["analyses"]) {
            ++analyses;
            std::string command = a["command"].get<std::string>().substr(std::string("tlaloc ").size());
            ASSERT_NE(command.find(" balance "), std::string::npos) << command;
            const auto dry = run(command + " --dry-run");
            EXPECT_EQ(dry.code, 0) << command << ": " << dry.out;
            // Replayed in full where a 2,000-game run takes seconds, not at the sanitizer run's small
            // scale (minutes there); the dry run above still reads every command.
            if (file["game"] != "azteka" || tlaloc::test_support::small_test_scale()) continue;
            const auto played = run(command);
            ASSERT_EQ(played.code, 0) << command;
            const auto report = tlaloc::Json::parse(played.out);
            EXPECT_EQ(a["hits"], report["first_player"]["hits"]) << a["id"];
            EXPECT_EQ(a["trials"].get<int>(), report["games"].get<int>() - report["draws"]["hits"].get<int>())
                << a["id"];
            ++replayed;
        }
    }
    EXPECT_GE(analyses, 2);
    if (!tlaloc::test_support::small_test_scale()) EXPECT_GE(replayed, 2);
}
