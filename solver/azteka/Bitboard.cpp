#include "solver/azteka/Bitboard.h"

namespace tlaloc::azteka::bits {

Board board_of(const Position& pos) {
    Board b;
    for (int h = 0; h < kHoles; ++h) {
        if (auto side = side_of(pos.holes[h])) b.of[static_cast<int>(*side)] |= Mask{1} << h;
    }
    return b;
}

Rules::Rules(const Position& start) : p_(*start.profile) {
    const Board b = board_of(start);
    for (int i = 0; i < p_.sides; ++i) whole_set_[i] = start.supply[i] + std::popcount(b.of[i]);
}

}  // namespace tlaloc::azteka::bits
