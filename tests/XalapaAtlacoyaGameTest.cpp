// Whole Atlacoya games: the rules engine on hand-made days, seeded playouts with their invariants,
// the log's replay (right, tampered, malformed) through the CLI, and the bots' bids against the
// exhaustive walk (tests/support/XalapaBruteForce.h).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <functional>
#include <regex>
#include <set>
#include <sstream>

#include "model/common/InputError.h"
#include "model/xalapa/AtlacoyaRules.h"
#include "puzzles/xalapa/Atlacoya.h"
#include "puzzles/xalapa/AtlacoyaLog.h"
#include "puzzles/xalapa/Deal.h"
#include "session/GameLog.h"
#include "session/xalapa/AtlacoyaEngine.h"
#include "tests/support/CliRun.h"
#include "tests/support/LogMutation.h"
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

// The rulebook's end of the Atlacoya game: most points win, and a tie on points goes to the player
// with more tokens left. Decision: players equal on both share the place (and the win), the next
// place is skipped, and the token count orders ties on points for every place, not only the first.
TEST(XalapaAtlacoyaRules, PlayersEqualInPointsAndTokensShareTheirPlace) {
    AtlacoyaState state(5);
    state.points = {40, 40, 40, 38, 38};
    state.tokens = {2, 2, 1, 0, 3};
    EXPECT_EQ(atlacoya_places(state), (std::vector<int>{1, 1, 3, 5, 4}));
    state.tokens = {2, 2, 2, 0, 0};
    EXPECT_EQ(atlacoya_places(state), (std::vector<int>{1, 1, 1, 4, 4}));
    // The end's ranking lists them best first, those sharing a place with its number, in seat order.
    const Json end = atlacoya_ranking_json(state, atlacoya_places(state));
    std::vector<std::pair<int, int>> ranking;
    for (const Json& r : end) ranking.emplace_back(r.at("place"), r.at("player"));
    EXPECT_EQ(ranking, (std::vector<std::pair<int, int>>{{1, 1}, {1, 2}, {1, 3}, {4, 4}, {4, 5}}));
}

std::vector<std::string> mixed_seats(int players, int seed) {
    std::vector<std::string> seats;
    for (int p = 0; p < players; ++p) seats.push_back((p + seed) % 3 == 0 ? "cautious" : "greedy");
    return seats;
}

// From the log's records: every day a position card not seen before in the game and the piles it
// leaves; tokens = 3 - lost, never below 0; points = 15 + deltas; the end's ranking the rules'.
void check_invariants(const session::PlayedGame& g, int game, int& tokens_laid, int& lost_in_all) {
    const int n = g.engine->players();
    std::vector<int> points(static_cast<std::size_t>(n), kAtlacoyaStartPoints),
        tokens(static_cast<std::size_t>(n), kAtlacoyaTokens), lost(static_cast<std::size_t>(n), 0);
    std::set<std::string> positions;
    int days = 0;
    std::istringstream in(g.log);
    for (std::string line; std::getline(in, line);) {
        const Json j = Json::parse(line);
        if (!j.contains("after")) continue;
        const Json& day = j["after"];
        EXPECT_EQ(day["day"], ++days);
        EXPECT_TRUE(positions.insert(day["row"]["cards"]["position"].get<std::string>()).second)
            << "game " << game << ": a position card again on day " << days;
        EXPECT_EQ(day["piles"]["positions"], 9 - days);
        for (std::size_t p = 0; p < static_cast<std::size_t>(n); ++p) {
            const Json& o = day["results"][p];
            EXPECT_EQ(o["tokens_laid"], o["tokens_lost"].get<int>() + o["tokens_recovered"].get<int>());
            points[p] += o["points"].get<int>();
            lost[p] += o["tokens_lost"].get<int>();
            tokens[p] -= o["tokens_lost"].get<int>();
            tokens_laid += o["tokens_laid"].get<int>();
            lost_in_all += o["tokens_lost"].get<int>();
            EXPECT_GE(tokens[p], 0);
            EXPECT_EQ(tokens[p], kAtlacoyaTokens - lost[p]);
            EXPECT_EQ(o["total"], points[p]) << "game " << game << " day " << days << " player " << p + 1;
            EXPECT_EQ(o["tokens_left"], tokens[p]);
        }
    }
    EXPECT_EQ(days, kAtlacoyaDays);
    const auto& engine = dynamic_cast<const session::AtlacoyaEngine&>(*g.engine);
    EXPECT_EQ(engine.state().points, points);
    EXPECT_EQ(engine.state().tokens, tokens);
    EXPECT_EQ(g.engine->final_account()["ranking"],
              atlacoya_ranking_json(engine.state(), atlacoya_places(engine.state())));
}

// The base game puts each used position card back into the box, and Atlacoya puts used cards
// aside: over the 7 days of one game no position card comes twice.
TEST(XalapaAtlacoyaGame, NoPositionCardComesTwiceInAGame) {
    const Catalogue cat = load_catalogue();
    const Board& board = cat.boards.front().board;
    for (std::uint64_t seed = 1; seed <= 50; ++seed) {
        std::set<std::string> seen;
        for (int day = 1; day <= kAtlacoyaDays; ++day) {
            const Challenge row = deal_atlacoya_row(cat, seed, day, board);
            ASSERT_TRUE(row.cards);
            EXPECT_TRUE(seen.insert(row.cards->position).second)
                << "seed " << seed << ": position card " << row.cards->position << " again on day " << day;
        }
    }
}

// Each day takes its cards from the top of the piles, so the piles shrink by what the day used: the
// position pile by 1, the novice and intermediate piles by 4. A pile is made again from all its cards
// only when it holds fewer than the day needs (the novice pile's 11 cards: before days 3, 5 and 7).
TEST(XalapaAtlacoyaGame, ThePilesShrinkByWhatEachDayUses) {
    const Catalogue cat = load_catalogue();
    const Board& board = cat.boards.front().board;
    for (std::uint64_t seed = 1; seed <= 50; ++seed) {
        AtlacoyaPiles piles = atlacoya_piles(cat, seed);
        EXPECT_EQ(pile_sizes(piles), (AtlacoyaPileSizes{9, 11, 7}));
        std::set<std::string> novice_since_shuffle;
        for (int day = 1; day <= kAtlacoyaDays; ++day) {
            const AtlacoyaPiles before = piles;
            const Challenge row = deal_atlacoya_day(cat, piles, board);
            const DealtCards& cards = row.cards.value();
            ASSERT_EQ(cards.columns.size(), 6u);
            // The position card came off the top of its pile.
            EXPECT_EQ(cards.position, before.positions.back());
            EXPECT_EQ(piles.positions,
                      std::vector<std::string>(before.positions.begin(), before.positions.end() - 1));
            const bool novice_shuffled = before.novice.size() < 4;
            EXPECT_EQ(piles.novice_shuffles, before.novice_shuffles + (novice_shuffled ? 1 : 0));
            EXPECT_EQ(novice_shuffled, day == 3 || day == 5 || day == 7) << "seed " << seed << " day " << day;
            if (novice_shuffled) novice_since_shuffle.clear();
            std::vector<std::string> drawn;
            for (std::size_t c = 0; c < 4; ++c) {
                EXPECT_EQ(cards.columns[c].top, kBasicColumnTops[c]);
                drawn.push_back(cards.columns[c].bottom);
                EXPECT_TRUE(novice_since_shuffle.insert(cards.columns[c].bottom).second)
                    << "seed " << seed << ": " << cards.columns[c].bottom << " twice before a shuffle";
            }
            if (!novice_shuffled) {  // the 4 cards were the top 4, in order
                EXPECT_EQ(std::vector<std::string>(before.novice.rbegin(), before.novice.rbegin() + 4),
                          drawn);
                EXPECT_EQ(piles.novice,
                          std::vector<std::string>(before.novice.begin(), before.novice.end() - 4));
            }
            EXPECT_EQ(piles.intermediate_shuffles,
                      before.intermediate_shuffles + (before.intermediate.size() < 4));
            if (before.intermediate.size() >= 4) {
                EXPECT_EQ(piles.intermediate, std::vector<std::string>(before.intermediate.begin(),
                                                                       before.intermediate.end() - 4));
            }
            const AtlacoyaPileSizes left = pile_sizes(piles);
            EXPECT_EQ(left.positions, 9 - day);
            EXPECT_EQ(left.novice, (day % 2 == 1 ? 7 : 3));
            EXPECT_EQ(left.intermediate, 3);
            // The row is the deal's: position card (3-stone side) first, the 8 stones of the rules.
            EXPECT_EQ(cards.position_side, 3);
            EXPECT_EQ(row.max_stones, kAtlacoyaStones);
            EXPECT_EQ(deal_atlacoya_row(cat, seed, day, board).cards, row.cards);
        }
    }
}

TEST(XalapaAtlacoyaGame, SeededPlayoutsKeepTheInvariantsAndReplay) {
    int tokens_laid = 0, lost = 0;
    const int games = scaled_rounds(20, 5, 3);
    for (int i = 0; i < games; ++i) {
        const int players = 2 + i % 5;
        const session::PlayedGame g = session::play_seated({{"atlacoya", players, "standard"},
                                                            static_cast<std::uint64_t>(100 + i),
                                                            mixed_seats(players, i)});
        check_invariants(g, i, tokens_laid, lost);
        const session::LogCheck r = session::replay_log(session::read_log("atlacoya", "game", g.log));
        EXPECT_EQ(r.wrong, std::nullopt) << "game " << i;
        EXPECT_EQ(r.actions, players * kAtlacoyaDays);
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
    EXPECT_EQ(std::count(log.begin(), log.end(), '\n'), 30);  // setup, 7 days of 4 plays, end
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

// The line of a player's play on a day (1-based) in the 3-player log; the day's record is on its
// last play's line.
std::size_t play_line(int day, int player) {
    return static_cast<std::size_t>(1 + (day - 1) * 3 + (player - 1));
}

void edit_line(std::vector<std::string>& lines, std::size_t at, const std::function<void(Json&)>& edit) {
    Json j = Json::parse(lines[at]);
    edit(j);
    lines[at] = j.dump();
}

void edit_play(std::vector<std::string>& lines, int day, int player, const std::function<void(Json&)>& edit) {
    edit_line(lines, play_line(day, player), [&](Json& j) { edit(j["action"]); });
}

void edit_day(std::vector<std::string>& lines, int day, const std::function<void(Json&)>& edit) {
    edit_line(lines, play_line(day, 3), [&](Json& j) { edit(j["after"]); });
}

std::string at_line(const std::string& name, std::size_t line) {
    return name + ":" + std::to_string(line + 1) + ": ";
}

TEST(XalapaAtlacoyaGame, ATamperedLogIsCaughtAtTheStep) {
    CliRun ok = replay_edited("ok.jsonl", [](auto&) {});
    EXPECT_EQ(ok.code, 0) << ok.out << ok.err;
    CliRun bid = replay_edited("bid.jsonl", [](auto& lines) {
        edit_play(lines, 2, 2,
                  [](Json& e) { e["bid"] = e["bid"].get<int>() == 2 ? 3 : e["bid"].get<int>() - 1; });
    });
    EXPECT_EQ(bid.code, 1) << bid.out << bid.err;
    EXPECT_NE(bid.out.find("bid.jsonl:"), std::string::npos) << bid.out;
    CliRun stone = replay_edited("stone.jsonl", [](auto& lines) {
        edit_play(lines, 3, 1, [](Json& e) { e["stones"].erase(0); });  // a fewest set one stone short
    });
    EXPECT_EQ(stone.code, 1) << stone.out << stone.err;
    EXPECT_NE(stone.out.find("stone.jsonl:"), std::string::npos) << stone.out;
    CliRun total = replay_edited("total.jsonl", [](auto& lines) {
        edit_day(lines, 4,
                 [](Json& d) { d["results"][2]["total"] = d["results"][2]["total"].get<int>() + 1; });
    });
    EXPECT_EQ(total.code, 1);
    EXPECT_NE(total.out.find(at_line("total.jsonl", play_line(4, 3)) + "after.results[2].total recorded"),
              std::string::npos)
        << total.out;
    CliRun end = replay_edited("end.jsonl", [](auto& lines) {
        Json j = Json::parse(lines.back());
        j["scores"][0] = j["scores"][0].get<int>() + 5;
        lines.back() = j.dump();
    });
    EXPECT_EQ(end.code, 1);
    EXPECT_NE(end.out.find("end.jsonl:23: scores[0] recorded"), std::string::npos) << end.out;
    EXPECT_EQ(lines_of(end.out).size(), 1u);
}

TEST(XalapaAtlacoyaGame, AMalformedLogIsBadInput) {
    const auto expect_bad = [](const CliRun& r, const std::string& where) {
        EXPECT_EQ(r.code, 2) << r.out << r.err;
        EXPECT_NE(r.err.find(where), std::string::npos) << r.err;
        EXPECT_EQ(lines_of(r.err).size(), 1u) << r.err;
    };
    expect_bad(replay_edited("json.jsonl", [](auto& lines) { lines[3] = "{\"kind\": "; }), "json.jsonl:4");
    expect_bad(replay_edited("type.jsonl",
                             [](auto& lines) { edit_play(lines, 2, 1, [](Json& e) { e["bid"] = "four"; }); }),
               at_line("type.jsonl", play_line(2, 1)) + "action: not an Atlacoya play");
    expect_bad(replay_edited("order.jsonl", [](auto& lines) { std::swap(lines[1], lines[2]); }),
               "order.jsonl:2: step");
    // Stones are listed in one order only, rising, each once.
    expect_bad(replay_edited("stones.jsonl",
                             [](auto& lines) {
                                 edit_play(lines, 1, 1, [](Json& e) { e["stones"] = Json::array({17, 3}); });
                             }),
               at_line("stones.jsonl", play_line(1, 1)) + "action: not an Atlacoya play");
    expect_bad(replay_edited("empty.jsonl", [](auto& lines) { lines.clear(); }), "empty.jsonl");
    expect_bad(run_tlaloc_split("xalapa atlacoya replay /nonexistent/game.jsonl"), "/nonexistent/game.jsonl");
    // A log cut short is a game that has not ended: a wrong step.
    CliRun cut = replay_edited("short.jsonl", [](auto& lines) { lines.resize(5); });
    EXPECT_EQ(cut.code, 1) << cut.out << cut.err;
    EXPECT_NE(cut.out.find("short.jsonl:5: the log ends before the game is over (day 2)"), std::string::npos)
        << cut.out;
}

// Replay deals the game again from the seed and compares: the board sides, each day's row and the
// piles left must be the seed's.
TEST(XalapaAtlacoyaGame, ReplayDealsTheGameAgainFromTheSeed) {
    CliRun boards = replay_edited("boards.jsonl", [](auto& lines) {
        edit_line(lines, 0, [](Json& j) { std::swap(j["dealt"]["boards"][0], j["dealt"]["boards"][1]); });
    });
    EXPECT_EQ(boards.code, 1) << boards.out << boards.err;
    EXPECT_NE(boards.out.find("boards.jsonl:1: dealt.boards[0] recorded"), std::string::npos) << boards.out;
    EXPECT_NE(boards.out.find(", the seed deals "), std::string::npos) << boards.out;
    CliRun unknown = replay_edited("unknown-board.jsonl", [](auto& lines) {
        edit_line(lines, 0, [](Json& j) { j["dealt"]["boards"][0] = "side-z"; });
    });
    EXPECT_EQ(unknown.code, 2) << unknown.out << unknown.err;
    EXPECT_NE(unknown.err.find("unknown-board.jsonl:1: dealt.boards[0]: no board side named \"side-z\""),
              std::string::npos)
        << unknown.err;
    // A position card seen on day 1 again on day 3 (the base game boxes a used one).
    CliRun again = replay_edited("again.jsonl", [](auto& lines) {
        const Json first = Json::parse(lines[play_line(1, 3)])["after"];
        edit_day(lines, 3, [&](Json& d) {
            d["row"]["cards"]["position"] = first["row"]["cards"]["position"];
            d["row"]["formation"] = first["row"]["formation"];
        });
    });
    EXPECT_EQ(again.code, 1) << again.out << again.err;
    EXPECT_NE(again.out.find(at_line("again.jsonl", play_line(3, 3)) + "after.row."), std::string::npos)
        << again.out;
    CliRun card = replay_edited("card.jsonl", [](auto& lines) {
        edit_day(lines, 2, [](Json& d) {
            Json& bottom = d["row"]["cards"]["columns"][0]["bottom"];
            bottom = bottom == "novice-cactus" ? "novice-gecko" : "novice-cactus";
        });
    });
    EXPECT_EQ(card.code, 1) << card.out << card.err;
    EXPECT_NE(card.out.find("after.row.cards.columns[0].bottom recorded"), std::string::npos) << card.out;
    // A card no catalogue has is a value the seed does not deal: a wrong step too.
    CliRun frog = replay_edited("frog.jsonl", [](auto& lines) {
        edit_day(lines, 2, [](Json& d) { d["row"]["cards"]["columns"][2]["bottom"] = "novice-frog"; });
    });
    EXPECT_EQ(frog.code, 1) << frog.out << frog.err;
    EXPECT_NE(frog.out.find("after.row.cards.columns[2].bottom recorded \"novice-frog\""), std::string::npos)
        << frog.out;
    // A long value is cut short in the message.
    CliRun label = replay_edited("label.jsonl", [](auto& lines) {
        edit_day(lines, 2, [](Json& d) { d["row"]["tasks"][1]["label"] = std::string(5000, 'x'); });
    });
    EXPECT_EQ(label.code, 1) << label.out << label.err;
    EXPECT_NE(label.out.find("after.row.tasks[1].label recorded \"xxx"), std::string::npos) << label.out;
    EXPECT_NE(label.out.find("... (5002 characters), the rules give"), std::string::npos) << label.out;
    EXPECT_LT(label.out.size(), 500u);
    CliRun pile = replay_edited("pile.jsonl", [](auto& lines) {
        edit_day(lines, 4,
                 [](Json& d) { d["piles"]["novice"] = d["piles"]["novice"].template get<int>() + 1; });
    });
    EXPECT_EQ(pile.code, 1) << pile.out << pile.err;
    EXPECT_NE(pile.out.find("after.piles.novice recorded 4, the rules give 3"), std::string::npos)
        << pile.out;
}

// The stone limit is the rules' 8: a row claiming more is not the seed's row, and the rules refuse a
// ninth stone whatever a row's max_stones says.
TEST(XalapaAtlacoyaGame, TheStoneLimitComesFromTheRules) {
    Challenge roomy = kRow;
    roomy.max_stones = 12;
    AtlacoyaPlay nine = play_of(2, {AtlacoyaStep::Stop}, std::nullopt);
    for (int i = 0; i < 7; ++i) nine.stones.set(static_cast<std::size_t>(10 + i));
    const auto why = why_illegal(roomy, 3, nine);
    ASSERT_TRUE(why);
    EXPECT_NE(why->find("9 stones, more than the 8 a player has"), std::string::npos) << *why;
    CliRun limit = replay_edited(
        "limit.jsonl", [](auto& lines) { edit_day(lines, 1, [](Json& d) { d["row"]["max_stones"] = 12; }); });
    EXPECT_EQ(limit.code, 1) << limit.out << limit.err;
    EXPECT_NE(limit.out.find("after.row.max_stones recorded 12, the rules give 8"), std::string::npos)
        << limit.out;
}

// The fields of a log that cannot change the game (docs/xalapa.md, "The log"): a seat names who
// chose the plays, and replay accepts any legal play.
bool exempt_field(const std::string& where) {
    static const std::regex seat(R"(0/seats(/\d+)?)");
    return std::regex_match(where, seat);
}

// Each field of logged games changed once (tests/support/LogMutation.h): replay must refuse at least
// 99 % of the mutants that change the game, as bad input or as a wrong step.
TEST(XalapaAtlacoyaLog, ReplayRefusesTheMutantsThatChangeTheGame) {
    const auto dir = scratch_dir("atlacoya-mutants");
    const std::vector<std::string> games = {"--players 2 --seed 3 --bots greedy,cautious",
                                            "--players 3 --seed 8 --bots cautious,greedy,greedy",
                                            "--players 2 --seed 21 --bots greedy,greedy"};
    std::size_t mutants = 0, detected = 0, exempt = 0;
    std::vector<std::string> missed;
    const auto replayed = [](const std::string& text) {
        return session::replay_log(session::read_log("atlacoya", "log", text)).wrong;
    };
    for (std::size_t g = 0; g < games.size(); ++g) {
        const auto file = dir / ("game-" + std::to_string(g) + ".jsonl");
        const CliRun play = run_tlaloc_split("xalapa atlacoya play " + games[g] + " --log " + file.string());
        ASSERT_EQ(play.code, 0) << play.err;
        std::ifstream in(file);
        std::stringstream text;
        text << in.rdbuf();
        const std::string log = text.str();
        ASSERT_EQ(replayed(log), std::nullopt);
        const auto refused = [&](const std::string& mutant) {
            try {
                return replayed(mutant).has_value();
            } catch (const InputError&) {
                return true;
            }
        };
        // Every fifth mutant at the sanitizer run's small scale (all of them took 185 s of one core there).
        const ::test_support::MutationScore score = ::test_support::score_mutants(
            log, refused, exempt_field, tlaloc::test_support::small_test_scale() ? 5 : 1);
        mutants += score.mutants;
        detected += score.detected;
        exempt += score.exempt;
        for (const std::string& m : score.missed) missed.push_back("game " + std::to_string(g) + ": " + m);
    }
    const double rate = static_cast<double>(detected) / static_cast<double>(mutants);
    std::string sample;
    for (std::size_t i = 0; i < std::min<std::size_t>(missed.size(), 20); ++i) sample += "\n  " + missed[i];
    std::printf("atlacoya log mutants: %zu refused of %zu that change the game (%.2f %%), %zu exempt\n",
                detected, mutants, 100 * rate, exempt);
    if (!missed.empty()) std::printf("missed (the first 20):%s\n", sample.c_str());
    EXPECT_GE(rate, 0.99) << "missed:" << sample;
    EXPECT_GT(mutants, 1000u);
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
