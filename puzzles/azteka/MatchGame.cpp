#include "puzzles/azteka/MatchGame.h"

#include <algorithm>
#include <climits>
#include <stdexcept>

#include "puzzles/common/Bots.h"

namespace tlaloc::azteka {

// greedy: the search of the mover's turn; best: the search three whole turns deep ("search", the old
// name of the strongest bot, reads as best).
constexpr std::array<BotRow<MatchBot>, 4> kMatchBots{{{MatchBot::Human, BotName::Human},
                                                      {MatchBot::Random, BotName::Random},
                                                      {MatchBot::Search, BotName::Greedy},
                                                      {MatchBot::Deep, BotName::Best}}};

std::optional<MatchBot> parse_match_bot(const std::string& name) { return game_bot(name, kMatchBots); }

const char* to_string(MatchBot bot) { return game_bot_name(bot, kMatchBots); }

const std::vector<std::string>& match_variants() {
    static const std::vector<std::string> names = {"standard", "aggressive"};
    return names;
}

bool is_match_variant(const std::string& name) {
    return std::find(match_variants().begin(), match_variants().end(), name) != match_variants().end();
}

namespace {

// How far `side` is from its nearest goal, counted in pawns still to place: sectors and rings
// without a Life pawn (Life), the emptiest sector or ring to fill with Death pawns, a Life pawn
// counting double since it must be surrounded first (Death), or the pawns left in hand.
int distance(const Position& pos, Side side) {
    const Pawn mine = pawn_of(side);
    int best = pos.supply[static_cast<int>(side)];
    if (side == Side::Life) {
        int missing = 0;
        for (int s = 0; s < kSectors; ++s) {
            bool any = false;
            for (int r = 0; r < kRings; ++r) any = any || pos.at(r, s) == mine;
            missing += !any;
        }
        for (int r = 0; r < kRings; ++r) {
            bool any = false;
            for (int s = 0; s < kSectors; ++s) any = any || pos.at(r, s) == mine;
            missing += !any;
        }
        return std::min(best, missing);
    }
    auto cost = [&](Pawn p) { return p == mine ? 0 : p == Pawn::None ? 1 : 2; };
    for (int s = 0; s < kSectors; ++s) {
        int c = 0;
        for (int r = 0; r < kRings; ++r) c += cost(pos.at(r, s));
        best = std::min(best, c);
    }
    for (int r = 0; r < kRings; ++r) {
        int c = 0;
        for (int s = 0; s < kSectors; ++s) c += cost(pos.at(r, s));
        best = std::min(best, c);
    }
    return best;
}

bool opponent_wins_at_once(const Game& after, Side me) {
    if (after.over()) return after.winner && *after.winner != me;
    for (const WholeTurn& answer : whole_turns(after)) {
        if (answer.after.winner && *answer.after.winner != me) return true;
    }
    return false;
}

// A turn that wins the round now with the fewest pawns on the board (the match's tie-break), if any.
const WholeTurn* fewest_pawns_win(const std::vector<WholeTurn>& turns, Side me) {
    const WholeTurn* win = nullptr;
    for (const WholeTurn& t : turns) {
        if (t.after.winner == me &&
            (!win || t.after.position.pawns_on_board(me) < win->after.position.pawns_on_board(me)))
            win = &t;
    }
    return win;
}

std::vector<Action> search_turn(const Game& g, std::mt19937_64& rng) {
    const Side me = g.position.to_move;
    const Side them = g.position.next_side(me);
    std::vector<WholeTurn> turns = whole_turns(g);
    if (const WholeTurn* win = fewest_pawns_win(turns, me)) return win->actions;
    std::vector<const WholeTurn*> best;
    int best_score = INT_MAX;
    bool best_safe = false;
    for (const WholeTurn& t : turns) {
        const bool safe = !opponent_wins_at_once(t.after, me);
        const int score = distance(t.after.position, me) - distance(t.after.position, them);
        if (safe != best_safe ? safe : score < best_score) {
            best.clear();
            best_score = score;
            best_safe = safe;
        }
        if (safe == best_safe && score == best_score) best.push_back(&t);
    }
    return best[rng() % best.size()]->actions;
}

// The deeper search of the "best" bot: negamax with alpha-beta over whole turns, `depth` turns
// deep, valued at the leaves as the greedy bot values a position (the other side's distance to its
// goal less the mover's). A won round is worth more than any distance, sooner more than later.
constexpr int kWon = 1000;

int value_for_mover(const Game& g) {
    const Side me = g.position.to_move;
    return distance(g.position, g.position.next_side(me)) - distance(g.position, me);
}

// A round ended by the mover's turn, `depth` turns before the search's horizon, for the mover.
int ended_value(const Game& after, Side mover, int depth) {
    if (!after.winner) return 0;
    return *after.winner == mover ? kWon + depth : -kWon - depth;
}

// The value of `g` for its side to move (not over), searching `depth` whole turns.
int negamax(const Game& g, int depth, int alpha, int beta) {
    if (depth == 0) return value_for_mover(g);
    for (const WholeTurn& t : whole_turns(g)) {
        // Two sides alternate: the value for the side to move after the turn, negated.
        const int v = t.after.over() ? ended_value(t.after, g.position.to_move, depth)
                                     : -negamax(t.after, depth - 1, -beta, -alpha);
        if (v > alpha) alpha = v;
        if (alpha >= beta) break;
    }
    return alpha;
}

// A win now with the fewest pawns, as the greedy bot plays it; otherwise the mover's whole turns
// valued by a search `depth` turns deep (its own turn, the answer, ...) and, among the best, one at
// random (the match's generator), as the greedy bot does.
std::vector<Action> deep_turn(const Game& g, std::mt19937_64& rng) {
    constexpr int kDepth = 3;
    const std::vector<WholeTurn> turns = whole_turns(g);
    if (const WholeTurn* win = fewest_pawns_win(turns, g.position.to_move)) return win->actions;
    std::vector<const WholeTurn*> best;
    int best_value = -2 * kWon;
    for (const WholeTurn& t : turns) {
        const int v = t.after.over() ? ended_value(t.after, g.position.to_move, kDepth)
                                     : -negamax(t.after, kDepth - 1, -2 * kWon, 1 - best_value);
        if (v > best_value) best.clear(), best_value = v;
        if (v == best_value) best.push_back(&t);
    }
    return best[rng() % best.size()]->actions;
}

}  // namespace

std::vector<Action> bot_turn(MatchBot bot, const Game& game, std::mt19937_64& rng) {
    switch (bot) {
        case MatchBot::Random: {
            std::vector<WholeTurn> turns = whole_turns(game);
            return turns[rng() % turns.size()].actions;
        }
        case MatchBot::Search:
            return search_turn(game, rng);
        case MatchBot::Deep:
            return deep_turn(game, rng);
        case MatchBot::Human:
            break;
    }
    throw std::logic_error("bot_turn: a human seat has no bot");
}

}  // namespace tlaloc::azteka
