#include "puzzles/aztlan/MapLayout.h"

#include <algorithm>
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/boyer_myrvold_planar_test.hpp>
// Boost's drawing code trips GCC's maybe-uninitialized analysis in code of its own (not ours).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <boost/graph/chrobak_payne_drawing.hpp>
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
#include <boost/graph/make_biconnected_planar.hpp>
#include <boost/graph/make_connected.hpp>
#include <boost/graph/make_maximal_planar.hpp>
#include <boost/graph/planar_canonical_ordering.hpp>
#include <cmath>
#include <map>
#include <optional>
#include <queue>
#include <set>
#include <stdexcept>

namespace tlaloc::aztlan {

namespace {

// The places drawn: territories 0..n-1, then the lakes; links are land borders and shores.
struct Places {
    int count = 0;
    std::vector<std::pair<int, int>> links;  // a < b, each once
    std::vector<double> radius;
};

using Point = std::pair<double, double>;

using PlanarGraph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS,
                                          boost::property<boost::vertex_index_t, int>,
                                          boost::property<boost::edge_index_t, int>>;
using Embedding = std::vector<std::vector<boost::graph_traits<PlanarGraph>::edge_descriptor>>;
using EmbeddingMap =
    boost::iterator_property_map<Embedding::iterator,
                                 boost::property_map<PlanarGraph, boost::vertex_index_t>::type>;

EmbeddingMap embedding_map(PlanarGraph& g, Embedding& embedding) {
    return EmbeddingMap(embedding.begin(), boost::get(boost::vertex_index, g));
}

void index_edges(PlanarGraph& g) {
    int i = 0;
    for (auto [e, end] = boost::edges(g); e != end; ++e) boost::put(boost::edge_index, g, *e, i++);
}

bool embed(PlanarGraph& g, Embedding& embedding) {
    index_edges(g);
    embedding.assign(boost::num_vertices(g), {});
    return boost::boyer_myrvold_planarity_test(
        boost::boyer_myrvold_params::graph = g,
        boost::boyer_myrvold_params::embedding = embedding_map(g, embedding));
}

// A straight-line planar drawing (Chrobak-Payne, on the map made maximal planar), or nullopt when
// the graph is not planar.
std::optional<std::vector<Point>> planar_drawing(const Places& places) {
    PlanarGraph g(places.count);
    for (auto [a, b] : places.links) boost::add_edge(a, b, g);
    Embedding embedding;
    if (!embed(g, embedding)) return std::nullopt;
    if (places.count < 3) {
        std::vector<Point> line;
        for (int i = 0; i < places.count; ++i) line.emplace_back(i, 0);
        return line;
    }
    boost::make_connected(g);
    embed(g, embedding);
    boost::make_biconnected_planar(g, embedding_map(g, embedding));
    embed(g, embedding);
    boost::make_maximal_planar(g, embedding_map(g, embedding));
    embed(g, embedding);
    std::vector<boost::graph_traits<PlanarGraph>::vertex_descriptor> ordering;
    boost::planar_canonical_ordering(g, embedding_map(g, embedding), std::back_inserter(ordering));
    struct Coord {
        std::size_t x, y;
    };
    std::vector<Coord> coords(places.count);
    boost::iterator_property_map<std::vector<Coord>::iterator,
                                 boost::property_map<PlanarGraph, boost::vertex_index_t>::type>
        drawing(coords.begin(), boost::get(boost::vertex_index, g));
    boost::chrobak_payne_straight_line_drawing(g, embedding_map(g, embedding), ordering.begin(),
                                               ordering.end(), drawing);
    std::vector<Point> out;
    for (const auto& c : coords) out.emplace_back(static_cast<double>(c.x), static_cast<double>(c.y));
    return out;
}

// Hops between every two places (breadth-first); places in different parts of a disconnected map
// count as one hop further than the farthest connected pair.
std::vector<std::vector<int>> hop_distances(const Places& places) {
    const int n = places.count;
    std::vector<std::vector<int>> adj(n);
    for (auto [a, b] : places.links) {
        adj[a].push_back(b);
        adj[b].push_back(a);
    }
    std::vector<std::vector<int>> d(n, std::vector<int>(n, -1));
    int far = 1;
    for (int s = 0; s < n; ++s) {
        std::queue<int> q;
        q.push(s);
        d[s][s] = 0;
        while (!q.empty()) {
            int v = q.front();
            q.pop();
            for (int w : adj[v]) {
                if (d[s][w] >= 0) continue;
                d[s][w] = d[s][v] + 1;
                far = std::max(far, d[s][w]);
                q.push(w);
            }
        }
    }
    for (auto& row : d)
        for (int& x : row)
            if (x < 0) x = far + 1;
    return d;
}

// Classical scaling: the two leading eigenvectors (power iteration, fixed start) of the double-
// centred squared distances give coordinates whose distances approximate the hops.
std::vector<Point> classical_scaling(const std::vector<std::vector<int>>& d) {
    const int n = static_cast<int>(d.size());
    std::vector<std::vector<double>> b(n, std::vector<double>(n));
    std::vector<double> row(n, 0);
    double all = 0;
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j) {
            b[i][j] = -0.5 * d[i][j] * d[i][j];
            row[i] += b[i][j] / n;
        }
        all += row[i] / n;
    }
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) b[i][j] += all - row[i] - row[j];
    std::vector<std::vector<double>> vectors;
    for (int k = 0; k < 2; ++k) {
        std::vector<double> v(n), next(n);
        for (int i = 0; i < n; ++i) v[i] = std::sin(1.0 + i * (k + 1.7));
        for (int it = 0; it < 200; ++it) {
            for (const auto& u : vectors) {  // deflation: stay orthogonal to the vectors found
                double dot = 0;
                for (int i = 0; i < n; ++i) dot += u[i] * v[i];
                for (int i = 0; i < n; ++i) v[i] -= dot * u[i];
            }
            double norm = 0;
            for (int i = 0; i < n; ++i) {
                next[i] = 0;
                for (int j = 0; j < n; ++j) next[i] += b[i][j] * v[j];
                norm += next[i] * next[i];
            }
            norm = std::sqrt(norm);
            if (norm < 1e-12) break;
            double change = 0;
            for (int i = 0; i < n; ++i) {
                change += std::abs(v[i] - next[i] / norm);
                v[i] = next[i] / norm;
            }
            if (change < 1e-9 * n) break;  // converged
        }
        vectors.push_back(v);
    }
    std::vector<Point> out(n);
    for (int i = 0; i < n; ++i) out[i] = {vectors[0][i] * n, vectors[1][i] * n};
    return out;
}

// Scales `pos` so that the mean drawn link length is `length`.
void scale_links(std::vector<Point>& pos, const Places& places, double length) {
    double sum = 0;
    for (auto [a, b] : places.links)
        sum += std::hypot(pos[a].first - pos[b].first, pos[a].second - pos[b].second);
    const double mean = places.links.empty() ? 0 : sum / static_cast<double>(places.links.size());
    const double f = mean > 1e-9 ? length / mean : length;
    for (auto& p : pos) p = {p.first * f, p.second * f};
}

// Stress majorisation (Gansner, Koren and North), one place at a time in index order: each step moves
// a place to where its weighted distances to all others best match `unit` times their hops.
void relax(std::vector<Point>& pos, const std::vector<std::vector<int>>& hops, double unit) {
    const int n = static_cast<int>(pos.size());
    const int rounds = std::clamp(static_cast<int>(4e7 / (static_cast<double>(n) * n + 1)), 20, 300);
    for (int round = 0; round < rounds; ++round) {
        double moved = 0;
        for (int i = 0; i < n; ++i) {
            double x = 0, y = 0, weights = 0;
            for (int j = 0; j < n; ++j) {
                if (j == i) continue;
                const double target = unit * hops[i][j];
                const double w = 1.0 / (target * target);
                const double dx = pos[i].first - pos[j].first, dy = pos[i].second - pos[j].second;
                const double dist = std::hypot(dx, dy);
                x += w * (pos[j].first + (dist > 1e-9 ? target * dx / dist : 0));
                y += w * (pos[j].second + (dist > 1e-9 ? target * dy / dist : 0));
                weights += w;
            }
            if (weights <= 0) continue;
            moved += std::hypot(x / weights - pos[i].first, y / weights - pos[i].second);
            pos[i] = {x / weights, y / weights};
        }
        if (moved / n < unit * 1e-4) break;
    }
}

// Moves places off the borders drawn across them: a line passing through a circle it does not join
// reads as a border that is not there. Each round nudges such a place away from the line (and the
// line's ends a little the other way); rounds are bounded by the work they take.
void clear_links(std::vector<Point>& pos, const Places& places) {
    const int n = static_cast<int>(pos.size());
    const double work = static_cast<double>(places.links.size()) * n + 1;
    const int rounds = std::clamp(static_cast<int>(3e7 / work), 0, 80);
    for (int round = 0; round < rounds; ++round) {
        bool moved = false;
        for (auto [a, b] : places.links) {
            const double dx = pos[b].first - pos[a].first, dy = pos[b].second - pos[a].second;
            const double length2 = dx * dx + dy * dy;
            if (length2 < 1e-9) continue;
            for (int c = 0; c < n; ++c) {
                if (c == a || c == b) continue;
                const double t =
                    ((pos[c].first - pos[a].first) * dx + (pos[c].second - pos[a].second) * dy) / length2;
                if (t <= 0 || t >= 1) continue;
                const double px = pos[a].first + t * dx, py = pos[a].second + t * dy;
                double nx = pos[c].first - px, ny = pos[c].second - py;
                const double dist = std::hypot(nx, ny);
                const double need = places.radius[c] + kLayoutGap / 2;
                if (dist >= need) continue;
                if (dist < 1e-9) {  // on the line: step off to its left
                    nx = -dy;
                    ny = dx;
                }
                const double norm = std::hypot(nx, ny), push = (need - dist) / 2;
                pos[c] = {pos[c].first + nx / norm * push, pos[c].second + ny / norm * push};
                for (int end : {a, b})
                    pos[end] = {pos[end].first - nx / norm * push / 2,
                                pos[end].second - ny / norm * push / 2};
                moved = true;
            }
        }
        if (!moved) break;
    }
}

// Pushes overlapping circles apart, then, if any pair is still too close, spreads the whole drawing
// out so that every pair keeps at least kLayoutGap between its circles.
void separate(std::vector<Point>& pos, const std::vector<double>& r) {
    const int n = static_cast<int>(pos.size());
    for (int round = 0; round < 200; ++round) {
        bool overlap = false;
        for (int i = 0; i < n; ++i) {
            for (int j = i + 1; j < n; ++j) {
                const double need = r[i] + r[j] + kLayoutGap * 1.2;
                double dx = pos[j].first - pos[i].first, dy = pos[j].second - pos[i].second;
                double dist = std::hypot(dx, dy);
                if (dist >= need) continue;
                overlap = true;
                if (dist < 1e-9) {  // the same point: part them along a fixed direction
                    dx = std::cos(2.39996 * (i + j));
                    dy = std::sin(2.39996 * (i + j));
                    dist = 1;
                    pos[j] = {pos[i].first + dx * 1e-3, pos[i].second + dy * 1e-3};
                }
                const double push = (need - dist) / 2 / dist;
                pos[i] = {pos[i].first - dx * push, pos[i].second - dy * push};
                pos[j] = {pos[j].first + dx * push, pos[j].second + dy * push};
            }
        }
        if (!overlap) break;
    }
    double spread = 1;
    for (int i = 0; i < n; ++i) {
        for (int j = i + 1; j < n; ++j) {
            const double dist = std::hypot(pos[j].first - pos[i].first, pos[j].second - pos[i].second);
            spread = std::max(spread, (r[i] + r[j] + kLayoutGap) / std::max(dist, 1e-6));
        }
    }
    if (spread > 1)
        for (auto& p : pos) p = {p.first * spread, p.second * spread};
}

Places places_of(const Map& map, const std::vector<double>& radii, double lake_radius, MapLayout& layout) {
    std::set<std::string> lakes;
    for (const auto& t : map.territories) lakes.insert(t.lakes.begin(), t.lakes.end());
    layout.lakes.assign(lakes.begin(), lakes.end());
    layout.lake_shores.assign(lakes.size(), {});
    Places places;
    places.count = map.size() + static_cast<int>(lakes.size());
    if (places.count > kMaxLayoutPlaces)
        throw std::invalid_argument("a map of at most " + std::to_string(kMaxLayoutPlaces) +
                                    " territories and lakes can be drawn (this one has " +
                                    std::to_string(places.count) + ")");
    std::set<std::pair<int, int>> links;
    for (int t = 0; t < map.size(); ++t) {
        for (int u : map.territories[t].neighbors)
            if (u != t) links.insert({std::min(t, u), std::max(t, u)});
        for (const auto& lake : map.territories[t].lakes) {
            const int l = static_cast<int>(std::lower_bound(layout.lakes.begin(), layout.lakes.end(), lake) -
                                           layout.lakes.begin());
            if (std::find(layout.lake_shores[l].begin(), layout.lake_shores[l].end(), t) ==
                layout.lake_shores[l].end())
                layout.lake_shores[l].push_back(t);
            links.insert({t, map.size() + l});
        }
    }
    places.links.assign(links.begin(), links.end());
    places.radius = radii;
    places.radius.resize(places.count, lake_radius);
    return places;
}

}  // namespace

MapLayout layout_map(const Map& map, const std::vector<double>& radii, double lake_radius) {
    MapLayout layout;
    const Places places = places_of(map, radii, lake_radius, layout);
    if (places.count == 0) return layout;
    const double biggest = *std::max_element(places.radius.begin(), places.radius.end());
    const double unit = 2 * biggest + kLayoutGap * 1.6;  // drawn length of one border
    const auto hops = hop_distances(places);
    auto planar = planar_drawing(places);
    layout.planar = planar.has_value();
    std::vector<Point> pos = planar ? *planar : classical_scaling(hops);
    scale_links(pos, places, unit);
    relax(pos, hops, unit);
    clear_links(pos, places);
    separate(pos, places.radius);
    double left = 1e300, top = 1e300, right = -1e300, bottom = -1e300;
    for (int i = 0; i < places.count; ++i) {
        left = std::min(left, pos[i].first - places.radius[i]);
        top = std::min(top, pos[i].second - places.radius[i]);
        right = std::max(right, pos[i].first + places.radius[i]);
        bottom = std::max(bottom, pos[i].second + places.radius[i]);
    }
    layout.width = right - left;
    layout.height = bottom - top;
    for (int i = 0; i < places.count; ++i) {
        LayoutCircle c{pos[i].first - left, pos[i].second - top, places.radius[i]};
        (i < map.size() ? layout.territories : layout.lake_circles).push_back(c);
    }
    return layout;
}

}  // namespace tlaloc::aztlan
