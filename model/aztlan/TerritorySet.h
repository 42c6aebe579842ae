// Sets of territories as 64-bit masks over the map's territory indexes: the representation the
// enumeration-heavy algorithms (domain table, minimum spans) share.
#pragma once
#include <array>
#include <bit>
#include <cstdint>
#include <vector>

#include "model/aztlan/Map.h"

namespace tlaloc::aztlan {

using TerritorySet = std::uint64_t;
inline constexpr int kMaxBitsetTerritories = 64;

struct MapBits {
    std::vector<TerritorySet> neighbors;                      // per territory
    std::array<TerritorySet, kTerritoryTypeCount> of_type{};  // territories of each type
};

// Requires map.size() <= kMaxBitsetTerritories (callers check and report it as bad input).
MapBits map_bits(const Map& map);
std::vector<int> territories_of(TerritorySet set);
// True when `set` is non-empty and connected by land borders.
bool is_connected(const MapBits& bits, TerritorySet set);

}  // namespace tlaloc::aztlan
