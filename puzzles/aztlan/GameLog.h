// Whole Aztlán games: played by seats (bots, or a caller-supplied actor for human seats), written as
// a JSON-lines log (setup, one line per action, one per age, end) and replayed, which re-checks every
// recorded action with the rules engine and recomputes every age's results and the final scores.
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "model/aztlan/Game.h"
#include "puzzles/aztlan/GameBots.h"
#include "solver/common/SearchLimit.h"

namespace tlaloc::aztlan {

// The map every game is played on: the shipped puzzles/aztlan/aztlan.json.
const Map& game_map();

struct GameSetup {
    int players = 4;
    std::string profile = kDefaultProfile;
    std::uint64_t seed = 1;
    std::vector<std::string> seats;  // "random", "greedy" or "human", one per player
};

// Asked for the action of a human seat; nullopt gives up (the game stops there).
using HumanActor = std::function<std::optional<Action>(const Game&)>;
// Called after every action, with the action's log line.
using LogSink = std::function<void(const std::string&)>;

// Plays the whole game (std::invalid_argument for a bad setup). Same setup, same game. The clock is
// read before every action: once `deadline` has passed, solver::SearchLimitReached names the age
// and phase reached (nothing is half-applied).
Game play_game(const GameSetup& setup, const LogSink& sink = {}, const HumanActor& human = {},
               const solver::Deadline& deadline = solver::Deadline());

Json setup_line(const GameSetup& setup, const Game& game);
Json action_line(const Game& game, const Action& action);  // `game` before the action
Json age_line(const Game& game, const AgeRecord& record);
Json end_line(const Game& game);
// An action as the log writes it, read back for `game` (its map and the player count): InputError
// naming `where` for a malformed one. Legality is the engine's question, not this one's.
Action parse_action(const Game& game, const JsonPlace& where);

struct GameReplay {
    int players = 0;
    int actions = 0;
    // The first step the rules contradict; nullopt when the log is a legal game with right scores.
    std::optional<std::string> wrong;
};
// `name` names the log in messages; a malformed log throws InputError naming the file and line.
GameReplay replay_game(const std::string& name, const std::string& content);

}  // namespace tlaloc::aztlan
