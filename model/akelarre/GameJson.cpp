// The game's set-up and actions to and from JSON (the game log's vocabulary).
#include "model/akelarre/GameJson.h"

#include <algorithm>
#include <set>
#include <sstream>

namespace tlaloc::akelarre {

namespace {

Json cards_json(const std::vector<Card>& cards) {
    Json j = Json::array();
    for (const Card& c : cards) j.push_back(to_string(c));
    return j;
}

Card read_card(const JsonPlace& p) {
    if (!p.is_string()) p.fail("a card is a string such as \"F3\" or \"WJ\"");
    return parse_card(p.as_string(), p.file(), p.path());
}

std::vector<Card> read_cards(const JsonPlace& list, std::size_t count) {
    if (list.size() != count) list.fail("expected " + std::to_string(count) + " cards");
    std::vector<Card> out;
    for (const JsonPlace& c : list.items()) out.push_back(read_card(c));
    return out;
}

// A game of n players never holds more than n times the most places one player may hold, so a higher
// place index is bad input, not a wrong step.
int read_place(const JsonPlace& p, int places) { return static_cast<int>(p.as_int(0, places - 1)); }

struct ActionJson {
    Json operator()(const PlayCard& a) const {
        Json j = {{"action", "play"}, {"card", to_string(a.move.card)}, {"to", a.move.to}};
        if (a.move.from) j["from"] = *a.move.from;
        return j;
    }
    Json operator()(const OwnerChooses& a) const {
        return {{"action", "choose"}, {"cards", cards_json({a.first, a.second})}};
    }
    Json operator()(const Discard& a) const { return {{"action", "discard"}, {"card", to_string(a.card)}}; }
    Json operator()(const EndPlay&) const { return {{"action", "end-play"}}; }
    Json operator()(const DrawFromDeck&) const { return {{"action", "draw-deck"}}; }
    Json operator()(const DrawFromDiscards& a) const {
        return {{"action", "draw-discards"}, {"family", std::string(1, family_letter(a.family))}};
    }
    Json operator()(const BuyPlace& a) const { return {{"action", "buy"}, {"cards", cards_json(a.five)}}; }
    Json operator()(const EndTurn&) const { return {{"action", "end-turn"}}; }
};

struct ActionText {
    std::string operator()(const PlayCard& a) const {
        std::string s = "plays " + to_string(a.move.card);
        if (a.move.from) s += " taken from place " + std::to_string(*a.move.from);
        return s + " onto place " + std::to_string(a.move.to);
    }
    std::string operator()(const OwnerChooses& a) const {
        return "chooses " + to_string(a.first) + " and " + to_string(a.second);
    }
    std::string operator()(const Discard& a) const { return "discards " + to_string(a.card); }
    std::string operator()(const EndPlay&) const { return "ends the play"; }
    std::string operator()(const DrawFromDeck&) const { return "draws from the deck"; }
    std::string operator()(const DrawFromDiscards& a) const {
        return "draws from the " + family_name(a.family) + " discard pile";
    }
    std::string operator()(const BuyPlace& a) const {
        std::string s = "buys a meeting place with";
        for (const Card& c : a.five) s += " " + to_string(c);
        return s;
    }
    std::string operator()(const EndTurn&) const { return "ends the turn"; }
};

}  // namespace

Json setup_to_json(const GameSetup& setup) {
    Json j = {{"players", setup.players}, {"first", setup.first_player}, {"seed", setup.seed}};
    if (!setup.teams.empty()) j["teams"] = setup.teams;
    return j;
}

GameSetup parse_setup(const JsonPlace& p) {
    GameSetup setup;
    const JsonPlace players = p.at("players");
    if (players.size() > 4)
        players.fail("Akelarre is for 2-4 players, not " + std::to_string(players.size()));
    std::set<std::string> names;
    for (const JsonPlace& name : players.items()) {
        setup.players.push_back(name.as_string());
        if (setup.players.back().empty()) name.fail("a player's name must not be empty");
        if (!names.insert(setup.players.back()).second)
            name.fail("two players are named \"" + setup.players.back() + "\"");
    }
    setup.first_player = static_cast<int>(p.at("first").as_int(0, 3));
    setup.seed = static_cast<std::uint64_t>(p.at("seed").as_int(0, kMaxExactJsonInteger));
    if (auto teams = p.get("teams"))
        for (const JsonPlace& t : teams->items()) setup.teams.push_back(static_cast<int>(t.as_int(0, 1)));
    if (auto why = Game::why_bad_setup(setup)) p.fail(*why);
    return setup;
}

const std::string& acting_player(const GameState& s) {
    if (s.phase == Phase::OwnerChooses && s.pending) return s.pending->owner;
    return s.players[static_cast<std::size_t>(s.current)].name;
}

Json action_to_json(const GameAction& action) { return std::visit(ActionJson{}, action); }

std::string describe(const GameAction& action) { return std::visit(ActionText{}, action); }

const std::vector<std::string>& action_keys() {
    static const std::vector<std::string> keys = {"action", "card", "cards", "from", "to", "family"};
    return keys;
}

namespace {
// The keys of action_keys() each action has besides "action" (play: "from" only for a taken card);
// nullptr for an unknown action.
const std::vector<std::string>* keys_of_action(const std::string& kind) {
    static const std::vector<std::pair<std::string, std::vector<std::string>>> keys = {
        {"play", {"card", "from", "to"}},
        {"choose", {"cards"}},
        {"discard", {"card"}},
        {"draw-discards", {"family"}},
        {"buy", {"cards"}},
        {"end-play", {}},
        {"draw-deck", {}},
        {"end-turn", {}}};
    for (const auto& [name, list] : keys)
        if (name == kind) return &list;
    return nullptr;
}
}  // namespace

GameAction parse_action(const JsonPlace& p, int players) {
    const int places = players * most_places_held();
    const JsonPlace kind = p.at("action");
    const std::string k = kind.as_string();
    // A key of another action is refused, not left unread.
    if (const std::vector<std::string>* own = keys_of_action(k)) {
        for (const std::string& key : action_keys())
            if (key != "action" && p.has(key) && std::find(own->begin(), own->end(), key) == own->end())
                p.at(key).fail("a " + k + " action has no \"" + key + "\"");
    }
    if (k == "play") {
        Move m{read_card(p.at("card")), std::nullopt, read_place(p.at("to"), places)};
        if (auto from = p.get("from")) m.from = read_place(*from, places);
        return PlayCard{m};
    }
    if (k == "choose") {
        auto two = read_cards(p.at("cards"), 2);
        return OwnerChooses{two[0], two[1]};
    }
    if (k == "discard") return Discard{read_card(p.at("card"))};
    if (k == "end-play") return EndPlay{};
    if (k == "draw-deck") return DrawFromDeck{};
    if (k == "draw-discards") {
        const JsonPlace f = p.at("family");
        Family family;
        if (!parse_family_letter(f.as_string(), family)) f.fail("expected a family letter F, G, D, N or W");
        return DrawFromDiscards{family};
    }
    if (k == "buy") return BuyPlace{read_cards(p.at("cards"), 5)};
    if (k == "end-turn") return EndTurn{};
    kind.fail("unknown action \"" + k +
              "\" (actions: play, choose, discard, end-play, draw-deck, draw-discards, buy, end-turn)");
}

namespace {

// A card, place number or family word of a typed command; false when it is not one.
bool card_word(std::istringstream& in, Card& card) {
    std::string w;
    if (!(in >> w)) return false;
    try {
        card = parse_card(w, "typed", "card");
    } catch (const InputError&) {
        return false;
    }
    return true;
}

bool place_word(std::istringstream& in, int& place) {
    std::string w;
    if (!(in >> w) || w.empty() || w.size() > 2 || !std::all_of(w.begin(), w.end(), ::isdigit)) return false;
    place = std::stoi(w);
    return true;
}

std::optional<GameAction> read_words(const std::string& verb, std::istringstream& in) {
    Card a, b;
    int from = 0, to = 0;
    if (verb == "play" && card_word(in, a) && place_word(in, to)) return PlayCard{Move{a, std::nullopt, to}};
    if (verb == "take" && card_word(in, a) && place_word(in, from) && place_word(in, to))
        return PlayCard{Move{a, from, to}};
    if (verb == "discard" && card_word(in, a)) return Discard{a};
    if (verb == "keep" && card_word(in, a) && card_word(in, b)) return OwnerChooses{a, b};
    if (verb == "end") return EndPlay{};
    if (verb == "deck") return DrawFromDeck{};
    if (verb == "done") return EndTurn{};
    std::string w;
    Family f;
    if (verb == "draw" && in >> w && parse_family_letter(w, f)) return DrawFromDiscards{f};
    if (verb == "buy") {
        std::vector<Card> five(5);
        for (Card& c : five)
            if (!card_word(in, c)) return std::nullopt;
        return BuyPlace{five};
    }
    return std::nullopt;
}

}  // namespace

std::optional<GameAction> parse_action_words(const std::string& line) {
    std::istringstream in(line);
    std::string verb, extra;
    if (!(in >> verb)) return std::nullopt;
    std::optional<GameAction> action = read_words(verb, in);
    if (action && in >> extra) return std::nullopt;
    return action;
}

const char* action_words_help() {
    return "  play CARD PLACE        a hand card onto a meeting place (a free one starts a meld), e.g. play F3 2\n"
           "  take CARD FROM TO      a card of the 4-card meld on place FROM onto place TO, e.g. take F5 0 3\n"
           "  discard CARD           when you play no hand card, e.g. discard W2\n"
           "  end                    end the play part of the turn\n"
           "  deck | draw FAMILY     draw up to 7 from the deck, or from one discard pile, e.g. draw F\n"
           "  buy C1 C2 C3 C4 C5     buy a meeting place with 5 cards of your points pile\n"
           "  done                   end the turn\n"
           "  keep C1 C2             the 2 cards you keep of a meld completed on your place\n"
           "  show | help | quit     the table again, this list, abandon the game\n";
}

}  // namespace tlaloc::akelarre
