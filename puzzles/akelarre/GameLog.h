// The Akelarre game log (JSON lines: the set-up, one line per action, the end with the scores) and
// its replay, which deals the game again from the set-up, re-checks every action with the rules
// engine and recomputes the final scores.
#pragma once
#include <optional>
#include <string>

#include "model/common/Json.h"
#include "puzzles/akelarre/GamePlay.h"

namespace tlaloc::akelarre {

Json game_setup_line(const PlayedGame& game);
Json game_action_line(const LoggedAction& action);
Json game_end_line(const PlayedGame& game);
// Every line of the log, each a JSON object on one line ended by "\n".
std::string game_log_text(const PlayedGame& game);

struct GameReplay {
    int players = 0;
    int actions = 0;
    // The first step the rules contradict ("line 14: P2 plays F3 onto place 1: ..."); nullopt when
    // the log is a whole legal game with the right scores.
    std::optional<std::string> wrong;
    std::string result;  // of a right log: "P1 wins", "team 2 wins" or "a draw"
};

// `name` names the log in messages. A log that is not a game log (bad JSON, a missing or mistyped
// key, an unknown card or action, lines out of order) throws InputError naming the file and line.
GameReplay replay_game_log(const std::string& name, const std::string& content);

}  // namespace tlaloc::akelarre
