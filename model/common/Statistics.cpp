#include "model/common/Statistics.h"

#include <algorithm>
#include <cmath>

namespace tlaloc {

std::pair<double, double> wilson_interval(std::int64_t hits, std::int64_t trials, double z) {
    if (trials <= 0) return {0.0, 1.0};
    const double n = static_cast<double>(trials), p = static_cast<double>(hits) / n, z2 = z * z;
    const double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
    const double half = z / (1 + z2 / n) * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n));
    return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

}  // namespace tlaloc
