// "Search limit reached": a solver gave up because the caller's time limit (--timeout) ran out.
// Thrown instead of printing anything partial; the CLI reports it as one line and exit code 3.
// Deadline is the wall-clock limit shared by every solver call of one question: each call gets
// Z3's own `timeout` parameter set to the time that is left.
#pragma once
#include <z3++.h>
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

namespace tlaloc::solver {

class SearchLimitReached : public std::runtime_error {
public:
    // `incumbent`: the objective value of the best model the interrupted descent had found, if any
    // (set by minimise; solvers translate it into `best_so_far` text).
    explicit SearchLimitReached(std::string best_so_far = "",
                                std::optional<std::int64_t> incumbent = std::nullopt)
        : std::runtime_error("search limit reached"), best_(std::move(best_so_far)), incumbent_(incumbent) {
        compose();
    }

    const std::string& best_so_far() const { return best_; }
    std::optional<std::int64_t> incumbent() const { return incumbent_; }
    void set_best_so_far(std::string best) {
        best_ = std::move(best);
        compose();
    }
    // The CLI names the input and the limit: "FILE: no answer within the 60 s limit ...".
    void set_context(std::string file, unsigned seconds) {
        file_ = std::move(file);
        seconds_ = seconds;
        compose();
    }
    // A limit other than the time: "memory (3 GB)" reads "no answer within the memory (3 GB) limit".
    void set_limit(std::string limit) {
        limit_ = std::move(limit);
        compose();
    }
    const char* what() const noexcept override { return message_.c_str(); }

private:
    void compose() {
        message_ = (file_.empty() ? std::string() : file_ + ": ") + "no answer within the " +
                   (!limit_.empty() ? limit_ + " limit"
                                    : (seconds_ ? std::to_string(seconds_) + " s " : std::string()) +
                                          "limit (raise --timeout)") +
                   "; best found so far: " + (best_.empty() ? "none" : best_);
    }
    std::string best_, file_, limit_, message_;
    std::optional<std::int64_t> incumbent_;
    unsigned seconds_ = 0;
};

class Deadline {
public:
    // 0 seconds: no limit.
    explicit Deadline(unsigned seconds = 0)
        : seconds_(seconds), end_(std::chrono::steady_clock::now() + std::chrono::seconds(seconds)) {}

    bool limited() const { return seconds_ > 0; }
    unsigned seconds() const { return seconds_; }
    bool passed() const { return limited() && std::chrono::steady_clock::now() >= end_; }
    // Milliseconds until it passes (0 once passed); meaningful only when limited().
    long long milliseconds_left() const {
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(end_ - std::chrono::steady_clock::now())
                .count();
        return left > 0 ? left : 0;
    }

    // Before a solver call: throws SearchLimitReached once the deadline has passed, else gives the
    // solver Z3's `timeout` of the time left (at least 1 ms). No-op without a limit.
    void arm(z3::solver& s) const {
        if (!limited()) return;
        if (passed()) throw SearchLimitReached();
        auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(end_ - std::chrono::steady_clock::now())
                .count();
        z3::params p(s.ctx());
        p.set("timeout", static_cast<unsigned>(std::clamp<long long>(left, 1, 0xFFFFFFF0LL)));
        s.set(p);
    }

private:
    unsigned seconds_;
    std::chrono::steady_clock::time_point end_;
};

}  // namespace tlaloc::solver
