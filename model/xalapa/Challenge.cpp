#include "model/xalapa/Challenge.h"

#include <algorithm>
#include <limits>
#include <set>

#include "model/common/JsonName.h"

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

// Every key a challenge file may have (in the order the unknown-key error lists them).
const std::vector<std::string> kTopLevelKeys = {
    "board", "formation", "orientations", "tasks",      "disfavor", "max_stones", "id",    "name",
    "level", "cards",     "seed",         "difficulty", "rating",   "note",       "source"};

// The most tasks a challenge may have. The box deals at most 6 columns; 16 leaves room for
// authored challenges and keeps every search one bounded size (docs/xalapa.md, "Limits").
constexpr std::size_t kMaxTasks = 16;

// The keys above that tlaloc keeps in `extra` without reading them; the others are typed members.
const std::vector<std::string> kCarriedKeys = {"name",   "level", "seed",  "difficulty",
                                               "rating", "note",  "source"};
}  // namespace

// The names of the orientation modes, in challenge files and messages, written once.
constexpr NameTable<Orientations, 3> kOrientationNames({{{Orientations::Fixed, "fixed"},
                                                         {Orientations::Rotate, "rotate"},
                                                         {Orientations::RotateMirror, "rotate-mirror"}}});
static_assert(kOrientationNames.in_order() &&
              kOrientationNames.size() == 1 + static_cast<int>(Orientations::RotateMirror));

const char* to_string(Orientations mode) { return kOrientationNames.name(mode); }

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

namespace {

// "board": a board object, or a path relative to the challenge file (kept in `board_ref`).
void parse_board_entry(const JsonPlace& board, const std::filesystem::path& file, Challenge& ch) {
    if (board.is_string()) {
        ch.board_ref = board.as_string();
        auto path = resolve_relative(file, ch.board_ref);
        std::error_code ec;
        if (!std::filesystem::exists(path, ec))
            board.fail("board file \"" + path.string() + "\" does not exist");
        if (std::filesystem::is_directory(path, ec))
            board.fail("\"" + path.string() + "\" is a folder, not a board file");
        ch.board = load_board(path);
    } else if (board.is_object()) {
        ch.board = parse_board(board);
    } else {
        board.fail("expected a board object or a path to a board file, found " +
                   json_type_name(board.json()));
    }
}

Orientations parse_orientations(const JsonPlace& o) { return read_name(o, kOrientationNames); }

// The formation's cells, normalised; it must fit on the board in some allowed orientation.
Formation parse_formation(const JsonPlace& f, const Board& board, Orientations orientations) {
    auto cells = f.items();
    if (cells.empty())
        f.fail("the formation is empty (omit \"formation\" for a challenge without a position card)");
    std::vector<Cell> raw;
    for (auto& cell : cells) {
        if (cell.size() != 2) cell.fail("a formation cell is [row, col], found " + cell.json().dump());
        Cell c{static_cast<int>(cell.at(0).as_int(-kMaxSide, kMaxSide)),
               static_cast<int>(cell.at(1).as_int(-kMaxSide, kMaxSide))};
        if (std::find(raw.begin(), raw.end(), c) != raw.end())
            cell.fail("cell " + cell.json().dump() + " appears twice in the formation");
        raw.push_back(c);
    }
    Formation formation{normalised(raw)};
    if (formation_placements(board, formation, orientations).empty()) {
        f.fail("the formation does not fit on the " + std::to_string(board.rows) + "x" +
               std::to_string(board.cols) +
               " board in any allowed orientation (a cell lies outside the board)");
    }
    return formation;
}

// A stone count in a task: 0 to the board's number of fields.
int parse_count(const JsonPlace& p, int fields) {
    // Unsigned first: a count of 2^63 or more is a huge count, not a negative one.
    if (p.json().is_number_unsigned() ? p.json().get<std::uint64_t>() > static_cast<std::uint64_t>(fields)
                                      : p.json().is_number_integer() && p.json().get<std::int64_t>() > fields)
        p.fail(p.json().dump() + " is more than the board's " + std::to_string(fields) + " fields");
    if (p.json().is_number_integer() && !p.json().is_number_unsigned() && p.json().get<std::int64_t>() < 0)
        p.fail("a count cannot be negative (" + p.json().dump() + ")");
    return static_cast<int>(p.as_int(0, fields));
}

// A count task's feature and bounds: "count", or "at_least" and/or "at_most".
void parse_count_task(const JsonPlace& t, int fields, Task& task) {
    auto feature = t.at("feature");
    task.feature = parse_feature(feature.as_string(), feature);
    auto count = t.get("count"), at_least = t.get("at_least"), at_most = t.get("at_most");
    if (!count && !at_least && !at_most)
        t.fail("a task needs \"count\", \"at_least\", \"at_most\" or \"same\"");
    if (count && (at_least || at_most)) t.fail("\"count\" cannot be combined with \"at_least\"/\"at_most\"");
    if (count) {
        task.lo = task.hi = parse_count(*count, fields);
        return;
    }
    task.lo = at_least ? parse_count(*at_least, fields) : 0;
    task.hi = at_most ? parse_count(*at_most, fields) : kMaxFields;
    if (task.lo > task.hi)
        t.fail("at_least " + std::to_string(task.lo) + " is above at_most " + std::to_string(task.hi));
}

Task parse_task(const JsonPlace& t, int fields) {
    t.expect_object();
    t.expect_only_keys({"feature", "count", "at_least", "at_most", "same", "label", "cards", "card", "note"});
    Task task;
    if (auto label = t.get("label")) task.label = label->as_string();
    auto same = t.get("same");
    if (!same) {
        parse_count_task(t, fields, task);
        return task;
    }
    if (t.has("feature") || t.has("count") || t.has("at_least") || t.has("at_most"))
        t.fail("a \"same\" task takes no feature or count");
    if (same->size() != 2) same->fail("\"same\" names exactly two features, found " + same->json().dump());
    task.kind = Task::Kind::Same;
    task.feature = parse_feature(same->at(0).as_string(), same->at(0));
    task.other = parse_feature(same->at(1).as_string(), same->at(1));
    return task;
}

DealtCards parse_dealt_cards(const JsonPlace& where) {
    where.expect_object();
    where.expect_only_keys({"columns", "position", "position_side", "board"});
    DealtCards cards;
    for (auto& column : where.at("columns").items()) {
        column.expect_object();
        column.expect_only_keys({"top", "bottom"});
        cards.columns.push_back({column.at("top").as_string(), column.at("bottom").as_string()});
    }
    cards.position = where.at("position").as_string();
    cards.position_side = static_cast<int>(where.at("position_side").as_int(3, 4));
    cards.board = where.at("board").as_string();
    return cards;
}

Json dealt_cards_to_json(const DealtCards& cards) {
    Json columns = Json::array();
    for (const auto& c : cards.columns) columns.push_back({{"top", c.top}, {"bottom", c.bottom}});
    return {{"columns", columns},
            {"position", cards.position},
            {"position_side", cards.position_side},
            {"board", cards.board}};
}

Json task_to_json(const Task& t) {
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
    return tj;
}

}  // namespace

Challenge parse_challenge(const JsonPlace& where, const std::filesystem::path& file) {
    where.expect_object();
    where.expect_only_keys(kTopLevelKeys);
    Challenge ch;
    parse_board_entry(where.at("board"), file, ch);
    const int fields = ch.board.size();
    if (auto d = where.get("disfavor")) ch.disfavor = static_cast<int>(d->as_int(0, 1000));
    if (auto m = where.get("max_stones")) {
        const std::int64_t most = m->as_int(0, std::numeric_limits<int>::max());
        if (most > fields)
            m->fail("max_stones " + std::to_string(most) + " is more than the board's " +
                    std::to_string(fields) + " fields");
        ch.max_stones = static_cast<int>(most);
    } else {
        ch.max_stones = std::min(8, fields);
    }
    if (auto o = where.get("orientations")) ch.orientations = parse_orientations(*o);
    if (auto f = where.get("formation"); f && !f->is_null())
        ch.formation = parse_formation(*f, ch.board, ch.orientations);
    const JsonPlace tasks = where.at("tasks");
    if (tasks.size() > kMaxTasks)
        tasks.fail(std::to_string(tasks.size()) + " tasks, more than the " + std::to_string(kMaxTasks) +
                   " a challenge may have");
    for (auto& t : tasks.items()) ch.tasks.push_back(parse_task(t, fields));
    if (auto id = where.get("id")) ch.id = id->as_string();
    if (auto cards = where.get("cards")) ch.cards = parse_dealt_cards(*cards);
    for (const auto& key : kCarriedKeys)
        if (where.has(key)) ch.extra[key] = where.json()[key];
    return ch;
}

Challenge load_challenge(const std::filesystem::path& file) {
    Json j = load_json_file(file);
    return parse_challenge(JsonPlace(j, file.string()), file);
}

Json challenge_to_json(const Challenge& ch, bool board_by_path) {
    Json j = ch.extra;
    if (ch.id) j["id"] = *ch.id;
    if (ch.cards) j["cards"] = dealt_cards_to_json(*ch.cards);
    j["board"] = board_by_path && !ch.board_ref.empty() ? Json(ch.board_ref) : board_to_json(ch.board);
    if (ch.formation) {
        Json cells = Json::array();
        for (auto c : ch.formation->cells) cells.push_back({c.row, c.col});
        j["formation"] = cells;
    }
    j["orientations"] = to_string(ch.orientations);
    Json tasks = Json::array();
    for (const auto& t : ch.tasks) tasks.push_back(task_to_json(t));
    j["tasks"] = tasks;
    j["disfavor"] = ch.disfavor;
    j["max_stones"] = ch.max_stones;
    return j;
}

}  // namespace tlaloc::xalapa
