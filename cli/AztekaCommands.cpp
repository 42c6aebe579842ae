// `tlaloc azteka ...`: show a position, fewest pawns / win in N, and a terminal round.
#include <iostream>
#include <string>

#include "cli/Commands.h"
#include "model/azteka/Diagram.h"
#include "model/azteka/Position.h"
#include "model/azteka/Rules.h"
#include "solver/azteka/Fewest.h"
#include "solver/azteka/WinInN.h"
#include "solver/common/SearchLimit.h"

namespace tlaloc::cli {

using namespace tlaloc::azteka;

namespace {
// The solver's whole turn in `play`: a forced win within two turns if the search finds one
// quickly, else the first turn after which no other side wins at once, else any turn.
std::vector<Action> solver_turn(const Game& g) {
    WinResult w = win_in(g.position, 2, 200'000);
    if (w.verdict == WinVerdict::Win && !g.birth_pending) {
        std::vector<Action> mine;
        for (const auto& step : w.line) {
            if (step.side != g.position.to_move || (!mine.empty() && !step.birth)) break;
            mine.push_back(step.action);
        }
        return mine;
    }
    auto turns = whole_turns(g);
    for (const auto& t : turns) {
        bool safe = !t.after.over() || t.after.winner == g.position.to_move;
        if (safe && !t.after.over()) {
            for (const auto& answer : whole_turns(t.after)) {
                if (answer.after.over() && answer.after.winner != g.position.to_move) safe = false;
            }
        }
        if (safe) return t.actions;
    }
    return turns.front().actions;
}
}  // namespace

void add_azteka_commands(CLI::App& app) {
    auto* group = app.add_subcommand("azteka",
                                     "Azteka, the Circle of Life: positions, fewest pawns, win in N, play.\n"
                                     "Example:  tlaloc azteka show puzzles/azteka/empty.json");
    group->require_subcommand(1);

    auto* show = group->add_subcommand("show",
                                       "Draw a position and say which goals it meets.\n"
                                       "Example:  tlaloc azteka show puzzles/azteka/empty.json");
    static std::string show_file;
    show->add_option("POSITION", show_file, "position JSON file")->required();
    show->callback([] {
        Position pos = load_position(show_file);
        std::cout << draw_circle(pos);
        for (int i = 0; i < pos.profile->sides; ++i) {
            Side side = static_cast<Side>(i);
            if (auto goal = goal_met(pos, side))
                std::cout << side_name(side) << " meets its goal: " << *goal << "\n";
        }
    });

    auto* fewest = group->add_subcommand(
        "fewest",
        "With the opponent passing, the fewest of the mover's pawns on the board when one of its goals\n"
        "is met (ties: fewest turns), proved optimal by Z3 and replayed through the rules engine.\n"
        "With --opponent best: does the mover force a goal within --max-turns of its own turns whatever\n"
        "the others answer (bounded game-tree search; a line of play as evidence).\n"
        "Example:  tlaloc azteka fewest puzzles/azteka/empty-death.json --max-turns 4 --json\n"
        "Example:  tlaloc azteka fewest puzzles/azteka/death-threat.json --opponent best --max-turns 2");
    static std::string fewest_file;
    static int max_turns = 12;
    static bool as_json = false;
    fewest->add_option("POSITION", fewest_file, "position JSON file")->required();
    fewest->add_option("--max-turns", max_turns, "most turns of the mover to consider (1-40)")
        ->capture_default_str()
        ->check(CLI::Range(1, 40));
    fewest->add_flag("--json", as_json, "print the answer as JSON");
    static unsigned timeout = 60;
    fewest
        ->add_option("--timeout", timeout,
                     "seconds the Z3 search may take (0: no limit); out of time: one line on stderr, exit 3")
        ->capture_default_str()
        ->check(CLI::Range(0u, 86400u));
    static std::string opponent = "passive";
    fewest->add_option("--opponent", opponent, "passive (passes every turn) or best (answers)")
        ->check(CLI::IsMember({"passive", "best"}))
        ->capture_default_str();
    fewest->callback([] {
        Position pos = load_position(fewest_file);
        if (opponent == "best") {
            WinResult w = win_in(pos, max_turns);
            Json out = {{"win", w.verdict == WinVerdict::Win     ? Json(true)
                                : w.verdict == WinVerdict::NoWin ? Json(false)
                                                                 : Json(nullptr)},
                        {"within", max_turns},
                        {"searched_turns", w.nodes}};
            if (w.verdict == WinVerdict::Win) {
                out["turns"] = w.turns;
                out["goal"] = w.goal;
                out["line"] = line_to_json(w.line);
            } else {
                out["reason"] = w.reason;
            }
            if (as_json) {
                std::cout << out.dump() << "\n";
            } else if (w.verdict == WinVerdict::Win) {
                std::cout << side_name(pos.to_move) << " forces its goal (" << w.goal << ") in " << w.turns
                          << " of its turns; a line against the most stubborn answers:\n";
                for (const auto& step : w.line) {
                    std::cout << "  " << side_name(step.side) << ": " << describe(step.action)
                              << (step.birth ? "  (Birth)" : "") << "\n";
                }
            } else {
                std::cout << (w.verdict == WinVerdict::NoWin ? "no forced win: " : "undecided: ") << w.reason
                          << "\n";
            }
            return;
        }
        FewestResult r;
        try {
            r = fewest_pawns(pos, max_turns, timeout);
        } catch (solver::SearchLimitReached& e) {
            e.set_context(fewest_file, timeout);
            throw;
        }
        if (as_json) {
            Json out;
            if (r.found) {
                out = {
                    {"pawns", r.pawns}, {"turns", r.turns}, {"goal", r.goal}, {"plan", plan_to_json(r.plan)}};
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
        for (const auto& step : r.plan)
            std::cout << "  " << describe(step.action) << (step.birth ? "  (Birth)" : "") << "\n";
    });

    auto* play = group->add_subcommand(
        "play",
        "Play a round in the terminal: each line of input is one action (place RING SECTOR, turn RING,\n"
        "turn2 RING in the aggressive variant, skip to decline Birth's extra pawn, moves, quit).\n"
        "End of input ends the round. Sides are human by default; any may be the solver.\n"
        "Example:  printf 'place 0 0\\nplace 1 1\\nquit\\n' | tlaloc azteka play --death solver");
    static std::string play_file, life_player = "human", death_player = "human", mummy_player = "human";
    static std::string play_variant = "standard";
    play->add_option("POSITION", play_file, "start position JSON file (default: empty board)");
    play->add_option("--variant", play_variant, "standard, aggressive or three-player (empty board only)")
        ->check(CLI::IsMember(profile_names()))
        ->capture_default_str();
    for (auto* opt : {play->add_option("--life", life_player, "human or solver"),
                      play->add_option("--death", death_player, "human or solver"),
                      play->add_option("--mummies", mummy_player, "human or solver (three-player)")}) {
        opt->check(CLI::IsMember({"human", "solver"}))->capture_default_str();
    }
    play->callback([] {
        Position start = play_file.empty() ? Position(profile_named(play_variant)) : load_position(play_file);
        Game g = start_game(start);
        auto is_solver = [&](Side s) {
            const std::string& who = s == Side::Life    ? life_player
                                     : s == Side::Death ? death_player
                                                        : mummy_player;
            return who == "solver";
        };
        std::string line;
        while (!g.over()) {
            std::cout << "\n" << draw_circle(g.position);
            Side me = g.position.to_move;
            if (is_solver(me)) {
                for (const Action& a : solver_turn(g)) {
                    std::cout << side_name(me) << " (solver): " << describe(a) << "\n";
                    apply(g, a);
                }
                continue;
            }
            std::cout << side_name(me) << (g.birth_pending ? " (Birth: place again or skip)" : "")
                      << (g.last_turns_left > 0 ? " (last turn: ring turns only)" : "") << "> " << std::flush;
            if (!std::getline(std::cin, line)) {
                std::cout << "\ninput ended; the round is abandoned\n";
                return;
            }
            if (line == "quit") {
                std::cout << "round abandoned\n";
                return;
            }
            if (line == "moves" || line == "help") {
                for (const auto& a : legal_actions(g)) std::cout << describe(a) << "; ";
                std::cout << "\n";
                continue;
            }
            auto action = parse_action_words(line);
            if (!action || !is_legal(g, *action)) {
                std::cout << "not a legal action here: '" << line << "' (type moves for the list)\n";
                continue;
            }
            Effects fx = apply(g, *action);
            if (!fx.disintegrated.empty())
                std::cout << fx.disintegrated.size() << " Life pawn(s) disintegrated\n";
        }
        std::cout << "\n" << draw_circle(g.position);
        if (g.winner) {
            std::cout << side_name(*g.winner) << " wins the round (" << g.winning_goal << ") with "
                      << g.position.pawns_on_board(*g.winner) << " pawns on the board\n";
        } else {
            std::cout << "the round is drawn\n";
        }
    });
}

}  // namespace tlaloc::cli
