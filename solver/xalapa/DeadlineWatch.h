// Stopping Z3 at a deadline from a second thread (Z3_interrupt) instead of through Z3's `timeout`
// parameter, so that a --timeout changes nothing in how Z3 searches (see DeadlineWatch).
#pragma once
#include <atomic>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

#include "solver/common/SearchLimit.h"

namespace tlaloc::xalapa {

// Calls `interrupt` every few milliseconds once `deadline` has passed, until destroyed. Setting
// Z3's `timeout` before each check (solver::Deadline::arm) re-applies every solver parameter, which
// undoes the configuration Z3 chose at its first check; later checks of a long-lived solver then
// search differently and may find another of several right answers (another minimal conflicting
// set), so a limit, even one never reached, would change what a batch of challenges prints.
class DeadlineWatch {
public:
    DeadlineWatch(const solver::Deadline& deadline, std::function<void()> interrupt);
    ~DeadlineWatch();
    DeadlineWatch(const DeadlineWatch&) = delete;
    DeadlineWatch& operator=(const DeadlineWatch&) = delete;

    bool fired() const { return fired_; }  // `interrupt` was called at least once

private:
    std::mutex mutex_;
    std::condition_variable wake_;
    bool stop_ = false;
    std::atomic<bool> fired_{false};
    std::thread thread_;
};

}  // namespace tlaloc::xalapa
