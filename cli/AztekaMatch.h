// `tlaloc azteka match` and `tlaloc azteka replay`: the whole two-round match and its log.
#pragma once
#include <CLI/CLI.hpp>

namespace tlaloc::cli {

// Registers `match` and `replay` under the `azteka` command.
void add_azteka_match_commands(CLI::App& azteka);

}  // namespace tlaloc::cli
