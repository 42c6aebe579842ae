// A picture of an Aztlán map or position as SVG: every territory a circle coloured by its type with
// its id and type as text, the lakes, the borders, each player's pawns and domains (as scored by
// model/aztlan/Scoring), and optionally some territories highlighted (a placement). The layout is
// computed (puzzles/aztlan/MapLayout.h) and the caption says so.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "model/aztlan/Position.h"

namespace tlaloc::aztlan {

struct MapPictureOptions {
    std::map<int, int> highlight;    // territory index -> pawns placed there (0: only marked)
    std::vector<std::string> notes;  // lines added to the caption
};

// The whole SVG document (with the XML declaration). A bare map is a Position without players.
// Throws std::invalid_argument for a map too large to draw (kMaxLayoutPlaces).
std::string map_svg(const Position& position, const MapPictureOptions& options);

// The colour a player's pawns and domains are drawn in: the player's name when it is one of the
// tribe colours (yellow, red, blue, green, ...), otherwise the first colour of a fixed list not
// taken by an earlier player.
std::vector<std::string> player_colours(const std::vector<PlayerPosition>& players);

}  // namespace tlaloc::aztlan
