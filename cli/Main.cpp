// Entry point: registers every game's subcommands (from the game registry) and the verify commands,
// and maps outcomes to exit codes: 0 ok, 1 a verification found a false claim, 2 bad input or usage,
// 3 no answer within the --timeout limit, 4 an internal error (a bug).
#include <z3++.h>
#include <iostream>

#include "cli/Commands.h"
#include "cli/GameRegistry.h"
#include "model/common/InputError.h"
#include "solver/common/SearchLimit.h"

namespace tlaloc::cli {
namespace {

// The deepest subcommand the user reached (the app itself when none).
const CLI::App& deepest(const CLI::App& app) {
    const CLI::App* at = &app;
    while (!at->get_subcommands().empty()) at = at->get_subcommands().front();
    return *at;
}

// The path to it ("tlaloc akelarre check"), to name it in a usage error.
std::string command_path(const CLI::App& app) {
    std::string path = deepest(app).get_name();
    for (const CLI::App* up = deepest(app).get_parent(); up; up = up->get_parent())
        path = up->get_name() + " " + path;
    return path;
}

int internal_error(const std::string& what) {
    std::cerr << "tlaloc: internal error (a bug in tlaloc; please report it with the command and its input): "
              << what << "\n";
    return kExitInternal;
}

}  // namespace
}  // namespace tlaloc::cli

int main(int argc, char** argv) {
    using namespace tlaloc;
    CLI::App app{
        "tlaloc - tabletop-game rules as solvable, checkable models.\n"
        "Example:  tlaloc xalapa solve puzzles/xalapa/challenges/basic-1.json"};
    app.name("tlaloc");
    app.require_subcommand(1);
    app.footer(
        "Exit codes: 0 ok, 1 a verification found a false claim (or a merge misses shards), 2 bad input or usage,\n"
        "3 no answer within the --timeout limit, 4 an internal error (a bug: please report it),\n"
        "143 and 130 a census or balance run stopped by SIGTERM and SIGINT (its finished lines kept).\n"
        "Run 'tlaloc GAME --help' for a game's commands.");
    for (const auto& game : cli::games()) game.add_commands(app);
    cli::add_verify_commands(app);
    cli::add_studio_command(app);
    try {
        app.parse(argc, argv);
    } catch (const CLI::Success& e) {  // --help and friends, too
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        // One line naming the command, instead of CLI11's message plus a help hint on a second line.
        std::string path = cli::command_path(app);
        std::string what = e.what();
        // "tlaloc frob": CLI11 says a subcommand is required; the word given is what is wrong.
        if (const auto left = cli::deepest(app).remaining(); dynamic_cast<const CLI::RequiredError*>(&e) &&
                                                             !left.empty() && !left.front().empty() &&
                                                             left.front()[0] != '-')
            what = "unknown command \"" + left.front() + "\"";
        std::cerr << path << ": " << what << " (see '" << path << " --help')\n";
        return kExitBadInput;
    } catch (const InputError& e) {
        std::cout.flush();
        std::cerr << cli::error_line(e) << "\n";
        return kExitBadInput;
    } catch (const solver::SearchLimitReached& e) {
        // --timeout ran out: one line, nothing partial on stdout.
        std::cout.flush();
        std::cerr << cli::error_line(e) << "\n";
        return kExitTimeout;
    } catch (const z3::exception& e) {
        return cli::internal_error(std::string("from Z3: ") + e.msg());
    } catch (const std::bad_alloc&) {
        std::cerr << "tlaloc: out of memory\n";
        return kExitInternal;
    } catch (const std::exception& e) {
        return cli::internal_error(e.what());
    }
    // Output that could not be written (a full disk, a closed pipe) is a failure, not a success
    // with the answer lost.
    std::cout.flush();
    if (!std::cout) {
        std::cerr << "tlaloc: the output could not be written (standard output failed)\n";
        return kExitBadInput;
    }
    return cli::exit_code();
}
