// Azteka's registry entry: commands, claims facts and file formats.
#include "cli/Commands.h"
#include "cli/GameRegistry.h"
#include "model/azteka/Components.h"
#include "model/azteka/Position.h"

namespace tlaloc::cli {

namespace {

std::string position_round_trip(const std::filesystem::path& file) {
    Json first = azteka::position_to_json(azteka::load_position(file));
    Json second = azteka::position_to_json(azteka::parse_position(JsonPlace(first, file.string())));
    return written_difference(first, second);
}

}  // namespace

GameEntry azteka_game() {
    GameEntry g;
    g.name = "azteka";
    g.add_commands = add_azteka_commands;
    g.facts = {"azteka", azteka::component_counts(), azteka::component_tables(), {}, {}, {}};
    g.formats = {
        {"position",
         {"puzzles/azteka/*.json", "tests/data/azteka/*.json"},
         position_round_trip,
         "azteka show {}"},
    };
    return g;
}

}  // namespace tlaloc::cli
