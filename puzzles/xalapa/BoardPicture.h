// The board in a challenge picture: the chessboard fields with their row and column numbers, the
// three winding lines, the symbols and, when given, the glass stones on top.
#pragma once
#include <optional>

#include "model/xalapa/Board.h"
#include "puzzles/xalapa/RenderLayout.h"
#include "puzzles/xalapa/SvgCanvas.h"

namespace tlaloc::xalapa {

// Drawn in layers so each reads over the one below: fields, lines, symbols, stones.
void draw_board(SvgCanvas& svg, const Board& board, const PictureLayout& layout,
                const std::optional<CellSet>& stones);

}  // namespace tlaloc::xalapa
