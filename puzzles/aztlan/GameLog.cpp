#include "puzzles/aztlan/GameLog.h"

#include <stdexcept>

namespace tlaloc::aztlan {

const Map& game_map() {
    static const Map map = load_map(data_dir() / "puzzles" / "aztlan" / "aztlan.json");
    return map;
}

namespace {

Json territory(const Map& map, int t) { return map.territories[t].id; }

Json played_json(const Map& map, const std::vector<PlayedCard>& play) {
    Json out = Json::array();
    for (const PlayedCard& c : play)
        out.push_back(c.territory
                          ? Json{{"card", to_string(c.card)}, {"territory", territory(map, *c.territory)}}
                          : Json(to_string(c.card)));
    return out;
}

// Players are numbered from 1 in the log, as at the table.
Json numbers(const std::vector<int>& players) {
    Json out = Json::array();
    for (int p : players) out.push_back(p + 1);
    return out;
}

}  // namespace

Json dealt_json(const Game& game) {
    Json deck = Json::array();
    for (ProsperityCard c : game.initial_deck()) deck.push_back(to_string(c));
    return {{"stack", numbers(game.stack_order())}, {"deck", deck}};
}

Json action_line(const Game& game, const Action& a) {
    const Map& map = game.map();
    Json j = {
        {"kind", "action"}, {"age", game.age()}, {"phase", to_string(a.phase)}, {"player", a.player + 1}};
    switch (a.phase) {
        case Phase::Alliance:
            j["alliance"] = a.alliance >= 0 && a.alliance < static_cast<int>(game.sides().size())
                                ? Json(game.sides()[a.alliance].name)
                                : Json(nullptr);
            break;
        case Phase::Choice:
            j["card"] = a.card;
            break;
        case Phase::Development:
            j["place"] = territory(map, a.place);
            j["eagle"] = a.eagle ? territory(map, *a.eagle) : Json(nullptr);
            j["move"] = a.move ? Json::array({territory(map, a.move->first), territory(map, a.move->second)})
                               : Json(nullptr);
            break;
        case Phase::Conflict: {
            j["territory"] = a.territory >= 0 ? territory(map, a.territory) : Json(nullptr);
            j["decision"] =
                a.decision ? Json(*a.decision == Decision::Defeat ? "defeat" : "coexist") : Json(nullptr);
            Json play = Json::array();
            for (const PlayedCard& c : a.play) play.push_back(to_string(c.card));
            j["play"] = play;
            break;
        }
        default:
            j["play"] = played_json(map, a.play);
            j["bonus"] = a.bonus ? Json(to_string(*a.bonus)) : Json(nullptr);
            break;
    }
    return j;
}

Json age_line(const Game& game, const AgeRecord& r) {
    const Map& map = game.map();
    auto side_names = [&](const std::vector<int>& sides) {
        Json out = Json::array();
        for (int s : sides) out.push_back(game.sides()[s].name);
        return out;
    };
    Json conflicts = Json::array();
    for (std::size_t i = 0; i < r.conflicts.conflicts.size(); ++i) {
        const Conflict& c = r.conflicts.conflicts[i];
        conflicts.push_back({{"territory", territory(map, c.territory)},
                             {"outcome", to_string(c.outcome)},
                             {"winner", c.winner >= 0 ? Json(game.sides()[c.winner].name) : Json(nullptr)},
                             {"removed", side_names(c.removed)},
                             {"card_drawn_by", numbers(r.drawn[i])}});
    }
    Json domains = Json::array();
    for (std::size_t side = 0; side < r.scores.size(); ++side) {
        const PlayerScore& s = r.scores[side];
        // The pawns the scoring read (after the conflicts), by territory.
        Json pawns = Json::object();
        for (int t = 0; t < map.size(); ++t)
            if (r.conflicts.pawns[side][t] > 0) pawns[map.territories[t].id] = r.conflicts.pawns[side][t];
        domains.push_back({{"side", s.name},
                           {"pawns", pawns},
                           {"bonus_type", to_string(s.bonus_type)},
                           {"domains", static_cast<int>(s.domains.size())},
                           {"domain_points", s.domain_points},
                           {"blessing_points", s.blessing_points}});
    }
    Json hands = Json::array();
    for (const auto& hand : r.hands) {
        Json cards = Json::array();
        for (ProsperityCard c : hand) cards.push_back(to_string(c));
        hands.push_back(cards);
    }
    return {{"kind", "age"},          {"age", r.age},      {"cards", r.cards},   {"taken", r.taken},
            {"conflicts", conflicts}, {"scores", domains}, {"points", r.points}, {"vp", r.vp},
            {"hands", hands}};
}

Json end_line(const Game& game) {
    Json final_scores = Json::array();
    for (int p = 0; p < game.players(); ++p) {
        const FinalScore& f = game.final_scores()[p];
        final_scores.push_back({{"player", p + 1},
                                {"before", f.before},
                                {"unused_card", f.unused_card},
                                {"cards_in_hand", f.cards_in_hand},
                                {"offerings", f.offerings},
                                {"total", f.total}});
    }
    return {{"kind", "end"},
            {"final", final_scores},
            {"unused_card_vp_placeholder", game.profile().card_vp_placeholder},
            {"ranking", numbers(game.ranking())}};
}

namespace {

int territory_at(const Map& map, const JsonPlace& place) {
    auto index = map.index_of(place.as_string());
    if (!index) place.fail("unknown territory \"" + place.as_string() + "\"");
    return *index;
}

std::vector<PlayedCard> parse_played(const Map& map, const JsonPlace& play) {
    std::vector<PlayedCard> out;
    for (const JsonPlace& item : play.items()) {
        std::string name;
        std::optional<int> t;
        if (item.is_string()) {
            name = item.as_string();
        } else {
            item.expect_only_keys({"card", "territory"});
            name = item.at("card").as_string();
            t = territory_at(map, item.at("territory"));
        }
        auto card = prosperity_card_from_string(name);
        if (!card) item.fail("unknown prosperity card \"" + name + "\"");
        out.push_back({*card, t});
    }
    return out;
}

std::optional<int> optional_territory(const Map& map, const JsonPlace& line, const std::string& key) {
    auto v = line.get(key);
    if (!v || v->is_null()) return std::nullopt;
    return territory_at(map, *v);
}

}  // namespace

Action parse_action(const Game& game, const JsonPlace& line) {
    const Map& map = game.map();
    Action a;
    const std::string phase = line.at("phase").as_string();
    a.player = static_cast<int>(line.at("player").as_int(1, game.players())) - 1;
    if (phase == "alliance") {
        line.expect_only_keys({"phase", "player", "alliance"});
        a.phase = Phase::Alliance;
        const JsonPlace name = line.at("alliance");
        for (std::size_t s = 0; s < game.sides().size(); ++s)
            if (game.sides()[s].name == name.as_string()) a.alliance = static_cast<int>(s);
        if (a.alliance < 0) name.fail("unknown alliance \"" + name.as_string() + "\"");
    } else if (phase == "choice") {
        line.expect_only_keys({"phase", "player", "card"});
        a.phase = Phase::Choice;
        a.card = static_cast<int>(line.at("card").as_int(kLowestCard, kHighestCard));
    } else if (phase == "development") {
        line.expect_only_keys({"phase", "player", "place", "eagle", "move"});
        a.phase = Phase::Development;
        a.place = territory_at(map, line.at("place"));
        a.eagle = optional_territory(map, line, "eagle");
        if (auto m = line.get("move"); m && !m->is_null()) {
            if (m->size() != 2) m->fail("a move is [from, to]");
            a.move = std::make_pair(territory_at(map, m->at(std::size_t{0})),
                                    territory_at(map, m->at(std::size_t{1})));
        }
    } else if (phase == "conflict") {
        line.expect_only_keys({"phase", "player", "territory", "decision", "play"});
        a.phase = Phase::Conflict;
        a.territory = territory_at(map, line.at("territory"));
        if (auto d = line.get("decision"); d && !d->is_null()) {
            const std::string v = d->as_string();
            if (v != "defeat" && v != "coexist") d->fail("expected \"defeat\" or \"coexist\"");
            a.decision = v == "defeat" ? Decision::Defeat : Decision::Coexist;
        }
        if (auto p = line.get("play")) {
            for (const JsonPlace& item : p->items()) {
                auto card = prosperity_card_from_string(item.as_string());
                if (!card) item.fail("unknown prosperity card \"" + item.as_string() + "\"");
                a.play.push_back({*card, a.territory});
            }
        }
    } else if (phase == "scoring") {
        line.expect_only_keys({"phase", "player", "play", "bonus"});
        a.phase = Phase::Scoring;
        if (auto p = line.get("play")) a.play = parse_played(map, *p);
        if (auto b = line.get("bonus"); b && !b->is_null()) {
            auto type = territory_type_from_string(b->as_string());
            if (!type) b->fail("unknown territory type \"" + b->as_string() + "\"");
            a.bonus = type;
        }
    } else {
        line.at("phase").fail("expected alliance, choice, development, conflict or scoring");
    }
    return a;
}

}  // namespace tlaloc::aztlan
