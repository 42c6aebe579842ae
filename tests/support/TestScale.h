// How much of a long randomised test to run: all of it, or a sample when TLALOC_TEST_SCALE=small
// (scripts/sanitize.sh sets it: instrumented code runs several times slower).
#pragma once
#include <algorithm>
#include <cstdlib>
#include <string>

namespace tlaloc::test_support {

inline bool small_test_scale() {
    const char* scale = std::getenv("TLALOC_TEST_SCALE");
    return scale && std::string(scale) == "small";
}

// `n` rounds, or a `divisor`-th of them (at least `at_least`) at the small scale.
inline int scaled_rounds(int n, int divisor = 5, int at_least = 1) {
    return small_test_scale() ? std::max(at_least, n / divisor) : n;
}

}  // namespace tlaloc::test_support
