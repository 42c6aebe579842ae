#include "model/aztlan/TerritorySet.h"

#include <stdexcept>

namespace tlaloc::aztlan {

MapBits map_bits(const Map& map) {
    if (map.size() > kMaxBitsetTerritories) throw std::invalid_argument("map has more than 64 territories");
    MapBits bits;
    bits.neighbors.assign(map.size(), 0);
    for (int i = 0; i < map.size(); ++i) {
        for (int n : map.territories[i].neighbors) bits.neighbors[i] |= TerritorySet{1} << n;
        bits.of_type[static_cast<int>(map.territories[i].type)] |= TerritorySet{1} << i;
    }
    return bits;
}

std::vector<int> territories_of(TerritorySet set) {
    std::vector<int> out;
    for (; set; set &= set - 1) out.push_back(std::countr_zero(set));
    return out;
}

bool is_connected(const MapBits& bits, TerritorySet set) {
    if (!set) return false;
    TerritorySet reached = set & -set, frontier = reached;
    while (frontier) {
        TerritorySet next = 0;
        for (TerritorySet f = frontier; f; f &= f - 1) next |= bits.neighbors[std::countr_zero(f)];
        next &= set & ~reached;
        reached |= next;
        frontier = next;
    }
    return reached == set;
}

}  // namespace tlaloc::aztlan
