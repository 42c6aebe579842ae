// Entry point: registers every game's subcommands and maps outcomes to exit codes
// (0 ok, 1 a verification found a false claim, 2 bad input or usage, 3 internal error).
#include <z3++.h>
#include <iostream>

#include "cli/Commands.h"
#include "model/common/InputError.h"
#include "solver/common/SearchLimit.h"

namespace tlaloc::cli {
namespace {
int g_exit_code = kExitOk;
}
void set_exit_code(int code) { g_exit_code = code; }
int exit_code() { return g_exit_code; }
}  // namespace tlaloc::cli

int main(int argc, char** argv) {
    using namespace tlaloc;
    CLI::App app{
        "tlaloc - tabletop-game rules as solvable, checkable models.\n"
        "Example:  tlaloc xalapa solve puzzles/xalapa/challenges/basic-1.json"};
    app.name("tlaloc");
    app.require_subcommand(1);
    app.footer(
        "Exit codes: 0 ok, 1 a verification found a false claim, 2 bad input or usage,\n"
        "3 no answer within a --timeout limit, or an internal error.\n"
        "Run 'tlaloc GAME --help' for a game's commands.");
    cli::add_xalapa_commands(app);
    cli::add_aztlan_commands(app);
    cli::add_verify_commands(app);
    cli::add_azteka_commands(app);
    cli::add_akelarre_commands(app);
    try {
        app.parse(argc, argv);
    } catch (const CLI::Success& e) {
        return app.exit(e);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        app.exit(e);
        return kExitBadInput;
    } catch (const InputError& e) {
        std::cout.flush();
        std::cerr << "tlaloc: " << e.what() << "\n";
        return kExitBadInput;
    } catch (const z3::exception& e) {
        std::cerr << "tlaloc: internal error from Z3: " << e.msg() << "\n";
        return kExitInternal;
    } catch (const std::bad_alloc&) {
        std::cerr << "tlaloc: out of memory\n";
        return kExitInternal;
    } catch (const solver::SearchLimitReached& e) {
        // --timeout ran out: one line, nothing partial on stdout, exit 3.
        std::cout.flush();
        std::cerr << "tlaloc: " << e.what() << "\n";
        return kExitInternal;
    } catch (const std::exception& e) {
        std::cerr << "tlaloc: internal error: " << e.what() << "\n";
        return kExitInternal;
    }
    return cli::exit_code();
}
