// `replay --show [--step N]`, shared by every game's replay command: the log's states step by step
// (session/Replay does the replaying), printed before the command's verdict.
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

}  // namespace tlaloc::cli
