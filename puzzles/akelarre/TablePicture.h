// A picture of one Akelarre turn (TURN.json) as SVG: the meeting places in table order, each with
// its owner and its meld (the cards laid, and whether they read as a set or a run), the free places,
// the hand of the player on turn and the favourite family, with a legend of the family colours.
#pragma once
#include <string>

#include "model/akelarre/Turn.h"

namespace tlaloc::akelarre {

// The whole SVG document. Each place is a <rect data-place="0" data-owner="Anna" ...>, each card a
// <rect data-card="F5" data-where="place 0" ...> (or data-where="hand") inside it.
std::string table_svg(const TurnPosition& turn);

}  // namespace tlaloc::akelarre
