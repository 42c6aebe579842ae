// The `tlaloc akelarre` commands as a user runs them: output, exit codes (0 ok, 1 not a meld,
// 2 bad input) and one-line errors naming the file and the place.
#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <iterator>

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string>
#include "tests/support/CliRun.h"

namespace {

using CliRun = tlaloc::test_support::CliRun;
using SplitRun = tlaloc::test_support::CliRun;
CliRun run(const std::string& args) { return tlaloc::test_support::run_tlaloc(args); }
SplitRun run_split(const std::string& args) { return tlaloc::test_support::run_tlaloc_split(args); }

std::string data(const std::string& name) { return std::string(TLALOC_TEST_DATA) + "/akelarre/" + name; }

}  // namespace

TEST(AkelarreCli, CheckNamesTheMeldAndItsJoker) {
    CliRun r = run("akelarre check F5 D5 W5 GJ");
    EXPECT_EQ(r.code, 0) << r.out;
    EXPECT_EQ(r.out, "set of 5s, GJ = G5\n");
    r = run("akelarre check F3 F4 FJ --json");
    EXPECT_EQ(r.code, 0) << r.out;
    EXPECT_NE(r.out.find("\"jokers\":{\"FJ\":[\"F2\",\"F5\"]}"), std::string::npos) << r.out;
}

TEST(AkelarreCli, CheckSaysWhyNotWithExitOne) {
    CliRun r = run("akelarre check F2 D3 W4");
    EXPECT_EQ(r.code, 1) << r.out;
    EXPECT_NE(r.out.find("not a set: values differ"), std::string::npos) << r.out;
}

TEST(AkelarreCli, CheckRejectsBadCardsWithExitTwo) {
    CliRun r = run("akelarre check F2 F1 F3");
    EXPECT_EQ(r.code, 2) << r.out;
    EXPECT_NE(r.out.find("tlaloc: command line: card 2: unknown card \"F1\""), std::string::npos) << r.out;
    r = run("akelarre check WJ W3 WJ");
    EXPECT_EQ(r.code, 2) << r.out;
    EXPECT_NE(r.out.find("card 3: WJ appears 2 times"), std::string::npos) << r.out;
}

TEST(AkelarreCli, BestPrintsThePinnedJson) {
    CliRun r = run("akelarre best " + data("small.json") + " --json");
    EXPECT_EQ(r.code, 0) << r.out;
    EXPECT_EQ(r.out.rfind("{\"captured\":", 0), 0u) << r.out;  // one JSON object (keys sorted)
    EXPECT_NE(r.out.find("\"played\":5"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("\"hand\":[]"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("\"melds\":[{\"cards\":[\"D"), std::string::npos) << r.out;
    r = run("akelarre best " + data("small.json"));
    EXPECT_EQ(r.code, 0) << r.out;
    EXPECT_NE(r.out.find("played 5 of 5 hand cards, 9 points captured for me"), std::string::npos) << r.out;
}

TEST(AkelarreCli, BestRejectsBadTurnsWithExitTwo) {
    struct Case {
        const char* file;
        const char* expected;
    };
    for (const Case& c :
         {Case{"malformed.json", "malformed.json: line 2, column"},
          Case{"unknown-card.json", "unknown-card.json: hand[1]: unknown card \"F7\""},
          Case{"duplicate-joker.json", "duplicate-joker.json: table[0].cards[2]: WJ appears 2 times"},
          Case{"impossible-table.json", "impossible-table.json: table[0].cards: not a meld"},
          Case{"unknown-key.json", "unknown-key.json: unknown key \"hands\""},
          Case{"no-such-file.json", "no-such-file.json: no such file"}}) {
        CliRun r = run("akelarre best " + data(c.file));
        EXPECT_EQ(r.code, 2) << c.file << ": " << r.out;
        EXPECT_NE(r.out.find(std::string("tlaloc: ") + TLALOC_TEST_DATA), std::string::npos) << r.out;
        EXPECT_NE(r.out.find(c.expected), std::string::npos) << r.out;
        EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << "one line: " << r.out;
    }
    CliRun r = run("akelarre best " + data("small.json") + " --steps 0");
    EXPECT_EQ(r.code, 2) << r.out;
}

// --timeout: out of time, the best play found so far (tests/AkelarreBestCliTest.cpp).

// Three 4-card melds and two free places took the Z3 model minutes; the exact search answers at once,
// and --steps bounds the play.
TEST(AkelarreCli, BestAnswersTheThreeFourCardMeldTurnAndHonoursSteps) {
    CliRun r = run("akelarre best " + data("slow.json") + " --json");
    EXPECT_EQ(r.code, 0) << r.out;
    EXPECT_NE(r.out.find("\"played\":6,"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("\"points\":5,"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("\"steps\":0"), std::string::npos) << r.out;
    // In two moves only N4 fits a meld from the hand: it completes my 4s, then N5 taken from Bob's
    // run completes Anna's 5s (8 + 3 points).
    r = run("akelarre best " + data("slow.json") + " --json --steps 2");
    EXPECT_EQ(r.code, 0) << r.out;
    EXPECT_NE(r.out.find("\"played\":1,"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("\"points\":11,"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("\"steps\":2"), std::string::npos) << r.out;
}

TEST(AkelarreCli, BestTimeoutLeavesNormalAnswersAlone) {
    SplitRun plain = run_split("akelarre best " + data("small.json") + " --json");
    ASSERT_EQ(plain.code, 0) << plain.err;
    for (const char* limit : {" --timeout 0", " --timeout 60", " --timeout 5"}) {
        SplitRun r = run_split("akelarre best " + data("small.json") + " --json" + limit);
        EXPECT_EQ(r.code, 0) << limit << r.err;
        EXPECT_EQ(r.out, plain.out) << limit;
        EXPECT_EQ(r.err, "") << limit;
    }
    SplitRun bad = run_split("akelarre best " + data("small.json") + " --timeout -1");
    EXPECT_EQ(bad.code, 2) << bad.err;
}

// A greedy bot's state limit: the plays it cut short are marked, the log names the seats and replays,
// and a limit that is not a count is bad input.
TEST(AkelarreCli, PlayMarksThePlaysTheStateLimitCutShortAndTheLogReplays) {
    const std::string log = ::testing::TempDir() + "akelarre-best-states.jsonl";
    SplitRun r =
        run_split("akelarre play --players 2 --bots greedy --seed 6 --best-states 20000 --log " + log);
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("(its play: the best found within the 20000-state limit, not proved best)"),
              std::string::npos)
        << r.out;
    std::ifstream in(log);
    std::string first;
    std::getline(in, first);
    EXPECT_NE(first.find("\"seats\":[\"greedy\",\"greedy\"]"), std::string::npos) << first;
    SplitRun unlimited = run_split("akelarre play --players 2 --bots greedy --seed 6 --best-states 0");
    EXPECT_EQ(unlimited.out.find("not proved best"), std::string::npos) << unlimited.out;
    EXPECT_NE(unlimited.out, r.out);
    SplitRun replay = run_split("akelarre replay " + log);
    EXPECT_EQ(replay.code, 0) << replay.out << replay.err;
    for (const char* bad : {"-1", "lots", "1e99"}) {
        SplitRun b = run_split(std::string("akelarre play --players 2 --best-states ") + bad);
        EXPECT_EQ(b.code, 2) << bad;
        EXPECT_NE(b.err.find("--best-states"), std::string::npos) << b.err;
    }
}

// The seats of the one vocabulary: best (greedy's play looked at a turn further) plays another game
// than greedy on the same deal, and its log replays; teams are for 4 players.
TEST(AkelarreCli, BestLooksFurtherThanGreedyAndTeamsNeedFourPlayers) {
    const std::string log = ::testing::TempDir() + "akelarre-best.jsonl";
    SplitRun best = run_split("akelarre play --players 2 --seed 2 --bots best,greedy --log " + log);
    ASSERT_EQ(best.code, 0) << best.err;
    SplitRun greedy = run_split("akelarre play --players 2 --seed 2 --bots greedy,greedy");
    ASSERT_EQ(greedy.code, 0) << greedy.err;
    EXPECT_NE(best.out.find("P1 (best, favourite"), std::string::npos) << best.out;
    EXPECT_NE(best.out.substr(0, best.out.find("final scores")),
              greedy.out.substr(0, greedy.out.find("final scores")));
    EXPECT_EQ(run_split("akelarre replay " + log).code, 0);
    SplitRun teams = run_split("akelarre play --players 3 --teams");
    EXPECT_EQ(teams.code, 2) << teams.out;
    EXPECT_TRUE(teams.out.empty()) << teams.out;
    EXPECT_NE(teams.err.find("teams are for 4 players"), std::string::npos) << teams.err;
}

// "Il giocatore che ha piu' punti vince il gioco. In caso di parita' la partita e' patta": the game's
// result is printed and recorded, and agrees with the recorded totals.
TEST(AkelarreCli, PlayNamesTheWinnerOrTheDrawAndTheLogRecordsIt) {
    for (int seed = 1; seed <= 3; ++seed) {
        const std::string log = ::testing::TempDir() + "akelarre-winner-" + std::to_string(seed) + ".jsonl";
        SplitRun r = run_split("akelarre play --players 3 --bots random --seed " + std::to_string(seed) +
                               " --log " + log);
        ASSERT_EQ(r.code, 0) << r.err;
        std::ifstream in(log);
        std::string line, end;
        while (std::getline(in, line)) end = line;
        const auto j = nlohmann::json::parse(end);
        int most = -1, leaders = 0, player = 0;
        std::string leader;
        for (const auto& s : j["scores"]) {
            const int total = s.get<int>();
            ++player;
            if (total > most) most = total, leaders = 0;
            if (total == most) ++leaders, leader = "P" + std::to_string(player);
            EXPECT_EQ(j["result"]["players"][player - 1]["total"], total) << end;
        }
        if (leaders == 1) {
            EXPECT_EQ(j["winners"], nlohmann::json::array({std::stoi(leader.substr(1))})) << end;
            EXPECT_NE(r.out.find(leader + " wins with " + std::to_string(most) + " points"),
                      std::string::npos)
                << r.out;
        } else {
            EXPECT_TRUE(j["winners"].empty()) << end;
            EXPECT_NE(r.out.find("a draw: "), std::string::npos) << r.out;
        }
        EXPECT_NE(r.out.find("begins (drawn from the seed)"), std::string::npos) << r.out;
    }
}

// A human seat types short commands; what is not a command or not legal is answered and asked again;
// quit abandons the game with no log.
TEST(AkelarreCli, AHumanSeatTypesShortCommands) {
    const std::string dir = ::testing::TempDir();
    const std::string moves = dir + "akelarre-human-moves.txt", log = dir + "akelarre-human.jsonl";
    std::remove(log.c_str());
    std::ofstream(moves) << "help\nfly away\nplay F9 0\ndeck\nquit\n";
    // Seed 1: P1, the human, begins (the seed draws the first player).
    SplitRun r =
        run_split("akelarre play --players 2 --bots human,random --seed 1 --log " + log + " < " + moves);
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("play CARD PLACE"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("not a command: 'fly away'"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("not a command: 'play F9 0'"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("not legal: not the moment to draw"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("game abandoned"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("place 0 (P1): free"), std::string::npos) << r.out;
    std::ifstream written(log);
    EXPECT_FALSE(written.good());
}

// A prompt nobody answers is stopped by --timeout: one line on stderr, exit 3, no log.
TEST(AkelarreCli, AnUnansweredHumanSeatStopsAtTheTimeout) {
    const std::string dir = ::testing::TempDir();
    const std::string fifo = dir + "akelarre-silent-" + std::to_string(getpid());
    const std::string log = dir + "akelarre-silent.jsonl";
    std::remove(fifo.c_str());
    std::remove(log.c_str());
    ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
    // "<>" opens the FIFO for reading and writing: no writer ever sends a line, and no end of input.
    SplitRun r = run_split("akelarre play --players 2 --bots human,random --seed 4 --timeout 1 --log " + log +
                           " <> " + fifo);
    std::remove(fifo.c_str());
    EXPECT_EQ(r.code, 3) << r.out << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find("no answer within the 1 s limit"), std::string::npos) << r.err;
    std::ifstream written(log);
    EXPECT_FALSE(written.good());
}

// A place number no game of this size can reach is bad input (exit 2, one line naming the file and
// the place), not a wrong step.
TEST(AkelarreCli, ReplayRefusesAPlaceNumberBeyondWhatTheGameCanHold) {
    const std::string dir = ::testing::TempDir();
    const std::string log = dir + "akelarre-huge.jsonl", bad = dir + "akelarre-huge-bad.jsonl";
    ASSERT_EQ(run_split("akelarre play --players 2 --bots random --seed 6 --log " + log).code, 0);
    std::ifstream in(log);
    std::string all, line;
    int at = 0, n = 0;
    while (std::getline(in, line)) {
        ++n;
        if (at == 0 && line.find("\"action\":\"play\"") != std::string::npos) {
            auto j = nlohmann::json::parse(line);
            auto& action = j["action"];
            (action.is_array() ? action[0] : action)["to"] = 6;  // 2 players hold at most 6 places: 0-5
            line = j.dump();
            at = n;
        }
        all += line + "\n";
    }
    ASSERT_GT(at, 0);
    for (const std::string& to :
         {std::string("6"), std::string("99999999999999999999"), std::string("1e300")}) {
        std::string text = all;
        const std::size_t p = text.find("\"to\":6");
        text.replace(p, 6, "\"to\":" + to);
        std::ofstream(bad) << text;
        SplitRun r = run_split("akelarre replay " + bad);
        EXPECT_EQ(r.code, 2) << to << r.out << r.err;
        EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
        EXPECT_NE(r.err.find(bad + ":" + std::to_string(at) + ": action"), std::string::npos) << r.err;
        EXPECT_NE(r.err.find(": to: "), std::string::npos) << r.err;
    }
}
