// Akelarre's registry entry: commands, claims facts and file formats.
#include "cli/Commands.h"
#include "cli/GameRegistry.h"
#include "model/akelarre/Components.h"

namespace tlaloc::cli {

GameEntry akelarre_game() {
    GameEntry g;
    g.name = "akelarre";
    g.add_commands = add_akelarre_commands;
    g.facts = {"akelarre", akelarre::component_counts(), akelarre::component_tables(), {}, {}, {}};
    g.formats = {
        {"turn",
         {"puzzles/akelarre/*.json", "tests/data/akelarre/small.json"},
         {},
         "akelarre best {} --timeout 20"},
    };
    return g;
}

}  // namespace tlaloc::cli
