#include "solver/akelarre/CardCode.h"

#include <algorithm>

namespace tlaloc::akelarre {

namespace {
constexpr int kJokerSlot = 5;
int family_of(CardCode c) { return (c - 1) / 6; }
int slot_of(CardCode c) { return (c - 1) % 6; }
bool joker(CardCode c) { return slot_of(c) == kJokerSlot; }
int value_of(CardCode c) { return slot_of(c) + kLowestValue; }

struct Shape {
    unsigned families = 0;  // bit per family present
    unsigned values = 0;    // bit per value present among the non-jokers
    int plain = 0;          // non-jokers
    bool repeated_family = false;
    bool one_family = true;
    int low = kHighestValue + 1, high = kLowestValue - 1;
};

Shape shape(const CardCode* codes, int n, int skip = -1) {
    Shape s;
    for (int i = 0; i < n; ++i) {
        if (i == skip) continue;
        const unsigned f = 1u << family_of(codes[i]);
        if (s.families & f) s.repeated_family = true;
        if (s.families && !(s.families & f)) s.one_family = false;
        s.families |= f;
        if (joker(codes[i])) continue;
        const int v = value_of(codes[i]);
        s.values |= 1u << v;
        ++s.plain;
        s.low = std::min(s.low, v);
        s.high = std::max(s.high, v);
    }
    return s;
}

int bits(unsigned mask) {
    int n = 0;
    for (; mask; mask &= mask - 1) ++n;
    return n;
}

bool is_set(const Shape& s) { return !s.repeated_family && (s.values & (s.values - 1)) == 0; }

// Some window of `n` consecutive values inside 2..6 holds every non-joker value once.
bool is_run(const Shape& s, int n) {
    if (!s.one_family || n > kHighestValue - kLowestValue + 1) return false;
    if (bits(s.values) != s.plain) return false;
    return s.plain == 0 || s.high - s.low + 1 <= n;
}
}  // namespace

CardCode card_code(const Card& c) {
    const int slot = c.joker() ? kJokerSlot : c.value - kLowestValue;
    return static_cast<CardCode>(1 + static_cast<int>(c.family) * 6 + slot);
}

Card card_of(CardCode code) {
    const int slot = slot_of(code);
    return {kAllFamilies[static_cast<std::size_t>(family_of(code))],
            slot == kJokerSlot ? kJoker : slot + kLowestValue};
}

bool is_meld(const CardCode* codes, int n) {
    if (n < 3 || n > 5) return false;
    const Shape s = shape(codes, n);
    return is_set(s) || is_run(s, n);
}

bool is_takeable(const CardCode* meld4, int index) {
    if (is_set(shape(meld4, 4))) return true;
    const Shape rest = shape(meld4, 4, index);
    if (!is_run(rest, 3)) return false;
    if (joker(meld4[index])) return true;
    // An end of some reading: the three left fit a window [low, low + 2] next to the taken value.
    const int v = value_of(meld4[index]);
    for (int low = kLowestValue; low + 2 <= kHighestValue; ++low) {
        if (rest.plain && (rest.low < low || rest.high > low + 2)) continue;
        if (v == low - 1 || v == low + 3) return true;
    }
    return false;
}

}  // namespace tlaloc::akelarre
