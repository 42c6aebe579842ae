// Placeholder until the azteka commands land; the owner of this file replaces it.
#include "cli/Commands.h"

namespace tlaloc::cli {
void add_azteka_commands(CLI::App&) {}
}  // namespace tlaloc::cli
