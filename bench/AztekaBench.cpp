// Azteka solver timings: fewest pawns (Z3) on shipped and test positions, win in N (search).
// Usage: AztekaBench [max-turns]   (build: cmake --build build --target AztekaBench)
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "solver/azteka/Fewest.h"
#include "solver/azteka/WinInN.h"

using namespace tlaloc::azteka;

int main(int argc, char** argv) {
    int turns = argc > 1 ? std::atoi(argv[1]) : 4;
    std::string root = TLALOC_SOURCE_DIR;
    const char* files[] = {"/puzzles/azteka/empty-death.json", "/puzzles/azteka/death-threat.json",
                           "/tests/data/azteka/life-two-sectors.json",
                           "/tests/data/azteka/death-sector.json"};
    for (const char* f : files) {
        Position pos = load_position(root + f);
        auto t0 = std::chrono::steady_clock::now();
        FewestResult r = fewest_pawns(pos, turns);
        double fewest_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        t0 = std::chrono::steady_clock::now();
        WinResult w = win_in(pos, 2);
        double win_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        std::printf(
            "%-42s fewest(T=%d): pawns %d turns %d, %d Z3 checks, %.2fs | win-in-2: %s, %lld turns searched, %.2fs\n",
            f, turns, r.found ? r.pawns : -1, r.turns, r.solver_checks, fewest_s,
            w.verdict == WinVerdict::Win     ? "win"
            : w.verdict == WinVerdict::NoWin ? "no"
                                             : "undecided",
            static_cast<long long>(w.nodes), win_s);
    }
}
