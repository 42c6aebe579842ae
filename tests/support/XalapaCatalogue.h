// The shipped Xalapa catalogue (cards, position cards, board sides), loaded once per test process.
#pragma once
#include "puzzles/xalapa/Catalogue.h"

namespace tlaloc::test_support {

inline const xalapa::Catalogue& shipped() {
    static const xalapa::Catalogue catalogue = xalapa::load_catalogue();
    return catalogue;
}

}  // namespace tlaloc::test_support
