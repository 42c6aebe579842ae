// A whole game's log as states to step through. A log in the envelope every whole game shares
// (session/GameLog: Aztlán, Azteka, Akelarre, Atlacoya) is read and played again by replay_log, its
// actions already Engine actions. The seven-day game of Xalapa (a race, not turns) keeps its own log:
// it is re-checked by its own replay first (bad input throws, a wrong step is reported), then dealt
// again from the log's seed and played through its rules engine. Each step keeps the state as text
// and, when asked, as a picture.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "solver/common/SearchLimit.h"

namespace tlaloc::session {

// The games a log may be of: aztlan, azteka, akelarre, atlacoya, seven-day.
const std::vector<std::string>& replay_games();

struct ReplayStep {
    int number = 0;      // 0: the game as dealt, before any action
    std::string stage;   // where the step belongs: "age 2, development", "round 1, turn 7", "day 3"
    int player = -1;     // 0-based, the player who acted (-1 for step 0)
    std::string who;     // that player's name ("player 2", "P2"); "" for step 0
    std::string action;  // the action as one line (the log's, or the engine's words)
    std::string text;    // the state after the step
    std::string svg;     // the state after the step as an SVG document ("" when not asked for)
};

struct ReplayShow {
    std::string game;  // one of replay_games()
    int players = 0;
    std::vector<ReplayStep> steps;
    // The first wrong step, as the game's replay says it; the steps then stop where the rules stop
    // (or go on past a wrong recorded score).
    std::optional<std::string> wrong;
};

// Which steps to draw: all of them, or the one numbered `step` (-1: none).
struct ReplayPictures {
    bool all = false;
    int step = -1;
    bool wants(int n) const { return all || n == step; }
};

// The game a log is of, read from its first line (InputError naming `name` and the line when it is
// none of them).
std::string replay_game_of(const std::string& name, const std::string& content);

// A log re-checked by its game's own replay (every action against the rules, what the seed deals
// dealt again, every recorded result recomputed): `wrong` is the first wrong step as one line that
// names the log, else `summary` says what was found right. `game` is one of replay_games(); a log
// that is not of that game, or not a log, throws InputError naming the file and the line.
struct ReplayCheck {
    std::optional<std::string> wrong;
    std::string summary;
};
ReplayCheck check_log(const std::string& game, const std::string& name, const std::string& content,
                      const solver::Deadline& deadline = solver::Deadline());

// The log `content` (named `name` in messages) as steps. `game`: "" to tell it from the log, else
// the game the caller expects (a log of another game is bad input). `pictures`: draw each step.
// `deadline` bounds the seven-day game's bot answers, which its replay asks again.
ReplayShow show_replay(const std::string& game, const std::string& name, const std::string& content,
                       const ReplayPictures& pictures, const solver::Deadline& deadline = solver::Deadline());
// The same with every step drawn (`pictures`) or none.
ReplayShow show_replay(const std::string& game, const std::string& name, const std::string& content,
                       bool pictures, const solver::Deadline& deadline = solver::Deadline());

}  // namespace tlaloc::session
