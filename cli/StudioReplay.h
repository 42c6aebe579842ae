// The studio's replays: the game logs kept in its data folder, and one stateless call that replays a
// log (kept there, or sent whole) and returns its steps with the state after each as text, and the
// picture of the step asked for (session/Replay does the replaying).
#pragma once
#include "cli/StudioFolder.h"
#include "model/common/Json.h"

namespace tlaloc::cli {

// The most steps a replayed log may have, and the most bytes of a log read from the data folder.
inline constexpr std::size_t kMaxReplaySteps = 5000;
inline constexpr std::size_t kMaxReplayLogBytes = 4 << 20;

// GET /api/replays: {"logs": ["game.jsonl", ...]}, the data folder's *.jsonl files.
Json saved_game_logs(const StudioFolder& folder);

// POST /api/replay body: {"log": "JSON lines"} or {"name": "game.jsonl"} (a log in the data folder),
// "game" (optional: aztlan, azteka, akelarre, atlacoya, seven-day; the log's own by default) and "at"
// (the step to draw, 0 by default). Answers {"game", "players", "name", "wrong": null or the first
// wrong step, "steps": [{"number", "stage", "player", "who", "action", "text"}], "at", "svg"}.
// InputError (naming the log's line, or `file` for the request) for bad input.
Json replay_request(const Json& body, const std::string& file, const StudioFolder& folder, unsigned seconds);

// POST /api/game body: {"game", "players", "variant"? (the game's first by default), "seed", "seats":
// ["human", "greedy", "random", ...] (one per player), "actions": [...] (every action so far, as this
// call answered them), "hint"? (the greedy bot's choice for the person to act)}. The game dealt again
// from the seed, the actions played, the bots' answers until a person is to act: {"actions", "actors",
// "stages", "names", "to_act", "over", "stage", "text", "svg", "legal", "legal_cut", "scores",
// "winners", "hint"?, and once over "log" (the game's log) or "no_log" (why it has none)}. InputError naming
// the request's key for bad input or an action the rules refuse.
Json table_request(const Json& body, const std::string& file, unsigned seconds);

}  // namespace tlaloc::cli
