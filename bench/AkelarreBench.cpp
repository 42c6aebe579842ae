// Times `best_play` on the shipped turns (and any TURN.json given): wall time and solver checks.
// Build: cmake --build build --target AkelarreBench; run: build/AkelarreBench [TURN.json...]
#include <chrono>
#include <iostream>

#include "model/common/Json.h"
#include "solver/akelarre/BestPlay.h"

int main(int argc, char** argv) {
    using namespace tlaloc;
    std::vector<std::string> files;
    for (int i = 1; i < argc; ++i) files.push_back(argv[i]);
    if (files.empty()) {
        for (const char* f : {"puzzles/akelarre/carlo.json", "puzzles/akelarre/one-free-place.json"})
            files.push_back((data_dir() / f).string());
    }
    for (const auto& f : files) {
        try {
            auto turn = akelarre::load_turn(f);
            auto start = std::chrono::steady_clock::now();
            auto best = akelarre::best_play(turn);
            double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            std::cout << f << ": played " << best.outcome.played << ", points " << best.outcome.points << ", "
                      << best.checks << " checks, " << best.steps << " steps, " << s << " s\n";
        } catch (const std::exception& e) {
            std::cout << f << ": " << e.what() << "\n";
        }
    }
}
