#include "solver/common/Cardinality.h"

#include <limits>
#include <stdexcept>

namespace tlaloc::solver {

namespace {

std::int64_t size_of(const z3::expr_vector& lits) { return static_cast<std::int64_t>(lits.size()); }

// The range [low, high] of a weighted sum.
struct Range {
    std::int64_t low = 0, high = 0;
};

Range range_of(const z3::expr_vector& lits, const std::vector<int>& weights) {
    if (weights.size() != lits.size())
        throw std::invalid_argument("pseudo-Boolean constraint: one weight per literal");
    Range r;
    for (int w : weights) (w < 0 ? r.low : r.high) += w;
    return r;
}

int as_int(std::int64_t k) {
    if (k < std::numeric_limits<int>::min() || k > std::numeric_limits<int>::max())
        throw std::out_of_range("pseudo-Boolean constraint: the bound does not fit an int");
    return static_cast<int>(k);
}

}  // namespace

z3::expr at_most(const z3::expr_vector& lits, std::int64_t k) {
    if (k < 0) return lits.ctx().bool_val(false);
    if (k >= size_of(lits)) return lits.ctx().bool_val(true);
    return z3::atmost(lits, static_cast<unsigned>(k));
}

z3::expr at_least(const z3::expr_vector& lits, std::int64_t k) {
    if (k <= 0) return lits.ctx().bool_val(true);
    if (k > size_of(lits)) return lits.ctx().bool_val(false);
    return z3::atleast(lits, static_cast<unsigned>(k));
}

z3::expr exactly(const z3::expr_vector& lits, std::int64_t k) {
    if (k < 0 || k > size_of(lits)) return lits.ctx().bool_val(false);
    if (lits.empty()) return lits.ctx().bool_val(true);
    return weighted_exactly(lits, std::vector<int>(lits.size(), 1), k);
}

z3::expr weighted_at_most(const z3::expr_vector& lits, const std::vector<int>& weights, std::int64_t k) {
    const Range r = range_of(lits, weights);
    if (k < r.low) return lits.ctx().bool_val(false);
    if (k >= r.high) return lits.ctx().bool_val(true);
    return z3::pble(lits, weights.data(), as_int(k));
}

z3::expr weighted_at_least(const z3::expr_vector& lits, const std::vector<int>& weights, std::int64_t k) {
    const Range r = range_of(lits, weights);
    if (k <= r.low) return lits.ctx().bool_val(true);
    if (k > r.high) return lits.ctx().bool_val(false);
    return z3::pbge(lits, weights.data(), as_int(k));
}

z3::expr weighted_exactly(const z3::expr_vector& lits, const std::vector<int>& weights, std::int64_t k) {
    const Range r = range_of(lits, weights);
    if (k < r.low || k > r.high) return lits.ctx().bool_val(false);
    if (r.low == r.high) return lits.ctx().bool_val(true);
    return z3::pbeq(lits, weights.data(), as_int(k));
}

}  // namespace tlaloc::solver
