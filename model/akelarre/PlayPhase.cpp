#include "model/akelarre/PlayPhase.h"

#include <algorithm>
#include <set>
#include <stdexcept>

#include "model/akelarre/Meld.h"

namespace tlaloc::akelarre {

namespace {
// A move is named before it is checked, so an index off the table must still print.
std::string place_name(const std::vector<MeetingPlace>& places, int index) {
    if (index < 0 || index >= static_cast<int>(places.size()))
        return "meeting place #" + std::to_string(index) + " (none)";
    return "place " + std::to_string(places[static_cast<std::size_t>(index)].id);
}

std::optional<std::string> why_not_take(const std::vector<MeetingPlace>& places, const Move& m) {
    const int n = static_cast<int>(places.size());
    if (*m.from < 0 || *m.from >= n) return "no such meeting place to take from";
    if (*m.from == m.to) return "a taken card must go to another meld";
    const auto& source = places[static_cast<std::size_t>(*m.from)].cards;
    if (source.size() != 4) return "cards may be taken only from a meld of 4 cards";
    auto it = std::find(source.begin(), source.end(), m.card);
    if (it == source.end()) return to_string(m.card) + " is not in that meld";
    if (!can_take(source, static_cast<std::size_t>(it - source.begin())))
        return "only an end card may be taken from a run";
    return std::nullopt;
}
}  // namespace

std::string to_string(const Move& m, const std::vector<MeetingPlace>& places) {
    std::string s =
        to_string(m.card) + (m.from ? " taken from " + place_name(places, *m.from) : " from the hand");
    return s + " to " + place_name(places, m.to);
}

std::optional<std::string> why_illegal(const std::vector<MeetingPlace>& places, const std::vector<Card>& hand,
                                       const Move& m) {
    const int n = static_cast<int>(places.size());
    if (m.to < 0 || m.to >= n) return "no such meeting place";
    if (m.from) {
        if (auto why = why_not_take(places, m)) return why;
    } else if (std::find(hand.begin(), hand.end(), m.card) == hand.end()) {
        return to_string(m.card) + " is not in the hand";
    }
    std::vector<Card> after = places[static_cast<std::size_t>(m.to)].cards;
    after.push_back(m.card);
    if (after.size() >= static_cast<std::size_t>(kMeldMin)) {
        MeldReading r = read_meld(after);
        if (!r.valid) return r.why_not;
    }
    return std::nullopt;
}

std::optional<std::string> why_cannot_finish(const std::vector<MeetingPlace>& places) {
    for (const auto& p : places) {
        auto k = p.cards.size();
        if (k > 0 && k < static_cast<std::size_t>(kMeldMin))
            return "the meld on place " + std::to_string(p.id) + " has only " + std::to_string(k) + " card" +
                   (k == 1 ? "" : "s") + " (a new meld needs " + std::to_string(kMeldMin) + ")";
    }
    return std::nullopt;
}

std::optional<Completion> PlayPhase::apply(const Move& m) {
    if (auto why = why_illegal(m))
        throw std::logic_error("illegal move " + to_string(m, places_) + ": " + *why);
    if (m.from) {
        auto& source = places_[static_cast<std::size_t>(*m.from)].cards;
        source.erase(std::find(source.begin(), source.end(), m.card));
    } else {
        hand_.erase(std::find(hand_.begin(), hand_.end(), m.card));
        ++cards_played_;
    }
    auto& target = places_[static_cast<std::size_t>(m.to)];
    target.cards.push_back(m.card);
    if (target.cards.size() < static_cast<std::size_t>(kMeldMax)) return std::nullopt;
    Completion done{m.to, target.owner, target.cards};
    target.cards.clear();
    return done;
}

std::vector<Move> PlayPhase::legal_moves() const {
    std::vector<Move> moves;
    std::set<Card> hand_cards(hand_.begin(), hand_.end());
    const int n = static_cast<int>(places_.size());
    for (int to = 0; to < n; ++to) {
        for (const Card& c : hand_cards) {
            Move m{c, std::nullopt, to};
            if (!why_illegal(m)) moves.push_back(m);
        }
        for (int from = 0; from < n; ++from) {
            if (from == to || places_[static_cast<std::size_t>(from)].cards.size() != 4) continue;
            for (const Card& c : places_[static_cast<std::size_t>(from)].cards) {
                Move m{c, from, to};
                if (!why_illegal(m)) moves.push_back(m);
            }
        }
    }
    return moves;
}

}  // namespace tlaloc::akelarre
