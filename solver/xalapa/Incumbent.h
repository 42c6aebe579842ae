// A quick stone set to start the exact search from: hill-climbing by single-stone changes, seeded
// with no stones and with formation placements. Only a starting bound: the Z3 search still
// proves the optimum.
#pragma once
#include "model/xalapa/Evaluation.h"

namespace tlaloc::xalapa {

CellSet heuristic_incumbent(const Challenge& challenge, const ChallengeFields& fields);

}  // namespace tlaloc::xalapa
