// Bad Azteka positions are the user's mistake: exit code 2 and one line naming the file and place.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <iterator>

#include <sys/wait.h>
#include <unistd.h>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include "tests/support/CliRun.h"
#include "tests/support/ScratchDir.h"

namespace {
using Outcome = tlaloc::test_support::CliRun;
using SplitRun = tlaloc::test_support::CliRun;
Outcome run(const std::string& args) { return tlaloc::test_support::run_tlaloc(args); }
SplitRun run_split(const std::string& args) { return tlaloc::test_support::run_tlaloc_split(args); }

// A file of puzzles/azteka (the repository root is two levels above tests/data).
std::string puzzle(const std::string& name) {
    return std::string(TLALOC_TEST_DATA) + "/../../puzzles/azteka/" + name;
}

std::string write_position(const std::string& name, const std::string& text) {
    auto dir = tlaloc::test_support::scratch_dir("azteka-cli");
    std::filesystem::create_directories(dir);
    auto file = dir / name;
    std::ofstream(file) << text;
    return file.string();
}

void expect_bad(const std::string& name, const std::string& text, const std::string& place,
                const std::string& what) {
    std::string file = write_position(name, text);
    Outcome r = run("azteka fewest " + file + " --max-turns 1");
    EXPECT_EQ(r.code, 2) << r.out;
    EXPECT_NE(r.out.find("tlaloc: " + file + ": " + place), std::string::npos) << r.out;
    EXPECT_NE(r.out.find(what), std::string::npos) << r.out;
}
}  // namespace

TEST(AztekaCli, WrongRingLength) {
    expect_bad("len.json", R"({"rings": ["L..D...", "........", "........", "........"], "to_move": "life"})",
               "rings[0]", "expected 8");
}

TEST(AztekaCli, WrongNumberOfRings) {
    expect_bad("rings.json", R"({"rings": ["........", "........", "........"], "to_move": "life"})", "rings",
               "expected 4");
}

TEST(AztekaCli, UnknownCharacterAndMummiesOutsideThreePlayers) {
    expect_bad("char.json",
               R"({"rings": ["..X.....", "........", "........", "........"], "to_move": "life"})",
               "rings[0]", "unknown character 'X'");
    expect_bad("mummy.json",
               R"({"rings": ["..M.....", "........", "........", "........"], "to_move": "life"})",
               "rings[0]", "unknown character 'M'");
}

TEST(AztekaCli, ImpossibleSupply) {
    expect_bad(
        "supply.json",
        R"({"rings": ["LLLL....", "........", "........", "........"], "to_move": "life", "supply": {"life": 11}})",
        "supply.life", "impossible supply");
    // Too few in hand is as impossible as too many: one Life pawn on the board and none in hand
    // would otherwise meet Life's goal of placing every pawn.
    expect_bad(
        "short.json",
        R"({"rings": ["L.......", "........", "........", "........"], "to_move": "death", "supply": {"life": 0}})",
        "supply.life", "impossible supply for life: 1 pawns on the board and 0 in hand make 1");
    expect_bad(
        "negative.json",
        R"({"rings": ["........", "........", "........", "........"], "to_move": "life", "supply": {"death": -1}})",
        "supply.death", "out of range");
    expect_bad("toomany.json",
               R"({"rings": ["LLLLLLLL", "LLLLLLL.", "........", "........"], "to_move": "life"})", "rings",
               "15 life pawns");
}

TEST(AztekaCli, UnknownNamesAndMalformedJson) {
    expect_bad("side.json",
               R"({"rings": ["........", "........", "........", "........"], "to_move": "mummies"})",
               "to_move", "unknown side");
    expect_bad(
        "key.json",
        R"({"rings": ["........", "........", "........", "........"], "to_move": "life", "suply": {}})", "",
        "unknown key \"suply\"");
    expect_bad(
        "variant.json",
        R"({"rings": ["........", "........", "........", "........"], "to_move": "life", "variant": "solo"})",
        "variant", "unknown variant");
    expect_bad("broken.json", R"({"rings": ["........", )", "line 1", "malformed JSON");
}

TEST(AztekaCli, PlayEndsCleanlyAtEndOfInput) {
    Outcome r = run("azteka play --death best < /dev/null");
    EXPECT_EQ(r.code, 0) << r.out;
    EXPECT_NE(r.out.find("input ended"), std::string::npos) << r.out;
    std::string file = write_position("moves.txt", "place 0 0\nnonsense\nplace 9 9\nplace 0 0\nquit\n");
    r = run("azteka play < " + file);
    EXPECT_EQ(r.code, 0) << r.out;
    EXPECT_NE(r.out.find("not a legal action here: 'nonsense'"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("not a legal action here: 'place 9 9'"), std::string::npos) << r.out;
    // Refused by the rules (the hole is Life's), not by the words: the same answer, and death asks again.
    EXPECT_NE(r.out.find("death> not a legal action here: 'place 0 0'"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("round abandoned"), std::string::npos) << r.out;
}

// Ring turns never run out: as in a match, a round with 200 whole turns and no goal is drawn, so
// `play` stops asking.
TEST(AztekaCli, PlayDrawsTheRoundAtTheTurnLimit) {
    std::string turns;
    for (int i = 0; i < 300; ++i) turns += "turn 0\n";
    std::string file = write_position("turns.txt", turns);
    Outcome r = run("azteka play < " + file);
    EXPECT_EQ(r.code, 0) << r.out.substr(r.out.size() > 2000 ? r.out.size() - 2000 : 0);
    EXPECT_NE(r.out.find("the round is drawn: 200 whole turns without a goal"), std::string::npos);
    std::size_t prompts = 0;
    for (std::size_t at = r.out.find("> "); at != std::string::npos; at = r.out.find("> ", at + 1)) ++prompts;
    EXPECT_EQ(prompts, 200u);  // one action a turn, then no more questions
}

// --timeout: whether Life forces a goal within 12 turns from the empty board against the best
// answers is far beyond a second; the limit stops it with one line on stderr, nothing on stdout,
// exit 3.
TEST(AztekaCli, FewestStopsAtTheTimeoutWithOneLineAndExitThree) {
    std::string file = puzzle("empty.json");
    for (const char* json : {"", " --json"}) {
        SplitRun r = run_split("azteka fewest " + file + " --opponent best --timeout 1" + json);
        EXPECT_EQ(r.code, 3) << r.err;
        EXPECT_EQ(r.out, "");
        const std::string head =
            "tlaloc: " + file + ": no answer within the 1 s limit (raise --timeout); best found so far: ";
        EXPECT_EQ(r.err.rfind(head, 0), 0u) << r.err;
        EXPECT_NE(r.err.find("no forced win within"), std::string::npos) << r.err;  // what is proved
        EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
        EXPECT_LT(r.seconds, 30.0) << "the limit was not enforced";  // generous sanity bound only
    }
}

TEST(AztekaCli, FewestTimeoutLeavesNormalAnswersAlone) {
    std::string file = puzzle("empty-death.json");
    SplitRun plain = run_split("azteka fewest " + file + " --max-turns 4 --json");
    ASSERT_EQ(plain.code, 0) << plain.err;
    EXPECT_EQ(
        plain.out,
        "{\"goal\":\"dominate\",\"pawns\":4,\"plan\":[{\"place\":[0,0]},{\"place\":[1,0]},{\"place\":[2,0]},"
        "{\"place\":[3,0]}],\"turns\":4}\n");
    for (const char* limit : {" --timeout 0", " --timeout 30"}) {
        SplitRun r = run_split("azteka fewest " + file + " --max-turns 4 --json" + limit);
        EXPECT_EQ(r.code, 0) << limit << r.err;
        EXPECT_EQ(r.out, plain.out) << limit;
        EXPECT_EQ(r.err, "") << limit;
    }
}
