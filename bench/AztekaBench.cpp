// Azteka timings: fewest pawns by exact search (the solved openings) and by Z3, win in N by the
// AND-OR search (the largest horizon answered within a time limit), whole matches between bots.
// Usage: AztekaBench [z3-max-turns] [win-seconds] [matches]
//   (build: cmake --build build --target AztekaBench; defaults 4, 60, 10000)
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "session/GameLog.h"
#include "solver/azteka/Fewest.h"
#include "solver/azteka/FewestExact.h"
#include "solver/azteka/WinSearch.h"
#include "solver/common/SearchLimit.h"

using namespace tlaloc::azteka;
namespace session = tlaloc::session;

namespace {

double seconds_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

void exact_fewest(const std::string& name, const Position& pos, int max_turns) {
    auto t0 = std::chrono::steady_clock::now();
    FewestResult r = fewest_pawns_exact(pos, max_turns);
    std::printf("fewest (exact) %-36s T=%-2d: %s pawns %d turns %d, %lld positions, %.3fs\n", name.c_str(),
                max_turns, r.found ? r.goal.c_str() : "none", r.found ? r.pawns : -1, r.turns, r.positions,
                seconds_since(t0));
}

// The largest N for which win_in_exact answers (win or no win) within `seconds` in all.
void largest_win_horizon(const std::string& name, const Position& pos, unsigned seconds) {
    auto t0 = std::chrono::steady_clock::now();
    int answered = 0;
    std::string verdict = "-";
    for (int n = 1; n <= 40; ++n) {
        const double left = seconds - seconds_since(t0);
        if (left < 1) break;
        try {
            WinResult w = win_in_exact(pos, n, static_cast<unsigned>(left));
            answered = n;
            verdict = w.verdict == WinVerdict::Win ? "win in " + std::to_string(w.turns) : "no forced win";
            if (w.verdict == WinVerdict::Win) break;  // longer horizons give the same answer
        } catch (const tlaloc::solver::SearchLimitReached&) {
            break;
        }
    }
    std::printf("win in N %-42s: largest N answered within %us: %d (%s), %.1fs\n", name.c_str(), seconds,
                answered, verdict.c_str(), seconds_since(t0));
}

void matches(int count) {
    const char* kinds[] = {"random", "greedy"};
    auto t0 = std::chrono::steady_clock::now();
    const session::PlayedGame one =
        session::play_seated({{"azteka", 2, "standard"}, 1, {"greedy", "greedy"}});
    std::printf("one match, greedy against greedy: %d whole turns, %.4fs\n", one.engine->length(),
                seconds_since(t0));
    t0 = std::chrono::steady_clock::now();
    int wrong = 0, decided = 0;
    long long turns = 0;
    for (int i = 0; i < count; ++i) {
        const session::SeatedGame game{
            {"azteka", 2, "standard"}, static_cast<std::uint64_t>(i), {kinds[i % 2], kinds[(i / 2) % 2]}};
        const session::PlayedGame m = session::play_seated(game);
        const std::string log = session::log_text(game, m.actions);
        wrong += session::replay_log(session::read_log("azteka", "bench", log)).wrong.has_value();
        decided += !m.engine->winners().empty();
        turns += m.engine->length();
    }
    std::printf(
        "%d seeded matches (random and greedy bots), each replayed through the rules: %d wrong, %d "
        "decided, %lld whole turns, %.2fs\n",
        count, wrong, decided, turns, seconds_since(t0));
}

}  // namespace

int main(int argc, char** argv) {
    const int z3_turns = argc > 1 ? std::atoi(argv[1]) : 4;
    const unsigned win_seconds = argc > 2 ? static_cast<unsigned>(std::atoi(argv[2])) : 60;
    const int match_count = argc > 3 ? std::atoi(argv[3]) : 10000;
    const std::string root = TLALOC_SOURCE_DIR;

    Position life(profile_named("standard"));
    Position death = life;
    death.to_move = Side::Death;
    exact_fewest("empty board, Life", life, 12);
    exact_fewest("empty board, Life", life, 10);
    exact_fewest("empty board, Life", life, 9);
    exact_fewest("empty board, Death", death, 12);

    const char* files[] = {"/puzzles/azteka/empty.json", "/puzzles/azteka/empty-death.json",
                           "/puzzles/azteka/death-threat.json", "/tests/data/azteka/life-two-sectors.json",
                           "/tests/data/azteka/death-sector.json"};
    for (const char* f : files) {
        Position pos = load_position(root + f);
        exact_fewest(f, pos, z3_turns);
        auto t0 = std::chrono::steady_clock::now();
        FewestResult r = fewest_pawns(pos, z3_turns);
        std::printf("fewest (Z3)    %-36s T=%-2d: pawns %d turns %d, %d Z3 checks, %.2fs\n", f, z3_turns,
                    r.found ? r.pawns : -1, r.turns, r.solver_checks, seconds_since(t0));
    }
    for (int i = 0; i < 3; ++i) largest_win_horizon(files[i], load_position(root + files[i]), win_seconds);
    matches(match_count);
}
