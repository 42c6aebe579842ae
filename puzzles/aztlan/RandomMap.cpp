#include "puzzles/aztlan/RandomMap.h"

#include <algorithm>

namespace tlaloc::aztlan {

Map random_map(std::mt19937& rng, int territories, int extra_borders) {
    Map map;
    map.id = "random";
    for (int i = 0; i < territories; ++i) {
        map.territories.push_back(
            {"R" + std::to_string(i), "", static_cast<TerritoryType>(rng() % kTerritoryTypeCount), {}, {}});
    }
    auto add = [&](int a, int b) {
        if (a == b) return;
        auto& na = map.territories[a].neighbors;
        if (std::find(na.begin(), na.end(), b) != na.end()) return;
        na.push_back(b);
        map.territories[b].neighbors.push_back(a);
    };
    // Each territory borders one before it: the map is connected.
    for (int i = 1; i < territories; ++i) add(i, static_cast<int>(rng() % i));
    for (int e = 0; e < extra_borders; ++e)
        add(static_cast<int>(rng() % territories), static_cast<int>(rng() % territories));
    return map;
}

}  // namespace tlaloc::aztlan
