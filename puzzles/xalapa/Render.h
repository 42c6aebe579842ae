// Pictures of a Xalapa challenge as a player sees it: the board (chessboard, symbols, the three
// winding lines), glass stones, the position card and the challenge columns as cards, in SVG.
#pragma once
#include <optional>
#include <string>

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

}  // namespace tlaloc::xalapa
