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

// Solves one item (optimum proved, uniqueness counted up to 2): the JSON line of the census file.
Json census_record(ChallengeSolver& solver, const Catalogue& catalogue, const CensusItem& item,
                   std::int64_t total);

// Merges census lines (from any number of shards) into a report; `lines` name their file for
// errors. Returns the JSON summary; `text` gets the human report.
Json summarize_census(const std::vector<std::pair<std::string, std::string>>& files, std::string& text);

}  // namespace tlaloc::xalapa
