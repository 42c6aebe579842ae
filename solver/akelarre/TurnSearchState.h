// The turn search's state and keys (solver/akelarre/TurnSearch.h): the play phase's state as the
// search holds it, its moves, the table of canonical states met, the meld tables of the cards, and the
// second pass's queue. Internal to the search: shared by its passes' files.
#pragma once
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "model/akelarre/Meld.h"
#include "solver/akelarre/CardCode.h"
#include "solver/common/HugePages.h"

namespace tlaloc::akelarre::turn_search {

constexpr int kMaxHand = 7;     // parse_turn's limit
constexpr int kMaxPlaces = 24;  // 12 table melds and 12 free places, parse_turn's limits
constexpr int kSlots = 4;       // a meld holds at most 4 cards between moves: the fifth captures it
constexpr int kUnbounded = 255;
constexpr std::size_t kClockEvery = 4096;                 // states expanded between two looks at the clock
constexpr std::size_t kMostBytes = std::size_t{3} << 30;  // the tables a search may hold
constexpr std::size_t kRootCoverBudget = 50000;  // splits the root's split's first ask has beyond its share

// The first two figures of a play, compared lexicographically: most hand cards, then most points (the
// third, fewest moves, is the second pass's).
struct Figures {
    int played = 0;
    int points = 0;
    friend auto operator<=>(const Figures&, const Figures&) = default;
};
inline Figures operator+(const Figures& a, const Figures& b) {
    return {a.played + b.played, a.points + b.points};
}

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
// (Out of line: inlined into apply_to, its sort cost the search more instructions, measured with
// callgrind.)
[[gnu::noinline]] inline int captured_points(std::array<int, 5> worth, bool my_place) {
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
inline const MeldPairs& meld_pairs() {
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
inline const PairMasks& pair_masks() {
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
inline std::uint32_t partners(CardCode card) {
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

// Cards in a mask, for each state (std::popcount is a library call without -mpopcnt).
inline int count_bits(std::uint32_t v) {
    v = v - ((v >> 1) & 0x55555555u);
    v = (v & 0x33333333u) + ((v >> 2) & 0x33333333u);
    return static_cast<int>((((v + (v >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
}

}  // namespace tlaloc::akelarre::turn_search
