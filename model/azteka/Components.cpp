#include "model/azteka/Components.h"

#include <algorithm>

namespace tlaloc::azteka {

namespace {
constexpr int kRings = 4;
constexpr int kSectors = 8;

// Orthogonal neighbours of a position: along the ring (which wraps) and across rings (which does not).
int neighbours(int ring) {
    int along = 2;  // the ring wraps, so every position has both ring neighbours
    int across = (ring > 1 ? 1 : 0) + (ring < kRings ? 1 : 0);
    return along + across;
}
}  // namespace

const std::map<std::string, std::map<std::string, int>>& component_tables() {
    static const std::map<std::string, std::map<std::string, int>> tables = [] {
        std::map<std::string, std::map<std::string, int>> t;
        for (int r = 1; r <= kRings; ++r) t["neighbours_by_ring"][std::to_string(r)] = neighbours(r);
        t["pawns_per_side"] = {{"2", 14}, {"3", 12}};
        t["ring_turn_degrees"] = {{"1", 360 / kSectors}, {"2", 2 * 360 / kSectors}};
        return t;
    }();
    return tables;
}

const std::map<std::string, int>& component_counts() {
    static const std::map<std::string, int> counts = {
        {"rings", kRings},
        {"sectors", kSectors},
        {"positions", kRings * kSectors},
        {"life_pawns", 14},
        {"death_pawns", 14},
        {"pawns_per_side_2p", 14},
        {"pawns_per_side_3p", 12},
        {"rounds_2p", 2},
        {"rounds_3p", 1},
        {"death_sector_goal", kRings},                        // a full sector has one position per ring
        {"death_ring_goal", kSectors},                        // a full ring has one position per sector
        {"life_goal_min_pawns", std::max(kRings, kSectors)},  // one pawn can cover one sector and one ring
        {"sector_degrees", 360 / kSectors},
    };
    return counts;
}

}  // namespace tlaloc::azteka
