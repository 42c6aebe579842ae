// The seven-day game's bots and the race between the seats.
#include <algorithm>
#include <random>
#include <stdexcept>

#include "model/xalapa/Evaluation.h"
#include "puzzles/xalapa/SevenDayGame.h"

namespace tlaloc::xalapa {

namespace {

// SplitMix64's finaliser: independent streams from (seed, day, seat, what) without one generator's
// order mattering.
std::uint64_t mix(std::uint64_t x) {
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

std::uint64_t stream(std::uint64_t seed, int day, int seat, int what) {
    return mix(mix(mix(mix(seed) + static_cast<std::uint64_t>(day)) + static_cast<std::uint64_t>(seat)) +
               static_cast<std::uint64_t>(what));
}

enum Stream { kThink = 1, kStones = 2 };

CellSet random_placement(const Board& board, std::uint64_t seed, int day, int seat) {
    std::mt19937_64 rng(stream(seed, day, seat, kStones));
    const int count = 1 + static_cast<int>(rng() % 5);
    std::vector<int> fields(static_cast<std::size_t>(board.size()));
    for (int i = 0; i < board.size(); ++i) fields[static_cast<std::size_t>(i)] = i;
    CellSet out;
    for (int k = 0; k < count; ++k) {  // a partial Fisher-Yates: the first `count` of a shuffle
        const auto rest = fields.size() - static_cast<std::size_t>(k);
        std::swap(fields[static_cast<std::size_t>(k)], fields[static_cast<std::size_t>(k) + rng() % rest]);
        out.set(static_cast<std::size_t>(fields[static_cast<std::size_t>(k)]));
    }
    return out;
}

// The penalty of `stones`, or a value above every real one when they are more than the stones a
// player has.
int cost(const Challenge& ch, const ChallengeFields& fields, const CellSet& stones) {
    if (static_cast<int>(stones.count()) > kSevenDayStones) return 1 << 20;
    return evaluate(ch, fields, stones).penalty;
}

}  // namespace

ThinkRange think_range(SeatPlayer bot) {
    switch (bot) {
        case SeatPlayer::Random:
            return {50, 250};
        case SeatPlayer::Greedy:
            return {200, 600};
        case SeatPlayer::Best:
            return {450, 1200};
        case SeatPlayer::Human:
            break;
    }
    throw std::logic_error("a human seat has no thinking time of its own");
}

int bot_think(SeatPlayer bot, std::uint64_t seed, int day, int seat) {
    const ThinkRange r = think_range(bot);
    return r.lo +
           static_cast<int>(stream(seed, day, seat, kThink) % static_cast<std::uint64_t>(r.hi - r.lo + 1));
}

CellSet greedy_placement(const Challenge& ch) {
    const ChallengeFields fields(ch);
    CellSet stones;
    int current = cost(ch, fields, stones);
    for (;;) {
        CellSet best_move = stones;
        int best = current;
        for (int i = 0; i < ch.board.size(); ++i) {
            CellSet next = stones;
            next.flip(static_cast<std::size_t>(i));
            if (const int c = cost(ch, fields, next); c < best) {
                best = c;
                best_move = next;
            }
        }
        for (const CellSet& placement : fields.placements) {
            const CellSet next = stones | placement;
            if (const int c = cost(ch, fields, next); c < best) {
                best = c;
                best_move = next;
            }
        }
        if (best >= current) return stones;
        stones = best_move;
        current = best;
    }
}

BotAnswer bot_answer(ChallengeSolver& solver, SeatPlayer bot, const Challenge& ch, std::uint64_t seed,
                     int day, int seat) {
    BotAnswer a;
    a.think = bot_think(bot, seed, day, seat);
    switch (bot) {
        case SeatPlayer::Random:
            a.plan = random_placement(ch.board, seed, day, seat);
            break;
        case SeatPlayer::Greedy:
            a.plan = greedy_placement(ch);
            break;
        case SeatPlayer::Best: {
            const Solution s = solver.solve(ch);
            if (!s.optimal)
                throw std::logic_error("seven-day game: the best bot's answer is not proved optimal");
            a.plan = s.stones;
            if (evaluate(ch, a.plan).penalty != s.evaluation.penalty)
                throw std::logic_error("seven-day game: the evaluator disagrees with the solver");
            break;
        }
        case SeatPlayer::Human:
            throw std::logic_error("a human seat is not a bot");
    }
    // Every answer re-checked by the evaluator: on the board, within the stones a player has.
    const Evaluation e = evaluate(ch, a.plan);
    if ((a.plan & ~ch.board.all_fields()).any() || e.stones > kSevenDayStones)
        throw std::logic_error("seven-day game: a bot answered with stones it cannot place");
    return a;
}

SevenDayPlay bot_play(const Board& board, const BotAnswer& a, int deadline) {
    if (a.think <= deadline) return {a.plan, a.think, std::nullopt};
    SevenDayPlay out;
    out.plan = a.plan;
    const int n = static_cast<int>(a.plan.count());
    // Stone i (1-based) is laid at think * i / (n + 1): those laid by the deadline are on the board.
    const int laid = static_cast<int>(
        std::min<long long>(n, static_cast<long long>(deadline) * (n + 1) / std::max(a.think, 1)));
    int k = 0;
    for (int i = 0; i < board.size() && k < laid; ++i)
        if (a.plan.test(static_cast<std::size_t>(i))) {
            out.stones.set(static_cast<std::size_t>(i));
            ++k;
        }
    return out;
}

void play_day(ChallengeSolver& solver, SevenDayGame& game, const HumanSeat& human) {
    const SevenDaySetup& setup = game.setup();
    const int day = game.day();
    const auto n = static_cast<std::size_t>(game.players());
    std::vector<std::optional<BotAnswer>> answers(n);
    std::optional<int> first;
    for (std::size_t p = 0; p < n; ++p) {
        const SeatPlayer who = setup.seats[p].player;
        if (who == SeatPlayer::Human) continue;
        answers[p] = bot_answer(solver, who, game.seat_challenge(static_cast<int>(p)), setup.seed, day,
                                static_cast<int>(p));
        if (!first || answers[p]->think < *first) first = answers[p]->think;
    }
    std::vector<SevenDayPlay> plays(n);
    for (std::size_t p = 0; p < n; ++p) {
        if (answers[p]) continue;
        if (!human) throw std::logic_error("a human seat and nobody to ask");
        plays[p] = human(game, static_cast<int>(p), first);
        if (plays[p].done_at && (!first || *plays[p].done_at < *first)) first = plays[p].done_at;
    }
    if (!first) throw std::logic_error("seven-day game: nobody said done");
    const int end = hourglass_end(*first, setup.hourglass);
    for (std::size_t p = 0; p < n; ++p)
        if (answers[p]) plays[p] = bot_play(setup.seats[p].board, *answers[p], end);
    for (std::size_t p = 0; p < n; ++p) game.apply(static_cast<int>(p), plays[p]);
}

SevenDayGame play_seven_days(ChallengeSolver& solver, const Catalogue& cat, const SevenDaySetup& setup,
                             const HumanSeat& human) {
    SevenDayGame game(cat, setup);
    while (!game.over()) play_day(solver, game, human);
    return game;
}

}  // namespace tlaloc::xalapa
