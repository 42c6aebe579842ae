// Cards as small codes (1..30) and the meld rules of model/akelarre/Meld.h on arrays of codes: the
// inner loop of the turn search cannot afford read_meld's strings and vectors on every move.
#pragma once
#include <cstdint>

#include "model/akelarre/Card.h"

namespace tlaloc::akelarre {

using CardCode = std::uint8_t;  // 0 = no card
constexpr int kCardCodes = kFamilies * 6;

CardCode card_code(const Card& c);
Card card_of(CardCode code);

// read_meld(cards).valid for 3-5 cards (equal by an exhaustive test over every multiset of kinds).
bool is_meld(const CardCode* codes, int n);
// can_take(meld, index) for a valid meld of 4 cards.
bool is_takeable(const CardCode* meld4, int index);

}  // namespace tlaloc::akelarre
