// The conflict phase of an age: in turn order (most VP first, ties by the higher pyramid), the sole
// strongest player in a shared territory (power = card × pawns) defeats or coexists; ties coexist
// without cards and remove weaker players; Great Tlatoani and Sacred Games when played.
#pragma once
#include <string>
#include <vector>

#include "model/aztlan/Position.h"

namespace tlaloc::aztlan {

enum class ConflictOutcome { Defeat, Coexist, Tie };
const char* to_string(ConflictOutcome outcome);

struct Conflict {
    int territory = 0;
    ConflictOutcome outcome = ConflictOutcome::Tie;
    int winner = -1;                 // player index; -1 for a tie
    std::vector<int> strongest;      // the players with the highest power there
    std::vector<int> removed;        // players whose pawns left the territory
    std::vector<int> card_drawn_by;  // who drew a prosperity card here
    std::vector<std::string> notes;  // cards played and why they did or did not apply
};

struct ConflictPhase {
    std::vector<int> order;               // player indexes, in turn order
    std::vector<Conflict> conflicts;      // in the order they were resolved
    std::vector<std::vector<int>> pawns;  // per player, per territory, after the phase
    std::vector<int> cards_drawn;         // per player
};

// Turn order of the age: VP descending; equal VP: the higher pyramid in the stack first.
std::vector<int> turn_order(const Position& position);
ConflictPhase resolve_conflicts(const Position& position);

}  // namespace tlaloc::aztlan
