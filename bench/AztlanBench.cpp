// Aztlán speed figures (targets: full table of the shipped map up to size 15 under 1 s;
// scoring one position in microseconds). Run: cmake --build BUILD --target AztlanBench && BUILD/AztlanBench
#include <chrono>
#include <cstdio>
#include <filesystem>

#include "model/aztlan/DomainTable.h"
#include "model/aztlan/Scoring.h"

using namespace tlaloc;
using namespace tlaloc::aztlan;
using Clock = std::chrono::steady_clock;

namespace {
template <class F>
double best_seconds(int repeats, F&& f) {
    double best = 1e9;
    for (int r = 0; r < repeats; ++r) {
        auto start = Clock::now();
        f();
        best = std::min(best, std::chrono::duration<double>(Clock::now() - start).count());
    }
    return best;
}
}  // namespace

int main() {
    const auto dir = data_dir() / "puzzles" / "aztlan";
    Map map = load_map(dir / "aztlan.json");
    int achievable = 0;
    double table = best_seconds(5, [&] {
        auto t = compute_domain_table(map, 15);
        achievable = 0;
        for (const auto& row : t.achievable)
            for (bool b : row) achievable += b;
    });
    std::printf(
        "domain table, shipped map (30 territories), sizes 1..15: %.4f s (best of 5), %d cells occur\n",
        table, achievable);

    Position pos = load_position(dir / "examples" / "score-22.json");
    MapGraph graph(pos.map);
    constexpr int kScores = 100000;
    int total = 0;
    double scoring = best_seconds(3, [&] {
        for (int i = 0; i < kScores; ++i) total += score_age(graph, pos)[0].points;
    });
    std::printf("scoring one position (joker, 3 domains, graph built once): %.2f us per position (%d)\n",
                scoring / kScores * 1e6, total % 7);
    return 0;
}
