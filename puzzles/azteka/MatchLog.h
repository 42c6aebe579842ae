// The Azteka match log (JSON lines: setup, one line per whole turn, one per round's end, the
// verdict) and its replay, which plays every recorded action again through the rules engine and
// recomputes every board, every round's result and the verdict.
#pragma once
#include <optional>
#include <string>

#include "puzzles/azteka/MatchGame.h"

namespace tlaloc::azteka {

Json match_setup_line(const MatchSetup& setup);
// A placement after the first action of a turn is marked as Birth's bonus (nothing else places twice).
Json match_turn_line(int round, int number, const MatchTurn& turn);
Json match_round_line(int round, const RoundResult& result);
Json match_end_line(const MatchVerdict& verdict);
// Every line of a finished match's log, each a JSON object on one line ended by "\n".
std::string match_log_text(const Match& match);

struct MatchReplay {
    int rounds = 0;
    int turns = 0;  // whole turns, both rounds
    // The first step whose record the rules contradict ("round 1, turn 7: place 0 3 is not legal:
    // ..."); nullopt when the log is a legal match with every result right.
    std::optional<std::string> wrong;
};

// `name` names the log in messages. A log that is not a match log at all (bad JSON, a missing or
// mistyped key, lines out of order) throws InputError naming the file and the line.
MatchReplay replay_match(const std::string& name, const std::string& content);

}  // namespace tlaloc::azteka
