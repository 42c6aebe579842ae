// `tlaloc xalapa atlacoya`: the Atlacoya variant (bids on a row of challenges).
#pragma once
#include <CLI/CLI.hpp>

namespace tlaloc::cli {

// Registers `atlacoya` and its subcommands under the `xalapa` command.
void add_xalapa_atlacoya_commands(CLI::App& xalapa);
// Registers `play` and `replay` (the seven-day game, cli/XalapaPlay.cpp) under the `xalapa` command.
void add_xalapa_play_commands(CLI::App& xalapa);

}  // namespace tlaloc::cli
