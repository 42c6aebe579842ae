// Whole Azteka matches: the verdict rules, playout invariants over many seeded matches (pawns
// conserved, goals evaluated after every action, every match ends), the log and its replay, and the
// `match` / `replay` commands.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>

#include "puzzles/azteka/MatchLog.h"
#include "tests/support/CliRun.h"
#include "tests/support/ScratchDir.h"
#include "tests/support/TestScale.h"

using namespace tlaloc;
using namespace tlaloc::azteka;
using tlaloc::test_support::CliRun;
using tlaloc::test_support::run_tlaloc_split;
using tlaloc::test_support::scaled_rounds;
using tlaloc::test_support::scratch_dir;

namespace {

RoundResult won(Side side, int pawns) { return {side, side == Side::Life ? "expand" : "dominate", pawns, 9}; }
RoundResult drawn() { return {std::nullopt, "", 0, kRoundTurnLimit}; }

// The bots of seed i: every pairing of random, greedy (Search) and best (Deep) in turn.
MatchSetup setup_for(int i) {
    const MatchBot kinds[] = {MatchBot::Random, MatchBot::Search, MatchBot::Deep};
    return {static_cast<std::uint64_t>(i) * 7919 + 3, {kinds[i % 3], kinds[(i / 3) % 3]}};
}

// Plays the match again action by action and checks the invariants after each action.
void check_invariants(const Match& m, const std::string& where) {
    ASSERT_FALSE(m.abandoned) << where;
    ASSERT_EQ(m.rounds.size(), 2u) << where;
    for (int round = 1; round <= kMatchRounds; ++round) {
        const MatchRound& played = m.rounds[round - 1];
        const std::string at = where + " round " + std::to_string(round);
        ASSERT_LE(played.turns.size(), static_cast<std::size_t>(kRoundTurnLimit)) << at;
        EXPECT_EQ(played.result.turns, static_cast<int>(played.turns.size())) << at;
        Game g = start_game(Position(profile_named(m.setup.variant)));
        for (std::size_t t = 0; t < played.turns.size(); ++t) {
            const MatchTurn& turn = played.turns[t];
            ASSERT_FALSE(g.over()) << at << " turn " << t + 1 << " after the round ended";
            ASSERT_EQ(turn.side, g.position.to_move) << at;
            EXPECT_EQ(turn.player, player_of(round, turn.side)) << at;
            for (std::size_t a = 0; a < turn.actions.size(); ++a) {
                ASSERT_FALSE(g.over()) << at << ": an action after a goal was met";
                ASSERT_TRUE(is_legal(g, turn.actions[a])) << at << " " << describe(turn.actions[a]);
                apply(g, turn.actions[a]);
                // Pawns are conserved: on the board plus in hand is the whole set of 14.
                for (Side side : {Side::Life, Side::Death})
                    ASSERT_EQ(g.position.pawns_on_board(side) + g.position.supply[static_cast<int>(side)], 14)
                        << at;
                // Goals after every action: a goal met ends the round at once, for the side acting
                // first.
                const auto mover_goal = goal_met(g.position, turn.side);
                const auto other_goal = goal_met(g.position, g.position.next_side(turn.side));
                if (mover_goal || other_goal) {
                    ASSERT_TRUE(g.over()) << at;
                    EXPECT_EQ(*g.winner, mover_goal ? turn.side : g.position.next_side(turn.side)) << at;
                    EXPECT_EQ(a + 1, turn.actions.size()) << at;
                    EXPECT_EQ(t + 1, played.turns.size()) << at;
                } else {
                    ASSERT_FALSE(g.over()) << at;
                }
            }
            EXPECT_EQ(g.position.holes, turn.after.holes) << at;
        }
        // Every round ends: a goal, or the turn limit.
        if (played.result.winner) {
            EXPECT_EQ(g.winner, played.result.winner) << at;
            EXPECT_EQ(played.result.pawns, g.position.pawns_on_board(*g.winner)) << at;
        } else {
            EXPECT_FALSE(g.over()) << at;
            EXPECT_EQ(played.turns.size(), static_cast<std::size_t>(kRoundTurnLimit)) << at;
        }
    }
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

std::string joined(const std::vector<std::string>& lines) {
    std::string out;
    for (const auto& l : lines) out += l + "\n";
    return out;
}

const std::string& sample_log() {
    static const std::string log = match_log_text(play_match(setup_for(5)));
    return log;
}

MatchReplay replay_edited(const std::function<void(std::vector<std::string>&)>& edit) {
    std::vector<std::string> lines = lines_of(sample_log());
    edit(lines);
    return replay_match("edited.jsonl", joined(lines));
}

}  // namespace

TEST(AztekaMatchVerdict, RoundsWonThenFewestPawnsElseADraw) {
    // Player 1 is Life in round 1 and Death in round 2.
    MatchVerdict v = match_verdict({won(Side::Life, 8), won(Side::Death, 5)});
    EXPECT_EQ(v.winner, 1);
    EXPECT_EQ(v.why, "2 rounds to 0");
    v = match_verdict({won(Side::Life, 9), won(Side::Life, 11)});  // one each: 9 pawns beat 11
    EXPECT_EQ(v.rounds_won, (std::array<int, 2>{1, 1}));
    EXPECT_EQ(v.winner, 1);
    EXPECT_EQ(v.why, "1 round each, 9 pawns against 11");
    v = match_verdict({won(Side::Death, 6), won(Side::Death, 6)});
    EXPECT_EQ(v.winner, std::nullopt);
    v = match_verdict({drawn(), won(Side::Life, 12)});  // player 2 is Life in round 2
    EXPECT_EQ(v.winner, 2);
    EXPECT_EQ(v.why, "1 round to 0");
    v = match_verdict({drawn(), drawn()});
    EXPECT_EQ(v.winner, std::nullopt);
    EXPECT_EQ(v.why, "no round won");
}

TEST(AztekaMatchVerdict, ARoundIsDrawnAtTheTurnLimit) {
    Game g = start_game(Position(profile_named("standard")));
    EXPECT_EQ(round_result(g, kRoundTurnLimit - 1), std::nullopt);
    auto r = round_result(g, kRoundTurnLimit);
    ASSERT_TRUE(r.has_value());
    EXPECT_FALSE(r->winner.has_value());
}

TEST(AztekaMatchPlayouts, InvariantsHoldOverSeededMatches) {
    const int matches = scaled_rounds(400, 10);
    int decided = 0;
    for (int i = 0; i < matches; ++i) {
        const Match m = play_match(setup_for(i));
        check_invariants(m, "match " + std::to_string(i));
        decided += m.verdict.winner.has_value();
        const MatchReplay r = replay_match("match", match_log_text(m));
        EXPECT_EQ(r.wrong, std::nullopt) << "match " << i;
        if (HasFatalFailure()) return;
    }
    EXPECT_GT(decided, matches / 4);  // matches are not all drawn
}

TEST(AztekaMatchPlayouts, TheSameSeedGivesTheSameMatch) {
    EXPECT_EQ(match_log_text(play_match(setup_for(3))), match_log_text(play_match(setup_for(3))));
    MatchSetup other = setup_for(3);
    other.seed += 1;
    EXPECT_NE(match_log_text(play_match(setup_for(3))), match_log_text(play_match(other)));
}

TEST(AztekaMatchPlayouts, SearchBotsBeatRandomBots) {
    int search_wins = 0, random_wins = 0;
    for (int i = 0; i < scaled_rounds(20, 4); ++i) {
        const Match m = play_match({static_cast<std::uint64_t>(i), {MatchBot::Search, MatchBot::Random}});
        search_wins += m.verdict.winner == 1;
        random_wins += m.verdict.winner == 2;
    }
    EXPECT_GT(search_wins, random_wins);
}

// The best bot looks three whole turns ahead: over seeded matches with the seats swapped it wins
// clearly more than half of the decided ones against greedy (one turn ahead). Balance measures the
// rate with its interval (docs/azteka.md); this holds the direction on fixed seeds.
TEST(AztekaMatchPlayouts, TheBestBotBeatsTheGreedyBot) {
    int best_wins = 0, greedy_wins = 0;
    const int matches = scaled_rounds(40, 10);
    for (int i = 0; i < matches; ++i) {
        const bool best_first = i % 2 == 0;
        const MatchSetup setup{
            static_cast<std::uint64_t>(i / 2) + 100,
            {best_first ? MatchBot::Deep : MatchBot::Search, best_first ? MatchBot::Search : MatchBot::Deep},
            i % 4 < 2 ? "standard" : "aggressive"};
        const Match m = play_match(setup);
        check_invariants(m, "best against greedy " + std::to_string(i));
        if (!m.verdict.winner) continue;
        (*m.verdict.winner == (best_first ? 1 : 2) ? best_wins : greedy_wins) += 1;
    }
    EXPECT_GT(best_wins, 2 * greedy_wins) << best_wins << " to " << greedy_wins;
}

// Where the mover can win with this very turn (positions from random play), the best and greedy
// bots do, with the fewest pawns any winning turn leaves on the board (the match's tie-break).
TEST(AztekaMatchPlayouts, TheBestBotTakesAWinInHand) {
    int checked = 0;
    for (int i = 0; i < 200 && checked < 20; ++i) {
        // Positions from random play, each with a win for the mover this very turn.
        std::mt19937_64 rng(static_cast<std::uint64_t>(i));
        Game g = start_game(Position(profile_named("standard")));
        for (int t = 0; t < 6 + i % 20 && !g.over(); ++t) {
            const std::vector<WholeTurn> turns = whole_turns(g);
            g = turns[rng() % turns.size()].after;
        }
        if (g.over()) continue;
        const Side me = g.position.to_move;
        int fewest = 100;  // pawns on the board after the winning turn that leaves the fewest
        for (const WholeTurn& t : whole_turns(g))
            if (t.after.winner == me) fewest = std::min(fewest, t.after.position.pawns_on_board(me));
        if (fewest == 100) continue;
        ++checked;
        for (MatchBot bot : {MatchBot::Deep, MatchBot::Search}) {
            Game after = g;
            for (const Action& a : bot_turn(bot, g, rng)) apply(after, a);
            EXPECT_EQ(after.winner, me) << "position " << i << " bot " << to_string(bot);
            EXPECT_EQ(after.position.pawns_on_board(me), fewest)
                << "position " << i << " bot " << to_string(bot);
        }
    }
    EXPECT_GT(checked, 5);
}

TEST(AztekaMatchReplay, FindsTheFirstWrongStep) {
    EXPECT_EQ(replay_match("log", sample_log()).wrong, std::nullopt);
    // A recorded board the rules do not give.
    MatchReplay r = replay_edited([](auto& lines) {
        Json j = Json::parse(lines[1]);
        j["rings"][3] = "DDDDDDDD";
        lines[1] = j.dump();
    });
    ASSERT_TRUE(r.wrong.has_value());
    EXPECT_EQ(r.wrong->rfind("round 1, turn 1: rings recorded", 0), 0u) << *r.wrong;
    // An action on a taken hole: turn 2 places where turn 1 did.
    r = replay_edited([](auto& lines) {
        Json first = Json::parse(lines[1]), second = Json::parse(lines[2]);
        second["actions"] = first["actions"];
        lines[2] = second.dump();
    });
    ASSERT_TRUE(r.wrong.has_value());
    EXPECT_NE(r.wrong->find("round 1, turn 2"), std::string::npos) << *r.wrong;
    // The verdict changed.
    r = replay_edited([](auto& lines) {
        Json j = Json::parse(lines.back());
        j["winner"] = j["winner"].is_null() ? Json(1) : Json(nullptr);
        lines.back() = j.dump();
    });
    ASSERT_TRUE(r.wrong.has_value());
    EXPECT_EQ(r.wrong->rfind("end: winner", 0), 0u) << *r.wrong;
    // A round's result claimed with other pawns.
    r = replay_edited([](auto& lines) {
        for (auto& line : lines) {
            Json j = Json::parse(line);
            if (j["kind"] != "round" || j["pawns"].is_null()) continue;
            j["pawns"] = j["pawns"].get<int>() - 1;
            line = j.dump();
            break;
        }
    });
    ASSERT_TRUE(r.wrong.has_value());
    EXPECT_NE(r.wrong->find(": pawns recorded"), std::string::npos) << *r.wrong;
}

TEST(AztekaMatchReplay, AMalformedLogIsBadInput) {
    auto bad = [](const std::function<void(std::vector<std::string>&)>& edit, const std::string& what) {
        try {
            replay_edited(edit);
            ADD_FAILURE() << "accepted: " << what;
        } catch (const InputError& e) {
            EXPECT_NE(std::string(e.what()).find(what), std::string::npos) << e.what();
        }
    };
    bad([](auto& lines) { lines.pop_back(); }, "the log ends here");
    bad([](auto& lines) { lines[0] = "{\"kind\": \"setup\""; }, "edited.jsonl:1");
    bad([](auto& lines) { lines.push_back(lines.back()); }, "a line after the end line");
    bad(
        [](auto& lines) {
            Json j = Json::parse(lines[1]);
            j["actions"] = Json::array({Json{{"jump", 1}}});
            lines[1] = j.dump();
        },
        "jump");
    bad(
        [](auto& lines) {
            Json j = Json::parse(lines[0]);
            j["seed"] = 1e300;
            lines[0] = j.dump();
        },
        "seed");
    // A ring or sector the board does not have (4 rings, 8 sectors), and a match variant that is not
    // one.
    for (const Json& action :
         {Json{{"place", {4, 0}}}, Json{{"place", {0, 8}}}, Json{{"turn", 9}}, Json{{"place", {0, -1}}}}) {
        bad(
            [&](auto& lines) {
                Json j = Json::parse(lines[1]);
                j["actions"] = Json::array({action});
                lines[1] = j.dump();
            },
            "edited.jsonl:2: actions[0]." + action.begin().key());
    }
    bad(
        [](auto& lines) {
            Json j = Json::parse(lines[0]);
            j["variant"] = "three-player";
            lines[0] = j.dump();
        },
        "edited.jsonl:1: variant: unknown match variant \"three-player\"");
    // A log without its setup line, a line of an unknown kind, a goal or winner no round can have.
    bad([](auto& lines) { lines.erase(lines.begin()); }, "edited.jsonl:1: kind: expected a \"setup\" line");
    bad(
        [](auto& lines) {
            Json j = Json::parse(lines[1]);
            j["kind"] = "move";
            lines[1] = j.dump();
        },
        "edited.jsonl:2: kind: expected a \"turn\" or \"round\" line here, found \"move\"");
    for (const auto& edit : {std::pair<std::string, std::string>{"goal", "fly"}, {"winner", "mummies"}}) {
        const std::string& key = edit.first;
        const std::string& value = edit.second;
        bad(
            [&](auto& lines) {
                for (auto& line : lines) {
                    Json j = Json::parse(line);
                    if (j["kind"] != "round") continue;
                    j[key] = value;
                    line = j.dump();
                    break;
                }
            },
            key + ": expected");
    }
}

TEST(AztekaMatchCli, LogsAndReplaysAMatch) {
    const auto dir = scratch_dir("azteka-match");
    const std::string log = (dir / "m.jsonl").string();
    CliRun a = run_tlaloc_split("azteka match --seed 11 --life-bot best --death-bot random --log " + log);
    ASSERT_EQ(a.code, 0) << a.err;
    EXPECT_NE(a.out.find("round 2:"), std::string::npos) << a.out;
    CliRun json = run_tlaloc_split("azteka match --seed 11 --life-bot best --death-bot random --json");
    std::ifstream in(log);
    std::stringstream text;
    text << in.rdbuf();
    EXPECT_EQ(json.out, text.str());
    CliRun r = run_tlaloc_split("azteka replay " + log);
    EXPECT_EQ(r.code, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("a legal match of 2 rounds"), std::string::npos) << r.out;
    // A wrong log: exit 1 naming the step; not a log: exit 2, one line.
    std::vector<std::string> lines = lines_of(text.str());
    Json j = Json::parse(lines[1]);
    j["side"] = "death";
    lines[1] = j.dump();
    std::ofstream(dir / "wrong.jsonl") << joined(lines);
    r = run_tlaloc_split("azteka replay " + (dir / "wrong.jsonl").string());
    EXPECT_EQ(r.code, 1) << r.out << r.err;
    EXPECT_NE(r.out.find("round 1, turn 1: side recorded \"death\""), std::string::npos) << r.out;
    std::ofstream(dir / "junk.jsonl") << "{\"kind\": 3}\n";
    r = run_tlaloc_split("azteka replay " + (dir / "junk.jsonl").string());
    EXPECT_EQ(r.code, 2) << r.out << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

TEST(AztekaMatchCli, AHumanSeatReadsActionsFromStdin) {
    const auto dir = scratch_dir("azteka-match-human");
    std::ofstream(dir / "moves.txt") << "place 9 9\nplace 0 0\nquit\n";
    const std::string log = (dir / "h.jsonl").string();
    CliRun r =
        run_tlaloc_split("azteka match --life-bot human --log " + log + " < " + (dir / "moves.txt").string());
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("not a legal action here: 'place 9 9'"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("1. life: place 0 0"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("match abandoned"), std::string::npos) << r.out;
    EXPECT_FALSE(std::filesystem::exists(log));  // no log of an unfinished match
}

// "Variante aggressiva": the two-round match in the aggressive variant, logged with its variant and
// replayed under it; a variant that is not a two-player match is a usage error.
TEST(AztekaMatchCli, TheAggressiveVariantPlaysAWholeMatch) {
    const auto dir = scratch_dir("azteka-match-aggressive");
    const std::string log = (dir / "a.jsonl").string();
    CliRun a = run_tlaloc_split(
        "azteka match --variant aggressive --seed 3 --life-bot best --death-bot random "
        "--log " +
        log);
    ASSERT_EQ(a.code, 0) << a.err;
    EXPECT_NE(a.out.find("Azteka match (aggressive variant), seed 3"), std::string::npos) << a.out;
    std::ifstream in(log);
    std::string setup;
    std::getline(in, setup);
    EXPECT_NE(setup.find("\"variant\":\"aggressive\""), std::string::npos) << setup;
    CliRun r = run_tlaloc_split("azteka replay " + log);
    EXPECT_EQ(r.code, 0) << r.out << r.err;
    // Played again as the rules engine sees it: every placement and ring turn legal in the variant.
    const Match m = play_match({3, {MatchBot::Search, MatchBot::Random}, "aggressive"});
    for (const MatchRound& round : m.rounds)
        for (const MatchTurn& turn : round.turns)
            EXPECT_EQ(turn.actions.size(), 1u);  // no abilities: no Birth bonus in the variant
    CliRun bad = run_tlaloc_split("azteka match --variant three-player");
    EXPECT_EQ(bad.code, 2) << bad.out;
    EXPECT_NE(bad.err.find("--variant"), std::string::npos) << bad.err;
}
