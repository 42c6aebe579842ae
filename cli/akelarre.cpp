// Placeholder until the akelarre commands land; the owner of this file replaces it.
#include "cli/Commands.h"

namespace tlaloc::cli {
void add_akelarre_commands(CLI::App&) {}
}  // namespace tlaloc::cli
