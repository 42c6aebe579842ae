#include "solver/akelarre/ExhaustivePlay.h"

#include <algorithm>
#include <deque>
#include <set>
#include <stdexcept>

namespace tlaloc::akelarre {

namespace {

struct Position {
    std::vector<MeetingPlace> places;
    std::vector<Card> hand;
    int played = 0, points = 0, moves = 0;
};

// The order of the hand's cards and of a meld's cards does not matter to what can follow.
std::string key(const Position& p) {
    std::string k = std::to_string(p.points) + "|";
    std::vector<Card> h = p.hand;
    std::sort(h.begin(), h.end());
    for (const Card& c : h) k += to_string(c);
    for (const auto& place : p.places) {
        std::vector<Card> cs = place.cards;
        std::sort(cs.begin(), cs.end());
        k += "|";
        for (const Card& c : cs) k += to_string(c);
    }
    return k;
}

bool improves(const Position& p, const ExhaustiveBest& best) {
    if (p.played != best.score.played) return p.played > best.score.played;
    if (p.points != best.score.points) return p.points > best.score.points;
    return best.moves < 0 || p.moves < best.moves;
}

}  // namespace

ExhaustiveBest exhaustive_best(const TurnPosition& turn, std::size_t max_positions) {
    ExhaustiveBest best;
    std::set<std::string> seen;
    std::deque<Position> queue{Position{turn.places, turn.hand}};
    seen.insert(key(queue.front()));
    while (!queue.empty()) {
        Position at = std::move(queue.front());
        queue.pop_front();
        PlayPhase phase(at.places, at.hand);
        if (!phase.why_cannot_finish() && improves(at, best)) best = {{at.played, at.points}, at.moves};
        for (const Move& m : phase.legal_moves()) {
            Position next{at.places, at.hand, at.played + (m.from ? 0 : 1), at.points, at.moves + 1};
            PlayPhase step(next.places, next.hand);
            if (auto done = step.apply(m))
                for (const Card& c : my_share(done->cards, done->owner == turn.me, turn.favourite))
                    next.points += card_points(c, turn.favourite);
            if (!seen.insert(key(next)).second) continue;
            if (seen.size() > max_positions)
                throw std::length_error("exhaustive_best: more than " + std::to_string(max_positions) +
                                        " positions");
            queue.push_back(std::move(next));
        }
    }
    return best;
}

PlayScore exhaustive_best_play(const TurnPosition& turn, std::size_t max_positions) {
    return exhaustive_best(turn, max_positions).score;
}

}  // namespace tlaloc::akelarre
