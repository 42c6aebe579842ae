#include "model/xalapa/Components.h"

namespace tlaloc::xalapa {

namespace {
constexpr int kColours = 6;             // one shaman board, stone and token colour per player
constexpr int kAtlacoyaLowestBid = 2;   // fewer would anger the oracle
constexpr int kAtlacoyaHighestBid = 7;  // there are 7 challenges
}  // namespace

const std::map<std::string, std::map<std::string, int>>& component_tables() {
    static const std::map<std::string, std::map<std::string, int>> tables = {
        {"oracle_cards_by_back", {{"novice", 13}, {"intermediate", 7}, {"expert", 7}}},
        // Position card plus the card columns in play: basic uses columns 1-4, experts may add
        // 5-6; from level 2 on (and in Atlacoya) all 6 columns are filled.
        {"challenges_per_level",
         {{"basic", 5}, {"basic_expert", 7}, {"1", 5}, {"2", 7}, {"3", 7}, {"4", 7}, {"atlacoya", 7}}},
        // Oracle cards on the central board in a round (the printed 1 and 2 are not cards): basic,
        // the 1- and 2-stone cards over 4 drawn cards; level 1, 6 novice cards; level 2, 4
        // intermediate cards more; level 3, expert cards in their place (the two expert number cards
        // on top); level 4, 6 novice and expert cards and 4 intermediate ones. Puzzles' dealer
        // follows this table (tests/XalapaAuthoringTest.cpp). Level 5 covers all 12 places (inferred).
        {"oracle_cards_on_the_board", {{"basic", 6}, {"1", 6}, {"2", 10}, {"3", 10}, {"4", 10}, {"5", 12}}},
    };
    return tables;
}

const std::map<std::string, int>& component_counts() {
    static const std::map<std::string, int> counts = [] {
        std::map<std::string, int> c;
        int oracle_cards = 0;
        for (const auto& [back, n] : component_tables().at("oracle_cards_by_back")) oracle_cards += n;
        c["colours"] = kColours;
        c["players_max"] = kColours;
        c["shaman_boards"] = kColours;
        c["board_fields"] = 36;
        c["oracle_cards"] = oracle_cards;
        c["position_cards"] = 9;
        c["novice_feature_cards"] = 11;  // the 13 novice cards less "1 stone" and "2 stones"
        c["oracle_stones_per_player"] = 8;
        c["oracle_stones"] = 48;
        c["disfavor_tiles_per_player"] = 5;
        c["disfavor_tiles"] = 30;
        c["disfavor_points"] = 3;
        c["shaman_stones"] = kColours;
        c["day_tokens"] = 1;
        c["days"] = 7;
        c["hourglasses"] = 1;
        c["number_tiles"] = 30;  // the box list; Atlacoya's need is derived below
        c["atlacoya_players_min"] = 2;
        c["atlacoya_players_max"] = kColours;
        c["atlacoya_lowest_bid"] = kAtlacoyaLowestBid;
        c["atlacoya_highest_bid"] = kAtlacoyaHighestBid;
        c["atlacoya_number_tiles_per_player"] = kAtlacoyaHighestBid - kAtlacoyaLowestBid + 1;
        c["atlacoya_disfavor_tiles_per_player"] = 3;
        c["atlacoya_start_space"] = 15;
        return c;
    }();
    return counts;
}

}  // namespace tlaloc::xalapa
