#include "model/aztlan/Components.h"

namespace tlaloc::aztlan {

int pawns_per_age(int players, int age) {
    if (age < 1 || age > kAges) return 0;
    // Every age takes one pawn fewer than the one before; only the first age differs by count.
    int first_age = 0;
    switch (players) {
        case 2:
            first_age = 10;
            break;  // "Aztec Gods": per alliance in control
        case 3:
            first_age = 8;
            break;
        case 4:
            first_age = 7;
            break;
        default:
            return 0;
    }
    return first_age - (age - 1);
}

int offering_points(int offerings) {
    if (offerings < 0 || offerings > kMaxOfferings) return 0;
    return offerings * offerings;
}

namespace {
std::map<std::string, int> ages_table(int players) {
    std::map<std::string, int> t;
    for (int age = 1; age <= kAges; ++age) t[std::to_string(age)] = pawns_per_age(players, age);
    return t;
}
}  // namespace

const std::map<std::string, std::map<std::string, int>>& component_tables() {
    static const std::map<std::string, std::map<std::string, int>> tables = [] {
        std::map<std::string, std::map<std::string, int>> t;
        t["pawns_per_age_2p"] = ages_table(2);
        t["pawns_per_age_3p"] = ages_table(3);
        t["pawns_per_age_4p"] = ages_table(4);
        for (int n = 1; n <= kMaxOfferings; ++n) t["offerings"][std::to_string(n)] = offering_points(n);
        t["prosperity_deck"] = {{"blessing_mixcoatl", 3},   {"blessing_tepeyollotl", 3},
                                {"blessing_xipe_totec", 3}, {"offering_to_the_gods", 9},
                                {"sacred_games", 3},        {"rafts_and_canoes", 3},
                                {"great_tlatoani", 3},      {"eagle_and_jaguar_warriors", 3}};
        for (int card = 4; card <= 9; ++card) t["power_card_numbers"][std::to_string(card)] = 1;
        return t;
    }();
    return tables;
}

const std::map<std::string, int>& component_counts() {
    static const std::map<std::string, int> counts = [] {
        std::map<std::string, int> c;
        const auto& tables = component_tables();
        int prosperity = 0;
        for (const auto& [card, n] : tables.at("prosperity_deck")) prosperity += n;
        int power_per_tribe = static_cast<int>(tables.at("power_card_numbers").size());
        c["tribes"] = kTribes;
        c["pawns_per_tribe"] = kPawnsPerTribe;
        c["pawns"] = kTribes * kPawnsPerTribe;
        c["pawns_per_alliance"] = 2 * kPawnsPerTribe;
        c["power_cards_per_tribe"] = power_per_tribe;
        c["power_cards"] = kTribes * power_per_tribe;
        c["prosperity_cards"] = prosperity;
        c["offering_cards"] = tables.at("prosperity_deck").at("offering_to_the_gods");
        c["territories"] = 30;
        c["territory_types"] = 5;
        c["territories_per_type"] = 6;
        c["ages"] = kAges;
        c["pyramids"] = kTribes + 1;  // one per tribe plus the grey age marker
        c["scoring_bonus_cards"] = 1;
        c["boards"] = 1;
        c["players_min"] = 2;
        c["players_max"] = kTribes;
        c["max_offerings"] = kMaxOfferings;
        return c;
    }();
    return counts;
}

}  // namespace tlaloc::aztlan
