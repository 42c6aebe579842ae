// The root's split into melds (MeldCover), asked by the turn search's first pass at milestones of
// states met, on a thread of its own when there is a second core. Internal to the search.
#pragma once
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "solver/akelarre/MeldCover.h"
#include "solver/akelarre/TurnSearch.h"
#include "solver/akelarre/TurnSearchState.h"
#include "solver/common/SearchLimit.h"

namespace tlaloc::akelarre::turn_search {

// The first pass asks the root's split again at milestones of states met (milestone(): kCeilingAfter,
// then half as many again, then twice, and so on), with a budget of kCeilingSplitsPer splits per state
// met (RootSplit): the exact split can cost a
// second, worth it only when the search is long, but when it is the answer the search waits for it (a
// split costs about half a state). At most kCeilingMostSplits (about 1 s) an ask, so that an ask made
// on the search's own thread lets it read the clock often enough.
// The root's split starts (RootSplit) once the first pass has met kRootSplitAfter states: on a second
// core it then has the time the search takes to reach the first milestone for the first ask.
constexpr std::size_t kRootSplitAfter = 512;
constexpr std::size_t kCeilingAfter = 4096, kCeilingSplitsPer = 2, kCeilingMostSplits = std::size_t{1} << 20;
// A search limited to a number of states (search_best_found, the game bots') is meant to answer soon:
// its asks have one split per state met, and the first no more. On the crowded tables of late game
// turns the asks mostly run out of budget without an answer, and with the budgets above they took
// up to 30 times as long as the states the bots allow.
constexpr std::size_t kLimitedSplitsPer = 1;
static_assert(kRootSplitAfter <= kCeilingAfter, "the root's split starts before its first milestone");
// The states met at which the first pass makes ask k of the root's split: 4096, 6144, 8192, 12288, ...
// (an ask only asks whether a split beats the best play found, so it is worth asking again soon after
// the best play has changed).
inline std::size_t milestone(int k) {
    const std::size_t doubled = kCeilingAfter << std::min(k / 2, 40);
    return k % 2 ? doubled + doubled / 2 : doubled;
}

// Thrown inside a probe on a second core that is no longer wanted.
struct ProbeStopped {};

// The root's split into melds, asked with the budgets of the first pass's milestones (ask k at
// milestone(k) states met, kCeilingSplitsPer splits per state met, at most kCeilingMostSplits),
// each going on from what the asks before it valued, on a memo of its own: so the answer of each ask
// is the same whatever the timing. With a second core the asks run on a thread of their own, at most
// one ask ahead of the search: ask k + 1 while the search goes from milestone k to k + 1, where it
// waits for it only when it got there first. With one core, ask() works them out itself. The search
// takes an answer, the splits valued and the memory held as they were after its milestone's ask, so
// what it does never depends on the timing. Each ask only asks whether a split beats the search's
// best play at the milestone before it (at the start for ask 0), known by then on every core: when
// none does, that best play is the answer (MeldCover::best's `beat`).
class RootSplit {
public:
    // `limited`: for a search limited to a number of states (search_best_found), which is meant to
    // answer soon: one split per state met, and no more for the first ask.
    RootSplit(const std::array<int, kCardCodes + 1>& points, bool any_mine, const CoverInput& root,
              Figures best, bool limited, RootSplitCore core);
    ~RootSplit();
    RootSplit(const RootSplit&) = delete;
    RootSplit& operator=(const RootSplit&) = delete;

    // The split when asks 0..k find it, else nullopt; waits for ask k, reading the clock (nullopt when
    // the deadline has passed: the caller throws). `best`: the search's best play at milestone k, which
    // ask k + 1 asks to beat.
    std::optional<CoverBound> ask(int k, const solver::Deadline& deadline, Figures best);
    // The memory held after the last ask the search has taken the answer of.
    std::size_t memory() const { return seen_; }

private:
    static constexpr std::size_t kMostAsks = 64;  // far beyond the memory limit's (about 30)
    // The first ask has kRootCoverBudget more, unless limited: the asks start from an empty memo.
    std::size_t budget(int k) const {
        const std::size_t per = limited_ ? kLimitedSplitsPer : kCeilingSplitsPer;
        const std::size_t extra = k == 0 && !limited_ ? kRootCoverBudget : 0;
        return extra + std::min(milestone(k), kCeilingMostSplits / per) * per;
    }
    // One ask more.
    void next();
    void run();

    MeldCover cover_;
    const CoverInput root_;
    const bool limited_;
    std::mutex mutex_;
    std::condition_variable answered_, wake_;
    int asked_ = 0;     // asks answered
    int reached_ = -1;  // the last milestone the search has reached
    std::optional<CoverBound> answer_;
    int answered_by_ = 0;  // the ask that found answer_
    bool failed_ = false;
    bool ahead_ = false;  // RootSplitCore::first: ask k + 1 made at milestone k, on the search's thread
    std::vector<Figures> beats_;  // by ask: the best play it asks to beat
    std::atomic<bool> stop_{false};
    std::vector<std::size_t> after_;  // by ask: the memory held after it
    std::size_t seen_ = 0;
    std::thread thread_;  // last: it starts once the rest is made
};

}  // namespace tlaloc::akelarre::turn_search
