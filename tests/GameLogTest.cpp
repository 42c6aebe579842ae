// The log written once for every whole game (session/GameLog), over every game that logs in its
// envelope and the template game: seeded games played by the session's loop replay; the same seed
// and seats give the same log; a wrong action, player, record or score is the first wrong step,
// named by its line; a malformed line is bad input; a log of an older format is refused.
#include <gtest/gtest.h>

#include <sstream>

#include "model/common/InputError.h"
#include "session/GameLog.h"
#include "template_game/NimEngine.h"
#include "tests/support/Lines.h"
#include "tests/support/TestScale.h"

using namespace tlaloc;
using tlaloc::test_support::joined;
using tlaloc::test_support::lines_of;
using namespace tlaloc::session;

namespace {

// The template game's log kind: what its own registration would say.
const GameLogKind& nim_kind() {
    static const GameLogKind kind{"template",
                                  {"tlaloc-template-nim", 1, "tlaloc template play"},
                                  {"nim"},
                                  {2},
                                  [](const GameSpec&, std::uint64_t seed) -> std::unique_ptr<Engine> {
                                      return std::make_unique<template_game::NimEngine>(seed);
                                  }};
    return kind;
}

struct Case {
    SeatedGame game;
    int seeds;
};

std::vector<Case> cases() {
    return {{{{"aztlan", 2, "de"}, 1, {"greedy", "random"}}, 2},
            {{{"aztlan", 4, "it"}, 1, {"random", "random", "greedy", "random"}}, 1},
            {{{"azteka", 2, "standard"}, 1, {"greedy", "random"}}, 4},
            {{{"azteka", 2, "aggressive"}, 1, {"random", "best"}}, 2},
            {{{"template", 2, "nim"}, 1, {"random", "greedy"}, &nim_kind()}, 20}};
}

const GameLogKind& kind_of(const SeatedGame& g) { return g.kind ? *g.kind : log_kind(g.spec.game); }

std::optional<std::string> wrong_of(const SeatedGame& g, const std::string& log) {
    return replay_log(read_log(kind_of(g), "edited.jsonl", log)).wrong;
}

// The log with line `n` changed by `edit`.
std::string edited(const std::string& log, std::size_t n, const std::function<void(Json&)>& edit) {
    std::vector<std::string> lines = lines_of(log);
    Json j = Json::parse(lines.at(n));
    edit(j);
    lines[n] = j.dump();
    return joined(lines);
}

}  // namespace

TEST(GameLog, SeededGamesReplayAndTheSameSeedGivesTheSameLog) {
    for (const Case& c : cases()) {
        for (int s = 0; s < c.seeds; ++s) {
            SeatedGame g = c.game;
            g.seed = 100 + static_cast<std::uint64_t>(s);
            SCOPED_TRACE(g.spec.game + "/" + g.spec.variant + " seed " + std::to_string(g.seed));
            const PlayedGame played = play_seated(g);
            ASSERT_TRUE(played.engine->over());
            const LogCheck check = replay_log(read_log(kind_of(g), "game.jsonl", played.log));
            EXPECT_EQ(check.wrong, std::nullopt);
            EXPECT_EQ(check.actions, static_cast<int>(played.actions.size()));
            EXPECT_EQ(check.engine->scores(), played.engine->scores());
            // The log the loop wrote as it played is the one written afterwards from the actions.
            EXPECT_EQ(played.log, log_text(g, played.actions));
            EXPECT_EQ(play_seated(g).log, played.log);
        }
    }
}

TEST(GameLog, TheFirstWrongStepIsNamedByItsLine) {
    for (const Case& c : cases()) {
        SCOPED_TRACE(c.game.spec.game);
        const std::string log = play_seated(c.game).log;
        const std::size_t actions = lines_of(log).size() - 2;
        ASSERT_GE(actions, 2u);
        // Another player named on the first action.
        auto w = wrong_of(c.game, edited(log, 1, [&](Json& j) {
                              j["player"] = j["player"].get<int>() % c.game.spec.players + 1;
                          }));
        ASSERT_TRUE(w.has_value());
        EXPECT_EQ(w->rfind("edited.jsonl:2: it is ", 0), 0u) << *w;
        // The second action replaced by the first: refused there, or (where it is legal again, as in
        // Nim) another game that a later line or record contradicts.
        w = wrong_of(c.game,
                     edited(log, 2, [&](Json& j) { j["action"] = Json::parse(lines_of(log)[1])["action"]; }));
        ASSERT_TRUE(w.has_value());
        EXPECT_EQ(w->rfind("edited.jsonl:", 0), 0u) << *w;
        EXPECT_NE(w->rfind("edited.jsonl:2:", 0), 0u) << *w;
        // A score of the end line, and the log stopped before the end.
        w = wrong_of(c.game, edited(log, actions + 1,
                                    [](Json& j) { j["scores"][0] = j["scores"][0].get<int>() + 1; }));
        ASSERT_TRUE(w.has_value());
        EXPECT_NE(w->find("scores[0] recorded"), std::string::npos) << *w;
        std::vector<std::string> cut = lines_of(log);
        cut.resize(cut.size() - 2);
        w = wrong_of(c.game, joined(cut));
        ASSERT_TRUE(w.has_value());
        EXPECT_NE(w->find("the log ends before the game is over"), std::string::npos) << *w;
        EXPECT_EQ(w->find("()"), std::string::npos) << "a game with no stage names none: " << *w;
        // What the seed dealt, where the game deals something.
        if (!Json::parse(lines_of(log)[0])["dealt"].empty()) {
            const std::string other = edited(log, 0, [](Json& j) { j["seed"] = j["seed"].get<int>() + 1; });
            EXPECT_TRUE(wrong_of(c.game, other).has_value()) << "a deal taken from another seed";
        }
    }
}

TEST(GameLog, AMalformedLineIsBadInputNamingItsPlace) {
    for (const Case& c : cases()) {
        SCOPED_TRACE(c.game.spec.game);
        const std::string log = play_seated(c.game).log;
        auto bad = [&](const std::string& text, const std::string& what) {
            try {
                replay_log(read_log(kind_of(c.game), "edited.jsonl", text));
                ADD_FAILURE() << "accepted: " << what;
            } catch (const InputError& e) {
                EXPECT_NE(std::string(e.what()).find(what), std::string::npos) << e.what();
            }
        };
        bad(edited(log, 1, [](Json& j) { j["action"] = "no such action"; }), "edited.jsonl:2: action");
        bad(edited(log, 1, [](Json& j) { j["step"] = 9; }), "edited.jsonl:2: step");
        bad(edited(log, 1, [](Json& j) { j["why"] = 1; }), "edited.jsonl:2");
        bad(edited(log, 0, [](Json& j) { j["seats"][0] = "oracle"; }), "edited.jsonl:1: seats[0]");
        bad(edited(log, 0, [](Json& j) { j["variant"] = "no-such-variant"; }), "edited.jsonl:1: variant");
        bad(edited(log, 0, [](Json& j) { j["players"] = 9; }), "edited.jsonl:1: players");
        bad(edited(log, 0, [](Json& j) { j["dealt"] = 3; }), "edited.jsonl:1: dealt");
        bad(log + lines_of(log).back() + "\n", "nothing may follow the end line");
        bad(edited(log, 1, [](Json& j) { j["action"] = Json::array(); }), "edited.jsonl:2: action: a list");
        bad(edited(log, 1, [](Json& j) { j["after"] = 5; }), "edited.jsonl:2: after");
        const std::size_t end = lines_of(log).size() - 1;
        bad(edited(log, end, [](Json& j) { j["result"] = "won"; }), "result");
        // An older version of the format: one line saying to play the game again from its seed.
        const LogFormat& f = kind_of(c.game).format;
        bad(edited(log, 0,
                   [&](Json& j) { j["format"] = std::string(f.name) + "/" + std::to_string(f.version - 1); }),
            "play the game again from its seed (" + std::string(f.command) + " --seed ");
    }
}

// Aztlán's action is the engine's object, nothing more: a key of the old action lines ("kind",
// "age") inside it is not an action of the game.
TEST(GameLog, AnAztlanActionHoldsOnlyItsOwnKeys) {
    const SeatedGame g{{"aztlan", 2, "de"}, 3, {"random", "random"}};
    const std::string log = play_seated(g).log;
    for (const char* key : {"age", "kind"}) {
        try {
            read_log("aztlan", "edited.jsonl", edited(log, 1, [&](Json& j) { j["action"][key] = 4; }));
            ADD_FAILURE() << key << " accepted";
        } catch (const InputError& e) {
            EXPECT_NE(std::string(e.what()).find("edited.jsonl:2: action"), std::string::npos) << e.what();
        }
    }
}

// A list of actions ends where the game records something: Azteka's winning turn of round 1 and the
// first turn of round 2 in one list is refused, so round 1's result cannot go unrecorded.
TEST(GameLog, AListOfActionsEndsWhereTheGameRecordsSomething) {
    // A seeded match whose first round ends on player 2's turn (Death's), who opens round 2 as Life.
    SeatedGame g{{"azteka", 2, "standard"}, 1, {"greedy", "random"}};
    std::vector<std::string> lines;
    std::size_t round_end = 0;
    for (g.seed = 1; g.seed < 200 && !round_end; ++g.seed) {
        lines = lines_of(play_seated(g).log);
        for (std::size_t i = 1; i + 2 < lines.size() && !round_end; ++i) {
            const Json j = Json::parse(lines[i]);
            if (j.value("after", Json::object()).contains("round") &&
                j["player"] == Json::parse(lines[i + 1])["player"])
                round_end = i;
        }
    }
    --g.seed;
    ASSERT_GT(round_end, 0u);
    Json merged = Json::parse(lines[round_end]);
    const Json next = Json::parse(lines[round_end + 1]);
    for (const Json& step : next["action"]) merged["action"].push_back(step);
    merged["after"] = next["after"];
    lines[round_end] = merged.dump();
    lines.erase(lines.begin() + static_cast<std::ptrdiff_t>(round_end) + 1);
    for (std::size_t i = round_end + 1; i + 1 < lines.size(); ++i) {
        Json j = Json::parse(lines[i]);
        j["step"] = j["step"].get<int>() - 1;
        lines[i] = j.dump();
    }
    const auto w = wrong_of(g, joined(lines));
    ASSERT_TRUE(w.has_value());
    EXPECT_NE(w->find("ends a turn the log records"), std::string::npos) << *w;
}
