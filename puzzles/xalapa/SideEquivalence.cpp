#include "puzzles/xalapa/SideEquivalence.h"

#include <algorithm>
#include <set>

namespace tlaloc::xalapa {

namespace {

// One of the square's 8 symmetries, on a board of rows × cols fields (the turns by a quarter and
// the diagonal mirrors swap the two).
struct SquareMap {
    const char* name;
    Cell (*apply)(Cell c, int rows, int cols);
    bool swaps_sides;
};

constexpr SquareMap kMaps[] = {
    {"as printed", [](Cell c, int, int) { return c; }, false},
    {"turned a quarter clockwise",
     [](Cell c, int rows, int) {
         return Cell{c.col, rows - 1 - c.row};
     },
     true},
    {"turned half way round",
     [](Cell c, int rows, int cols) {
         return Cell{rows - 1 - c.row, cols - 1 - c.col};
     },
     false},
    {"turned a quarter anticlockwise",
     [](Cell c, int, int cols) {
         return Cell{cols - 1 - c.col, c.row};
     },
     true},
    {"mirrored left to right",
     [](Cell c, int, int cols) {
         return Cell{c.row, cols - 1 - c.col};
     },
     false},
    {"mirrored top to bottom",
     [](Cell c, int rows, int) {
         return Cell{rows - 1 - c.row, c.col};
     },
     false},
    {"mirrored on the main diagonal",
     [](Cell c, int, int) {
         return Cell{c.col, c.row};
     },
     true},
    {"mirrored on the other diagonal",
     [](Cell c, int rows, int cols) {
         return Cell{cols - 1 - c.col, rows - 1 - c.row};
     },
     true},
};

bool same_field(const Field& x, const Field& y) {
    return x.symbols == y.symbols && x.lines == y.lines && x.black == y.black;
}

bool carries(const SquareMap& m, const Board& a, const Board& b) {
    if ((m.swaps_sides ? a.cols : a.rows) != b.rows || (m.swaps_sides ? a.rows : a.cols) != b.cols)
        return false;
    for (int i = 0; i < a.size(); ++i) {
        const Cell c = a.cell(i);
        if (!same_field(a.at(c), b.at(m.apply(c, a.rows, a.cols)))) return false;
    }
    return true;
}

std::vector<Cell> normalised(std::vector<Cell> cells) {
    int top = kMaxSide, left = kMaxSide;
    for (const Cell& c : cells) {
        top = std::min(top, c.row);
        left = std::min(left, c.col);
    }
    for (Cell& c : cells) c = {c.row - top, c.col - left};
    std::sort(cells.begin(), cells.end(),
              [](Cell x, Cell y) { return std::tie(x.row, x.col) < std::tie(y.row, y.col); });
    return cells;
}

using Shape = std::vector<std::pair<int, int>>;
Shape as_shape(const std::vector<Cell>& cells) {
    Shape s;
    for (const Cell& c : normalised(cells)) s.emplace_back(c.row, c.col);
    return s;
}

// The position-card sides (by name) whose allowed orientations `m` does not map onto allowed ones.
std::vector<std::string> shapes_not_kept(const SquareMap& m, const Catalogue& cat) {
    const Challenge defaults;  // a named object: a temporary here trips GCC 12's -Wmaybe-uninitialized
    const Orientations mode = defaults.orientations;
    std::vector<std::string> out;
    for (const PositionCard& p : cat.positions)
        for (const auto& [side, formation] : {std::pair{"3", &p.three}, std::pair{"4", &p.four}}) {
            std::set<Shape> allowed;
            for (const auto& o : formation_orientations(*formation, mode)) allowed.insert(as_shape(o));
            bool kept = true;
            for (const auto& o : formation_orientations(*formation, mode)) {
                std::vector<Cell> image;
                for (const Cell& c : o) image.push_back(m.apply(c, kMaxSide, kMaxSide));
                kept = kept && allowed.count(as_shape(image)) > 0;
            }
            if (!kept) out.push_back(p.id + " (" + side + "-stone side)");
        }
    return out;
}

std::string listed(const std::vector<std::string>& names) {
    std::string out;
    for (std::size_t i = 0; i < names.size() && i < 4; ++i) out += (i ? ", " : "") + names[i];
    if (names.size() > 4) out += " and " + std::to_string(names.size() - 4) + " more";
    return out;
}

}  // namespace

std::string side_map(const Board& a, const Board& b) {
    for (const SquareMap& m : kMaps)
        if (carries(m, a, b)) return m.name;
    return "";
}

bool sides_proved_identical(const Catalogue& cat, const Board& a, const Board& b) {
    for (const SquareMap& m : kMaps)
        if (carries(m, a, b) && shapes_not_kept(m, cat).empty()) return true;
    return false;
}

SideMapVerdict side_map_verdict(const Catalogue& cat, const BoardSide& a, const BoardSide& b) {
    std::string why;
    for (const SquareMap& m : kMaps) {
        if (!carries(m, a.board, b.board)) continue;
        const std::vector<std::string> not_kept = shapes_not_kept(m, cat);
        if (not_kept.empty())
            return {true,
                    b.id + " is " + a.id + " " + m.name +
                        " (symbols, lines and background colours), and that keeps every position card's "
                        "allowed formations allowed, so every challenge of every level has the same optimum "
                        "on both"};
        if (why.empty())
            why = b.id + " is " + a.id + " " + m.name + ", but so moved, the formations of " +
                  listed(not_kept) + " are not among their allowed turns";
    }
    if (why.empty()) why = "no turn or mirror carries " + a.id + " onto " + b.id + " field by field";
    return {false, why};
}

}  // namespace tlaloc::xalapa
