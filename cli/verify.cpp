// Placeholder until the verify commands land; the owner of this file replaces it.
#include "cli/Commands.h"

namespace tlaloc::cli {
void add_verify_commands(CLI::App&) {}
}  // namespace tlaloc::cli
