// Aztlán speed figures (targets: full table of the shipped map up to size 15 under 1 s;
// scoring one position in microseconds; best-placement with K = 5 under 1 s; a whole 4-player game
// with greedy bots under 1 s; 10 000 random games audited under 1 min; the playout invariants over
// 10 000 games per player count and edition). Run: cmake --build BUILD
// --target AztlanBench && BUILD/AztlanBench
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <random>

#include "model/aztlan/DomainTable.h"
#include "model/aztlan/Scoring.h"
#include "session/GameLog.h"
#include "session/aztlan/GameAudit.h"
#include "solver/aztlan/BestPlacement.h"

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

    // best-placement, K = 5 on the shipped map: the rulebook examples, then random positions (any
    // card, the joker included, 0..15 territories held) with K = 5 and K = 10, slowest reported.
    for (const char* example : {"score-14.json", "score-22.json"}) {
        Position p = load_position(dir / "examples" / example);
        Placement best;
        double t = best_seconds(3, [&] { best = best_placement(p.map, p.profile, p.players[0], 5); });
        std::printf("best-placement K = 5, %s: %d points in %.4f s (%llu nodes)\n", example, best.points, t,
                    static_cast<unsigned long long>(best.nodes));
    }
    std::mt19937 rng(1);
    for (int k : {5, 10}) {
        double slowest = 0, sum = 0;
        constexpr int kPositions = 200;
        for (int i = 0; i < kPositions; ++i) {
            PlayerPosition player = pos.players[0];
            player.card = kLowestCard + static_cast<int>(rng() % 6);
            player.bonus.reset();
            player.pawns.assign(map.size(), 0);
            int held = static_cast<int>(rng() % 16);
            for (int h = 0; h < held; ++h) player.pawns[rng() % map.size()] = 1;
            double t = best_seconds(1, [&] { best_placement(map, pos.profile, player, k); });
            slowest = std::max(slowest, t);
            sum += t;
        }
        std::printf("best-placement K = %d, %d random positions: mean %.4f s, slowest %.4f s\n", k,
                    kPositions, sum / kPositions, slowest);
    }

    // A whole 4-player game, greedy bots (the slowest of 5 seeds).
    double slowest_game = 0;
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
        const session::SeatedGame setup{
            {"aztlan", 4, kDefaultProfile}, seed, {"greedy", "greedy", "greedy", "greedy"}};
        slowest_game = std::max(slowest_game, best_seconds(1, [&] { session::play_seated(setup); }));
    }
    std::printf("whole 4-player game, greedy bots: slowest of 5 seeds %.3f s\n", slowest_game);

    // The audit with random bots, and the playout invariants (checked after each game and by replaying
    // its log) over 10 000 games per player count and edition.
    for (const char* edition : {"de", "it"}) {
        for (int players = 2; players <= 4; ++players) {
            AuditOptions options;
            options.games = 10000;
            options.player_counts = {players};
            options.profile = edition;
            options.bots = "random";
            std::vector<PlayerCountAudit> audits;
            double t = best_seconds(1, [&] { audits = audit_games(options); });
            std::printf(
                "audit, %s, %d players, 10000 random games (replayed): %.1f s, %d invariant violations\n",
                edition, players, t, audits[0].violations);
        }
    }
    return 0;
}
