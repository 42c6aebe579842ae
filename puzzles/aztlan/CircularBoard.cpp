#include "puzzles/aztlan/CircularBoard.h"

#include <algorithm>
#include <cstdio>

namespace tlaloc::aztlan {

Map circular_board() {
    constexpr int kInner = 6, kMiddle = 12, kOuter = 12;
    auto inner = [](int i) { return (i + kInner) % kInner; };
    auto middle = [](int j) { return kInner + (j + kMiddle) % kMiddle; };
    auto outer = [](int j) { return kInner + kMiddle + (j + kOuter) % kOuter; };

    Map map;
    map.id = "aztlan";
    for (int i = 0; i < kInner + kMiddle + kOuter; ++i) {
        char id[8];
        std::snprintf(id, sizeof id, "T%02d", i + 1);
        map.territories.push_back({id, "", TerritoryType::Jungle, {}, {}});
    }
    auto border = [&](int a, int b) {
        map.territories[a].neighbors.push_back(b);
        map.territories[b].neighbors.push_back(a);
    };
    // A triangulated annulus: each inner territory touches three middle ones, each middle one two
    // rim ones; lakes L2 and L3 replace the middle-rim borders B2-C1 and B8-C7.
    const bool inner_lake[kInner] = {true, false, true, false, true, false};     // replaces A_i-B_(2i-1)
    const bool outer_lake[kOuter] = {false, true, false, false, false, true, false, false, false, true, false, false};  // replaces C_j-B_(j+1)
    int lake_count = 1;
    auto lake = [&](std::initializer_list<int> shore) {
        std::string id = "L" + std::to_string(++lake_count);
        for (int t : shore) map.territories[t].lakes.push_back(id);
    };
    for (int i = 0; i < kInner; ++i) {
        border(inner(i), inner(i + 1));
        map.territories[inner(i)].lakes.push_back("L1");
        for (int d = -1; d <= 1; ++d) {
            if (d == -1 && inner_lake[i]) lake({inner(i), inner(i - 1), middle(2 * i - 1), middle(2 * i)});
            else border(inner(i), middle(2 * i + d));
        }
    }
    for (int j = 0; j < kMiddle; ++j) {
        border(middle(j), middle(j + 1));
        border(outer(j), outer(j + 1));
        border(outer(j), middle(j));
        if (outer_lake[j]) lake({middle(j), middle(j + 1), outer(j), outer(j + 1)});
        else border(outer(j), middle(j + 1));
    }
    for (auto& t : map.territories) std::sort(t.neighbors.begin(), t.neighbors.end());
    return map;
}

}  // namespace tlaloc::aztlan
