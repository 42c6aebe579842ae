#include "model/aztlan/Map.h"

#include <algorithm>
#include <map>
#include <set>

namespace tlaloc::aztlan {

const char* to_string(TerritoryType type) { return kTerritoryTypeNames[static_cast<int>(type)]; }

std::optional<TerritoryType> territory_type_from_string(const std::string& name) {
    for (int t = 0; t < kTerritoryTypeCount; ++t) {
        if (name == kTerritoryTypeNames[t]) return static_cast<TerritoryType>(t);
    }
    return std::nullopt;
}

std::optional<int> Map::index_of(const std::string& territory_id) const {
    for (int i = 0; i < size(); ++i) {
        if (territories[i].id == territory_id) return i;
    }
    return std::nullopt;
}

namespace {
std::string type_list() {
    std::string out;
    for (const char* n : kTerritoryTypeNames) out += (out.empty() ? "" : ", ") + std::string(n);
    return out;
}

TerritoryType parse_type(const JsonPlace& place) {
    auto type = territory_type_from_string(place.as_string());
    if (!type)
        place.fail("unknown territory type \"" + place.as_string() + "\" (expected one of: " + type_list() +
                   ")");
    return *type;
}

std::vector<std::string> parse_lakes(const JsonPlace& lakes) {
    std::vector<std::string> out;
    std::set<std::string> seen;
    for (const auto& l : lakes.items()) {
        std::string lake = l.as_string();
        if (lake.empty()) l.fail("a lake id must not be empty");
        if (!seen.insert(lake).second) l.fail("lake \"" + lake + "\" listed twice");
        out.push_back(lake);
    }
    return out;
}

// Territory number `position` without its neighbours, which can only be resolved once every id is
// known: its id goes into `index`, its neighbours' ids into `neighbor_ids`.
Territory parse_territory(const JsonPlace& item, int position, std::map<std::string, int>& index,
                          std::vector<std::string>& neighbor_ids) {
    item.expect_only_keys({"id", "name", "type", "neighbors", "lakes"});
    Territory t;
    t.id = item.at("id").as_string();
    if (t.id.empty()) item.at("id").fail("a territory id must not be empty");
    if (!index.emplace(t.id, position).second) item.at("id").fail("duplicate territory id \"" + t.id + "\"");
    if (auto name = item.get("name")) t.name = name->as_string();
    t.type = parse_type(item.at("type"));
    for (const auto& n : item.at("neighbors").items()) neighbor_ids.push_back(n.as_string());
    if (auto lakes = item.get("lakes")) t.lakes = parse_lakes(*lakes);
    return t;
}

void resolve_neighbors(Map& map, const std::vector<JsonPlace>& items, const std::map<std::string, int>& index,
                       const std::vector<std::vector<std::string>>& neighbor_ids) {
    for (int i = 0; i < map.size(); ++i) {
        auto place = items[i].at("neighbors");
        std::set<int> seen;
        for (std::size_t j = 0; j < neighbor_ids[i].size(); ++j) {
            const auto& nid = neighbor_ids[i][j];
            auto it = index.find(nid);
            if (it == index.end())
                place.at(j).fail("unknown territory \"" + nid + "\" (neighbor of \"" + map.territories[i].id +
                                 "\")");
            if (it->second == i) place.at(j).fail("territory \"" + nid + "\" lists itself as a neighbor");
            if (!seen.insert(it->second).second) place.at(j).fail("neighbor \"" + nid + "\" listed twice");
            map.territories[i].neighbors.push_back(it->second);
        }
    }
}

void check_symmetric(const Map& map, const std::vector<JsonPlace>& items) {
    for (int i = 0; i < map.size(); ++i) {
        for (int n : map.territories[i].neighbors) {
            const auto& back = map.territories[n].neighbors;
            if (std::find(back.begin(), back.end(), i) == back.end()) {
                items[i]
                    .at("neighbors")
                    .fail("adjacency is not symmetric: \"" + map.territories[i].id + "\" lists \"" +
                          map.territories[n].id + "\" but \"" + map.territories[n].id +
                          "\" does not list \"" + map.territories[i].id + "\"");
            }
        }
    }
}
}  // namespace

Map parse_map(const JsonPlace& where) {
    where.expect_only_keys({"id", "territories"});
    Map map;
    map.id = where.at("id").as_string();
    auto items = where.at("territories").items();
    if (items.empty()) where.at("territories").fail("a map needs at least one territory");

    std::map<std::string, int> index;
    std::vector<std::vector<std::string>> neighbor_ids(items.size());
    for (std::size_t i = 0; i < items.size(); ++i)
        map.territories.push_back(parse_territory(items[i], static_cast<int>(i), index, neighbor_ids[i]));
    // Resolve ids first, then check symmetry, so the message can name the pair either way round.
    resolve_neighbors(map, items, index, neighbor_ids);
    check_symmetric(map, items);
    return map;
}

Map load_map(const std::filesystem::path& file) {
    Json json = load_json_file(file);
    return parse_map(JsonPlace(json, file.string()));
}

Json map_to_json(const Map& map) {
    Json territories = Json::array();
    for (const auto& t : map.territories) {
        Json item = {{"id", t.id}};
        if (!t.name.empty()) item["name"] = t.name;
        item["type"] = to_string(t.type);
        Json neighbors = Json::array();
        for (int n : t.neighbors) neighbors.push_back(map.territories[n].id);
        item["neighbors"] = neighbors;
        if (!t.lakes.empty()) item["lakes"] = t.lakes;
        territories.push_back(item);
    }
    return {{"id", map.id}, {"territories", territories}};
}

}  // namespace tlaloc::aztlan
