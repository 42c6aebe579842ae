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

// Applies moves to the places and the hand of the player on turn. A new meld is laid card by card
// on a free place; while it holds 1-2 cards it is "being laid" and nothing may be taken from it.
// From three cards on, every meld must be a valid set or run after every move.
class PlayPhase {
public:
    PlayPhase(std::vector<MeetingPlace>& places, std::vector<Card>& hand) : places_(places), hand_(hand) {}

    // "" when the move is legal now, else the reason it is not.
    std::string why_illegal(const Move& m) const;
    // Applies a legal move (throws std::invalid_argument with the reason otherwise); returns the
    // completion when the move put the fifth card on a meld.
    std::optional<Completion> apply(const Move& m);
    // Every legal move now (one per distinct card and target).
    std::vector<Move> legal_moves() const;
    // "" when the play may end here, else which meld is still being laid.
    std::string why_cannot_finish() const;
    int cards_played() const { return cards_played_; }

private:
    std::vector<MeetingPlace>& places_;
    std::vector<Card>& hand_;
    int cards_played_ = 0;
};

}  // namespace tlaloc::akelarre
