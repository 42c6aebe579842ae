// `aztlan replay` against forged logs: seeded games of every player count and both editions are
// played by the program with --log, every field of each log is changed once
// (tests/support/LogMutation.h), and the replay must refuse at least 99 % of the mutants that change
// the game. The fields that cannot change the game are listed in docs/aztlan.md ("Game log").
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "model/common/InputError.h"
#include "session/GameLog.h"
#include "tests/support/AztlanFixtures.h"
#include "tests/support/LogMutation.h"
#include "tests/support/ScratchDir.h"
#include "tests/support/TestScale.h"

using namespace tlaloc;

namespace {

// The seats name who chose each action (a bot or a person); the actions themselves are recorded
// and checked, so a changed seat leaves the game as it was.
bool cannot_change_the_game(const std::string& where) { return where.rfind("0/seats", 0) == 0; }

bool replay_refuses(const std::string& text) {
    try {
        return session::replay_log(session::read_log("aztlan", "mutant.jsonl", text)).wrong.has_value();
    } catch (const InputError&) {
        return true;
    }
}

std::string played_log(const std::string& options, const std::string& name) {
    const auto file = tlaloc::test_support::scratch_dir("aztlan-mutation") / name;
    auto r = aztlan_test::run_tlaloc("aztlan play " + options + " --log " + file.string());
    EXPECT_EQ(r.code, 0) << r.out;
    std::ifstream in(file);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

}  // namespace

TEST(AztlanReplayMutation, ReplayRefusesAtLeast99PercentOfTheMutantsThatChangeTheGame) {
    const std::vector<std::pair<std::string, std::string>> games = {
        {"--players 2 --profile it --seed 3 --bots random,greedy", "2p-it.jsonl"},
        {"--players 3 --profile de --seed 5 --bots greedy,random,random", "3p-de.jsonl"},
        {"--players 4 --profile it --seed 12 --bots random,random,random,random", "4p-it.jsonl"},
    };
    ::test_support::MutationScore total;
    // Instrumented builds (TLALOC_TEST_SCALE=small) replay every fifth mutant of the first game only.
    const bool small = tlaloc::test_support::small_test_scale();
    const std::size_t count = small ? 1 : games.size();
    for (std::size_t g = 0; g < count; ++g) {
        const auto& [options, name] = games[g];
        const std::string log = played_log(options, name);
        ASSERT_FALSE(replay_refuses(log)) << name << ": the unchanged log must replay";
        const auto score =
            ::test_support::score_mutants(log, replay_refuses, cannot_change_the_game, small ? 5 : 1);
        std::string missed;
        for (std::size_t i = 0; i < score.missed.size() && i < 20; ++i) missed += " " + score.missed[i];
        std::cout << name << ": " << score.detected << " of " << score.mutants << " mutants refused ("
                  << 100.0 * score.rate() << " %), " << score.exempt << " exempt; missed:" << missed << "\n";
        EXPECT_GE(score.rate(), 0.99) << name << " missed:" << missed;
        total.mutants += score.mutants;
        total.detected += score.detected;
        total.exempt += score.exempt;
    }
    std::cout << "all: " << total.detected << " of " << total.mutants << " (" << 100.0 * total.rate()
              << " %)\n";
    EXPECT_GE(total.rate(), 0.99);
}
