// One log for every whole game, written and replayed once for all of them over session::Engine.
//
// A log is JSON lines: a setup line (the game's format and version, the game, its variant, the player
// count, the seed, the seats and what the seed dealt), one line per action (its number, the player,
// the Engine action, and what it settled), and an end line (the scores, the winners and the game's
// final account). A replay deals the game again from the seed, plays every action through the engine
// and derives every record again: what the log says is compared, never trusted.
//
// The games whose logs are written here: log_games(). The others still write their own format
// (puzzles/<game>/...Log).
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "model/common/Json.h"
#include "model/common/LogFormat.h"
#include "session/Games.h"
#include "solver/common/SearchLimit.h"

namespace tlaloc::session {

// How one game's logs are written and read: the game's name, its log format, the variants and player
// counts a log may name, and the engine dealt for a spec and a seed. The shipped games' are
// registered here (log_kind); a game outside the program (the template game in tests/) brings its own.
struct GameLogKind {
    std::string game;
    LogFormat format;
    std::vector<std::string> variants;
    std::vector<int> player_counts;
    std::function<std::unique_ptr<Engine>(const GameSpec&, std::uint64_t)> make;
};

// The games that log in the envelope, and each one's kind (std::invalid_argument for another name).
const std::vector<std::string>& log_games();
bool logs_in_envelope(const std::string& game);
const GameLogKind& log_kind(const std::string& game);

// A game at the table: what it is, its seed, and who sits in each seat ("human", "random", "greedy",
// "best"). `kind`: the game's log kind; nullptr for the registered one spec.game names.
struct SeatedGame {
    GameSpec spec;
    std::uint64_t seed = 1;
    std::vector<std::string> seats;
    const GameLogKind* kind = nullptr;
};

// A seat's name: human, random, greedy, best, or one of the game's own seats (Engine::own_seats);
// the action a bot seat plays for the engine's player to act; and a game's seats checked
// (std::invalid_argument unless one known seat per player).
bool is_seat(const std::string& name, const Engine& game);
std::string seat_action(const std::string& seat, const Engine& game, Rng& rng);
void check_seats(const std::vector<std::string>& seats, const Engine& game);

Json log_setup_line(const SeatedGame& game, const Engine& dealt);
// `player` 0-based, `engine` after the action.
Json log_action_line(int number, int player, const std::string& action, const Engine& engine);
Json log_end_line(const Engine& engine);
// The whole log of the game the actions play to its end (std::invalid_argument when they do not end
// it, or one is illegal).
std::string log_text(const SeatedGame& game, const std::vector<std::string>& actions);

// A person's action for the engine's player to act (legal: the caller checks what they type);
// nullopt: they quit, the game is abandoned.
using PersonSeat = std::function<std::optional<std::string>(const Engine& engine)>;
// Called with each action as it is played: who played it, where the game stood before it (the
// engine's stage_label), the action, and the engine after it — to print or to draw it.
using PlayWatcher = std::function<void(int player, const std::string& stage, const std::string& action,
                                       const Engine& engine)>;

struct PlayedGame {
    std::unique_ptr<Engine> engine;    // as the game ended (or was abandoned)
    std::vector<std::string> actions;  // in order
    std::vector<int> actors;           // who played each, 0-based
    bool abandoned = false;
    std::string log;  // the game's log (written as it is played; complete once the game is over)
};

// Plays the game: the bots of its seats answer with the engine's own bots, drawing from the engine's
// bot_rngs(seed); `person` is asked for the human seats. Same game and seats, same game. The clock is
// read before every action: SearchLimitReached names where the game was. std::invalid_argument for a
// bad seat or spec.
PlayedGame play_seated(const SeatedGame& game, const PersonSeat& person = nullptr,
                       const PlayWatcher& watch = nullptr,
                       const solver::Deadline& deadline = solver::Deadline());

// One action of a log as read: its line, the player it names (0-based), the Engine action.
struct LoggedAction {
    std::string where;
    int player = -1;
    std::string action;
};

// A log read and typed (InputError naming the file and line for anything that is not a log of the
// game: bad JSON, a missing or mistyped key, an action that is no action of the game, lines out of
// order, a record whose form is not the rules'). `game`: one of log_games().
struct ReadLog {
    SeatedGame game;
    std::vector<LoggedAction> actions;
    std::vector<JsonLine> lines;  // every line, the setup first
};
ReadLog read_log(const std::string& game, const std::string& name, const std::string& content);
// The same for a game of `kind` (which the log must be of).
ReadLog read_log(const GameLogKind& kind, const std::string& name, const std::string& content);

// The log played again: nullopt when every action is legal and every record right, else the first
// wrong step as one line naming the log's line. `each` (when given) is called after every action.
struct LogCheck {
    std::optional<std::string> wrong;
    int actions = 0;  // played before the first wrong step (all of them when right)
    std::unique_ptr<Engine> engine;
};
LogCheck replay_log(const ReadLog& log, const PlayWatcher& each = nullptr);

}  // namespace tlaloc::session
