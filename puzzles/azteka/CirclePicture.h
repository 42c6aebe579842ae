// A picture of Azteka's Circle of Life as SVG: the four rings of eight holes (sector 0 at the top,
// clockwise; ring 0 next to the centre), the pawns by side, whose turn it is, the hands and the
// goals met, with a legend.
#pragma once
#include <string>

#include "model/azteka/Position.h"

namespace tlaloc::azteka {

// The whole SVG document. Each hole is a <circle data-hole="R0S3" ...> (ring 0, sector 3), each
// pawn a <circle data-pawn="life" data-at="R0S3" ...> inside its hole.
std::string circle_svg(const Position& position);

}  // namespace tlaloc::azteka
