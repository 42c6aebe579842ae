// Where everything goes in a challenge picture, in pixels: the board and its fields, the symbols on
// a field, a line's points, the panel beside the board and the row of challenge cards below it.
#pragma once
#include <utility>
#include <vector>

#include "model/xalapa/Board.h"

namespace tlaloc::xalapa {

inline constexpr double kField = 64;  // one board field
inline constexpr double kMargin = 24;
inline constexpr double kLabel = 20;  // room for the row/column numbers
inline constexpr double kCardW = 116, kCardH = 236, kCardGap = 12;
inline constexpr double kFaceH = 84;    // one card face (top or bottom)
inline constexpr double kPanelW = 250;  // the position card and the caption beside the board

struct PictureLayout {
    double board_x = 0, board_y = 0;  // the board's top-left corner
    double board_w = 0, board_h = 0;
    double panel_x = 0;  // the panel beside the board
    double cards_y = 0;  // the top of the challenge cards
    double width = 0, height = 0;

    double centre_x(int col) const { return board_x + (col + 0.5) * kField; }
    double centre_y(int row) const { return board_y + (row + 0.5) * kField; }
};

// The layout of a picture of `board` with `columns` challenge cards, with or without heading lines.
PictureLayout picture_layout(const Board& board, int columns, bool heading);

// The left edge of challenge card `index`.
inline double card_x(int index) { return kMargin + index * (kCardW + kCardGap); }

// Where each symbol of each field goes: one symbol in the middle, two side by side on a slant.
// Calls draw(field, symbol, centre x, centre y, size).
template <class F>
void for_each_symbol(const Board& board, const PictureLayout& layout, F&& draw) {
    for (int r = 0; r < board.rows; ++r)
        for (int c = 0; c < board.cols; ++c) {
            const Field& f = board.at({r, c});
            int n = f.symbol_count(), k = 0;
            double size = n == 1 ? kField * 0.62 : kField * 0.46;
            for (int s = 0; s < 3; ++s) {
                if (!f.has(static_cast<Symbol>(s))) continue;
                double dx = n == 1 ? 0 : (k == 0 ? -0.22 : 0.22) * kField,
                       dy = n == 1 ? 0 : (k == 0 ? -0.14 : 0.14) * kField;
                draw(f, static_cast<Symbol>(s), layout.centre_x(c) + dx, layout.centre_y(r) + dy, size);
                ++k;
            }
        }
}

// The points of the polyline drawing one run of a line (see line_route), moved by `shift` along
// both axes so lines sharing a field lie side by side. A lone field gets a short stroke across it;
// a run's ends continue to the board's rim when they lie on it, as printed lines do.
std::vector<std::pair<double, double>> line_run_points(const Board& board, const PictureLayout& layout,
                                                       const std::vector<Cell>& run, double shift);

}  // namespace tlaloc::xalapa
