#include "cli/Progress.h"

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <iostream>
#include <sstream>

namespace tlaloc::cli {

namespace {

constexpr auto kFirstAfter = std::chrono::seconds(1);
constexpr auto kEvery = std::chrono::milliseconds(250);

std::string duration_text(double seconds) {
    const auto s = static_cast<std::int64_t>(std::llround(seconds));
    char buffer[32];
    if (s >= 3600)
        std::snprintf(buffer, sizeof buffer, "%lld h %02lld min", static_cast<long long>(s / 3600),
                      static_cast<long long>(s / 60 % 60));
    else if (s >= 60)
        std::snprintf(buffer, sizeof buffer, "%lld min %02lld s", static_cast<long long>(s / 60),
                      static_cast<long long>(s % 60));
    else
        std::snprintf(buffer, sizeof buffer, "%lld s", static_cast<long long>(s));
    return buffer;
}

}  // namespace

ProgressLine::ProgressLine(std::string what) : ProgressLine(std::move(what), Options{}) {}

ProgressLine::ProgressLine(std::string what, Options options)
    : what_(std::move(what)),
      options_(options),
      terminal_(options.force_terminal || isatty(STDERR_FILENO) == 1),
      start_(std::chrono::steady_clock::now()),
      last_(start_) {}

ProgressLine::~ProgressLine() { clear(); }

std::string ProgressLine::count_text(std::int64_t done, std::int64_t total, const std::string& unit,
                                     std::int64_t start_done, double seconds) {
    std::ostringstream out;
    out << done << "/" << total << " " << unit;
    if (total > 0) out << " (" << static_cast<int>(100.0 * static_cast<double>(done) / total) << " %)";
    const std::int64_t fresh = done - start_done;
    if (seconds > 0 && fresh > 0) {
        const double rate = fresh / seconds;
        out << ", " << (rate >= 10 ? std::to_string(std::llround(rate)) : std::to_string(rate).substr(0, 4))
            << "/s";
        if (total > done)
            out << ", about " << duration_text(static_cast<double>(total - done) / rate) << " left";
    }
    return out.str();
}

bool ProgressLine::due() {
    const auto now = std::chrono::steady_clock::now();
    if (terminal_) {
        if (now - start_ < kFirstAfter || (shown_ && now - last_ < kEvery)) return false;
    } else {
        if (options_.log_every.count() == 0 || now - last_ < options_.log_every) return false;
    }
    last_ = now;
    return true;
}

void ProgressLine::put(const std::string& line) {
    const std::string full = what_ + ": " + line;
    if (!terminal_) {
        std::cerr << full << "\n" << std::flush;
        return;
    }
    std::string padded = full;
    if (padded.size() < shown_) padded.append(shown_ - padded.size(), ' ');
    std::cerr << "\r" << padded << std::flush;
    shown_ = full.size();
}

void ProgressLine::count(std::int64_t done, std::int64_t total, const std::string& unit,
                         std::int64_t start_done) {
    if (!due()) return;
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    put(count_text(done, total, unit, start_done, seconds));
}

void ProgressLine::fraction(double done) {
    if (!due()) return;
    put(std::to_string(static_cast<int>(done * 100)) + " %");
}

void ProgressLine::text(const std::string& text) {
    if (due()) put(text);
}

void ProgressLine::clear() {
    if (!shown_) return;
    std::cerr << "\r" << std::string(shown_, ' ') << "\r" << std::flush;
    shown_ = 0;
}

}  // namespace tlaloc::cli
