// A Xalapa challenge: a board, the oracle's tasks, an optional position-card formation and the
// scoring parameters. Parsing validates everything, so solvers and evaluators can trust it.
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

struct Challenge {
    Board board;
    std::string board_ref;  // the path the file gave for its board, "" when inline
    std::optional<Formation> formation;
    Orientations orientations = Orientations::Rotate;
    std::vector<Task> tasks;
    int disfavor = 3;
    int max_stones = 8;
    Json extra = Json::object();  // keys tlaloc carries but does not interpret (id, cards, level, ...)

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
