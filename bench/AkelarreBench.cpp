// Times the exact turn search (`search_best_play`): the shipped turns, the slowest turn the Z3
// model was known for, any TURN.json given, and 1000 random turns as a real game reaches them
// (7-card hands against 2-6 table melds, half of them 4-card melds): median and maximum time.
// Build: cmake --build build --target AkelarreBench; run: build/AkelarreBench [TURN.json...]
#include <algorithm>
#include <chrono>
#include <iostream>
#include <random>

#include "model/common/Json.h"
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

}  // namespace

int main(int argc, char** argv) {
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
