// Cardinality and pseudo-Boolean constraints over Boolean Z3 terms, shared by every game's solver.
// One edge rule for all of them: a bound that every assignment meets is the constant true, one that
// no assignment meets is the constant false, and any other bound is Z3's own pseudo-Boolean form over
// the literals as given. So the empty list, k <= 0 and k > n need no care at the call site (Z3's
// atmost/atleast/pb* cannot take an empty list, and take the bound unsigned or as an int).
#pragma once
#include <z3++.h>
#include <cstdint>
#include <vector>

namespace tlaloc::solver {

// The number of true literals in `lits` (n of them) against k. at_most: false for k < 0, true for
// k >= n. at_least: true for k <= 0, false for k > n. exactly: false for k < 0 or k > n, true for
// n == 0 == k; otherwise the equality, also for k == 0 and k == n.
z3::expr at_most(const z3::expr_vector& lits, std::int64_t k);
z3::expr at_least(const z3::expr_vector& lits, std::int64_t k);
z3::expr exactly(const z3::expr_vector& lits, std::int64_t k);

// The weighted sum Σ weights[i]·lits[i] against k, one weight per literal (else std::invalid_argument).
// Weights may be negative or zero: the sum then ranges over [Σ negative weights, Σ positive weights],
// and the edge rule above applies to that range (the empty sum is 0). A bound inside the range is
// passed to Z3 as an int (std::out_of_range if it does not fit one).
z3::expr weighted_at_most(const z3::expr_vector& lits, const std::vector<int>& weights, std::int64_t k);
z3::expr weighted_at_least(const z3::expr_vector& lits, const std::vector<int>& weights, std::int64_t k);
z3::expr weighted_exactly(const z3::expr_vector& lits, const std::vector<int>& weights, std::int64_t k);

}  // namespace tlaloc::solver
