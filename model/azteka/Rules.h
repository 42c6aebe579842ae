// The Azteka rules engine: legal actions, their effects (Birth, Disintegration), the goals and the
// end of a round (a goal met, or the full-board last turns and a draw). Pure: no solver, no I/O.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "model/azteka/Position.h"

namespace tlaloc::azteka {

// Birth's extra placement is optional ("has the right"), hence the explicit way to decline it.
enum class ActionKind { Place, Turn, TurnTwo, DeclineBirth };

struct Action {
    ActionKind kind = ActionKind::Place;
    int ring = 0;
    int sector = 0;  // Place only
    static Action place(int ring, int sector) { return {ActionKind::Place, ring, sector}; }
    static Action turn(int ring) { return {ActionKind::Turn, ring, 0}; }
    static Action turn_two(int ring) { return {ActionKind::TurnTwo, ring, 0}; }
    static Action decline_birth() { return {ActionKind::DeclineBirth, 0, 0}; }
    bool operator==(const Action&) const = default;
};

// "place 0 3", "turn 2", "turn2 1", "skip": the words `tlaloc azteka play` reads and prints.
std::string describe(const Action& action);
std::optional<Action> parse_action_words(const std::string& line);
// {"place": [ring, sector]}, {"turn": ring}, {"turn": ring, "sectors": 2}; `birth` marks Birth's bonus.
Json action_to_json(const Action& action, bool birth = false);

// Goals, each for one side on a given board.
bool expands(const Position& pos, Side side);     // an own pawn in every sector and every ring
bool dominates(const Position& pos, Side side);   // an own whole sector (4) or whole ring (8)
bool all_placed(const Position& pos, Side side);  // nothing left in hand
// The name of a goal `side` meets under the position's profile ("expand", "dominate", "all pawns
// placed"), or nullopt.
std::optional<std::string> goal_met(const Position& pos, Side side);

// A round in progress: the position plus the turn-structure state the position format leaves out.
struct Game {
    Position position;
    bool birth_pending = false;  // the mover's placement filled a sector with Life: it may place again
    int last_turns_left = -1;    // board full with no goal: ring-turn-only turns still to play; -1: not yet
    std::optional<Side> winner;
    std::string winning_goal;
    bool drawn = false;
    bool over() const { return winner.has_value() || drawn; }
};

// Starts a round at `position` (at the start of its mover's turn); a goal already met there ends it.
Game start_game(const Position& position);

// What an action did besides itself, for printing and for the tests.
struct Effects {
    bool birth = false;              // a Birth bonus placement is now open
    std::vector<int> disintegrated;  // holes whose Life pawn became a Death pawn
};

bool placement_allowed(const Position& pos, Side side, int h);
// Why the side to move may not play `action` now ("the round is over", "ring 0, sector 3 is
// taken", ...), or nullopt when it may. The one statement of legality: legal_actions, is_legal and
// apply all ask it, and `tlaloc azteka play` asks it of what the user types.
std::optional<std::string> why_illegal(const Game& game, const Action& action);
std::vector<Action> legal_actions(const Game& game);  // in a fixed order: placements, skip, turns
bool is_legal(const Game& game, const Action& action);
// Plays a legal action. Callers ask why_illegal first (or take the action from legal_actions), so
// an illegal one here is a bug: std::logic_error, the game unchanged.
Effects apply(Game& game, const Action& action);
// The side to move lets its turn go by (declining a pending Birth). Not a rule of the game: the
// "opponent passes" puzzles use it, and it still counts as that side's full-board last turn. A
// finished round is a bug of the caller (std::logic_error).
void pass(Game& game);

}  // namespace tlaloc::azteka

namespace tlaloc::azteka {

// One whole turn of the side to move: its action, then Birth's bonus placements or their refusal.
struct WholeTurn {
    std::vector<Action> actions;
    Game after;  // the round is over, or the next side is to move
};
// Every whole turn the side to move can play (one per distinct action sequence).
std::vector<WholeTurn> whole_turns(const Game& game);

}  // namespace tlaloc::azteka
