// The one progress line every long command shows a person watching: on a terminal only, from the
// first second on, rewritten in place at most a few times a second, and wiped when the work ends (also
// by an error, so that an error stays one line of its own). Without a terminal it is silent, unless
// the command asks for log lines (a census shard in a cluster's job log): then one full line every
// few seconds.
#pragma once
#include <chrono>
#include <cstdint>
#include <string>

namespace tlaloc::cli {

class ProgressLine {
public:
    struct Options {
        // Without a terminal, a full line every `log_every` (zero: nothing).
        std::chrono::seconds log_every{0};
        // For tests: behave as on a terminal whatever standard error is.
        bool force_terminal = false;
    };
    explicit ProgressLine(std::string what);
    ProgressLine(std::string what, Options options);
    ~ProgressLine();
    ProgressLine(const ProgressLine&) = delete;
    ProgressLine& operator=(const ProgressLine&) = delete;

    // "what: DONE/TOTAL UNIT (P %), R/s, about T left" — the rate and what is left from the work done
    // since this line began (`start_done` items were done before: a resumed shard).
    void count(std::int64_t done, std::int64_t total, const std::string& unit, std::int64_t start_done = 0);
    // "what: P %" for work that knows only its fraction.
    void fraction(double done);
    // "what: TEXT", for work that counts in its own words.
    void text(const std::string& text);
    // Takes the line away now (before the command prints its answer).
    void clear();

    // The text count() shows, for tests: `seconds` since the start.
    static std::string count_text(std::int64_t done, std::int64_t total, const std::string& unit,
                                  std::int64_t start_done, double seconds);

private:
    bool due();
    void put(const std::string& line);

    std::string what_;
    Options options_;
    bool terminal_;
    std::chrono::steady_clock::time_point start_, last_;
    std::size_t shown_ = 0;  // the width on screen now (0: nothing shown)
};

}  // namespace tlaloc::cli
