#include "model/aztlan/Scoring.h"

namespace tlaloc::aztlan {

int domain_value(int size, int bonus, DomainWithoutBonus rule) {
    if (bonus == 0) return rule == DomainWithoutBonus::Zero ? 0 : size;
    return size + bonus * bonus;
}

namespace {
PlayerScore score_with(const Map& map, const std::vector<std::vector<int>>& domains, TerritoryType type,
                       DomainWithoutBonus rule) {
    PlayerScore s;
    s.bonus_type = type;
    for (const auto& d : domains) {
        ScoredDomain sd{d, 0, 0};
        for (int t : d) sd.bonus += map.territories[t].type == type;
        sd.points = domain_value(static_cast<int>(d.size()), sd.bonus, rule);
        s.domain_points += sd.points;
        s.domains.push_back(std::move(sd));
    }
    return s;
}
}  // namespace

PlayerScore score_player(const MapGraph& graph, const Profile& profile, const PlayerPosition& player) {
    const Map& map = graph.map();
    std::vector<bool> held(map.size());
    for (int i = 0; i < map.size(); ++i) held[i] = player.pawns[i] > 0;
    auto domains = graph.domains(held, player.plays(ProsperityCard::RaftsAndCanoes));

    PlayerScore best;
    if (auto fixed = profile.bonus_type_of(player.card)) {
        best = score_with(map, domains, *fixed, profile.domain_without_bonus);
    } else if (player.bonus) {
        best = score_with(map, domains, *player.bonus, profile.domain_without_bonus);
    } else {
        for (int t = 0; t < kTerritoryTypeCount; ++t) {
            auto s = score_with(map, domains, static_cast<TerritoryType>(t), profile.domain_without_bonus);
            if (t == 0 || s.domain_points > best.domain_points) best = std::move(s);
        }
    }
    best.name = player.name;
    for (const auto& played : player.play) {
        auto type = blessing_type(played.card);
        if (!type) continue;
        for (int i = 0; i < map.size(); ++i)
            best.blessing_points += 2 * (held[i] && map.territories[i].type == *type);
    }
    best.points = best.domain_points + best.blessing_points;
    return best;
}

std::vector<PlayerScore> score_age(const MapGraph& graph, const Position& position) {
    std::vector<PlayerScore> out;
    for (const auto& p : position.players) out.push_back(score_player(graph, position.profile, p));
    return out;
}

}  // namespace tlaloc::aztlan
