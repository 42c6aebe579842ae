// The turn search itself (solver/akelarre/TurnSearch.h), split by job: its state and keys
// (TurnSearchState.h, TurnSearchState.cpp), the first pass (TurnSearchFirstPass.cpp), the second pass
// (TurnSearchSecondPass.cpp), the root's split and the probe on a second core (TurnSearchRootSplit.h,
// TurnSearchThreads.cpp), and the answer (TurnSearch.cpp). Internal to the search.
#pragma once
#include <atomic>
#include <exception>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "solver/akelarre/TurnSearch.h"
#include "solver/akelarre/TurnSearchRootSplit.h"
#include "solver/akelarre/TurnSearchState.h"
#include "solver/common/SearchLimit.h"

namespace tlaloc::akelarre::turn_search {

// The exact search, in two passes over the play phase's states (hand moves shrink the hand and
// captures the cards in play, for good; only takes can come back to a state).
// 1. The first two figures: a depth-first search meeting each state once, with a branch and bound: a
//    state is not searched when its figures plus an upper bound on what any play from it could add
//    (counted: its live hand cards, and the points its melds of four allow) do not beat the best play
//    found so far, and the search stops when a play reaches the root's bound: the first, then the
//    split of the root's cards into melds (RootSplit). The split is asked of the root only: asked of
//    every state, it cost more than the states it cut.
//    A state fixes the figures of every play through it, so a state met once is met for good. Once
//    the split of the root is known and the best play found falls short of it, the first pass probes
//    (probe_ceiling): the second pass toward the split's figures, whose play, when it reaches them,
//    is the answer. With a second core (ParallelProbe) the probe runs there while the first pass goes
//    on, and then the second pass, toward the best play found so far, starts there early.
// 2. The fewest moves to a state that may end the turn with those figures: A* over the states, each
//    move costing one, guided by a lower bound on the moves still needed (moves_needed, raised by the
//    takes take_needed and takes_for_points find). States that cannot reach the figures any more
//    (the same upper bound) are never queued. fewest_moves says why the first goal taken from the queue is
//    the nearest.
class ParallelProbe;

class TurnSearchImpl {
public:
    TurnSearchImpl(const TurnPosition& turn, const TurnSearchOptions& options,
                   const solver::Deadline& deadline)
        : turn_(turn),
          options_(options),
          deadline_(deadline),
          width_(2 + static_cast<int>(turn.places.size())),
          most_states_(options.most_states) {
        read_root(options.steps);
    }

    // The best play: the most hand cards, then the most points, then the fewest moves. Under a state
    // limit, when the states, or the memory, run out, the best play found so far instead of
    // SearchLimitReached; past the deadline too with options.answer_out_of_time (out_of_time()).
    std::vector<Move> solve();
    Figures best() const { return best_; }
    bool out_of_time() const { return out_of_time_; }
    TurnSearchResult::Bound bound() const;
    std::size_t states() const { return met_; }
    bool figures_proved() const { return figures_proved_; }
    bool moves_proved() const { return moves_proved_; }
    TurnSearchResult::Probe probe() const { return probe_; }

    // A probe's search on a second core (ParallelProbe): fewest_moves toward `target`, throwing
    // ProbeStopped soon after `*stop` is set, and counting `*partner_bytes` (the first pass's) in its
    // memory limit.
    std::optional<std::vector<Step>> probe_toward(Figures target, const std::atomic<bool>* stop,
                                                  const std::atomic<std::size_t>* partner_bytes) {
        stop_ = stop;
        partner_bytes_ = partner_bytes;
        target_ = target;
        return fewest_moves(std::numeric_limits<int>::max());
    }
    // The bytes the search held at its last look at the clock, for a search on another thread.
    const std::atomic<std::size_t>& bytes_held() const { return bytes_held_; }

private:
    // Bit per card code: in play at least once, twice, three times.
    struct InPlay {
        std::uint32_t once = 0, twice = 0, thrice = 0;
    };
    // A state's move and the state it leads to, with its key's hash.
    struct Child {
        State state;
        InPlay in;  // the state's cards in play
        Step step;
        std::uint64_t hash = 0;
        int moves = 1;           // the second pass's runs: the moves to the state
        bool hand_only = false;  // whether they are all hand moves
    };
    // Children made in storage kept from one state to the next: a child is not cleared when made, since
    // expand writes every field of it (a State is large: clearing it was a sixth of expand's time).
    class ChildList {
    public:
        std::size_t size() const { return size_; }
        Child& operator[](std::size_t i) { return items_[i]; }
        const Child& operator[](std::size_t i) const { return items_[i]; }
        Child& back() { return items_[size_ - 1]; }
        Child& emplace_back() {
            if (size_ == items_.size()) items_.emplace_back();
            return items_[size_++];
        }
        void push_back(const Child& c) { emplace_back() = c; }
        void pop_back() { --size_; }
        void clear() { size_ = 0; }

    private:
        std::vector<Child> items_;
        std::size_t size_ = 0;
    };
    struct Children {
        ChildList list;
        std::vector<std::uint32_t> keys;  // the table's width words each
        const std::uint32_t* key(std::size_t c, int width) const {
            return keys.data() + c * static_cast<std::size_t>(width);
        }
    };
    struct Frame {
        State state;
        Children children;
        std::size_t next = 0;
        Figures reach;  // the most any play through here could reach
    };
    void read_root(int steps);
    Figures figures(const State& s) const { return {hand_size_ - s.hand_size, s.points}; }
    std::uint32_t live_cards(const State& s) const { return live_cards(s, in_play(s)); }
    // The same with s's in_play known.
    std::uint32_t live_cards(const State& s, const InPlay& in) const;
    CoverInput cover_input(const State& s) const;
    bool finishable(const State& s) const;
    InPlay in_play(const State& s) const;
    bool completable(const State& s, const InPlay& in) const;
    // Only a meld that just got its second card, or any after a capture (the target is empty again)
    // took cards out of play, can have lost every way to a third card.
    static bool needs_check(const State& s, const Step& step) {
        const int size = s.piles[static_cast<std::size_t>(step.to)].size;
        return size == 2 || size == 0;
    }
    static std::uint32_t joinable(const Pile& pile);
    // The same with the pile's cards packed 5 bits each, looked up in join_cache().
    static std::uint32_t joinable(std::vector<std::uint32_t>& cache, const Pile& pile, std::uint32_t packed);
    static std::vector<std::uint32_t>& join_cache();
    static std::uint32_t takeable(const Pile& pile);
    void successors(const State& s, std::uint32_t live, std::vector<Step>& out) const;
    void expand(const State& s, const InPlay& in, std::uint32_t live, const StateTable& table,
                bool within_best, Children& out);
    void expand_runs(const State& s, const InPlay& in, std::uint32_t live, const StateTable& table,
                     Children& out);
    bool moves_to(const State& s, const StateTable& table, const std::vector<std::uint32_t>& want,
                  std::vector<Step>& play, State& reached) const;
    // The state a move leads to; `points`: what it captured for me.
    State apply(const State& s, const Step& step, int& points) const {
        State next;
        points = apply_to(s, step, next);
        return next;
    }
    // The same into `next`; returns the points.
    int apply_to(const State& s, const Step& step, State& next) const;
    int points_bound(const State& s, std::uint32_t live) const;
    Figures best_figures();
    void keep_best_play(const std::vector<Frame>& frames, std::size_t depth, const Step& last);
    std::vector<Step> shortened(const std::vector<Step>& play) const;
    bool refine_ceiling(int ask);
    bool probe_ceiling();
    bool start_probe_ahead(std::unique_ptr<ParallelProbe>& probe);
    bool start_ahead(std::unique_ptr<ParallelProbe>& search, Figures target);
    void take_second_pass(std::unique_ptr<ParallelProbe>& second);
    void drop_ahead(std::unique_ptr<ParallelProbe>& search);
    std::unique_ptr<ParallelProbe> collect(std::unique_ptr<ParallelProbe>& search, bool stop);
    std::unique_ptr<ParallelProbe> join_ahead(std::unique_ptr<ParallelProbe>& search, bool stop);
    bool take_probe(std::unique_ptr<ParallelProbe>& probe);
    void lower_ceiling();
    std::optional<std::vector<Step>> fewest_moves(int most);
    bool take_needed(const State& s, std::uint32_t live) const;
    std::vector<Step> play_to(const StateTable& table, std::span<const std::uint32_t> words,
                              std::span<const int> parent, int goal) const;
    int hand_only_points(const State& s, std::uint32_t live) const;
    Figures counted(const State& s, std::uint32_t live) const;
    int moves_needed(const State& s) const;
    int takes_for_points(const State& s, std::uint32_t live) const;
    void look_at_clock();
    std::size_t bytes_now() const;
    // Before a state is met: the states allowed (most_states_) are not all met yet.
    void count_state() {
        if (most_states_ && met_ >= most_states_) stop_at(std::to_string(most_states_) + "-state");
        ++met_;
    }
    // Throws SearchLimitReached for a limit other than the time ("memory (3 GB)", "30000-state").
    [[noreturn]] void stop_at(std::string limit) const {
        solver::SearchLimitReached reached(best_so_far());
        reached.set_limit(std::move(limit));
        throw reached;
    }
    std::string best_so_far() const;
    Move to_move(const Step& s) const;

    const TurnPosition& turn_;
    TurnSearchOptions options_;
    const solver::Deadline& deadline_;
    int width_;
    std::size_t most_states_;  // 0: no limit
    State root_;
    int hand_size_ = 0;
    Owners mine_{};
    bool any_mine_ = false;
    std::array<int, kCardCodes + 1> points_{};
    // The melds of five (bit per card code) with their points for me captured on my place and on
    // another's, and by the cards in play, which of them are (takes_for_points).
    struct FiveMeld {
        std::uint32_t codes = 0;
        int mine = 0, other = 0;
    };
    std::vector<FiveMeld> five_melds_;
    // By the cards in play (a search runs on one thread: the root's split has its own MeldCover).
    mutable std::unordered_map<std::uint32_t, std::vector<std::uint16_t>> five_in_play_;
    std::optional<RootSplit> root_split_;  // the first pass's, from kRootSplitAfter states until it answers
    std::size_t met_ = 0, expanded_ = 0;   // states met and searched, both passes
    Figures best_, ceiling_;               // the best play's figures so far, the root's bound
    Figures target_;                       // the second pass's (and a probe's) figures to reach
    std::size_t held_bytes_ = 0;           // the first pass's table, while a probe runs
    TurnSearchResult::Probe probe_ = TurnSearchResult::Probe::none;
    bool figures_proved_ = false, moves_proved_ = false, out_of_time_ = false;
    int root_points_ = 0;  // the most points any play could capture, as the root's ceiling counted them
    std::vector<Step> best_play_;               // the first pass's play with best_ (or a probe's)
    std::vector<Step> steps_;                   // expand's
    Children run_children_;                     // expand_runs'
    bool hand_runs_ = false;                    // the second pass: hand cards onto new melds in runs
    const StateTable* table_in_use_ = nullptr;  // the pass's, for look_at_clock
    const Frontier* queue_in_use_ = nullptr;    // the second pass's (or a probe's), for look_at_clock
    std::size_t bytes_per_state_ = 0;           // held besides the table, per state in it, at most
    // With a probe on a second core: the bytes this search held at its last look at the clock, the
    // other search's, and (in the probe) the flag that stops it.
    std::atomic<std::size_t> bytes_held_{0};
    const std::atomic<std::size_t>* partner_bytes_ = nullptr;
    const std::atomic<bool>* stop_ = nullptr;
    std::optional<bool> second_core_;  // whether searches go on the second core (start_ahead), once known
    bool second_pass_done_ = false;    // best_play_ is the second pass's, made on the second core
};

// The helpers every pass calls for each state met, here so that the passes' files inline them.

// A hand card that makes no meld of three with two other cards still in play can never lie in a
// finished meld nor be captured (every meld holding it would have three such cards), so it never
// leaves the hand. Cards only leave play, so a dead card stays dead. Bit per card code. (Always
// inlined: out of line it cost the search more instructions than before the split, measured with
// callgrind.)
[[gnu::always_inline]] inline std::uint32_t TurnSearchImpl::live_cards(const State& s,
                                                                       const InPlay& in) const {
    const PairMasks& pairs = pair_masks();
    std::uint32_t live = 0;
    for (int i = 0; i < s.hand_size; ++i) {
        const CardCode x = s.hand[i];
        const std::uint32_t bit = 1u << x;
        if (live & bit) continue;
        // The other cards in play, x's own copy left out: at least once, at least twice.
        const std::uint32_t once = (in.once & ~bit) | (in.twice & bit);
        const std::uint32_t twice = (in.twice & ~bit) | (in.thrice & bit);
        const PairMask& of_x = pairs[x];
        bool found = (of_x.doubled & twice) != 0;
        for (std::uint32_t ys = of_x.with & once; !found && ys; ys &= ys - 1)
            found = (of_x.other[static_cast<std::size_t>(__builtin_ctz(ys))] & once) != 0;
        if (found) live |= bit;
    }
    return live;
}

inline bool TurnSearchImpl::finishable(const State& s) const {
    for (std::size_t p = 0; p < turn_.places.size(); ++p)
        if (s.piles[p].size > 0 && s.piles[p].size < 3) return false;
    return true;
}

// Which cards of a meld of four may be taken (bit per position), computed once per distinct meld.
inline std::uint32_t TurnSearchImpl::takeable(const Pile& pile) {
    std::uint32_t packed = 0;
    for (int i = 0; i < kSlots; ++i) packed |= static_cast<std::uint32_t>(pile.cards[i]) << (5 * i);
    thread_local std::vector<std::uint8_t> by_cards(std::size_t{1} << 20, 0u);
    std::uint8_t& known = by_cards[packed];
    if (!known) {
        known = 1u << kSlots;  // marks "computed"
        for (int i = 0; i < kSlots; ++i)
            if (is_takeable(pile.cards.data(), i)) known |= static_cast<std::uint8_t>(1u << i);
    }
    return known;
}

// An upper bound on what any play from `s` could still add: the live hand cards (within the moves
// left) and the points of the captures the count of 4-card melds allows.
inline Figures TurnSearchImpl::counted(const State& s, std::uint32_t live) const {
    int cards = 0;
    for (int i = 0; i < s.hand_size; ++i) cards += static_cast<int>(live >> s.hand[i] & 1u);
    return {std::min<int>(cards, s.moves_left), s.moves_left > 0 ? points_bound(s, live) : 0};
}

// The probe on a second core, while the first pass goes on: a search of its own (the same turn, the
// same deadline), whose answer the first pass takes when it sees it; the first pass's end stops it.
class ParallelProbe {
public:
    // Throws std::system_error when no thread can be made.
    ParallelProbe(const TurnPosition& turn, const TurnSearchOptions& options,
                  const solver::Deadline& deadline, Figures target,
                  const std::atomic<std::size_t>& first_pass_bytes)
        : search_(turn, options, deadline), target_(target) {
        thread_ = std::thread([this, &first_pass_bytes] {
            try {
                play_ = search_.probe_toward(target_, &stop_, &first_pass_bytes);
            } catch (const ProbeStopped&) {
            } catch (...) {
                error_ = std::current_exception();
            }
            finished_.store(true, std::memory_order_release);
        });
    }
    ~ParallelProbe() { stop(); }
    ParallelProbe(const ParallelProbe&) = delete;
    ParallelProbe& operator=(const ParallelProbe&) = delete;

    Figures target() const { return target_; }
    // Whether it has answered (or failed); then play(), error() and states() may be read.
    bool finished() const { return finished_.load(std::memory_order_acquire); }
    // Stops it, if it is still searching, and waits for its thread.
    void stop() {
        stop_ = true;
        wait();
    }
    // Waits for it to answer (or fail: the deadline, the memory limit).
    void wait() {
        if (thread_.joinable()) thread_.join();
    }
    std::optional<std::vector<Step>>& play() { return play_; }
    std::exception_ptr error() const { return error_; }
    std::size_t states() const { return search_.states(); }
    const std::atomic<std::size_t>& bytes_held() const { return search_.bytes_held(); }

private:
    TurnSearchImpl search_;
    Figures target_;
    std::atomic<bool> stop_{false}, finished_{false};
    std::optional<std::vector<Step>> play_;
    std::exception_ptr error_;
    std::thread thread_;  // last: made once the rest is
};

}  // namespace tlaloc::akelarre::turn_search
