// The Atlacoya game log (JSON lines: setup, one line per day, end) and its replay, which re-checks
// every recorded play with the rules engine and recomputes every result and the ranking.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "puzzles/xalapa/AtlacoyaGame.h"

namespace tlaloc::xalapa {

Json atlacoya_setup_line(const AtlacoyaSetup& setup);
// A day line: the row without a board, the cards left in the piles after it was dealt, and per player
// (playing on boards[p]) the play and its result.
// What a day line's row holds: the challenge without a board (each player's is in the setup line).
Json atlacoya_row_json(const Challenge& row);
Json atlacoya_piles_json(const AtlacoyaPileSizes& piles);
Json atlacoya_day_line(int day, const AtlacoyaDay& d, const std::vector<Board>& boards);
// One player's entry of a day line; `total` and `tokens_left` are after the day.
Json atlacoya_play_entry(int player, const Board& board, const AtlacoyaPlay& play,
                         const AtlacoyaOutcome& outcome, int total, int tokens_left);
Json atlacoya_end_line(const AtlacoyaState& state, const std::vector<int>& places);
// Every line of the game's log, each a JSON object dumped on one line and ended by "\n".
std::string atlacoya_log_text(const AtlacoyaGame& game);

struct AtlacoyaReplay {
    int players = 0;
    int days = 0;
    // The first step whose record the rules contradict ("day 3, player 2: points recorded 9, the
    // rules give 6"); nullopt when the log is a legal game with every result right.
    std::optional<std::string> wrong;
};

// `name` names the log in messages. A log that is not a game log at all (bad JSON, a missing or
// mistyped key, lines out of order, a card the catalogue does not have) throws InputError naming
// the file and the line. What the seed determines (the board sides, each day's row and the piles
// left) is dealt again from the seed and compared with the log; the points table, the stone limit
// and the cards come from `points`, the rules and `catalogue`, never from the log.
AtlacoyaReplay replay_atlacoya(const Catalogue& catalogue, const AtlacoyaPoints& points,
                               const std::string& name, const std::string& content);
// The same with the shipped catalogue and points table.
AtlacoyaReplay replay_atlacoya(const std::string& name, const std::string& content);

}  // namespace tlaloc::xalapa
