// `replay --show` for every game with a log, on logs the test makes with the games' own `play`
// commands: one header per recorded step, the state after each, `--step N`, a tampered log stopping
// where the rules stop, a log of another game refused; and session::show_replay's pictures change
// as the game goes on.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <sstream>

#include "model/common/InputError.h"
#include "model/common/Json.h"
#include "session/Replay.h"
#include "tests/support/CliRun.h"
#include "tests/support/ScratchDir.h"

namespace {

using tlaloc::test_support::CliRun;
CliRun run(const std::string& args) { return tlaloc::test_support::run_tlaloc(args); }

struct GameLog {
    std::string replay;  // the replay command
    std::string play;    // the play command, without --log
    std::string file;
};

std::vector<GameLog> logs() {
    static std::vector<GameLog> made;
    if (!made.empty()) return made;
    const auto dir = tlaloc::test_support::scratch_dir("replay-show");
    const std::vector<std::pair<std::string, std::string>> games = {
        {"aztlan replay", "aztlan play --players 3 --seed 7 --bots greedy,random,random"},
        {"azteka replay", "azteka match --seed 7 --life-bot random --death-bot random"},
        {"akelarre replay", "akelarre play --players 3 --seed 5 --bots random"},
        {"xalapa atlacoya replay", "xalapa atlacoya play --players 3 --seed 4"},
        {"xalapa replay", "xalapa play --players 3 --seed 3 --bots greedy,random"}};
    for (std::size_t i = 0; i < games.size(); ++i) {
        const std::string file = (dir / ("game" + std::to_string(i) + ".jsonl")).string();
        const CliRun r = run(games[i].second + " --log " + file);
        EXPECT_EQ(r.code, 0) << games[i].second << "\n" << r.out;
        made.push_back({games[i].first, games[i].second, file});
    }
    return made;
}

std::string read(const std::string& file) {
    std::ifstream in(file);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

// The header lines "step N  ..." of a --show output, in order.
std::vector<std::string> headers(const std::string& out) {
    std::vector<std::string> h;
    for (const std::string& l : lines_of(out))
        if (l.rfind("step ", 0) == 0) h.push_back(l);
    return h;
}

// How many steps a log records: Aztlán and Akelarre action lines, Azteka turn lines, one per
// player on an Atlacoya day line, seven-day play lines.
int recorded_steps(const std::string& file) {
    int n = 0;
    for (const std::string& l : lines_of(read(file))) {
        const tlaloc::Json j = tlaloc::Json::parse(l);
        const std::string kind = j.value("kind", "");
        if (kind == "action" || kind == "turn" || kind == "play") ++n;
        if (kind == "day" && j.contains("plays")) n += static_cast<int>(j["plays"].size());
    }
    return n;
}

}  // namespace

TEST(ReplayShowCli, EveryGameShowsOneNumberedStepPerRecordedActionThenItsVerdict) {
    for (const GameLog& g : logs()) {
        const CliRun r = run(g.replay + " " + g.file + " --show");
        ASSERT_EQ(r.code, 0) << g.replay << "\n" << r.out.substr(0, 2000);
        const std::vector<std::string> h = headers(r.out);
        ASSERT_EQ(static_cast<int>(h.size()), recorded_steps(g.file) + 1) << g.replay;
        for (std::size_t i = 0; i < h.size(); ++i)
            EXPECT_EQ(h[i].rfind("step " + std::to_string(i) + "  ", 0), 0u) << g.replay << ": " << h[i];
        EXPECT_NE(h[0].find("(the game as dealt)"), std::string::npos) << h[0];
        // The verdict of the plain replay follows the steps, unchanged.
        const CliRun plain = run(g.replay + " " + g.file);
        EXPECT_EQ(plain.code, 0);
        EXPECT_EQ(lines_of(r.out).back(), lines_of(plain.out).back()) << g.replay;
        // Each state is indented text under its header, and the states are not all the same.
        const std::vector<std::string> all = lines_of(r.out);
        EXPECT_EQ(all[1].rfind("    ", 0), 0u) << all[1];
    }
}

TEST(ReplayShowCli, HeadersNameTheStagePlayerAndActionOfTheLog) {
    const GameLog g = logs()[0];  // Aztlán: the first action is player 1's power card of age 1
    const tlaloc::Json line = tlaloc::Json::parse(lines_of(read(g.file))[1]);
    const tlaloc::Json& first = line["action"];
    ASSERT_EQ(first["phase"], "choice");
    const CliRun r = run(g.replay + " " + g.file + " --show --step 1");
    ASSERT_EQ(r.code, 0) << r.out;
    const std::vector<std::string> h = headers(r.out);
    ASSERT_EQ(h.size(), 1u) << r.out;
    EXPECT_NE(h[0].find("age 1, choice  player " + std::to_string(first["player"].get<int>())),
              std::string::npos)
        << h[0];
    EXPECT_NE(h[0].find("\"card\":" + std::to_string(first["card"].get<int>())), std::string::npos) << h[0];
    // The state after it knows the card chosen.
    EXPECT_NE(r.out.find("power card " + std::to_string(first["card"].get<int>())), std::string::npos)
        << r.out;

    const GameLog a = logs()[2];  // Akelarre: names its players
    const CliRun ak = run(a.replay + " " + a.file + " --show --step 2");
    ASSERT_EQ(ak.code, 0) << ak.out;
    EXPECT_TRUE(std::regex_search(ak.out, std::regex("^step 2  turn [0-9]+  P[1-3]  \\{\"action\":")))
        << ak.out;
}

TEST(ReplayShowCli, StepOutOfRangeOrWithoutShowIsBadInput) {
    const GameLog g = logs()[1];
    const int last = recorded_steps(g.file);
    CliRun r = run(g.replay + " " + g.file + " --show --step " + std::to_string(last));
    EXPECT_EQ(r.code, 0) << r.out;
    EXPECT_EQ(headers(r.out).size(), 1u);
    r = run(g.replay + " " + g.file + " --show --step " + std::to_string(last + 1));
    EXPECT_EQ(r.code, 2) << r.out;
    EXPECT_NE(r.out.find("the log has steps 0 to " + std::to_string(last)), std::string::npos) << r.out;
    r = run(g.replay + " " + g.file + " --step 1");
    EXPECT_EQ(r.code, 2) << r.out;
}

TEST(ReplayShowCli, ATamperedLogStopsAtTheWrongStepAndSaysSo) {
    // Aztlán: the first development action given to a player who is not to act.
    const GameLog g = logs()[0];
    std::vector<std::string> lines = lines_of(read(g.file));
    std::size_t at = 0;
    for (std::size_t i = 1; i < lines.size() && !at; ++i)
        if (lines[i].find("\"development\"") != std::string::npos) at = i;
    ASSERT_GT(at, 0u);
    tlaloc::Json j = tlaloc::Json::parse(lines[at]);
    j["player"] = j["player"].get<int>() % 3 + 1;  // not the player to act
    lines[at] = j.dump();
    const std::string bad = tlaloc::test_support::scratch_dir("replay-show") / "tampered.jsonl";
    {
        std::ofstream out(bad);
        for (const auto& l : lines) out << l << "\n";
    }
    const CliRun r = run(g.replay + " " + bad + " --show");
    EXPECT_EQ(r.code, 1) << r.out;
    const std::vector<std::string> h = headers(r.out);
    EXPECT_EQ(h.size(), at) << "the steps before the wrong line, and step 0";
    EXPECT_NE(lines_of(r.out).back().find(":" + std::to_string(at + 1) + ":"), std::string::npos)
        << lines_of(r.out).back();
}

TEST(ReplayShowCli, ALogOfAnotherGameIsOneLineExitTwo) {
    const std::vector<GameLog> all = logs();
    const CliRun r = run(all[0].replay + " " + all[2].file + " --show");
    EXPECT_EQ(r.code, 2) << r.out;
    EXPECT_EQ(lines_of(r.out).size(), 1u) << r.out;
    EXPECT_NE(r.out.find(all[2].file), std::string::npos) << r.out;
}

TEST(ReplayShow, PicturesAreTheGamesOwnDrawingsAndChangeAsTheGameGoesOn) {
    const std::vector<std::string> marks = {"data-territory", "data-hole", "data-place", "<svg", "<svg"};
    const std::vector<GameLog> all = logs();
    for (std::size_t i = 0; i < all.size(); ++i) {
        const tlaloc::session::ReplayShow shown =
            tlaloc::session::show_replay("", all[i].file, read(all[i].file), true);
        EXPECT_EQ(shown.game, tlaloc::session::replay_games()[i]);
        EXPECT_FALSE(shown.wrong) << *shown.wrong;
        ASSERT_EQ(static_cast<int>(shown.steps.size()), recorded_steps(all[i].file) + 1);
        for (const auto& s : shown.steps) {
            ASSERT_NE(s.svg.find("<svg"), std::string::npos) << all[i].replay << " step " << s.number;
            ASSERT_NE(s.svg.find("</svg>"), std::string::npos);
        }
        EXPECT_NE(shown.steps.back().svg.find(marks[i]), std::string::npos) << all[i].replay;
        EXPECT_NE(shown.steps.front().svg, shown.steps.back().svg) << all[i].replay;
        EXPECT_NE(shown.steps.front().text, shown.steps.back().text) << all[i].replay;
    }
}

TEST(ReplayShow, TheGameExpectedMustBeTheLogsGame) {
    const GameLog g = logs()[3];
    EXPECT_THROW(tlaloc::session::show_replay("aztlan", g.file, read(g.file), false), tlaloc::InputError);
    EXPECT_THROW(tlaloc::session::show_replay("", "x.jsonl", "{\"kind\": \"setup\"}\n", false),
                 tlaloc::InputError);
    EXPECT_THROW(tlaloc::session::show_replay("", "x.jsonl", "not json\n", false), tlaloc::InputError);
}

TEST(ReplayShow, WhatTheSeedDealsIsDealtAgainWhateverTheLogSays) {
    // Akelarre: a log naming another first player than its seed draws. The replay says so, and the
    // one step shown is the seed's deal, with the seed's first player to act, not the log's.
    const GameLog g = logs()[2];
    std::vector<std::string> lines = lines_of(read(g.file));
    tlaloc::Json setup = tlaloc::Json::parse(lines[0]);
    const int first = setup["dealt"]["first"].get<int>();
    setup["dealt"]["first"] = first % 3 + 1;
    lines[0] = setup.dump();
    std::string text;
    for (const auto& l : lines) text += l + "\n";
    const tlaloc::session::ReplayShow shown =
        tlaloc::session::show_replay("akelarre", "a.jsonl", text, false);
    ASSERT_TRUE(shown.wrong);
    EXPECT_NE(shown.wrong->find("a.jsonl:1: dealt.first recorded " + std::to_string(first % 3 + 1) +
                                ", the seed deals " + std::to_string(first)),
              std::string::npos)
        << *shown.wrong;
    ASSERT_EQ(shown.steps.size(), 1u) << "nothing is played on another deal";
    EXPECT_NE(shown.steps[0].text.find("to act: P" + std::to_string(first)), std::string::npos)
        << shown.steps[0].text;
}
