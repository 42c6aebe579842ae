// A printable Xalapa puzzle book: one self-contained HTML page (title page, one puzzle per page with
// its picture inline, then the solutions), paged for print with CSS page breaks.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "puzzles/xalapa/Generator.h"

namespace tlaloc::xalapa {

// What the book says about how it was made (printed on the title page).
struct BookSettings {
    Level level = Level::Two;
    std::uint64_t seed = 1;
    bool unique = false;
    std::optional<int> difficulty;  // index into kDifficultyLevels
};

// The whole book as HTML. `puzzles` come from generate(): their solutions are proved optima.
std::string book_html(const std::vector<GeneratedPuzzle>& puzzles, const BookSettings& settings,
                      const Catalogue& catalogue);

}  // namespace tlaloc::xalapa
