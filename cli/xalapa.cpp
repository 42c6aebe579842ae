// `tlaloc xalapa ...`: solve challenges for the minimum penalty (and, with --all, every optimum).
#include <iostream>

#include "cli/Commands.h"
#include "cli/XalapaPrint.h"

namespace tlaloc::cli {

using namespace xalapa;

namespace {

struct SolveOptions {
    std::vector<std::string> files;
    bool json = false;
    bool all = false;
    std::int64_t cap = 1000;
};

void run_solve(const SolveOptions& opt) {
    // Validate every file before printing anything, so bad input never leaves partial output.
    std::vector<Challenge> challenges;
    for (const auto& f : opt.files) challenges.push_back(load_challenge(f));
    ChallengeSolver solver;
    for (std::size_t k = 0; k < challenges.size(); ++k) {
        const Challenge& ch = challenges[k];
        Solution s = solver.solve(ch);
        std::optional<OptimalSets> sets;
        if (opt.all) sets = solver.optimal_sets(ch, s, opt.cap);
        if (opt.json) {
            Json j = solution_to_json(ch, s);
            j["file"] = opt.files[k];
            if (sets) {
                j["optimal_sets"] = sets->count;
                j["optimal_sets_more"] = sets->more;
                j["forced"] = cells_to_json(ch.board, sets->forced);
                j["never"] = cells_to_json(ch.board, sets->never);
                Json examples = Json::array();
                for (const auto& ex : sets->examples) examples.push_back(cells_to_json(ch.board, ex));
                j["examples"] = examples;
            }
            std::cout << j.dump() << "\n";
            continue;
        }
        if (k) std::cout << "\n";
        const Evaluation& e = s.evaluation;
        std::cout << opt.files[k] << "  (board " << (ch.board.id.empty() ? "inline" : ch.board.id) << ")\n";
        std::cout << "penalty " << e.penalty << " = " << e.stones << " stone" << (e.stones == 1 ? "" : "s") << " + "
                  << ch.disfavor << " x " << e.unmet << " unmet   (optimal: proved, " << s.solver_checks
                  << " solver checks)\n";
        print_board(std::cout, ch.board, s.stones);
        print_tasks(std::cout, ch, e);
        std::cout << "stones: " << cells_to_text(ch.board, s.stones) << "\n";
        if (sets) {
            std::cout << "optimal stone sets: " << (sets->more ? "more than " : "") << sets->count << "\n";
            std::cout << "forced (a stone in every optimal set): " << cells_to_text(ch.board, sets->forced) << "\n";
            if (sets->examples.size() == 2) {
                std::cout << "two different optimal sets:\n  A: " << cells_to_text(ch.board, sets->examples[0])
                          << "\n  B: " << cells_to_text(ch.board, sets->examples[1]) << "\n";
            }
        }
    }
}

}  // namespace

void add_xalapa_commands(CLI::App& app) {
    auto* xalapa = app.add_subcommand("xalapa", "Xalapa: place oracle stones for the lowest penalty.\n"
                                                "Example: tlaloc xalapa solve puzzles/xalapa/challenges/basic-1.json");
    xalapa->require_subcommand(1);

    auto opt = std::make_shared<SolveOptions>();
    auto* solve = xalapa->add_subcommand(
        "solve",
        "Minimum penalty (stones + disfavor x unmet tasks) of each challenge file, proved optimal.\n"
        "Example: tlaloc xalapa solve puzzles/xalapa/challenges/basic-1.json --all");
    solve->add_option("FILE", opt->files, "challenge JSON files (see docs/xalapa.md)")->required();
    solve->add_flag("--json", opt->json, "one JSON object per line and file");
    solve->add_flag("--all", opt->all, "also count the optimal stone sets and list the forced stones");
    solve->add_option("--cap", opt->cap, "stop counting optimal sets at this many (with --all)")
        ->check(CLI::Range(std::int64_t{1}, std::int64_t{1000000}));
    solve->callback([opt] { run_solve(*opt); });
}

}  // namespace tlaloc::cli
