// Every game log names its format and version on its setup line, and replay refuses a log of another
// version (or one from before logs carried a version) with one line saying which it is and what to do.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "model/common/Json.h"
#include "model/common/LogFormat.h"
#include "tests/support/CliRun.h"
#include "tests/support/ScratchDir.h"

using tlaloc::Json;
using tlaloc::test_support::run_tlaloc_split;

namespace {

struct GameLog {
    const char* replay;   // the replay command
    const char* fixture;  // a shipped log, under tests/data
    const char* format;   // what its setup line names
    const char* again;    // the command the refusal names
};

const std::vector<GameLog> kLogs = {
    {"aztlan replay", "aztlan/game-3p-it.jsonl", "tlaloc-aztlan-game/3", "tlaloc aztlan play --seed 7"},
    {"azteka replay", "azteka/match-seed-7.jsonl", "tlaloc-azteka-match/3", "tlaloc azteka match --seed 7"},
    {"akelarre replay", "akelarre/game-2-players.jsonl", "tlaloc-akelarre-game/3",
     "tlaloc akelarre play --seed 5"},
    {"xalapa atlacoya replay", "xalapa/atlacoya-game.jsonl", "tlaloc-xalapa-atlacoya/3",
     "tlaloc xalapa atlacoya play --seed 5"},
    {"xalapa replay", "xalapa/play-game.jsonl", "tlaloc-xalapa-play/1", "tlaloc xalapa play --seed 21"},
};

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The log with its first line's "format" set to `format` (removed when empty), written to a file.
std::string with_format(const GameLog& log, const std::string& format) {
    std::string text = slurp(std::string(TLALOC_TEST_DATA) + "/" + log.fixture);
    const auto end = text.find('\n');
    Json setup = Json::parse(text.substr(0, end));
    if (format.empty())
        setup.erase("format");
    else
        setup["format"] = format;
    const auto path = tlaloc::test_support::scratch_dir("log-format") / "log.jsonl";
    std::ofstream(path, std::ios::binary) << setup.dump() << text.substr(end);
    return path.string();
}

void expect_refused(const tlaloc::test_support::CliRun& r, const std::string& what, const std::string& log) {
    EXPECT_EQ(r.code, 2) << log << ": " << r.err;
    EXPECT_TRUE(r.out.empty()) << log;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find(what), std::string::npos) << log << ": " << r.err;
}

}  // namespace

TEST(LogFormat, ShippedLogsNameTheirFormatAndReplay) {
    for (const auto& log : kLogs) {
        const std::string text = slurp(std::string(TLALOC_TEST_DATA) + "/" + log.fixture);
        EXPECT_EQ(Json::parse(text.substr(0, text.find('\n')))["format"], log.format) << log.fixture;
        const auto r = run_tlaloc_split(std::string(log.replay) + " " + TLALOC_TEST_DATA + "/" + log.fixture);
        EXPECT_EQ(r.code, 0) << log.fixture << ": " << r.err;
    }
}

TEST(LogFormat, ALogOfAnotherVersionIsRefusedWithWhatToDo) {
    for (const auto& log : kLogs) {
        const std::string name = std::string(log.format).substr(0, std::string(log.format).find('/'));
        // From before logs carried a version: version 1 of the format, play it again.
        if (std::string(log.format).ends_with("/2")) {
            const auto unversioned = with_format(log, "");
            expect_refused(run_tlaloc_split(std::string(log.replay) + " " + unversioned),
                           "a log of version 1 of " + name, log.fixture);
            expect_refused(run_tlaloc_split(std::string(log.replay) + " " + unversioned),
                           "play the game again from its seed (" + std::string(log.again), log.fixture);
        }
        expect_refused(run_tlaloc_split(std::string(log.replay) + " " + with_format(log, name + "/0")),
                       "play the game again from its seed", log.fixture);
        expect_refused(run_tlaloc_split(std::string(log.replay) + " " + with_format(log, name + "/99")),
                       "a log from a newer tlaloc", log.fixture);
        expect_refused(
            run_tlaloc_split(std::string(log.replay) + " " + with_format(log, "tlaloc-chess-game/2")),
            "format: expected \"" + std::string(log.format) + "\"", log.fixture);
    }
}

// A freshly played game's log carries the format this tlaloc reads.
TEST(LogFormat, NewLogsCarryTheCurrentFormat) {
    const auto dir = tlaloc::test_support::scratch_dir("log-format");
    const std::vector<std::pair<std::string, std::string>> plays = {
        {"aztlan play --players 2 --seed 3 --bots random,random", "tlaloc-aztlan-game/3"},
        {"azteka match --seed 3", "tlaloc-azteka-match/3"},
        {"akelarre play --players 2 --seed 3 --bots random,random", "tlaloc-akelarre-game/3"},
        {"xalapa atlacoya play --players 2 --seed 3 --bots greedy,greedy", "tlaloc-xalapa-atlacoya/3"},
    };
    for (const auto& [play, format] : plays) {
        const auto log = (dir / "new.jsonl").string();
        const auto r = run_tlaloc_split(play + " --log " + log);
        ASSERT_EQ(r.code, 0) << play << ": " << r.err;
        const std::string text = slurp(log);
        EXPECT_EQ(Json::parse(text.substr(0, text.find('\n')))["format"], format) << play;
    }
}

// What every replay shares: the first recorded value the rules contradict, named by key or by path.
TEST(ReplayKit, TheFirstDifferingKeyIsNamedWithBothValues) {
    const Json recorded = {{"points", 19}, {"tokens", 2}, {"ranking", {1, 2}}};
    const Json rules = {{"points", 16}, {"tokens", 3}, {"ranking", {1, 2}}};
    EXPECT_EQ(tlaloc::first_differing_key(recorded, rules, {"ranking", "points", "tokens"}),
              "points recorded 19, the rules give 16");
    EXPECT_EQ(tlaloc::first_differing_key(recorded, rules, {"tokens"}, "the game gives"),
              "tokens recorded 2, the game gives 3");
    EXPECT_EQ(tlaloc::first_differing_key(recorded, rules, {"ranking"}), std::nullopt);
    // A key one side lacks counts as null.
    EXPECT_EQ(tlaloc::first_differing_key(Json::object(), rules, {"tokens"}),
              "tokens recorded null, the rules give 3");
}

TEST(ReplayKit, TheFirstJsonDifferenceIsFoundThroughObjectsAndArrays) {
    const Json dealt = {{"cards", {{"columns", {{{"bottom", "novice-red"}}, {{"bottom", "novice-gecko"}}}}}}};
    Json recorded = dealt;
    EXPECT_EQ(tlaloc::first_json_difference(recorded, dealt, "row", "the seed deals"), std::nullopt);
    recorded["cards"]["columns"][1]["bottom"] = "novice-blue";
    EXPECT_EQ(tlaloc::first_json_difference(recorded, dealt, "row", "the seed deals"),
              "row.cards.columns[1].bottom recorded \"novice-blue\", the seed deals \"novice-gecko\"");
    recorded = dealt;
    recorded["cards"]["columns"].erase(1);
    EXPECT_EQ(tlaloc::first_json_difference(recorded, dealt, "row", "the seed deals"),
              "row.cards.columns recorded 1 entries, the seed deals 2");
    recorded = dealt;
    recorded["extra"] = 1;
    EXPECT_EQ(tlaloc::first_json_difference(recorded, dealt, "row", "the seed deals"),
              "row.extra is recorded, but the seed deals none");
}

TEST(ReplayKit, ALongValueIsCutOutsideAnyCharacter) {
    EXPECT_EQ(tlaloc::shown_in_log(Json(7)), "7");
    // 198 characters after the opening quote, then a two-byte character across the cut at 200.
    const std::string text = std::string(198, 'a') + "\u00e9\u00e9\u00e9";
    const std::string shown = tlaloc::shown_in_log(Json(text));
    EXPECT_EQ(shown.substr(0, 199), "\"" + std::string(198, 'a'));
    EXPECT_EQ(shown.substr(199), "... (206 characters)");
    EXPECT_NO_THROW((void)Json::parse("\"" + shown.substr(1, 198) + "\""));
}

// The shipped logs in the game-log envelope are what `play` writes today for their seed and seats,
// and Aztlán's and Akelarre's are the very games of its version-2 fixture (the envelope changed the format,
// not the game): the same actions, the same record of every age, the same end.
TEST(LogFormat, ShippedEnvelopeLogsAreWhatPlayWritesToday) {
    const std::string data = std::string(TLALOC_TEST_DATA) + "/";
    const auto match = run_tlaloc_split("azteka match --seed 7 --life-bot best --death-bot random --json");
    ASSERT_EQ(match.code, 0) << match.err;
    EXPECT_EQ(match.out, slurp(data + "azteka/match-seed-7.jsonl"));
    const auto log = (tlaloc::test_support::scratch_dir("log-format") / "aztlan.jsonl").string();
    const auto played = run_tlaloc_split(
        "aztlan play --players 3 --profile it --seed 7 --bots greedy,random,random --log " + log);
    ASSERT_EQ(played.code, 0) << played.err;
    const std::string now = slurp(log);
    EXPECT_EQ(now, slurp(data + "aztlan/game-3p-it.jsonl"));

    std::vector<Json> actions, ages, v2_actions, v2_ages;
    Json end, v2_end;
    std::istringstream in(now), v2(slurp(data + "aztlan/v2/game-3p-it.jsonl"));
    for (std::string line; std::getline(in, line);) {
        Json j = Json::parse(line);
        if (j["kind"] == "action") actions.push_back(j["action"]);
        if (j.contains("after")) ages.push_back(j["after"]);
        if (j["kind"] == "end") end = j["result"];
    }
    for (std::string line; std::getline(v2, line);) {
        Json j = Json::parse(line);
        const std::string kind = j["kind"];
        j.erase("kind");
        if (kind == "action") {
            j.erase("age");
            v2_actions.push_back(j);
        }
        if (kind == "age") v2_ages.push_back(j);
        if (kind == "end") v2_end = j;
    }
    EXPECT_EQ(actions, v2_actions);
    EXPECT_EQ(ages, v2_ages);
    EXPECT_EQ(end, v2_end);
    EXPECT_EQ(v2_ages.size(), 5u);
}

// Akelarre's shipped log is its version-2 fixture's game: greedy's whole plays (its "best" then)
// step for step, the same players acting, the same scores, piles and hands at the end.
TEST(LogFormat, AkelarresEnvelopeLogIsItsVersionTwoGame) {
    const std::string data = std::string(TLALOC_TEST_DATA) + "/";
    const auto played = run_tlaloc_split("akelarre play --seed 5 --bots greedy,random --json");
    ASSERT_EQ(played.code, 0) << played.err;
    EXPECT_EQ(played.out, slurp(data + "akelarre/game-2-players.jsonl"));

    std::vector<Json> steps, v2_steps;
    Json end, v2_end;
    std::istringstream in(played.out), v2(slurp(data + "akelarre/v2/game-2-players.jsonl"));
    for (std::string line; std::getline(in, line);) {
        const Json j = Json::parse(line);
        if (j["kind"] == "action")
            for (const Json& step : j["action"].is_array() ? j["action"] : Json::array({j["action"]}))
                steps.push_back({{"player", "P" + std::to_string(j["player"].get<int>())}, {"step", step}});
        if (j["kind"] == "end") end = j;
    }
    for (std::string line; std::getline(v2, line);) {
        Json j = Json::parse(line);
        if (j["kind"] == "end") v2_end = j;
        if (j["kind"] != "action") continue;
        const Json player = j["player"];
        j.erase("kind");
        j.erase("player");
        v2_steps.push_back({{"player", player}, {"step", j}});
    }
    EXPECT_EQ(steps, v2_steps);
    ASSERT_EQ(end["result"]["players"].size(), v2_end["scores"].size());
    for (std::size_t p = 0; p < v2_end["scores"].size(); ++p) {
        Json v2_score = v2_end["scores"][p];
        v2_score.erase("player");
        EXPECT_EQ(end["result"]["players"][p], v2_score) << p;
        EXPECT_EQ(end["scores"][p], v2_score["total"]) << p;
    }
    EXPECT_GT(steps.size(), 100u);
}
