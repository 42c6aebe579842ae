#include "model/aztlan/Position.h"

#include <set>

namespace tlaloc::aztlan {

namespace {
constexpr std::array<const char*, 8> kCardNames = {
    "blessing-mixcoatl", "blessing-tepeyollotl", "blessing-xipe-totec", "offering-to-the-gods",
    "sacred-games",      "rafts-and-canoes",     "great-tlatoani",      "eagle-and-jaguar-warriors"};
constexpr int kMaxPawns = 30;  // a tribe's whole supply

bool needs_territory(ProsperityCard c) {
    return c == ProsperityCard::SacredGames || c == ProsperityCard::GreatTlatoani;
}

int territory_at(const Map& map, const JsonPlace& place) {
    std::string id = place.as_string();
    auto index = map.index_of(id);
    if (!index) place.fail("unknown territory \"" + id + "\"");
    return *index;
}

PlayedCard parse_played(const Map& map, const JsonPlace& place) {
    std::string name;
    std::optional<JsonPlace> territory;
    if (place.is_string()) {
        name = place.as_string();
    } else {
        place.expect_only_keys({"card", "territory"});
        name = place.at("card").as_string();
        territory = place.get("territory");
    }
    auto card = prosperity_card_from_string(name);
    if (!card) {
        std::string list;
        for (const char* n : kCardNames) list += (list.empty() ? "" : ", ") + std::string(n);
        place.fail("unknown prosperity card \"" + name + "\" (expected one of: " + list + ")");
    }
    if (*card == ProsperityCard::OfferingToTheGods || *card == ProsperityCard::EagleAndJaguarWarriors) {
        place.fail("\"" + name + "\" is not played in the conflict or scoring phase");
    }
    PlayedCard out{*card, std::nullopt};
    if (needs_territory(*card)) {
        if (!territory)
            place.fail("\"" + name + "\" needs the territory it is played in: {\"card\": \"" + name +
                       "\", \"territory\": \"T01\"}");
        out.territory = territory_at(map, *territory);
    } else if (territory) {
        territory->fail("\"" + name + "\" is not played in a territory");
    }
    return out;
}

std::vector<int> parse_pawns(const Map& map, const JsonPlace& pawns) {
    std::vector<int> out(map.size(), 0);
    pawns.expect_object();
    for (auto it = pawns.json().begin(); it != pawns.json().end(); ++it) {
        auto index = map.index_of(it.key());
        if (!index) pawns.fail("unknown territory \"" + it.key() + "\"");
        out[*index] = static_cast<int>(pawns.at(it.key()).as_int(0, kMaxPawns));
    }
    return out;
}

TerritoryType parse_bonus(const Profile& profile, int card, const JsonPlace& bonus) {
    if (profile.bonus_type_of(card))
        bonus.fail("\"bonus\" chooses the joker's type; card " + std::to_string(card) + " is not the joker");
    auto type = territory_type_from_string(bonus.as_string());
    if (!type) bonus.fail("unknown territory type \"" + bonus.as_string() + "\"");
    return *type;
}

std::vector<PlayedCard> parse_play(const Map& map, const JsonPlace& play) {
    std::vector<PlayedCard> out;
    std::set<std::pair<int, int>> seen;
    for (const auto& item : play.items()) {
        auto c = parse_played(map, item);
        // A conflict card twice in one territory is refused; the same scoring card twice is allowed
        // (docs/aztlan.md: each Blessing played pays).
        if (c.territory && !seen.emplace(static_cast<int>(c.card), *c.territory).second)
            item.fail("played twice in one territory");
        out.push_back(c);
    }
    return out;
}

std::vector<std::optional<Decision>> parse_decisions(const Map& map, const JsonPlace& decisions) {
    std::vector<std::optional<Decision>> out(map.size(), std::nullopt);
    decisions.expect_object();
    for (auto it = decisions.json().begin(); it != decisions.json().end(); ++it) {
        auto index = map.index_of(it.key());
        if (!index) decisions.fail("unknown territory \"" + it.key() + "\"");
        auto d = decisions.at(it.key());
        std::string v = d.as_string();
        if (v == "defeat")
            out[*index] = Decision::Defeat;
        else if (v == "coexist")
            out[*index] = Decision::Coexist;
        else
            d.fail("expected \"defeat\" or \"coexist\", found \"" + v + "\"");
    }
    return out;
}

PlayerPosition parse_player(const Map& map, const Profile& profile, const JsonPlace& place) {
    place.expect_only_keys({"name", "card", "pawns", "bonus", "play", "vp", "stack", "decisions"});
    PlayerPosition p;
    p.name = place.at("name").as_string();
    if (p.name.empty()) place.at("name").fail("a player name must not be empty");
    p.card = static_cast<int>(place.at("card").as_int(kLowestCard, kHighestCard));
    p.pawns = parse_pawns(map, place.at("pawns"));
    if (auto bonus = place.get("bonus")) p.bonus = parse_bonus(profile, p.card, *bonus);
    if (auto play = place.get("play")) p.play = parse_play(map, *play);
    if (auto vp = place.get("vp")) p.vp = static_cast<int>(vp->as_int(0, 100000));
    if (auto stack = place.get("stack")) p.stack = static_cast<int>(stack->as_int(0, 100));
    p.decisions.assign(map.size(), std::nullopt);
    if (auto decisions = place.get("decisions")) p.decisions = parse_decisions(map, *decisions);
    return p;
}
}  // namespace

const char* to_string(ProsperityCard card) { return kCardNames[static_cast<int>(card)]; }

std::optional<ProsperityCard> prosperity_card_from_string(const std::string& name) {
    for (std::size_t i = 0; i < kCardNames.size(); ++i) {
        if (name == kCardNames[i]) return static_cast<ProsperityCard>(i);
    }
    return std::nullopt;
}

std::optional<TerritoryType> blessing_type(ProsperityCard card) {
    switch (card) {
        case ProsperityCard::BlessingMixcoatl:
            return TerritoryType::Jungle;
        case ProsperityCard::BlessingTepeyollotl:
            return TerritoryType::Mountain;
        case ProsperityCard::BlessingXipeTotec:
            return TerritoryType::Terraced;
        default:
            return std::nullopt;
    }
}

bool PlayerPosition::plays(ProsperityCard c) const {
    for (const auto& p : play) {
        if (p.card == c) return true;
    }
    return false;
}

bool PlayerPosition::plays_in(ProsperityCard c, int territory) const {
    for (const auto& p : play) {
        if (p.card == c && p.territory == territory) return true;
    }
    return false;
}

Position parse_position(const JsonPlace& where) {
    where.expect_only_keys({"map", "profile", "players"});
    Position pos;
    auto map = where.at("map");
    if (map.is_string()) {
        if (map.as_string().empty()) map.fail("an empty file name (expected a map file or a map object)");
        pos.map = load_map(resolve_relative(where.file(), map.as_string()));
    } else {
        pos.map = parse_map(map);
    }
    if (auto profile = where.get("profile")) {
        pos.profile = load_named_profile(profile->as_string(), *profile);
    } else {
        pos.profile = load_named_profile(kDefaultProfile, where);
    }
    auto players = where.at("players");
    std::set<std::string> names;
    for (const auto& item : players.items()) {
        auto p = parse_player(pos.map, pos.profile, item);
        if (!names.insert(p.name).second) item.at("name").fail("duplicate player \"" + p.name + "\"");
        pos.players.push_back(std::move(p));
    }
    if (pos.players.empty()) players.fail("a position needs at least one player");
    return pos;
}

Position load_position(const std::filesystem::path& file) {
    Json json = load_json_file(file);
    return parse_position(JsonPlace(json, file.string()));
}

}  // namespace tlaloc::aztlan
