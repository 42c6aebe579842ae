#include "model/xalapa/Challenge.h"

#include <algorithm>
#include <set>

namespace tlaloc::xalapa {

namespace {
std::vector<Cell> normalised(std::vector<Cell> cells) {
    int min_r = cells[0].row, min_c = cells[0].col;
    for (auto& c : cells) {
        min_r = std::min(min_r, c.row);
        min_c = std::min(min_c, c.col);
    }
    for (auto& c : cells) c = {c.row - min_r, c.col - min_c};
    std::sort(cells.begin(), cells.end(),
              [](Cell a, Cell b) { return a.row != b.row ? a.row < b.row : a.col < b.col; });
    return cells;
}

const std::vector<std::string> kTopLevelKeys = {
    "board", "formation", "orientations", "tasks",      "disfavor", "max_stones", "id",    "name",
    "level", "cards",     "seed",         "difficulty", "rating",   "note",       "source"};
}  // namespace

const char* to_string(Orientations mode) {
    switch (mode) {
        case Orientations::Fixed:
            return "fixed";
        case Orientations::Rotate:
            return "rotate";
        case Orientations::RotateMirror:
            return "rotate-mirror";
    }
    return "?";
}

std::string Task::describe() const {
    if (kind == Kind::Same) return "as many stones on " + feature.name() + " as on " + other.name();
    std::string f = feature.name();
    if (lo == hi) return "exactly " + std::to_string(lo) + " on " + f;
    if (lo == 0) return "at most " + std::to_string(hi) + " on " + f;
    if (hi >= kMaxFields) return "at least " + std::to_string(lo) + " on " + f;
    return std::to_string(lo) + " to " + std::to_string(hi) + " on " + f;
}

std::vector<std::vector<Cell>> formation_orientations(const Formation& formation, Orientations mode) {
    std::set<std::vector<std::pair<int, int>>> seen;
    std::vector<std::vector<Cell>> out;
    std::vector<Cell> shape = formation.cells;
    int mirrors = mode == Orientations::RotateMirror ? 2 : 1;
    int rotations = mode == Orientations::Fixed ? 1 : 4;
    for (int m = 0; m < mirrors; ++m) {
        std::vector<Cell> cur = shape;
        if (m == 1)
            for (auto& c : cur) c.col = -c.col;
        for (int r = 0; r < rotations; ++r) {
            auto norm = normalised(cur);
            std::vector<std::pair<int, int>> key;
            for (auto c : norm) key.emplace_back(c.row, c.col);
            if (seen.insert(key).second) out.push_back(norm);
            for (auto& c : cur) c = {c.col, -c.row};  // a quarter turn
        }
    }
    return out;
}

std::vector<CellSet> formation_placements(const Board& board, const Formation& formation, Orientations mode) {
    std::vector<CellSet> out;
    for (const auto& shape : formation_orientations(formation, mode)) {
        int h = 0, w = 0;
        for (auto c : shape) {
            h = std::max(h, c.row + 1);
            w = std::max(w, c.col + 1);
        }
        for (int dr = 0; dr + h <= board.rows; ++dr)
            for (int dc = 0; dc + w <= board.cols; ++dc) {
                CellSet s;
                for (auto c : shape) s.set(board.index({c.row + dr, c.col + dc}));
                out.push_back(s);
            }
    }
    return out;
}

Challenge parse_challenge(const JsonPlace& where, const std::filesystem::path& file) {
    where.expect_object();
    where.expect_only_keys(kTopLevelKeys);
    Challenge ch;
    auto board = where.at("board");
    if (board.is_string()) {
        ch.board_ref = board.as_string();
        auto path = resolve_relative(file, ch.board_ref);
        std::error_code ec;
        if (!std::filesystem::exists(path, ec))
            board.fail("board file \"" + path.string() + "\" does not exist");
        ch.board = load_board(path);
    } else if (board.is_object()) {
        ch.board = parse_board(board);
    } else {
        board.fail("expected a board object or a path to a board file, found " +
                   json_type_name(board.json()));
    }
    const int fields = ch.board.size();

    if (auto d = where.get("disfavor")) ch.disfavor = static_cast<int>(d->as_int(0, 1000));
    if (auto m = where.get("max_stones")) {
        if (m->json().is_number_integer() && m->json() > fields)
            m->fail("max_stones " + m->json().dump() + " is more than the board's " + std::to_string(fields) +
                    " fields");
        ch.max_stones = static_cast<int>(m->as_int(0, fields));
    } else {
        ch.max_stones = std::min(8, fields);
    }
    if (auto o = where.get("orientations")) {
        auto mode = o->as_string();
        if (mode == "fixed")
            ch.orientations = Orientations::Fixed;
        else if (mode == "rotate")
            ch.orientations = Orientations::Rotate;
        else if (mode == "rotate-mirror")
            ch.orientations = Orientations::RotateMirror;
        else
            o->fail("expected \"fixed\", \"rotate\" or \"rotate-mirror\", found \"" + mode + "\"");
    }
    if (auto f = where.get("formation"); f && !f->is_null()) {
        auto cells = f->items();
        if (cells.empty())
            f->fail("the formation is empty (omit \"formation\" for a challenge without a position card)");
        std::vector<Cell> raw;
        for (auto& cell : cells) {
            if (cell.size() != 2) cell.fail("a formation cell is [row, col], found " + cell.json().dump());
            Cell c{static_cast<int>(cell.at(0).as_int(-kMaxSide, kMaxSide)),
                   static_cast<int>(cell.at(1).as_int(-kMaxSide, kMaxSide))};
            if (std::find(raw.begin(), raw.end(), c) != raw.end())
                cell.fail("cell " + cell.json().dump() + " appears twice in the formation");
            raw.push_back(c);
        }
        ch.formation = Formation{normalised(raw)};
        if (formation_placements(ch.board, *ch.formation, ch.orientations).empty()) {
            f->fail("the formation does not fit on the " + std::to_string(ch.board.rows) + "x" +
                    std::to_string(ch.board.cols) +
                    " board in any allowed orientation (a cell lies outside the board)");
        }
    }
    auto tasks = where.at("tasks");
    for (auto& t : tasks.items()) {
        t.expect_object();
        t.expect_only_keys(
            {"feature", "count", "at_least", "at_most", "same", "label", "cards", "card", "note"});
        Task task;
        if (auto label = t.get("label")) task.label = label->as_string();
        if (auto same = t.get("same")) {
            if (t.has("feature") || t.has("count") || t.has("at_least") || t.has("at_most"))
                t.fail("a \"same\" task takes no feature or count");
            if (same->size() != 2)
                same->fail("\"same\" names exactly two features, found " + same->json().dump());
            task.kind = Task::Kind::Same;
            task.feature = parse_feature(same->at(0).as_string(), same->at(0));
            task.other = parse_feature(same->at(1).as_string(), same->at(1));
        } else {
            auto feature = t.at("feature");
            task.feature = parse_feature(feature.as_string(), feature);
            auto count = t.get("count"), at_least = t.get("at_least"), at_most = t.get("at_most");
            if (!count && !at_least && !at_most)
                t.fail("a task needs \"count\", \"at_least\", \"at_most\" or \"same\"");
            if (count && (at_least || at_most))
                t.fail("\"count\" cannot be combined with \"at_least\"/\"at_most\"");
            auto read = [&](const JsonPlace& p) {
                if (p.json().is_number_integer() && p.json() > fields)
                    p.fail(p.json().dump() + " is more than the board's " + std::to_string(fields) +
                           " fields");
                if (p.json().is_number_integer() && p.json() < 0)
                    p.fail("a count cannot be negative (" + p.json().dump() + ")");
                return static_cast<int>(p.as_int(0, fields));
            };
            if (count)
                task.lo = task.hi = read(*count);
            else {
                task.lo = at_least ? read(*at_least) : 0;
                task.hi = at_most ? read(*at_most) : kMaxFields;
                if (task.lo > task.hi)
                    t.fail("at_least " + std::to_string(task.lo) + " is above at_most " +
                           std::to_string(task.hi));
            }
        }
        ch.tasks.push_back(task);
    }
    for (const auto& key : kTopLevelKeys)
        if (where.has(key) && key != "board" && key != "formation" && key != "orientations" &&
            key != "tasks" && key != "disfavor" && key != "max_stones")
            ch.extra[key] = where.json()[key];
    return ch;
}

Challenge load_challenge(const std::filesystem::path& file) {
    Json j = load_json_file(file);
    return parse_challenge(JsonPlace(j, file.string()), file);
}

Json challenge_to_json(const Challenge& ch, bool board_by_path) {
    Json j = ch.extra;
    j["board"] = board_by_path && !ch.board_ref.empty() ? Json(ch.board_ref) : board_to_json(ch.board);
    if (ch.formation) {
        Json cells = Json::array();
        for (auto c : ch.formation->cells) cells.push_back({c.row, c.col});
        j["formation"] = cells;
    }
    j["orientations"] = to_string(ch.orientations);
    Json tasks = Json::array();
    for (const auto& t : ch.tasks) {
        Json tj;
        if (t.kind == Task::Kind::Same) {
            tj["same"] = {t.feature.name(), t.other.name()};
        } else {
            tj["feature"] = t.feature.name();
            if (t.lo == t.hi)
                tj["count"] = t.lo;
            else {
                if (t.lo > 0 || t.hi >= kMaxFields) tj["at_least"] = t.lo;
                if (t.hi < kMaxFields) tj["at_most"] = t.hi;
            }
        }
        if (!t.label.empty()) tj["label"] = t.label;
        tasks.push_back(tj);
    }
    j["tasks"] = tasks;
    j["disfavor"] = ch.disfavor;
    j["max_stones"] = ch.max_stones;
    return j;
}

}  // namespace tlaloc::xalapa
