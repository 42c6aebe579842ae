#include "cli/ReplayShow.h"

#include <iostream>
#include <sstream>

#include "cli/Commands.h"
#include "cli/Timeout.h"
#include "model/common/InputError.h"
#include "model/common/Json.h"
#include "session/Replay.h"

namespace tlaloc::cli {

void add_show_options(CLI::App& cmd, ShowOptions& opt) {
    auto* show = cmd.add_flag("--show", opt.show,
                              "print the game step by step (each action and the state after it) first");
    cmd.add_option("--step", opt.step, "with --show: only this step (0: the game as dealt)")
        ->check(CLI::Range(0, 1000000))
        ->needs(show);
}

namespace {

void print_step(const session::ReplayStep& s) {
    std::cout << "step " << s.number << "  " << s.stage;
    if (s.number == 0)
        std::cout << "  (the game as dealt)";
    else
        std::cout << "  " << s.who << "  " << s.action;
    std::cout << "\n";
    std::istringstream lines(s.text);
    for (std::string line; std::getline(lines, line);) std::cout << "    " << line << "\n";
}

}  // namespace

void print_replay_steps(const ShowOptions& opt, const std::string& game, const std::string& file,
                        const std::string& content, unsigned timeout) {
    if (!opt.show) return;
    const solver::Deadline deadline(timeout);
    const session::ReplayShow shown = session::show_replay(game, file, content, false, deadline);
    if (opt.step >= 0) {
        if (opt.step >= static_cast<int>(shown.steps.size()))
            throw InputError(file, "",
                             "the log has steps 0 to " + std::to_string(shown.steps.size() - 1) +
                                 ", not step " + std::to_string(opt.step));
        print_step(shown.steps[static_cast<std::size_t>(opt.step)]);
        return;
    }
    for (const session::ReplayStep& s : shown.steps) print_step(s);
}

namespace {

// "xalapa atlacoya replay": the command's words, for the line a time limit prints.
std::string command_words(const CLI::App& cmd) {
    std::string words = cmd.get_name();
    for (const CLI::App* up = cmd.get_parent(); up && up->get_parent(); up = up->get_parent())
        words = up->get_name() + " " + words;
    return words;
}

struct ReplayRun {
    std::string file;
    ShowOptions show;
    unsigned timeout = 0;
};

}  // namespace

void add_replay_command(CLI::App& group, const ReplayCommand& command) {
    auto run = std::make_shared<ReplayRun>();
    run->timeout = command.timeout;
    auto* cmd = group.add_subcommand("replay", command.description);
    cmd->add_option("LOG", run->file, "the JSON lines game log")->required();
    add_show_options(*cmd, run->show);
    // Only a replay that searches (the seven-day game's solver) can run long; the others read a log
    // once, step by step, and take no limit.
    if (command.timeout > 0) add_timeout(*cmd, run->timeout);
    cmd->callback([run, cmd, game = command.game] {
        const std::string content = read_json_input_file(run->file);
        const std::string what = command_words(*cmd) + " " + run->file;
        naming(what, run->timeout,
               [&] { return print_replay_steps(run->show, game, run->file, content, run->timeout), 0; });
        const solver::Deadline deadline(run->timeout);
        const session::ReplayCheck r = naming(
            what, run->timeout, [&] { return session::check_log(game, run->file, content, deadline); });
        if (r.wrong) {
            std::cout << *r.wrong << "\n";
            set_exit_code(kExitFalseClaim);
            return;
        }
        std::cout << r.summary << "\n";
    });
}

}  // namespace tlaloc::cli
