// A printable Xalapa puzzle book: one self-contained HTML page (title page, one puzzle per page with
// its picture inline, then the solutions), paged for print with CSS page breaks.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "puzzles/xalapa/Difficulty.h"
#include "puzzles/xalapa/Generator.h"

namespace tlaloc::xalapa {

// One puzzle of a book: the challenge, its proved-optimal solution and its rating, with the words its
// pages print about where it comes from.
struct BookEntry {
    Challenge challenge;
    Solution solution;  // proved optimal
    Rating rating;
    std::string source;  // "level 2 · board sun-front", or a file's name
    std::string again;   // how to get it again (a command), or ""
    // Per stone of the solution (in the solution's field order): why it is there, in a few words.
    std::vector<std::string> why;
};

// Why each stone of `solution` is there, in its field order: whether every best answer has it
// (`forced`: the fields with a stone in every optimal set) and which tasks would no longer be met
// without it, as the evaluator scores the solution with that one stone lifted. Rows and columns from 0,
// tasks from 1, as the pictures and the studio number them.
std::vector<std::string> stone_reasons(const Challenge& challenge, const Solution& solution,
                                       const CellSet& forced);

// A challenge of the author's as a book entry: solved (the proved optimum) and rated by `solver`, with
// the reasons per stone when `why`. Throws solver::SearchLimitReached past the solver's deadline.
BookEntry solve_book_entry(ChallengeSolver& solver, const Challenge& challenge, std::string source, bool why);

// A generated puzzle as a book entry ("Deal it again: tlaloc xalapa deal ...").
BookEntry book_entry(const GeneratedPuzzle& puzzle);

// What the title page says.
struct BookSettings {
    std::string title = "Xalapa puzzle book";
    std::string author;  // "" when not given
    std::string made;    // how the puzzles were made: "level 2 · seed 1 · every puzzle ...", or ""
    bool hide_difficulty = false;  // no difficulty on the puzzle pages (the solutions keep it)
};

// The whole book as HTML: the title page, one page per puzzle, then one per solution.
std::string book_html(const std::vector<BookEntry>& entries, const BookSettings& settings,
                      const Catalogue& catalogue);

}  // namespace tlaloc::xalapa
