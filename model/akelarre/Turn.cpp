#include "model/akelarre/Turn.h"

#include <algorithm>
#include <set>
#include <stdexcept>

#include "model/akelarre/Meld.h"

namespace tlaloc::akelarre {

namespace {

constexpr int kMaxHand = 7;
constexpr int kMaxPlaceId = 99;
constexpr int kMaxFreePlaces = 12;
constexpr int kMaxTableMelds = 12;  // keeps the best-play model small; 4 players rarely buy that many

std::vector<Card> read_cards(const JsonPlace& list, std::vector<PlacedCard>& seen) {
    std::vector<Card> out;
    auto items = list.items();
    for (std::size_t i = 0; i < items.size(); ++i) {
        std::string where = list.path() + "[" + std::to_string(i) + "]";
        if (!items[i].is_string()) items[i].fail("a card is a string such as \"F3\" or \"WJ\"");
        out.push_back(parse_card(items[i].as_string(), list.file(), where));
        seen.push_back({out.back(), where});
    }
    return out;
}

Json cards_json(const std::vector<Card>& cards) {
    Json j = Json::array();
    for (const Card& c : cards) j.push_back(to_string(c));
    return j;
}

// The melds already on the table, each on a place with a distinct id.
std::vector<MeetingPlace> read_table(const JsonPlace& table, std::vector<PlacedCard>& seen,
                                     std::set<int>& ids) {
    std::vector<MeetingPlace> places;
    auto entries = table.items();
    if (entries.size() > static_cast<std::size_t>(kMaxTableMelds))
        table.fail("at most " + std::to_string(kMaxTableMelds) + " melds on the table");
    for (const JsonPlace& e : entries) {
        e.expect_object();
        e.expect_only_keys({"place", "owner", "cards"});
        MeetingPlace p;
        p.id = static_cast<int>(e.at("place").as_int(0, kMaxPlaceId));
        if (!ids.insert(p.id).second) e.at("place").fail("place " + std::to_string(p.id) + " appears twice");
        p.owner = e.at("owner").as_string();
        if (p.owner.empty()) e.at("owner").fail("the owner's name must not be empty");
        JsonPlace cards = e.at("cards");
        p.cards = read_cards(cards, seen);
        if (p.cards.size() == 5)
            cards.fail("a meld of 5 cards is captured at once and never stays on the table");
        MeldReading r = read_meld(p.cards);
        if (!r.valid) cards.fail("not a meld that can lie on the table: " + r.why_not);
        places.push_back(p);
    }
    return places;
}

// "free_places": a number of places of "me", or the list of their owners; ids follow the table's.
void read_free_places(const JsonPlace& free, int next_id, TurnPosition& turn) {
    if (free.is_array()) {
        auto owners = free.items();
        if (owners.size() > static_cast<std::size_t>(kMaxFreePlaces))
            free.fail("at most " + std::to_string(kMaxFreePlaces) + " free places");
        for (const auto& o : owners) {
            std::string owner = o.as_string();
            if (owner.empty()) o.fail("the owner's name must not be empty");
            turn.places.push_back({next_id++, owner, {}});
        }
    } else {
        auto n = free.as_int(0, kMaxFreePlaces);
        for (int k = 0; k < n; ++k) turn.places.push_back({next_id++, turn.me, {}});
    }
}

}  // namespace

TurnPosition parse_turn(const Json& json, const std::string& file) {
    JsonPlace root(json, file);
    root.expect_object();
    root.expect_only_keys({"hand", "table", "free_places", "favourite", "me"});
    TurnPosition turn;
    std::vector<PlacedCard> seen;
    if (auto me = root.get("me")) {
        turn.me = me->as_string();
        if (turn.me.empty()) me->fail("the player's name must not be empty");
    }
    JsonPlace hand = root.at("hand");
    turn.hand = read_cards(hand, seen);
    if (turn.hand.size() > static_cast<std::size_t>(kMaxHand))
        hand.fail("a hand holds at most " + std::to_string(kMaxHand) + " cards, not " +
                  std::to_string(turn.hand.size()));
    JsonPlace fav = root.at("favourite");
    if (!parse_family_letter(fav.as_string(), turn.favourite))
        fav.fail("the favourite family is one of F, G, D, N, W");
    std::set<int> ids;
    if (auto table = root.get("table")) turn.places = read_table(*table, seen, ids);
    check_deck_counts(seen, file, "hand and table together");
    read_free_places(root.at("free_places"), ids.empty() ? 0 : *ids.rbegin() + 1, turn);
    return turn;
}

TurnPosition load_turn(const std::filesystem::path& file) {
    return parse_turn(load_json_file(file), file.string());
}

std::vector<Card> my_share(const std::vector<Card>& completed, bool my_place, Family favourite) {
    std::vector<Card> mine = completed;
    if (my_place) return mine;
    std::stable_sort(mine.begin(), mine.end(), [&](const Card& a, const Card& b) {
        return card_points(a, favourite) > card_points(b, favourite);
    });
    mine.erase(mine.begin(),
               mine.begin() + std::min<std::ptrdiff_t>(2, static_cast<std::ptrdiff_t>(mine.size())));
    return mine;
}

namespace {

// Plays `moves` into `out` until one breaks a rule; returns why, or nullopt for a legal play.
std::optional<std::string> play_out(const TurnPosition& turn, const std::vector<Move>& moves,
                                    TurnOutcome& out) {
    out.moves = moves;
    out.places_after = turn.places;
    out.hand_left = turn.hand;
    PlayPhase phase(out.places_after, out.hand_left);
    for (std::size_t i = 0; i < moves.size(); ++i) {
        const Move& m = moves[i];
        if (auto why = phase.why_illegal(m))
            return "move " + std::to_string(i + 1) + " (" + to_string(m, out.places_after) + "): " + *why;
        auto done = phase.apply(m);
        if (!done) continue;
        CapturedMeld c;
        c.place = out.places_after[static_cast<std::size_t>(done->place)].id;
        c.owner = done->owner;
        c.cards = done->cards;
        c.mine = my_share(done->cards, done->owner == turn.me, turn.favourite);
        for (const Card& k : c.mine) c.points_for_me += card_points(k, turn.favourite);
        out.points += c.points_for_me;
        out.captured.push_back(c);
    }
    out.played = phase.cards_played();
    return phase.why_cannot_finish();
}

}  // namespace

std::optional<std::string> why_illegal(const TurnPosition& turn, const std::vector<Move>& moves) {
    TurnOutcome scratch;
    return play_out(turn, moves, scratch);
}

TurnOutcome replay_turn(const TurnPosition& turn, const std::vector<Move>& moves) {
    TurnOutcome out;
    if (auto why = play_out(turn, moves, out)) throw std::logic_error("replay_turn: illegal play: " + *why);
    return out;
}

Json outcome_to_json(const TurnPosition& turn, const TurnOutcome& o) {
    Json j;
    j["played"] = o.played;
    j["points"] = o.points;
    Json melds = Json::array();
    for (const auto& p : o.places_after) {
        if (p.free()) continue;
        melds.push_back({{"place", p.id},
                         {"owner", p.owner},
                         {"cards", cards_json(p.cards)},
                         {"meld", describe(read_meld(p.cards))}});
    }
    j["melds"] = melds;
    j["hand"] = cards_json(o.hand_left);
    Json captured = Json::array();
    for (const auto& c : o.captured) {
        captured.push_back({{"place", c.place},
                            {"owner", c.owner},
                            {"cards", cards_json(c.cards)},
                            {"mine", cards_json(c.mine)},
                            {"points_for_me", c.points_for_me}});
    }
    j["captured"] = captured;
    Json moves = Json::array();
    for (const auto& m : o.moves) {
        Json mj = {{"card", to_string(m.card)}, {"to", turn.places[static_cast<std::size_t>(m.to)].id}};
        mj["from"] = m.from ? Json(turn.places[static_cast<std::size_t>(*m.from)].id) : Json("hand");
        moves.push_back(mj);
    }
    j["moves"] = moves;
    return j;
}

}  // namespace tlaloc::akelarre
