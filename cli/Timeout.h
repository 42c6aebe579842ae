// --timeout for commands that search: the option itself, and the one-line message naming what was
// being worked on when the limit stopped it (the CLI prints it and exits 3).
#pragma once
#include <CLI/CLI.hpp>
#include <string>

#include "solver/common/SearchLimit.h"

namespace tlaloc::cli {

// --timeout, bounding the whole command (0: no limit, at most a day).
inline void add_timeout(CLI::App& command, unsigned& seconds) {
    command
        .add_option("--timeout", seconds,
                    "seconds the whole command may take (0: no limit); out of time: one line on stderr, "
                    "exit 3, no output")
        ->capture_default_str()
        ->check(CLI::Range(0u, 86400u));
}

// `body()`; when the --timeout limit stops it, the one-line message names `name` and the limit.
template <class F>
auto naming(const std::string& name, unsigned seconds, F&& body) {
    try {
        return body();
    } catch (solver::SearchLimitReached& e) {
        e.set_context(name, seconds);
        throw;
    }
}

}  // namespace tlaloc::cli
