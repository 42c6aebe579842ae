// The domain scoring table of the rulebook, computed from a map: which (domain size n, bonus
// count k) pairs some connected set of territories can realise, with a witness for each.
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <vector>

#include "model/aztlan/Map.h"

namespace tlaloc::aztlan {

inline constexpr int kMaxBonusColumn = 6;  // the printed table's columns are k = 0..6

// Points a domain of `size` territories with `bonus` of the bonus type scores: size + bonus²,
// 0 when it holds none of the bonus type.
int domain_points(int size, int bonus);

struct DomainWitness {
    TerritoryType type;            // the type counted as bonus
    std::vector<int> territories;  // indexes into Map::territories, a connected set
};

struct DomainTable {
    int max_size = 0;  // rows n = 1..max_size (never more than the map's territory count)
    // achievable[n-1][k]: some connected set of exactly n territories holds exactly k of one type.
    std::vector<std::array<bool, kMaxBonusColumn + 1>> achievable;
    // witness[n-1][k] when achievable (one per cell, any type that works).
    std::vector<std::array<std::optional<DomainWitness>, kMaxBonusColumn + 1>> witness;
    // per_type[t][n-1][k]: the same question for type t alone (human output detail).
    std::array<std::vector<std::array<bool, kMaxBonusColumn + 1>>, kTerritoryTypeCount> per_type;

    // The printed value of a cell: domain_points(n, k), or nullopt for '-'.
    std::optional<int> value(int n, int k) const;
};

// Enumerates connected subsets on bitsets (each once). `progress` (may be empty) is called now and
// then with the fraction done (after each root, and every 2^20 sets), for runs long enough to show
// progress; an exception it throws (a time limit) stops the run.
DomainTable compute_domain_table(const Map& map, int max_size,
                                 const std::function<void(double)>& progress = {});

// Thrown by the bounded form below when the enumeration would visit more than its limit of sets.
struct DomainTableLimit : std::runtime_error {
    using std::runtime_error::runtime_error;
};
// The same with a bound on the connected sets visited (0 = none), so hostile maps cannot hang a run.
DomainTable compute_domain_table(const Map& map, int max_size, const std::function<void(double)>& progress,
                                 std::uint64_t max_sets);

}  // namespace tlaloc::aztlan
