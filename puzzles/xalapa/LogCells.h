// Stones and fields in the Xalapa games' logs (the seven-day game and Atlacoya): a list of
// [row, column] pairs from 0, row by row, left to right, so that a log states each set one way only.
#pragma once
#include <optional>
#include <string>

#include "model/common/Json.h"
#include "model/xalapa/Board.h"

namespace tlaloc::xalapa {

// The fields of `cells` on `board`, row by row.
Json log_cells_json(const Board& board, const CellSet& cells);

// Reads such a list: a field that is not a pair of numbers on the grid, or one listed out of order,
// is bad input (InputError); a field off the board or listed twice is a wrong step, noted in `fault`
// (the first one only) and left out of the set.
CellSet read_log_cells(const JsonPlace& list, const Board& board, std::optional<std::string>& fault);

}  // namespace tlaloc::xalapa
