// Aztlán's registry entry: commands, claims facts (with the typed edition profiles), file formats and
// the cross-check of the domain table's '-' boundary against the minimum spans.
#include <bit>
#include <random>

#include "cli/Commands.h"
#include "cli/GameRegistry.h"
#include "model/aztlan/DomainTable.h"
#include "model/aztlan/Map.h"
#include "model/aztlan/MinimumSpan.h"
#include "model/aztlan/Position.h"
#include "model/aztlan/Profile.h"
#include "puzzles/aztlan/RandomMap.h"
#include "verify/claims/AztlanFacts.h"

namespace tlaloc::cli {

namespace {

std::string map_round_trip(const std::filesystem::path& file) {
    Json first = aztlan::map_to_json(aztlan::load_map(file));
    Json second = aztlan::map_to_json(aztlan::parse_map(JsonPlace(first, file.string())));
    return written_difference(first, second);
}

std::string position_round_trip(const std::filesystem::path& file) {
    Json first = aztlan::position_to_json(aztlan::load_position(file));
    Json second = aztlan::position_to_json(aztlan::parse_position(JsonPlace(first, file.string())));
    return written_difference(first, second);
}

std::string profile_round_trip(const std::filesystem::path& file) {
    Json first = aztlan::profile_to_json(aztlan::load_profile(file));
    Json second = aztlan::profile_to_json(aztlan::parse_profile(JsonPlace(first, file.string())));
    return written_difference(first, second);
}

// Two unrelated methods for one boundary on a random map: the first row of each column the subset
// enumeration allows for a type must be the minimum span (Dreyfus–Wagner) of k territories of it.
std::string dash_boundary_agrees(std::uint64_t seed) {
    std::mt19937 rng(static_cast<std::mt19937::result_type>(seed));
    const int territories = 20 + static_cast<int>(rng() % 5);
    aztlan::Map map = aztlan::random_map(rng, territories, 8 + static_cast<int>(rng() % 9));
    auto table = aztlan::compute_domain_table(map, territories);
    auto bits = aztlan::map_bits(map);
    for (int t = 0; t < aztlan::kTerritoryTypeCount; ++t) {
        auto spans = aztlan::minimum_spans(bits, static_cast<aztlan::TerritoryType>(t));
        for (int k = 1; k <= aztlan::kMaxBonusColumn; ++k) {
            int first = 0;
            for (int n = table.max_size; n >= 1; --n) {
                if (table.per_type[t][n - 1][k]) first = n;
            }
            int span = k < static_cast<int>(spans.size()) && spans[k] ? std::popcount(*spans[k]) : 0;
            if (first != span)
                return std::string(aztlan::kTerritoryTypeNames[t]) + " k=" + std::to_string(k) +
                       ": the domain table's first row is " + std::to_string(first) +
                       ", the minimum span has " + std::to_string(span) + " territories";
        }
    }
    return "";
}

}  // namespace

GameEntry aztlan_game() {
    GameEntry g;
    g.name = "aztlan";
    g.add_commands = add_aztlan_commands;
    g.facts = verify::aztlan_claim_facts();
    g.formats = {
        {"map",
         {"puzzles/aztlan/aztlan.json", "puzzles/aztlan/board.json", "tests/data/aztlan/*-map.json",
          "tests/data/verify/*-map.json"},
         map_round_trip,
         "aztlan table {} --max-size 4"},
        {"position",
         {"puzzles/aztlan/examples/*.json", "tests/data/aztlan/example-14.json",
          "tests/data/aztlan/example-14-it.json", "tests/data/aztlan/example-22.json"},
         position_round_trip,
         "aztlan score {}"},
        // A position names a profile only among the shipped ones, so no command reads a profile file
        // given on the command line (the claims checker reads the one a claims file names).
        {"profile", {"puzzles/aztlan/profiles/*.json"}, profile_round_trip, ""},
        {"game-log",
         {"tests/data/aztlan/game-*.jsonl"},
         nullptr,
         "aztlan replay {}",
         /*json_lines=*/true},
    };
    g.random_check = dash_boundary_agrees;
    return g;
}

}  // namespace tlaloc::cli
