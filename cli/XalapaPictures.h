// `tlaloc xalapa render` and `tlaloc xalapa book`: pictures of challenges and a printable puzzle book.
#pragma once
#include <CLI/CLI.hpp>

namespace tlaloc::cli {

// Registers `render` and `book` under the `xalapa` command.
void add_xalapa_picture_commands(CLI::App& xalapa);

}  // namespace tlaloc::cli
