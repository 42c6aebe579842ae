// `tlaloc aztlan play | replay | audit`: whole games of Aztlán by bots (or human seats on stdin),
// their JSON-lines log re-checked by the rules engine, and many seeded games summarised.
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <utility>

#include "cli/BalanceCommand.h"
#include "cli/Commands.h"
#include "cli/LineReader.h"
#include "cli/Progress.h"
#include "cli/ReplayShow.h"
#include "cli/TerminalTable.h"
#include "cli/Timeout.h"
#include "model/common/InputError.h"
#include "model/common/Text.h"
#include "puzzles/aztlan/GameLog.h"
#include "puzzles/common/Bots.h"
#include "session/GameLog.h"
#include "session/aztlan/AztlanEngine.h"
#include "session/aztlan/GameAudit.h"

namespace tlaloc::cli {
namespace {
using namespace tlaloc::aztlan;

std::string player_label(const Game& game, int p) {
    return "player " + std::to_string(p + 1) + " (" + game.sides()[game.side_of(p)].name + ")";
}

void print_age(const Game& game, const AgeRecord& r) {
    const Map& map = game.map();
    std::cout << "age " << r.age << ": cards";
    for (std::size_t p = 0; p < r.cards.size(); ++p) std::cout << " p" << p + 1 << "=" << r.cards[p];
    std::cout << "; pawns taken";
    for (std::size_t s = 0; s < r.taken.size(); ++s)
        std::cout << " " << game.sides()[s].name << "=" << r.taken[s];
    std::cout << "\n";
    for (std::size_t i = 0; i < r.conflicts.conflicts.size(); ++i) {
        const Conflict& c = r.conflicts.conflicts[i];
        std::cout << "  conflict " << map.territories[c.territory].id << ": " << to_string(c.outcome);
        if (c.winner >= 0) std::cout << ", won by " << game.sides()[c.winner].name;
        for (int s : c.removed) std::cout << ", " << game.sides()[s].name << " removed";
        if (!r.drawn[i].empty()) std::cout << ", a card drawn";
        std::cout << "\n";
    }
    for (std::size_t s = 0; s < r.scores.size(); ++s) {
        const PlayerScore& score = r.scores[s];
        int pawns = 0;
        for (int n : r.conflicts.pawns[s]) pawns += n;
        std::cout << "  " << score.name << ": " << pawns << " pawns on the board, " << score.domains.size()
                  << " domain(s), bonus type " << to_string(score.bonus_type) << ", " << score.points
                  << " points\n";
    }
    std::cout << "  VP after the age:";
    for (std::size_t p = 0; p < r.vp.size(); ++p) std::cout << " p" << p + 1 << "=" << r.vp[p];
    std::cout << "\n";
}

void print_end(const Game& game) {
    std::cout << "end of the game (unused power card VP"
              << (game.profile().card_vp_placeholder ? ": placeholder values, the printed ones are not public"
                                                     : "")
              << ")\n";
    int place = 1;
    for (int p : game.ranking()) {
        const FinalScore& f = game.final_scores()[p];
        std::cout << "  " << place++ << ". " << player_label(game, p) << ": " << f.total << " VP ("
                  << f.before << " from the ages + " << f.unused_card << " unused card + " << f.cards_in_hand
                  << " cards in hand + " << f.offerings << " offerings)\n";
    }
}

// In the conflict phase, what the player is asked: which territories they may settle, or which
// conflict awaits their answer and with which card.
std::string conflict_hint(const Game& game, int p) {
    if (game.phase() != Phase::Conflict) return "";
    if (const auto& open = game.open_conflict())
        return " (the conflict in " + game.map().territories[open->territory].id + " awaits your " +
               (open->winner < 0 ? "great-tlatoani" : "sacred-games") + " or an empty play)";
    std::string list;
    for (int t : game.conflicts_to_settle(p))
        list += (list.empty() ? "" : ", ") + game.map().territories[t].id;
    return " (settle one of " + list + ")";
}

const char* const kHumanHelp =
    "  type the number of an action, or words that pick one (\"card 4\", \"place T15\", \"settle T07 coexist\";\n"
    "  words that fit several list them), or: show (the state and the actions again), all (every action),\n"
    "  help, quit. A JSON action as in the log is read too.\n";

std::optional<Action> json_action(const Game& game, const std::string& line) {
    try {
        Json j = parse_json_text(line, "stdin");
        if (!j.is_object()) throw InputError("stdin", "", "an action is a JSON object");
        Action a = parse_action(game, JsonPlace(j, "stdin"));
        if (auto why = game.why_illegal(a)) {
            std::cout << "not legal: " << *why << "\n";
            return std::nullopt;
        }
        return a;
    } catch (const InputError& e) {
        std::cout << "not an action: " << e.what() << "\n";
        return std::nullopt;
    }
}

// A human seat at the terminal: the state as the seat may know it (the others' prosperity cards and
// the power cards being chosen are not shown), then its legal actions in short words, numbered; the
// person answers with a number or the words of one (kHumanHelp). What the rules refuse is asked again.
std::optional<Action> human_action(const Game& game, LineReader& input, const solver::Deadline& deadline) {
    const int p = game.to_act();
    std::vector<std::pair<std::string, Action>> offered;
    for (const Action& a : session::legal_aztlan_actions(game))
        offered.emplace_back(session::short_aztlan_action(game, a), a);
    std::stable_sort(offered.begin(), offered.end(), [](const auto& x, const auto& y) {
        return x.first.size() != y.first.size() ? x.first.size() < y.first.size() : x.first < y.first;
    });
    std::vector<std::string> words;
    for (const auto& [text, action] : offered) words.push_back(text);
    const auto show = [&] {
        std::cout << session::describe_aztlan(game, p) << "your legal actions:\n";
        list_actions(words, 20);
    };
    show();
    for (;;) {
        std::cout << player_label(game, p) << ", " << to_string(game.phase()) << " of age " << game.age()
                  << conflict_hint(game, p) << "> " << std::flush;
        const std::optional<std::string> read =
            input.next(deadline, "the game had reached age " + std::to_string(game.age()) + ", " +
                                     to_string(game.phase()) + " (a human seat's answer was awaited)");
        const std::string line = read ? trim_blanks(*read) : "quit";
        if (!line.empty() && line.front() == '{') {
            if (auto a = json_action(game, line)) return a;
            continue;
        }
        bool quit = false;
        if (auto picked = answer_line(line, words, show, kHumanHelp, quit)) return offered[*picked].second;
        if (quit) {
            std::cout << (read ? "" : "\ninput ended; ") << "the game is abandoned\n";
            return std::nullopt;
        }
    }
}

struct PlayOptions {
    int players = 4;
    std::string profile = kDefaultProfile, bots, log;
    std::int64_t seed = 1;
    unsigned timeout = 600;
};

// Aztlán's seats: "best" is the greedy bot, Aztlán's strongest of its own.
const std::vector<BotName> kPlayBots = {BotName::Random, BotName::Greedy, BotName::Best, BotName::Human};

session::SeatedGame setup_from(const PlayOptions& opt) {
    session::SeatedGame setup{{"aztlan", opt.players, opt.profile}, static_cast<std::uint64_t>(opt.seed), {}};
    if (opt.bots.empty())
        setup.seats.assign(static_cast<std::size_t>(opt.players), "greedy");
    else
        for (BotName bot : read_bots(opt.bots, kPlayBots, "--bots", std::cerr))
            setup.seats.push_back(to_string(bot));
    if (static_cast<int>(setup.seats.size()) != opt.players)
        throw InputError("", "--bots", "name one seat per player (" + std::to_string(opt.players) + ")");
    Json none = Json::object();
    load_named_profile(opt.profile, JsonPlace(none, "--profile"));
    return setup;
}

void run_play(const PlayOptions& opt) {
    const session::SeatedGame setup = setup_from(opt);
    const solver::Deadline deadline(opt.timeout);
    LineReader input;
    const session::PlayedGame played = naming("aztlan play", opt.timeout, [&] {
        return session::play_seated(
            setup,
            [&](const session::Engine& e) -> std::optional<std::string> {
                const auto& engine = dynamic_cast<const session::AztlanEngine&>(e);
                const std::optional<Action> a = human_action(engine.game(), input, deadline);
                return a ? std::optional<std::string>(engine.text(*a)) : std::nullopt;
            },
            nullptr, deadline);
    });
    const Game& game = dynamic_cast<const session::AztlanEngine&>(*played.engine).game();
    for (const AgeRecord& r : game.ages())
        if (!r.scores.empty()) print_age(game, r);
    if (!game.over()) return;
    print_end(game);
    if (!opt.log.empty()) write_file_atomically(opt.log, played.log);
}

void add_play(CLI::App& group) {
    auto opt = std::make_shared<PlayOptions>();
    auto* cmd = group.add_subcommand(
        "play",
        "Plays a whole game (five ages) with bots, or human seats typing one JSON action per line.\n"
        "Same seed, same game.\n"
        "Example:  tlaloc aztlan play --players 3 --profile it --seed 7 --bots greedy,random,random --log game.jsonl");
    cmd->add_option("--players", opt->players, "2, 3 or 4")->check(CLI::Range(2, 4))->capture_default_str();
    cmd->add_option("--profile", opt->profile, "edition profile: de or it")->capture_default_str();
    cmd->add_option("--seed", opt->seed, "game seed (0 .. 2^53 - 1)")
        ->check(CLI::Range(std::int64_t{0}, kMaxGameSeed))
        ->capture_default_str();
    cmd->add_option("--bots", opt->bots,
                    "one seat per player: random, greedy, best (= greedy) or human (default all greedy)")
        ->check(nonempty("list of seats"));
    cmd->add_option("--log", opt->log, "write the game as JSON lines to this file (replay checks it)")
        ->check(output_path());
    add_timeout(*cmd, opt->timeout);
    cmd->callback([opt] { run_play(*opt); });
}

struct AuditCliOptions {
    int games = 100, players = 0;
    std::string profile = kDefaultProfile, bots = "mixed";
    std::int64_t seed = 1;
    bool json = false;
    unsigned timeout = 600;
};

Json rate_json(const Rate& r) {
    return {{"wins", r.hits},
            {"games", r.trials},
            {"rate", r.trials ? double(r.hits) / r.trials : 0.0},
            {"ci95", {r.low, r.high}}};
}

Json distribution_json(const Distribution& d) {
    return {{"mean", d.mean},     {"sd", d.sd},   {"min", d.min}, {"p25", d.p25},
            {"median", d.median}, {"p75", d.p75}, {"max", d.max}};
}

Json audit_json(const AuditCliOptions& opt, const std::vector<PlayerCountAudit>& audits) {
    Json counts = Json::array();
    for (const PlayerCountAudit& a : audits) {
        Json silent = Json::array(), seats = Json::array();
        for (const SilentCount& s : a.silent)
            silent.push_back({{"situation", s.name},
                              {"games", s.games},
                              {"occurrences", s.occurrences},
                              {"seed", s.first_seed >= 0 ? Json(s.first_seed) : Json(nullptr)}});
        for (const Rate& r : a.seat_wins) seats.push_back(rate_json(r));
        counts.push_back({{"players", a.players},
                          {"games", a.games},
                          {"violations", a.violations},
                          {"first_violations", a.first_violations},
                          {"silent", silent},
                          {"seat_wins", seats},
                          {"first_player_wins", rate_json(a.first_player_wins)},
                          {"scores", distribution_json(a.scores)},
                          {"winning_scores", distribution_json(a.winning_scores)}});
    }
    return {{"profile", opt.profile}, {"bots", opt.bots}, {"seed", opt.seed}, {"player_counts", counts}};
}

void print_rate(const std::string& what, const Rate& r) {
    std::printf("  %-28s %5.1f %%  (95 %% CI %5.1f .. %5.1f %%, %d of %d)\n", what.c_str(),
                r.trials ? 100.0 * r.hits / r.trials : 0.0, 100 * r.low, 100 * r.high, r.hits, r.trials);
}

void print_audit(const std::vector<PlayerCountAudit>& audits) {
    for (const PlayerCountAudit& a : audits) {
        std::cout << a.players << " players, " << a.games << " games: " << a.violations
                  << " invariant violation(s)\n";
        for (const auto& v : a.first_violations) std::cout << "  " << v << "\n";
        std::cout << "  situations the rulebooks leave open (games where it occurs):\n";
        for (const SilentCount& s : a.silent) {
            std::cout << "    " << s.name << ": " << s.games << " game(s), " << s.occurrences << " time(s)";
            if (s.first_seed >= 0) std::cout << ", e.g. seed " << s.first_seed;
            std::cout << "\n";
        }
        std::cout << std::flush;
        for (std::size_t p = 0; p < a.seat_wins.size(); ++p)
            print_rate("seat " + std::to_string(p + 1) + " wins", a.seat_wins[p]);
        print_rate("first in age I's order wins", a.first_player_wins);
        std::printf(
            "  final scores: mean %.1f, sd %.1f, min %d, quartiles %d / %d / %d, max %d; winners' mean %.1f\n",
            a.scores.mean, a.scores.sd, a.scores.min, a.scores.p25, a.scores.median, a.scores.p75,
            a.scores.max, a.winning_scores.mean);
        std::fflush(stdout);
    }
}

void run_audit(const AuditCliOptions& opt) {
    AuditOptions options;
    options.games = opt.games;
    options.player_counts = opt.players ? std::vector<int>{opt.players} : std::vector<int>{2, 3, 4};
    options.profile = opt.profile;
    options.seed = static_cast<std::uint64_t>(opt.seed);
    // mixed: each seat random or greedy by the seed.
    const std::optional<BotName> bot = read_bot_or_own(
        opt.bots, {BotName::Random, BotName::Greedy, BotName::Best}, {"mixed"}, "--bots", std::cerr);
    options.bots = bot ? to_string(*bot) : opt.bots;
    options.deadline = solver::Deadline(opt.timeout);
    Json none = Json::object();
    load_named_profile(opt.profile, JsonPlace(none, "--profile"));
    const auto audits = [&] {
        ProgressLine progress("aztlan audit");  // wiped before the report or an error
        options.on_game = [&](std::int64_t done, std::int64_t total) {
            progress.count(done, total, "games");
        };
        return naming("aztlan audit", opt.timeout, [&] { return audit_games(options); });
    }();
    if (opt.json)
        std::cout << json_text(audit_json(opt, audits), 2) << "\n";
    else
        print_audit(audits);
}

void add_audit(CLI::App& group) {
    auto opt = std::make_shared<AuditCliOptions>();
    auto* cmd = group.add_subcommand(
        "audit",
        "Plays N seeded games per player count and reports invariant violations, how often each situation\n"
        "the rulebooks leave open occurs (with a seed), win rates by seat and for the first player with\n"
        "95 % confidence intervals, and final score distributions.\n"
        "Example:  tlaloc aztlan audit --games 1000 --players 4 --profile it --seed 1 --json");
    cmd->add_option("--games", opt->games, "games per player count")
        ->check(CLI::Range(1, 10000000))
        ->capture_default_str();
    cmd->add_option("--players", opt->players, "2, 3 or 4 (default: each)")->check(CLI::Range(2, 4));
    cmd->add_option("--profile", opt->profile, "edition profile: de or it")->capture_default_str();
    cmd->add_option("--seed", opt->seed, "seed of the first game (game i uses seed + i)")
        ->check(CLI::Range(std::int64_t{0}, kMaxGameSeed - 10000000))
        ->capture_default_str();
    cmd->add_option("--bots", opt->bots,
                    "mixed (each seat random or greedy by the seed), random, greedy or best (= greedy)")
        ->capture_default_str();
    cmd->add_flag("--json", opt->json, "print JSON");
    add_timeout(*cmd, opt->timeout);
    cmd->callback([opt] { run_audit(*opt); });
}
}  // namespace

void add_aztlan_game_commands(CLI::App& group) {
    add_play(group);
    add_replay_command(
        group,
        {"aztlan",
         "Re-checks a game log from 'aztlan play --log': every action against the rules, every age's\n"
         "results and the final scores recomputed. Exit 0: all right; 1: the first wrong step; 2: not a log.\n"
         "With --show it first prints every action and the state after it.\n"
         "Example:  tlaloc aztlan replay game.jsonl\n"
         "Example:  tlaloc aztlan replay game.jsonl --show"});
    add_audit(group);
    add_balance_command(group, "aztlan", "aztlan");
}

}  // namespace tlaloc::cli
