// "Win in N" with the opponents answering: does the side to move force one of its goals within N
// of its own turns whatever the others do? A bounded AND-OR game-tree search over whole turns of
// the rules engine (the alternation is plain search, not Z3), with a line of play as evidence.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "model/azteka/Rules.h"

namespace tlaloc::azteka {

struct LineStep {
    Side side;
    Action action;
    bool birth = false;  // Birth's bonus placement
};

enum class WinVerdict { Win, NoWin, Undecided };

struct WinResult {
    WinVerdict verdict = WinVerdict::Undecided;
    int turns = 0;               // Win: the fewest own turns that force a goal
    std::string goal;            // Win: the goal met at the end of the line
    std::vector<LineStep> line;  // Win: the winning turns against the most stubborn answers
    std::int64_t nodes = 0;      // whole turns examined
    std::string reason;          // Undecided / NoWin: why
};

// Searches horizons 1..max_turns; gives up as Undecided after `node_budget` whole turns. When
// `timeout_seconds` (0: none) run out first it throws solver::SearchLimitReached naming the longest
// horizon proved to hold no forced win.
WinResult win_in(const Position& start, int max_turns, std::int64_t node_budget = 3'000'000,
                 unsigned timeout_seconds = 0);

Json line_to_json(const std::vector<LineStep>& line);

}  // namespace tlaloc::azteka
