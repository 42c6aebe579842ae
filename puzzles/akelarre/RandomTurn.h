// Random small Akelarre turns for differential tests and the conformance cross-check: small enough
// for an exhaustive search, and drawn so that melds are frequent. Deterministic for a given engine state.
#pragma once
#include <optional>
#include <random>

#include "model/akelarre/Turn.h"

namespace tlaloc::akelarre {

// One draw: 3-5 hand cards, 0-2 table melds of 3-4 cards (owned by "me" or "Anna"), 0-2 free places,
// cards of values 2-4 and jokers from three families. nullopt when the draw could not be on the
// table (a table meld that is no meld, or more copies of a card than the deck holds); draw again.
std::optional<TurnPosition> random_small_turn(std::mt19937& rng);

// A turn as a real game reaches it: a 7-card hand dealt from the deck against `melds` table melds
// (sets and runs of all five families and values, jokers now and then; each a 4-card meld with
// probability `four_card_share`, else 3 cards), owned by "me" or others, and 0-2 free places.
TurnPosition random_game_turn(std::mt19937& rng, int melds, double four_card_share = 0.5);

}  // namespace tlaloc::akelarre
