// What every shard of a long run (a census shard, a balance shard) shares: its output written line by
// line (continued after its last complete line with --resume), the file read back for --resume, and
// SIGTERM / SIGINT taken as "stop after the item in hand" (docs/cluster.md).
#pragma once
#include <cstddef>
#include <string>

namespace tlaloc::cli {

// Standard output, or the file `out` written line by line: truncated when fresh, or (resume) cut back
// to `keep_bytes` and continued. Each line goes out in one write, so a kill leaves at most one cut
// line, which --resume drops. A failed write is an InputError naming the file.
class LineSink {
public:
    LineSink(const std::string& out, bool resume, std::size_t keep_bytes);
    ~LineSink();
    LineSink(const LineSink&) = delete;
    LineSink& operator=(const LineSink&) = delete;

    void write(const std::string& line);
    std::string where() const { return name_.empty() ? "standard output" : name_; }

private:
    [[noreturn]] void fail() const;
    std::string name_;
    int fd_ = -1;
    bool regular_ = false;
};

// What --resume continues: the content of `out`, "" when it does not exist yet. InputError when
// --resume has no --out, or `out` is not a plain file or cannot be read.
std::string resume_content(const std::string& out);

// The part of `content` up to its last line break (complete lines), and whether something after it
// (a line cut by a kill) is dropped.
struct CompleteLines {
    std::size_t bytes = 0;
    bool cut = false;
};
CompleteLines complete_lines(const std::string& content);

// SIGTERM (a scheduler's stop, a pre-emption, a time limit) and SIGINT are blocked in every thread
// and taken by one thread of their own (sigwait), so no handler runs inside a solver (Z3 puts its own
// SIGINT handler in place during a check). Call before any other thread starts: threads take the
// signal mask of the thread that starts them. A second signal ends the process at once.
void catch_stop_signals();
// The signal that asked to stop (SIGTERM or SIGINT), or 0.
int stop_signal();
// "SIGTERM" or "SIGINT".
const char* stop_signal_name(int signal);

}  // namespace tlaloc::cli
