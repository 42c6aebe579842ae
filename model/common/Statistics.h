// Confidence intervals for shares measured on samples: the census report's sampled shares and the
// game audits' win rates.
#pragma once
#include <cstdint>
#include <utility>

namespace tlaloc {

// The normal quantile of a two-sided 95 % interval.
inline constexpr double kNormalQuantile95 = 1.959963984540054;

// The Wilson score interval (low, high) for `hits` successes in `trials` at normal quantile z;
// (0, 1), knowing nothing, without trials.
std::pair<double, double> wilson_interval(std::int64_t hits, std::int64_t trials,
                                          double z = kNormalQuantile95);

}  // namespace tlaloc
