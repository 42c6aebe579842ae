// The map as a Boost.Graph, built once per map; domains are the connected components of the
// territories a player holds (optionally with territories on a shared lake linked, for Rafts and Canoes).
#pragma once
#include <boost/graph/adjacency_list.hpp>
#include <vector>

#include "model/aztlan/Map.h"

namespace tlaloc::aztlan {

using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS>;

class MapGraph {
public:
    explicit MapGraph(const Map& map);

    const Map& map() const { return *map_; }
    const Graph& land() const { return land_; }
    // Land borders plus a link between every two territories touching the same lake.
    const Graph& land_and_lakes() const { return land_and_lakes_; }

    // Maximal connected sets of held territories (held[i] for territory i), each sorted, ordered by
    // their smallest territory index.
    std::vector<std::vector<int>> domains(const std::vector<bool>& held, bool lakes_link) const;

private:
    const Map* map_;
    Graph land_, land_and_lakes_;
};

}  // namespace tlaloc::aztlan
