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
#include "puzzles/azteka/MatchGame.h"
#include "puzzles/common/Bots.h"
#include "session/GameLog.h"
#include "session/azteka/AztekaEngine.h"

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

// A person's action, one per input line as in `azteka play` (moves lists them); nullopt when they
// quit or the input ends. What the rules refuse gets an answer and they type again.
std::optional<std::string> person_action(const session::Engine& engine) {
    const Game& g = dynamic_cast<const session::AztekaEngine&>(engine).round_game();
    if (!g.birth_pending) std::cout << "\n" << draw_circle(g.position);
    for (;;) {
        std::cout << "player " << engine.to_act() + 1 << ", " << side_name(g.position.to_move)
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
            for (const std::string& a : engine.legal_actions()) std::cout << a << "; ";
            std::cout << "\n";
        } else if (engine.unreadable(line) || engine.why_illegal(line)) {
            std::cout << "not a legal action here: '" << line << "' (type moves for the list)\n";
        } else {
            return line;
        }
    }
}

// One line per action (a bot's whole turn, a person's action), and each round's end with its circle.
std::string action_text(const std::vector<std::string>& seats, int player, const std::string& stage,
                        const std::string& action, const session::Engine& after) {
    std::string words;
    for (const std::string& w : session::action_steps(action).value_or(std::vector<std::string>{action}))
        words += (words.empty() ? "" : ", ") + w;
    std::string out = "  " + stage + ": player " + std::to_string(player + 1) + " (" +
                      seats[static_cast<std::size_t>(player)] + ") " + words + "\n";
    const Json settled = after.settled();
    if (!settled.is_object() || !settled.contains("round")) return out;
    const Json& r = settled["round"];
    out += after.describe();
    const std::string round = stage.substr(0, stage.find(','));
    if (r["winner"].is_null()) return out + round + ": drawn after " + r["turns"].dump() + " turns\n";
    return out + round + ": " + r["winner"].get<std::string>() + " (player " + r["player"].dump() +
           ") wins (" + r["goal"].get<std::string>() + ") with " + r["pawns"].dump() +
           " pawns on the board after " + r["turns"].dump() + " turns\n";
}

// A seat's bot (the old names read with a notice): random, greedy (one whole turn ahead), best (three
// whole turns deep) or human.
std::string read_seat(const std::string& option, const std::string& name) {
    return to_string(
        read_bot(name, {BotName::Random, BotName::Greedy, BotName::Best, BotName::Human}, option, std::cerr));
}

void run_match(const MatchOptions& opt) {
    const session::SeatedGame game{
        {"azteka", kMatchPlayers, opt.variant},
        opt.seed,
        {read_seat("--life-bot", opt.life_bot), read_seat("--death-bot", opt.death_bot)}};
    std::string text = "Azteka match" + (opt.variant == "standard" ? "" : " (" + opt.variant + " variant)") +
                       ", seed " + std::to_string(opt.seed) + ": player 1 (" + game.seats[0] +
                       ") against player 2 (" + game.seats[1] + ")\n";
    const session::PlayedGame played = session::play_seated(
        game, person_action,
        [&](int player, const std::string& stage, const std::string& action, const session::Engine& after) {
            text += action_text(game.seats, player, stage, action, after);
        });
    if (played.abandoned) {
        std::cout << text << "the match was abandoned\n";
        return;
    }
    if (!opt.log.empty()) write_file_atomically(opt.log, played.log);
    if (opt.json) {
        std::cout << played.log;
        return;
    }
    const Json end = played.engine->final_account();
    const std::vector<int> won = played.engine->winners();
    std::cout << text
              << (won.empty() ? "the match is drawn ("
                              : "player " + std::to_string(won.front() + 1) + " wins the match (")
              << end["why"].get<std::string>() << ")\n";
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
        ->check(CLI::Range(std::uint64_t{0}, static_cast<std::uint64_t>(kMaxExactJsonInteger)));
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
