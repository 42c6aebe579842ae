// Placeholder until the aztlan commands land; the owner of this file replaces it.
#include "cli/Commands.h"

namespace tlaloc::cli {
void add_aztlan_commands(CLI::App&) {}
}  // namespace tlaloc::cli
