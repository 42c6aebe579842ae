// Games per second of the strong bot (mcts) of each whole game against greedy, two players, at the
// budgets the docs' measurements use, and of greedy against greedy for comparison.
// Usage: SessionBench [games]   (build: cmake --build build --target SessionBench; default 4)
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "session/common/Balance.h"

using namespace tlaloc::session;

namespace {

void bench(const std::string& label, GameSpec spec, std::vector<SessionBot> bots, int iterations,
           OwnBot playout, int games) {
    BalanceOptions o;
    o.spec = std::move(spec);
    o.bots = std::move(bots);
    o.games = games;
    o.mcts.iterations = iterations;
    o.mcts.playout = playout;
    const auto t0 = std::chrono::steady_clock::now();
    bool complete = true;
    const auto records = play_balance(o, complete);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("%-44s %3zu games in %7.2f s: %8.3f games/s\n", label.c_str(), records.size(), s,
                static_cast<double>(records.size()) / s);
}

}  // namespace

int main(int argc, char** argv) {
    const int games = argc > 1 ? std::atoi(argv[1]) : 4;
    const std::vector<SessionBot> strong = {SessionBot::Mcts, SessionBot::Greedy};
    const std::vector<SessionBot> greedy = {SessionBot::Greedy};
    bench("azteka mcts(50, greedy playouts) vs greedy", {"azteka", 2, "standard"}, strong, 50, OwnBot::Greedy,
          games);
    bench("azteka greedy vs greedy", {"azteka", 2, "standard"}, greedy, 0, OwnBot::Random, games * 10);
    bench("aztlan mcts(50) vs greedy, 2 players", {"aztlan", 2, "de"}, strong, 50, OwnBot::Random, games);
    bench("aztlan greedy vs greedy, 2 players", {"aztlan", 2, "de"}, greedy, 0, OwnBot::Random, games * 10);
    bench("akelarre mcts(100) vs greedy, 2 players", {"akelarre", 2, "singles"}, strong, 100, OwnBot::Random,
          games);
    bench("akelarre greedy vs greedy, 2 players", {"akelarre", 2, "singles"}, greedy, 0, OwnBot::Random,
          games * 10);
    bench("atlacoya greedy vs greedy, 2 players", {"atlacoya", 2, "standard"}, greedy, 0, OwnBot::Random,
          games);
    return 0;
}
