// The `tlaloc` executable as a whole: exit codes as documented, one-line usage errors naming the
// command, and every registered game reachable from the top-level help.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "cli/GameRegistry.h"
#include "tests/support/CliRun.h"

using tlaloc::test_support::run_tlaloc;
using tlaloc::test_support::run_tlaloc_split;

namespace {

TEST(Cli, HelpStatesTheExitCodesAndListsEveryRegisteredGame) {
    auto r = run_tlaloc("--help");
    EXPECT_EQ(r.code, 0);
    EXPECT_NE(r.out.find("3 no answer within the --timeout limit"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("4 an internal error"), std::string::npos) << r.out;
    for (const auto& g : tlaloc::cli::games()) EXPECT_NE(r.out.find(g.name), std::string::npos) << g.name;
}

// CLI11's own text is two lines (the error and a help hint); tlaloc prints one, naming the command.
TEST(Cli, UsageErrorsAreOneLineNamingTheCommand) {
    for (const char* args :
         {"akelarre check", "xalapa solve", "xalapa deal --level 9", "aztlan", "nosuchgame",
          "azteka fewest --max-turns", "akelarre play --players 3 --bots random,,best",
          "akelarre play --bots random,", "azteka play puzzles/azteka/empty.json --variant aggressive",
          "xalapa deal --level 2 --seed -1", "xalapa generate --seed 18446744073709551616",
          "xalapa census --level basic --limit -1", "xalapa deal --level 2 --expert-columns",
          "aztlan play --players 2 --bots ''"}) {
        auto r = run_tlaloc_split(args);
        EXPECT_EQ(r.code, 2) << args;
        EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << args << ": " << r.err;
        EXPECT_EQ(r.err.rfind("tlaloc", 0), 0u) << r.err;
        EXPECT_EQ(r.out, "") << args;
    }
    auto r = run_tlaloc_split("akelarre check");
    EXPECT_NE(r.err.find("tlaloc akelarre check:"), std::string::npos) << r.err;
    // A word that names no command is named, not "a subcommand is required".
    r = run_tlaloc_split("nosuchgame");
    EXPECT_NE(r.err.find("tlaloc: unknown command \"nosuchgame\""), std::string::npos) << r.err;
    r = run_tlaloc_split("verify frobnicate");
    EXPECT_NE(r.err.find("tlaloc verify: unknown command \"frobnicate\""), std::string::npos) << r.err;
    // A file to write must have a name: an empty one is a usage error, not "write no log".
    for (const char* args : {"akelarre play --players 2 --bots random --log ''", "azteka match --log ''"}) {
        r = run_tlaloc_split(args);
        EXPECT_EQ(r.code, 2) << args;
        EXPECT_NE(r.err.find("an empty file name"), std::string::npos) << r.err;
    }
}

// An answer that cannot be written (a full disk) is not a success.
TEST(Cli, OutputThatCannotBeWrittenFailsWithOneLine) {
    if (!std::filesystem::is_character_file("/dev/full")) GTEST_SKIP() << "no /dev/full here";
    auto r = run_tlaloc_split("akelarre check F2 F3 F4 > /dev/full");
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("the output could not be written"), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

}  // namespace
