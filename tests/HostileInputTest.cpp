// Inputs a hostile user once fed tlaloc, each through the CLI as it was found: every one must end as
// exit code 2 with one line on stderr that names the file, nothing on stdout, and no internal error
// (exit 4) or crash. Each test is named after the input it reproduces.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>

#include "model/common/Json.h"
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

// A file name that is not UTF-8 is a file name like any other: its JSON answer writes the bytes as
// U+FFFD instead of failing with an internal error.
TEST(HostileInput, AFileNameThatIsNotUtf8InEveryJsonAnswer) {
    const auto dir = scratch_dir("not-utf8");
    const std::string challenge_file = (dir / "ch\xff\xfe.json").string();
    std::ofstream(challenge_file) << challenge(R"([{"feature": "gecko", "count": 1}])");
    const std::string claims = (dir / "claims\xff.json").string();
    std::filesystem::copy_file(kSource + "/verify/rulebooks/xalapa-it.json", claims);
    const std::string de = (dir / "de\xff.json").string();
    std::filesystem::copy_file(kSource + "/verify/rulebooks/aztlan-de.json", de);
    const std::string it = kSource + "/verify/rulebooks/aztlan-it.json";
    for (const std::string& args :
         {"xalapa solve --json '" + challenge_file + "'", "xalapa rate --json '" + challenge_file + "'",
          "verify rulebook --json '" + claims + "'", "verify compare --json '" + de + "' " + it}) {
        CliRun r = run_tlaloc_split(args);
        EXPECT_TRUE(r.code == 0 || r.code == 1) << args << ": " << r.err;
        EXPECT_EQ(r.err.find("internal error"), std::string::npos) << args << ": " << r.err;
        EXPECT_FALSE(tlaloc::Json::parse(r.out, nullptr, false).is_discarded()) << args << ": " << r.out;
        EXPECT_NE(r.out.find("\xef\xbf\xbd"), std::string::npos) << args;  // U+FFFD where the bytes were
    }
}

// A deal's cards must be the catalogue's: an unknown card, position card or board side is refused.
TEST(HostileInput, AChallengeWhoseDealtCardsAreUnknown) {
    CliRun deal = run_tlaloc_split("xalapa deal --level 2 --seed 3");
    ASSERT_EQ(deal.code, 0) << deal.err;
    const tlaloc::Json dealt = tlaloc::Json::parse(deal.out);
    const std::string ok = write_file("dealt.json", dealt.dump());
    EXPECT_EQ(run_tlaloc_split("xalapa solve " + ok).code, 0);
    auto changed = [&](const std::string& name, const std::function<void(tlaloc::Json&)>& change) {
        tlaloc::Json j = dealt;
        change(j);
        return write_file(name, j.dump());
    };
    expect_refused("xalapa solve {}",
                   changed("card.json", [](auto& j) { j["cards"]["columns"][1]["bottom"] = "novice-gekko"; }),
                   "cards.columns[1].bottom: unknown oracle card \"novice-gekko\"");
    expect_refused("xalapa explain {}",
                   changed("top.json", [](auto& j) { j["cards"]["columns"][0]["top"] = "printed-3"; }),
                   "cards.columns[0].top: unknown oracle card");
    expect_refused("xalapa rate {}",
                   changed("position.json", [](auto& j) { j["cards"]["position"] = "P99"; }),
                   "cards.position: unknown position card");
    expect_refused("xalapa render {} --svg /dev/null",
                   changed("board.json", [](auto& j) { j["cards"]["board"] = "sun-sideways"; }),
                   "cards.board: unknown board side");
}

// --stones given empty is not "no stones given": it is malformed JSON.
TEST(HostileInput, ExplainWithEmptyStones) {
    const std::string file = write_file("explain.json", challenge(R"([{"feature": "gecko", "count": 1}])"));
    CliRun r = run_tlaloc_split("xalapa explain --stones '' " + file);
    EXPECT_EQ(r.code, 2) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find("--stones"), std::string::npos) << r.err;
    EXPECT_EQ(r.out, "");
}

// The documented limits hold at their edges: nesting 64 levels is read, 65 is refused; a census
// penalty below 2^20 is read, 2^20 is refused.
TEST(HostileInput, LimitsHoldAtTheirEdges) {
    const auto nest = [](int n) { return std::string(n, '[') + std::string(n, ']'); };
    expect_refused("xalapa solve {}", write_file("nest65.json", nest(65)), "nested deeper than 64 levels");
    CliRun r64 = run_tlaloc_split("xalapa solve " + write_file("nest64.json", nest(64)));
    EXPECT_EQ(r64.code, 2);
    EXPECT_EQ(r64.err.find("nested"), std::string::npos) << r64.err;  // refused as not a challenge only
    const std::string line =
        R"({"board":"jaguar-back","cards":["novice-cactus","novice-bird","novice-gecko","novice-red"],"index":0,)"
        R"("level":"basic","of":142560,"penalty":PENALTY,"position":"P1-straight","stones":[[0,2],[0,3],[0,4]],)"
        R"("unique":false,"unmet":[]})";
    auto with_penalty = [&](const std::string& p) {
        std::string l = line;
        l.replace(l.find("PENALTY"), 7, p);
        return l + "\n";
    };
    EXPECT_EQ(
        run_tlaloc_split("xalapa census summarize " + write_file("census-3.jsonl", with_penalty("3"))).code,
        0);
    EXPECT_EQ(run_tlaloc_split("xalapa census summarize " +
                               write_file("census-below.jsonl", with_penalty("1048575")))
                  .code,
              0);
    expect_refused("xalapa census summarize {}", write_file("census-2-20.jsonl", with_penalty("1048576")),
                   "penalty");
}

}  // namespace
