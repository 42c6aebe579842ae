// The seven-day game (`xalapa play` / `xalapa replay`): the rules engine on hand-made answers, seeded
// playouts for 2-6 players at every level with their invariants (scores recomputed by the independent
// brute-force scorer of tests/support/XalapaBruteForce.h), the log's replay (right, tampered, every
// field mutated, malformed), bad options, a human seat fed through stdin, and the bots' strengths.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <functional>
#include <set>
#include <sstream>

#include "cli/StudioPlay.h"
#include "model/common/InputError.h"
#include "model/xalapa/Evaluation.h"
#include "puzzles/xalapa/SevenDayGame.h"
#include "puzzles/xalapa/SevenDayLog.h"
#include "tests/support/CliRun.h"
#include "tests/support/LogMutation.h"
#include "tests/support/ScratchDir.h"
#include "tests/support/TestScale.h"
#include "tests/support/XalapaBruteForce.h"

using namespace tlaloc;
using namespace tlaloc::xalapa;
using namespace tlaloc::test_support;

namespace {

const Catalogue& cat() { return shipped_catalogue(); }

ChallengeSolver& solver() {
    static ChallengeSolver s;
    return s;
}

std::vector<SeatPlayer> cycle_bots(int n) {
    const SeatPlayer cycle[] = {SeatPlayer::Best, SeatPlayer::Greedy, SeatPlayer::Random};
    std::vector<SeatPlayer> out;
    for (int p = 0; p < n; ++p) out.push_back(cycle[p % 3]);
    return out;
}

SevenDaySetup setup_of(int n, Level level, std::uint64_t seed, std::vector<bool> experts = {}) {
    if (experts.empty()) experts.assign(static_cast<std::size_t>(n), experts_by_default(level));
    return setup_seven_days(cat(), seed, level, cycle_bots(n), experts);
}

std::vector<int> indexes(const CellSet& s, const Board& b) {
    std::vector<int> out;
    for (int i = 0; i < b.size(); ++i)
        if (s.test(static_cast<std::size_t>(i))) out.push_back(i);
    return out;
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

std::string read_text(const std::filesystem::path& file) {
    std::ifstream in(file);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

CellSet stones_at(const Board& b, std::initializer_list<Cell> cells) {
    CellSet s;
    for (Cell c : cells) s.set(static_cast<std::size_t>(b.index(c)));
    return s;
}

// --- the rules engine ---------------------------------------------------------------------------------

TEST(XalapaPlayRules, WhyIllegalNamesTheBrokenRule) {
    SevenDayGame game(cat(), setup_of(2, Level::Basic, 4));
    const Board& b = game.setup().seats[0].board;
    CellSet nine;
    for (int i = 0; i < 9; ++i) nine.set(static_cast<std::size_t>(i));
    EXPECT_NE(game.why_illegal(0, {nine, 10, std::nullopt}).value_or("").find("more than the 8"),
              std::string::npos);
    CellSet outside;
    outside.set(static_cast<std::size_t>(b.size()));
    EXPECT_NE(game.why_illegal(0, {outside, 10, std::nullopt}).value_or("").find("outside"),
              std::string::npos);
    EXPECT_FALSE(game.why_illegal(0, {stones_at(b, {{0, 0}}), std::nullopt, std::nullopt}));
    game.apply(0, {stones_at(b, {{0, 0}}), std::nullopt, std::nullopt});
    EXPECT_NE(game.why_illegal(0, {{}, 5, std::nullopt}).value_or("").find("already"), std::string::npos);
    // The day's last answer settles the race: somebody must have said done ...
    EXPECT_NE(game.why_illegal(1, {{}, std::nullopt, std::nullopt}).value_or("").find("nobody said done"),
              std::string::npos);
    EXPECT_EQ(game.to_play(), std::vector<int>{1});
    game.apply(1, {{}, 100, std::nullopt});
    EXPECT_EQ(game.day(), 2);
    EXPECT_EQ(game.days()[0].results[1].penalty, game.days()[0].totals[1]);
    // ... and nobody may say it after the hourglass ran out (60 s after the first done).
    game.apply(0, {{}, 50, std::nullopt});
    EXPECT_NE(game.why_illegal(1, {{}, 50 + 600 + 1, std::nullopt}).value_or("").find("after the hourglass"),
              std::string::npos);
    EXPECT_FALSE(game.why_illegal(1, {{}, 50 + 600, std::nullopt}));
    EXPECT_THROW(game.apply(1, {{}, 50 + 601, std::nullopt}), std::logic_error);
}

TEST(XalapaPlayRules, EqualTotalsShareAPlaceAndTheLowestWins) {
    EXPECT_EQ(seven_day_places({40, 31, 40, 55}), (std::vector<int>{2, 1, 2, 4}));
    EXPECT_EQ(seven_day_places({7, 7}), (std::vector<int>{1, 1}));
    const Json end = seven_day_end_line({40, 31, 31}, seven_day_places({40, 31, 31}));
    EXPECT_EQ(end.at("winners"), Json::parse("[2, 3]"));
    EXPECT_EQ(end.at("ranking")[2].at("place"), 3);
}

TEST(XalapaPlayRules, BeginnersPlayFiveChallengesAndExpertsSeven) {
    const SevenDaySetup mixed = setup_of(3, Level::Basic, 9, {false, true, false});
    EXPECT_TRUE(deals_expert_columns(mixed));
    SevenDayGame game(cat(), mixed);
    EXPECT_EQ(game.challenge().task_count(), 7);
    EXPECT_EQ(game.seat_challenge(0).task_count(), kBeginnerChallenges);
    EXPECT_EQ(game.seat_challenge(1).task_count(), 7);
    // The basic game among beginners deals no expert columns; from level 2 on everyone plays 7.
    EXPECT_EQ(SevenDayGame(cat(), setup_of(3, Level::Basic, 9)).challenge().task_count(), 5);
    EXPECT_EQ(SevenDayGame(cat(), setup_of(3, Level::Three, 9)).seat_challenge(2).task_count(), 7);
}

TEST(XalapaPlayRules, SeatsHaveDistinctBoards) {
    for (std::uint64_t seed = 0; seed < 20; ++seed) {
        const SevenDaySetup s = setup_of(6, Level::Basic, seed);
        std::set<std::string> boards;
        for (const SevenDaySeat& seat : s.seats)
            boards.insert(seat.board.id.substr(0, seat.board.id.rfind('-')));
        EXPECT_EQ(boards.size(), 6u) << "seed " << seed;
    }
}

// The basic game's novice pile: 11 feature cards, 4 a day, made again from all 11 when fewer than 4 are
// left (before days 3, 5 and 7); the position cards (9) never come back.
TEST(XalapaPlayRules, TheNovicePileIsReshuffledWhenShort) {
    SevenDaySetup setup = setup_of(2, Level::Basic, 17);
    SevenDayPiles piles = seven_day_piles(cat(), setup);
    std::vector<int> left;
    std::set<std::string> positions;
    std::vector<std::string> since_shuffle;
    for (int day = 1; day <= kSevenDays; ++day) {
        const int shuffles = piles.shuffles;
        const DealtCards cards = deal_seven_day(cat(), piles, setup);
        if (piles.shuffles != shuffles) since_shuffle.clear();
        EXPECT_TRUE(positions.insert(cards.position).second) << "day " << day;
        for (const DealtColumn& c : cards.columns) {
            EXPECT_EQ(std::count(since_shuffle.begin(), since_shuffle.end(), c.bottom), 0) << c.bottom;
            since_shuffle.push_back(c.bottom);
        }
        left.push_back(pile_sizes(piles).features);
    }
    EXPECT_EQ(left, (std::vector<int>{7, 3, 7, 3, 7, 3, 7}));
    EXPECT_EQ(piles.shuffles, 3);
}

// --- seeded playouts ----------------------------------------------------------------------------------

void check_day_cards(const SevenDayDay& d, const SevenDaySetup& setup) {
    const std::size_t columns = setup.level == Level::Basic || setup.level == Level::One
                                    ? (deals_expert_columns(setup) ? 6u : 4u)
                                    : 6u;
    EXPECT_EQ(d.cards.columns.size(), columns);
    if (setup.level == Level::Basic) {
        for (std::size_t c = 0; c < 4; ++c) EXPECT_EQ(d.cards.columns[c].top, kBasicColumnTops[c]);
    }
    if (setup.level == Level::Basic || setup.level == Level::One) {
        EXPECT_EQ(d.cards.position_side, 3);
    }
    if (setup.level >= Level::Two && setup.level <= Level::Four) {
        EXPECT_EQ(d.cards.position_side, 4);
    }
    std::multiset<std::string> cards;  // no card lies twice on the board on one day
    for (const DealtColumn& c : d.cards.columns)
        for (const std::string& id : {c.top, c.bottom})
            if (!printed_number(id)) cards.insert(id);
    for (const std::string& id : cards) EXPECT_EQ(cards.count(id), 1u) << id;
}

void check_race(const SevenDayDay& d, const SevenDaySetup& setup, int day) {
    const std::optional<int> first = first_done(d.plays);
    ASSERT_TRUE(first);
    const int end = hourglass_end(*first, setup.hourglass);
    for (std::size_t p = 0; p < d.plays.size(); ++p) {
        const SevenDayPlay& play = d.plays[p];
        const int think = bot_think(setup.seats[p].player, setup.seed, day, static_cast<int>(p));
        EXPECT_EQ(play.done_at.has_value(), think <= end);
        if (play.done_at) {
            EXPECT_EQ(*play.done_at, think);
            continue;
        }
        // Cut off: the first stones of its plan, row by row, as many as it had laid by then.
        ASSERT_TRUE(play.plan);
        EXPECT_EQ((play.stones & ~*play.plan).none(), true);
        const long long n = static_cast<long long>(play.plan->count());
        EXPECT_EQ(static_cast<long long>(play.stones.count()), std::min(n, end * (n + 1) / think));
    }
}

void check_playout(const SevenDayGame& game) {
    const SevenDaySetup& setup = game.setup();
    ASSERT_TRUE(game.over());
    ASSERT_EQ(game.days().size(), static_cast<std::size_t>(kSevenDays));
    EXPECT_TRUE(game.to_play().empty());
    std::set<std::string> positions;
    std::vector<int> totals(setup.seats.size(), 0);
    for (std::size_t d = 0; d < game.days().size(); ++d) {
        const SevenDayDay& day = game.days()[d];
        EXPECT_TRUE(positions.insert(day.cards.position).second) << "position card used twice";
        check_day_cards(day, setup);
        check_race(day, setup, static_cast<int>(d) + 1);
        const Challenge all = day_challenge(cat(), day.cards, setup.seats[0].board);
        for (std::size_t p = 0; p < setup.seats.size(); ++p) {
            const Challenge ch = seat_challenge(all, setup.seats[p]);
            EXPECT_EQ(day.results[p].met.size(), setup.seats[p].expert ? all.task_count() : 5u);
            EXPECT_LE(day.plays[p].stones.count(), 8u);
            // The penalty by the independent scorer: stones + 3 per challenge not met.
            EXPECT_EQ(day.results[p].penalty, brute_penalty(ch, indexes(day.plays[p].stones, ch.board)));
            totals[p] += day.results[p].penalty;
            EXPECT_EQ(day.totals[p], totals[p]);
        }
    }
    EXPECT_EQ(game.totals(), totals);
    const std::vector<int> places = game.places();
    for (std::size_t a = 0; a < totals.size(); ++a)
        for (std::size_t b = 0; b < totals.size(); ++b) {
            if (totals[a] < totals[b]) {
                EXPECT_LT(places[a], places[b]);
            }
            if (totals[a] == totals[b]) {
                EXPECT_EQ(places[a], places[b]);
            }
        }
}

TEST(XalapaPlayGame, SeededPlayoutsKeepTheInvariantsAndReplay) {
    const int seeds = scaled_rounds(2, 2);
    for (int n = kSevenDayMinPlayers; n <= kSevenDayMaxPlayers; ++n)
        for (int level = 0; level < 6; ++level)
            for (int k = 0; k < seeds; ++k) {
                const std::uint64_t seed = 1000 + 97 * static_cast<std::uint64_t>(n) + 13 * level + 5 * k;
                SCOPED_TRACE("players " + std::to_string(n) + ", level " + kLevelNames[level] + ", seed " +
                             std::to_string(seed));
                const SevenDayGame game =
                    play_seven_days(solver(), cat(), setup_of(n, static_cast<Level>(level), seed));
                check_playout(game);
                const std::string log = seven_day_log_text(cat(), game);
                EXPECT_EQ(lines_of(log).size(), static_cast<std::size_t>(1 + kSevenDays * (n + 2) + 1));
                EXPECT_EQ(replay_seven_days(solver(), cat(), "log", log).wrong, std::nullopt);
            }
}

TEST(XalapaPlayGame, TheSameSeedGivesTheSameGame) {
    const auto dir = scratch_dir("xalapa-play-same");
    const std::string args = "xalapa play --players 4 --level 2 --seed 11 --bots best,greedy,random,greedy";
    const CliRun a = run_tlaloc_split(args + " --log " + (dir / "a.jsonl").string());
    const CliRun b = run_tlaloc_split(args + " --log " + (dir / "b.jsonl").string());
    ASSERT_EQ(a.code, 0) << a.err;
    ASSERT_EQ(b.code, 0) << b.err;
    EXPECT_EQ(a.out, b.out);
    const std::string log = read_text(dir / "a.jsonl");
    EXPECT_EQ(log, read_text(dir / "b.jsonl"));
    EXPECT_EQ(lines_of(log).size(), 1u + 7u * 6u + 1u);
    EXPECT_EQ(run_tlaloc_split(args + " --json").out, log);
    const CliRun r = run_tlaloc_split("xalapa replay " + (dir / "a.jsonl").string());
    EXPECT_EQ(r.code, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("a legal game of 4 players over 7 days"), std::string::npos) << r.out;
    // Another seed, another game.
    EXPECT_NE(run_tlaloc_split(
                  "xalapa play --players 4 --level 2 --seed 12 --bots best,greedy,random,greedy --json")
                  .out,
              log);
}

// --bots: one name for every seat, one per seat, or fewer taking turns.
TEST(XalapaPlayCli, BotsNameEverySeatOrTakeTurns) {
    const auto seats = [](const std::string& args) {
        const CliRun r = run_tlaloc_split("xalapa play --seed 2 " + args + " --json");
        EXPECT_EQ(r.code, 0) << args << r.err;
        std::vector<std::string> out;
        const Json setup = Json::parse(lines_of(r.out).at(0));
        for (const Json& s : setup.at("seats")) out.push_back(s.at("player"));
        return out;
    };
    EXPECT_EQ(seats("--players 3 --bots greedy"), (std::vector<std::string>{"greedy", "greedy", "greedy"}));
    EXPECT_EQ(seats("--players 4 --bots best,random"),
              (std::vector<std::string>{"best", "random", "best", "random"}));
    EXPECT_EQ(seats("--players 2 --bots random,best"), (std::vector<std::string>{"random", "best"}));
    EXPECT_EQ(seats("--players 4"), (std::vector<std::string>{"best", "greedy", "random", "best"}));
}

TEST(XalapaPlayGame, EveryLogOfTheCliReplays) {
    const auto dir = scratch_dir("xalapa-play-cli");
    const std::vector<std::string> games = {"--players 2", "--players 3 --level 1 --experts 2 --seed 5",
                                            "--players 5 --level 3 --seed 8 --hourglass 20",
                                            "--players 6 --level 5 --seed 40 --experts none"};
    for (std::size_t g = 0; g < games.size(); ++g) {
        const auto file = dir / ("g" + std::to_string(g) + ".jsonl");
        const CliRun play = run_tlaloc_split("xalapa play " + games[g] + " --log " + file.string());
        ASSERT_EQ(play.code, 0) << games[g] << play.err;
        EXPECT_NE(play.out.find("ranking (lowest total wins):"), std::string::npos);
        const CliRun r = run_tlaloc_split("xalapa replay " + file.string());
        EXPECT_EQ(r.code, 0) << games[g] << r.out << r.err;
    }
}

// --- replay -------------------------------------------------------------------------------------------

// The log of a 3-player game with `edit` applied to its lines, and replay's answer.
CliRun replay_edited(const std::string& name, const std::function<void(std::vector<std::string>&)>& edit) {
    static const std::string log =
        run_tlaloc_split("xalapa play --players 3 --seed 5 --bots best,greedy,random --json").out;
    std::vector<std::string> lines = lines_of(log);
    edit(lines);
    const auto file = scratch_dir("xalapa-play-replay") / name;
    std::ofstream out(file);
    for (const auto& l : lines) out << l << "\n";
    out.close();
    return run_tlaloc_split("xalapa replay " + file.string());
}

// Line of day `day`'s line (kind "day"), of seat `seat`'s play line, and of its scores line (3 seats).
std::size_t day_line(int day) { return 1 + static_cast<std::size_t>(day - 1) * 5; }
std::size_t play_line(int day, int seat) { return day_line(day) + static_cast<std::size_t>(seat); }

void edit_line(std::vector<std::string>& lines, std::size_t i, const std::function<void(Json&)>& edit) {
    Json j = Json::parse(lines[i]);
    edit(j);
    lines[i] = j.dump();
}

void expect_wrong(const CliRun& r, const std::string& step) {
    EXPECT_EQ(r.code, 1) << r.out << r.err;
    EXPECT_NE(r.out.find(step), std::string::npos) << r.out;
    EXPECT_EQ(lines_of(r.out).size(), 1u) << r.out;
}

TEST(XalapaPlayReplay, ATamperedLogIsCaughtAtTheStep) {
    EXPECT_EQ(replay_edited("ok.jsonl", [](auto&) {}).code, 0);
    expect_wrong(
        replay_edited("stone.jsonl",
                      [](auto& l) { edit_line(l, play_line(2, 2), [](Json& e) { e["stones"].erase(0); }); }),
        "day 2, seat 2: ");
    expect_wrong(replay_edited("best.jsonl",
                               [](auto& l) {
                                   edit_line(l, play_line(3, 1), [](Json& e) {
                                       Json& s = e["stones"][0];
                                       s[1] = s[1].get<int>() == 0 ? 1 : 0;
                                   });
                               }),
                 "day 3, seat 1: ");
    expect_wrong(replay_edited("penalty.jsonl",
                               [](auto& l) {
                                   edit_line(l, play_line(4, 3),
                                             [](Json& e) { e["penalty"] = e["penalty"].get<int>() + 1; });
                               }),
                 "day 4, seat 3: penalty recorded");
    expect_wrong(replay_edited("time.jsonl",
                               [](auto& l) {
                                   edit_line(l, play_line(1, 2),
                                             [](Json& e) { e["done_at"] = e["done_at"].get<int>() - 1; });
                               }),
                 "day 1, seat 2: done_at recorded");
    expect_wrong(replay_edited("card.jsonl",
                               [](auto& l) {
                                   edit_line(l, day_line(5), [](Json& e) {
                                       Json& b = e["columns"][1]["bottom"];
                                       b = b == "novice-cactus" ? "novice-gecko" : "novice-cactus";
                                   });
                               }),
                 "day 5: columns recorded");
    // A position card used on day 1 again on day 3 (the rulebook boxes a used one).
    expect_wrong(replay_edited("again.jsonl",
                               [](auto& l) {
                                   const Json first = Json::parse(l[day_line(1)]);
                                   edit_line(l, day_line(3),
                                             [&](Json& e) { e["position"] = first["position"]; });
                               }),
                 "day 3: position recorded");
    expect_wrong(replay_edited("scores.jsonl",
                               [](auto& l) {
                                   edit_line(l, day_line(6) + 4,
                                             [](Json& e) { e["totals"][0] = e["totals"][0].get<int>() - 1; });
                               }),
                 "day 6 scores: totals recorded");
    expect_wrong(
        replay_edited(
            "end.jsonl",
            [](auto& l) { edit_line(l, l.size() - 1, [](Json& e) { e["winners"] = Json::parse("[3]"); }); }),
        "end: ");
}

// What the seed, the rules and the catalogue decide is never taken from the log.
TEST(XalapaPlayReplay, ReplayDerivesWhatTheSeedAndTheRulesDecide) {
    expect_wrong(replay_edited(
                     "seed.jsonl",
                     [](auto& l) { edit_line(l, 0, [](Json& e) { e["seed"] = e["seed"].get<int>() + 1; }); }),
                 ", the seed ");
    expect_wrong(replay_edited("board.jsonl",
                               [](auto& l) {
                                   edit_line(l, 0, [](Json& e) {
                                       Json& b = e["seats"][0]["board"];
                                       b = b == "sun-front" ? "sun-back" : "sun-front";
                                   });
                               }),
                 "setup: seats[0].board recorded");
    // The hourglass is the game's own setting: a longer one gives another race, scores and all.
    expect_wrong(replay_edited("hourglass.jsonl",
                               [](auto& l) { edit_line(l, 0, [](Json& e) { e["hourglass"] = 61; }); }),
                 "hourglass_end recorded");
    // Nine stones on a human-free board: the 8 comes from the rules, whatever a log could say.
    const CliRun limit =
        replay_edited("limit.jsonl", [](auto& l) { edit_line(l, 0, [](Json& e) { e["max_stones"] = 9; }); });
    EXPECT_EQ(limit.code, 2) << limit.out << limit.err;
    expect_wrong(
        replay_edited("expert.jsonl",
                      [](auto& l) { edit_line(l, 0, [](Json& e) { e["seats"][1]["expert"] = true; }); }),
        "day 1: ");
}

TEST(XalapaPlayReplay, AMalformedLogIsBadInput) {
    const auto expect_bad = [](const CliRun& r, const std::string& where) {
        EXPECT_EQ(r.code, 2) << r.out << r.err;
        EXPECT_NE(r.err.find(where), std::string::npos) << r.err;
        EXPECT_EQ(lines_of(r.err).size(), 1u) << r.err;
        EXPECT_TRUE(r.out.empty()) << r.out;
    };
    expect_bad(replay_edited("json.jsonl", [](auto& l) { l[3] = "{\"kind\": "; }), "json.jsonl:4");
    expect_bad(replay_edited("short.jsonl", [](auto& l) { l.resize(9); }), "short.jsonl:9");
    expect_bad(replay_edited("long.jsonl", [](auto& l) { l.push_back(l.back()); }), "long.jsonl:38");
    expect_bad(
        replay_edited("type.jsonl",
                      [](auto& l) { edit_line(l, play_line(2, 1), [](Json& e) { e["penalty"] = "four"; }); }),
        "type.jsonl:8: penalty");
    expect_bad(replay_edited("order.jsonl", [](auto& l) { std::swap(l[1], l[2]); }), "order.jsonl:2: kind");
    expect_bad(replay_edited("unknown.jsonl",
                             [](auto& l) {
                                 edit_line(l, day_line(2),
                                           [](Json& e) { e["columns"][0]["bottom"] = "novice-frog"; });
                             }),
               "unknown oracle card \"novice-frog\"");
    expect_bad(
        replay_edited("player.jsonl",
                      [](auto& l) { edit_line(l, 0, [](Json& e) { e["seats"][0]["player"] = "lucky"; }); }),
        "seats[0].player");
    expect_bad(replay_edited(
                   "format.jsonl",
                   [](auto& l) { edit_line(l, 0, [](Json& e) { e["format"] = "tlaloc-xalapa-play/9"; }); }),
               "format");
    expect_bad(replay_edited("field.jsonl",
                             [](auto& l) {
                                 edit_line(l, play_line(1, 1),
                                           [](Json& e) { e["stones"] = Json::parse("[[40,1]]"); });
                             }),
               "stones[0][0]");
    expect_bad(replay_edited("empty.jsonl", [](auto& l) { l.clear(); }), "empty.jsonl");
    expect_bad(run_tlaloc_split("xalapa replay /nonexistent/game.jsonl"), "/nonexistent/game.jsonl");
}

// Every field of logged games changed once (tests/support/LogMutation.h): replay refuses the mutants
// (as bad input or as a wrong step), the few it accepts being other legal games with the same results.
TEST(XalapaPlayReplay, ReplayRefusesTheMutantsThatChangeTheGame) {
    const std::vector<SevenDaySetup> setups = {
        setup_seven_days(cat(), 3, Level::Basic, {SeatPlayer::Greedy, SeatPlayer::Random}, {false, false}),
        setup_seven_days(cat(), 8, Level::Two, {SeatPlayer::Best, SeatPlayer::Random, SeatPlayer::Greedy},
                         {true, false, true}, 30)};
    ::test_support::SampledScore score;
    for (std::size_t g = 0; g < setups.size(); ++g) {
        const std::string log = seven_day_log_text(cat(), play_seven_days(solver(), cat(), setups[g]));
        ASSERT_EQ(replay_seven_days(solver(), cat(), "log", log).wrong, std::nullopt);
        const auto refused = [&](const std::string& mutant) {
            try {
                return replay_seven_days(solver(), cat(), "mutant", mutant).wrong.has_value();
            } catch (const InputError&) {
                return true;
            }
        };
        // The bots' names: a seat's player decides its answers, so changing it changes the game too.
        score.add("game " + std::to_string(g), log, static_cast<std::size_t>(scaled_rounds(600, 5, 100)),
                  refused, [](const std::string&) { return false; });
    }
    std::printf("%s\n", score.describe("xalapa play").c_str());
    EXPECT_GE(score.total.rate(), 0.99);
    EXPECT_GT(score.total.mutants, small_test_scale() ? 100u : 1000u);  // about 1,250
}

// --- the command line ---------------------------------------------------------------------------------

TEST(XalapaPlayCli, PlayRefusesBadOptions) {
    const auto expect_bad = [](const std::string& args, const std::string& names) {
        const CliRun r = run_tlaloc_split("xalapa play " + args);
        EXPECT_EQ(r.code, 2) << args << r.out << r.err;
        EXPECT_EQ(lines_of(r.err).size(), 1u) << args << r.err;
        EXPECT_NE(r.err.find(names), std::string::npos) << args << r.err;
        EXPECT_TRUE(r.out.empty()) << r.out;
    };
    expect_bad("--players 7", "--players");
    expect_bad("--players 1", "--players");
    expect_bad("--players three", "--players");
    expect_bad("", "--players");
    expect_bad("--players 3 --level 6", "--level");
    expect_bad("--players 2 --bots best,lucky", "lucky");
    expect_bad("--players 2 --bots best,greedy,random", "--bots");
    expect_bad("--players 3 --experts 4", "--experts");
    expect_bad("--players 3 --experts 1,x", "--experts");
    expect_bad("--players 3 --hourglass 0", "--hourglass");
    expect_bad("--players 3 --seed -1", "--seed");
    expect_bad("--players 3 --seed 99999999999999999999999", "--seed");
}

// Seven days of typed commands for a human seat (a mistake or two among them).
std::string human_days(const std::string& day) {
    std::string out;
    for (int d = 0; d < kSevenDays; ++d) out += day;
    return out;
}

TEST(XalapaPlayCli, AHumanSeatPlaysThroughStandardInput) {
    const auto dir = scratch_dir("xalapa-play-human");
    std::ofstream(dir / "moves.txt") << human_days(
        "help\nshow\nplace 0 0\nplace 0 0\nplace 9 9\nplace 1\nfly 2 2\nplace 2 2\nlift 2 2\nplace 5 5\n\ndone\n");
    const auto log = dir / "human.jsonl";
    const CliRun play = run_tlaloc_split("xalapa play --players 2 --seed 3 --bots human,greedy --log " +
                                         log.string() + " < " + (dir / "moves.txt").string());
    ASSERT_EQ(play.code, 0) << play.out << play.err;
    EXPECT_NE(play.out.find("a stone is already there"), std::string::npos);
    EXPECT_NE(play.out.find("no field 9 9"), std::string::npos);
    EXPECT_NE(play.out.find("unknown command \"fly\""), std::string::npos);
    EXPECT_NE(play.out.find("usage: place ROW COLUMN"), std::string::npos);
    EXPECT_NE(play.out.find("  0 |"), std::string::npos);  // the board, drawn
    EXPECT_NE(play.out.find("1. 3 stones in the shape of"), std::string::npos);
    const std::vector<std::string> lines = lines_of(read_text(log));
    for (int day = 1; day <= kSevenDays; ++day) {
        const Json mine = Json::parse(lines[1 + static_cast<std::size_t>(day - 1) * 4 + 1]);
        EXPECT_EQ(mine.at("seat"), 1);
        EXPECT_EQ(mine.at("stones"), Json::parse("[[0,0],[5,5]]"));
        EXPECT_TRUE(mine.at("done_at").is_number_integer());
        EXPECT_FALSE(mine.contains("plan"));
    }
    const CliRun r = run_tlaloc_split("xalapa replay " + log.string());
    EXPECT_EQ(r.code, 0) << r.out << r.err;
    // Input that ends before the seat said done: one line, exit 2.
    std::ofstream(dir / "short.txt") << "place 0 0\ndone\nplace 1 1\n";
    const CliRun cut =
        run_tlaloc_split("xalapa play --players 2 --bots greedy,human < " + (dir / "short.txt").string());
    EXPECT_EQ(cut.code, 2) << cut.err;
    EXPECT_EQ(lines_of(cut.err).size(), 1u) << cut.err;
    EXPECT_NE(cut.err.find("standard input"), std::string::npos) << cut.err;
}

// --- the studio's seven-day game ---------------------------------------------------------------------

// The studio's stateless call, answer by answer through a whole game: the day it asks for, the log at
// the end (which replays), and the answers the rules refuse.
TEST(XalapaPlayStudio, AWholeGameThroughTheStatelessCall) {
    Json body = Json::parse(R"({"players": ["greedy", "human", "random"], "level": "1", "seed": 12,
                                "hourglass": 30, "plays": []})");
    for (int day = 1; day <= kSevenDays; ++day) {
        const Json step = cli::seven_day_step(body, "request", cat(), 60);
        ASSERT_FALSE(step.at("over").get<bool>());
        EXPECT_EQ(step.at("seat"), 2);
        EXPECT_EQ(step.at("days").size(), static_cast<std::size_t>(day - 1));
        EXPECT_EQ(step.at("today").at("day").at("day"), day);
        EXPECT_EQ(step.at("today").at("bots").size(), 2u);
        EXPECT_EQ(step.at("today").at("challenge").at("tasks").size(), 4u);  // a beginner at level 1
        const Json answer = day == 3 ? Json::parse(R"({"stones": [[2, 2]], "done_at": null})")
                                     : Json::parse(R"({"stones": [[1, 1], [4, 4]], "done_at": 35})");
        body["plays"].push_back(answer);
    }
    const Json end = cli::seven_day_step(body, "request", cat(), 60);
    ASSERT_TRUE(end.at("over").get<bool>());
    const std::string log = end.at("log").get<std::string>();
    EXPECT_EQ(replay_seven_days(solver(), cat(), "log", log).wrong, std::nullopt);
    const std::vector<std::string> lines = lines_of(log);
    EXPECT_EQ(Json::parse(lines[play_line(2, 2)]).at("stones"), Json::parse("[[1,1],[4,4]]"));
    EXPECT_TRUE(Json::parse(lines[play_line(3, 2)]).at("done_at").is_null());
    EXPECT_EQ(end.at("end"), Json::parse(lines.back()));
    const auto refused = [&](const std::string& edit, const std::string& words) {
        Json bad = body;
        bad.merge_patch(Json::parse(edit));
        try {
            cli::seven_day_step(bad, "request", cat(), 60);
            ADD_FAILURE() << edit << " was accepted";
        } catch (const InputError& e) {
            EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
        }
    };
    refused(
        R"({"plays": [{"stones": [[0,0],[0,1],[0,2],[0,3],[0,4],[0,5],[1,0],[1,1],[1,2]], "done_at": 5}]})",
        "more than the 8");
    refused(R"({"plays": [{"stones": [], "done_at": 9000}]})", "after the hourglass");
    refused(R"({"players": ["greedy", "random"]})", "exactly one");
    refused(R"({"players": ["human", "human"]})", "exactly one");
    refused(R"({"level": "7"})", "expected basic");
}

// --- the bots -----------------------------------------------------------------------------------------

// best is the proved optimum (checked against the exhaustive walk); greedy never beats it and is
// sometimes worse, so a person can beat it; random is weaker still on the whole.
TEST(XalapaPlayBots, BestIsOptimalAndNeverWorseThanGreedy) {
    int rounds = 0, greedy_worse = 0, best_total = 0, greedy_total = 0, random_total = 0;
    const int seeds = scaled_rounds(6, 3);
    for (int level = 0; level < 6; ++level)
        for (int k = 0; k < seeds; ++k) {
            const SevenDaySetup setup = setup_of(3, static_cast<Level>(level), 500 + 31 * k + level);
            SevenDayGame game(cat(), setup);
            for (int day = 1; day <= 3; ++day) {
                for (int p = 0; p < 3; ++p) {
                    const Challenge ch = game.seat_challenge(p);
                    const int best =
                        evaluate(ch, bot_answer(solver(), SeatPlayer::Best, ch, setup.seed, day, p).plan)
                            .penalty;
                    const int greedy =
                        evaluate(ch, bot_answer(solver(), SeatPlayer::Greedy, ch, setup.seed, day, p).plan)
                            .penalty;
                    const int random =
                        evaluate(ch, bot_answer(solver(), SeatPlayer::Random, ch, setup.seed, day, p).plan)
                            .penalty;
                    EXPECT_LE(best, greedy) << "level " << kLevelNames[level] << " day " << day;
                    if (level <= 1 && p == 0) {
                        EXPECT_EQ(best, exact_optima(ch).best);
                    }
                    greedy_worse += greedy > best;
                    best_total += best;
                    greedy_total += greedy;
                    random_total += random;
                    ++rounds;
                }
                for (int p = 0; p < 3; ++p) game.apply(p, {{}, 10, std::nullopt});
            }
        }
    std::printf(
        "bots over %d rounds: greedy worse than best in %d; penalties best %d, greedy %d, random %d\n",
        rounds, greedy_worse, best_total, greedy_total, random_total);
    EXPECT_GT(greedy_worse, 0);
    EXPECT_LT(greedy_total, random_total);
}

TEST(XalapaPlayBots, BotsTakeSeededTimesByStrength) {
    for (SeatPlayer bot : {SeatPlayer::Random, SeatPlayer::Greedy, SeatPlayer::Best}) {
        const ThinkRange r = think_range(bot);
        std::set<int> seen;
        for (int day = 1; day <= kSevenDays; ++day)
            for (int seat = 0; seat < 6; ++seat) {
                const int t = bot_think(bot, 42, day, seat);
                EXPECT_EQ(t, bot_think(bot, 42, day, seat));
                EXPECT_GE(t, r.lo);
                EXPECT_LE(t, r.hi);
                seen.insert(t);
            }
        EXPECT_GT(seen.size(), 20u);
    }
    EXPECT_LT(think_range(SeatPlayer::Random).hi, think_range(SeatPlayer::Best).hi);
    EXPECT_LT(think_range(SeatPlayer::Greedy).lo, think_range(SeatPlayer::Best).lo);
}

TEST(XalapaPlayBots, ABotCutOffHasLaidTheFirstStonesOfItsPlan) {
    const Board& board = cat().boards.front().board;
    const BotAnswer a{stones_at(board, {{0, 1}, {2, 2}, {3, 0}, {5, 5}}), 500};
    EXPECT_EQ(bot_play(board, a, 500).done_at, 500);
    EXPECT_EQ(bot_play(board, a, 500).stones, a.plan);
    const SevenDayPlay cut = bot_play(board, a, 250);  // stone i of 4 at 500 * i / 5: two laid by 250
    EXPECT_FALSE(cut.done_at);
    EXPECT_EQ(cut.stones, stones_at(board, {{0, 1}, {2, 2}}));
    EXPECT_EQ(cut.plan, a.plan);
    EXPECT_TRUE(bot_play(board, a, 99).stones.none());
}

}  // namespace
