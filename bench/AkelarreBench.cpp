// Times the exact turn search (`search_best_play`): the shipped turns, the slowest turn the Z3
// model was known for, any TURN.json given, and 1000 random turns as a real game reaches them
// (7-card hands against 2-6 table melds, half of them 4-card melds): median and maximum time.
// Whole games: `games N` plays N seeded games per player count between best-play bots and times each;
// `playouts N` plays N games between random bots and checks the replay of each log.
// Build: cmake --build build --target AkelarreBench; run: build/AkelarreBench [TURN.json... | games N |
// playouts N]
#include <algorithm>
#include <chrono>
#include <iostream>
#include <random>

#include "model/common/Json.h"
#include "puzzles/akelarre/GameLog.h"
#include "puzzles/akelarre/RandomTurn.h"
#include "solver/akelarre/TurnSearch.h"
#include "solver/common/SearchLimit.h"

namespace {

using namespace tlaloc;

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

void time_files(const std::vector<std::string>& files) {
    for (const auto& f : files) {
        try {
            auto turn = akelarre::load_turn(f);
            auto start = std::chrono::steady_clock::now();
            auto best = akelarre::search_best_play(turn);
            double s = seconds_since(start);
            std::cout << f << ": played " << best.outcome.played << ", points " << best.outcome.points
                      << ", moves " << best.outcome.moves.size() << ", " << best.states << " states, "
                      << s * 1000 << " ms\n";
        } catch (const std::exception& e) {
            std::cout << f << ": " << e.what() << "\n";
        }
    }
}

// Turns not answered within `limit` seconds count as taking the limit (and are counted apart).
void time_random_turns(int count, unsigned limit) {
    std::mt19937 rng(20240611);
    std::vector<double> times;
    std::size_t most_states = 0;
    int over = 0, over_one_second = 0;
    std::string slowest;
    for (int i = 0; i < count; ++i) {
        const int melds = 2 + static_cast<int>(rng() % 5);
        akelarre::TurnPosition turn = akelarre::random_game_turn(rng, melds);
        auto start = std::chrono::steady_clock::now();
        try {
            auto best = akelarre::search_best_play(turn, 0, limit);
            most_states = std::max(most_states, best.states);
        } catch (const solver::SearchLimitReached&) {
            ++over;
        }
        times.push_back(seconds_since(start));
        over_one_second += times.back() > 1.0;
        if (times.back() >= *std::max_element(times.begin(), times.end()))
            slowest = akelarre::turn_to_json(turn).dump();
    }
    std::vector<double> sorted = times;
    std::sort(sorted.begin(), sorted.end());
    std::cout << count << " random turns (7 cards, 2-6 table melds, half of them 4 cards): median "
              << sorted[sorted.size() / 2] * 1000 << " ms, 99th percentile "
              << sorted[sorted.size() * 99 / 100] * 1000 << " ms, max " << sorted.back() * 1000
              << " ms, most states " << most_states << "; over 1 s: " << over_one_second
              << ", not answered within " << limit << " s: " << over << "\nslowest: " << slowest << "\n";
}

void report(const std::string& what, std::vector<double> times) {
    std::sort(times.begin(), times.end());
    std::cout << what << ": median " << times[times.size() / 2] * 1000 << " ms, max " << times.back() * 1000
              << " ms, over 1 s: "
              << std::count_if(times.begin(), times.end(), [](double t) { return t > 1; }) << " of "
              << times.size() << "\n";
}

akelarre::GameSetup seats(int players, std::uint64_t seed) {
    akelarre::GameSetup setup;
    for (int p = 1; p <= players; ++p) setup.players.push_back("P" + std::to_string(p));
    setup.seed = seed;
    return setup;
}

// Whole games between best-play bots: each game's time, and the slowest turn searched in them.
void time_best_games(int count) {
    for (int players = 2; players <= 4; ++players) {
        std::vector<double> games;
        double slowest_turn = 0;
        std::string slowest;
        for (int g = 0; g < count; ++g) {
            auto last = std::chrono::steady_clock::now();
            auto start = last;
            auto observe = [&](const akelarre::GameState& s, const akelarre::LoggedAction& a) {
                // The search runs when the play part starts: time from the last action to this one.
                const double t = seconds_since(last);
                if (t > slowest_turn && std::holds_alternative<akelarre::PlayCard>(a.action)) {
                    slowest_turn = t;
                    akelarre::TurnPosition turn{s.players[static_cast<std::size_t>(s.current)].hand, s.places,
                                                s.players[static_cast<std::size_t>(s.current)].favourite,
                                                s.players[static_cast<std::size_t>(s.current)].name};
                    slowest = akelarre::turn_to_json(turn).dump();
                }
                last = std::chrono::steady_clock::now();
            };
            const std::vector<akelarre::Bot> bots(static_cast<std::size_t>(players), akelarre::Bot::Best);
            akelarre::play_game(seats(players, static_cast<std::uint64_t>(g)), bots, solver::Deadline(),
                                observe);
            games.push_back(seconds_since(start));
        }
        report(std::to_string(count) + " games of " + std::to_string(players) + " best-play bots", games);
        std::cout << "  slowest turn " << slowest_turn * 1000 << " ms: " << slowest << "\n";
    }
}

// Random-bot games, each log replayed through the rules engine.
void time_playouts(int count) {
    auto start = std::chrono::steady_clock::now();
    int wrong = 0;
    for (int g = 0; g < count; ++g) {
        const int players = 2 + g % 3;
        auto setup = seats(players, static_cast<std::uint64_t>(g));
        if (players == 4 && g % 2) setup.teams = {0, 1, 0, 1};
        const std::vector<akelarre::Bot> bots(static_cast<std::size_t>(players), akelarre::Bot::Random);
        const auto game = akelarre::play_game(setup, bots);
        wrong += akelarre::replay_game_log("game", akelarre::game_log_text(game)).wrong.has_value();
    }
    std::cout << count << " random-bot games played and replayed in " << seconds_since(start)
              << " s; logs that did not replay: " << wrong << "\n";
}

}  // namespace

int main(int argc, char** argv) {
    if (argc == 3 && std::string(argv[1]) == "games") {
        time_best_games(std::stoi(argv[2]));
        return 0;
    }
    if (argc == 3 && std::string(argv[1]) == "playouts") {
        time_playouts(std::stoi(argv[2]));
        return 0;
    }
    std::vector<std::string> files;
    for (int i = 1; i < argc; ++i) files.push_back(argv[i]);
    if (!files.empty()) {
        time_files(files);
        return 0;
    }
    for (const char* f : {"puzzles/akelarre/carlo.json", "puzzles/akelarre/one-free-place.json",
                          "tests/data/akelarre/slow.json"})
        files.push_back((data_dir() / f).string());
    time_files(files);
    time_random_turns(1000, 5);
}
