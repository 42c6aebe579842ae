// The graph the shipped map is reconstructed on: a circular land of 30 territories in three rings
// (6 around a central lake, 12, 12 on the rim) with two more lakes between the outer rings. The
// real board's adjacency is not public; this is a plausible stand-in (docs/aztlan.md).
#pragma once
#include "model/aztlan/Map.h"

namespace tlaloc::aztlan {

// Territories T01..T30 with land borders and lakes; every type is a placeholder (jungle) until
// the reconstruction assigns them.
Map circular_board();

}  // namespace tlaloc::aztlan
