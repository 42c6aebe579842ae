// The conflict phase of an age: in turn order (most VP first, ties by the higher pyramid), the sole
// strongest player in a shared territory (power = card × pawns) defeats or coexists; ties coexist
// without cards and remove weaker players; Great Tlatoani and Sacred Games when played.
#pragma once
#include <optional>
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
    std::optional<Decision> chosen;  // what the winner chose (Sacred Games may still make it coexist)
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

// The pieces the whole-game engine shares with resolve_conflicts, which settles one conflict at a
// time (a card drawn in one conflict may be played in a later one of the same phase).
// The players with the highest power (cards[p] × pawns[p][t]) in territory t, listed in `order`;
// empty when fewer than two players are there.
std::vector<int> strongest_in(const std::vector<int>& cards, const std::vector<std::vector<int>>& pawns,
                              const std::vector<int>& order, int t);
// Settles c (territory and strongest filled in): `winner` chose `chosen` (winner -1: a tie nobody
// won), `sacred` are the players who played Sacred Games there. Removes the defeated pawns from
// `pawns` and fills outcome, removed, card_drawn_by and notes (players named by `names`).
void settle_conflict(Conflict& c, int winner, Decision chosen, const std::vector<int>& sacred,
                     const std::vector<std::string>& names, std::vector<std::vector<int>>& pawns);

}  // namespace tlaloc::aztlan
