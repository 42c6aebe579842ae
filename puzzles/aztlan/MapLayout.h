// Where to draw an Aztlán map. The maps carry no geometry (territories, their borders and their
// lakes only), so a layout is computed: a planar map (lakes included, each a node joined to the
// territories on its shore) starts from a straight-line planar drawing (Boyer-Myrvold embedding,
// Chrobak-Payne coordinates), any other from classical scaling of its graph distances; both are then
// relaxed by stress majorisation (drawn distances close to the number of borders between two
// places) and finally pushed apart until no two circles come closer than a gap. Deterministic: the
// same map gives the same layout.
#pragma once
#include <string>
#include <vector>

#include "model/aztlan/Map.h"

namespace tlaloc::aztlan {

struct LayoutCircle {
    double x = 0, y = 0, r = 0;
};

struct MapLayout {
    std::vector<LayoutCircle> territories;  // by territory index
    std::vector<std::string> lakes;         // lake ids, sorted
    std::vector<LayoutCircle> lake_circles;
    std::vector<std::vector<int>> lake_shores;  // per lake, the territories touching it
    bool planar = false;                        // the map (with its lakes) has a planar drawing
    double width = 0, height = 0;               // every circle lies inside [0, width] x [0, height]
};

// Least empty space between two circles of a layout (territories and lakes alike).
inline constexpr double kLayoutGap = 18;
// Largest map layout_map draws (its work and memory grow with the square of the places).
inline constexpr int kMaxLayoutPlaces = 2000;

// `radii[t]`: the radius territory t needs (its labels and pawns); lakes get `lake_radius`.
// Throws std::invalid_argument for more than kMaxLayoutPlaces territories and lakes.
MapLayout layout_map(const Map& map, const std::vector<double>& radii, double lake_radius);

}  // namespace tlaloc::aztlan
