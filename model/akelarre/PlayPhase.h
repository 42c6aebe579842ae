// The "play cards" half of an Akelarre turn, shared by the full-game engine and the best-play replay:
// cards go one at a time from the hand (or taken from a 4-card meld) onto meeting places.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "model/akelarre/Card.h"

namespace tlaloc::akelarre {

// A meeting place and the meld on it; no cards means the place is free for a new meld.
struct MeetingPlace {
    int id = 0;
    std::string owner;
    std::vector<Card> cards;
    bool free() const { return cards.empty(); }
};

// One step of play: `card` goes onto place `to`, from the hand or taken from the meld on `from`.
struct Move {
    Card card;
    std::optional<int> from;  // index into the places; nullopt = from the hand
    int to = 0;               // index into the places
    friend bool operator==(const Move&, const Move&) = default;
};

// A meld that reached five cards: its cards leave the place, which is free again.
struct Completion {
    int place = 0;  // index into the places
    std::string owner;
    std::vector<Card> cards;
};

std::string to_string(const Move& m, const std::vector<MeetingPlace>& places);

// The rules of play, on any places and hand: nullopt when `m` is legal now, else the reason it is not.
std::optional<std::string> why_illegal(const std::vector<MeetingPlace>& places, const std::vector<Card>& hand,
                                       const Move& m);
// nullopt when a play may end with these places, else which meld is still being laid.
std::optional<std::string> why_cannot_finish(const std::vector<MeetingPlace>& places);

// Applies moves to the places and the hand of the player on turn. A new meld is laid card by card
// on a free place; while it holds 1-2 cards it is "being laid" and nothing may be taken from it.
// From three cards on, every meld must be a valid set or run after every move.
class PlayPhase {
public:
    PlayPhase(std::vector<MeetingPlace>& places, std::vector<Card>& hand) : places_(places), hand_(hand) {}

    std::optional<std::string> why_illegal(const Move& m) const {
        return akelarre::why_illegal(places_, hand_, m);
    }
    // Applies a legal move and returns the completion when it put the fifth card on a meld. Callers
    // ask why_illegal first (or take the move from legal_moves): an illegal move here is a bug,
    // std::logic_error with nothing changed.
    std::optional<Completion> apply(const Move& m);
    // Every legal move now (one per distinct card and target).
    std::vector<Move> legal_moves() const;
    std::optional<std::string> why_cannot_finish() const { return akelarre::why_cannot_finish(places_); }
    int cards_played() const { return cards_played_; }

private:
    std::vector<MeetingPlace>& places_;
    std::vector<Card>& hand_;
    int cards_played_ = 0;
};

}  // namespace tlaloc::akelarre
