// Whole Atlacoya games: the rules engine on hand-made days, seeded playouts with their invariants,
// the log's replay (right, tampered, malformed) through the CLI, and the bots' bids against the
// exhaustive walk (tests/support/XalapaBruteForce.h).
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <functional>
#include <sstream>

#include "model/xalapa/AtlacoyaRules.h"
#include "puzzles/xalapa/Atlacoya.h"
#include "puzzles/xalapa/AtlacoyaLog.h"
#include "tests/support/CliRun.h"
#include "tests/support/ScratchDir.h"
#include "tests/support/TestScale.h"
#include "tests/support/XalapaBruteForce.h"

using namespace tlaloc;
using namespace tlaloc::xalapa;
using namespace tlaloc::test_support;

namespace {

const std::string kSource = TLALOC_SOURCE_DIR;

// Seven tasks on the whole board: "exactly 2" is met by two stones, "exactly 3" is not.
Challenge counting_row(const std::vector<int>& counts) {
    Challenge row;
    row.board = load_board(kSource + "/puzzles/xalapa/boards/sun-front.json");
    for (int n : counts) {
        Task t;
        t.feature.atoms = {Atom::Any};
        t.lo = t.hi = n;
        row.tasks.push_back(t);
    }
    return row;
}

CellSet two_stones() {
    CellSet s;
    s.set(0);
    s.set(1);
    return s;
}

// Challenges 2 and 5 fail with two stones; the rest are met.
const Challenge kRow = counting_row({2, 3, 2, 2, 3, 2, 2});

AtlacoyaPlay play_of(int bid, std::vector<AtlacoyaStep> steps, std::optional<AtlacoyaChoice> choice) {
    return {bid, two_stones(), std::move(steps), choice};
}

TEST(XalapaAtlacoyaRules, ATokenLaidIsLostWithGreen) {
    const AtlacoyaPoints pts = load_atlacoya_points();
    const AtlacoyaPlay play = play_of(3, {AtlacoyaStep::Token}, AtlacoyaChoice::Green);
    ASSERT_EQ(why_illegal(kRow, 1, play), std::nullopt);
    const AtlacoyaOutcome o = resolve(kRow, pts, 1, play);
    EXPECT_EQ(o.points, pts.green[3]);
    EXPECT_EQ(o.covered, std::vector<int>{1});
    EXPECT_EQ(o.tokens_laid, 1);
    EXPECT_EQ(o.tokens_lost, 1);
    EXPECT_EQ(o.tokens_recovered, 0);
    EXPECT_FALSE(o.stopped_at);
}

TEST(XalapaAtlacoyaRules, ATokenLaidIsRecoveredWithRed) {
    const AtlacoyaPoints pts = load_atlacoya_points();
    const AtlacoyaOutcome o =
        resolve(kRow, pts, 2, play_of(6, {AtlacoyaStep::Token, AtlacoyaStep::Token}, AtlacoyaChoice::Red));
    EXPECT_EQ(o.points, pts.red[6]);
    EXPECT_EQ(o.covered, (std::vector<int>{1, 4}));
    EXPECT_EQ(o.tokens_lost, 0);
    EXPECT_EQ(o.tokens_recovered, 2);
}

TEST(XalapaAtlacoyaRules, AStopMidRowTakesRedAndGivesTheTokensBack) {
    const AtlacoyaPoints pts = load_atlacoya_points();
    const AtlacoyaPlay play = play_of(7, {AtlacoyaStep::Token, AtlacoyaStep::Stop}, std::nullopt);
    ASSERT_EQ(why_illegal(kRow, 3, play), std::nullopt);
    const AtlacoyaOutcome o = resolve(kRow, pts, 3, play);
    EXPECT_EQ(o.stopped_at, 4);
    EXPECT_EQ(o.scored, AtlacoyaChoice::Red);
    EXPECT_EQ(o.points, pts.red[7]);
    EXPECT_EQ(o.tokens_recovered, 1);
    EXPECT_EQ(o.tokens_lost, 0);
    // Stopping leaves no choice to make, and no step after the stop.
    EXPECT_TRUE(
        why_illegal(kRow, 3, play_of(7, {AtlacoyaStep::Token, AtlacoyaStep::Stop}, AtlacoyaChoice::Red)));
    EXPECT_TRUE(why_illegal(kRow, 3, play_of(2, {AtlacoyaStep::Stop, AtlacoyaStep::Token}, std::nullopt)));
}

TEST(XalapaAtlacoyaRules, APlayerWithoutTokensMustStop) {
    const auto why = why_illegal(kRow, 0, play_of(3, {AtlacoyaStep::Token}, AtlacoyaChoice::Green));
    ASSERT_TRUE(why);
    EXPECT_NE(why->find("challenge 2 failed and no token is left"), std::string::npos) << *why;
    EXPECT_EQ(why_illegal(kRow, 0, play_of(3, {AtlacoyaStep::Stop}, std::nullopt)), std::nullopt);
    // One token gets a player past challenge 2 but not past challenge 5.
    EXPECT_TRUE(
        why_illegal(kRow, 1, play_of(5, {AtlacoyaStep::Token, AtlacoyaStep::Token}, AtlacoyaChoice::Red)));
}

TEST(XalapaAtlacoyaRules, OtherBrokenRules) {
    EXPECT_TRUE(why_illegal(kRow, 3, play_of(1, {}, AtlacoyaChoice::Green)));  // bids are 2..7
    EXPECT_TRUE(why_illegal(kRow, 3, play_of(8, {}, AtlacoyaChoice::Green)));
    EXPECT_TRUE(why_illegal(kRow, 3, play_of(3, {}, AtlacoyaChoice::Green)));  // challenge 2 has no step
    EXPECT_TRUE(why_illegal(kRow, 3, play_of(3, {AtlacoyaStep::Token}, std::nullopt)));  // no choice
    AtlacoyaPlay nine = play_of(2, {AtlacoyaStep::Stop}, std::nullopt);
    for (int i = 0; i < 9; ++i) nine.stones.set(static_cast<std::size_t>(10 + i));
    EXPECT_TRUE(why_illegal(kRow, 3, nine));
    AtlacoyaPlay off = play_of(2, {AtlacoyaStep::Stop}, std::nullopt);
    off.stones.set(40);  // the board has 36 fields
    EXPECT_TRUE(why_illegal(kRow, 3, off));
}

TEST(XalapaAtlacoyaRules, TheStateAndTheRanking) {
    const AtlacoyaPoints pts = load_atlacoya_points();
    AtlacoyaState state(3);
    const std::vector<Challenge> rows(3, kRow);
    play_day(state, rows, pts,
             {play_of(3, {AtlacoyaStep::Token}, AtlacoyaChoice::Green),
              play_of(3, {AtlacoyaStep::Token}, AtlacoyaChoice::Green),
              play_of(3, {AtlacoyaStep::Token}, AtlacoyaChoice::Red)});
    EXPECT_EQ(state.day, 1);
    EXPECT_EQ(state.points, (std::vector<int>{15 + pts.green[3], 15 + pts.green[3], 15 + pts.red[3]}));
    EXPECT_EQ(state.tokens, (std::vector<int>{2, 2, 3}));
    EXPECT_EQ(atlacoya_places(state), (std::vector<int>{1, 1, 3}));  // a remaining tie is shared
    state.points = {20, 20, 19};
    state.tokens = {1, 2, 3};
    EXPECT_EQ(atlacoya_places(state), (std::vector<int>{2, 1, 3}));  // ties go to more tokens left
    // An illegal play leaves the state as it was.
    const AtlacoyaState before = state;
    EXPECT_THROW(play_day(state, rows, pts,
                          {play_of(3, {}, AtlacoyaChoice::Green), play_of(2, {}, {}), play_of(2, {}, {})}),
                 std::logic_error);
    EXPECT_EQ(state.points, before.points);
    EXPECT_EQ(state.day, before.day);
}

std::vector<AtlacoyaBot> mixed_bots(int players, int seed) {
    std::vector<AtlacoyaBot> bots;
    for (int p = 0; p < players; ++p)
        bots.push_back((p + seed) % 3 == 0 ? AtlacoyaBot::Cautious : AtlacoyaBot::Greedy);
    return bots;
}

// Every day legal from the state before it; tokens = 3 - lost, never below 0; points = 15 + deltas.
void check_invariants(const AtlacoyaGame& g, int game) {
    const auto n = g.setup.seats.size();
    std::vector<int> points(n, kAtlacoyaStartPoints), tokens(n, kAtlacoyaTokens), lost(n, 0);
    for (std::size_t d = 0; d < g.days.size(); ++d) {
        const AtlacoyaDay& day = g.days[d];
        for (std::size_t p = 0; p < n; ++p) {
            const Challenge row = row_on_board(day.row, g.setup.seats[p].board);
            EXPECT_EQ(why_illegal(row, tokens[p], day.plays[p]), std::nullopt)
                << "game " << game << " day " << d + 1;
            const AtlacoyaOutcome& o = day.outcomes[p];
            EXPECT_EQ(o.tokens_laid, o.tokens_lost + o.tokens_recovered);
            points[p] += o.points;
            lost[p] += o.tokens_lost;
            tokens[p] -= o.tokens_lost;
            EXPECT_GE(tokens[p], 0);
            EXPECT_EQ(tokens[p], kAtlacoyaTokens - lost[p]);
            EXPECT_EQ(day.points[p], points[p]) << "game " << game << " day " << d + 1 << " player " << p + 1;
            EXPECT_EQ(day.tokens[p], tokens[p]);
        }
    }
    EXPECT_EQ(g.state.points, points);
    EXPECT_EQ(g.state.tokens, tokens);
    EXPECT_EQ(g.state.day, kAtlacoyaDays);
    EXPECT_EQ(g.places, atlacoya_places(g.state));
}

TEST(XalapaAtlacoyaGame, SeededPlayoutsKeepTheInvariantsAndReplay) {
    const Catalogue cat = load_catalogue();
    const AtlacoyaPoints pts = load_atlacoya_points();
    ChallengeSolver solver;
    int tokens_laid = 0, lost = 0;
    const int games = scaled_rounds(20, 5, 3);
    for (int i = 0; i < games; ++i) {
        const int players = 2 + i % 5;
        const AtlacoyaGame g =
            play_atlacoya(solver, cat, setup_atlacoya(cat, 100 + i, mixed_bots(players, i), pts));
        check_invariants(g, i);
        for (const AtlacoyaDay& d : g.days)
            for (const AtlacoyaOutcome& o : d.outcomes) {
                tokens_laid += o.tokens_laid;
                lost += o.tokens_lost;
            }
        const AtlacoyaReplay r = replay_atlacoya("game", atlacoya_log_text(g));
        EXPECT_EQ(r.wrong, std::nullopt) << "game " << i;
        EXPECT_EQ(r.players, players);
    }
    // The bots lay tokens (stops and red points are rare with these bots: the unit tests above
    // hold those rules).
    EXPECT_GT(tokens_laid, 0);
    EXPECT_GT(lost, 0);
}

TEST(XalapaAtlacoyaGame, TheSameSeedGivesTheSameLog) {
    const auto dir = scratch_dir("atlacoya-game");
    const std::string args =
        "xalapa atlacoya play --players 4 --seed 11 --bots greedy,cautious,greedy,greedy";
    CliRun a = run_tlaloc_split(args + " --log " + (dir / "a.jsonl").string());
    CliRun b = run_tlaloc_split(args + " --log " + (dir / "b.jsonl").string());
    ASSERT_EQ(a.code, 0) << a.err;
    ASSERT_EQ(b.code, 0) << b.err;
    EXPECT_EQ(a.out, b.out);
    std::ifstream fa(dir / "a.jsonl"), fb(dir / "b.jsonl");
    std::stringstream sa, sb;
    sa << fa.rdbuf();
    sb << fb.rdbuf();
    const std::string log = sa.str();
    EXPECT_EQ(log, sb.str());
    EXPECT_EQ(std::count(log.begin(), log.end(), '\n'), 9);  // setup, 7 days, end
    CliRun json = run_tlaloc_split(args + " --json");
    EXPECT_EQ(json.out, log);
    CliRun r = run_tlaloc_split("xalapa atlacoya replay " + (dir / "a.jsonl").string());
    EXPECT_EQ(r.code, 0) << r.out << r.err;
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

// The log of a 3-player game, a file holding it with `edit` applied to its lines, and replay's answer.
CliRun replay_edited(const std::string& name, const std::function<void(std::vector<std::string>&)>& edit) {
    static const std::string log =
        run_tlaloc_split("xalapa atlacoya play --players 3 --seed 5 --bots cautious,greedy,greedy --json")
            .out;
    std::vector<std::string> lines = lines_of(log);
    edit(lines);
    const auto file = scratch_dir("atlacoya-replay") / name;
    std::ofstream out(file);
    for (const auto& l : lines) out << l << "\n";
    out.close();
    return run_tlaloc_split("xalapa atlacoya replay " + file.string());
}

void edit_play(std::vector<std::string>& lines, int day, int player, const std::function<void(Json&)>& edit) {
    Json j = Json::parse(lines[static_cast<std::size_t>(day)]);
    edit(j["plays"][static_cast<std::size_t>(player - 1)]);
    lines[static_cast<std::size_t>(day)] = j.dump();
}

TEST(XalapaAtlacoyaGame, ATamperedLogIsCaughtAtTheStep) {
    CliRun ok = replay_edited("ok.jsonl", [](auto&) {});
    EXPECT_EQ(ok.code, 0) << ok.out << ok.err;
    CliRun bid = replay_edited("bid.jsonl", [](auto& lines) {
        edit_play(lines, 2, 2,
                  [](Json& e) { e["bid"] = e["bid"].get<int>() == 2 ? 3 : e["bid"].get<int>() - 1; });
    });
    EXPECT_EQ(bid.code, 1) << bid.out << bid.err;
    EXPECT_NE(bid.out.find("day 2, player 2: "), std::string::npos) << bid.out;
    CliRun stone = replay_edited("stone.jsonl", [](auto& lines) {
        edit_play(lines, 3, 1, [](Json& e) { e["stones"].erase(0); });  // a fewest set one stone short
    });
    EXPECT_EQ(stone.code, 1) << stone.out << stone.err;
    EXPECT_NE(stone.out.find("day 3, player 1: "), std::string::npos) << stone.out;
    CliRun total = replay_edited("total.jsonl", [](auto& lines) {
        edit_play(lines, 4, 3, [](Json& e) { e["total"] = e["total"].get<int>() + 1; });
    });
    EXPECT_EQ(total.code, 1);
    EXPECT_NE(total.out.find("day 4, player 3: total recorded"), std::string::npos) << total.out;
    CliRun end = replay_edited("end.jsonl", [](auto& lines) {
        Json j = Json::parse(lines.back());
        j["points"][0] = j["points"][0].get<int>() + 5;
        lines.back() = j.dump();
    });
    EXPECT_EQ(end.code, 1);
    EXPECT_NE(end.out.find("end: points recorded"), std::string::npos) << end.out;
    EXPECT_EQ(lines_of(end.out).size(), 1u);
}

TEST(XalapaAtlacoyaGame, AMalformedLogIsBadInput) {
    const auto expect_bad = [](const CliRun& r, const std::string& where) {
        EXPECT_EQ(r.code, 2) << r.out << r.err;
        EXPECT_NE(r.err.find(where), std::string::npos) << r.err;
        EXPECT_EQ(lines_of(r.err).size(), 1u) << r.err;
    };
    expect_bad(replay_edited("json.jsonl", [](auto& lines) { lines[3] = "{\"kind\": "; }), "json.jsonl:4");
    expect_bad(replay_edited("short.jsonl", [](auto& lines) { lines.resize(5); }), "short.jsonl:5");
    expect_bad(replay_edited("type.jsonl",
                             [](auto& lines) { edit_play(lines, 2, 1, [](Json& e) { e["bid"] = "four"; }); }),
               "type.jsonl:3: plays[0].bid");
    expect_bad(replay_edited("order.jsonl", [](auto& lines) { std::swap(lines[1], lines[2]); }),
               "order.jsonl:2: day");
    expect_bad(replay_edited("empty.jsonl", [](auto& lines) { lines.clear(); }), "empty.jsonl");
    expect_bad(run_tlaloc_split("xalapa atlacoya replay /nonexistent/game.jsonl"), "/nonexistent/game.jsonl");
}

TEST(XalapaAtlacoyaGame, PlayRefusesBadOptions) {
    EXPECT_EQ(run_tlaloc_split("xalapa atlacoya play --players 7").code, 2);
    CliRun bots = run_tlaloc_split("xalapa atlacoya play --players 3 --bots cautious,greedy");
    EXPECT_EQ(bots.code, 2);
    EXPECT_EQ(lines_of(bots.err).size(), 1u) << bots.err;
    EXPECT_EQ(run_tlaloc_split("xalapa atlacoya play --players 2 --bots cautious,lucky").code, 2);
}

// The highest bid whose challenges 1..bid can be met with at most `tokens` of them covered, by the
// exhaustive walk over every cover; 0 when none.
int brute_highest_bid(const Challenge& row, int tokens) {
    const AtlacoyaRow spec{atlacoya_order(row), {}};
    int best = 0;
    for (int bid = kAtlacoyaLowestBid; bid <= kAtlacoyaHighestBid; ++bid) {
        bool can = false;
        for (int mask = 0; mask < (1 << bid) && !can; ++mask) {
            if (__builtin_popcount(static_cast<unsigned>(mask)) > tokens) continue;
            std::vector<int> cover;
            for (int c = 0; c < bid; ++c)
                if (mask >> c & 1) cover.push_back(c);
            can = exact_fewest_stones(row, tasks_to_meet(spec, bid, cover)) >= 0;
        }
        if (!can) break;  // a higher bid needs all this one needs
        best = bid;
    }
    return best;
}

TEST(XalapaAtlacoyaGame, BotBidsAgreeWithTheExhaustiveWalk) {
    const Catalogue cat = load_catalogue();
    const AtlacoyaPoints pts = load_atlacoya_points();
    ChallengeSolver solver;
    const int rows = scaled_rounds(8, 4, 2);
    for (int i = 0; i < rows; ++i) {
        const Board& board = cat.boards[static_cast<std::size_t>(i) % cat.boards.size()].board;
        const Challenge row = deal_atlacoya_row(cat, 900 + i, 1 + i % kAtlacoyaDays, board);
        const int tokens = i % 4;
        const AtlacoyaPlay cautious = bot_play(solver, AtlacoyaBot::Cautious, row, tokens, pts);
        const AtlacoyaPlay greedy = bot_play(solver, AtlacoyaBot::Greedy, row, tokens, pts);
        EXPECT_EQ(cautious.bid, std::max(kAtlacoyaLowestBid, brute_highest_bid(row, 0))) << "row " << i;
        EXPECT_EQ(greedy.bid, std::max(kAtlacoyaLowestBid, brute_highest_bid(row, tokens))) << "row " << i;
        // The cautious bot's stones are a fewest set for its bid when the bid can be met.
        const AtlacoyaRow spec{atlacoya_order(row), {}};
        const int fewest = exact_fewest_stones(row, tasks_to_meet(spec, cautious.bid, {}));
        if (fewest >= 0) {
            EXPECT_EQ(static_cast<int>(cautious.stones.count()), fewest) << "row " << i;
        }
        EXPECT_EQ(why_illegal(row, tokens, cautious), std::nullopt);
        EXPECT_EQ(why_illegal(row, tokens, greedy), std::nullopt);
    }
}

}  // namespace
