// The whole games behind session::Engine, made by name: the one place that knows every adapter.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "session/common/Engine.h"

namespace tlaloc::session {

struct GameSpec {
    std::string game;     // aztlan, azteka, akelarre, atlacoya
    int players = 2;      // Azteka: 2
    std::string variant;  // aztlan: the edition profile (de, it); azteka: standard, aggressive;
                          // akelarre: singles or teams (4 players); atlacoya: standard
};

// The names engine_games() knows, and each game's variants (the first is the default) and player
// counts.
const std::vector<std::string>& engine_games();
std::vector<std::string> variants_of(const std::string& game);
std::vector<int> player_counts_of(const std::string& game);

// The game dealt from `seed` (std::invalid_argument for a spec that names no such game).
std::unique_ptr<Engine> make_engine(const GameSpec& spec, std::uint64_t seed);

}  // namespace tlaloc::session
