// Aztlán played whole, without any solver: the set-up per player count, the five ages (choice,
// development, conflict, scoring) and the end of the game. The engine lists who acts next and
// whether an action is legal, and applies one; the conflict and scoring phases are resolved by the
// same code as `aztlan conflicts` and `aztlan score` (model/aztlan/Conflicts, Scoring).
#pragma once
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "model/aztlan/Components.h"
#include "model/aztlan/Conflicts.h"
#include "model/aztlan/MapGraph.h"
#include "model/aztlan/Position.h"
#include "model/aztlan/Scoring.h"
#include "model/common/Json.h"

namespace tlaloc::aztlan {

inline constexpr int kTribePawns = kPawnsPerTribe;
inline constexpr int kMinGamePlayers = 2, kMaxGamePlayers = 4;
inline constexpr int kPowerCards = kHighestCard - kLowestCard + 1;
// Seeds up to 2^53 - 1: every JSON reader reads such a number in a log exactly.
inline constexpr std::int64_t kMaxGameSeed = kMaxExactJsonInteger;

// The 30 prosperity cards of the component table (model/aztlan/Components), in a fixed order.
std::vector<ProsperityCard> prosperity_deck();
// The offerings table at the end of the game; more than 5 Offerings count as 5 (docs/aztlan.md).
int final_offering_points(int offerings);

// The tribes on the board: with 3 or 4 players one tribe each (30 pawns); with 2 players two
// alliances of two tribes each (60 pawns), which the players control in turn.
struct Side {
    std::string name;
    int pawns = kTribePawns;                 // the side's whole stock
    int supply = kTribePawns;                // not yet taken
    int hand = 0;                            // taken this age, not yet placed
    std::vector<int> board;                  // per territory
    int removed = 0;                         // defeated pawns (out of play)
    std::vector<bool> placed_here_this_age;  // territories a pawn from supply went to this age
    int on_board() const;
};

struct Seat {
    std::array<bool, kPowerCards> used{};  // power cards played in earlier ages (and this one)
    int card = 0;                          // this age's card, 0 before the choice
    int vp = 0;
    std::uint64_t arrival = 0;  // when the pyramid last reached its space: later = higher in the stack
    std::vector<ProsperityCard> hand;
};

// Alliance: with two players only, once before age I's choice.
enum class Phase { Alliance, Choice, Development, Conflict, Scoring, Over };

// A conflict being settled, waiting for answers: in a tie nobody has won yet, the other tied players
// holding Great Tlatoani; after a winner chose defeat, the defeated players holding Sacred Games.
struct OpenConflict {
    int territory = -1;
    std::vector<int> strongest;  // sides
    int winner = -1;             // side; -1 while a tie is open
    Decision chosen = Decision::Defeat;
    std::vector<int> asked;   // players still to answer, in turn order
    std::vector<int> sacred;  // sides that played Sacred Games
    std::vector<std::string> notes;
};
const char* to_string(Phase phase);

// One action of one player. Which fields count depends on the phase.
struct Action {
    Phase phase = Phase::Choice;
    int player = 0;
    int alliance = -1;                        // alliance: the side the chooser moves in age I
    int card = 0;                             // choice: the power card
    int place = -1;                           // development: the territory a pawn goes to
    std::optional<int> eagle;                 // development: Eagle and Jaguar's extra pawn
    std::optional<std::pair<int, int>> move;  // development: from, to (adjacent)
    int territory = -1;                       // conflict: the territory settled or answered in
    std::optional<Decision> decision;         // conflict: the winner's choice
    std::vector<PlayedCard> play;             // conflict: Great Tlatoani / Sacred Games there;
                                              // scoring: Blessings, Rafts and Canoes
    std::optional<TerritoryType> bonus;       // scoring: the joker's type (none: the best)
};

// Situations the rulebooks do not settle, counted as they occur (docs/aztlan.md says what tlaloc does).
struct SilentCases {
    int deck_empty = 0;          // a coexistence winner found no card to draw
    int supply_short = 0;        // a side got fewer pawns than the age gives
    int eagle_from_removed = 0;  // Eagle and Jaguar brought back a removed pawn
    int eagle_nothing_left = 0;  // Eagle and Jaguar held, but no pawn in supply nor removed to use
    int pawn_cannot_move = 0;    // a turn where no pawn of the side could move
};

struct AgeRecord {
    int age = 0;
    std::vector<int> cards;                          // per player
    std::vector<int> taken;                          // per side, pawns taken from supply at the choice
    ConflictPhase conflicts;                         // by side
    std::vector<std::vector<int>> drawn;             // per conflict (as listed), the cards drawn, per winner
    std::vector<PlayerScore> scores;                 // by side
    std::vector<int> points;                         // per player, this age
    std::vector<int> vp;                             // per player, after the age
    std::vector<std::vector<ProsperityCard>> hands;  // per player, the cards in hand after the age
};

struct FinalScore {
    int before = 0;       // VP after age V
    int unused_card = 0;  // the unused power card's VP (profile data)
    int cards_in_hand = 0;
    int offerings = 0;
    int total = 0;
};

class Game {
public:
    // `stack_order`: the pyramids from the bottom of the stack at 0 VP to the top (a permutation of
    // the players); `deck`: the prosperity deck, top first (a permutation of prosperity_deck()).
    Game(const Map& map, const Profile& profile, int players, std::vector<int> stack_order,
         std::vector<ProsperityCard> deck);
    // The same with the pyramid order and the deck shuffled from `seed`.
    static Game seeded(const Map& map, const Profile& profile, int players, std::uint64_t seed);

    const Map& map() const { return *map_; }
    const MapGraph& graph() const { return graph_; }
    const Profile& profile() const { return profile_; }
    int players() const { return static_cast<int>(seats_.size()); }
    int age() const { return age_; }  // 1..5 (5 once over)
    Phase phase() const { return phase_; }
    bool over() const { return phase_ == Phase::Over; }
    const std::vector<Side>& sides() const { return sides_; }
    const std::vector<Seat>& seats() const { return seats_; }
    const std::vector<ProsperityCard>& deck() const { return deck_; }
    const std::vector<ProsperityCard>& discard() const { return discard_; }
    const std::vector<int>& stack_order() const { return initial_stack_; }
    const std::vector<ProsperityCard>& initial_deck() const { return initial_deck_; }
    const std::vector<AgeRecord>& ages() const { return records_; }
    const std::vector<FinalScore>& final_scores() const { return finals_; }
    const SilentCases& silent() const { return silent_; }

    // The side `player` moves this age (with two players the control swaps every age).
    // With two players, the player first in age I's turn order chooses the alliance they move in
    // age I (Phase::Alliance); the other player moves the other one.
    int side_of(int player) const;
    // Players in turn order: most VP first, equal VP the pyramid higher in the stack first.
    std::vector<int> turn_order() const;
    // Who acts next (-1 once over).
    int to_act() const;
    // Why `action` is not legal now; nullopt when it is.
    std::optional<std::string> why_illegal(const Action& action) const;
    // Applies a legal action (std::logic_error for an illegal one: ask why_illegal first).
    void apply(const Action& action);

    // The age's position as `aztlan score` and `aztlan conflicts` read it: one player per side,
    // with the controlling player's card, VP, stack place and (when given) declarations.
    Position position() const;
    // Final ranking: player indexes, best first (equal totals: the profile's pyramid tie-break).
    std::vector<int> ranking() const;
    // The legal moves of a side's pawn: (from, to) pairs.
    std::vector<std::pair<int, int>> moves_of(int side) const;
    // Conflict phase: the territories `player` may settle now (among the strongest there, not yet
    // settled), and the sides strongest in territory t (in turn order; empty: no conflict).
    std::vector<int> conflicts_to_settle(int player) const;
    std::vector<int> strongest_here(int t) const;
    // The conflict waiting for answers, if any.
    const std::optional<OpenConflict>& open_conflict() const { return open_; }
    // The player who moves `side` this age.
    int player_of(int side) const;
    // Territories Eagle and Jaguar's extra pawn may go to after placing on `placed`; empty when the
    // card cannot be used (not held, or no pawn to use).
    std::vector<int> eagle_targets(int player, int placed) const;
    bool eagle_has_pawn(int side) const;

private:
    void start_age();
    void finish_choice();
    void start_conflicts();
    void advance_conflicts();
    void apply_conflict(const Action& a);
    void close_conflict();
    std::vector<int> askers(const OpenConflict& open, ProsperityCard card) const;
    std::optional<std::string> why_illegal_conflict(const Action& a) const;
    void finish_conflicts();
    void finish_scoring();
    void finish_game();
    void gain(int player, int points);
    int stack_place(int player) const;
    std::optional<std::string> why_illegal_development(const Action& a) const;
    std::optional<std::string> why_illegal_play(const Action& a) const;
    void spend(int player, ProsperityCard card);

    const Map* map_;
    MapGraph graph_;
    Profile profile_;
    std::vector<Side> sides_;
    std::vector<Seat> seats_;
    std::vector<int> initial_stack_;
    std::vector<ProsperityCard> initial_deck_, deck_, discard_;
    int age_ = 1;
    Phase phase_ = Phase::Choice;
    std::vector<int> pending_;      // choice, conflict, scoring: players still to act, in order
    std::vector<int> order_;        // this age's turn order (VP do not change within an age)
    std::size_t cursor_ = 0;        // development: the next turn's place in order_
    std::vector<Action> declared_;  // scoring declarations of this age, per player
    std::vector<bool> settled_;     // conflict: territories settled this phase
    std::size_t settling_ = 0;      // conflict: the place in order_ of the player settling
    std::optional<OpenConflict> open_;
    int alliance_offset_ = 0;  // two players: side_of(p) in age I is (p + offset) % 2
    std::uint64_t clock_ = 0;
    std::vector<AgeRecord> records_;
    std::vector<FinalScore> finals_;
    SilentCases silent_;
};

// One age played from a script instead of by seats (the rulebooks' worked examples): each player's
// power card, each side's placements in the order of its turns with an optional move after any of
// them, and each player's conflict decisions (a territory not named: the default, defeat); nobody
// plays a prosperity card, and a joker scores its best type. A player settles their conflicts in
// map order. Plays until the next age starts or the
// game ends; returns the first scripted action the rules refuse, saying why, or nullopt.
struct AgeScript {
    std::vector<int> cards;                                 // per player
    std::vector<std::vector<int>> places;                   // per side, one territory per turn
    std::vector<std::map<int, std::pair<int, int>>> moves;  // per side: turn (0-based) -> from, to
    std::vector<std::map<int, Decision>> decisions;         // per player: territory -> decision
};
std::optional<std::string> play_scripted_age(Game& game, const AgeScript& script);
// The conflict action of a script: an answer plays nothing; a settlement takes the player's first
// territory in map order, with `decisions`' choice (default: defeat) where they win alone.
Action scripted_conflict_action(const Game& game, const std::map<int, Decision>& decisions);

// Conservation checks a whole game must keep; the first broken one, or nullopt.
std::optional<std::string> game_invariant_violation(const Game& game);

}  // namespace tlaloc::aztlan
