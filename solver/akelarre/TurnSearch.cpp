#include "solver/akelarre/TurnSearch.h"

#include <algorithm>
#include <array>
#include <bit>
#include <condition_variable>
#include <exception>
#include <limits>
#include <memory>
#include <mutex>
#include <span>
#include <stdexcept>
#include <string>
#include <system_error>
#include <thread>
#include <unordered_map>
#include <utility>

#include "model/akelarre/Meld.h"
#include "solver/akelarre/CardCode.h"
#include "solver/akelarre/MeldCover.h"
#include "solver/common/HugePages.h"
#include "solver/common/SearchLimit.h"

namespace tlaloc::akelarre {

namespace {

constexpr int kMaxHand = 7;     // parse_turn's limit
constexpr int kMaxPlaces = 24;  // 12 table melds and 12 free places, parse_turn's limits
constexpr int kSlots = 4;       // a meld holds at most 4 cards between moves: the fifth captures it
constexpr int kUnbounded = 255;
constexpr std::size_t kClockEvery = 4096;                 // states expanded between two looks at the clock
constexpr std::size_t kMostBytes = std::size_t{3} << 30;  // the tables a search may hold
constexpr std::size_t kRootCoverBudget = 50000;  // splits the root's split's first ask has beyond its share
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
std::size_t milestone(int k) {
    const std::size_t doubled = kCeilingAfter << std::min(k / 2, 40);
    return k % 2 ? doubled + doubled / 2 : doubled;
}

// The first two figures of a play, compared lexicographically: most hand cards, then most points (the
// third, fewest moves, is the second pass's).
struct Figures {
    int played = 0;
    int points = 0;
    friend auto operator<=>(const Figures&, const Figures&) = default;
};
Figures operator+(const Figures& a, const Figures& b) { return {a.played + b.played, a.points + b.points}; }

struct Pile {
    std::array<CardCode, kSlots> cards{};  // ascending, so equal melds look equal
    std::uint8_t size = 0;
    friend bool operator==(const Pile&, const Pile&) = default;
};

// The play phase's whole state: the hand and each place's cards (a card is taken and placed in one
// move, so no card is ever "in the air"), the moves a bounded play has left, and the points captured
// for me so far. With the points in it, a state fixes the first two figures of the plays reaching it
// (the hand cards played are the ones missing), so whether a state can still beat a play found is
// the same question however it was reached. Its fields are small: a state is copied for every move
// looked at.
struct State {
    std::array<CardCode, kMaxHand> hand{};  // ascending
    std::uint8_t hand_size = 0;
    std::uint8_t moves_left = kUnbounded;
    // The second pass's new meld that hand cards are being laid on: every move goes onto it until it
    // has three cards (TurnSearchImpl::successors says why no play is lost); -1 none. Such states
    // are passed through, never kept, so neither this nor run_low is in a state's key.
    std::int8_t pending = -1;
    CardCode run_low = 0;  // the last hand card laid on it: the next one is not lower
    int points = 0;
    std::array<Pile, kMaxPlaces> piles{};
};

// One move: `card` from the hand (from = -1) or from pile `from`, onto pile `to`.
struct Step {
    CardCode card = 0;
    int from = -1;
    int to = 0;
};

template <typename Size>
void insert_sorted(CardCode* cards, Size& size, CardCode c) {
    int i = size++;
    for (; i > 0 && cards[i - 1] > c; --i) cards[i] = cards[i - 1];
    cards[i] = c;
}
template <typename Size>
void erase_one(CardCode* cards, Size& size, CardCode c) {
    int i = 0;
    while (cards[i] != c) ++i;
    for (--size; i < size; ++i) cards[i] = cards[i + 1];
    cards[size] = 0;
}

// The points a captured meld of five cards, worth `worth` to me each, brings me (my_share of
// model/akelarre/Turn.h, on points): all five on my own place; on another's, its owner keeps the two
// worth most to me.
int captured_points(std::array<int, 5> worth, bool my_place) {
    std::sort(worth.begin(), worth.end());
    return worth[0] + worth[1] + worth[2] + (my_place ? worth[3] + worth[4] : 0);
}

// Whether each place is mine, by place.
using Owners = std::array<bool, kMaxPlaces>;

// Canonical states: interchangeable places (same owner class, same cards) are one state, so a key
// sorts the places within "mine" and "someone else's". Keys live in one flat arena.
class StateTable {
    static constexpr int kFirstBits = 12;
    // A state's id and its key's hash's high half (the tag), which tells most other keys apart without
    // reading the key (a cache miss into the arena).
    struct Slot {
        int id = -1;
        std::uint32_t tag = 0;
    };

public:
    explicit StateTable(int places) : width_(2 + places) {
        slots_.assign(std::size_t{1} << kFirstBits, Slot{});
    }

    int width() const { return width_; }
    std::size_t size() const { return count_; }
    // The state's words as they are (place p in word 2 + p), which decode() reads back; key() sorts them.
    void encode(const State& s, const Owners& mine, std::uint32_t* out) const {
        encode_head(s, out);
        for (int p = 0; p < width_ - 2; ++p) out[2 + p] = place_word(s, mine, p);
    }
    void key(const State& s, const Owners& mine, std::uint32_t* out) const {
        encode(s, mine, out);
        std::sort(out + 2, out + width_);
    }
    // The key of `s` when it differs from a state whose key is `from` and whose words (encode) are
    // `words` only in its hand, moves left, points and places a and b (-1: none): key() with no sort.
    void key_after(const State& s, const Owners& mine, const std::uint32_t* from, const std::uint32_t* words,
                   int a, int b, std::uint32_t* out) const {
        std::copy_n(from, width_, out);
        encode_head(s, out);
        std::uint32_t* const first = out + 2;
        std::uint32_t* const last = out + width_;
        // One copy of `was` in the sorted words becomes `now`, moved to where it sorts.
        auto replace = [&](std::uint32_t was, std::uint32_t now) {
            std::uint32_t* at = std::lower_bound(first, last, was);
            for (; at + 1 < last && at[1] < now; ++at) at[0] = at[1];
            for (; at > first && at[-1] > now; --at) at[0] = at[-1];
            *at = now;
        };
        if (a >= 0) replace(words[2 + a], place_word(s, mine, a));
        if (b >= 0) replace(words[2 + b], place_word(s, mine, b));
    }
    State decode(const std::uint32_t* words) const {
        State s;
        const std::uint64_t hand = words[0] | static_cast<std::uint64_t>(words[1] & 0xFFu) << 32;
        for (int i = 0; i < kMaxHand; ++i) {
            const auto c = static_cast<CardCode>(hand >> (5 * i) & 31u);
            if (c == 0) break;
            s.hand[static_cast<std::size_t>(s.hand_size++)] = c;
        }
        s.moves_left = static_cast<int>(words[1] >> 8 & 0xFFu);
        s.points = static_cast<int>(words[1] >> 16);
        for (int p = 0; p < width_ - 2; ++p) {
            Pile& pile = s.piles[static_cast<std::size_t>(p)];
            for (int i = 0; i < kSlots; ++i) {
                const auto c = static_cast<CardCode>(words[2 + p] >> (5 * i) & 31u);
                if (c == 0) break;
                pile.cards[static_cast<std::size_t>(pile.size++)] = c;
            }
        }
        return s;
    }

    // The state's id, or -1 when it was never seen.
    int find(const std::uint32_t* k) const { return find(k, hash(k)); }
    // The same with the key's hash() known.
    int find(const std::uint32_t* k, std::uint64_t h) const {
        const auto tag = static_cast<std::uint32_t>(h >> 32);
        for (std::size_t i = home(tag); slots_[i].id >= 0; i = (i + 1) & mask())
            if (slots_[i].tag == tag && equal(slots_[i].id, k)) return slots_[i].id;
        return -1;
    }
    // Adds a state not yet seen; ids count up from 0 in the order states are added.
    int add(const std::uint32_t* k) { return add(k, hash(k)); }
    // The same with the key's hash() known.
    int add(const std::uint32_t* k, std::uint64_t h) {
        if (2 * (count_ + 1) > slots_.size()) grow();
        const int id = static_cast<int>(count_++);
        keys_.insert(keys_.end(), k, k + width_);
        put({id, static_cast<std::uint32_t>(h >> 32)});
        return id;
    }
    // Bytes held.
    std::size_t memory() const {
        return keys_.capacity() * sizeof(std::uint32_t) + slots_.capacity() * sizeof(Slot);
    }
    // Asks the memory for the slot where a look-up of a key with this hash starts, so that the
    // look-ups of a state's children overlap their cache misses.
    void prefetch(std::uint64_t h) const {
        __builtin_prefetch(&slots_[home(static_cast<std::uint32_t>(h >> 32))]);
    }

    // A state's first two words: its hand, moves left and points.
    static void encode_head(const State& s, std::uint32_t* out) {
        std::uint64_t hand = 0;
        for (int i = 0; i < s.hand_size; ++i) hand |= static_cast<std::uint64_t>(s.hand[i]) << (5 * i);
        out[0] = static_cast<std::uint32_t>(hand);
        out[1] = static_cast<std::uint32_t>(hand >> 32) | (static_cast<std::uint32_t>(s.moves_left) << 8) |
                 (static_cast<std::uint32_t>(s.points) << 16);
    }
    // Place p's word: its cards, and whether it is mine.
    static std::uint32_t place_word(const State& s, const Owners& mine, int p) {
        const Pile& pile = s.piles[static_cast<std::size_t>(p)];
        std::uint32_t w = mine[static_cast<std::size_t>(p)] ? 1u << 31 : 0u;
        for (int i = 0; i < pile.size; ++i) w |= static_cast<std::uint32_t>(pile.cards[i]) << (5 * i);
        return w;
    }

    std::uint64_t hash(const std::uint32_t* k) const {
        std::uint64_t h = 0x9E3779B97F4A7C15ull;
        for (int i = 0; i < width_; ++i) {
            h = (h ^ k[i]) * 0xBF58476D1CE4E5B9ull;
            h ^= h >> 31;
        }
        return h;
    }

private:
    std::size_t mask() const { return slots_.size() - 1; }
    // A key's first slot: the top bits of its hash, which the slot keeps (the tag). So the slots are in
    // the order of their tags, but for the runs that wrap round the end, and growing the table is one
    // pass over them in order, with no key read again (at most 2^32 slots, far beyond the memory limit).
    std::size_t home(std::uint32_t tag) const { return static_cast<std::size_t>(tag) >> (32 - bits_); }
    bool equal(int id, const std::uint32_t* k) const {
        return std::equal(k, k + width_, keys_.begin() + static_cast<std::ptrdiff_t>(id) * width_);
    }
    void put(const Slot& slot) {
        std::size_t i = home(slot.tag);
        while (slots_[i].id >= 0) i = (i + 1) & mask();
        slots_[i] = slot;
    }
    void grow() {
        solver::HugeVector<Slot> old(slots_.size() * 2, Slot{});
        old.swap(slots_);
        ++bits_;
        for (const Slot& slot : old)
            if (slot.id >= 0) put(slot);
    }

    int width_;
    int bits_ = kFirstBits;  // slots_ holds 2^bits_
    std::size_t count_ = 0;
    solver::HugeVector<std::uint32_t> keys_;
    solver::HugeVector<Slot> slots_;
};

// For each card code x, the pairs (y, z), y <= z, that make a meld of three with x; the same for every
// turn.
using MeldPairs = std::array<std::vector<std::pair<CardCode, CardCode>>, kCardCodes + 1>;
const MeldPairs& meld_pairs() {
    static const MeldPairs pairs = [] {
        MeldPairs out;
        for (CardCode x = 1; x <= kCardCodes; ++x)
            for (CardCode y = 1; y <= kCardCodes; ++y)
                for (CardCode z = y; z <= kCardCodes; ++z) {
                    const CardCode three[3] = {x, y, z};
                    if (is_meld(three, 3)) out[x].push_back({y, z});
                }
        return out;
    }();
    return pairs;
}

// meld_pairs() as masks: for each card code x, the codes y that make a meld of three with x and a
// card z other than y (`other`: those z by y), and the codes y that make one with x twice over.
struct PairMask {
    std::uint32_t with = 0;  // bit y when some z != y makes a meld with x and y
    std::array<std::uint32_t, kCardCodes + 1> other{};
    std::uint32_t doubled = 0;
};
using PairMasks = std::array<PairMask, kCardCodes + 1>;
const PairMasks& pair_masks() {
    static const PairMasks masks = [] {
        PairMasks out;
        for (CardCode x = 1; x <= kCardCodes; ++x)
            for (const auto& [y, z] : meld_pairs()[x]) {
                if (y == z) {
                    out[x].doubled |= 1u << y;
                } else {
                    out[x].with |= 1u << y | 1u << z;
                    out[x].other[y] |= 1u << z;
                    out[x].other[z] |= 1u << y;
                }
            }
        return out;
    }();
    return masks;
}

// The card codes that lie in some meld of three with `card` (bit per code): meld_pairs() as a mask.
std::uint32_t partners(CardCode card) {
    static const std::array<std::uint32_t, kCardCodes + 1> by_card = [] {
        std::array<std::uint32_t, kCardCodes + 1> out{};
        for (CardCode x = 1; x <= kCardCodes; ++x)
            for (const auto& [y, z] : meld_pairs()[x]) out[x] |= 1u << y | 1u << z;
        return out;
    }();
    return by_card[card];
}

// The second pass's queue: states by f = moves made + moves still needed at least, then by the moves
// made, so that among states of one f the deepest, the nearest to the end of a play, is taken first.
class Frontier {
public:
    // f beyond `most` is never queued (pass 2: a play of `most` moves is known; a probe has no such
    // bound). The buckets of an f are made when first used (the play the first pass found can be
    // thousands of moves long).
    explicit Frontier(int most) : most_(most) {}
    void push(int f, int g, int id) {
        if (f > most_) return;
        if (static_cast<std::size_t>(f) >= buckets_.size()) {
            buckets_.resize(static_cast<std::size_t>(f + 1));
            top_.resize(static_cast<std::size_t>(f + 1), -1);
        }
        highest_ = std::max(highest_, f);
        ++pushed_;
        auto& of_f = buckets_[static_cast<std::size_t>(f)];
        if (of_f.empty()) of_f.resize(static_cast<std::size_t>(f + 1));
        of_f[static_cast<std::size_t>(g)].push_back(id);
        top_[static_cast<std::size_t>(f)] = std::max(top_[static_cast<std::size_t>(f)], g);
    }
    // The highest f queued so far, -1 before the first.
    int highest() const { return highest_; }
    // An upper bound on the bytes its entries hold: taken entries keep their room, and a list grown by
    // doubling holds up to twice its entries (the lists' own headers left out: few).
    std::size_t memory() const { return 2 * pushed_ * sizeof(int); }
    // A state of this f, the deepest first; -1 when none is left.
    int pop(int f) {
        if (static_cast<std::size_t>(f) >= buckets_.size()) return -1;
        int& top = top_[static_cast<std::size_t>(f)];
        auto& of_f = buckets_[static_cast<std::size_t>(f)];
        for (; top >= 0; --top) {
            auto& bucket = of_f[static_cast<std::size_t>(top)];
            if (bucket.empty()) continue;
            const int id = bucket.back();
            bucket.pop_back();
            return id;
        }
        return -1;
    }

private:
    int most_, highest_ = -1;
    std::size_t pushed_ = 0;
    std::vector<std::vector<std::vector<int>>> buckets_;  // by f, then by moves made
    std::vector<int> top_;
};

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
    ~RootSplit() {
        {
            const std::lock_guard lock(mutex_);
            stop_ = true;
        }
        wake_.notify_all();
        if (thread_.joinable()) thread_.join();
    }
    RootSplit(const RootSplit&) = delete;
    RootSplit& operator=(const RootSplit&) = delete;

    // The split when asks 0..k find it, else nullopt; waits for ask k, reading the clock (nullopt when
    // the deadline has passed: the caller throws). `best`: the search's best play at milestone k, which
    // ask k + 1 asks to beat.
    std::optional<CoverBound> ask(int k, const solver::Deadline& deadline, Figures best) {
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
    void next() {
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
    void run() {
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

void TurnSearchImpl::read_root(int steps) {
    if (turn_.hand.size() > static_cast<std::size_t>(kMaxHand) ||
        turn_.places.size() > static_cast<std::size_t>(kMaxPlaces))
        throw std::invalid_argument("search_best_play: more than 7 hand cards or 24 places");
    for (const Card& c : turn_.hand) insert_sorted(root_.hand.data(), root_.hand_size, card_code(c));
    for (std::size_t p = 0; p < turn_.places.size(); ++p) {
        const auto& place = turn_.places[p];
        if (place.cards.size() > static_cast<std::size_t>(kSlots) || why_cannot_finish({place}))
            throw std::invalid_argument("search_best_play: a table meld of 1, 2 or 5 cards");
        for (const Card& c : place.cards)
            insert_sorted(root_.piles[p].cards.data(), root_.piles[p].size, card_code(c));
        mine_[p] = place.owner == turn_.me;
        any_mine_ = any_mine_ || mine_[p];
    }
    // The melds of five (five_melds_, MeldCover) are of distinct cards: one joker of each family.
    std::array<int, kCardCodes + 1> copies{};
    for (int i = 0; i < root_.hand_size; ++i) ++copies[root_.hand[i]];
    for (std::size_t p = 0; p < turn_.places.size(); ++p)
        for (int i = 0; i < root_.piles[p].size; ++i) ++copies[root_.piles[p].cards[i]];
    for (CardCode c = 1; c <= kCardCodes; ++c)
        if (copies[c] > deck_copies(card_of(c)))
            throw std::invalid_argument("search_best_play: more copies of a card than the deck holds");
    root_.moves_left = steps > 0 ? std::min(steps, kUnbounded - 1) : kUnbounded;
    hand_size_ = root_.hand_size;
    for (CardCode c = 1; c <= kCardCodes; ++c) points_[c] = card_points(card_of(c), turn_.favourite);
    for (const std::uint32_t codes : all_melds()) {
        if (std::popcount(codes) != 5) continue;
        std::array<int, 5> worth{};
        int n = 0;
        for (std::uint32_t rest = codes; rest; rest &= rest - 1)
            worth[static_cast<std::size_t>(n++)] = points_[std::countr_zero(rest)];
        five_melds_.push_back({codes, captured_points(worth, true), captured_points(worth, false)});
    }
}

// A hand card that makes no meld of three with two other cards still in play can never lie in a
// finished meld nor be captured (every meld holding it would have three such cards), so it never
// leaves the hand. Cards only leave play, so a dead card stays dead. Bit per card code.
std::uint32_t TurnSearchImpl::live_cards(const State& s, const InPlay& in) const {
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

bool TurnSearchImpl::finishable(const State& s) const {
    for (std::size_t p = 0; p < turn_.places.size(); ++p)
        if (s.piles[p].size > 0 && s.piles[p].size < 3) return false;
    return true;
}

// Which card codes are in play at least once, twice and three times: bit per code.
TurnSearchImpl::InPlay TurnSearchImpl::in_play(const State& s) const {
    InPlay in;
    auto count = [&in](CardCode c) {
        const std::uint32_t bit = 1u << c;
        in.thrice |= in.twice & bit;
        in.twice |= in.once & bit;
        in.once |= bit;
    };
    for (int i = 0; i < s.hand_size; ++i) count(s.hand[i]);
    for (int p = 0; p < width_ - 2; ++p) {
        const Pile& pile = s.piles[static_cast<std::size_t>(p)];
        for (int i = 0; i < pile.size; ++i) count(pile.cards[i]);
    }
    return in;
}

// Every meld being laid with two cards can still get a third from the cards left in play outside it
// (`in` is s's in_play; cards only ever leave play, so a meld that cannot be finished now never can).
bool TurnSearchImpl::completable(const State& s, const InPlay& in) const {
    for (std::size_t p = 0; p < turn_.places.size(); ++p) {
        const Pile& laid = s.piles[p];
        if (laid.size != 2) continue;
        const CardCode a = laid.cards[0], b = laid.cards[1];
        // The codes of the laid cards count only for the copies beyond the laid ones.
        std::uint32_t elsewhere = in.once & ~(1u << a) & ~(1u << b);
        if (a == b)
            elsewhere |= in.thrice & 1u << a;
        else
            elsewhere |= (in.twice & 1u << a) | (in.twice & 1u << b);
        if ((joinable(laid) & elsewhere) == 0) return false;
    }
    return true;
}

// Which card codes may join the meld on a pile (bit per code), computed once per distinct meld: the
// moves of a state ask it for every card and every place.
std::uint32_t TurnSearchImpl::joinable(const Pile& pile) {
    std::uint32_t packed = 0;
    for (int i = 0; i < pile.size; ++i) packed |= static_cast<std::uint32_t>(pile.cards[i]) << (5 * i);
    return joinable(join_cache(), pile, packed);
}

// By the packed cards of the pile; the meld rules do not depend on the turn, so searches share it.
std::vector<std::uint32_t>& TurnSearchImpl::join_cache() {
    thread_local std::vector<std::uint32_t> by_cards(std::size_t{1} << 20, 0u);
    return by_cards;
}

std::uint32_t TurnSearchImpl::joinable(std::vector<std::uint32_t>& cache, const Pile& pile,
                                       std::uint32_t packed) {
    if (pile.size + 1 < 3) return ~0u;
    std::uint32_t& known = cache[packed];
    if (known) return known & ~1u;
    CardCode cards[5];
    std::copy(pile.cards.begin(), pile.cards.begin() + pile.size, cards);
    known = 1u;  // bit 0 (no card code) marks "computed"
    for (CardCode c = 1; c <= kCardCodes; ++c) {
        cards[pile.size] = c;
        if (is_meld(cards, pile.size + 1)) known |= 1u << c;
    }
    return known & ~1u;
}

// Which cards of a meld of four may be taken (bit per position), computed once per distinct meld.
std::uint32_t TurnSearchImpl::takeable(const Pile& pile) {
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

// Every legal move, once per distinct card and per distinct target (places that look the same lead
// to the same state); hand cards first, so good plays are met early.
// In the second pass (hand_runs_), hand cards onto a new meld come in one run: once a hand card lies
// on a meld of one or two cards, every move goes onto that meld until it has three (State::pending),
// the hand cards in ascending order, and a taken card only as the third. No play is lost, nor made
// longer: in any play, the hand cards that go onto a new meld before its third card can wait until
// just before that third card, in any order. Nothing can be taken from a meld of one or two cards,
// any card may join it, and a hand card is in the hand whenever it is played, so putting hand cards
// down later leaves every other move as legal as it was, and the meld's three cards are the same.
void TurnSearchImpl::successors(const State& s, std::uint32_t live, std::vector<Step>& out) const {
    out.clear();
    if (s.moves_left == 0) return;
    const int places = static_cast<int>(turn_.places.size());
    // first[t], second[t]: the first two places that look like t (t itself among them, kMaxPlaces for
    // none); a target or a source that looks like an earlier one leads to the same states.
    std::array<int, kMaxPlaces> first{}, second{};
    // Places look the same when they have one owner class and the same cards, and neither is the
    // meld being laid (State::pending).
    std::array<std::uint32_t, kMaxPlaces> look{}, fits{};
    std::vector<std::uint32_t>& cache = join_cache();
    for (int t = 0; t < places; ++t) {
        const Pile& pile = s.piles[static_cast<std::size_t>(t)];
        std::uint32_t packed = 0;
        for (int i = 0; i < pile.size; ++i) packed |= static_cast<std::uint32_t>(pile.cards[i]) << (5 * i);
        fits[static_cast<std::size_t>(t)] = joinable(cache, pile, packed);
        look[static_cast<std::size_t>(t)] =
            t == s.pending ? 1u << 30 : packed | (mine_[static_cast<std::size_t>(t)] ? 1u << 31 : 0u);
    }
    for (int t = 0; t < places; ++t) {
        first[t] = t;
        second[t] = kMaxPlaces;
        for (int u = 0; u < t; ++u) {
            if (look[static_cast<std::size_t>(u)] != look[static_cast<std::size_t>(t)]) continue;
            if (first[t] == t) {
                first[t] = u;
            } else {
                second[t] = u;
                break;
            }
        }
        if (first[t] != t && second[t] == kMaxPlaces) second[t] = t;
    }
    auto targets = [&](CardCode c, int from) {
        for (int t = 0; t < places; ++t) {
            if (t == from || (s.pending >= 0 && t != s.pending)) continue;
            const bool repeat = first[t] == from ? second[t] < t : first[t] < t;
            if (!repeat && (fits[t] >> c & 1u)) out.push_back({c, from, t});
        }
    };
    for (int i = 0; i < s.hand_size; ++i) {
        const CardCode c = s.hand[i];
        if ((i > 0 && s.hand[i - 1] == c) || !(live >> c & 1u) || c < s.run_low) continue;
        targets(c, -1);
    }
    if (s.pending >= 0 && s.piles[static_cast<std::size_t>(s.pending)].size != kMeldMin - 1) return;
    for (int f = 0; f < places; ++f) {
        const Pile& source = s.piles[static_cast<std::size_t>(f)];
        if (source.size != kSlots) continue;
        if (first[f] != f) continue;
        for (int i = 0; i < kSlots; ++i) {
            if ((i > 0 && source.cards[i - 1] == source.cards[i]) || !(takeable(source) >> i & 1u)) continue;
            targets(source.cards[i], f);
        }
    }
}

int TurnSearchImpl::apply_to(const State& s, const Step& step, State& next) const {
    next = s;
    next.pending = -1;
    next.run_low = 0;
    if (step.from < 0) {
        erase_one(next.hand.data(), next.hand_size, step.card);
    } else {
        Pile& source = next.piles[static_cast<std::size_t>(step.from)];
        erase_one(source.cards.data(), source.size, step.card);
    }
    if (next.moves_left != kUnbounded) --next.moves_left;
    Pile& target = next.piles[static_cast<std::size_t>(step.to)];
    if (target.size + 1 < 5) {
        insert_sorted(target.cards.data(), target.size, step.card);
        if (hand_runs_ && target.size < kMeldMin && step.from < 0) {
            // A hand card onto a new meld, or onto the one being laid: the run of moves onto it goes on
            // (a taken card goes onto that meld only as its third).
            next.pending = step.to;
            next.run_low = step.card;
        }
        return 0;
    }
    // The fifth card: captured. Another player's place keeps the two cards worth most to me.
    std::array<int, 5> worth{};
    for (int i = 0; i < kSlots; ++i) worth[static_cast<std::size_t>(i)] = points_[target.cards[i]];
    worth[4] = points_[step.card];
    const int points = captured_points(worth, mine_[static_cast<std::size_t>(step.to)]);
    next.points += points;
    target = Pile{};
    return points;
}

// An upper bound on what any play from `s` could still add: the live hand cards (within the moves
// left) and the points of the captures the count of 4-card melds allows.
Figures TurnSearchImpl::counted(const State& s, std::uint32_t live) const {
    int cards = 0;
    for (int i = 0; i < s.hand_size; ++i) cards += static_cast<int>(live >> s.hand[i] & 1u);
    return {std::min<int>(cards, s.moves_left), s.moves_left > 0 ? points_bound(s, live) : 0};
}

CoverInput TurnSearchImpl::cover_input(const State& s) const {
    CoverInput in;
    for (int i = 0; i < s.hand_size; ++i) ++in.hand[s.hand[i]];
    for (std::size_t p = 0; p < turn_.places.size(); ++p)
        add_place(in, s.piles[p].cards.data(), s.piles[p].size, mine_[p]);
    return in;
}

// Each capture lowers "live hand cards + 4-card melds" by two and no move raises it (a card onto a
// 3-card meld makes a 4-card meld but leaves the hand or another 4-card meld), so at most half of it
// are left. Captures take five cards each; I keep all five on my own places and the three another
// owner leaves me elsewhere, so they give at most the best 5 (or 3) cards per capture still in play.
int TurnSearchImpl::points_bound(const State& s, std::uint32_t live) const {
    std::array<int, 8> by_points{};  // cards in play per points value
    int fours = 0, in_play = 0, live_cards = 0;
    for (int i = 0; i < s.hand_size; ++i)
        if (live >> s.hand[i] & 1u) {
            ++by_points[static_cast<std::size_t>(points_[s.hand[i]])];
            ++live_cards;
        }
    in_play = live_cards;
    for (std::size_t p = 0; p < turn_.places.size(); ++p) {
        const Pile& pile = s.piles[p];
        fours += pile.size == kSlots;
        in_play += pile.size;
        for (int i = 0; i < pile.size; ++i) ++by_points[static_cast<std::size_t>(points_[pile.cards[i]])];
    }
    const int captures = std::min<int>({(live_cards + fours) / 2, in_play / 5, s.moves_left});
    int cards = captures * (any_mine_ ? 5 : 3), points = 0;
    for (int v = 7; v > 0 && cards > 0; --v) {
        const int take = std::min(cards, by_points[static_cast<std::size_t>(v)]);
        points += take * v;
        cards -= take;
    }
    return points;
}

// Every kClockEvery states searched: the time limit, and the memory the search holds.
void TurnSearchImpl::look_at_clock() {
    if (stop_ && stop_->load(std::memory_order_relaxed)) throw ProbeStopped{};
    if (++expanded_ % kClockEvery != 0) return;
    if (deadline_.passed()) throw solver::SearchLimitReached(best_so_far());
    std::size_t bytes = bytes_now();
    bytes_held_.store(bytes, std::memory_order_relaxed);
    if (partner_bytes_) bytes += partner_bytes_->load(std::memory_order_relaxed);
    if (bytes > kMostBytes) stop_at("memory (" + std::to_string(kMostBytes >> 30) + " GB)");
}

// The bytes this search holds.
std::size_t TurnSearchImpl::bytes_now() const {
    std::size_t bytes = root_split_ ? root_split_->memory() : 0;
    bytes += held_bytes_;
    if (table_in_use_) bytes += table_in_use_->memory() + table_in_use_->size() * bytes_per_state_;
    if (queue_in_use_) bytes += queue_in_use_->memory();
    return bytes;
}

// The states the moves from `s` lead to, less those with a meld being laid that can no longer be
// finished (and, `within_best`, those past the best figures, which no play can end), keyed; their
// slots in `table` are asked for at once, so that the look-ups that follow overlap their cache misses.
void TurnSearchImpl::expand(const State& s, const InPlay& in, std::uint32_t live, const StateTable& table,
                            bool within_best, Children& out) {
    successors(s, live, steps_);
    out.list.clear();
    out.keys.resize(steps_.size() * static_cast<std::size_t>(width_));
    // The state's words and key, which each child's key changes in one or two places.
    std::array<std::uint32_t, 2 + kMaxPlaces> words{}, key{};
    table.encode(s, mine_, words.data());
    std::copy_n(words.begin(), width_, key.begin());
    std::sort(key.begin() + 2, key.begin() + width_);
    for (const Step& step : steps_) {
        // Made in its place in the list, and dropped again when no play goes on through it.
        Child& made = out.list.emplace_back();
        State& child = made.state;
        apply_to(s, step, child);
        if (within_best && figures(child) > target_) {
            out.list.pop_back();
            continue;
        }
        // A move keeps the cards in play, but for a capture.
        const bool captured = child.piles[static_cast<std::size_t>(step.to)].size == 0;
        made.in = captured ? in_play(child) : in;
        if (needs_check(child, step) && !completable(child, made.in)) {
            out.list.pop_back();
            continue;
        }
        std::uint32_t* k = out.keys.data() + (out.list.size() - 1) * static_cast<std::size_t>(width_);
        table.key_after(child, mine_, key.data(), words.data(), step.from, step.to, k);
        made.hash = table.hash(k);
        table.prefetch(made.hash);
        made.step = step;
        made.moves = 1;
        made.hand_only = step.from < 0;
    }
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

// Ask `ask` of the root's split (RootSplit, started before the first milestone): the exact split is
// often the answer's first two figures, which ends the first pass at once. Whether the split is known.
bool TurnSearchImpl::refine_ceiling(int ask) {
    const std::optional<CoverBound> split = root_split_->ask(ask, deadline_, best_);
    if (deadline_.passed()) throw solver::SearchLimitReached(best_so_far());
    if (!split) return false;
    ceiling_ = std::min(ceiling_,
                        split->played < 0 ? Figures{-kUnbounded, 0} : Figures{split->played, split->points});
    return true;
}

Figures TurnSearchImpl::best_figures() {
    StateTable seen(width_ - 2);
    table_in_use_ = &seen;
    bytes_per_state_ = 0;
    std::vector<std::uint32_t> key(static_cast<std::size_t>(width_));
    seen.key(root_, mine_, key.data());
    seen.add(key.data());
    count_state();
    if (!finishable(root_)) throw std::logic_error("search_best_play: not even the empty play ends the turn");
    const InPlay root_in = in_play(root_);
    const std::uint32_t root_live = live_cards(root_, root_in);
    ceiling_ = figures(root_) + counted(root_, root_live);
    root_points_ = ceiling_.points;
    best_ = figures(root_);
    best_play_.clear();
    std::vector<Frame> frames(1);
    frames[0].state = root_;
    frames[0].reach = ceiling_;
    expand(root_, root_in, root_live, seen, false, frames[0].children);
    std::size_t depth = 1, next_ceiling = milestone(0);
    int ask = 0;
    std::unique_ptr<ParallelProbe> probe;  // a probe on a second core, until its answer is taken
    // Once the root's split is known and no probe runs, the second pass on the second core, toward the
    // best play found so far (started again when it improves) while this pass proves it the best.
    std::unique_ptr<ParallelProbe> second;
    struct Forget {  // its memory, should this pass throw
        TurnSearchImpl& search;
        ~Forget() { search.partner_bytes_ = nullptr; }
    } forget{*this};
    while (depth > 0 && best_ < ceiling_) {
        // A search this large may reach the first milestone: the root's split starts, on a second core
        // ahead of it.
        if (!root_split_ && next_ceiling != std::numeric_limits<std::size_t>::max() &&
            met_ >= kRootSplitAfter)
            root_split_.emplace(points_, any_mine_, cover_input(root_), best_, most_states_ > 0,
                                options_.root_split_core);
        if (met_ >= next_ceiling) {
            if (!refine_ceiling(ask++)) {
                next_ceiling = milestone(ask);
                continue;
            }
            // Once the split of the root is known, asking again cannot lower the bound. When the best
            // play found is still short of it, a search toward it, by the fewest moves, often reaches it
            // long before the depth-first order would. The split's memo is of no more use: its memory
            // goes back (it can be most of what the search holds).
            next_ceiling = std::numeric_limits<std::size_t>::max();
            root_split_.reset();
            if (best_ < ceiling_ && options_.ceiling_probe && !start_probe_ahead(probe) && probe_ceiling())
                break;
            continue;
        }
        if (probe && probe->finished() && take_probe(probe)) break;
        if (!probe && second_core_.value_or(true) &&
            next_ceiling == std::numeric_limits<std::size_t>::max() &&
            (!second || second->target() != best_)) {
            if (second) drop_ahead(second);
            start_ahead(second, best_);
        }
        Frame& f = frames[depth - 1];
        if (f.next == f.children.list.size() || f.reach <= best_) {
            --depth;
            continue;
        }
        const std::size_t c = f.next++;
        const std::uint32_t* k = f.children.key(c, width_);
        if (seen.find(k, f.children.list[c].hash) >= 0) continue;
        seen.add(k, f.children.list[c].hash);
        count_state();
        const State& child = f.children.list[c].state;
        if (finishable(child) && figures(child) > best_) {
            best_ = figures(child);
            keep_best_play(frames, depth, f.children.list[c].step);
        }
        const std::uint32_t live = live_cards(child, f.children.list[c].in);
        const Figures reach = figures(child) + counted(child, live);
        if (reach <= best_) continue;  // no play through it beats the best found
        if (depth == frames.size()) frames.emplace_back();
        Frame& next = frames[depth++];
        Frame& parent = frames[depth - 2];  // `f` may have moved when the frames grew
        next.state = parent.children.list[c].state;
        next.next = 0;
        next.reach = reach;
        expand(next.state, parent.children.list[c].in, live, seen, false, next.children);
        look_at_clock();
    }
    if (probe && probe->target() == best_) {
        // The first pass ended first, with the probe's figures: the probe goes on from where it is as
        // the second pass would (the same search toward the same figures), and gives its play.
        probe->wait();
        // (Stopped by the memory limit, it answers nothing: the second pass then runs on this thread.)
        if (!take_probe(probe) && probe_ == TurnSearchResult::Probe::missed)
            throw std::logic_error("search_best_play: a probe missed figures reached");
    } else if (probe) {
        drop_ahead(probe);  // below them: what it found is of no more use (its failure included)
    }
    if (second && second->target() == best_) {
        take_second_pass(second);
    } else if (second) {
        drop_ahead(second);
    }
    figures_proved_ = true;
    root_split_.reset();  // its memory, and its thread
    table_in_use_ = nullptr;
    return best_;
}

// A second pass toward the root's ceiling, before the first pass has reached it: true when a play
// reaches it (the best figures, in the fewest moves: best_play_), else the ceiling is lowered below it.
bool TurnSearchImpl::probe_ceiling() {
    // The first pass's table stays, and counts, while the probe's is in use.
    struct Restore {
        TurnSearchImpl& search;
        const StateTable* table = search.table_in_use_;
        const Frontier* queue = search.queue_in_use_;
        std::size_t bytes = search.bytes_per_state_;
        ~Restore() {
            search.held_bytes_ = 0;
            search.table_in_use_ = table;
            search.queue_in_use_ = queue;
            search.bytes_per_state_ = bytes;
            search.hand_runs_ = false;
        }
    } restore{*this};
    held_bytes_ = restore.table->memory() + restore.table->size() * restore.bytes;
    target_ = ceiling_;
    probe_ = TurnSearchResult::Probe::cut;  // until it ends
    std::optional<std::vector<Step>> play = fewest_moves(std::numeric_limits<int>::max());
    probe_ = play ? TurnSearchResult::Probe::reached : TurnSearchResult::Probe::missed;
    if (play) {
        best_ = ceiling_;
        best_play_ = *std::move(play);  // the best figures in the fewest moves
        return true;
    }
    lower_ceiling();
    return false;
}

// The ceiling once a probe has proved it out of reach: the next figures below it.
void TurnSearchImpl::lower_ceiling() {
    ceiling_ = ceiling_.points > 0 ? Figures{ceiling_.played, ceiling_.points - 1}
                                   : Figures{ceiling_.played - 1, kUnbounded};
}

// At least this many moves lead from `s` to a state that ends the turn with the best figures: the hand
// cards still to play, each a move of its own, and a take for every card a meld being laid still lacks
// that no hand card can be (its cards up to three must make a meld, and nothing leaves it before);
// the cards those melds still lack; one move while points are missing.
int TurnSearchImpl::moves_needed(const State& s) const {
    int unfinished = 0;  // cards the melds being laid still need
    int takes = 0;       // of them, those no hand card can be
    for (int p = 0; p < width_ - 2; ++p) {
        const Pile& pile = s.piles[static_cast<std::size_t>(p)];
        if (pile.size == 0 || pile.size >= kMeldMin) continue;
        const int lacking = kMeldMin - pile.size;
        unfinished += lacking;
        const std::uint32_t fits = pile.size == 2 ? joinable(pile) : partners(pile.cards[0]);
        int from_hand = 0;
        for (int i = 0; i < s.hand_size; ++i) from_hand += static_cast<int>(fits >> s.hand[i] & 1u);
        takes += std::max(0, lacking - from_hand);
    }
    const int hand_cards = target_.played - figures(s).played;
    return std::max({hand_cards + takes, unfinished, s.points < target_.points ? 1 : 0});
}

// Cards in a mask, for each state (std::popcount is a library call without -mpopcnt).
int count_bits(std::uint32_t v) {
    v = v - ((v >> 1) & 0x55555555u);
    v = (v & 0x33333333u) + ((v >> 2) & 0x33333333u);
    return static_cast<int>((((v + (v >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
}

// At least this many takes lead from `s` to the points still missing. Each capture from here on takes
// a meld of five whose cards are each on its place now, or a hand card played there, or brought there
// by a take (a card is captured once, and a take moves one card): so the takes are at least the
// fewest cards of neither kind over captures worth the points missing. A capture is of a place that
// holds cards (once; a second capture there is of a new meld) or of a new meld (any number), worth
// its points on the place's owner (a new meld: on mine when I own a place), of cards in play. The
// hand cards are not shared out between captures, and whether the melds can be built in some order
// is not asked: a lower bound.
int TurnSearchImpl::takes_for_points(const State& s, std::uint32_t live) const {
    const int missing = target_.points - s.points;
    if (missing <= 0) return 0;
    constexpr int kMostTakes = 12;  // more: kMostTakes + 1, beyond any play the bound would cut
    std::uint32_t hand = 0, table = 0;
    for (int i = 0; i < s.hand_size; ++i)
        if (live >> s.hand[i] & 1u) hand |= 1u << s.hand[i];
    std::array<std::uint32_t, kMaxPlaces> on{};
    const int places = width_ - 2;
    for (int p = 0; p < places; ++p) {
        const Pile& pile = s.piles[static_cast<std::size_t>(p)];
        for (int i = 0; i < pile.size; ++i) on[static_cast<std::size_t>(p)] |= 1u << pile.cards[i];
        table |= on[static_cast<std::size_t>(p)];
    }
    const std::uint32_t present = hand | table;
    if (five_in_play_.size() > 4096) five_in_play_.clear();
    auto [known, added] = five_in_play_.try_emplace(present);
    if (added)
        for (std::size_t m = 0; m < five_melds_.size(); ++m)
            if (!(five_melds_[m].codes & ~present)) known->second.push_back(static_cast<std::uint16_t>(m));
    const std::vector<std::uint16_t>& candidates = known->second;
    // most[t]: the most points captures could bring with at most t takes.
    std::array<int, kMostTakes + 1> most{};
    auto add = [&most](const std::array<int, kMostTakes + 1>& from, int takes, int points) {
        for (int t = takes; t <= kMostTakes; ++t)
            most[static_cast<std::size_t>(t)] = std::max(most[static_cast<std::size_t>(t)],
                                                         from[static_cast<std::size_t>(t - takes)] + points);
    };
    for (int p = 0; p < places; ++p) {
        const std::uint32_t here = on[static_cast<std::size_t>(p)];
        if (!here) continue;
        const auto before = most;  // one capture of this place at most
        for (const std::uint16_t m : candidates) {
            const FiveMeld& meld = five_melds_[m];
            if (meld.codes & here)
                add(before, count_bits(meld.codes & ~here & ~hand),
                    mine_[static_cast<std::size_t>(p)] ? meld.mine : meld.other);
        }
    }
    for (const std::uint16_t m : candidates) {
        const FiveMeld& meld = five_melds_[m];
        const int takes = count_bits(meld.codes & ~hand);
        if (takes == 0) return 0;  // as many times as wanted
        add(most, takes, any_mine_ ? meld.mine : meld.other);
    }
    for (int t = 0; t <= kMostTakes; ++t)
        if (most[static_cast<std::size_t>(t)] >= missing) return t;
    return kMostTakes + 1;
}

// The most points hand moves alone could still capture from `s`: each meld captured takes the hand
// cards it lacks up to five (one that fits, for a meld of four), worth at most what the best hand
// cards would make it worth, and the hand cards go round as a knapsack.
int TurnSearchImpl::hand_only_points(const State& s, std::uint32_t live) const {
    std::array<int, kMaxHand> hand{};  // the live hand cards' points, most first
    int n = 0;
    for (int i = 0; i < s.hand_size; ++i) {
        if (!(live >> s.hand[i] & 1u)) continue;
        int at = n++;
        for (; at > 0 && hand[static_cast<std::size_t>(at - 1)] < points_[s.hand[i]]; --at)
            hand[static_cast<std::size_t>(at)] = hand[static_cast<std::size_t>(at - 1)];
        hand[static_cast<std::size_t>(at)] = points_[s.hand[i]];
    }
    n = std::min<int>(n, s.moves_left);
    if (n == 0) return 0;
    std::array<int, kMaxHand + 1> most{};  // by hand cards used
    auto item = [&](int cards, int value) {
        for (int c = n; c >= cards; --c)
            most[static_cast<std::size_t>(c)] = std::max(most[static_cast<std::size_t>(c)],
                                                         most[static_cast<std::size_t>(c - cards)] + value);
    };
    for (int p = 0; p < width_ - 2; ++p) {
        const Pile& pile = s.piles[static_cast<std::size_t>(p)];
        const int lacking = 5 - pile.size;
        if (lacking > n) continue;
        std::array<int, 5> worth{};
        for (int i = 0; i < pile.size; ++i) worth[static_cast<std::size_t>(i)] = points_[pile.cards[i]];
        if (pile.size == kSlots) {
            const std::uint32_t fits = joinable(pile);
            int best = -1;
            for (int i = 0; i < s.hand_size; ++i)
                if ((live & fits) >> s.hand[i] & 1u) {
                    worth[4] = points_[s.hand[i]];
                    best = std::max(best, captured_points(worth, mine_[static_cast<std::size_t>(p)]));
                }
            if (best >= 0) item(1, best);
            continue;
        }
        for (int i = 0; i < lacking; ++i)
            worth[static_cast<std::size_t>(pile.size + i)] = hand[static_cast<std::size_t>(i)];
        item(lacking, captured_points(worth, mine_[static_cast<std::size_t>(p)]));
    }
    if (n >= 5) {  // a new meld on a place a capture freed
        std::array<int, 5> worth{};
        std::copy(hand.begin(), hand.begin() + 5, worth.begin());
        item(5, captured_points(worth, any_mine_));
    }
    return most[static_cast<std::size_t>(n)];
}

// A play from `s` to the best figures takes at least one take besides its hand cards when hand moves
// alone could not capture the points still missing.
bool TurnSearchImpl::take_needed(const State& s, std::uint32_t live) const {
    return s.points + hand_only_points(s, live) < target_.points;
}

// A* over the states. `needed` is admissible but, as the knowledge of takes needed spreads lazily,
// not always consistent, so a state reached again by fewer moves after it was searched is searched
// again, and a state whose f would fall below the f being searched is queued at the f being searched:
// the queue never holds an entry below the cost of the best play, so the first state that ends the
// turn with the best figures taken from it is reached by the fewest moves.
std::optional<std::vector<Step>> TurnSearchImpl::fewest_moves(int most) {
    hand_runs_ = true;
    StateTable table(width_ - 2);
    // What the search knows of a state, in one place: a look-up of a state met before reads no more.
    // The takes a state is known to need (take_needed, takes_for_points), and whether they were asked
    // of it: they are asked when it is first taken from the queue, and a state reached by hand moves
    // from one that needs k takes needs k too (those hand moves and a play from it are a play from
    // the first with the same takes).
    struct Node {
        int moves = -1;   // the fewest found so far; -1 none yet, kCut: it cannot reach target_
        int queued = -1;  // the f of the state's live entry in the queue
        std::uint8_t needed = 0, done = 0, takes = 0, asked = 0;
    };
    // words, parent and a Node, each in a list grown by doubling (up to twice its entries); the queue
    // counts its own
    bytes_per_state_ =
        2 * (static_cast<std::size_t>(width_) * sizeof(std::uint32_t) + sizeof(int) + sizeof(Node));
    std::vector<std::uint32_t> key(static_cast<std::size_t>(width_));  // the root's
    solver::HugeVector<std::uint32_t> words;                           // the states' own words, decode()'s
    solver::HugeVector<int> parent;                                    // along the fewest moves found so far
    constexpr int kCut = -2;
    solver::HugeVector<Node> nodes;
    Frontier queue(most);
    struct Release {  // the table and the queue end with this pass
        TurnSearchImpl& search;
        ~Release() {
            search.table_in_use_ = nullptr;
            search.queue_in_use_ = nullptr;
        }
    } release{*this};
    table_in_use_ = &table;
    queue_in_use_ = &queue;
    int layer = 0;  // the f being searched
    auto hand_cards = [&](const State& s) { return target_.played - figures(s).played; };

    auto push = [&](Node& n, int id) {
        n.queued = std::max(layer, n.moves + n.needed);
        queue.push(n.queued, n.moves, id);
    };
    auto reach = [&](const State& s, int id, int g, int from) {
        const auto i = static_cast<std::size_t>(id);
        const std::size_t end = (i + 1) * static_cast<std::size_t>(width_);
        if (words.size() < end) words.resize(end);
        table.encode(s, mine_, words.data() + i * static_cast<std::size_t>(width_));
        parent[i] = from;
        Node& n = nodes[i];
        n.moves = g;
        n.done = 0;
        push(n, id);
    };
    auto needs_takes = [&](const State& s, Node& n, int k) {
        n.takes = static_cast<std::uint8_t>(k);
        n.needed = static_cast<std::uint8_t>(std::max<int>(n.needed, hand_cards(s) + k));
    };
    auto add = [&](const State& s, const std::uint32_t* k, std::uint64_t h) {
        const int id = table.add(k, h);
        count_state();
        parent.push_back(-1);
        Node n;
        n.needed = static_cast<std::uint8_t>(moves_needed(s));
        nodes.push_back(n);
        return id;
    };

    table.key(root_, mine_, key.data());
    reach(root_, add(root_, key.data(), table.hash(key.data())), 0, -1);
    Children children;
    for (; layer <= std::min(most, queue.highest()); ++layer) {
        for (int id = queue.pop(layer); id >= 0; id = queue.pop(layer)) {
            const auto i = static_cast<std::size_t>(id);
            Node& node = nodes[i];                            // until a state is added: `nodes` may then move
            if (node.done || node.queued != layer) continue;  // an older entry
            const State s = table.decode(words.data() + i * static_cast<std::size_t>(width_));
            if (finishable(s) && figures(s) == target_) return play_to(table, words, parent, id);
            look_at_clock();
            const InPlay in = in_play(s);
            const std::uint32_t live = live_cards(s, in);
            if (!node.asked) {
                node.asked = 1;
                const int k = std::max(takes_for_points(s, live), take_needed(s, live) ? 1 : 0);
                if (k > node.takes) {
                    needs_takes(s, node, k);
                    if (node.moves + node.needed > layer) {  // later
                        push(node, id);
                        continue;
                    }
                }
            }
            node.done = 1;
            const int moves = node.moves, takes = node.takes;  // kept: the children's states are added below
            expand_runs(s, in, live, table, children);
            for (std::size_t c = 0; c < children.list.size(); ++c) {
                const State& child = children.list[c].state;
                const std::uint32_t* k = children.key(c, width_);
                const int g = moves + children.list[c].moves;
                const int inherited = children.list[c].hand_only ? takes : 0;
                int known = table.find(k, children.list[c].hash);
                if (known < 0) {
                    known = add(child, k, children.list[c].hash);
                    if (figures(child) + counted(child, live_cards(child, children.list[c].in)) < target_) {
                        nodes[static_cast<std::size_t>(known)].moves = kCut;
                        continue;
                    }
                }
                Node& n = nodes[static_cast<std::size_t>(known)];
                if (n.moves == kCut) continue;
                if (inherited > n.takes) {
                    needs_takes(child, n, inherited);
                    if (n.moves >= 0 && !n.done && n.moves <= g && n.moves + n.needed > n.queued)
                        push(n, known);
                }
                if (n.moves < 0 || g < n.moves) reach(child, known, g, id);
            }
        }
    }
    return std::nullopt;
}

// The moves along the parents from the root to `goal`: each is found again among the moves of the
// state before it (the states' own words may order interchangeable places differently).
std::vector<Step> TurnSearchImpl::play_to(const StateTable& table, std::span<const std::uint32_t> words,
                                          std::span<const int> parent, int goal) const {
    std::vector<int> chain;
    for (int at = goal; at >= 0; at = parent[static_cast<std::size_t>(at)]) chain.push_back(at);
    std::reverse(chain.begin(), chain.end());
    std::vector<Step> play, steps;
    std::vector<std::uint32_t> want(static_cast<std::size_t>(width_)), got(want.size());
    State s = root_;
    for (std::size_t n = 1; n < chain.size(); ++n) {
        const auto id = static_cast<std::size_t>(chain[n]);
        std::copy_n(words.begin() + static_cast<std::ptrdiff_t>(id * want.size()), want.size(), want.begin());
        std::sort(want.begin() + 2, want.end());
        if (!moves_to(s, table, want, play, s))
            throw std::logic_error("search_best_play: no move leads to the next state of the play");
    }
    return play;
}

// Appends to `play` the moves from `s` to the state whose key is `want`: one move, or a run of moves
// through states with a meld pending (the second pass keeps none of those); `reached`: that state.
bool TurnSearchImpl::moves_to(const State& s, const StateTable& table, const std::vector<std::uint32_t>& want,
                              std::vector<Step>& play, State& reached) const {
    std::vector<Step> steps;
    successors(s, live_cards(s), steps);
    std::vector<std::uint32_t> got(want.size());
    for (const Step& step : steps) {
        int points = 0;
        const State next = apply(s, step, points);
        play.push_back(step);
        if (next.pending >= 0) {
            if (moves_to(next, table, want, play, reached)) return true;
        } else {
            table.key(next, mine_, got.data());
            if (got == want) {
                reached = next;
                return true;
            }
        }
        play.pop_back();
    }
    return false;
}

// The second pass's moves from `s`: single moves, but a run of hand cards onto a new meld (and the
// card that makes it three) as one, whose states in between are never kept.
void TurnSearchImpl::expand_runs(const State& s, const InPlay& in, std::uint32_t live,
                                 const StateTable& table, Children& out) {
    const auto width = static_cast<std::size_t>(width_);
    expand(s, in, live, table, true, out);
    out.keys.resize(out.list.size() * width);
    for (std::size_t i = 0; i < out.list.size();) {
        if (out.list[i].state.pending < 0) {
            ++i;
            continue;
        }
        const Child run = out.list[i];
        // In its place, the last child; then the run's own children at the end.
        if (i + 1 < out.list.size()) {
            out.list[i] = out.list.back();
            std::copy_n(out.keys.end() - static_cast<std::ptrdiff_t>(width), width,
                        out.keys.begin() + static_cast<std::ptrdiff_t>(i * width));
        }
        out.list.pop_back();
        out.keys.resize(out.list.size() * width);
        expand(run.state, run.in, live_cards(run.state, run.in), table, true, run_children_);
        for (std::size_t j = 0; j < run_children_.list.size(); ++j) {
            Child next = run_children_.list[j];
            next.moves = run.moves + 1;
            next.hand_only = run.hand_only && next.step.from < 0;
            out.list.push_back(next);
            const std::uint32_t* k = run_children_.key(j, width_);
            out.keys.insert(out.keys.end(), k, k + width);
        }
    }
}

// The play along the first pass's frames to the child `last` of the frame at `depth` - 1: each frame's
// child being searched is the one before its `next`.
void TurnSearchImpl::keep_best_play(const std::vector<Frame>& frames, std::size_t depth, const Step& last) {
    best_play_.clear();
    for (std::size_t d = 0; d + 1 < depth; ++d)
        best_play_.push_back(frames[d].children.list[frames[d].next - 1].step);
    best_play_.push_back(last);
}

// A play to the same last state in as few moves as the moves between its own states allow: the
// first pass's play meets no state twice, but it may go round about (a depth-first search takes the
// first way it meets). Breadth first over the play's states, joined wherever one move leads from one
// to another.
std::vector<Step> TurnSearchImpl::shortened(const std::vector<Step>& play) const {
    StateTable on_play(width_ - 2);
    std::vector<State> states{root_};
    for (const Step& step : play) {
        int points = 0;
        states.push_back(apply(states.back(), step, points));
    }
    const std::size_t w = static_cast<std::size_t>(width_);
    std::vector<std::uint32_t> words(states.size() * w), k(w);
    for (std::size_t i = 0; i < states.size(); ++i) {
        on_play.key(states[i], mine_, k.data());
        if (on_play.find(k.data()) >= 0) return play;  // not expected (no state is met twice): keep it
        on_play.add(k.data());
        on_play.encode(states[i], mine_, words.data() + i * w);
    }
    std::vector<int> parent(states.size(), -1);
    std::vector<bool> reached(states.size(), false);
    std::vector<std::size_t> queue{0};
    reached[0] = true;
    std::vector<Step> steps;
    for (std::size_t q = 0; q < queue.size() && !reached.back(); ++q) {
        const std::size_t i = queue[q];
        successors(states[i], live_cards(states[i]), steps);
        for (const Step& step : steps) {
            int points = 0;
            on_play.key(apply(states[i], step, points), mine_, k.data());
            const int j = on_play.find(k.data());
            if (j < 0 || reached[static_cast<std::size_t>(j)]) continue;
            reached[static_cast<std::size_t>(j)] = true;
            parent[static_cast<std::size_t>(j)] = static_cast<int>(i);
            queue.push_back(static_cast<std::size_t>(j));
        }
    }
    // Interchangeable places may hold the states' melds in another order than the play's: the moves
    // are found again by their states' keys.
    return play_to(on_play, words, parent, static_cast<int>(states.size()) - 1);
}

std::vector<Move> TurnSearchImpl::solve() {
    std::vector<Step> steps;
    try {
        best_figures();
        if (probe_ == TurnSearchResult::Probe::reached || second_pass_done_) {
            steps = best_play_;
        } else {
            target_ = best_;
            // The first pass's play has this many moves: none longer is searched.
            std::optional<std::vector<Step>> fewest = fewest_moves(static_cast<int>(best_play_.size()));
            if (!fewest)
                throw std::logic_error("search_best_play: the second pass lost the first pass's play");
            steps = *std::move(fewest);
        }
        moves_proved_ = true;
    } catch (const solver::SearchLimitReached&) {
        // Without a state limit (0), the memory limit is an answer not found, as in search_best_play.
        out_of_time_ = deadline_.passed();
        if (out_of_time_ && !options_.answer_out_of_time) {
            if (most_states_ == 0) throw;
            throw solver::SearchLimitReached(best_so_far());
        }
        if (!out_of_time_ && most_states_ == 0) throw;
        root_split_.reset();
        hand_runs_ = false;  // the first pass's moves
        steps = shortened(best_play_);
    }
    std::vector<Move> play;
    for (const Step& s : steps) play.push_back(to_move(s));
    return play;
}

Move TurnSearchImpl::to_move(const Step& s) const {
    Move m{card_of(s.card), std::nullopt, s.to};
    if (s.from >= 0) m.from = s.from;
    return m;
}

// Past the best play found: the most hand cards the ceiling allows, and the most points of a play with
// at least the best play's hand cards (the ceiling's when it allows no more hand cards, else what the
// root's ceiling counted for every play).
TurnSearchResult::Bound TurnSearchImpl::bound() const {
    if (figures_proved_) return {best_.played, best_.points};
    const int played = std::max(best_.played, ceiling_.played);
    const int points = played == best_.played ? std::min(ceiling_.points, root_points_) : root_points_;
    return {played, std::max(points, best_.points)};
}

std::string TurnSearchImpl::best_so_far() const {
    const int hand = static_cast<int>(turn_.hand.size());
    const bool most_cards = figures_proved_ || best_.played == ceiling_.played;
    return "a play of " + std::to_string(best_.played) + " of " + std::to_string(hand) + " hand cards" +
           (most_cards ? " (proved most)" : " (not proved most)") + ", " + std::to_string(best_.points) +
           " points for " + turn_.me + (figures_proved_ ? " (proved most)" : " (not proved most)") + ", in " +
           std::to_string(best_play_.size()) + " moves (not proved fewest)";
}

}  // namespace

TurnSearchResult search_turn(const TurnPosition& turn, const TurnSearchOptions& options,
                             const solver::Deadline& deadline) {
    TurnSearchImpl search(turn, options, deadline);
    const std::vector<Move> play = search.solve();
    TurnSearchResult result;
    result.figures_proved = search.figures_proved();
    result.proved = search.moves_proved();
    result.out_of_time = search.out_of_time();
    result.bound = search.bound();
    result.steps = options.steps > 0 ? options.steps : 0;
    result.states = search.states();
    result.probe = search.probe();
    // The rules engine replays the play and recomputes its figures: they must be the search's.
    result.outcome = replay_turn(turn, play);
    const TurnOutcome& o = result.outcome;
    if (o.played != search.best().played || o.points != search.best().points)
        throw std::logic_error("search_best_play: the rules engine's replay disagrees with the search");
    return result;
}

TurnSearchResult search_best_play(const TurnPosition& turn, int steps, unsigned timeout_seconds) {
    return search_best_play(turn, steps, solver::Deadline(timeout_seconds));
}

TurnSearchResult search_best_play(const TurnPosition& turn, int steps, const solver::Deadline& deadline) {
    TurnSearchOptions options;
    options.steps = steps;
    return search_turn(turn, options, deadline);
}

TurnSearchResult search_best_found(const TurnPosition& turn, std::size_t most_states,
                                   const solver::Deadline& deadline, int steps) {
    TurnSearchOptions options;
    options.steps = steps;
    options.most_states = most_states;
    return search_turn(turn, options, deadline);
}

}  // namespace tlaloc::akelarre
