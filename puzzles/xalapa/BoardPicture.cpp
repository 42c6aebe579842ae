#include "puzzles/xalapa/BoardPicture.h"

#include <string>

#include "puzzles/xalapa/Glyphs.h"
#include "puzzles/xalapa/LineRoutes.h"

namespace tlaloc::xalapa {

namespace {

// The wooden frame, the black and white fields, and the row and column numbers.
void draw_fields(SvgCanvas& svg, const Board& board, const PictureLayout& l) {
    auto& o = svg.out;
    const double bx = l.board_x, by = l.board_y;
    o << "<g class=\"board\">\n";
    o << "<rect x=\"" << num(bx - 4) << "\" y=\"" << num(by - 4) << "\" width=\"" << num(l.board_w + 8)
      << "\" height=\"" << num(l.board_h + 8) << "\" rx=\"6\" fill=\"#6b4a2b\"/>\n";
    for (int r = 0; r < board.rows; ++r)
        for (int c = 0; c < board.cols; ++c) {
            const Field& f = board.at({r, c});
            o << "<rect class=\"field " << (f.black ? "black" : "white") << "\" data-row=\"" << r
              << "\" data-col=\"" << c << "\" x=\"" << num(bx + c * kField) << "\" y=\""
              << num(by + r * kField) << "\" width=\"" << num(kField) << "\" height=\"" << num(kField)
              << "\" fill=\"" << (f.black ? "#3a3531" : "#f5efe3") << "\"/>\n";
        }
    for (int c = 0; c < board.cols; ++c)
        svg.text(l.centre_x(c), by - 9, std::to_string(c), 11, "text-anchor=\"middle\" fill=\"#777\"");
    for (int r = 0; r < board.rows; ++r)
        svg.text(bx - 9, l.centre_y(r) + 4, std::to_string(r), 11, "text-anchor=\"end\" fill=\"#777\"");
    o << "</g>\n";
}

// A pale badge under each symbol of a black field, drawn before the lines, so the glyph reads on
// the dark field and the lines still pass over it.
void draw_symbol_badges(SvgCanvas& svg, const Board& board, const PictureLayout& l) {
    for_each_symbol(board, l, [&](const Field& f, Symbol, double cx, double cy, double size) {
        if (f.black)
            svg.out << "<circle cx=\"" << num(cx) << "\" cy=\"" << num(cy) << "\" r=\"" << num(size * 0.52)
                    << "\" fill=\"#efe6d2\"/>\n";
    });
}

void draw_lines(SvgCanvas& svg, const Board& board, const PictureLayout& l) {
    auto& o = svg.out;
    o << "<g class=\"lines\" fill=\"none\" stroke-linecap=\"round\" stroke-linejoin=\"round\">\n";
    for (int line = 0; line < 3; ++line) {
        // Lines that share a field are drawn side by side rather than on top of each other.
        double shift = (line - 1) * kField * 0.09;
        for (const auto& run : line_route(board, static_cast<Line>(line))) {
            std::string points;
            for (auto [x, y] : line_run_points(board, l, run, shift))
                points += (points.empty() ? "" : " ") + num(x) + "," + num(y);
            o << "<polyline class=\"line line-" << kLineNames[line] << "\" points=\"" << points
              << "\" stroke=\"" << kLineColours[line] << "\" stroke-width=\"" << num(kField * 0.1)
              << "\" opacity=\"0.9\"/>\n";
        }
    }
    o << "</g>\n";
}

void draw_symbols(SvgCanvas& svg, const Board& board, const PictureLayout& l) {
    svg.out << "<g class=\"symbols\">\n";
    for_each_symbol(board, l, [&](const Field&, Symbol s, double cx, double cy, double size) {
        use_symbol(svg, s, cx - size / 2, cy - size / 2, size, "symbol");
    });
    svg.out << "</g>\n";
}

void draw_stones(SvgCanvas& svg, const Board& board, const PictureLayout& l, const CellSet& stones) {
    svg.out << "<g class=\"stones\">\n";
    for (int i = 0; i < board.size(); ++i)
        if (stones.test(i)) {
            Cell c = board.cell(i);
            stone(svg, l.centre_x(c.col), l.centre_y(c.row), kField * 0.32, "stone");
        }
    svg.out << "</g>\n";
}

}  // namespace

void draw_board(SvgCanvas& svg, const Board& board, const PictureLayout& layout,
                const std::optional<CellSet>& stones) {
    draw_fields(svg, board, layout);
    draw_symbol_badges(svg, board, layout);
    draw_lines(svg, board, layout);
    draw_symbols(svg, board, layout);
    if (stones) draw_stones(svg, board, layout, *stones);
}

}  // namespace tlaloc::xalapa
