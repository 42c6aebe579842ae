// `tlaloc xalapa ...` as a user runs it: pinned JSON output, exit codes, one-line errors naming the
// file and the place, and no output file left behind on bad input.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>

#include "model/common/Json.h"
#include "tests/support/CliRun.h"
#include "tests/support/ScratchDir.h"

using namespace tlaloc;
namespace fs = std::filesystem;

namespace {

using CliRun = tlaloc::test_support::CliRun;
CliRun run(const std::string& args) { return tlaloc::test_support::run_tlaloc_split(args); }

fs::path write(const std::string& name, const std::string& text) {
    fs::path dir = tlaloc::test_support::scratch_dir("xalapa-cli");
    fs::create_directories(dir);
    std::ofstream(dir / name) << text;
    return dir / name;
}

const std::string kSample = std::string(TLALOC_SOURCE_DIR) + "/puzzles/xalapa/challenges/";

}  // namespace

TEST(XalapaCli, SolveJsonIsOneObjectPerFileInOrder) {
    CliRun r = run("xalapa solve --json " + kSample + "basic-1.json " + kSample + "level2-1.json");
    ASSERT_EQ(r.code, 0) << r.err;
    std::istringstream lines(r.out);
    std::string a, b;
    std::getline(lines, a);
    std::getline(lines, b);
    Json first = Json::parse(a), second = Json::parse(b);
    for (const Json* j : {&first, &second}) {
        EXPECT_TRUE((*j)["penalty"].is_number_integer());
        EXPECT_TRUE((*j)["stones"].is_array());
        EXPECT_TRUE((*j)["unmet"].is_array());
        EXPECT_TRUE((*j)["formation_met"].is_boolean());
        EXPECT_TRUE((*j)["optimal"].get<bool>());
        EXPECT_EQ((*j)["penalty"].get<int>(), (*j)["stones"].size() + 3 * (*j)["unmet_count"].get<int>());
    }
    EXPECT_NE(first["file"].get<std::string>().find("basic-1"), std::string::npos);
    EXPECT_NE(second["file"].get<std::string>().find("level2-1"), std::string::npos);
}

TEST(XalapaCli, HumanOutputDrawsTheBoardAndTasks) {
    CliRun r = run("xalapa solve " + kSample + "basic-1.json --all");
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("penalty"), std::string::npos);
    EXPECT_NE(r.out.find("+-------+"), std::string::npos);
    EXPECT_NE(r.out.find("task 1: exactly 1 on cactus"), std::string::npos);  // numbered from 1 for people
    EXPECT_NE(r.out.find("optimal stone sets:"), std::string::npos);
    EXPECT_NE(r.out.find("forced"), std::string::npos);
}

TEST(XalapaCli, BadInputIsOneLineAndExitTwo) {
    struct Case {
        std::string file_text, expected;
    };
    std::vector<Case> cases = {
        {"{\"board\": {\"rows\": [[\"gecko\"]]}, \"tasks\": [", "line 1"},
        {R"({"board": {"rows": [["gecko"]]}, "tasks": [{"feature": "snake", "count": 1}]})",
         "tasks[0].feature: unknown feature \"snake\""},
        {R"({"board": {"rows": [["gecko", ""], ["x"]]}, "tasks": []})", "board.rows[1]"},
        {R"({"board": {"rows": [["gecko"]]}, "tasks": [{"feature": "gecko", "count": -2}]})",
         "tasks[0].count"},
        {R"({"board": {"rows": [["gecko"]]}, "tasks": [], "max_stones": 9})", "max_stones"},
        {R"({"board": "missing-board.json", "tasks": []})", "board: board file"},
        {R"({"board": {"rows": [["gecko"]]}, "tasks": [], "formation": []})",
         "formation: the formation is empty"},
        {R"({"board": {"rows": [["gecko"]]}, "tasks": [], "formation": [[0,0],[0,1]]})", "formation"},
    };
    int i = 0;
    for (const auto& c : cases) {
        fs::path f = write("bad" + std::to_string(i++) + ".json", c.file_text);
        CliRun r = run("xalapa solve " + kSample + "basic-1.json " + f.string());
        EXPECT_EQ(r.code, 2) << c.file_text;
        EXPECT_EQ(r.out, "") << "nothing printed before the error: " << c.file_text;
        EXPECT_NE(r.err.find(f.string()), std::string::npos) << r.err;
        EXPECT_NE(r.err.find(c.expected), std::string::npos) << r.err;
        EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    }
    CliRun missing = run("xalapa solve /no/such/file.json");
    EXPECT_EQ(missing.code, 2);
    EXPECT_NE(missing.err.find("/no/such/file.json: no such file"), std::string::npos);
    EXPECT_EQ(run("xalapa solve").code, 2);
    EXPECT_EQ(run("xalapa frobnicate").code, 2);
    EXPECT_EQ(run("--help").code, 0);
}

TEST(XalapaCli, DealWritesAFileTheSolverReadsAndBadOptionsWriteNothing) {
    fs::path out = tlaloc::test_support::scratch_dir("xalapa-cli") / "deal.json";
    fs::create_directories(out.parent_path());
    fs::remove(out);
    CliRun bad = run("xalapa deal --level 7 --out " + out.string());
    EXPECT_EQ(bad.code, 2);
    EXPECT_FALSE(fs::exists(out));
    CliRun bad_board = run("xalapa deal --level 2 --board nowhere --out " + out.string());
    EXPECT_EQ(bad_board.code, 2);
    EXPECT_NE(bad_board.err.find("unknown board side"), std::string::npos);
    EXPECT_FALSE(fs::exists(out));
    ASSERT_EQ(run("xalapa deal --level 3 --seed 5 --board sun-back --out " + out.string()).code, 0);
    CliRun solved = run("xalapa solve --json " + out.string());
    ASSERT_EQ(solved.code, 0) << solved.err;
    EXPECT_TRUE(Json::parse(solved.out)["optimal"].get<bool>());
    CliRun explained = run("xalapa explain " + out.string() + " --stones '[[0,0],[9,9]]'");
    EXPECT_EQ(explained.code, 2);
    EXPECT_NE(explained.err.find("outside the 6x6 board"), std::string::npos);
    CliRun shard = run("xalapa census --shard 3/2");
    EXPECT_EQ(shard.code, 2);
}

// Census lines are input too: each bad line is one error naming the file, the line and the element
// (a number or missing "board" once ended in an internal error), exit 2, nothing on stdout.
TEST(XalapaCli, CensusSummarizeNamesTheBadLine) {
    std::ifstream in(std::string(TLALOC_SOURCE_DIR) + "/tests/data/xalapa/census-sample.jsonl");
    std::string good;
    ASSERT_TRUE(std::getline(in, good));
    Json line = Json::parse(good);
    auto with = [&](const std::function<void(Json&)>& change) {
        Json j = line;
        change(j);
        return good + "\n" + j.dump() + "\n";
    };
    std::string text = line.dump();
    auto penalty = text.find("\"penalty\":") + 10;
    struct Case {
        std::string name, text, expected;
    };
    std::vector<Case> cases = {
        {"number-board", with([](Json& j) { j["board"] = 7; }), ":2: board: expected a string"},
        {"no-board", with([](Json& j) { j.erase("board"); }), ":2: top level: missing \"board\""},
        {"unknown-card", with([](Json& j) { j["cards"][1] = "snake"; }), ":2: cards[1]: unknown card"},
        {"stone-off-board", with([](Json& j) { j["stones"] = Json::parse("[[0, 99]]"); }),
         ":2: stones[0][1]"},
        // Lines that contradict themselves: a stone twice, a column given up twice.
        {"stone-twice", with([](Json& j) { j["stones"] = Json::parse("[[0, 2], [0, 2], [0, 4]]"); }),
         ":2: stones[1]: a field holds one stone"},
        {"unmet-twice", with([](Json& j) {
             j["unmet"] = Json::parse("[1, 1]");
             j["penalty"] = 9;
         }),
         ":2: unmet[1]: the columns given up are listed once each"},
        {"huge-penalty",
         good + "\n" + text.substr(0, penalty) + "1e999" + text.substr(text.find(',', penalty)) + "\n",
         ":2: line 1, column"},
        {"truncated", good + "\n" + text.substr(0, text.size() / 2) + "\n", ":2: line 1, column"},
        {"empty", "", "holds no census lines"},
    };
    for (const auto& c : cases) {
        fs::path f = write("census-" + c.name + ".jsonl", c.text);
        CliRun r = run("xalapa census summarize " + f.string());
        SCOPED_TRACE(c.name);
        EXPECT_EQ(r.code, 2) << r.err;
        EXPECT_EQ(r.out, "");
        EXPECT_NE(r.err.find(f.string() + (c.expected[0] == ':' ? "" : ": ") + c.expected), std::string::npos)
            << r.err;
        EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    }
}
