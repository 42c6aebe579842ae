#include "model/akelarre/Game.h"

#include <algorithm>
#include <random>
#include <stdexcept>

#include "model/akelarre/Components.h"

namespace tlaloc::akelarre {

namespace {

const int kHandSize = component_counts().at("hand_size");
const int kPlaceCost = component_counts().at("extra_meeting_place_cost");
const int kBonus = component_counts().at("most_cards_bonus");
const int kMostPlaces = component_counts().at("meeting_places_max");

using Why = std::optional<std::string>;

template <typename T>
void shuffle(std::vector<T>& v, std::mt19937_64& rng) {
    for (std::size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[rng() % i]);
}

bool take_card(std::vector<Card>& from, const Card& c) {
    auto it = std::find(from.begin(), from.end(), c);
    if (it == from.end()) return false;
    from.erase(it);
    return true;
}

}  // namespace

int pile_points(const std::vector<Card>& pile, Family favourite) {
    int p = 0;
    for (const Card& c : pile) p += card_points(c, favourite);
    return p;
}

std::vector<PlayerScore> final_scores(const std::vector<Player>& players) {
    std::vector<PlayerScore> scores;
    int most = 0;
    for (const Player& p : players) {
        PlayerScore s;
        s.points = pile_points(p.points_pile, p.favourite);
        s.cards = static_cast<int>(p.points_pile.size());
        most = std::max(most, s.cards);
        scores.push_back(s);
    }
    for (PlayerScore& s : scores) {
        s.most_cards = most > 0 && s.cards == most;
        s.total = s.points + (s.most_cards ? kBonus : 0);
    }
    return scores;
}

std::vector<int> team_totals(const std::vector<Player>& players, const std::vector<PlayerScore>& scores) {
    std::vector<int> totals;
    for (std::size_t i = 0; i < players.size(); ++i) {
        if (players[i].team < 0) continue;
        if (totals.size() <= static_cast<std::size_t>(players[i].team))
            totals.resize(static_cast<std::size_t>(players[i].team) + 1);
        totals[static_cast<std::size_t>(players[i].team)] += scores[i].total;
    }
    return totals;
}

std::optional<int> winner_of(const std::vector<int>& totals) {
    if (totals.empty()) return std::nullopt;
    const auto best = std::max_element(totals.begin(), totals.end());
    if (std::count(totals.begin(), totals.end(), *best) > 1) return std::nullopt;
    return static_cast<int>(best - totals.begin());
}

std::vector<int> player_totals(const std::vector<PlayerScore>& scores) {
    std::vector<int> totals;
    for (const PlayerScore& s : scores) totals.push_back(s.total);
    return totals;
}

int seeded_first_player(std::uint64_t seed, int players) {
    std::mt19937_64 rng(seed ^ 0x9E3779B97F4A7C15ULL);
    return static_cast<int>(rng() % static_cast<std::uint64_t>(players));
}

int most_places_held() { return kMostPlaces; }

int places_held(const GameState& s, const std::string& player) {
    return static_cast<int>(std::count_if(s.places.begin(), s.places.end(),
                                          [&](const MeetingPlace& p) { return p.owner == player; }));
}

Game::Game(GameState state) : s_(std::move(state)) {}

std::optional<std::string> Game::why_bad_setup(const GameSetup& setup) {
    const int n = static_cast<int>(setup.players.size());
    if (n < component_counts().at("players_min") || n > component_counts().at("players_max"))
        return "Akelarre is for 2-4 players";
    if (setup.first_player < 0 || setup.first_player >= n) return "no such first player";
    if (!setup.teams.empty()) {
        if (n != 4 || setup.teams.size() != 4) return "teams are for the 4-player game: one team per player";
        if (std::count(setup.teams.begin(), setup.teams.end(), 0) != 2 ||
            std::count(setup.teams.begin(), setup.teams.end(), 1) != 2)
            return "teams are two pairs: teams 0 and 1, two players each";
    }
    return std::nullopt;
}

Game Game::deal(const GameSetup& setup) {
    if (auto why = why_bad_setup(setup)) throw std::logic_error("Game::deal: " + *why);
    const int n = static_cast<int>(setup.players.size());
    std::mt19937_64 rng(setup.seed);
    std::vector<Family> favourites(kAllFamilies.begin(), kAllFamilies.end());
    shuffle(favourites, rng);
    GameState s;
    s.deck = creature_deck();
    shuffle(s.deck, rng);
    const int places_each = component_tables().at("meeting_places").at(std::to_string(n));
    for (int i = 0; i < n; ++i) {
        Player p;
        p.name = setup.players[static_cast<std::size_t>(i)];
        p.favourite = favourites[static_cast<std::size_t>(i)];
        p.team = setup.teams.empty() ? -1 : setup.teams[static_cast<std::size_t>(i)];
        for (int k = 0; k < kHandSize; ++k) {
            p.hand.push_back(s.deck.back());
            s.deck.pop_back();
        }
        s.players.push_back(p);
        for (int k = 0; k < places_each; ++k)
            s.places.push_back({static_cast<int>(s.places.size()), p.name, {}});
    }
    s.current = setup.first_player;
    return Game(std::move(s));
}

namespace {

// Each action's rule (why_not) and its effect (perform), the latter run only after the former.

Player& mover(GameState& s) { return s.players[static_cast<std::size_t>(s.current)]; }
const Player& mover(const GameState& s) { return s.players[static_cast<std::size_t>(s.current)]; }

Why wrong_phase(const GameState& s, Phase p, const char* action) {
    if (s.phase == Phase::Over) return std::string("the game is over: cannot ") + action;
    if (s.phase == Phase::OwnerChooses)
        return std::string("the place's owner must first choose 2 cards: cannot ") + action;
    if (s.phase != p) return std::string("not the moment to ") + action;
    return std::nullopt;
}

Why why_not(const GameState& s, const PlayCard& a) {
    if (auto why = wrong_phase(s, Phase::Play, "play a card")) return why;
    if (s.discarded_this_turn) return "a player who discarded plays nothing more this turn";
    if (auto why = why_illegal(s.places, mover(s).hand, a.move))
        return to_string(a.move, s.places) + ": " + *why;
    return std::nullopt;
}

std::optional<Completion> perform(GameState& s, const PlayCard& a) {
    Player& me = mover(s);
    std::optional<Completion> done = PlayPhase(s.places, me.hand).apply(a.move);
    if (!a.move.from) s.played_this_turn = true;
    if (done) {
        if (done->owner == me.name) {
            me.points_pile.insert(me.points_pile.end(), done->cards.begin(), done->cards.end());
        } else {
            s.pending = done;
            s.phase = Phase::OwnerChooses;
        }
    }
    return done;
}

std::vector<Player>::const_iterator pending_owner(const GameState& s) {
    return std::find_if(s.players.begin(), s.players.end(),
                        [&](const Player& p) { return p.name == s.pending->owner; });
}

Why why_not(const GameState& s, const OwnerChooses& a) {
    if (s.phase != Phase::OwnerChooses || !s.pending) return "no completed meld waits for its owner";
    std::vector<Card> rest = s.pending->cards;
    if (!take_card(rest, a.first) || !take_card(rest, a.second))
        return "the owner chooses 2 cards of the completed meld";
    if (pending_owner(s) == s.players.end()) return "the place's owner is not a player";
    return std::nullopt;
}

std::optional<Completion> perform(GameState& s, const OwnerChooses& a) {
    std::vector<Card> rest = s.pending->cards;
    take_card(rest, a.first);
    take_card(rest, a.second);
    Player& owner = s.players[static_cast<std::size_t>(pending_owner(s) - s.players.begin())];
    owner.points_pile.push_back(a.first);
    owner.points_pile.push_back(a.second);
    Player& me = mover(s);
    me.points_pile.insert(me.points_pile.end(), rest.begin(), rest.end());
    s.pending.reset();
    s.phase = Phase::Play;
    return std::nullopt;
}

Why why_not(const GameState& s, const Discard& a) {
    if (auto why = wrong_phase(s, Phase::Play, "discard")) return why;
    if (s.played_this_turn) return "only a player who plays nothing discards";
    if (s.discarded_this_turn) return "one card is discarded, not more";
    const auto& hand = mover(s).hand;
    if (std::find(hand.begin(), hand.end(), a.card) == hand.end())
        return to_string(a.card) + " is not in the hand";
    return std::nullopt;
}

std::optional<Completion> perform(GameState& s, const Discard& a) {
    take_card(mover(s).hand, a.card);
    s.discards[static_cast<std::size_t>(a.card.family)].push_back(a.card);
    s.discarded_this_turn = true;
    return std::nullopt;
}

Why why_not(const GameState& s, const EndPlay&) {
    if (auto why = wrong_phase(s, Phase::Play, "end the play")) return why;
    if (auto unfinished = why_cannot_finish(s.places)) return unfinished;
    if (!s.played_this_turn && !s.discarded_this_turn && !mover(s).hand.empty())
        return "a player who plays nothing must discard a card";
    return std::nullopt;
}

std::optional<Completion> perform(GameState& s, const EndPlay&) {
    // In the last round there is nothing left to draw from the deck and a later hand scores nothing.
    s.phase = s.last_round ? Phase::Buy : Phase::Draw;
    return std::nullopt;
}

Why why_not(const GameState& s, const DrawFromDeck&) { return wrong_phase(s, Phase::Draw, "draw"); }

std::optional<Completion> perform(GameState& s, const DrawFromDeck&) {
    Player& me = mover(s);
    while (static_cast<int>(me.hand.size()) < kHandSize && !s.deck.empty()) {
        me.hand.push_back(s.deck.back());
        s.deck.pop_back();
        if (s.deck.empty()) s.last_drawer = s.current;
    }
    s.phase = Phase::Buy;
    return std::nullopt;
}

Why why_not(const GameState& s, const DrawFromDiscards& a) {
    if (auto why = wrong_phase(s, Phase::Draw, "draw")) return why;
    if (s.discards[static_cast<std::size_t>(a.family)].empty())
        return "the " + family_name(a.family) + " discard pile is empty";
    return std::nullopt;
}

std::optional<Completion> perform(GameState& s, const DrawFromDiscards& a) {
    auto& pile = s.discards[static_cast<std::size_t>(a.family)];
    Player& me = mover(s);
    while (static_cast<int>(me.hand.size()) < kHandSize && !pile.empty()) {
        me.hand.push_back(pile.back());
        pile.pop_back();
    }
    s.phase = Phase::Buy;
    return std::nullopt;
}

Why why_not(const GameState& s, const BuyPlace& a) {
    if (auto why = wrong_phase(s, Phase::Buy, "buy a meeting place")) return why;
    if (static_cast<int>(a.five.size()) != kPlaceCost)
        return "a meeting place costs 5 cards of the points pile";
    if (places_held(s, mover(s).name) >= kMostPlaces)
        return mover(s).name + " already holds " + std::to_string(kMostPlaces) +
               " meeting places, the most the Forest Spirit card's arrows allow";
    std::vector<Card> pile = mover(s).points_pile;
    for (const Card& c : a.five)
        if (!take_card(pile, c)) return to_string(c) + " is not in the points pile";
    return std::nullopt;
}

std::optional<Completion> perform(GameState& s, const BuyPlace& a) {
    Player& me = mover(s);
    for (const Card& c : a.five) take_card(me.points_pile, c);
    for (const Card& c : a.five) s.discards[static_cast<std::size_t>(c.family)].push_back(c);
    s.places.push_back({static_cast<int>(s.places.size()), me.name, {}});
    return std::nullopt;
}

Why why_not(const GameState& s, const EndTurn&) {
    if (s.phase == Phase::Draw) return "draw before ending the turn";
    return wrong_phase(s, Phase::Buy, "end the turn");
}

std::optional<Completion> perform(GameState& s, const EndTurn&) {
    if (s.last_round && --s.last_round_turns_left == 0) {
        s.phase = Phase::Over;
        return std::nullopt;
    }
    if (s.last_drawer && !s.last_round) {
        // The drawer's own turn ends; everyone, the drawer last, plays one more turn.
        s.last_round = true;
        s.last_round_turns_left = static_cast<int>(s.players.size());
    }
    s.current = (s.current + 1) % static_cast<int>(s.players.size());
    s.phase = Phase::Play;
    s.played_this_turn = false;
    s.discarded_this_turn = false;
    return std::nullopt;
}

}  // namespace

std::optional<std::string> Game::why_illegal(const GameAction& action) const {
    return std::visit([&](const auto& a) { return why_not(s_, a); }, action);
}

std::optional<Completion> Game::apply(const GameAction& action) {
    if (auto why = why_illegal(action)) throw std::logic_error("illegal action: " + *why);
    return std::visit([&](const auto& a) { return perform(s_, a); }, action);
}

}  // namespace tlaloc::akelarre
