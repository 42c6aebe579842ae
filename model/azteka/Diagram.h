// The Circle of Life drawn in text: eight spokes (sectors, clockwise from the top) of four holes
// (rings, innermost next to the centre), for `tlaloc azteka show` and `play`.
#pragma once
#include <string>

#include "model/azteka/Position.h"

namespace tlaloc::azteka {

std::string draw_circle(const Position& position);

}  // namespace tlaloc::azteka
