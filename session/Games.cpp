#include "session/Games.h"

#include <algorithm>
#include <stdexcept>

#include "session/akelarre/AkelarreEngine.h"
#include "session/azteka/AztekaEngine.h"
#include "session/aztlan/AztlanEngine.h"
#include "session/xalapa/AtlacoyaEngine.h"

namespace tlaloc::session {

const std::vector<std::string>& engine_games() {
    static const std::vector<std::string> names = {"aztlan", "azteka", "akelarre", "atlacoya"};
    return names;
}

std::vector<std::string> variants_of(const std::string& game) {
    if (game == "aztlan") return {"de", "it"};
    if (game == "azteka") return {"standard", "aggressive"};
    if (game == "akelarre") return {"singles", "teams"};
    return {"standard"};
}

std::vector<int> player_counts_of(const std::string& game) {
    if (game == "azteka") return {2};
    if (game == "atlacoya") return {2, 3, 4, 5, 6};
    return {2, 3, 4};
}

std::unique_ptr<Engine> make_engine(const GameSpec& spec, std::uint64_t seed) {
    const std::vector<int> counts = player_counts_of(spec.game);
    const std::vector<std::string> variants = variants_of(spec.game);
    if (std::find(engine_games().begin(), engine_games().end(), spec.game) == engine_games().end())
        throw std::invalid_argument("no whole game named " + spec.game);
    if (std::find(counts.begin(), counts.end(), spec.players) == counts.end())
        throw std::invalid_argument(spec.game + " is not played by " + std::to_string(spec.players) +
                                    " players");
    if (std::find(variants.begin(), variants.end(), spec.variant) == variants.end())
        throw std::invalid_argument(spec.game + " has no variant \"" + spec.variant + "\"");
    if (spec.game == "aztlan") return std::make_unique<AztlanEngine>(spec.players, spec.variant, seed);
    if (spec.game == "azteka") return std::make_unique<AztekaEngine>(spec.variant);
    if (spec.game == "akelarre") {
        if (spec.variant == "teams" && spec.players != 4)
            throw std::invalid_argument("the Akelarre team game is played by 4 players");
        return std::make_unique<AkelarreEngine>(spec.players, spec.variant == "teams", seed);
    }
    return std::make_unique<AtlacoyaEngine>(spec.players, seed);
}

}  // namespace tlaloc::session
