#include "model/xalapa/Board.h"

#include "model/common/Text.h"

namespace tlaloc::xalapa {

namespace {
template <std::size_t N>
int name_index(const char* const (&names)[N], const std::string& name) {
    for (std::size_t i = 0; i < N; ++i)
        if (name == names[i]) return static_cast<int>(i);
    return -1;
}
}  // namespace

CellSet Board::all_fields() const {
    CellSet all;
    for (int i = 0; i < size(); ++i) all.set(i);
    return all;
}

Field parse_field(const std::string& text, const JsonPlace& where) {
    Field field;
    auto halves = split(text, '/');
    if (halves.size() > 2) where.fail("field \"" + text + "\" has more than one '/'");
    auto read_names = [&](const std::string& part, bool symbols) {
        if (part.empty()) return;
        for (const auto& name : split(part, '+')) {
            int i = symbols ? name_index(kSymbolNames, name) : name_index(kLineNames, name);
            if (i < 0) {
                where.fail(std::string("unknown ") + (symbols ? "symbol" : "line") + " \"" + name +
                           "\" in field \"" + text + "\" (" +
                           (symbols ? "symbols: cactus, gecko, bird" : "lines: red, yellow, blue") + ")");
            }
            std::uint8_t& bits = symbols ? field.symbols : field.lines;
            if (bits >> i & 1) where.fail("\"" + name + "\" appears twice in field \"" + text + "\"");
            bits |= static_cast<std::uint8_t>(1u << i);
        }
    };
    read_names(halves[0], true);
    if (halves.size() == 2) {
        if (halves[1].empty()) where.fail("field \"" + text + "\" has '/' but no line after it");
        read_names(halves[1], false);
    }
    return field;
}

std::string field_to_string(const Field& field) {
    std::string out;
    for (int s = 0; s < 3; ++s)
        if (field.symbols >> s & 1) out += (out.empty() ? "" : "+") + std::string(kSymbolNames[s]);
    if (field.lines) {
        out += "/";
        bool first = true;
        for (int l = 0; l < 3; ++l)
            if (field.lines >> l & 1) {
                out += (first ? "" : "+") + std::string(kLineNames[l]);
                first = false;
            }
    }
    return out;
}

Board parse_board(const JsonPlace& where) {
    where.expect_object();
    where.expect_only_keys({"id", "top_left", "rows", "name", "note", "pattern", "mirror_of"});
    Board board;
    if (auto id = where.get("id")) board.id = id->as_string();
    if (auto top = where.get("top_left")) {
        auto colour = top->as_string();
        if (colour != "black" && colour != "white")
            top->fail("expected \"black\" or \"white\", found \"" + colour + "\"");
        board.top_left_black = colour == "black";
    }
    auto rows = where.at("rows");
    board.rows = static_cast<int>(rows.size());
    if (board.rows < 1 || board.rows > kMaxSide)
        rows.fail("a board has 1 to 12 rows, found " + std::to_string(board.rows));
    for (int r = 0; r < board.rows; ++r) {
        auto row = rows.at(r);
        int cols = static_cast<int>(row.size());
        if (r == 0) {
            if (cols < 1 || cols > kMaxSide)
                row.fail("a board has 1 to 12 columns, found " + std::to_string(cols));
            board.cols = cols;
        } else if (cols != board.cols) {
            row.fail("ragged rows: row 0 has " + std::to_string(board.cols) + " fields, this row has " +
                     std::to_string(cols));
        }
        for (int c = 0; c < cols; ++c) {
            auto place = row.at(c);
            Field field = parse_field(place.as_string(), place);
            field.black = ((r + c) % 2 == 0) == board.top_left_black;
            board.fields.push_back(field);
        }
    }
    return board;
}

Board load_board(const std::filesystem::path& file) {
    Json j = load_json_file(file);
    return parse_board(JsonPlace(j, file.string()));
}

Json board_to_json(const Board& board) {
    Json rows = Json::array();
    for (int r = 0; r < board.rows; ++r) {
        Json row = Json::array();
        for (int c = 0; c < board.cols; ++c) row.push_back(field_to_string(board.at({r, c})));
        rows.push_back(row);
    }
    return Json{{"id", board.id}, {"top_left", board.top_left_black ? "black" : "white"}, {"rows", rows}};
}

}  // namespace tlaloc::xalapa
