// `tlaloc azteka ...`: show a position, fewest pawns / win in N, and a terminal round.
#include <iostream>

#include "cli/Commands.h"
#include "model/azteka/Diagram.h"
#include "model/azteka/Position.h"
#include "model/azteka/Rules.h"
#include "solver/azteka/Fewest.h"

namespace tlaloc::cli {

using namespace tlaloc::azteka;

void add_azteka_commands(CLI::App& app) {
    auto* group = app.add_subcommand("azteka", "Azteka, the Circle of Life: positions, fewest pawns, win in N, play.\n"
                                               "Example:  tlaloc azteka show puzzles/azteka/empty.json");
    group->require_subcommand(1);

    auto* show = group->add_subcommand("show", "Draw a position and say which goals it meets.\n"
                                               "Example:  tlaloc azteka show puzzles/azteka/empty.json");
    static std::string show_file;
    show->add_option("POSITION", show_file, "position JSON file")->required();
    show->callback([] {
        Position pos = load_position(show_file);
        std::cout << draw_circle(pos);
        for (int i = 0; i < pos.profile->sides; ++i) {
            Side side = static_cast<Side>(i);
            if (auto goal = goal_met(pos, side)) std::cout << side_name(side) << " meets its goal: " << *goal << "\n";
        }
    });

    auto* fewest = group->add_subcommand(
        "fewest",
        "With the opponent passing, the fewest of the mover's pawns on the board when one of its goals\n"
        "is met (ties: fewest turns), proved optimal by Z3 and replayed through the rules engine.\n"
        "Example:  tlaloc azteka fewest puzzles/azteka/empty.json --max-turns 11 --json");
    static std::string fewest_file;
    static int max_turns = 12;
    static bool as_json = false;
    fewest->add_option("POSITION", fewest_file, "position JSON file")->required();
    fewest->add_option("--max-turns", max_turns, "most turns of the mover to consider (1-40)")
        ->capture_default_str()
        ->check(CLI::Range(1, 40));
    fewest->add_flag("--json", as_json, "print the answer as JSON");
    fewest->callback([] {
        Position pos = load_position(fewest_file);
        FewestResult r = fewest_pawns(pos, max_turns);
        if (as_json) {
            Json out;
            if (r.found) {
                out = {{"pawns", r.pawns}, {"turns", r.turns}, {"goal", r.goal}, {"plan", plan_to_json(r.plan)}};
            } else {
                out = {{"pawns", nullptr}, {"reason", r.reason}};
            }
            std::cout << out.dump() << "\n";
            return;
        }
        if (!r.found) {
            std::cout << "no answer: " << r.reason << "\n";
            return;
        }
        std::cout << side_name(pos.to_move) << " meets its goal (" << r.goal << ") with " << r.pawns
                  << " pawns on the board in " << r.turns << " turns (both proved minimal):\n";
        for (const auto& step : r.plan) std::cout << "  " << describe(step.action) << (step.birth ? "  (Birth)" : "") << "\n";
    });
}

}  // namespace tlaloc::cli
