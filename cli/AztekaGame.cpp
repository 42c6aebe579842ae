// Azteka's registry entry: commands, claims facts, file formats and the cross-check of the exact
// fewest-pawns search against Z3 and a breadth-first search over the rules engine.
#include <random>
#include <stdexcept>

#include "cli/Commands.h"
#include "cli/GameRegistry.h"
#include "model/azteka/Components.h"
#include "model/azteka/Plan.h"
#include "model/azteka/Position.h"
#include "puzzles/azteka/RandomPosition.h"
#include "solver/azteka/Fewest.h"
#include "solver/azteka/FewestExact.h"
#include "solver/azteka/FewestSearch.h"

namespace tlaloc::cli {

namespace {

std::string position_round_trip(const std::filesystem::path& file) {
    Json first = azteka::position_to_json(azteka::load_position(file));
    Json second = azteka::position_to_json(azteka::parse_position(JsonPlace(first, file.string())));
    return written_difference(first, second);
}

std::string pawns_and_turns(int pawns, int turns) {
    return std::to_string(pawns) + " pawns in " + std::to_string(turns) + " turns";
}

// A random reachable position (each variant in turn) and two turns of its mover against passive opponents:
// Z3's plan must replay through the rules engine to a goal as claimed, and the breadth-first search over the
// engine's legal actions and the exact search must find the same answer (reachable or not, fewest
// pawns, then turns).
std::string fewest_agrees(std::uint64_t seed) {
    constexpr int kMaxTurns = 2;
    std::mt19937 rng(static_cast<std::mt19937::result_type>(seed));
    const auto& variants = azteka::profile_names();
    const std::string& variant = variants[seed % variants.size()];
    azteka::Position pos = azteka::random_position(rng, variant, 16 + static_cast<int>(rng() % 8));
    std::string where = " (" + azteka::position_to_json(pos).dump() + ")";
    azteka::FewestResult z3;
    try {
        z3 = azteka::fewest_pawns(pos, kMaxTurns);
    } catch (const std::logic_error& e) {  // its own replay refused the plan
        return std::string(e.what()) + where;
    }
    azteka::SearchedFewest search = azteka::fewest_pawns_by_search(pos, kMaxTurns);
    azteka::FewestResult exact = azteka::fewest_pawns_exact(pos, kMaxTurns);
    if (exact.found != search.found ||
        (exact.found && (exact.pawns != search.pawns || exact.turns != search.turns)))
        return "the exact search: " + (exact.found ? pawns_and_turns(exact.pawns, exact.turns) : "no goal") +
               "; the breadth-first search: " +
               (search.found ? pawns_and_turns(search.pawns, search.turns) : "no goal") + where;
    if (z3.found != search.found)
        return std::string("Z3 ") + (z3.found ? "finds" : "finds no") + " goal within " +
               std::to_string(kMaxTurns) + " turns, the search " + (search.found ? "does" : "does not") +
               where;
    if (!z3.found) return "";
    azteka::PlanReplay replay = azteka::replay_against_passive(pos, z3.plan);
    if (!replay.reaches_goal) return "Z3's plan does not reach a goal: " + replay.problem + where;
    if (replay.pawns != z3.pawns || replay.turns != z3.turns)
        return "Z3 claims " + pawns_and_turns(z3.pawns, z3.turns) + ", its plan replays to " +
               pawns_and_turns(replay.pawns, replay.turns) + where;
    if (z3.pawns != search.pawns || z3.turns != search.turns)
        return "Z3: " + pawns_and_turns(z3.pawns, z3.turns) +
               "; the search: " + pawns_and_turns(search.pawns, search.turns) + where;
    return "";
}

// The pawns the engine puts in each hand at the start of a round, per way to play, and the counts
// worked out from the board's 4 rings of 8 sectors rather than typed from the text.
void derive_facts(verify::GameFacts& facts) {
    const azteka::Position two(azteka::profile_named("standard")),
        three(azteka::profile_named("three-player"));
    const int life = static_cast<int>(azteka::Side::Life), death = static_cast<int>(azteka::Side::Death);
    facts.counts["life_pawns"] = two.supply[life];
    facts.counts["death_pawns"] = two.supply[death];
    facts.counts["pawns_per_side_2p"] = two.supply[life];
    facts.counts["pawns_per_side_3p"] = three.supply[life];
    facts.tables["pawns_per_side"] = {{"2", two.supply[life]}, {"3", three.supply[life]}};
    facts.derived = {"life_pawns",          "death_pawns",       "pawns_per_side_2p",  "pawns_per_side_3p",
                     "pawns_per_side",      "positions",         "death_sector_goal",  "death_ring_goal",
                     "life_goal_min_pawns", "ring_turn_degrees", "neighbours_by_ring", "sector_degrees"};
}

}  // namespace

GameEntry azteka_game() {
    GameEntry g;
    g.name = "azteka";
    g.add_commands = add_azteka_commands;
    g.facts.name = "azteka";
    g.facts.counts = azteka::component_counts();
    g.facts.tables = azteka::component_tables();
    derive_facts(g.facts);
    g.formats = {
        {"position",
         {"puzzles/azteka/*.json", "tests/data/azteka/*.json"},
         position_round_trip,
         "azteka show {}"},
        {"match-log",
         {"tests/data/azteka/match-*.jsonl"},
         nullptr,
         "azteka replay {}",
         /*json_lines=*/true},
    };
    g.random_check = fewest_agrees;
    return g;
}

}  // namespace tlaloc::cli
