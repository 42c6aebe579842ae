#include "model/azteka/Diagram.h"

#include <vector>

namespace tlaloc::azteka {

std::string draw_circle(const Position& pos) {
    // Spoke directions as (column, row) steps, sector 0 pointing up and the rest going clockwise.
    static const int dx[kSectors] = {0, 1, 1, 1, 0, -1, -1, -1};
    static const int dy[kSectors] = {-1, -1, 0, 1, 1, 1, 0, -1};
    constexpr int radius = kRings + 1;  // the sector labels sit one step beyond the outer ring
    constexpr int size = 2 * radius + 1;
    std::vector<std::string> grid(size, std::string(size * 2, ' '));
    auto put = [&](int x, int y, char c) { grid[radius + y][2 * (radius + x) + 1] = c; };
    put(0, 0, '+');
    for (int s = 0; s < kSectors; ++s) {
        for (int r = 0; r < kRings; ++r)
            put(dx[s] * (r + 1), dy[s] * (r + 1), static_cast<char>(pos.at(r, s)));
        put(dx[s] * radius, dy[s] * radius, static_cast<char>('0' + s));
    }
    std::string out;
    for (auto& line : grid) {
        while (!line.empty() && line.back() == ' ') line.pop_back();
        out += line + "\n";
    }
    out += "sectors 0-7 clockwise from the top; ring 0 next to the centre +, ring 3 outermost\n";
    for (int r = 0; r < kRings; ++r) {
        out += "ring " + std::to_string(r) + ": ";
        for (int s = 0; s < kSectors; ++s) out += static_cast<char>(pos.at(r, s));
        out += "\n";
    }
    out += "to move: " + side_name(pos.to_move) + "; in hand:";
    for (int i = 0; i < pos.profile->sides; ++i) {
        out += " " + side_name(static_cast<Side>(i)) + " " + std::to_string(pos.supply[i]);
    }
    if (pos.profile->name != "standard") out += "; variant " + pos.profile->name;
    return out + "\n";
}

}  // namespace tlaloc::azteka
