// `tlaloc akelarre best` with the turn typed on the command line (--hand, --table, --free, --me,
// --favourite), checked against the same turn as a TURN.json file; and the best play found so far
// when the search runs out of time (--timeout), re-checked by the rules engine against its bound.
#include <gtest/gtest.h>

#include <unistd.h>
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <string>

#include "model/akelarre/Turn.h"
#include "puzzles/akelarre/RandomTurn.h"
#include "solver/akelarre/TurnSearch.h"
#include "tests/support/CliRun.h"

namespace {

using namespace tlaloc::akelarre;
using CliRun = tlaloc::test_support::CliRun;
using nlohmann::json;

CliRun run_split(const std::string& args) { return tlaloc::test_support::run_tlaloc_split(args); }

std::string data(const std::string& name) { return std::string(TLALOC_TEST_DATA) + "/akelarre/" + name; }

std::string shell_word(const std::string& s) { return "'" + s + "'"; }

std::string cards_text(const std::vector<Card>& cards) {
    std::string s;
    for (const Card& c : cards) s += (s.empty() ? "" : " ") + to_string(c);
    return s;
}

// The table's places numbered 0, 1, ... in order and the free places after them, as the typed form
// numbers them (the TURN.json reader numbers free places after the table's too).
TurnPosition renumbered(TurnPosition turn) {
    for (std::size_t i = 0; i < turn.places.size(); ++i) turn.places[i].id = static_cast<int>(i);
    return turn;
}

// The command-line words of `turn`: its free places as a number when they are all mine and
// `count_free`, else as their owners.
std::string typed_args(const TurnPosition& turn, bool count_free) {
    std::string args = "--hand " + shell_word(cards_text(turn.hand));
    std::vector<std::string> free;
    bool all_mine = true;
    for (const MeetingPlace& p : turn.places) {
        if (p.free()) {
            free.push_back(p.owner);
            all_mine = all_mine && p.owner == turn.me;
        } else {
            args += " --table " + shell_word(p.owner + ":" + cards_text(p.cards));
        }
    }
    std::string owners;
    for (const std::string& o : free) owners += (owners.empty() ? "" : ",") + o;
    args += " --free " + (count_free && all_mine ? std::to_string(free.size()) : shell_word(owners));
    if (turn.me != "me") args += " --me " + shell_word(turn.me);
    return args + " --favourite " + std::string(1, family_letter(turn.favourite));
}

class TempFile {
public:
    explicit TempFile(const std::string& text) {
        char name[] = "/tmp/tlaloc-turn-XXXXXX";
        const int fd = mkstemp(name);
        if (fd >= 0) close(fd);
        path_ = name;
        std::ofstream(path_) << text;
    }
    ~TempFile() { std::remove(path_.c_str()); }
    const std::string& path() const { return path_; }

private:
    std::string path_;
};

// The moves of an answer in JSON (place ids) as the rules engine's moves (place indexes).
std::vector<Move> moves_of(const TurnPosition& turn, const json& answer) {
    auto index = [&](int id) {
        for (std::size_t i = 0; i < turn.places.size(); ++i)
            if (turn.places[i].id == id) return static_cast<int>(i);
        ADD_FAILURE() << "no place " << id;
        return 0;
    };
    std::vector<Move> moves;
    for (const json& m : answer.at("moves")) {
        Move move{parse_card(m.at("card").get<std::string>(), "answer", "card"), std::nullopt,
                  index(m.at("to").get<int>())};
        if (!m.at("from").is_string()) move.from = index(m.at("from").get<int>());
        moves.push_back(move);
    }
    return moves;
}

}  // namespace

// Random turns, small ones and ones as a real game reaches them, typed and as TURN.json: the same
// answer, in text and in JSON, byte for byte.
TEST(AkelarreBestCli, TheTypedTurnGivesTheSameAnswerAsItsTurnJson) {
    std::mt19937 rng(41);
    std::vector<TurnPosition> turns;
    while (turns.size() < 6)
        if (auto t = random_small_turn(rng)) turns.push_back(renumbered(*t));
    for (int melds = 1; melds <= 4; ++melds) {
        TurnPosition t = random_game_turn(rng, melds, 0.5);
        t.hand.resize(5);  // quick searches
        if (melds % 2 == 0) {
            // Another player's name for me: the free places named by owner use it.
            for (MeetingPlace& p : t.places)
                if (p.owner == t.me) p.owner = "Carlo";
            t.me = "Carlo";
        }
        turns.push_back(renumbered(t));
    }
    int compared = 0;
    for (std::size_t i = 0; i < turns.size(); ++i) {
        const TurnPosition& turn = turns[i];
        const TempFile file(turn_to_json(turn).dump());
        const std::string typed = typed_args(turn, i % 2 == 0);
        for (const char* format : {"", " --json"}) {
            const CliRun from_file = run_split("akelarre best " + file.path() + format);
            const CliRun from_typed = run_split("akelarre best " + typed + format);
            const std::string what = "turn " + std::to_string(i) + ": " + typed + format;
            ASSERT_EQ(from_file.code, 0) << what << "\n" << from_file.err;
            EXPECT_EQ(from_typed.code, 0) << what << "\n" << from_typed.err;
            EXPECT_EQ(from_typed.out, from_file.out) << what;
            EXPECT_EQ(from_typed.err, "") << what;
            ++compared;
        }
    }
    EXPECT_EQ(compared, 20);
    // The shipped example typed: its places are 0 (Anna's meld), then 1 and 2 (mine).
    const CliRun carlo = run_split(
        "akelarre best --hand 'F2 F3 D2 W2 W6 GJ F4' --table 'Anna:F5 D5 W5' --free 2 --favourite F --json");
    EXPECT_EQ(carlo.code, 0) << carlo.err;
    EXPECT_EQ(carlo.out, run_split("akelarre best " + std::string(TLALOC_SOURCE_DIR) +
                                   "/puzzles/akelarre/carlo.json --json")
                             .out);
}

// Every bad token: one line naming the option and the token, exit 2, nothing on stdout.
TEST(AkelarreBestCli, ABadTokenIsOneLineNamingTheOptionAndTheToken) {
    const std::string ok_rest = " --free 1 --favourite F";
    struct Case {
        std::string args, expected;
    } cases[] = {
        {"--hand 'F2 F7'" + ok_rest, "--hand \"F2 F7\": card 2: unknown card \"F7\""},
        {"--hand 'F2 X3'" + ok_rest, "--hand \"F2 X3\": card 2: unknown card \"X3\""},
        {"--hand 'F2 F3 F4 F5 F6 FJ D2 D3'" + ok_rest,
         "--hand \"F2 F3 F4 F5 F6 FJ D2 D3\": a hand holds at most 7"},
        {"--hand 'FJ' --table 'Anna:FJ G3 D3'" + ok_rest,
         "--table \"Anna:FJ G3 D3\": card 1: FJ appears 2 times (hand and table together) but the deck has only 1"},
        {"--hand 'F2' --table 'Anna F5 D5 W5'" + ok_rest, "--table \"Anna F5 D5 W5\": a meld is OWNER:CARDS"},
        {"--hand 'F2' --table 'Anna:F5 D6 W5'" + ok_rest,
         "--table \"Anna:F5 D6 W5\": not a meld that can lie"},
        {"--hand 'F2' --table 'Anna:F5 D5'" + ok_rest, "--table \"Anna:F5 D5\": not a meld that can lie"},
        {"--hand 'F2' --table 'Anna:F5 D5 W5 G5 N5'" + ok_rest,
         "--table \"Anna:F5 D5 W5 G5 N5\": a meld of 5 cards is captured at once"},
        {"--hand 'F2' --table ':F5 D5 W5'" + ok_rest,
         "--table \":F5 D5 W5\": the owner: the owner's name must"},
        {"--hand 'F2' --table 'Anna:F5 D5 Q5'" + ok_rest,
         "--table \"Anna:F5 D5 Q5\": card 3: unknown card \"Q5\""},
        {"--hand F2 --free 'me,,Anna' --favourite F", "--free \"me,,Anna\": owner 2: the owner's name must"},
        {"--hand F2 --free 13 --favourite F", "--free \"13\": 13 is out of range"},
        {"--hand F2 --free 99999999999999999999 --favourite F",
         "--free: \"99999999999999999999\": not a number"},
        {"--hand F2 --free 1 --favourite X", "--favourite \"X\": the favourite family is one of"},
        {"--hand F2 --free 1 --favourite F --me ''", "--me \"\": the player's name must not be empty"},
        {"--hand F2 --free 1", "--favourite: missing"},
        {"--table 'Anna:F5 D5 W5' --free 1 --favourite F", "--hand: missing"},
        {"", "give a TURN.json file, or the turn typed"},
        {data("small.json") + " --hand F2" + ok_rest, "not both"},
    };
    for (const Case& c : cases) {
        const CliRun r = run_split("akelarre best " + c.args);
        EXPECT_EQ(r.code, 2) << c.args << "\n" << r.err;
        EXPECT_EQ(r.out, "") << c.args;
        EXPECT_NE(r.err.find(c.expected), std::string::npos) << c.args << "\n" << r.err;
        EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << c.args << "\n" << r.err;
    }
}

// Out of time, the CLI prints the best play found so far, not proved, with the bound still open on
// each figure, and exits 3; the play is legal (the rules engine replays it to the figures shown) and
// no figure passes its bound. A turn known to take seconds: a two-player game's, eight melds.
TEST(AkelarreBestCli, OutOfTimeItPrintsTheBestPlayFoundSoFarWithItsBound) {
    const std::string file = data("long-play.json");
    const TurnPosition turn = load_turn(file);
    CliRun r = run_split("akelarre best " + file + " --timeout 1 --json");
    EXPECT_EQ(r.code, 3) << r.err;
    EXPECT_LT(r.seconds, 30.0) << "the limit was not enforced";  // generous sanity bound only
    EXPECT_NE(r.err.find(file + ": no answer proved within the 1 s limit (raise --timeout)"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    const json answer = json::parse(r.out);
    EXPECT_EQ(answer.at("proved"), false);
    const std::vector<Move> moves = moves_of(turn, answer);
    EXPECT_EQ(why_illegal(turn, moves), std::nullopt);
    const TurnOutcome replayed = replay_turn(turn, moves);
    EXPECT_EQ(replayed.played, answer.at("played").get<int>());
    EXPECT_EQ(replayed.points, answer.at("points").get<int>());
    EXPECT_LE(replayed.played, answer.at("bound").at("played").get<int>());
    EXPECT_LE(replayed.points, answer.at("bound").at("points").get<int>());
    EXPECT_LE(answer.at("bound").at("played").get<int>(), static_cast<int>(turn.hand.size()));

    r = run_split("akelarre best " + file + " --timeout 1");
    EXPECT_EQ(r.code, 3) << r.err;
    EXPECT_EQ(r.out.rfind("not proved: best found so far within the 1 s limit: played ", 0), 0u) << r.out;
    EXPECT_NE(r.out.find("; bound: at most "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("\nmoves:\n"), std::string::npos) << r.out;

    // Proved, the JSON says so and has no bound.
    r = run_split("akelarre best " + data("small.json") + " --json");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(json::parse(r.out).at("proved"), true);
    EXPECT_FALSE(json::parse(r.out).contains("bound"));
}

// The library's answer out of time, on a turn whose proved answer takes a few seconds: the incumbent
// is legal, no better than the proved best, and the bound is no lower than it on either figure.
TEST(AkelarreBestCli, TheBoundHoldsTheProvedBest) {
    const TurnPosition turn = load_turn(data("crowded-table.json"));
    const TurnSearchResult exact = search_best_play(turn);
    TurnSearchOptions options;
    options.answer_out_of_time = true;
    const TurnSearchResult cut = search_turn(turn, options, tlaloc::solver::Deadline(1));
    if (!cut.out_of_time) GTEST_SKIP() << "answered within 1 s on this machine";
    EXPECT_FALSE(cut.proved);
    EXPECT_EQ(why_illegal(turn, cut.outcome.moves), std::nullopt);
    EXPECT_LE(std::make_pair(cut.outcome.played, cut.outcome.points),
              std::make_pair(exact.outcome.played, exact.outcome.points));
    EXPECT_LE(exact.outcome.played, cut.bound.played);
    EXPECT_LE(exact.outcome.points, cut.bound.points);
    EXPECT_LE(cut.outcome.played, cut.bound.played);
    EXPECT_LE(cut.outcome.points, cut.bound.points);
}
