#include "puzzles/xalapa/RenderLayout.h"

#include <algorithm>

namespace tlaloc::xalapa {

PictureLayout picture_layout(const Board& board, int columns, bool heading) {
    PictureLayout l;
    l.board_x = kMargin + kLabel;
    l.board_y = kMargin + (heading ? 44 : 0) + kLabel;
    l.board_w = board.cols * kField;
    l.board_h = board.rows * kField;
    l.panel_x = l.board_x + l.board_w + 28;
    l.cards_y = std::max(l.board_y + l.board_h + 26, l.board_y + 330.0);
    l.width = std::max(l.panel_x + kPanelW + kMargin, 2 * kMargin + columns * (kCardW + kCardGap) - kCardGap);
    l.height = l.cards_y + (columns ? kCardH : 0) + kMargin;
    return l;
}

namespace {

// Where a run's end is drawn: the field's centre, or the rim beside it when the run leaves the
// board there in a straight step.
std::pair<double, double> run_end(const Board& board, const PictureLayout& l, Cell end, Cell inner) {
    double x = l.centre_x(end.col), y = l.centre_y(end.row);
    double dx = end.col - inner.col, dy = end.row - inner.row;
    bool out_c = (end.col == 0 && dx < 0) || (end.col == board.cols - 1 && dx > 0);
    bool out_r = (end.row == 0 && dy < 0) || (end.row == board.rows - 1 && dy > 0);
    if (out_c && dy == 0)
        x += dx * kField * 0.5;
    else if (out_r && dx == 0)
        y += dy * kField * 0.5;
    return {x, y};
}

}  // namespace

std::vector<std::pair<double, double>> line_run_points(const Board& board, const PictureLayout& l,
                                                       const std::vector<Cell>& run, double shift) {
    std::vector<std::pair<double, double>> points;
    if (run.size() == 1) {
        double y = l.board_y + (run[0].row + 0.5) * kField + shift;
        points.push_back({l.board_x + (run[0].col + 0.2) * kField + shift, y});
        points.push_back({l.board_x + (run[0].col + 0.8) * kField + shift, y});
    }
    if (run.size() > 1) {
        auto first = run_end(board, l, run.front(), run[1]);
        points.push_back({first.first + shift, first.second + shift});
        for (std::size_t k = 1; k + 1 < run.size(); ++k)
            points.push_back({l.centre_x(run[k].col) + shift, l.centre_y(run[k].row) + shift});
        auto last = run_end(board, l, run.back(), run[run.size() - 2]);
        points.push_back({last.first + shift, last.second + shift});
    }
    return points;
}

}  // namespace tlaloc::xalapa
