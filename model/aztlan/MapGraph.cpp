#include "model/aztlan/MapGraph.h"

#include <algorithm>
#include <boost/graph/connected_components.hpp>
#include <boost/graph/filtered_graph.hpp>
#include <map>

namespace tlaloc::aztlan {

namespace {
// Boost's filtered_graph needs a default-constructible, assignable predicate (a lambda is neither).
struct HeldOnly {
    const std::vector<bool>* held = nullptr;
    bool operator()(Graph::vertex_descriptor v) const { return (*held)[v]; }
};
}  // namespace

MapGraph::MapGraph(const Map& map) : map_(&map), land_(map.size()), land_and_lakes_(map.size()) {
    for (int i = 0; i < map.size(); ++i) {
        for (int n : map.territories[i].neighbors) {
            if (i < n) {
                boost::add_edge(i, n, land_);
                boost::add_edge(i, n, land_and_lakes_);
            }
        }
    }
    std::map<std::string, std::vector<int>> shores;
    for (int i = 0; i < map.size(); ++i) {
        for (const auto& lake : map.territories[i].lakes) shores[lake].push_back(i);
    }
    for (const auto& [lake, members] : shores) {
        for (std::size_t a = 0; a < members.size(); ++a) {
            for (std::size_t b = a + 1; b < members.size(); ++b) {
                if (!boost::edge(members[a], members[b], land_and_lakes_).second) {
                    boost::add_edge(members[a], members[b], land_and_lakes_);
                }
            }
        }
    }
}

std::vector<std::vector<int>> MapGraph::domains(const std::vector<bool>& held, bool lakes_link) const {
    // On a filtered graph Boost's connected_components counts from "none yet" = INT_MAX and returns
    // that count + 1, which overflows when the filter keeps no vertex (a player without pawns); its
    // search would also start from the end of an empty vertex range. Holding nothing is answered here,
    // so the count below always follows at least one component.
    if (std::find(held.begin(), held.end(), true) == held.end()) return {};
    const Graph& g = lakes_link ? land_and_lakes_ : land_;
    boost::filtered_graph<Graph, boost::keep_all, HeldOnly> only_held(g, boost::keep_all(), HeldOnly{&held});
    std::vector<int> component(boost::num_vertices(g), -1);
    int count = boost::connected_components(
        only_held, boost::make_iterator_property_map(component.begin(), boost::get(boost::vertex_index, g)));
    std::vector<std::vector<int>> out(count);
    for (int v = 0; v < static_cast<int>(component.size()); ++v) {
        if (held[v]) out[component[v]].push_back(v);
    }
    return out;
}

}  // namespace tlaloc::aztlan
