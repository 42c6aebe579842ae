#include "model/aztlan/MinimumSpan.h"

#include <bit>
#include <stdexcept>

namespace tlaloc::aztlan {

namespace {
// 0 stands for "no set found yet": a real entry always holds at least one territory.
bool better(TerritorySet candidate, TerritorySet current) {
    return candidate && (!current || std::popcount(candidate) < std::popcount(current));
}
}  // namespace

std::vector<std::optional<TerritorySet>> minimum_spans(const MapBits& bits, TerritoryType type) {
    auto terminals = territories_of(bits.of_type[static_cast<int>(type)]);
    int m = static_cast<int>(terminals.size());
    if (m > kMaxSpanTerminals)
        throw std::invalid_argument("too many territories of one type for minimum_spans");
    int n = static_cast<int>(bits.neighbors.size());
    // best[mask][v]: a smallest connected set found holding the terminals in mask and territory v.
    std::vector<std::vector<TerritorySet>> best(std::size_t{1} << m, std::vector<TerritorySet>(n, 0));

    auto relax = [&](std::vector<TerritorySet>& row) {
        for (bool changed = true; changed;) {
            changed = false;
            for (int v = 0; v < n; ++v) {
                if (!row[v]) continue;
                for (TerritorySet nb = bits.neighbors[v]; nb; nb &= nb - 1) {
                    int u = std::countr_zero(nb);
                    TerritorySet candidate = row[v] | TerritorySet{1} << u;
                    if (better(candidate, row[u])) {
                        row[u] = candidate;
                        changed = true;
                    }
                }
            }
        }
    };
    for (int i = 0; i < m; ++i) {
        best[std::size_t{1} << i][terminals[i]] = TerritorySet{1} << terminals[i];
        relax(best[std::size_t{1} << i]);
    }
    for (std::size_t mask = 1; mask < best.size(); ++mask) {
        if (std::popcount(mask) < 2) continue;
        std::size_t low = mask & -mask;
        auto& row = best[mask];
        for (std::size_t a = (mask - 1) & mask; a; a = (a - 1) & mask) {
            if (!(a & low)) continue;  // each split once
            const auto& left = best[a];
            const auto& right = best[mask ^ a];
            for (int v = 0; v < n; ++v) {
                if (left[v] && right[v] && better(left[v] | right[v], row[v])) row[v] = left[v] | right[v];
            }
        }
        relax(row);
    }

    std::vector<std::optional<TerritorySet>> spans(m + 1);
    spans[0] = TerritorySet{0};
    for (std::size_t mask = 1; mask < best.size(); ++mask) {
        auto& slot = spans[std::popcount(mask)];
        for (TerritorySet set : best[mask]) {
            if (set && (!slot || std::popcount(set) < std::popcount(*slot))) slot = set;
        }
    }
    return spans;
}

}  // namespace tlaloc::aztlan
