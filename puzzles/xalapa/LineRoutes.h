// The route of a winding line across a board, as a picture draws it: boards store only which fields
// a line crosses, so the order in which it runs through them is recovered here.
#pragma once
#include <vector>

#include "model/xalapa/Board.h"

namespace tlaloc::xalapa {

// The fields `line` passes over, in the order the line runs through them: a path through all of them
// in which each step goes to a neighbouring field (straight steps preferred); where no such path
// exists the line is split into runs. Each inner vector is one unbroken run; a line on no field has none.
std::vector<std::vector<Cell>> line_route(const Board& board, Line line);

}  // namespace tlaloc::xalapa
