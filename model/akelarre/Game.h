// The Akelarre rules engine for a whole game of 2-4 players: deal, turns (play or discard, draw,
// buy a meeting place), completed melds going to points piles, the last round and the scoring.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "model/akelarre/PlayPhase.h"

namespace tlaloc::akelarre {

struct Player {
    std::string name;
    Family favourite = Family::Fairies;  // secret in play; scores its own values
    std::vector<Card> hand;
    std::vector<Card> points_pile;
    int team = -1;  // 0 or 1 in the team game, else -1
};

enum class Phase { Play, OwnerChooses, Draw, Buy, Over };

struct GameState {
    std::vector<Player> players;
    std::vector<MeetingPlace> places;
    std::vector<Card> deck;  // the creature deck; its top is the back
    std::vector<std::vector<Card>> discards = std::vector<std::vector<Card>>(kFamilies);  // top is the back
    int current = 0;
    Phase phase = Phase::Play;
    bool played_this_turn = false;
    bool discarded_this_turn = false;
    std::optional<Completion> pending;  // a meld completed on another's place, awaiting its owner
    std::optional<int> last_drawer;     // who drew the last deck card
    bool last_round = false;            // the turn being played is one of the last round
    int last_round_turns_left = 0;      // turns of the last round not yet finished
};

struct GameSetup {
    std::vector<std::string> players;  // 2-4 names, in turn order
    std::vector<int> teams;            // empty, or (4 players) each player's team 0/1, two per team
    int first_player = 0;              // "who wears the most green": play draws it from the seed
    std::uint64_t seed = 0;
};

struct PlayerScore {
    int points = 0;           // favourite family at face value, others 1, jokers 0
    int cards = 0;            // cards in the points pile
    bool most_cards = false;  // +8 (every tied player gets it)
    int total = 0;
};

// Points of one points pile, before the most-cards bonus.
int pile_points(const std::vector<Card>& pile, Family favourite);
// Every player's score, the +8 going to each player with the most cards (at least one card).
std::vector<PlayerScore> final_scores(const std::vector<Player>& players);
// Team totals (index = team) when teams are set: members' totals added.
std::vector<int> team_totals(const std::vector<Player>& players, const std::vector<PlayerScore>& scores);
// Who wins: the index of the one player (or, given team totals, the one team) with the most points;
// nullopt when two or more share the most, a drawn game.
std::optional<int> winner_of(const std::vector<int>& totals);
std::vector<int> player_totals(const std::vector<PlayerScore>& scores);

// The first player of a game dealt from `seed`: the rulebook lets the players pick; tlaloc draws it
// from the seed (apart from the deal's random numbers, so the deal does not depend on it).
int seeded_first_player(std::uint64_t seed, int players);
// The most meeting places one player may hold (the Forest Spirit card's highest arrow).
int most_places_held();
// Meeting places `player` holds, free or not.
int places_held(const GameState& s, const std::string& player);

// What a player does, one step at a time: the player on turn, or the owner of a place on which the
// player on turn completed a meld.
struct PlayCard {  // play phase: one card onto a meeting place
    Move move;
};
struct OwnerChooses {  // the place's owner takes 2 cards of the completed meld
    Card first, second;
};
struct Discard {  // only when nothing was played this turn
    Card card;
};
struct EndPlay {};  // needs a play or a discard (unless the hand is empty)
// Draw phase: up to 7 cards in hand, from one source only.
struct DrawFromDeck {};
struct DrawFromDiscards {
    Family family;
};
struct BuyPlace {  // buy phase: 5 cards of the own points pile for one more meeting place
    std::vector<Card> five;
};
struct EndTurn {};
using GameAction =
    std::variant<PlayCard, OwnerChooses, Discard, EndPlay, DrawFromDeck, DrawFromDiscards, BuyPlace, EndTurn>;

// The engine says why an action breaks a rule (why_illegal) and plays only legal actions: an illegal
// one passed to apply is a bug of the caller (std::logic_error, the state unchanged).
class Game {
public:
    explicit Game(GameState state);
    // nullopt when the setup can be dealt, else what is wrong with it.
    static std::optional<std::string> why_bad_setup(const GameSetup& setup);
    static Game deal(const GameSetup& setup);  // a bad setup is a bug: std::logic_error

    const GameState& state() const { return s_; }
    const Player& on_turn() const { return s_.players[static_cast<std::size_t>(s_.current)]; }

    // nullopt when `action` may be played now, else the rule it would break.
    std::optional<std::string> why_illegal(const GameAction& action) const;
    // Plays a legal action; returns the completion when a card put the fifth card on a meld.
    std::optional<Completion> apply(const GameAction& action);

    // Shorthands for apply().
    std::optional<Completion> play(const Move& m) { return apply(PlayCard{m}); }
    void owner_chooses(const Card& first, const Card& second) { apply(OwnerChooses{first, second}); }
    void discard(const Card& c) { apply(Discard{c}); }
    void end_play() { apply(EndPlay{}); }
    void draw_from_deck() { apply(DrawFromDeck{}); }
    void draw_from_discards(Family f) { apply(DrawFromDiscards{f}); }
    void buy_place(const std::vector<Card>& five) { apply(BuyPlace{five}); }
    void end_turn() { apply(EndTurn{}); }

private:
    GameState s_;
};

}  // namespace tlaloc::akelarre
