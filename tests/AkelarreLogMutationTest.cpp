// The game log cannot be forged: seeded games logged by `tlaloc akelarre play --log`, each field of
// each log changed once (tests/support/LogMutation.h), and the replay must refuse at least 99 % of the
// mutants that change the game. The fields that cannot change it are listed in docs/akelarre.md
// ("What the replay checks").
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <sstream>

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

std::string read_all(const std::filesystem::path& file) {
    std::ifstream in(file);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// A game through the CLI, as a user would log it.
std::string logged_game(const std::string& options, const std::string& name) {
    const auto file = scratch_dir("akelarre-mutation") / (name + ".jsonl");
    const CliRun r = run_tlaloc("akelarre play " + options + " --log " + file.string());
    EXPECT_EQ(r.code, 0) << r.out;
    return read_all(file);
}

bool refused(const std::string& text) {
    try {
        return session::replay_log(session::read_log("akelarre", "mutant.jsonl", text)).wrong.has_value();
    } catch (const InputError&) {
        return true;
    }
}

// The line `where` points into ("12/cards/0" -> 12), and the rest of its path.
std::pair<std::size_t, std::string> split_where(const std::string& where) {
    const std::size_t slash = where.find('/');
    const std::size_t space = where.find(' ');
    const std::size_t end = std::min(slash, space);
    return {std::stoul(where.substr(0, end)), slash == std::string::npos ? "" : where.substr(slash)};
}

// Fields that cannot change the game: the seats (the bots chose the moves, which the log records and
// the replay checks), the order of two cards played in a row, the order in which an owner's two kept cards
// are listed (both go to one points pile, whose order no rule reads), and the order of a purchase's cards of
// different families (each goes onto its own family's discard pile). A path names no mutation, so the other
// mutant of such a list (its last card dropped: bad input) is left out too.
std::function<bool(const std::string&)> exempt_in(const std::string& log) {
    std::vector<std::string> lines;
    std::istringstream in(log);
    for (std::string l; std::getline(in, l);)
        if (!l.empty()) lines.push_back(l);
    return [lines](const std::string& where) {
        const auto [line, path] = split_where(where);
        if (line == 0 && path.rfind("/seats", 0) == 0) return true;
        // A whole play with its first two cards swapped: two cards played in the other order leave
        // the same cards on the same places when both orders are legal (a meld's order is read by no
        // rule), so the mutant names the same game or is refused.
        if (path == "/action" && line < lines.size()) {
            const Json action = Json::parse(lines[line])["action"];
            return action.is_array() && action.size() >= 2 && action[0].value("action", "") == "play" &&
                   action[1].value("action", "") == "play";
        }
        constexpr std::string_view kCards = "/cards";
        if (!path.ends_with(kCards) || line >= lines.size()) return false;
        const Json whole = Json::parse(lines[line]);
        const Json::json_pointer step(path.substr(0, path.size() - kCards.size()));
        if (!whole.contains(step)) return false;
        const Json& j = whole.at(step);
        if (j.value("action", "") == "choose") return true;
        const auto family = [&](int i) { return j["cards"][i].get<std::string>().front(); };
        return j.value("action", "") == "buy" && family(0) != family(1);
    };
}

}  // namespace

TEST(AkelarreLogMutation, ReplayRefusesAtLeast99PercentOfTheMutantsThatChangeTheGame) {
    const std::vector<std::pair<std::string, std::string>> games = {
        {"--players 2 --seed 11 --bots greedy,random --best-states 2000", "two"},
        {"--players 3 --seed 12 --bots random", "three"},
        {"--players 4 --teams --seed 13 --bots random,greedy --best-states 2000", "teams"},
        {"--players 4 --seed 14 --bots random", "four"},
    };
    // Every mutant of a game replays it whole, so each game's mutants are sampled: every k-th, k
    // chosen so that about `per_game` of them are replayed.
    const std::size_t per_game = static_cast<std::size_t>(scaled_rounds(1500, 5, 100));
    SampledScore score;
    for (const auto& [options, name] : games) {
        const std::string log = logged_game(options, name);
        ASSERT_FALSE(refused(log)) << name;
        score.add(name, log, per_game, refused, exempt_in(log));
    }
    const MutationScore& total = score.total;
    std::cout << score.describe("akelarre") << "\n";
    EXPECT_GE(total.rate(), 0.99) << score.describe("akelarre");
    EXPECT_GT(total.mutants, 1000u / (small_test_scale() ? 10 : 1));
}

// Every mutant of the setup line is scored (no sampling there): the seed, the first player, the
// players, the variant (teams) and the favourites are all re-derived or checked.
TEST(AkelarreLogMutation, EverySetupMutantThatChangesTheGameIsRefused) {
    const std::string log = logged_game("--players 4 --teams --seed 5 --bots random", "setup");
    const auto exempt = exempt_in(log);
    for (const LogMutant& m : log_mutants(log)) {
        if (split_where(m.where).first != 0 || exempt(m.where)) continue;
        EXPECT_TRUE(refused(m.text)) << m.where;
    }
}
