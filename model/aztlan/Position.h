// A position of one age as data: the map, the edition profile and each player's card, pawns and
// played prosperity cards (plus VP, pyramid stack and decisions for the conflict phase).
#pragma once
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "model/aztlan/Map.h"
#include "model/aztlan/Profile.h"

namespace tlaloc::aztlan {

enum class ProsperityCard {
    BlessingMixcoatl,
    BlessingTepeyollotl,
    BlessingXipeTotec,
    OfferingToTheGods,
    SacredGames,
    RaftsAndCanoes,
    GreatTlatoani,
    EagleAndJaguarWarriors
};
const char* to_string(ProsperityCard card);
std::optional<ProsperityCard> prosperity_card_from_string(const std::string& name);
// The type a Blessing rewards, nullopt for other cards.
std::optional<TerritoryType> blessing_type(ProsperityCard card);

enum class Decision { Defeat, Coexist };
inline constexpr Decision kDefaultDecision = Decision::Defeat;  // docs/aztlan.md: "Decisions"

struct PlayedCard {
    ProsperityCard card;
    std::optional<int> territory;  // conflict cards: the territory they are played in
};

struct PlayerPosition {
    std::string name;
    int card = 0;                        // power card 4..9
    std::vector<int> pawns;              // pawns[i] on territory i
    std::optional<TerritoryType> bonus;  // the joker's chosen type
    std::vector<PlayedCard> play;
    int vp = 0;     // victory points so far (conflict order)
    int stack = 0;  // pyramid height in the stack, 0 = bottom (ties in order)
    std::vector<std::optional<Decision>> decisions;  // per territory, when written in the file

    bool plays(ProsperityCard c) const;
    bool plays_in(ProsperityCard c, int territory) const;
};

struct Position {
    Map map;
    Profile profile;
    std::vector<PlayerPosition> players;
};

Position parse_position(const JsonPlace& where);
Position load_position(const std::filesystem::path& file);
// The pinned format again (model/aztlan/PositionJson.cpp): the map inline, the profile by name.
Json position_to_json(const Position& position);

}  // namespace tlaloc::aztlan
