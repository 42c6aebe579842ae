// Lines of standard input for human seats, read with the command's --timeout in mind: a seat that does
// not answer before the deadline stops the game like any other step (SearchLimitReached, exit 3).
#pragma once
#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <optional>
#include <string>
#include <utility>

#include "solver/common/SearchLimit.h"

namespace tlaloc::cli {

// Its own buffer, so that waiting for more input never misses a line already read.
class LineReader {
public:
    // The next line (without its newline); nullopt at the end of input. Throws SearchLimitReached
    // naming `where` when the deadline passes while it waits.
    std::optional<std::string> next(const solver::Deadline& deadline, const std::string& where) {
        for (;;) {
            if (const std::size_t end = buffer_.find('\n'); end != std::string::npos) {
                std::string line = buffer_.substr(0, end);
                buffer_.erase(0, end + 1);
                return line;
            }
            if (ended_) {
                if (buffer_.empty()) return std::nullopt;
                return std::exchange(buffer_, std::string());
            }
            if (deadline.limited()) {
                pollfd in{STDIN_FILENO, POLLIN, 0};
                const auto left = deadline.milliseconds_left();
                if (left <= 0 || poll(&in, 1, static_cast<int>(std::min<long long>(left, 1 << 30))) == 0)
                    throw solver::SearchLimitReached(where);
            }
            char chunk[4096];
            const ssize_t n = read(STDIN_FILENO, chunk, sizeof chunk);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) {
                ended_ = true;
            } else {
                buffer_.append(chunk, static_cast<std::size_t>(n));
            }
        }
    }

private:
    std::string buffer_;
    bool ended_ = false;
};

}  // namespace tlaloc::cli
