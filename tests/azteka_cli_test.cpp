// Bad Azteka positions are the user's mistake: exit code 2 and one line naming the file and place.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sys/wait.h>

namespace {
struct Outcome {
    int code;
    std::string out;
};

Outcome run(const std::string& args) {
    std::string cmd = std::string(TLALOC_BIN) + " " + args + " 2>&1";
    FILE* p = popen(cmd.c_str(), "r");
    std::string out;
    char buf[512];
    while (p && fgets(buf, sizeof buf, p)) out += buf;
    int status = p ? pclose(p) : -1;
    return {WEXITSTATUS(status), out};
}

std::string write_position(const std::string& name, const std::string& text) {
    auto dir = std::filesystem::temp_directory_path() / "tlaloc-azteka-cli";
    std::filesystem::create_directories(dir);
    auto file = dir / name;
    std::ofstream(file) << text;
    return file.string();
}

void expect_bad(const std::string& name, const std::string& text, const std::string& place, const std::string& what) {
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
    expect_bad("char.json", R"({"rings": ["..X.....", "........", "........", "........"], "to_move": "life"})",
               "rings[0]", "unknown character 'X'");
    expect_bad("mummy.json", R"({"rings": ["..M.....", "........", "........", "........"], "to_move": "life"})",
               "rings[0]", "unknown character 'M'");
}

TEST(AztekaCli, ImpossibleSupply) {
    expect_bad("supply.json",
               R"({"rings": ["LLLL....", "........", "........", "........"], "to_move": "life", "supply": {"life": 11}})",
               "supply.life", "impossible supply");
    expect_bad("negative.json", R"({"rings": ["........", "........", "........", "........"], "to_move": "life", "supply": {"death": -1}})",
               "supply.death", "out of range");
    expect_bad("toomany.json", R"({"rings": ["LLLLLLLL", "LLLLLLL.", "........", "........"], "to_move": "life"})",
               "rings", "15 life pawns");
}

TEST(AztekaCli, UnknownNamesAndMalformedJson) {
    expect_bad("side.json", R"({"rings": ["........", "........", "........", "........"], "to_move": "mummies"})",
               "to_move", "unknown side");
    expect_bad("key.json", R"({"rings": ["........", "........", "........", "........"], "to_move": "life", "suply": {}})",
               "", "unknown key \"suply\"");
    expect_bad("variant.json", R"({"rings": ["........", "........", "........", "........"], "to_move": "life", "variant": "solo"})",
               "variant", "unknown variant");
    expect_bad("broken.json", R"({"rings": ["........", )", "line 1", "malformed JSON");
}

TEST(AztekaCli, PlayEndsCleanlyAtEndOfInput) {
    Outcome r = run("azteka play --death solver < /dev/null");
    EXPECT_EQ(r.code, 0) << r.out;
    EXPECT_NE(r.out.find("input ended"), std::string::npos) << r.out;
    std::string file = write_position("moves.txt", "place 0 0\nnonsense\nplace 9 9\nquit\n");
    r = run("azteka play < " + file);
    EXPECT_EQ(r.code, 0) << r.out;
    EXPECT_NE(r.out.find("not a legal action here: 'nonsense'"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("round abandoned"), std::string::npos) << r.out;
}
