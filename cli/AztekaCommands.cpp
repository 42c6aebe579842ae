// `tlaloc azteka ...`: show a position, fewest pawns / win in N, and a terminal round.
#include <iostream>
#include <memory>
#include <string>

#include "cli/AztekaMatch.h"
#include "cli/BalanceCommand.h"
#include "cli/Commands.h"
#include "model/azteka/Diagram.h"
#include "model/azteka/Match.h"
#include "model/azteka/Plan.h"
#include "model/azteka/Position.h"
#include "model/azteka/Rules.h"
#include "puzzles/common/Bots.h"
#include "solver/azteka/Fewest.h"
#include "solver/azteka/FewestExact.h"
#include "solver/azteka/WinInN.h"
#include "solver/azteka/WinSearch.h"
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

struct ShowOptions {
    std::string file;
};

void run_show(const ShowOptions& opt) {
    Position pos = load_position(opt.file);
    std::cout << draw_circle(pos);
    for (int i = 0; i < pos.profile->sides; ++i) {
        Side side = static_cast<Side>(i);
        if (auto goal = goal_met(pos, side))
            std::cout << side_name(side) << " meets its goal: " << *goal << "\n";
    }
}

void add_show(CLI::App& group) {
    auto opt = std::make_shared<ShowOptions>();
    auto* show = group.add_subcommand("show",
                                      "Draw a position and say which goals it meets.\n"
                                      "Example:  tlaloc azteka show puzzles/azteka/empty.json");
    show->add_option("POSITION", opt->file, "position JSON file")->required();
    show->callback([opt] { run_show(*opt); });
}

struct FewestOptions {
    std::string file;
    int max_turns = 12;
    bool json = false;
    unsigned timeout = 60;
    std::string opponent = "passive";
};

// --opponent best: an exact AND-OR search for a forced goal, bounded by --timeout.
void run_forced_win(const FewestOptions& opt, const Position& pos) {
    WinResult w;
    try {
        w = win_in_exact(pos, opt.max_turns, opt.timeout);
    } catch (solver::SearchLimitReached& e) {
        e.set_context(opt.file, opt.timeout);
        throw;
    }
    Json out = {{"win", w.verdict == WinVerdict::Win     ? Json(true)
                        : w.verdict == WinVerdict::NoWin ? Json(false)
                                                         : Json(nullptr)},
                {"within", opt.max_turns},
                {"searched_turns", w.nodes}};
    if (w.verdict == WinVerdict::Win) {
        out["turns"] = w.turns;
        out["goal"] = w.goal;
        out["line"] = line_to_json(w.line);
    } else {
        out["reason"] = w.reason;
    }
    if (opt.json) {
        std::cout << json_text(out) << "\n";
    } else if (w.verdict == WinVerdict::Win) {
        std::cout << side_name(pos.to_move) << " forces its goal (" << w.goal << ") in " << w.turns
                  << " of its turns; a line against the most stubborn answers:\n";
        for (const auto& step : w.line) {
            std::cout << "  " << side_name(step.side) << ": " << describe(step.action)
                      << (step.birth ? "  (Birth)" : "") << "\n";
        }
    } else {
        std::cout << (w.verdict == WinVerdict::NoWin ? "no forced win: " : "undecided: ") << w.reason << "\n";
    }
}

void run_fewest(const FewestOptions& opt) {
    Position pos = load_position(opt.file);
    if (opt.opponent == "best") {
        run_forced_win(opt, pos);
        return;
    }
    FewestResult r;
    try {
        r = fewest_pawns_exact(pos, opt.max_turns, opt.timeout);
    } catch (solver::SearchLimitReached& e) {
        e.set_context(opt.file, opt.timeout);
        throw;
    }
    if (opt.json) {
        Json out;
        if (r.found) {
            out = {{"pawns", r.pawns}, {"turns", r.turns}, {"goal", r.goal}, {"plan", plan_to_json(r.plan)}};
        } else {
            out = {{"pawns", nullptr}, {"reason", r.reason}};
        }
        std::cout << json_text(out) << "\n";
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
    std::cout << "the board when the goal is met:\n" << draw_circle(replay_against_passive(pos, r.plan).end);
}

void add_fewest(CLI::App& group) {
    auto opt = std::make_shared<FewestOptions>();
    auto* fewest = group.add_subcommand(
        "fewest",
        "With the opponent passing, the fewest of the mover's pawns on the board when one of its goals\n"
        "is met (ties: fewest turns), proved optimal by exact search over positions and replayed\n"
        "through the rules engine.\n"
        "With --opponent best: does the mover force a goal within --max-turns of its own turns whatever\n"
        "the others answer (AND-OR search with a transposition table; a line of play as evidence).\n"
        "Example:  tlaloc azteka fewest puzzles/azteka/empty-death.json --max-turns 4 --json\n"
        "Example:  tlaloc azteka fewest puzzles/azteka/death-threat.json --opponent best --max-turns 2");
    fewest->add_option("POSITION", opt->file, "position JSON file")->required();
    fewest->add_option("--max-turns", opt->max_turns, "most turns of the mover to consider (1-40)")
        ->capture_default_str()
        ->check(CLI::Range(1, 40));
    fewest->add_flag("--json", opt->json, "print the answer as JSON");
    fewest
        ->add_option("--timeout", opt->timeout,
                     "seconds the search may take (0: no limit); out of time: one line on stderr, exit 3")
        ->capture_default_str()
        ->check(CLI::Range(0u, 86400u));
    fewest->add_option("--opponent", opt->opponent, "passive (passes every turn) or best (answers)")
        ->check(CLI::IsMember({"passive", "best"}))
        ->capture_default_str();
    fewest->callback([opt] { run_fewest(*opt); });
}

struct PlayOptions {
    std::string file;
    std::string variant = "standard";
    std::string life = "human", death = "human", mummies = "human";
    // Azteka's play: a side is a person or the solver's turn ("best", or "greedy": Azteka has one bot
    // of its own; "solver" before).
    bool is_solver(Side s) const {
        const std::string& seat = s == Side::Life ? life : s == Side::Death ? death : mummies;
        const char* option = s == Side::Life ? "--life" : s == Side::Death ? "--death" : "--mummies";
        return read_bot(seat, {BotName::Greedy, BotName::Best, BotName::Human}, option, std::cerr) !=
               BotName::Human;
    }
};

// One line from a human player: false when the round is abandoned (quit or end of input). What the
// rules refuse, and what is not an action at all, gets the same answer and the player types again.
bool human_step(Game& g) {
    std::cout << side_name(g.position.to_move) << (g.birth_pending ? " (Birth: place again or skip)" : "")
              << (g.last_turns_left > 0 ? " (last turn: ring turns only)" : "") << "> " << std::flush;
    std::string line;
    if (!std::getline(std::cin, line)) {
        std::cout << "\ninput ended; the round is abandoned\n";
        return false;
    }
    if (line == "quit") {
        std::cout << "round abandoned\n";
        return false;
    }
    if (line == "moves" || line == "help") {
        for (const auto& a : legal_actions(g)) std::cout << describe(a) << "; ";
        std::cout << "\n";
        return true;
    }
    auto action = parse_action_words(line);
    if (!action || why_illegal(g, *action)) {
        std::cout << "not a legal action here: '" << line << "' (type moves for the list)\n";
        return true;
    }
    Effects fx = apply(g, *action);
    if (!fx.disintegrated.empty()) std::cout << fx.disintegrated.size() << " Life pawn(s) disintegrated\n";
    return true;
}

void run_play(const PlayOptions& opt) {
    for (Side s : {Side::Life, Side::Death, Side::Mummies}) (void)opt.is_solver(s);  // bad names: exit 2 now
    Position start = opt.file.empty() ? Position(profile_named(opt.variant)) : load_position(opt.file);
    Game g = start_game(start);
    int turns = 0;  // whole turns played, every side's: the round is drawn at kRoundTurnLimit
    while (!round_result(g, turns)) {
        std::cout << "\n" << draw_circle(g.position);
        Side me = g.position.to_move;
        if (!opt.is_solver(me)) {
            if (!human_step(g)) return;
        } else {
            for (const Action& a : solver_turn(g)) {
                std::cout << side_name(me) << " (best): " << describe(a) << "\n";
                apply(g, a);
            }
        }
        // A turn is whole once the next side is to move (Birth's extra placement is the same turn).
        if (g.position.to_move != me || g.over()) ++turns;
    }
    std::cout << "\n" << draw_circle(g.position);
    if (g.winner) {
        std::cout << side_name(*g.winner) << " wins the round (" << g.winning_goal << ") with "
                  << g.position.pawns_on_board(*g.winner) << " pawns on the board\n";
    } else if (!g.drawn) {
        std::cout << "the round is drawn: " << kRoundTurnLimit << " whole turns without a goal\n";
    } else {
        std::cout << "the round is drawn\n";
    }
}

void add_play(CLI::App& group) {
    auto opt = std::make_shared<PlayOptions>();
    auto* play = group.add_subcommand(
        "play",
        "Play a round in the terminal: each line of input is one action (place RING SECTOR, turn RING,\n"
        "turn2 RING in the aggressive variant, skip to decline Birth's extra pawn, moves, quit).\n"
        "End of input ends the round. Sides are human by default; any may be the bot best (= greedy).\n"
        "Example:  printf 'place 0 0\\nplace 1 0\\nquit\\n' | tlaloc azteka play --death best");
    auto* position =
        play->add_option("POSITION", opt->file, "start position JSON file (default: empty board)");
    play->add_option("--variant", opt->variant, "standard, aggressive or three-player (empty board only)")
        ->check(CLI::IsMember(profile_names()))
        ->capture_default_str()
        ->excludes(position);  // a position file names its own variant
    for (auto* o : {play->add_option("--life", opt->life, "human or best (= greedy)"),
                    play->add_option("--death", opt->death, "human or best (= greedy)"),
                    play->add_option("--mummies", opt->mummies, "human or best (= greedy; three-player)")}) {
        o->capture_default_str();
    }
    play->callback([opt] { run_play(*opt); });
}

}  // namespace

void add_azteka_render(CLI::App& group);  // cli/AztekaPictures.cpp

void add_azteka_commands(CLI::App& app) {
    auto* group = app.add_subcommand(
        "azteka",
        "Azteka, the Circle of Life: positions, fewest pawns, win in N, play, whole matches.\n"
        "Example:  tlaloc azteka show puzzles/azteka/empty.json");
    group->require_subcommand(1);
    add_show(*group);
    add_azteka_render(*group);
    add_fewest(*group);
    add_play(*group);
    add_azteka_match_commands(*group);
    add_balance_command(*group, "azteka", "azteka");
}

}  // namespace tlaloc::cli
