// The smallest connected set of territories holding k territories of one type (a node-weighted
// Steiner tree, Dreyfus–Wagner over subsets of that type's territories). It is the exact boundary of
// the '-' cells of the domain table, found independently of the subset enumeration.
#pragma once
#include <optional>
#include <vector>

#include "model/aztlan/TerritorySet.h"

namespace tlaloc::aztlan {

inline constexpr int kMaxSpanTerminals = 12;  // 3^12 subset splits per territory stays fast

// spans[k] (k = 0..count of `type`, at most kMaxSpanTerminals): a smallest connected set holding at
// least (in fact exactly) k territories of `type`; nullopt when no connected set holds k of them.
// spans[0] is the empty set.
std::vector<std::optional<TerritorySet>> minimum_spans(const MapBits& bits, TerritoryType type);

}  // namespace tlaloc::aztlan
