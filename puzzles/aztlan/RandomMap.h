// Random connected Aztlán maps for differential tests and the conformance cross-check (not a real
// board: that is puzzles/aztlan/aztlan.json). Deterministic for a given engine state.
#pragma once
#include <random>

#include "model/aztlan/Map.h"

namespace tlaloc::aztlan {

// `territories` territories ("R0", "R1", ...) of random types joined by a random spanning tree, plus
// up to `extra_borders` random further borders (a drawn border that exists already, or joins a
// territory to itself, is skipped). No lakes.
Map random_map(std::mt19937& rng, int territories, int extra_borders);

}  // namespace tlaloc::aztlan
