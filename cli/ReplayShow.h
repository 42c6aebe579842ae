// Every game's `replay LOG` command, written once: the log re-checked by the game's own replay
// (session::check_log) and, with `--show [--step N]`, its states step by step first (session/Replay
// does the replaying).
#pragma once
#include <CLI/CLI.hpp>
#include <string>

namespace tlaloc::cli {

struct ShowOptions {
    bool show = false;
    int step = -1;  // -1: every step
};

// Adds --show and --step to a replay command.
void add_show_options(CLI::App& cmd, ShowOptions& opt);

// When asked for: prints the steps of the log `content` (named `file`), a header line per step (number,
// stage, player, action) and the state after it, indented. `game` is the command's game.
void print_replay_steps(const ShowOptions& opt, const std::string& game, const std::string& file,
                        const std::string& content, unsigned timeout = 0);

// A game's `replay LOG [--show [--step N]]`, with `[--timeout S]` where the replay searches: exit 0 and a
// line saying what is right, 1 and the first wrong step, 2 not a log of the game.
struct ReplayCommand {
    std::string game;         // one of session::replay_games()
    std::string description;  // the command's help: what is re-checked, with examples
    unsigned timeout = 0;     // the default of --timeout, seconds (0: no --timeout, the replay is linear)
};
void add_replay_command(CLI::App& group, const ReplayCommand& command);

}  // namespace tlaloc::cli
