// Terminal and JSON printers for Xalapa results. Printers format; they never decide rules.
#pragma once
#include <ostream>
#include <string>

#include "puzzles/xalapa/Difficulty.h"
#include "solver/xalapa/ChallengeSolver.h"

namespace tlaloc::cli {

Json cells_to_json(const xalapa::Board& board, const xalapa::CellSet& cells);
std::string cells_to_text(const xalapa::Board& board, const xalapa::CellSet& cells);
// The board as a grid: symbols (C G B), lines (r y b), black fields shaded, stones as @.
void print_board(std::ostream& out, const xalapa::Board& board, const xalapa::CellSet& stones,
                 const xalapa::CellSet& marked = {});
void print_tasks(std::ostream& out, const xalapa::Challenge& challenge, const xalapa::Evaluation& evaluation);
Json solution_to_json(const xalapa::Challenge& challenge, const xalapa::Solution& solution);
Json rating_to_json(const xalapa::Rating& rating);

}  // namespace tlaloc::cli
