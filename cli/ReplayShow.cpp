#include "cli/ReplayShow.h"

#include <iostream>
#include <sstream>

#include "model/common/InputError.h"
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

}  // namespace tlaloc::cli
