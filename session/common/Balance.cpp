#include "session/common/Balance.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>

#include "model/common/Statistics.h"

namespace tlaloc::session {

SessionBot seat_bot(const std::vector<SessionBot>& bots, int player, int rotation) {
    return bots[static_cast<std::size_t>(player + rotation) % bots.size()];
}

namespace {

// The bots' own random numbers: apart per game, rotation and player, apart from the deal's.
Rng bot_rng(std::uint64_t seed, int rotation, int player, int attempt) {
    std::seed_seq seq{static_cast<std::uint32_t>(seed),     static_cast<std::uint32_t>(seed >> 32),
                      static_cast<std::uint32_t>(rotation), static_cast<std::uint32_t>(player),
                      static_cast<std::uint32_t>(attempt),  0xBA1Au};
    return Rng(seq);
}

struct Played {
    std::vector<int> winners, scores;
    int length = 0, first = 0;
    int redone = 0;          // times the game was played again after a dead end
    bool abandoned = false;  // every attempt ended in a dead end (bots with no random choice)
};

constexpr int kMostAttempts = 3;

// One game from the deal of `seed`. A game the bots drive into a dead end (DeadEnd) is played again
// from the same deal with the bots' random numbers of the next attempt, so the same seed still gives
// the same games; the number of such replays is kept with the game and reported. Bots that draw no
// random numbers (greedy against greedy) meet the same dead end every time: after kMostAttempts the
// game is abandoned, left out of the rates and named in the report.
Played play_one(const GameSpec& spec, const BalanceOptions& o, std::uint64_t seed, int rotation) {
    for (int attempt = 0;; ++attempt) {
        std::unique_ptr<Engine> game = make_engine(spec, seed);
        std::vector<Rng> rngs;
        for (int p = 0; p < game->players(); ++p) rngs.push_back(bot_rng(seed, rotation, p, attempt));
        try {
            while (!game->over()) {
                const int p = game->to_act();
                game->apply(bot_action(seat_bot(o.bots, p, rotation), *game, o.mcts,
                                       rngs[static_cast<std::size_t>(p)]));
            }
        } catch (const DeadEnd&) {
            if (attempt + 1 < kMostAttempts) continue;
            Played none;
            none.redone = attempt;
            none.abandoned = true;
            return none;
        }
        return {game->winners(), game->scores(), game->length(), game->first_player(), attempt, false};
    }
}

Json numbers(const std::vector<int>& v) { return Json(v); }

}  // namespace

GameRecord play_balance_game(const BalanceOptions& o, std::int64_t index) {
    const int players = o.spec.players;
    GameRecord r;
    r.index = index;
    r.seed = o.seed + static_cast<std::uint64_t>(index / players);
    r.rotation = static_cast<int>(index % players);
    for (int p = 0; p < players; ++p) r.bots.push_back(to_string(seat_bot(o.bots, p, r.rotation)));
    Played main = play_one(o.spec, o, r.seed, r.rotation);
    r.winners = main.winners;
    r.scores = main.scores;
    r.length = main.length;
    r.first = main.first;
    r.redone = main.redone;
    r.abandoned = main.abandoned;
    if (!o.compare.empty() && !r.abandoned) {
        GameSpec other = o.spec;
        other.variant = o.compare;
        r.compared = play_one(other, o, r.seed, r.rotation).winners;
    }
    return r;
}

std::int64_t shard_game(const BalanceOptions& o, std::int64_t i) { return o.shard + i * o.shards; }

std::int64_t shard_games(const BalanceOptions& o) {
    return o.games > o.shard ? (o.games - o.shard + o.shards - 1) / o.shards : 0;
}

std::vector<GameRecord> play_balance(const BalanceOptions& o, bool& complete) {
    std::vector<GameRecord> out;
    complete = true;
    const std::int64_t mine = shard_games(o);
    for (std::int64_t i = o.done_before; i < mine; ++i) {
        if (o.deadline.passed() || (o.stop && o.stop())) {
            complete = false;
            break;
        }
        out.push_back(play_balance_game(o, shard_game(o, i)));
        if (o.on_game) o.on_game(out.back());
        if (o.progress) o.progress(o.done_before + static_cast<std::int64_t>(out.size()), mine);
    }
    return out;
}

Json record_to_json(const GameRecord& r) {
    Json j = {{"kind", "game"},
              {"index", r.index},
              {"seed", r.seed},
              {"rotation", r.rotation},
              {"bots", r.bots},
              {"winners", numbers(r.winners)},
              {"scores", numbers(r.scores)},
              {"length", r.length},
              {"first", r.first}};
    if (r.compared) j["compared_winners"] = numbers(*r.compared);
    if (r.redone > 0) j["redone"] = r.redone;
    if (r.abandoned) j["abandoned"] = true;
    return j;
}

namespace {

std::vector<int> int_list(const JsonPlace& p, int most) {
    std::vector<int> out;
    for (const JsonPlace& item : p.items()) out.push_back(static_cast<int>(item.as_int(-1000000, most)));
    return out;
}

}  // namespace

GameRecord record_from_json(const JsonPlace& p) {
    p.expect_only_keys({"kind", "index", "seed", "rotation", "bots", "winners", "scores", "length", "first",
                        "compared_winners", "redone", "abandoned"});
    if (p.at("kind").as_string() != "game") p.at("kind").fail("expected \"game\"");
    GameRecord r;
    r.index = p.at("index").as_int(0, kMaxExactJsonInteger);
    r.seed = static_cast<std::uint64_t>(p.at("seed").as_int(0, kMaxExactJsonInteger));
    r.rotation = static_cast<int>(p.at("rotation").as_int(0, 6));
    for (const JsonPlace& b : p.at("bots").items()) {
        if (!parse_session_bot(b.as_string())) b.fail("unknown bot \"" + b.as_string() + "\"");
        r.bots.push_back(b.as_string());
    }
    const int players = static_cast<int>(r.bots.size());
    r.winners = int_list(p.at("winners"), players - 1);
    for (int w : r.winners)
        if (w < 0) p.at("winners").fail("a winner is a player index from 0");
    r.scores = int_list(p.at("scores"), 1000000);
    r.length = static_cast<int>(p.at("length").as_int(0, 100000000));
    r.first = static_cast<int>(p.at("first").as_int(0, std::max(0, players - 1)));
    if (auto c = p.get("compared_winners")) r.compared = int_list(*c, players - 1);
    if (auto d = p.get("redone")) r.redone = static_cast<int>(d->as_int(0, kMostAttempts));
    if (auto a = p.get("abandoned")) r.abandoned = a->as_bool();
    return r;
}

Json run_header(const BalanceOptions& o) {
    std::vector<std::string> bots;
    for (SessionBot b : o.bots) bots.push_back(to_string(b));
    return {{"kind", "balance"},
            {"game", o.spec.game},
            {"players", o.spec.players},
            {"variant", o.spec.variant},
            {"compare", o.compare},
            {"bots", bots},
            {"games", o.games},
            {"seed", o.seed},
            {"iterations", o.mcts.iterations},
            {"playout", o.mcts.playout == OwnBot::Greedy ? "greedy" : "random"},
            {"length_unit", make_engine(o.spec, o.seed)->length_unit()},
            {"shard", std::to_string(o.shard) + "/" + std::to_string(o.shards)}};
}

namespace {

Json rate(std::int64_t hits, std::int64_t trials) {
    const auto [low, high] = wilson_interval(hits, trials);
    return {{"hits", hits},
            {"trials", trials},
            {"rate", trials ? static_cast<double>(hits) / static_cast<double>(trials) : 0.0},
            {"low", low},
            {"high", high}};
}

// Mean with a normal 95 % interval (mean +- 1.96 sd / sqrt(n)), and the extremes.
Json mean_of(const std::vector<double>& values) {
    if (values.empty()) return {{"n", 0}, {"mean", 0.0}, {"low", 0.0}, {"high", 0.0}, {"min", 0}, {"max", 0}};
    double sum = 0, squares = 0;
    for (double v : values) sum += v, squares += v * v;
    const double n = static_cast<double>(values.size()), mean = sum / n;
    const double sd = n > 1 ? std::sqrt(std::max(0.0, (squares - n * mean * mean) / (n - 1))) : 0.0;
    const double half = kNormalQuantile95 * sd / std::sqrt(n);
    return {{"n", values.size()},
            {"mean", mean},
            {"low", mean - half},
            {"high", mean + half},
            {"min", *std::min_element(values.begin(), values.end())},
            {"max", *std::max_element(values.begin(), values.end())}};
}

bool won(const GameRecord& r, int p) {
    return std::find(r.winners.begin(), r.winners.end(), p) != r.winners.end();
}

// The winner's score less the best score of a player who did not win (decided games).
std::optional<double> margin(const GameRecord& r) {
    if (r.winners.empty() || r.scores.empty()) return std::nullopt;
    int best_winner = -1000000, best_other = -1000000;
    for (std::size_t p = 0; p < r.scores.size(); ++p)
        (won(r, static_cast<int>(p)) ? best_winner : best_other) =
            std::max(won(r, static_cast<int>(p)) ? best_winner : best_other, r.scores[p]);
    if (best_other == -1000000) return std::nullopt;
    return static_cast<double>(best_winner - best_other);
}

}  // namespace

Json balance_report(const Json& header, const std::vector<GameRecord>& records, std::int64_t expected) {
    const int players = header.at("players").get<int>();
    std::int64_t draws = 0, first_wins = 0, changes = 0, compared = 0, redone = 0;
    std::vector<std::int64_t> seat_wins(static_cast<std::size_t>(players), 0);
    std::map<std::string, std::pair<std::int64_t, std::int64_t>> by_bot;  // wins, seats
    std::vector<double> lengths, margins;
    Json abandoned = Json::array();  // the seeds of the games left out
    std::int64_t n = 0;
    for (const GameRecord& r : records) {
        if (r.abandoned) {
            abandoned.push_back(r.seed);
            continue;
        }
        ++n;
        draws += r.winners.empty();
        redone += r.redone > 0;
        first_wins += won(r, r.first);
        for (int p = 0; p < players && p < static_cast<int>(r.bots.size()); ++p) {
            seat_wins[static_cast<std::size_t>(p)] += won(r, p);
            auto& [wins, seats] = by_bot[r.bots[static_cast<std::size_t>(p)]];
            wins += won(r, p), seats += 1;
        }
        lengths.push_back(r.length);
        if (auto m = margin(r)) margins.push_back(*m);
        if (r.compared) {
            ++compared;
            std::vector<int> a = r.winners, b = *r.compared;
            std::sort(a.begin(), a.end()), std::sort(b.begin(), b.end());
            changes += a != b;
        }
    }
    Json seats = Json::array(), bots = Json::object();
    for (int p = 0; p < players; ++p) seats.push_back(rate(seat_wins[static_cast<std::size_t>(p)], n));
    for (const auto& [name, counts] : by_bot) bots[name] = rate(counts.first, counts.second);
    Json report = {{"run", header},
                   {"games", n},
                   {"expected", expected},
                   {"complete", static_cast<std::int64_t>(records.size()) == expected},
                   {"draws", rate(draws, n)},
                   {"first_player", rate(first_wins, n)},
                   {"seats", seats},
                   {"bots", bots},
                   {"length", mean_of(lengths)},
                   {"margin", mean_of(margins)}};
    report["redone"] = redone;
    report["abandoned"] = abandoned;
    if (compared > 0) report["winner_changes"] = rate(changes, compared);
    return report;
}

}  // namespace tlaloc::session
