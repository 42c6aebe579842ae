// The census: every distinct challenge the box can deal at the basic level, solved, and a summary
// of the results. Items are numbered once, so shards (index mod N) are independent and any batch
// system can run them.
#pragma once
#include <array>
#include <string>
#include <vector>

#include "puzzles/xalapa/Catalogue.h"
#include "solver/xalapa/ChallengeSolver.h"

namespace tlaloc::xalapa {

// One basic-level deal: the four bottom cards under printed 1, printed 2, "1 stone", "2 stones".
struct CensusItem {
    std::int64_t index = 0;
    const BoardSide* board = nullptr;
    const PositionCard* position = nullptr;
    std::array<std::string, 4> bottom;
};

// Symmetric duplicates removed: the two "1" columns (and the two "2" columns) may swap cards;
// board sides with the same fields count once; position cards whose 3-stone sides are rotations of
// each other count once.
std::vector<CensusItem> basic_census_items(const Catalogue& catalogue);
Challenge census_challenge(const Catalogue& catalogue, const CensusItem& item);

// One line of a census file: a basic-level deal and its proved optimum.
struct CensusLine {
    std::int64_t index = 0, of = 0;  // the item's number in a census of `of` items
    std::string board, position;
    std::array<std::string, 4> cards;  // the bottom cards, as in CensusItem::bottom
    int penalty = 0;
    std::vector<Cell> stones;  // an optimal stone set
    std::vector<int> unmet;    // the columns (0..3) whose task the optimum gives up, ascending
    bool formation_unmet = false;
    bool unique = false;  // the optimal stone set is the only one
};

// {"index", "of", "board", "position", "cards", "penalty", "stones", "unmet" (columns, then
// "formation"), "unique"}: one JSON line.
Json census_line_to_json(const CensusLine& line);
// Reads one line's JSON; the board, position and cards must be the catalogue's, the stones on the
// board. Anything else is an InputError naming the element.
CensusLine parse_census_line(const JsonPlace& where, const Catalogue& catalogue);
// Every line of a census file (`name` names it in errors, with the line number: "FILE:LINE"); blank
// lines are skipped, a file without any line is an InputError. All lines belong to one census of
// `of` items (-1: the first line sets it).
std::vector<CensusLine> parse_census_lines(const std::string& name, const std::string& content,
                                           const Catalogue& catalogue, std::int64_t& of);

// Solves one item (optimum proved, uniqueness counted up to 2): the JSON line of the census file.
Json census_record(ChallengeSolver& solver, const Catalogue& catalogue, const CensusItem& item,
                   std::int64_t total);

// Merges census files (name, content) from any number of shards into a report, reading each line
// with parse_census_line. Returns the JSON summary; `text` gets the human report.
Json summarize_census(const std::vector<std::pair<std::string, std::string>>& files,
                      const Catalogue& catalogue, std::string& text);

}  // namespace tlaloc::xalapa
