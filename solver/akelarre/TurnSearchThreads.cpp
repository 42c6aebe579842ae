// The turn search's threads: the root's split (RootSplit) on a second core, ahead of the first pass;
// and a probe, or the second pass started early, on a second core while the first pass goes on
// (ParallelProbe), and how the first pass starts, takes and stops it.
#include "solver/akelarre/TurnSearchImpl.h"

#include <chrono>
#include <system_error>

namespace tlaloc::akelarre::turn_search {

RootSplit::RootSplit(const std::array<int, kCardCodes + 1>& points, bool any_mine, const CoverInput& root,
                     Figures best, bool limited, RootSplitCore core)
    : cover_(points, any_mine), root_(root), limited_(limited) {
    cover_.abort_when(&stop_);
    after_.reserve(kMostAsks);
    beats_.reserve(kMostAsks + 1);
    beats_.push_back(best);
    if (core == RootSplitCore::first) {
        ahead_ = true;  // for tests: as far ahead as a thread could get
        next();
    } else if (core == RootSplitCore::ahead && std::thread::hardware_concurrency() > 1) {
        try {
            thread_ = std::thread([this] { run(); });
        } catch (const std::system_error&) {  // no thread: the search makes the asks itself
        }
    }
}

RootSplit::~RootSplit() {
    {
        const std::lock_guard lock(mutex_);
        stop_ = true;
    }
    wake_.notify_all();
    if (thread_.joinable()) thread_.join();
}

std::optional<CoverBound> RootSplit::ask(int k, const solver::Deadline& deadline, Figures best) {
    std::unique_lock lock(mutex_);
    if (static_cast<std::size_t>(k) + 1 == beats_.size() && beats_.size() < beats_.capacity())
        beats_.push_back(best);
    reached_ = std::max(reached_, k);
    wake_.notify_all();
    if (!thread_.joinable()) {
        lock.unlock();
        while (asked_ <= k + (ahead_ ? 1 : 0) && !answer_ && !failed_) next();
        lock.lock();
    }
    while (asked_ <= k && !answer_ && !failed_) {
        answered_.wait_for(lock, std::chrono::milliseconds(50));
        if (deadline.passed()) return std::nullopt;
    }
    // The thread may be an ask further on: what it found there is not the search's yet.
    // (A failed ask, out of memory, left no record.)
    const int last = std::min({k, asked_ - 1, static_cast<int>(after_.size()) - 1});
    if (last >= 0) seen_ = after_[static_cast<std::size_t>(last)];
    return answer_ && answered_by_ <= k ? answer_ : std::nullopt;
}

void RootSplit::next() {
    std::optional<CoverBound> split;
    bool failed = after_.size() == kMostAsks;
    if (!failed) {
        try {
            Figures beat;
            {
                const std::lock_guard lock(mutex_);
                beat = beats_[std::min(static_cast<std::size_t>(asked_), beats_.size() - 1)];
            }
            split = cover_.best(root_, budget(asked_), true, CoverBound{beat.played, beat.points});
        } catch (...) {  // out of memory: no ceiling from the split, the search still proves its figures
            failed = true;
        }
    }
    const std::lock_guard lock(mutex_);
    if (!failed) after_.push_back(cover_.memory());  // within the capacity reserved
    if (split) answered_by_ = asked_;
    ++asked_;
    answer_ = split;
    failed_ = failed || stop_;
    answered_.notify_all();
}

void RootSplit::run() {
    std::unique_lock lock(mutex_);
    while (!stop_ && !answer_ && !failed_) {
        if (asked_ > reached_ + 1) {  // one ask ahead of the search at most
            wake_.wait(lock);
            continue;
        }
        lock.unlock();
        next();
        lock.lock();
    }
}

// Once the root's split is known, a probe toward it on a second core (ProbeCore::ahead) instead of
// on this thread: whether one was started.
bool TurnSearchImpl::start_probe_ahead(std::unique_ptr<ParallelProbe>& probe) {
    if (!start_ahead(probe, ceiling_)) return false;
    probe_ = TurnSearchResult::Probe::overtaken;  // until it answers
    return true;
}

// A search toward `target` on a second core (ProbeCore::ahead), for the states met beyond the root's:
// whether one was started.
bool TurnSearchImpl::start_ahead(std::unique_ptr<ParallelProbe>& search, Figures target) {
    if (!second_core_)
        // Asked once (hardware_concurrency is a system call): a state limit must stop at the same state
        // on every machine.
        second_core_ = !most_states_ && options_.probe_core == ProbeCore::ahead &&
                       std::thread::hardware_concurrency() >= 2;
    if (!*second_core_) return false;
    bytes_held_.store(bytes_now(), std::memory_order_relaxed);
    try {
        // The same bound on the moves as this search's (the root's moves left; none: unbounded).
        TurnSearchOptions options = options_;
        options.steps = root_.moves_left == kUnbounded ? 0 : root_.moves_left;
        options.most_states = 0;
        options.answer_out_of_time = false;
        search = std::make_unique<ParallelProbe>(turn_, options, deadline_, target, bytes_held_);
    } catch (const std::system_error&) {
        second_core_ = false;
        return false;
    }
    partner_bytes_ = &search->bytes_held();
    return true;
}

// The second pass started early on the second core (best_figures), once the first pass has proved
// its target the best: its play, in the fewest moves. Its failure is the search's.
void TurnSearchImpl::take_second_pass(std::unique_ptr<ParallelProbe>& second) {
    const std::unique_ptr<ParallelProbe> done = collect(second, false);
    if (!done) return;  // the second pass runs on this thread
    if (!done->play()) throw std::logic_error("search_best_play: the second pass lost the first pass's play");
    best_play_ = *std::move(done->play());
    second_pass_done_ = true;
}

// Waits for a search on the second core (stopped first with `stop`), counts its states and hands it
// over. Past the deadline, that is the search's failure too. Stopped by the memory limit (which counts
// both threads' tables, so that the two together reached it), it answered nothing: nullptr, and this
// thread goes on alone, as it would have with one core.
std::unique_ptr<ParallelProbe> TurnSearchImpl::collect(std::unique_ptr<ParallelProbe>& search, bool stop) {
    std::unique_ptr<ParallelProbe> done = join_ahead(search, stop);
    if (done->error()) {
        if (deadline_.passed()) throw solver::SearchLimitReached(best_so_far());
        try {
            std::rethrow_exception(done->error());
        } catch (const solver::SearchLimitReached&) {
            return nullptr;
        }
    }
    return done;
}

// Stops a search on the second core whose answer is of no more use (its failure included).
void TurnSearchImpl::drop_ahead(std::unique_ptr<ParallelProbe>& search) { join_ahead(search, true); }

// Waits for a search on the second core (stopped first with `stop`), counts its states and hands it
// over, as it ended.
std::unique_ptr<ParallelProbe> TurnSearchImpl::join_ahead(std::unique_ptr<ParallelProbe>& search, bool stop) {
    if (stop)
        search->stop();
    else
        search->wait();
    partner_bytes_ = nullptr;
    met_ += search->states();
    return std::move(search);
}

// Takes the answer of a probe on a second core that has finished: true when it reached its figures
// (then they are the best, and its play the answer), else the ceiling is lowered below them. Its
// failure (the deadline, the memory limit) is the search's.
bool TurnSearchImpl::take_probe(std::unique_ptr<ParallelProbe>& probe) {
    const std::unique_ptr<ParallelProbe> done = collect(probe, true);
    if (!done) return false;  // no answer: the first pass goes on, its ceiling as it was
    if (!done->play()) {
        probe_ = TurnSearchResult::Probe::missed;
        if (ceiling_ == done->target()) lower_ceiling();
        return false;
    }
    probe_ = TurnSearchResult::Probe::reached;
    best_ = done->target();
    best_play_ = *std::move(done->play());
    return true;
}

}  // namespace tlaloc::akelarre::turn_search
