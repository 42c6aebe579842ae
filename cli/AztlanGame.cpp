// Aztlán's registry entry: commands, claims facts (with the typed edition profiles) and file formats.
#include "cli/Commands.h"
#include "cli/GameRegistry.h"
#include "model/aztlan/Map.h"
#include "verify/claims/AztlanFacts.h"

namespace tlaloc::cli {

namespace {

std::string map_round_trip(const std::filesystem::path& file) {
    Json first = aztlan::map_to_json(aztlan::load_map(file));
    Json second = aztlan::map_to_json(aztlan::parse_map(JsonPlace(first, file.string())));
    return written_difference(first, second);
}

}  // namespace

GameEntry aztlan_game() {
    GameEntry g;
    g.name = "aztlan";
    g.add_commands = add_aztlan_commands;
    g.facts = verify::aztlan_claim_facts();
    g.formats = {
        {"map",
         {"puzzles/aztlan/aztlan.json", "puzzles/aztlan/board.json", "tests/data/aztlan/*-map.json"},
         map_round_trip,
         "aztlan table {} --max-size 4"},
        {"position",
         {"puzzles/aztlan/examples/*.json", "tests/data/aztlan/example-14.json",
          "tests/data/aztlan/example-22.json"},
         {},
         "aztlan score {}"},
    };
    return g;
}

}  // namespace tlaloc::cli
