// The Akelarre rules engine for a whole game of 2-4 players: deal, turns (play or discard, draw,
// buy a meeting place), completed melds going to points piles, the last round and the scoring.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
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
    int first_player = 0;              // "who wears the most green"
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

// Actions throw std::invalid_argument naming the rule they would break; the state is then unchanged.
class Game {
public:
    explicit Game(GameState state);
    static Game deal(const GameSetup& setup);  // throws std::invalid_argument on a bad setup

    const GameState& state() const { return s_; }
    const Player& on_turn() const { return s_.players[static_cast<std::size_t>(s_.current)]; }

    // Play phase.
    std::optional<Completion> play(const Move& m);
    void owner_chooses(const Card& first, const Card& second);
    void discard(const Card& c);  // only when nothing was played this turn
    void end_play();              // needs a play or a discard (unless the hand is empty)
    // Draw phase: up to 7 cards in hand, from one source only.
    void draw_from_deck();
    void draw_from_discards(Family f);
    // Buy phase: 5 cards of the own points pile go to the discard piles for one more meeting place.
    void buy_place(const std::vector<Card>& five);
    void end_turn();

private:
    void require(Phase p, const char* action) const;
    void after_draw();
    GameState s_;
};

}  // namespace tlaloc::akelarre
