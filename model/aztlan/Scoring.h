// The scoring phase of an age: each player's domains, their points (size + bonus², per the
// profile's rule for domains without the bonus type) and the Blessings played.
#pragma once
#include <string>
#include <vector>

#include "model/aztlan/MapGraph.h"
#include "model/aztlan/Position.h"

namespace tlaloc::aztlan {

// Points of a domain of `size` territories holding `bonus` territories of the bonus type.
int domain_value(int size, int bonus, DomainWithoutBonus rule);

struct ScoredDomain {
    std::vector<int> territories;  // indexes into Map::territories
    int bonus = 0;                 // territories of the bonus type in it
    int points = 0;
};

struct PlayerScore {
    std::string name;
    TerritoryType bonus_type = TerritoryType::City;
    std::vector<ScoredDomain> domains;
    int domain_points = 0;
    int blessing_points = 0;
    int points = 0;  // domain_points + blessing_points
};

// The joker (no `bonus` given) takes the type with the best total; on a tie the first type in
// kTerritoryTypeNames order.
PlayerScore score_player(const MapGraph& graph, const Profile& profile, const PlayerPosition& player);
std::vector<PlayerScore> score_age(const MapGraph& graph, const Position& position);

}  // namespace tlaloc::aztlan
