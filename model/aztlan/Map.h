// An Aztlán map as data: territories with a type, land borders and the lakes they touch.
// Parsing validates it (symmetric adjacency, known ids) so everything downstream can trust it.
#pragma once
#include <array>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "model/common/Json.h"

namespace tlaloc::aztlan {

enum class TerritoryType { Jungle = 0, Desert, Mountain, Terraced, City };
inline constexpr int kTerritoryTypeCount = 5;
inline constexpr std::array<const char*, kTerritoryTypeCount> kTerritoryTypeNames = {
    "jungle", "desert", "mountain", "terraced", "city"};

const char* to_string(TerritoryType type);
std::optional<TerritoryType> territory_type_from_string(const std::string& name);

struct Territory {
    std::string id;
    std::string name;  // may be empty
    TerritoryType type;
    std::vector<int> neighbors;      // indexes into Map::territories, land borders only
    std::vector<std::string> lakes;  // lake ids the territory touches
};

struct Map {
    std::string id;
    std::vector<Territory> territories;

    int size() const { return static_cast<int>(territories.size()); }
    std::optional<int> index_of(const std::string& territory_id) const;
};

// Parses the pinned map format; `where` names the file (and the element) for errors.
Map parse_map(const JsonPlace& where);
Map load_map(const std::filesystem::path& file);
Json map_to_json(const Map& map);

}  // namespace tlaloc::aztlan
