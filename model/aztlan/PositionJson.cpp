// The position writer: the pinned position format, with the map written inline and the profile by
// its shipped name, so parse_position reads back the same position.
#include "model/aztlan/Position.h"

namespace tlaloc::aztlan {

namespace {

Json played_to_json(const Map& map, const PlayedCard& played) {
    if (!played.territory) return to_string(played.card);
    return {{"card", to_string(played.card)}, {"territory", map.territories[*played.territory].id}};
}

// Keys whose value is the reader's default (no pawns, vp 0, no decision) are left out.
Json player_to_json(const Map& map, const PlayerPosition& p) {
    Json j = {{"name", p.name}, {"card", p.card}};
    Json pawns = Json::object();
    for (int t = 0; t < map.size(); ++t) {
        if (p.pawns[t]) pawns[map.territories[t].id] = p.pawns[t];
    }
    j["pawns"] = pawns;
    if (p.bonus) j["bonus"] = to_string(*p.bonus);
    if (!p.play.empty()) {
        Json play = Json::array();
        for (const auto& c : p.play) play.push_back(played_to_json(map, c));
        j["play"] = play;
    }
    if (p.vp) j["vp"] = p.vp;
    if (p.stack) j["stack"] = p.stack;
    Json decisions = Json::object();
    for (int t = 0; t < map.size(); ++t) {
        if (p.decisions[t])
            decisions[map.territories[t].id] = *p.decisions[t] == Decision::Defeat ? "defeat" : "coexist";
    }
    if (!decisions.empty()) j["decisions"] = decisions;
    return j;
}

}  // namespace

Json position_to_json(const Position& position) {
    Json players = Json::array();
    for (const auto& p : position.players) players.push_back(player_to_json(position.map, p));
    return {{"map", map_to_json(position.map)}, {"profile", position.profile.id}, {"players", players}};
}

}  // namespace tlaloc::aztlan
