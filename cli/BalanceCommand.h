// `tlaloc <game> balance`: seat-rotated, seed-paired games between bots over session::Engine, with
// the table (text, --json, --html), shards (--shard K/N --out FILE) and `balance merge FILE...`.
#pragma once
#include <CLI/CLI.hpp>
#include <string>

namespace tlaloc::cli {

// Adds `balance` (and `balance merge`) to a game's command group; `game` is a session engine name
// (aztlan, azteka, akelarre, atlacoya) and `command` how the user calls the group ("xalapa atlacoya").
void add_balance_command(CLI::App& group, const std::string& game, const std::string& command);

}  // namespace tlaloc::cli
