// Times the exact turn search (`search_turn`) on the shipped turns, the slowest turn the Z3 model was
// known for, any TURN.json given, and random turns as a real game reaches them (7-card hands against
// 2-6 table melds, half of them 4-card melds): median, 90th and 99th percentiles and maximum time, and
// which turns took over 1 s; on the random turns its three figures are compared with the figures
// recorded in bench/akelarre-recorded.txt (`record N` writes them again).
// Whole games: `games N [STATES]` plays N seeded games per player count between best-play bots whose
// searches meet at most STATES states a turn (default the bots' 30000, 0 none) and times each;
// `big N` times the current search alone on N turns of 2-4 table melds, 3 in 4 of them 4-card melds;
// `probe N` times the random turns of `turns` without the first pass's probe, with it on the search's
// own thread and with it on a second core, side by side;
// `crowded N MELDS [LIMIT_SECONDS]` times the current search alone on N turns of MELDS table melds
// (default limit 60 s, the CLI's), beyond the targets;
// `playouts N` plays N games between random bots and checks the replay of each log; `dump N DIR` writes
// the first N random turns of `turns` as DIR/0.json, DIR/1.json, ... for `tlaloc akelarre best`;
// `record N [LIMIT_SECONDS]` writes the figures of the first N random turns of `turns` to stdout, in the
// format of bench/akelarre-recorded.txt.
// Build: cmake --build build --target AkelarreBench; run: build/AkelarreBench [TURN.json... |
// turns N [LIMIT_SECONDS] | probe N [LIMIT_SECONDS] | big N [LIMIT_SECONDS] | crowded N MELDS
// [LIMIT_SECONDS] | games N [STATES_PER_TURN
// [check]] | playouts N | dump N DIR | record N [LIMIT_SECONDS]]
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <random>
#include <sstream>

#include "model/akelarre/GameJson.h"
#include "model/common/Json.h"
#include "puzzles/akelarre/GamePlay.h"
#include "puzzles/akelarre/RandomTurn.h"
#include "session/GameLog.h"
#include "session/akelarre/AkelarreEngine.h"
#include "solver/akelarre/TurnSearch.h"
#include "solver/common/SearchLimit.h"

namespace {

using namespace tlaloc;

// The random turns of `turns` and `dump`, in order: 7-card hands against 2-6 table melds.
constexpr unsigned kRandomTurnsSeed = 20240611;
akelarre::TurnPosition next_random_turn(std::mt19937& rng) {
    const int melds = 2 + static_cast<int>(rng() % 5);
    return akelarre::random_game_turn(rng, melds);
}

// The current search's settings for this run (main reads them from the environment); the bench's
// own, passed to each search.
akelarre::TurnSearchOptions g_options;

akelarre::TurnSearchResult search_now(const akelarre::TurnPosition& turn, int steps, unsigned limit) {
    akelarre::TurnSearchOptions options = g_options;
    options.steps = steps;
    return akelarre::search_turn(turn, options, solver::Deadline(limit));
}

// bench/akelarre-recorded.txt: by random turn of `turns`, the figures "played/points/moves" the search
// answered when they were recorded. Lines starting with '#' are comments.
std::map<int, std::string> recorded_figures() {
    std::map<int, std::string> out;
    std::ifstream in(data_dir() / "bench/akelarre-recorded.txt");
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream words(line);
        int turn = -1;
        std::string figures;
        if (words >> turn >> figures) out[turn] = figures;
    }
    return out;
}

std::string figures(const akelarre::TurnSearchResult& r) {
    return std::to_string(r.outcome.played) + "/" + std::to_string(r.outcome.points) + "/" +
           std::to_string(r.outcome.moves.size());
}

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

void time_files(const std::vector<std::string>& files, unsigned limit) {
    for (const auto& f : files) {
        try {
            auto turn = akelarre::load_turn(f);
            auto start = std::chrono::steady_clock::now();
            auto best = search_now(turn, 0, limit);
            double s = seconds_since(start);
            std::cout << f << ": played " << best.outcome.played << ", points " << best.outcome.points
                      << ", moves " << best.outcome.moves.size() << ", " << best.states << " states, "
                      << s * 1000 << " ms\n";
        } catch (const std::exception& e) {
            std::cout << f << ": " << e.what() << "\n";
        }
    }
}

// Median, 90th and 99th percentiles and maximum of one search's times.
void report_turns(const std::string& what, std::vector<double> times, int unanswered, unsigned limit,
                  std::size_t most_states) {
    std::sort(times.begin(), times.end());
    auto at = [&](std::size_t per_mille) { return times[times.size() * per_mille / 1000] * 1000; };
    std::cout << what << ": median " << at(500) << " ms, p90 " << at(900) << " ms, p99 " << at(990)
              << " ms, max " << times.back() * 1000 << " ms; over 1 s: "
              << std::count_if(times.begin(), times.end(), [](double t) { return t > 1; })
              << ", not answered (" << limit << " s or the memory limit): " << unanswered << "; most states "
              << most_states << "\n";
}

// The random turns, each searched once; a turn not answered (the `limit` seconds or the memory ran
// out) counts with the time it ran, and is counted apart. Where a turn's figures were recorded
// (bench/akelarre-recorded.txt), they must be the same.
void time_random_turns(int count, unsigned limit) {
    const std::map<int, std::string> recorded = recorded_figures();
    std::mt19937 rng(kRandomTurnsSeed);
    std::vector<double> times;
    int unanswered = 0, compared = 0, differ = 0;
    std::size_t most_states = 0;
    double slowest = 0;
    std::string slowest_turn;
    for (int i = 0; i < count; ++i) {
        const akelarre::TurnPosition turn = next_random_turn(rng);
        std::string answer;
        auto start = std::chrono::steady_clock::now();
        try {
            auto best = search_now(turn, 0, limit);
            most_states = std::max(most_states, best.states);
            answer = figures(best);
        } catch (const solver::SearchLimitReached&) {
            ++unanswered;
        }
        times.push_back(seconds_since(start));
        if (const auto r = recorded.find(i); r != recorded.end() && !answer.empty()) {
            ++compared;
            if (r->second != answer) {
                ++differ;
                std::cout << "differs from the recorded (" << r->second << " recorded, " << answer
                          << " now): turn " << i << ": " << akelarre::turn_to_json(turn).dump() << "\n";
            }
        }
        if (times.back() > slowest) {
            slowest = times.back();
            slowest_turn = akelarre::turn_to_json(turn).dump();
        }
    }
    std::cout << count << " random turns (7 cards, 2-6 table melds, half of them 4 cards); figures compared "
              << "with the recorded on " << compared << ", differ on " << differ << "\n";
    report_turns("  now", times, unanswered, limit, most_states);
    // The turns over 1 s, by their number (`dump` writes turn N as N.json).
    std::vector<std::pair<double, int>> slow;
    for (std::size_t i = 0; i < times.size(); ++i)
        if (times[i] > 1) slow.push_back({times[i], static_cast<int>(i)});
    std::sort(slow.rbegin(), slow.rend());
    std::cout << "  over 1 s (turn: ms):";
    for (const auto& [t, i] : slow) std::cout << " " << i << ": " << static_cast<int>(t * 1000);
    std::cout << "\n  slowest (" << slowest * 1000 << " ms): " << slowest_turn << "\n";
}

// The figures of the first `count` random turns of `turns`, answered within `limit` seconds, in the
// format of bench/akelarre-recorded.txt (a turn not answered is left out).
void record_figures(int count, unsigned limit) {
    std::mt19937 rng(kRandomTurnsSeed);
    std::cout << "# The figures (hand cards played/points captured/moves) of `AkelarreBench turns`'s random\n"
              << "# turns (seed " << kRandomTurnsSeed
              << "), by turn number, as the exact search answered them:\n"
              << "# written by `AkelarreBench record " << count << " " << limit
              << "`; `turns` compares its answers with them.\n";
    for (int i = 0; i < count; ++i) {
        const akelarre::TurnPosition turn = next_random_turn(rng);
        try {
            std::cout << i << " " << figures(search_now(turn, 0, limit)) << "\n";
        } catch (const solver::SearchLimitReached&) {}
    }
}

// The random turns of `turns`, each searched without the first pass's probe toward the root's split
// (TurnSearchOptions::ceiling_probe), with the probe on the search's own thread, and with it on a second
// core (TurnSearchOptions::probe_core), the three taking turns at going first: the times of each, how often a
// probe was made and reached the split's figures (on the search's own thread), and the turns where the
// answers differ (none expected: figures for the probe on or off, all three figures and every move for the
// two probe cores). The slowest turns of each are listed.
void time_probe_side_by_side(int count, unsigned limit) {
    constexpr int kVariants = 3;  // without the probe, on its own thread, on a second core
    std::mt19937 rng(kRandomTurnsSeed);
    std::vector<double> times[kVariants];
    int unanswered[kVariants] = {}, disagree = 0, reached = 0, missed = 0;
    std::size_t most_states[kVariants] = {};
    std::vector<std::pair<double, int>> slowest[kVariants];
    for (int i = 0; i < count; ++i) {
        const akelarre::TurnPosition turn = next_random_turn(rng);
        std::string answers[kVariants];
        std::vector<akelarre::Move> moves[kVariants];
        for (int k = 0; k < kVariants; ++k) {
            const int v = (i + k) % kVariants;
            akelarre::TurnSearchOptions options = g_options;
            options.ceiling_probe = v != 0;
            options.probe_core = v == 2 ? akelarre::ProbeCore::ahead : akelarre::ProbeCore::own;
            auto start = std::chrono::steady_clock::now();
            try {
                auto best = akelarre::search_turn(turn, options, solver::Deadline(limit));
                most_states[v] = std::max(most_states[v], best.states);
                answers[v] = figures(best);
                moves[v] = best.outcome.moves;
                if (v == 1) {
                    reached += best.probe == akelarre::TurnSearchResult::Probe::reached;
                    missed += best.probe == akelarre::TurnSearchResult::Probe::missed;
                }
            } catch (const solver::SearchLimitReached&) {
                ++unanswered[v];
            }
            times[v].push_back(seconds_since(start));
            slowest[v].push_back({times[v].back(), i});
        }
        const bool figures_differ = !answers[0].empty() && !answers[1].empty() && answers[0] != answers[1];
        const bool moves_differ = !answers[1].empty() && !answers[2].empty() && moves[1] != moves[2];
        if (figures_differ || moves_differ) {
            ++disagree;
            std::cout << "disagree (" << answers[0] << " without the probe, " << answers[1]
                      << " on its own thread, " << answers[2]
                      << " on a second core): " << akelarre::turn_to_json(turn).dump() << "\n";
        }
    }
    std::cout << count << " random turns (those of `turns`), without the probe, with it on the search's own "
              << "thread and on a second core; answers differ on " << disagree << "; probes made "
              << reached + missed << ", reached the split " << reached << "\n";
    const char* names[kVariants] = {"  without the probe", "  the probe on the search's own thread",
                                    "  the probe on a second core"};
    for (int v = 0; v < kVariants; ++v) {
        report_turns(names[v], times[v], unanswered[v], limit, most_states[v]);
        std::sort(slowest[v].rbegin(), slowest[v].rend());
        std::cout << "   slowest (turn: ms):";
        for (std::size_t j = 0; j < std::min<std::size_t>(10, slowest[v].size()); ++j)
            std::cout << " " << slowest[v][j].second << ": " << static_cast<int>(slowest[v][j].first * 1000);
        std::cout << "\n";
    }
}

// The current search alone on `count` turns that `next_turn` makes: `what` names them. A turn not
// answered (the `limit` seconds or the memory ran out) counts with the time it ran, and is counted
// apart; with `name_unanswered`, each is printed with why and what its search had found.
template <class NextTurn>
void time_turns_alone(const std::string& what, int count, unsigned limit, NextTurn next_turn,
                      bool name_unanswered) {
    std::vector<double> times;
    int unanswered = 0;
    std::size_t most_states = 0;
    double slowest = 0;
    std::string slowest_turn;
    for (int i = 0; i < count; ++i) {
        const akelarre::TurnPosition turn = next_turn();
        auto start = std::chrono::steady_clock::now();
        try {
            most_states = std::max(most_states, search_now(turn, 0, limit).states);
        } catch (const solver::SearchLimitReached& e) {
            ++unanswered;
            if (name_unanswered) std::cout << "  turn " << i << ": " << e.what() << "\n";
        }
        times.push_back(seconds_since(start));
        if (times.back() > slowest) {
            slowest = times.back();
            slowest_turn = akelarre::turn_to_json(turn).dump();
        }
    }
    std::cout << count << " " << what << "\n";
    report_turns("  now", times, unanswered, limit, most_states);
    std::cout << "  slowest (" << slowest * 1000 << " ms): " << slowest_turn << "\n";
}

// Turns like the big ones a game reaches: a 7-card hand against 2-4 table melds, most of them (3 in 4)
// 4-card melds a card can be taken from; the current search only, within `limit` seconds each (the
// CLI's default is 60).
void time_big_turns(int count, unsigned limit) {
    std::mt19937 rng(20261124);
    time_turns_alone(
        "big turns (7 cards, 2-4 table melds, 3 in 4 of them 4-card melds)", count, limit,
        [&rng] {
            const int melds = 2 + static_cast<int>(rng() % 3);
            return akelarre::random_game_turn(rng, melds, 0.75);
        },
        false);
}

// Crowded tables beyond the targets: N random turns with MELDS table melds each (half of them 4-card
// melds), with the CLI's default limit unless told: how many the search answers.
void time_crowded_turns(int count, int melds, unsigned limit) {
    std::mt19937 rng(20261126);
    time_turns_alone(
        "crowded turns (7 cards, " + std::to_string(melds) + " table melds, half of them 4-card melds)",
        count, limit, [&rng, melds] { return akelarre::random_game_turn(rng, melds); }, true);
}

void report(const std::string& what, std::vector<double> times) {
    std::sort(times.begin(), times.end());
    std::cout << what << ": median " << times[times.size() / 2] * 1000 << " ms, max " << times.back() * 1000
              << " ms, over 1 s: "
              << std::count_if(times.begin(), times.end(), [](double t) { return t > 1; }) << " of "
              << times.size() << "\n";
}

// A game of greedy bots (the best play of each turn) whose searches meet at most `most_states` states
// a turn, or of random bots, through the session's play loop.
session::SeatedGame seated(int players, std::uint64_t seed, const char* bot, const session::GameLogKind* kind,
                           bool teams = false) {
    return {{"akelarre", players, teams ? "teams" : "singles"},
            seed,
            std::vector<std::string>(static_cast<std::size_t>(players), bot),
            kind};
}

// One action as played: who played it, its steps, the state before it, and whether its play was one
// the state limit cut short.
struct Played {
    int player = -1;
    std::vector<akelarre::GameAction> steps;
    akelarre::GameState before;
    bool unproved = false;
};

// How the plays a state limit cut short compare with the proved best (searched again without the
// limit, up to `limit` seconds each): best figures and moves, best figures in more moves, fewer cards or
// points, or not known. A play an owner's choice interrupts goes on in its player's next action.
struct CutShort {
    int best = 0, longer = 0, worse = 0, unknown = 0;
};
void compare_cut_short(const std::vector<Played>& game, unsigned limit, CutShort& out) {
    for (std::size_t i = 0; i < game.size(); ++i) {
        if (!game[i].unproved) continue;
        const akelarre::TurnPosition turn = akelarre::turn_of(game[i].before);
        std::vector<akelarre::Move> moves;
        bool done = false;
        for (std::size_t j = i; j < game.size() && !done; ++j) {
            if (game[j].player != game[i].player) continue;
            for (const akelarre::GameAction& a : game[j].steps) {
                const auto* play = std::get_if<akelarre::PlayCard>(&a);
                if (!play) {
                    done = true;
                    break;
                }
                moves.push_back(play->move);
            }
        }
        const akelarre::TurnOutcome played = akelarre::replay_turn(turn, moves);
        try {
            const akelarre::TurnOutcome best = search_now(turn, 0, limit).outcome;
            if (std::make_pair(played.played, played.points) < std::make_pair(best.played, best.points))
                ++out.worse;
            else if (played.moves.size() > best.moves.size())
                ++out.longer;
            else
                ++out.best;
        } catch (const solver::SearchLimitReached&) {
            ++out.unknown;
        }
    }
}

std::vector<akelarre::GameAction> steps_of(const std::string& action, int players) {
    std::vector<akelarre::GameAction> out;
    for (const std::string& step : session::action_steps(action).value_or(std::vector<std::string>{action}))
        out.push_back(akelarre::parse_action(JsonPlace(Json::parse(step), "action"), players));
    return out;
}

// Whole games between greedy bots (the best play of each turn) whose searches meet at most
// `most_states` states a turn (0: no limit): each game's time, the slowest turn searched in them, and
// the plays the limit cut short (with `check`, compared with the proved best).
void time_best_games(int count, std::size_t most_states, bool check) {
    std::cout << "best-play (greedy) bots, at most " << most_states << " states a turn (0: no limit)\n";
    const session::GameLogKind kind = session::akelarre_kind_with({most_states, solver::Deadline()});
    for (int players = 2; players <= 4; ++players) {
        std::vector<double> games;
        std::size_t plays = 0, unproved = 0;
        CutShort cut_short;
        double slowest_turn = 0;
        std::string slowest;
        for (int g = 0; g < count; ++g) {
            const session::SeatedGame game = seated(players, static_cast<std::uint64_t>(g), "greedy", &kind);
            auto last = std::chrono::steady_clock::now();
            const auto start = last;
            std::vector<Played> played;
            akelarre::GameState before = akelarre::Game::deal([&] {
                                             akelarre::GameSetup setup;
                                             for (int p = 1; p <= players; ++p)
                                                 setup.players.push_back("P" + std::to_string(p));
                                             setup.seed = game.seed;
                                             setup.first_player =
                                                 akelarre::seeded_first_player(game.seed, players);
                                             return setup;
                                         }())
                                             .state();
            int cut = 0;
            const session::PlayWatcher watch = [&](int player, const std::string&, const std::string& action,
                                                   const session::Engine& after) {
                // The search runs before a play: time from the last action to this one.
                const double t = seconds_since(last);
                const auto& engine = dynamic_cast<const session::AkelarreEngine&>(after);
                Played p{player, steps_of(action, players), before, engine.unproved_plays() > cut};
                cut = engine.unproved_plays();
                if (t > slowest_turn && std::holds_alternative<akelarre::PlayCard>(p.steps.front())) {
                    slowest_turn = t;
                    slowest = akelarre::turn_to_json(akelarre::turn_of(before)).dump();
                }
                for (const auto& a : p.steps) plays += std::holds_alternative<akelarre::EndPlay>(a);
                before = engine.game().state();
                played.push_back(std::move(p));
                last = std::chrono::steady_clock::now();
            };
            try {
                session::play_seated(game, nullptr, watch);
            } catch (const solver::SearchLimitReached& e) {
                // A turn beyond the search's memory: the game cannot go on with an exact bot.
                std::cout << "  game " << g << " stopped after " << seconds_since(start) << " s: " << e.what()
                          << "\n";
                continue;
            }
            unproved += static_cast<std::size_t>(cut);
            if (check) compare_cut_short(played, 10, cut_short);
            games.push_back(seconds_since(start));
        }
        if (!games.empty())
            report(std::to_string(games.size()) + " games of " + std::to_string(players) + " best-play bots",
                   games);
        std::cout << "  plays cut short by the state limit: " << unproved << " of " << plays << "\n";
        if (check)
            std::cout << "  of those, against the proved best (10 s each): best " << cut_short.best
                      << ", best figures in more moves " << cut_short.longer << ", fewer cards or points "
                      << cut_short.worse << ", best not known " << cut_short.unknown << "\n";
        std::cout << "  slowest turn " << slowest_turn * 1000 << " ms: " << slowest << "\n";
    }
}

// Random-bot games, each log replayed through the rules engine.
void time_playouts(int count) {
    auto start = std::chrono::steady_clock::now();
    int wrong = 0;
    for (int g = 0; g < count; ++g) {
        const int players = 2 + g % 3;
        const session::PlayedGame game = session::play_seated(
            seated(players, static_cast<std::uint64_t>(g), "random", nullptr, players == 4 && g % 2));
        wrong += session::replay_log(session::read_log("akelarre", "game", game.log)).wrong.has_value();
    }
    std::cout << count << " random-bot games played and replayed in " << seconds_since(start)
              << " s; logs that did not replay: " << wrong << "\n";
}

// The random turns of `turns` as files DIR/0.json, DIR/1.json, ..., for `tlaloc akelarre best`.
void dump_random_turns(int count, const std::string& dir) {
    std::mt19937 rng(kRandomTurnsSeed);
    for (int i = 0; i < count; ++i)
        std::ofstream(dir + "/" + std::to_string(i) + ".json")
            << akelarre::turn_to_json(next_random_turn(rng)).dump() << "\n";
}

}  // namespace

int main(int argc, char** argv) {
    // TLALOC_ROOT_SPLIT=own: the root's split on the search's own thread (the default: a second core),
    // to time the two side by side.
    if (const char* core = std::getenv("TLALOC_ROOT_SPLIT"); core && std::string(core) == "own")
        g_options.root_split_core = akelarre::RootSplitCore::own;
    // TLALOC_PROBE=off: the first pass without its probe toward the root's split (`probe N` compares
    // the two turn by turn; this is for the other runs of the search itself: the bots of `games` keep
    // their own settings).
    // TLALOC_PROBE=own: the probe on the search's own thread (the default: a second core).
    if (const char* probe = std::getenv("TLALOC_PROBE"); probe && std::string(probe) == "off")
        g_options.ceiling_probe = false;
    if (const char* probe = std::getenv("TLALOC_PROBE"); probe && std::string(probe) == "own")
        g_options.probe_core = akelarre::ProbeCore::own;
    if (argc >= 3 && std::string(argv[1]) == "record") {
        record_figures(std::stoi(argv[2]), argc > 3 ? static_cast<unsigned>(std::stoi(argv[3])) : 5);
        return 0;
    }
    if (argc == 4 && std::string(argv[1]) == "dump") {
        dump_random_turns(std::stoi(argv[2]), argv[3]);
        return 0;
    }
    if (argc >= 3 && std::string(argv[1]) == "games") {
        time_best_games(std::stoi(argv[2]), argc > 3 ? std::stoul(argv[3]) : akelarre::kBestBotStates,
                        argc > 4 && std::string(argv[4]) == "check");
        return 0;
    }
    if (argc >= 3 && std::string(argv[1]) == "turns") {
        time_random_turns(std::stoi(argv[2]), argc > 3 ? static_cast<unsigned>(std::stoi(argv[3])) : 5);
        return 0;
    }
    if (argc >= 3 && std::string(argv[1]) == "probe") {
        time_probe_side_by_side(std::stoi(argv[2]), argc > 3 ? static_cast<unsigned>(std::stoi(argv[3])) : 5);
        return 0;
    }
    if (argc >= 3 && std::string(argv[1]) == "big") {
        time_big_turns(std::stoi(argv[2]), argc > 3 ? static_cast<unsigned>(std::stoi(argv[3])) : 60);
        return 0;
    }
    if (argc >= 4 && std::string(argv[1]) == "crowded") {
        const int melds = std::stoi(argv[3]);
        if (melds < 1 || melds > 12) {  // parse_turn's limit of table melds
            std::cerr << "crowded N MELDS [LIMIT_SECONDS]: MELDS is 1-12\n";
            return 2;
        }
        time_crowded_turns(std::stoi(argv[2]), melds,
                           argc > 4 ? static_cast<unsigned>(std::stoi(argv[4])) : 60);
        return 0;
    }
    if (argc == 3 && std::string(argv[1]) == "playouts") {
        time_playouts(std::stoi(argv[2]));
        return 0;
    }
    std::vector<std::string> files;
    for (int i = 1; i < argc; ++i) files.push_back(argv[i]);
    if (!files.empty()) {
        time_files(files, 600);
        return 0;
    }
    for (const char* f : {"puzzles/akelarre/carlo.json", "puzzles/akelarre/one-free-place.json",
                          "tests/data/akelarre/slow.json"})
        files.push_back((data_dir() / f).string());
    time_files(files, 600);
    time_random_turns(1000, 5);
}
