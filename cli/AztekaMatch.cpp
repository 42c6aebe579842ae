#include "cli/AztekaMatch.h"
#include "cli/ReplayShow.h"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>

#include "cli/Commands.h"
#include "cli/Timeout.h"
#include "model/azteka/Diagram.h"
#include "model/common/InputError.h"
#include "puzzles/azteka/MatchLog.h"
#include "puzzles/common/Bots.h"

namespace tlaloc::cli {

using namespace tlaloc::azteka;

namespace {

struct MatchOptions {
    std::uint64_t seed = 1;
    std::string life_bot = "best", death_bot = "best";
    std::string variant = "standard";
    std::string log;
    bool json = false;
};

// A person's whole turn, one action per input line as in `azteka play` (moves lists them); nullopt
// when they quit or the input ends. What the rules refuse gets an answer and they type again.
std::optional<std::vector<Action>> human_turn(const Game& start, int player) {
    Game g = start;
    const Side side = g.position.to_move;
    std::vector<Action> actions;
    std::cout << "\n" << draw_circle(g.position);
    while (!g.over() && g.position.to_move == side) {
        std::cout << "player " << player << ", " << side_name(side)
                  << (g.birth_pending ? " (Birth: place again or skip)" : "") << "> " << std::flush;
        std::string line;
        if (!std::getline(std::cin, line)) {
            std::cout << "\ninput ended; the match is abandoned\n";
            return std::nullopt;
        }
        if (line == "quit") {
            std::cout << "match abandoned\n";
            return std::nullopt;
        }
        if (line == "moves" || line == "help") {
            for (const auto& a : legal_actions(g)) std::cout << describe(a) << "; ";
            std::cout << "\n";
            continue;
        }
        auto action = parse_action_words(line);
        if (!action || why_illegal(g, *action)) {
            std::cout << "not a legal action here: '" << line << "' (type moves for the list)\n";
            continue;
        }
        apply(g, *action);
        actions.push_back(*action);
    }
    return actions;
}

std::string seat_name(const Match& m, int player) {
    return "player " + std::to_string(player) + " (" + to_string(m.setup.bots[player - 1]) + ")";
}

void print_match(const Match& m) {
    std::cout << "Azteka match" << (m.setup.variant == "standard" ? "" : " (" + m.setup.variant + " variant)")
              << ", seed " << m.setup.seed << ": " << seat_name(m, 1) << " against " << seat_name(m, 2)
              << "\n";
    for (std::size_t r = 0; r < m.rounds.size(); ++r) {
        const int round = static_cast<int>(r) + 1;
        const MatchRound& played = m.rounds[r];
        std::cout << "round " << round << ": life is player " << player_of(round, Side::Life)
                  << ", death is player " << player_of(round, Side::Death) << "\n";
        for (std::size_t t = 0; t < played.turns.size(); ++t) {
            const MatchTurn& turn = played.turns[t];
            std::cout << "  " << t + 1 << ". " << side_name(turn.side) << ":";
            for (const Action& a : turn.actions) std::cout << " " << describe(a);
            if (!turn.disintegrated.empty())
                std::cout << " (" << turn.disintegrated.size() << " disintegrated)";
            std::cout << "\n";
        }
        if (m.abandoned && r + 1 == m.rounds.size()) break;
        const RoundResult& res = played.result;
        if (!played.turns.empty()) std::cout << draw_circle(played.turns.back().after);
        if (res.winner) {
            std::cout << "round " << round << ": " << side_name(*res.winner) << " (player "
                      << player_of(round, *res.winner) << ") wins (" << res.goal << ") with " << res.pawns
                      << " pawns on the board after " << res.turns << " turns\n";
        } else {
            std::cout << "round " << round << ": drawn after " << res.turns << " turns\n";
        }
    }
    if (m.abandoned) {
        std::cout << "the match was abandoned\n";
        return;
    }
    const MatchVerdict& v = m.verdict;
    if (v.winner)
        std::cout << "player " << *v.winner << " wins the match (" << v.why << ")\n";
    else
        std::cout << "the match is drawn (" << v.why << ")\n";
}

// Azteka's seats: greedy searches the mover's turn, best three whole turns deep.
MatchBot bot_named(const std::string& option, const std::string& name) {
    const BotName bot =
        read_bot(name, {BotName::Random, BotName::Greedy, BotName::Best, BotName::Human}, option, std::cerr);
    return *parse_match_bot(to_string(bot));
}

void run_match(const MatchOptions& opt) {
    MatchSetup setup;
    setup.seed = opt.seed;
    setup.bots = {bot_named("--life-bot", opt.life_bot), bot_named("--death-bot", opt.death_bot)};
    setup.variant = opt.variant;
    const Match m = play_match(setup, human_turn);
    if (!m.abandoned && !opt.log.empty()) write_file_atomically(opt.log, match_log_text(m));
    if (opt.json && !m.abandoned)
        std::cout << match_log_text(m);
    else
        print_match(m);
}

void add_match(CLI::App& group) {
    auto opt = std::make_shared<MatchOptions>();
    auto* cmd = group.add_subcommand(
        "match",
        "Plays a whole match of two rounds: player 1 is Life and player 2 Death, then the roles swap.\n"
        "More rounds won wins; one each: fewer pawns on the board in the winning round wins; else a draw.\n"
        "A human seat reads one action per input line as in 'azteka play'. Same seed, same match.\n"
        "Example: tlaloc azteka match --seed 7 --life-bot best --death-bot random --log match.jsonl\n"
        "Example: tlaloc azteka match --variant aggressive --seed 3 --log match.jsonl");
    cmd->add_option("--seed", opt->seed, "seed for the bots' choices")
        ->capture_default_str()
        ->check(CLI::Range(std::uint64_t{0}, static_cast<std::uint64_t>(kMatchMaxSeed)));
    cmd->add_option("--life-bot", opt->life_bot, "player 1 (Life in round 1): best, greedy, random or human")
        ->capture_default_str();
    cmd->add_option("--death-bot", opt->death_bot,
                    "player 2 (Death in round 1): best, greedy, random or human")
        ->capture_default_str();
    cmd->add_option("--variant", opt->variant,
                    "standard or aggressive (ring turns of two sectors, no abilities)")
        ->capture_default_str()
        ->check(CLI::IsMember(match_variants()));
    cmd->add_option("--log", opt->log, "write the match as JSON lines to this file (replay checks it)")
        ->check(output_path());
    cmd->add_flag("--json", opt->json, "print the JSON lines log instead of the text");
    cmd->callback([opt] { run_match(*opt); });
}

}  // namespace

void add_azteka_match_commands(CLI::App& azteka) {
    add_match(azteka);
    add_replay_command(
        azteka,
        {"azteka",
         "Re-checks a match log from 'azteka match --log': every action against the rules, every board,\n"
         "round result and the verdict recomputed. Exit 0: all right; 1: the first wrong step; 2: not a\n"
         "match log.\n"
         "With --show it first prints every whole turn and the circle after it.\n"
         "Example: tlaloc azteka replay match.jsonl\n"
         "Example: tlaloc azteka replay match.jsonl --show"});
}

}  // namespace tlaloc::cli
