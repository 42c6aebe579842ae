// The turn writer: the pinned TURN.json format, so parse_turn reads back the same turn.
#include "model/akelarre/Turn.h"

namespace tlaloc::akelarre {

namespace {

Json cards_to_json(const std::vector<Card>& cards) {
    Json j = Json::array();
    for (const Card& c : cards) j.push_back(to_string(c));
    return j;
}

}  // namespace

// The table's melds keep their place ids; the free places, which the reader numbers after the
// table's, are written as a count when they all belong to "me" and as their owners otherwise.
Json turn_to_json(const TurnPosition& turn) {
    Json table = Json::array(), owners = Json::array();
    bool all_mine = true;
    for (const auto& p : turn.places) {
        if (p.free()) {
            owners.push_back(p.owner);
            all_mine = all_mine && p.owner == turn.me;
        } else {
            table.push_back({{"place", p.id}, {"owner", p.owner}, {"cards", cards_to_json(p.cards)}});
        }
    }
    Json j = {{"hand", cards_to_json(turn.hand)},
              {"free_places", all_mine ? Json(owners.size()) : owners},
              {"favourite", std::string(1, family_letter(turn.favourite))}};
    if (!table.empty()) j["table"] = table;
    if (turn.me != "me") j["me"] = turn.me;
    return j;
}

}  // namespace tlaloc::akelarre
