// The match log cannot be forged: seeded matches logged by `tlaloc azteka match --log` (both
// variants), each field of each log changed once (tests/support/LogMutation.h), and the replay must
// refuse at least 99 % of the mutants that change the match. The fields that cannot change it are
// listed in docs/azteka.md ("What the replay checks").
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <iterator>

#include "model/common/InputError.h"
#include "session/GameLog.h"
#include "tests/support/CliRun.h"
#include "tests/support/LogMutation.h"
#include "tests/support/ScratchDir.h"
#include "tests/support/TestScale.h"

using namespace tlaloc;
using namespace tlaloc::test_support;
using namespace ::test_support;  // LogMutation.h

namespace {

std::string logged_match(const std::string& options, const std::string& name) {
    const auto file = scratch_dir("azteka-mutation") / (name + ".jsonl");
    const CliRun r = run_tlaloc("azteka match " + options + " --log " + file.string());
    EXPECT_EQ(r.code, 0) << r.out;
    std::ifstream in(file);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

bool refused(const std::string& text) {
    try {
        return session::replay_log(session::read_log("azteka", "mutant.jsonl", text)).wrong.has_value();
    } catch (const InputError&) {
        return true;
    }
}

// Fields that cannot change the match: the seed and the seats (Azteka has no chance: they only chose
// the moves, which the log records and the replay checks one by one).
bool exempt(const std::string& where) { return where == "0/seed" || where.rfind("0/seats", 0) == 0; }

}  // namespace

TEST(AztekaLogMutation, ReplayRefusesAtLeast99PercentOfTheMutantsThatChangeTheMatch) {
    const std::vector<std::pair<std::string, std::string>> matches = {
        {"--seed 7 --life-bot best --death-bot random", "standard-7"},
        {"--seed 8 --life-bot random --death-bot random", "standard-8"},
        {"--seed 9 --life-bot random --death-bot best", "standard-9"},
        {"--variant aggressive --seed 10 --life-bot best --death-bot random", "aggressive-10"},
        {"--variant aggressive --seed 11 --life-bot random --death-bot random", "aggressive-11"},
    };
    const std::size_t per_match = static_cast<std::size_t>(scaled_rounds(1500, 5, 100));
    SampledScore score;
    for (const auto& [options, name] : matches) {
        const std::string log = logged_match(options, name);
        ASSERT_FALSE(refused(log)) << name;
        score.add(name, log, per_match, refused, exempt);
    }
    const MutationScore& total = score.total;
    std::cout << score.describe("azteka") << "\n";
    EXPECT_GE(total.rate(), 0.99) << score.describe("azteka");
    EXPECT_GT(total.mutants, 1000u / (small_test_scale() ? 10 : 1));
}

// An aggressive match is replayed under its own variant: the same log under the standard rules is a
// wrong step (a placement away from its side's pawns, or a two-sector turn).
TEST(AztekaLogMutation, TheVariantIsPartOfTheLog) {
    const std::string log =
        logged_match("--variant aggressive --seed 10 --life-bot random --death-bot random", "variant");
    ASSERT_NE(log.find("\"variant\":\"aggressive\""), std::string::npos);
    std::string standard = log;
    standard.replace(standard.find("\"variant\":\"aggressive\""), 22, "\"variant\":\"standard\"");
    EXPECT_TRUE(refused(standard));
}
