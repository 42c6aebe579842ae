// Inputs a hostile user once fed tlaloc, each through the CLI as it was found: every one must end as
// exit code 2 with one line on stderr that names the file, nothing on stdout, and no internal error
// (exit 4) or crash. Each test is named after the input it reproduces.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <string>

#include "tests/support/CliRun.h"
#include "tests/support/ScratchDir.h"

using namespace tlaloc::test_support;

namespace {

const std::string kSource = TLALOC_SOURCE_DIR;

// Writes `text` to a scratch file and returns its path.
std::string write_file(const std::string& name, const std::string& text) {
    auto path = scratch_dir("hostile") / name;
    std::ofstream(path) << text;
    return path.string();
}

// `args` with {} replaced by `file`, run; the answer must be the one-line refusal naming `named`
// (by default `file` itself) and saying `says`.
void expect_refused(const std::string& command, const std::string& file, const std::string& says = "",
                    std::string named = "") {
    if (named.empty()) named = file;
    std::string args = command;
    args.replace(args.find("{}"), 2, file);
    CliRun r = run_tlaloc_split(args);
    EXPECT_EQ(r.code, 2) << args << "\n" << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << args << ": " << r.err;
    EXPECT_NE(r.err.find(named + ":"), std::string::npos) << args << ": " << r.err;
    EXPECT_EQ(r.err.find("internal error"), std::string::npos) << args << ": " << r.err;
    EXPECT_NE(r.err.find(says), std::string::npos) << args << ": " << r.err;
    EXPECT_EQ(r.out, "") << args;
}

std::string board_path() { return kSource + "/puzzles/xalapa/boards/sun-front.json"; }

// A Xalapa challenge on a shipped board with `tasks` (a JSON array) and extra top-level `fields`.
std::string challenge(const std::string& tasks, const std::string& fields = "") {
    return R"({"board": ")" + board_path() + R"(", "formation": [[0, 0], [1, 1]], "tasks": )" + tasks +
           (fields.empty() ? "" : ", " + fields) + "}";
}

TEST(HostileInput, ANumberThatOverflowsADoubleInEveryCommandThatReadsJson) {
    expect_refused(
        "xalapa solve {}",
        write_file("overflow-challenge.json", challenge(R"([{"feature": "cactus", "count": 1e999}])")),
        "1e999");
    expect_refused(
        "azteka show {}",
        write_file("overflow-azteka.json",
                   R"({"rings": ["........", "........", "........", "........"], "to_move": "life",
                                  "supply": {"life": 1e999}})"),
        "1e999");
    expect_refused(
        "akelarre best {}",
        write_file("overflow-akelarre.json", R"({"hand": ["F2"], "table": [], "free_places": 1e999})"),
        "1e999");
    expect_refused("verify rulebook {}",
                   write_file("overflow-claims.json", R"({"game": "xalapa", "edition": "it",
        "claims": [{"id": "x", "kind": "sum", "component": "oracle_cards_by_back", "parts": [1e999], "total": 1}]})"),
                   "1e999");
    expect_refused("aztlan score {}",
                   write_file("overflow-aztlan.json", R"({"map": ")" + kSource +
                                                          R"(/puzzles/aztlan/aztlan.json",
        "players": [{"name": "red", "card": 6, "vp": 1e999, "pawns": {}}]})"),
                   "1e999");
}

TEST(HostileInput, CensusLineWhoseBoardIsANumberOrMissing) {
    const std::string line =
        R"({"index": 0, "of": 138600, "board": BOARD, "position": "P1-straight", "cards": ["novice-cactus",
        "novice-bird", "novice-gecko", "novice-red"], "penalty": 3, "stones": [], "unique": false, "unmet": []})";
    std::string number = line, missing = line;
    number.replace(number.find("BOARD"), 5, "7");
    missing.replace(missing.find(R"("board": BOARD, )"), 16, "");
    std::erase(number, '\n');
    std::erase(missing, '\n');
    expect_refused("xalapa census summarize {}", write_file("board-number.jsonl", number + "\n"), "board");
    expect_refused("xalapa census summarize {}", write_file("board-missing.jsonl", missing + "\n"), "board");
}

// The player with no pawns at all is fine (it scores nothing); pawns given as anything but an
// object of territory counts is refused.
TEST(HostileInput, AztlanPlayerWhosePawnsAreEmptyOrNotAnObject) {
    const std::string map = kSource + "/puzzles/aztlan/aztlan.json";
    auto position = [&](const std::string& pawns) {
        return R"({"map": ")" + map +
               R"(", "players": [{"name": "red", "card": 6, "vp": 3, "stack": 0, "pawns": )" + pawns +
               R"(}, {"name": "blue", "card": 7, "vp": 1, "stack": 1, "pawns": {"T01": 2}}]})";
    };
    CliRun ok = run_tlaloc_split("aztlan score " + write_file("pawns-empty.json", position("{}")));
    EXPECT_EQ(ok.code, 0) << ok.err;
    EXPECT_NE(ok.out.find("red"), std::string::npos) << ok.out;
    expect_refused("aztlan score {}", write_file("pawns-list.json", position("[1, 2]")), "pawns");
    expect_refused("aztlan score {}", write_file("pawns-negative.json", position(R"({"T01": -1})")), "pawns");
    expect_refused("aztlan conflicts {}", write_file("pawns-unknown.json", position(R"({"T99": 1})")), "T99");
}

TEST(HostileInput, XalapaChallengeValuesOfTheWrongJsonType) {
    const std::string cases[][2] = {
        {challenge(R"([{"feature": 7, "count": 1}])"), "feature"},
        {challenge(R"([{"feature": null, "count": 1}])"), "feature"},
        {challenge(R"([{"feature": "cactus", "count": "1"}])"), "count"},
        {challenge(R"([{"feature": "cactus", "at_least": null}])"), "at_least"},
        {challenge(R"([{"same": ["cactus", 3]}])"), "same"},
        {challenge(R"([{"feature": "cactus", "count": 1}])", R"("max_stones": "8")"), "max_stones"},
        {challenge(R"([{"feature": "cactus", "count": 1}])", R"("orientations": 4)"), "orientations"},
        {challenge(R"({"feature": "cactus"})"), "tasks"},
        {R"({"board": 12, "tasks": []})", "board"},
        {R"({"board": ")" + board_path() + R"(", "formation": [[0, "a"]], "tasks": []})", "formation"},
    };
    int i = 0;
    for (const auto& [text, says] : cases)
        expect_refused("xalapa solve {}", write_file("wrong-type-" + std::to_string(i++) + ".json", text),
                       says);
}

TEST(HostileInput, ArraysNestedAHundredThousandLevelsDeep) {
    const std::string deep = std::string(100000, '[') + std::string(100000, ']');
    expect_refused("xalapa solve {}", write_file("deep.json", deep), "nested");
    expect_refused("akelarre best {}", write_file("deep-turn.json", R"({"hand": )" + deep + "}"), "nested");
}

TEST(HostileInput, ABoardOfThirteenRows) {
    std::string rows;
    for (int r = 0; r < 13; ++r) rows += std::string(r ? ", " : "") + R"(["cactus", "gecko"])";
    const std::string board = write_file("thirteen.json", R"({"id": "big", "rows": [)" + rows + "]}");
    expect_refused("xalapa solve {}",
                   write_file("on-thirteen.json", R"({"board": ")" + board + R"(", "tasks": []})"), "12",
                   board);
}

TEST(HostileInput, AkelarreCheckWithoutCardsIsOneUsageLine) {
    CliRun r = run_tlaloc_split("akelarre check");
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_EQ(r.err.rfind("tlaloc akelarre check:", 0), 0u) << r.err;
}

}  // namespace
