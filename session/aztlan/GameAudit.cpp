#include "session/aztlan/GameAudit.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <tuple>

#include "model/common/Statistics.h"
#include "session/GameLog.h"
#include "session/aztlan/AztlanEngine.h"

namespace tlaloc::aztlan {

Rate wilson(int hits, int trials) {
    Rate r{hits, trials, 0, 0};
    if (trials == 0) return r;
    std::tie(r.low, r.high) = wilson_interval(hits, trials);
    return r;
}

namespace {

Distribution distribution(std::vector<int> values) {
    Distribution d;
    if (values.empty()) return d;
    std::sort(values.begin(), values.end());
    double sum = 0, squares = 0;
    for (int v : values) sum += v, squares += static_cast<double>(v) * v;
    const double n = static_cast<double>(values.size());
    d.mean = sum / n;
    d.sd = std::sqrt(std::max(0.0, squares / n - d.mean * d.mean));
    auto at = [&](double q) { return values[static_cast<std::size_t>(q * (n - 1) + 0.5)]; };
    d.min = values.front();
    d.p25 = at(0.25);
    d.median = at(0.5);
    d.p75 = at(0.75);
    d.max = values.back();
    return d;
}

std::vector<std::string> seats_for(const AuditOptions& options, int players, std::uint64_t seed) {
    if (options.bots != "mixed") return std::vector<std::string>(players, options.bots);
    std::mt19937_64 rng(seed * 0x2545F4914F6CDD1DULL + 1);
    std::vector<std::string> seats;
    for (int p = 0; p < players; ++p) seats.push_back(rng() % 2 ? "greedy" : "random");
    return seats;
}

void count_silent(const SilentCases& s, std::uint64_t seed, std::vector<SilentCount>& out) {
    const int counts[] = {s.deck_empty, s.supply_short, s.eagle_from_removed, s.eagle_nothing_left,
                          s.pawn_cannot_move};
    for (std::size_t i = 0; i < out.size(); ++i) {
        if (counts[i] == 0) continue;
        ++out[i].games;
        out[i].occurrences += counts[i];
        if (out[i].first_seed < 0) out[i].first_seed = static_cast<std::int64_t>(seed);
    }
}

PlayerCountAudit audit_count(const AuditOptions& options, int players, std::int64_t before) {
    PlayerCountAudit a;
    a.players = players;
    for (const char* name : {"prosperity deck empty at a draw", "fewer pawns in supply than the age gives",
                             "eagle-and-jaguar brings back a removed pawn",
                             "eagle-and-jaguar held with no pawn to use", "no pawn of the side can move"})
        a.silent.push_back({name, 0, 0, -1});
    std::vector<int> wins(players, 0), scores, winning;
    int first_wins = 0;
    for (int g = 0; g < options.games; ++g) {
        const session::SeatedGame setup{
            {"aztlan", players, options.profile},
            options.seed + static_cast<std::uint64_t>(g),
            seats_for(options, players, options.seed + static_cast<std::uint64_t>(g))};
        const session::PlayedGame played = [&] {
            try {
                return session::play_seated(setup, nullptr, nullptr, options.deadline);
            } catch (solver::SearchLimitReached& e) {
                e.set_best_so_far(std::to_string(a.games) + " of " + std::to_string(options.games) +
                                  " games with " + std::to_string(players) + " players audited");
                throw;
            }
        }();
        const Game& game = dynamic_cast<const session::AztlanEngine&>(*played.engine).game();
        std::optional<std::string> violation = game_invariant_violation(game);
        if (!violation && !game.over()) violation = "the game did not end";
        if (!violation && options.replay) {
            const auto r = session::replay_log(
                session::read_log("aztlan", "seed " + std::to_string(setup.seed), played.log));
            if (r.wrong) violation = "replay: " + *r.wrong;
        }
        if (violation) {
            ++a.violations;
            if (a.first_violations.size() < 5)
                a.first_violations.push_back("seed " + std::to_string(setup.seed) + ": " + *violation);
        }
        count_silent(game.silent(), setup.seed, a.silent);
        const int winner = game.ranking().front();
        ++wins[winner];
        // The player first in age I's turn order: all at 0 VP, the top of the pyramid stack.
        first_wins += winner == game.stack_order().back();
        for (const FinalScore& f : game.final_scores()) scores.push_back(f.total);
        winning.push_back(game.final_scores()[winner].total);
        ++a.games;
        if (options.on_game)
            options.on_game(before + a.games, static_cast<std::int64_t>(options.games) *
                                                  static_cast<std::int64_t>(options.player_counts.size()));
    }
    for (int p = 0; p < players; ++p) a.seat_wins.push_back(wilson(wins[p], a.games));
    a.first_player_wins = wilson(first_wins, a.games);
    a.scores = distribution(scores);
    a.winning_scores = distribution(winning);
    return a;
}

}  // namespace

std::vector<PlayerCountAudit> audit_games(const AuditOptions& options) {
    std::vector<PlayerCountAudit> out;
    std::int64_t done = 0;
    for (int players : options.player_counts) {
        out.push_back(audit_count(options, players, done));
        done += out.back().games;
    }
    return out;
}

}  // namespace tlaloc::aztlan
