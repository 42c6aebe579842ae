// Placeholder: the Xalapa commands land with the Xalapa solver.
#include "cli/Commands.h"

namespace tlaloc::cli {
void add_xalapa_commands(CLI::App&) {}
}  // namespace tlaloc::cli
