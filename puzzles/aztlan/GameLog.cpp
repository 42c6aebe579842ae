#include "puzzles/aztlan/GameLog.h"
#include "model/common/LogFormat.h"

#include <stdexcept>

namespace tlaloc::aztlan {

const Map& game_map() {
    static const Map map = load_map(data_dir() / "puzzles" / "aztlan" / "aztlan.json");
    return map;
}

namespace {

Profile shipped_profile(const std::string& id) {
    Json none = Json::object();
    return load_named_profile(id, JsonPlace(none, "--profile"));
}

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

std::vector<std::uint64_t> seat_seeds(std::uint64_t seed, int players) {
    std::mt19937_64 rng(seed ^ 0x9E3779B97F4A7C15ULL);
    std::vector<std::uint64_t> out;
    for (int p = 0; p < players; ++p) out.push_back(rng());
    return out;
}

}  // namespace

Game play_game(const GameSetup& setup, const LogSink& sink, const HumanActor& human,
               const solver::Deadline& deadline) {
    if (static_cast<int>(setup.seats.size()) != setup.players)
        throw std::invalid_argument("one seat per player");
    std::vector<std::optional<GameBot>> bots;
    for (const auto& s : setup.seats) {
        if (s == "human") {
            if (!human) throw std::invalid_argument("a human seat needs someone to ask");
            bots.push_back(std::nullopt);
        } else if (auto bot = parse_game_bot(s)) {
            bots.push_back(bot);
        } else {
            throw std::invalid_argument("unknown seat \"" + s + "\" (random, greedy, best or human)");
        }
    }
    Game game = Game::seeded(game_map(), shipped_profile(setup.profile), setup.players, setup.seed);
    std::vector<std::mt19937_64> rngs;
    for (std::uint64_t s : seat_seeds(setup.seed, setup.players)) rngs.emplace_back(s);
    if (sink) sink(setup_line(setup, game).dump());
    while (!game.over()) {
        if (deadline.passed())
            throw solver::SearchLimitReached("the game had reached age " + std::to_string(game.age()) + ", " +
                                             to_string(game.phase()) + " phase");
        const int p = game.to_act();
        std::optional<Action> action =
            bots[p] ? std::optional<Action>(bot_action(game, *bots[p], rngs[p])) : human(game);
        if (!action) break;
        const std::size_t ages_before = game.ages().size();
        const Json line = action_line(game, *action);
        game.apply(*action);
        if (sink) sink(line.dump());
        // An age is over when a new one starts or the game ends.
        if (sink && (game.ages().size() > ages_before || game.over()))
            sink(age_line(game, game.ages()[ages_before - 1]).dump());
        if (sink && game.over()) sink(end_line(game).dump());
    }
    return game;
}

Json setup_line(const GameSetup& setup, const Game& game) {
    Json deck = Json::array();
    for (ProsperityCard c : game.initial_deck()) deck.push_back(to_string(c));
    return {{"kind", "setup"},
            {"format", log_format_text(kAztlanLog)},
            {"players", setup.players},
            {"profile", game.profile().id},
            {"map", game.map().id},
            {"seed", setup.seed},
            {"seats", setup.seats},
            {"stack", numbers(game.stack_order())},
            {"deck", deck}};
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

// A recorded age or end line must have the form of the line the rules give (the same keys, the same
// kinds of values, item by item): anything else is not a log (bad input), while a value of the right
// form that differs is a wrong step.
void expect_form(const JsonPlace& got, const Json& like) {
    switch (like.type()) {
        case Json::value_t::object: {
            std::vector<std::string> keys;
            for (auto it = like.begin(); it != like.end(); ++it) keys.push_back(it.key());
            got.expect_only_keys(keys);
            for (auto it = like.begin(); it != like.end(); ++it) expect_form(got.at(it.key()), it.value());
            break;
        }
        case Json::value_t::array: {
            // Item by item: items may differ in form (a conflict without a winner has null). Items
            // beyond the rules' are left to the comparison of values (a wrong step).
            const std::vector<JsonPlace> items = got.items();
            for (std::size_t i = 0; i < items.size() && i < like.size(); ++i) expect_form(items[i], like[i]);
            break;
        }
        case Json::value_t::string:
            got.as_string();
            break;
        case Json::value_t::boolean:
            got.as_bool();
            break;
        case Json::value_t::number_integer:
        case Json::value_t::number_unsigned:
            got.as_int(-kMaxExactJsonInteger, kMaxExactJsonInteger);
            break;
        case Json::value_t::number_float:
            if (!got.json().is_number()) got.fail("expected a number, found " + json_type_name(got.json()));
            break;
        default:  // null: the rules give no value to compare the form with
            break;
    }
}

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
        line.expect_only_keys({"kind", "age", "phase", "player", "alliance"});
        a.phase = Phase::Alliance;
        const JsonPlace name = line.at("alliance");
        for (std::size_t s = 0; s < game.sides().size(); ++s)
            if (game.sides()[s].name == name.as_string()) a.alliance = static_cast<int>(s);
        if (a.alliance < 0) name.fail("unknown alliance \"" + name.as_string() + "\"");
    } else if (phase == "choice") {
        line.expect_only_keys({"kind", "age", "phase", "player", "card"});
        a.phase = Phase::Choice;
        a.card = static_cast<int>(line.at("card").as_int(kLowestCard, kHighestCard));
    } else if (phase == "development") {
        line.expect_only_keys({"kind", "age", "phase", "player", "place", "eagle", "move"});
        a.phase = Phase::Development;
        a.place = territory_at(map, line.at("place"));
        a.eagle = optional_territory(map, line, "eagle");
        if (auto m = line.get("move"); m && !m->is_null()) {
            if (m->size() != 2) m->fail("a move is [from, to]");
            a.move = std::make_pair(territory_at(map, m->at(std::size_t{0})),
                                    territory_at(map, m->at(std::size_t{1})));
        }
    } else if (phase == "conflict") {
        line.expect_only_keys({"kind", "age", "phase", "player", "territory", "decision", "play"});
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
        line.expect_only_keys({"kind", "age", "phase", "player", "play", "bonus"});
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

namespace {

// The first key of the line the rules give whose recorded value differs ("vp recorded [..], the
// rules give [..]").
std::optional<std::string> differs_from(const Json& recorded, const Json& expected) {
    std::vector<std::string> keys;
    for (auto it = expected.begin(); it != expected.end(); ++it) keys.push_back(it.key());
    return first_differing_key(recorded, expected, keys);
}

// The setup line, read and typed: the game it starts (bad data is bad input). The game is dealt
// from the recorded seed, as `play` deals it; a recorded pyramid order or deck that differs from
// the seed's is a wrong step (`wrong`), so a log cannot choose its own deck.
Game read_setup(const JsonLine& line, GameSetup& setup, std::optional<std::string>& wrong) {
    const JsonPlace p(line.json, line.where);
    expect_log_kind(p, "setup");
    check_log_format(p, kAztlanLog);
    p.expect_only_keys({"kind", "format", "players", "profile", "map", "seed", "seats", "stack", "deck"});
    setup.players = static_cast<int>(p.at("players").as_int(kMinGamePlayers, kMaxGamePlayers));
    setup.profile = p.at("profile").as_string();
    setup.seed = static_cast<std::uint64_t>(p.at("seed").as_int(0, kMaxGameSeed));
    if (p.at("map").as_string() != game_map().id)
        p.at("map").fail("games are played on the shipped map \"aztlan\"");
    const Profile profile = load_named_profile(setup.profile, p.at("profile"));
    for (const JsonPlace& s : p.at("seats").items()) {
        setup.seats.push_back(s.as_string());
        if (setup.seats.back() != "human" && !parse_game_bot(setup.seats.back()))
            s.fail("expected random, greedy, best or human");
    }
    if (static_cast<int>(setup.seats.size()) != setup.players) p.at("seats").fail("one seat per player");
    std::vector<int> stack;
    for (const JsonPlace& s : p.at("stack").items())
        stack.push_back(static_cast<int>(s.as_int(1, setup.players)) - 1);
    std::vector<ProsperityCard> deck;
    for (const JsonPlace& c : p.at("deck").items()) {
        auto card = prosperity_card_from_string(c.as_string());
        if (!card) c.fail("unknown prosperity card \"" + c.as_string() + "\"");
        deck.push_back(*card);
    }
    Game dealt = Game::seeded(game_map(), profile, setup.players, setup.seed);
    const Json from_seed = setup_line(setup, dealt);
    // A recorded setup the engine would not start (not a permutation) is bad input; one it would
    // start but the seed does not deal is a wrong step.
    if (line.json.at("stack") != from_seed.at("stack") || line.json.at("deck") != from_seed.at("deck")) {
        try {
            (void)Game(game_map(), profile, setup.players, stack, deck);
        } catch (const std::invalid_argument& e) {
            p.fail(e.what());
        }
    }
    for (const char* key : {"stack", "deck"}) {
        const Json &got = line.json.at(key), &dealt_here = from_seed.at(key);
        std::size_t i = 0;
        while (i < got.size() && i < dealt_here.size() && got[i] == dealt_here[i]) ++i;
        if (got != dealt_here && !wrong)
            wrong = line.where + ": \"" + key + "\" differs from what seed " + std::to_string(setup.seed) +
                    " deals: item " + std::to_string(i + 1) + " recorded " +
                    (i < got.size() ? got[i].dump() : "none") + ", the seed gives " +
                    (i < dealt_here.size() ? dealt_here[i].dump() : "none");
    }
    return dealt;
}

}  // namespace

GameReplay replay_game(const std::string& name, const std::string& content) {
    const std::vector<JsonLine> lines = parse_json_lines(name, content, "game log lines");
    GameSetup setup;
    GameReplay out;
    Game game = read_setup(lines.front(), setup, out.wrong);
    out.players = setup.players;
    std::size_t ages_seen = 0;
    bool ended = false;
    for (std::size_t i = 1; i < lines.size(); ++i) {
        const JsonPlace line(lines[i].json, lines[i].where);
        const std::string kind = line.at("kind").as_string();
        if (kind == "action") {
            const int age = static_cast<int>(line.at("age").as_int(1, kAges));
            Action a = parse_action(game, line);
            if (out.wrong) continue;  // the rest is still read, so a malformed line is still bad input
            if (age != game.age()) {
                out.wrong = lines[i].where + ": the action is recorded in age " + std::to_string(age) +
                            ", the game is in age " + std::to_string(game.age());
            } else if (auto why = game.why_illegal(a)) {
                out.wrong = lines[i].where + ": player " + std::to_string(a.player + 1) + ": " + *why;
            } else {
                game.apply(a);
                ++out.actions;
            }
        } else if (kind == "age") {
            const std::vector<std::string> keys = {"kind",   "age",    "cards", "taken", "conflicts",
                                                   "scores", "points", "vp",    "hands"};
            line.expect_only_keys(keys);
            for (const auto& key : keys) (void)line.at(key);  // a line without one is not an age line
            if (out.wrong) continue;
            const std::size_t finished = game.over() ? game.ages().size() : game.ages().size() - 1;
            if (ages_seen >= finished) {
                out.wrong = lines[i].where + ": an age line before the age is over";
                continue;
            }
            Json expected = age_line(game, game.ages()[ages_seen++]);
            expect_form(line, expected);
            if (auto d = differs_from(lines[i].json, expected))
                out.wrong = lines[i].where + ": age " + std::to_string(ages_seen) + ": " + *d;
        } else if (kind == "end") {
            const std::vector<std::string> keys = {"kind", "final", "unused_card_vp_placeholder", "ranking"};
            line.expect_only_keys(keys);
            for (const auto& key : keys) (void)line.at(key);  // a line without one is not an end line
            if (out.wrong) continue;
            if (!game.over() || ended) {
                out.wrong =
                    lines[i].where + (ended ? ": a second end line" : ": the game ends before age V is over");
                continue;
            }
            Json expected = end_line(game);
            expect_form(line, expected);
            if (auto d = differs_from(lines[i].json, expected)) out.wrong = lines[i].where + ": " + *d;
            ended = true;
        } else {
            line.at("kind").fail("expected an action, age or end line");
        }
    }
    if (!out.wrong && !ended) out.wrong = name + ": the log stops before the game's end line";
    if (!out.wrong && ages_seen != static_cast<std::size_t>(kAges))
        out.wrong = name + ": the log does not record every age";
    return out;
}

}  // namespace tlaloc::aztlan
