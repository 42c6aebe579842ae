#include "puzzles/xalapa/LogCells.h"

namespace tlaloc::xalapa {

Json log_cells_json(const Board& board, const CellSet& cells) {
    Json out = Json::array();
    for (int i = 0; i < board.size(); ++i)
        if (cells.test(static_cast<std::size_t>(i))) out.push_back({board.cell(i).row, board.cell(i).col});
    return out;
}

CellSet read_log_cells(const JsonPlace& list, const Board& board, std::optional<std::string>& fault) {
    CellSet out;
    Cell previous{0, 0};
    for (const JsonPlace& s : list.items()) {
        if (s.size() != 2) s.fail("expected a field [row, column]");
        const Cell c{static_cast<int>(s.at(0).as_int(0, kMaxSide - 1)),
                     static_cast<int>(s.at(1).as_int(0, kMaxSide - 1))};
        const std::string field = "[" + std::to_string(c.row) + "," + std::to_string(c.col) + "]";
        if (c.row < previous.row || (c.row == previous.row && c.col < previous.col))
            s.fail("field " + field + " is listed after [" + std::to_string(previous.row) + "," +
                   std::to_string(previous.col) + "]: fields are listed row by row, left to right");
        previous = c;
        if (!board.contains(c)) {
            if (!fault) fault = "a stone on " + field + " lies outside the board";
        } else if (out.test(static_cast<std::size_t>(board.index(c)))) {
            if (!fault) fault = "two stones on field " + field;
        } else {
            out.set(static_cast<std::size_t>(board.index(c)));
        }
    }
    return out;
}

}  // namespace tlaloc::xalapa
