// What an Aztlán game's log records, as JSON: an action (the engine's action object), what the seed
// dealt, an age's record once the age is over, the final account; and an action read back. The log
// itself, its play loop and its replay are the session layer's, written once for every game
// (session/GameLog over session/aztlan/AztlanEngine).
#pragma once
#include <string>

#include "model/aztlan/Game.h"
#include "model/common/Json.h"

namespace tlaloc::aztlan {

// The map every game is played on: the shipped puzzles/aztlan/aztlan.json.
const Map& game_map();

// The pyramid stack (players numbered from 1, the top last) and the prosperity deck the seed dealt.
Json dealt_json(const Game& game);
Json action_line(const Game& game, const Action& action);  // `game` before the action
Json age_line(const Game& game, const AgeRecord& record);
Json end_line(const Game& game);
// An action as the log writes it, read back for `game` (its map and the player count): InputError
// naming `where` for a malformed one. Legality is the engine's question, not this one's.
Action parse_action(const Game& game, const JsonPlace& where);

}  // namespace tlaloc::aztlan
