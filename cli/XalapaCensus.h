// `tlaloc xalapa census`: a shard of the census of a level (written line by line, continued with
// --resume after a stop), and its subcommands count, summarize and report.
#pragma once
#include <CLI/CLI.hpp>
#include <string>

#include "puzzles/xalapa/Deal.h"

namespace tlaloc::cli {

// --level: basic, 1 .. 5; anything else is bad input naming the option.
xalapa::Level level_option(const std::string& name);

// Registers `census` and its subcommands under the `xalapa` command.
void add_xalapa_census_commands(CLI::App& xalapa);

}  // namespace tlaloc::cli
