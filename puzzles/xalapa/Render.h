// Pictures of a Xalapa challenge as a player sees it: the board (chessboard, symbols, the three
// winding lines), glass stones, the position card and the challenge columns as cards, in SVG.
#pragma once
#include <optional>
#include <string>
#include <vector>
#include "model/common/Markup.h"

#include "puzzles/xalapa/Catalogue.h"

namespace tlaloc::xalapa {

struct RenderOptions {
    std::optional<CellSet> stones;  // drawn as glass discs
    bool outcome = false;           // with stones: the penalty and a met/unmet mark on every card
    std::string title;              // heading; "" = the challenge's id, else "Xalapa challenge"
    bool heading = true;            // false: no heading lines (the page around the picture has them)
    // Used to draw a column as the two cards a deal named (the challenge's `cards`); without it, or
    // when the named cards do not make the column's task, the faces follow the task itself.
    const Catalogue* catalogue = nullptr;
    // Prefix for the ids inside the picture, so several pictures can share one HTML page.
    std::string id_prefix = "x";
};

// A complete <svg> element (no XML declaration), well-formed XML, every text escaped.
std::string render_svg(const Challenge& challenge, const RenderOptions& options);

// A key to the pictures: the three symbols, the three lines, the two field colours and a stone.
std::string render_legend_svg(const std::string& id_prefix);

// Text made safe for XML and HTML (the five special characters; control characters dropped).
using tlaloc::xml_escape;  // model/common/Markup.h

// The fields a line passes over, in the order the line runs through them. Boards store only which
// fields a line crosses, so the route is recovered: a path through all of them in which each step
// goes to a neighbouring field (straight steps preferred); where no such path exists the line is
// split into runs. Each inner vector is one unbroken run.
std::vector<std::vector<Cell>> line_route(const Board& board, Line line);

// One face of a challenge column as printed on its card: a number ("2", "at most 1") or a feature.
struct CardFace {
    std::string number;              // the big print of a number face ("2"); "" for a feature face
    std::string qualifier;           // small print above the number: "", "at most", "at least", "2 to"
    std::optional<Feature> feature;  // a feature face
    std::string deck;                // "novice", "intermediate", "expert", "printed" or "" (unknown)
};
struct ColumnFaces {
    CardFace top, bottom;
};
// The faces of task `index`: the challenge's dealt cards when a catalogue is given and the named
// cards make exactly this task, otherwise derived from the task.
ColumnFaces column_faces(const Challenge& challenge, int index, const Catalogue* catalogue);

}  // namespace tlaloc::xalapa
