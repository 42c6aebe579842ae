#include "solver/xalapa/DeadlineWatch.h"

#include <chrono>

namespace tlaloc::xalapa {

DeadlineWatch::DeadlineWatch(const solver::Deadline& deadline, std::function<void()> interrupt) {
    // Interrupting again and again after the deadline: a check that began just as it passed, after
    // the caller had looked at the clock, is stopped too.
    thread_ = std::thread([this, &deadline, interrupt = std::move(interrupt)] {
        std::unique_lock<std::mutex> lock(mutex_);
        while (!stop_) {
            if (deadline.passed()) {
                fired_ = true;
                interrupt();
            }
            wake_.wait_for(lock, std::chrono::milliseconds(20));
        }
    });
}

DeadlineWatch::~DeadlineWatch() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        stop_ = true;
    }
    wake_.notify_all();
    thread_.join();
}

}  // namespace tlaloc::xalapa
