#include "solver/akelarre/ExhaustivePlay.h"

#include <algorithm>
#include <set>
#include <stdexcept>

namespace tlaloc::akelarre {

namespace {

class Search {
public:
    Search(const TurnPosition& turn, std::size_t max_positions) : turn_(turn), max_(max_positions) {}

    void go(std::vector<MeetingPlace> places, std::vector<Card> hand, int played, int points) {
        if (!seen_.insert(key(places, hand, points)).second) return;
        if (seen_.size() >= max_)
            throw std::length_error("exhaustive_best_play: more than " + std::to_string(max_) + " positions");
        PlayPhase phase(places, hand);
        if (!phase.why_cannot_finish() &&
            (played > best_.played || (played == best_.played && points > best_.points)))
            best_ = {played, points};
        for (const Move& m : phase.legal_moves()) {
            auto places2 = places;
            auto hand2 = hand;
            PlayPhase next(places2, hand2);
            auto done = next.apply(m);
            int gained = 0;
            if (done)
                for (const Card& c : my_share(done->cards, done->owner == turn_.me, turn_.favourite))
                    gained += card_points(c, turn_.favourite);
            go(places2, hand2, played + (m.from ? 0 : 1), points + gained);
        }
    }

    PlayScore best() const { return best_; }

private:
    // The order of the hand's cards and of a meld's cards does not matter to what can follow.
    static std::string key(const std::vector<MeetingPlace>& places, const std::vector<Card>& hand,
                           int points) {
        std::string k = std::to_string(points) + "|";
        std::vector<Card> h = hand;
        std::sort(h.begin(), h.end());
        for (const Card& c : h) k += to_string(c);
        for (const auto& p : places) {
            std::vector<Card> cs = p.cards;
            std::sort(cs.begin(), cs.end());
            k += "|";
            for (const Card& c : cs) k += to_string(c);
        }
        return k;
    }

    const TurnPosition& turn_;
    std::size_t max_;
    std::set<std::string> seen_;
    PlayScore best_;
};

}  // namespace

PlayScore exhaustive_best_play(const TurnPosition& turn, std::size_t max_positions) {
    Search search(turn, max_positions);
    search.go(turn.places, turn.hand, 0, 0);
    return search.best();
}

}  // namespace tlaloc::akelarre
