// What Aztlán rulebook claims are checked against: the box and tables of model/aztlan, the bonus a
// domain's bonus territories add, and the rule readings its editions differ on (read from the typed
// edition profiles of model/aztlan/Profile).
#pragma once
#include "verify/claims/GameFacts.h"

namespace tlaloc::verify {

GameFacts aztlan_claim_facts();

}  // namespace tlaloc::verify
