// What an Atlacoya game's log records beside its plays, as JSON (the log itself is the session's
// envelope: session/GameLog over session/xalapa/AtlacoyaEngine): a day's row and the cards left in
// the piles, each player's result of a day, and the ranking at the end.
#pragma once
#include <vector>

#include "model/common/Json.h"
#include "puzzles/xalapa/AtlacoyaGame.h"

namespace tlaloc::xalapa {

// The row without a board (each player plays it on their own side).
Json atlacoya_row_json(const Challenge& row);
Json atlacoya_piles_json(const AtlacoyaPileSizes& piles);
// One player's result of a day (challenges numbered from 1); `total` and `tokens_left` are after it.
Json atlacoya_outcome_json(const AtlacoyaOutcome& outcome, int total, int tokens_left);
// Each player by place (1 the best), with their points and tokens left.
Json atlacoya_ranking_json(const AtlacoyaState& state, const std::vector<int>& places);

}  // namespace tlaloc::xalapa
