// What Aztlán rulebook claims are checked against: the box and tables of model/aztlan, the bonus a
// domain's bonus territories add, and the rule readings its editions differ on (read from the typed
// edition profiles of model/aztlan/Profile).
#pragma once
#include "model/aztlan/Game.h"
#include "verify/claims/GameFacts.h"

namespace tlaloc::verify {

GameFacts aztlan_claim_facts();

// The rulebooks' example of five conflicts A..E, played by the rules engine on the shipped map with
// four players (0 Serpent red, 1 Ocelot yellow, 2 Coyote green, 3 Quetzal blue). Age I (every
// card 9) leaves red, yellow, blue and green in that order of victory points; in age II (cards 6,
// 8, 5, 7) their pawns end on the five contested territories as in the shipped position
// examples/conflicts-a-e.json, and yellow coexists in B. `territories` are A..E.
struct ConflictExample {
    aztlan::Game game;
    std::vector<int> territories;
    std::optional<std::string> refused;  // a scripted action the rules refused (then nothing is shown)
};
ConflictExample play_conflict_example_a_e(const aztlan::Map& map, const aztlan::Profile& profile);

}  // namespace tlaloc::verify
