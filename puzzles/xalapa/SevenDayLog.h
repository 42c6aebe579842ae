// The seven-day game's log (JSON lines: a setup line, then per day a day line, one play line per seat
// and a scores line, then an end line) and its replay, which deals the game again from the seed, re-runs the
// bots, re-checks every play against the rules and recomputes every score and the ranking.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "puzzles/xalapa/SevenDayGame.h"

namespace tlaloc::xalapa {

Json seven_day_setup_line(const SevenDaySetup& setup);
// What a day line says about the cards: the position card and its side, the columns, the challenges
// in words (as the first seat's board reads them: the words do not depend on the board) and the
// cards left in the piles.
Json seven_day_day_line(int day, const SevenDayDay& d, const Challenge& challenge);
Json seven_day_play_line(int day, int seat, const Board& board, const SevenDayPlay& play,
                         const SevenDayResult& result, int total);
// After a day's plays: when the first seat said done and the hourglass ran out, each seat's penalty
// and each seat's total after the day.
Json seven_day_scores_line(int day, const SevenDayDay& d, int hourglass_seconds);
Json seven_day_end_line(const std::vector<int>& totals, const std::vector<int>& places);
// Every line of the game's log, each dumped on one line and ended by "\n".
std::string seven_day_log_text(const Catalogue& catalogue, const SevenDayGame& game);
// The challenges of a day in words, the position card first.
std::vector<std::string> challenge_words(const Challenge& challenge);

struct SevenDayReplay {
    int players = 0;
    int days = 0;
    // The first wrong step ("day 3, seat 2: penalty recorded 9, the rules give 6"); nullopt when the
    // log is a legal game with every result right.
    std::optional<std::string> wrong;
};

// `name` names the log in messages. A log that is not a game log at all (bad JSON, a missing or
// mistyped key, lines out of order, an unknown card, level or player) throws InputError naming the
// file and the line. The boards, the cards, the bots' answers and times, the stone limit and the
// scores are derived from the seed, the rules and `catalogue`, never taken from the log.
SevenDayReplay replay_seven_days(ChallengeSolver& solver, const Catalogue& catalogue, const std::string& name,
                                 const std::string& content);

}  // namespace tlaloc::xalapa
