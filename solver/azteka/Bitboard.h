// Azteka positions as bitboards for the exact searches: one 32-bit mask per side, bit
// 8 * ring + sector, so that ring r is byte r and turning rings is rotating bytes. The whole turns of
// any side are generated here with the rules engine's effects (Birth, Disintegration, goals after
// every action); the searches re-play their answers through the engine itself.
#pragma once
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <vector>

#include "model/azteka/Rules.h"

namespace tlaloc::azteka::bits {

using Mask = std::uint32_t;
constexpr Mask kEveryByte = 0x01010101u;
constexpr Mask kInnerRing = 0x000000FFu;
constexpr Mask kOuterRing = 0xFF000000u;

constexpr Mask ring_mask(int ring) { return 0xFFu << (8 * ring); }

// Every ring turned `k` sectors clockwise at once: the pawn in sector i goes to sector i + k.
inline Mask turn_all(Mask x, int k) {
    if (k == 0) return x;
    const Mask high = ((0xFFu << k) & 0xFFu) * kEveryByte;
    const Mask low = ((1u << k) - 1u) * kEveryByte;
    return ((x << k) & high) | ((x >> (8 - k)) & low);
}

inline Mask turn_ring(Mask x, int ring, int k) {
    return (x & ~ring_mask(ring)) | (turn_all(x, k) & ring_mask(ring));
}

inline Mask neighbours_of(Mask x) { return turn_all(x, 1) | turn_all(x, 7) | (x << 8) | (x >> 8); }

inline int in_ring(Mask x, int ring) { return std::popcount((x >> (8 * ring)) & 0xFFu); }

inline int rings_holding(Mask x) {
    int n = 0;
    for (int r = 0; r < kRings; ++r) n += in_ring(x, r) > 0;
    return n;
}

inline int fullest_ring(Mask x) {
    int most = 0;
    for (int r = 0; r < kRings; ++r) most = std::max(most, in_ring(x, r));
    return most;
}

inline bool expands(Mask x) {
    return rings_holding(x) == kRings && ((x | x >> 8 | x >> 16 | x >> 24) & 0xFFu) == 0xFFu;
}

inline bool dominates(Mask x) {
    return fullest_ring(x) == kSectors || (x & x >> 8 & x >> 16 & x >> 24 & 0xFFu) != 0;
}

// Life pawns whose every neighbour is a Death pawn (inner and outer holes have three).
inline Mask surrounded(Mask life, Mask death) {
    return life & turn_all(death, 1) & turn_all(death, 7) & ((death >> 8) | kOuterRing) &
           ((death << 8) | kInnerRing);
}

struct Board {
    std::array<Mask, kMaxSides> of{};  // each side's pawns
    bool operator==(const Board&) const = default;
};

Board board_of(const Position& pos);

// The rules of one round on bitboards. Hands are not stored: pawns are conserved, so a side's hand
// is its whole set less its pawns on the board.
class Rules {
public:
    explicit Rules(const Position& start);

    const Profile& profile() const { return p_; }
    int supply(const Board& b, int side) const { return whole_set_[side] - std::popcount(b.of[side]); }
    int whole_set(int side) const { return whole_set_[side]; }
    bool may_expand(int side) const { return !p_.role_goals || side == static_cast<int>(Side::Life); }
    bool may_dominate(int side) const { return !p_.role_goals || side == static_cast<int>(Side::Death); }
    bool meets_goal(const Board& b, int side) const {
        return (may_expand(side) && expands(b.of[side])) || (may_dominate(side) && dominates(b.of[side])) ||
               (p_.all_pawns_goal && supply(b, side) == 0);
    }
    int next_side(int side) const { return (side + 1) % p_.sides; }

    // Holes `side` may place on (none with an empty hand).
    Mask placements(const Board& b, int side) const {
        if (supply(b, side) == 0) return 0;
        const Mask free = ~(b.of[0] | b.of[1] | b.of[2]);
        const Mask mine = b.of[side];
        return p_.adjacency_rule && mine != 0 ? free & neighbours_of(mine) : free;
    }

    // Every whole turn of `side` from `b`: f(board after, winner) with the turn's actions in `acts`,
    // winner the side whose goal the turn met (the acting side checked first) or -1. Birth's
    // declined bonus adds no action; the engine declines it before the next turn.
    template <class F>
    void each_turn(const Board& b, int side, std::vector<Action>& acts, F&& f) const {
        for (Mask free = placements(b, side); free != 0; free &= free - 1)
            place(b, side, std::countr_zero(free), acts, f);
        const Mask mine = b.of[side];
        const Mask theirs = (b.of[0] | b.of[1] | b.of[2]) & ~mine;
        for (int r = 0; r < kRings; ++r) {
            turn(b, side, r, 1, acts, f);
            if (p_.double_turn && in_ring(mine, r) > in_ring(theirs, r)) turn(b, side, r, 2, acts, f);
        }
    }

private:
    template <class F>
    void turn(const Board& b, int side, int ring, int k, std::vector<Action>& acts, F&& f) const {
        Board n = b;
        for (Mask& m : n.of) m = turn_ring(m, ring, k);
        acts.push_back(k == 1 ? Action::turn(ring) : Action::turn_two(ring));
        settle(n, side, false, acts, f);
        acts.pop_back();
    }

    template <class F>
    void place(const Board& b, int side, int h, std::vector<Action>& acts, F&& f) const {
        Board n = b;
        n.of[side] |= Mask{1} << h;
        const Mask sector = kEveryByte << sector_of(h);
        const bool birth =
            p_.abilities && side == static_cast<int>(Side::Life) && (n.of[side] & sector) == sector;
        if (p_.abilities && side == static_cast<int>(Side::Death)) {
            // Replacements come from Death's hand in hole order while it lasts.
            int hand = supply(n, side);
            for (Mask s = surrounded(n.of[0], n.of[side]); s != 0 && hand > 0; s &= s - 1, --hand) {
                const Mask bit = s & (~s + 1);
                n.of[0] &= ~bit;
                n.of[side] |= bit;
            }
        }
        acts.push_back(Action::place(ring_of(h), sector_of(h)));
        settle(n, side, birth, acts, f);
        acts.pop_back();
    }

    // Goals after an action (the acting side's first), then Birth's optional bonus placement.
    template <class F>
    void settle(const Board& n, int side, bool birth, std::vector<Action>& acts, F&& f) const {
        for (int i = 0, s = side; i < p_.sides; ++i, s = next_side(s)) {
            if (meets_goal(n, s)) return f(n, s);
        }
        f(n, -1);  // the turn ends here (Birth declined, when there is one)
        if (!birth) return;
        for (Mask more = placements(n, side); more != 0; more &= more - 1)
            place(n, side, std::countr_zero(more), acts, f);
    }

    const Profile& p_;
    std::array<int, kMaxSides> whole_set_{};  // pawns on the board plus in hand, per side
};

}  // namespace tlaloc::azteka::bits
