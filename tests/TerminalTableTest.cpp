// A whole game at the terminal over the shared table (cli/TerminalTable): Atlacoya with a person's
// seat, who answers with words and numbers; the finished game's log replays; actions read as words.
#include <gtest/gtest.h>

#include <fstream>

#include "cli/TerminalTable.h"
#include "support/CliRun.h"
#include "support/ScratchDir.h"

using namespace tlaloc;
using tlaloc::test_support::run_tlaloc;

TEST(TerminalTable, ActionsReadAsShortWords) {
    EXPECT_EQ(cli::action_words(R"({"bid":4,"choice":"green","steps":["token"],"stones":[10,19]})"),
              "bid 4 choice green steps token stones 10 19");
    EXPECT_EQ(cli::action_words(R"({"action":"play","card":"F3","to":2})"), "action play card F3 to 2");
    EXPECT_EQ(cli::action_words(R"({"eagle":null,"move":[],"place":"T05"})"), "place T05");
    EXPECT_EQ(cli::action_words("place 3 1"), "place 3 1");  // not JSON: as it is
}

TEST(TerminalTableCli, AtlacoyaWithAPersonsSeatPlaysToItsEndAndReplays) {
    const auto dir = test_support::scratch_dir("atlacoya-human");
    {
        std::ofstream moves(dir / "moves.txt");
        moves << "help\nbid 99\n0\nbid 4\n";
        for (int i = 0; i < 6; ++i) moves << "1\n";
    }
    const auto log = dir / "game.jsonl";
    const auto r = run_tlaloc("xalapa atlacoya play --players 2 --seed 3 --bots human,greedy --log " +
                              log.string() + " < " + (dir / "moves.txt").string());
    ASSERT_EQ(r.code, 0) << r.out;
    EXPECT_NE(r.out.find("player 1's legal actions:\n  1. bid 2 choice green stones"), std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("no legal action has the words \"bid 99\""), std::string::npos);
    EXPECT_NE(r.out.find("no action 0: the actions are numbered 1 to "), std::string::npos);
    EXPECT_NE(r.out.find("day 1 · player 1 (human): bid 4 choice green"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("day 7 · player 2 (greedy): bid "), std::string::npos);
    EXPECT_NE(r.out.find("the game is over after 7 days"), std::string::npos);
    std::ifstream in(log);
    std::string setup, day1;
    std::getline(in, setup);
    EXPECT_NE(setup.find("\"seats\":[\"human\",\"greedy\"]"), std::string::npos) << setup;
    const auto replay = run_tlaloc("xalapa atlacoya replay " + log.string());
    EXPECT_EQ(replay.code, 0) << replay.out;
}

TEST(TerminalTableCli, APersonWhoQuitsLeavesNoLogAndAnUnknownSeatIsRefused) {
    const auto dir = test_support::scratch_dir("atlacoya-human-quit");
    std::ofstream(dir / "moves.txt") << "quit\n";
    const auto log = dir / "game.jsonl";
    const auto r = run_tlaloc("xalapa atlacoya play --players 2 --bots greedy,human --log " + log.string() +
                              " < " + (dir / "moves.txt").string());
    EXPECT_EQ(r.code, 0) << r.out;
    EXPECT_NE(r.out.find("the game is abandoned"), std::string::npos) << r.out;
    EXPECT_FALSE(std::filesystem::exists(log));
    // Atlacoya's own cautious bidder may sit beside a person; a name no game has may not.
    std::ofstream(dir / "quit.txt") << "quit\n";
    const auto cautious =
        run_tlaloc("xalapa atlacoya play --players 2 --bots human,cautious < " + (dir / "quit.txt").string());
    EXPECT_EQ(cautious.code, 0) << cautious.out;
    const auto careful = run_tlaloc("xalapa atlacoya play --players 2 --bots human,careful");
    EXPECT_EQ(careful.code, 2) << careful.out;
    EXPECT_NE(careful.out.find("careful"), std::string::npos) << careful.out;
}
