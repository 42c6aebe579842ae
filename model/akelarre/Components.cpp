#include "model/akelarre/Components.h"

namespace tlaloc::akelarre {

namespace {
constexpr int kFamilies = 5;  // fairies, goblins, druids, nymphs, witches
}

const std::map<std::string, std::map<std::string, int>>& component_tables() {
    static const std::map<std::string, std::map<std::string, int>> tables = {
        {"cards_per_value", {{"2", 6}, {"3", 5}, {"4", 4}, {"5", 3}, {"6", 2}, {"joker", 1}}},
        // Meeting places each player controls, by player count.
        {"meeting_places", {{"2", 2}, {"3", 1}, {"4", 1}}},
    };
    return tables;
}

const std::map<std::string, int>& component_counts() {
    static const std::map<std::string, int> counts = [] {
        int per_family = 0;
        for (const auto& [value, n] : component_tables().at("cards_per_value")) per_family += n;
        std::map<std::string, int> c;
        c["families"] = kFamilies;
        c["cards_per_family"] = per_family;
        c["jokers_per_family"] = component_tables().at("cards_per_value").at("joker");
        c["creature_cards"] = kFamilies * per_family;
        c["favourite_cards"] = kFamilies;
        c["cards"] = kFamilies * per_family + kFamilies;
        c["hand_size"] = 7;
        c["meld_min"] = 3;
        c["meld_max"] = 5;
        c["lowest_value"] = 2;
        c["highest_value"] = 6;
        c["owner_share"] = 2;  // cards the meeting place's owner takes from a completed meld
        c["extra_meeting_place_cost"] = 5;
        // The Forest Spirit card's arrows (1, 2, 3): the arrow toward the table's centre is the number
        // of meeting places its player may hold, so a player holds at most 3.
        c["meeting_places_max"] = 3;
        c["most_cards_bonus"] = 8;
        c["players_min"] = 2;
        c["players_max"] = 4;
        return c;
    }();
    return counts;
}

}  // namespace tlaloc::akelarre
