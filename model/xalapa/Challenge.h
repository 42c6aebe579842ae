// A Xalapa challenge: a board, the oracle's tasks, an optional position-card formation, the scoring
// parameters and the cards a deal named. Parsing validates everything, so every user can trust it.
#pragma once
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "model/xalapa/Board.h"
#include "model/xalapa/Feature.h"

namespace tlaloc::xalapa {

// One challenge column. Count: lo <= stones on `feature` <= hi ("count" sets lo = hi). Same: as
// many stones on `feature` as on `other` (0 = 0 counts).
struct Task {
    enum class Kind { Count, Same };
    Kind kind = Kind::Count;
    Feature feature;
    Feature other;       // Same only
    int lo = 0, hi = 0;  // Count only; hi may be the number of fields ("at_least" has no upper bound)
    std::string label;   // optional text carried from the file (e.g. the cards that made it)

    std::string describe() const;  // "exactly 2 on gecko", "as many on red as on corner"
};

enum class Orientations { Fixed, Rotate, RotateMirror };

struct Formation {
    std::vector<Cell> cells;  // normalised: smallest row and column are 0, sorted, distinct
};

// One challenge column as dealt: the card in the top row over the card in the bottom row, by id
// (the board's printed numbers are "printed-1" and "printed-2").
struct DealtColumn {
    std::string top, bottom;
    bool operator==(const DealtColumn&) const = default;
};

// What a deal named (the file's "cards"), so a picture can draw each column as its two cards. The
// ids are recorded, not looked up: a file may name cards a catalogue does not have.
struct DealtCards {
    std::vector<DealtColumn> columns;  // in task order
    std::string position;              // the position card's id
    int position_side = 3;             // its 3-stone or 4-stone side
    std::string board;                 // the board side's id
    bool operator==(const DealtCards&) const = default;
};

struct Challenge {
    Board board;
    std::string board_ref;  // the path the file gave for its board, "" when inline
    std::optional<Formation> formation;
    Orientations orientations = Orientations::Rotate;
    std::vector<Task> tasks;
    int disfavor = 3;
    int max_stones = 8;
    std::optional<std::string> id;    // the file's "id" (a picture's title)
    std::optional<DealtCards> cards;  // the file's "cards": set when the challenge was dealt
    // Every other key a file may carry ("name", "level", "seed", "difficulty", "rating", "note",
    // "source"): kept and written back unchanged, never read by tlaloc.
    Json extra = Json::object();

    int task_count() const { return static_cast<int>(tasks.size()) + (formation ? 1 : 0); }
};

// Every distinct orientation of the formation allowed by `mode`, each normalised.
std::vector<std::vector<Cell>> formation_orientations(const Formation& formation, Orientations mode);
// Every placement (orientation × translation) of the formation that fits on the board.
std::vector<CellSet> formation_placements(const Board& board, const Formation& formation, Orientations mode);

Challenge parse_challenge(const JsonPlace& where, const std::filesystem::path& file);
Challenge load_challenge(const std::filesystem::path& file);
// The pinned challenge format; the board inline unless `board_by_path` and the challenge has one.
Json challenge_to_json(const Challenge& challenge, bool board_by_path = false);

const char* to_string(Orientations mode);

}  // namespace tlaloc::xalapa
