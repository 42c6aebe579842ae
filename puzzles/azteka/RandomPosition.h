// Random reachable Azteka positions for differential tests and the conformance cross-check: random
// legal play from the empty board through the rules engine. Deterministic for a given engine state.
#pragma once
#include <random>
#include <string>

#include "model/azteka/Position.h"

namespace tlaloc::azteka {

// The position after `plies` random legal actions from the empty board of `variant`, drawn again
// until the round is still open and no Birth is pending. Mostly placements, so the boards fill up:
// one action in `any_action_one_in` is drawn from every legal action (ring turns and skips too).
Position random_position(std::mt19937& rng, const std::string& variant, int plies, int any_action_one_in = 5);

}  // namespace tlaloc::azteka
