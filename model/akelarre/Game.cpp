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

[[noreturn]] void illegal(const std::string& why) { throw std::invalid_argument(why); }

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

Game::Game(GameState state) : s_(std::move(state)) {}

Game Game::deal(const GameSetup& setup) {
    const int n = static_cast<int>(setup.players.size());
    if (n < component_counts().at("players_min") || n > component_counts().at("players_max"))
        illegal("Akelarre is for 2-4 players");
    if (setup.first_player < 0 || setup.first_player >= n) illegal("no such first player");
    if (!setup.teams.empty()) {
        if (n != 4 || setup.teams.size() != 4)
            illegal("teams are for the 4-player game: one team per player");
        if (std::count(setup.teams.begin(), setup.teams.end(), 0) != 2 ||
            std::count(setup.teams.begin(), setup.teams.end(), 1) != 2)
            illegal("teams are two pairs: teams 0 and 1, two players each");
    }
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

void Game::require(Phase p, const char* action) const {
    if (s_.phase == Phase::Over) illegal(std::string("the game is over: cannot ") + action);
    if (s_.phase == Phase::OwnerChooses)
        illegal(std::string("the place's owner must first choose 2 cards: cannot ") + action);
    if (s_.phase != p) illegal(std::string("not the moment to ") + action);
}

std::optional<Completion> Game::play(const Move& m) {
    require(Phase::Play, "play a card");
    if (s_.discarded_this_turn) illegal("a player who discarded plays nothing more this turn");
    Player& me = s_.players[static_cast<std::size_t>(s_.current)];
    PlayPhase phase(s_.places, me.hand);
    std::optional<Completion> done = phase.apply(m);  // throws on an illegal move
    if (!m.from) s_.played_this_turn = true;
    if (done) {
        if (done->owner == me.name) {
            me.points_pile.insert(me.points_pile.end(), done->cards.begin(), done->cards.end());
        } else {
            s_.pending = done;
            s_.phase = Phase::OwnerChooses;
        }
    }
    return done;
}

void Game::owner_chooses(const Card& first, const Card& second) {
    if (s_.phase != Phase::OwnerChooses || !s_.pending) illegal("no completed meld waits for its owner");
    std::vector<Card> rest = s_.pending->cards;
    if (!take_card(rest, first) || !take_card(rest, second))
        illegal("the owner chooses 2 cards of the completed meld");
    auto owner = std::find_if(s_.players.begin(), s_.players.end(),
                              [&](const Player& p) { return p.name == s_.pending->owner; });
    if (owner == s_.players.end()) illegal("the place's owner is not a player");
    owner->points_pile.push_back(first);
    owner->points_pile.push_back(second);
    Player& me = s_.players[static_cast<std::size_t>(s_.current)];
    me.points_pile.insert(me.points_pile.end(), rest.begin(), rest.end());
    s_.pending.reset();
    s_.phase = Phase::Play;
}

void Game::discard(const Card& c) {
    require(Phase::Play, "discard");
    if (s_.played_this_turn) illegal("only a player who plays nothing discards");
    if (s_.discarded_this_turn) illegal("one card is discarded, not more");
    Player& me = s_.players[static_cast<std::size_t>(s_.current)];
    if (!take_card(me.hand, c)) illegal(to_string(c) + " is not in the hand");
    s_.discards[static_cast<std::size_t>(c.family)].push_back(c);
    s_.discarded_this_turn = true;
}

void Game::end_play() {
    require(Phase::Play, "end the play");
    Player& me = s_.players[static_cast<std::size_t>(s_.current)];
    std::string unfinished = PlayPhase(s_.places, me.hand).why_cannot_finish();
    if (!unfinished.empty()) illegal(unfinished);
    if (!s_.played_this_turn && !s_.discarded_this_turn && !me.hand.empty())
        illegal("a player who plays nothing must discard a card");
    // In the last round there is nothing left to draw from the deck and a later hand scores nothing.
    s_.phase = s_.last_round ? Phase::Buy : Phase::Draw;
}

void Game::draw_from_deck() {
    require(Phase::Draw, "draw");
    Player& me = s_.players[static_cast<std::size_t>(s_.current)];
    while (static_cast<int>(me.hand.size()) < kHandSize && !s_.deck.empty()) {
        me.hand.push_back(s_.deck.back());
        s_.deck.pop_back();
        if (s_.deck.empty()) s_.last_drawer = s_.current;
    }
    after_draw();
}

void Game::draw_from_discards(Family f) {
    require(Phase::Draw, "draw");
    auto& pile = s_.discards[static_cast<std::size_t>(f)];
    if (pile.empty()) illegal("the " + family_name(f) + " discard pile is empty");
    Player& me = s_.players[static_cast<std::size_t>(s_.current)];
    while (static_cast<int>(me.hand.size()) < kHandSize && !pile.empty()) {
        me.hand.push_back(pile.back());
        pile.pop_back();
    }
    after_draw();
}

void Game::after_draw() { s_.phase = Phase::Buy; }

void Game::buy_place(const std::vector<Card>& five) {
    require(Phase::Buy, "buy a meeting place");
    if (static_cast<int>(five.size()) != kPlaceCost)
        illegal("a meeting place costs 5 cards of the points pile");
    Player& me = s_.players[static_cast<std::size_t>(s_.current)];
    std::vector<Card> pile = me.points_pile;
    for (const Card& c : five)
        if (!take_card(pile, c)) illegal(to_string(c) + " is not in the points pile");
    me.points_pile = pile;
    for (const Card& c : five) s_.discards[static_cast<std::size_t>(c.family)].push_back(c);
    s_.places.push_back({static_cast<int>(s_.places.size()), me.name, {}});
}

void Game::end_turn() {
    if (s_.phase == Phase::Draw) illegal("draw before ending the turn");
    require(Phase::Buy, "end the turn");
    if (s_.last_round && --s_.last_round_turns_left == 0) {
        s_.phase = Phase::Over;
        return;
    }
    if (s_.last_drawer && !s_.last_round) {
        // The drawer's own turn ends; everyone, the drawer last, plays one more turn.
        s_.last_round = true;
        s_.last_round_turns_left = static_cast<int>(s_.players.size());
    }
    s_.current = (s_.current + 1) % static_cast<int>(s_.players.size());
    s_.phase = Phase::Play;
    s_.played_this_turn = false;
    s_.discarded_this_turn = false;
}

}  // namespace tlaloc::akelarre
