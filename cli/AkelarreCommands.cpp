// `tlaloc akelarre ...`: check a meld, find the best play of a turn, play and replay whole games.
#include <algorithm>
#include <iostream>
#include <memory>

#include "cli/BalanceCommand.h"
#include "cli/Commands.h"
#include "cli/LineReader.h"
#include "cli/Timeout.h"
#include "model/akelarre/GameJson.h"
#include "model/akelarre/Meld.h"
#include "model/common/Json.h"
#include "model/common/Text.h"
#include "puzzles/akelarre/GameLog.h"
#include "solver/akelarre/TurnSearch.h"
#include "solver/common/SearchLimit.h"

namespace tlaloc::cli {

using namespace akelarre;

namespace {

struct CheckOptions {
    std::vector<std::string> cards;
    bool json = false;
};

Json meld_json(const MeldReading& r) {
    Json j;
    j["meld"] = r.valid;
    if (!r.valid) {
        j["why_not"] = r.why_not;
        return j;
    }
    j["kind"] = r.kind == MeldKind::Set ? "set" : "run";
    if (r.kind == MeldKind::Set) {
        j["value"] = r.value ? Json(r.value) : Json(nullptr);
    } else {
        j["family"] = std::string(1, family_letter(r.family));
        Json w = Json::array();
        for (auto [low, high] : r.windows) w.push_back({low, high});
        j["values"] = w;
    }
    Json jokers = Json::object();
    for (const auto& jr : r.jokers) {
        Json options = Json::array();
        for (int v : jr.stands_for) options.push_back(to_string(Card{jr.joker.family, v}));
        jokers[to_string(jr.joker)] = options;
    }
    j["jokers"] = jokers;
    return j;
}

void run_check(const CheckOptions& opt) {
    std::vector<Card> cards;
    std::vector<PlacedCard> placed;
    for (std::size_t i = 0; i < opt.cards.size(); ++i) {
        std::string place = "card " + std::to_string(i + 1);
        cards.push_back(parse_card(opt.cards[i], "command line", place));
        placed.push_back({cards.back(), place});
    }
    check_deck_counts(placed, "command line", "among the cards given");
    MeldReading r = read_meld(cards);
    std::cout << (opt.json ? json_text(meld_json(r)) : describe(r)) << "\n";
    if (!r.valid) set_exit_code(kExitFalseClaim);
}

void add_check(CLI::App& group) {
    auto opt = std::make_shared<CheckOptions>();
    auto* check = group.add_subcommand(
        "check",
        "Whether the cards form a set or a run (and what the jokers stand for), or why not.\n"
        "Cards: family F G D N W + value 2-6 or J. Exit 0 = a meld, 1 = not a meld, 2 = bad card.\n"
        "Example: tlaloc akelarre check F5 D5 W5 GJ");
    check->add_option("CARDS", opt->cards, "the cards, e.g. F3 F4 FJ")->required();
    check->add_flag("--json", opt->json, "print one JSON object");
    check->callback([opt] { run_check(*opt); });
}

struct BestOptions {
    std::string file;
    bool json = false;
    int steps = 0;
    unsigned timeout = 60;
};

std::string cards_text(const std::vector<Card>& cards) {
    std::string s;
    for (const Card& c : cards) s += (s.empty() ? "" : " ") + to_string(c);
    return s.empty() ? "-" : s;
}

void run_best(const BestOptions& opt) {
    TurnPosition turn = load_turn(opt.file);
    TurnSearchResult best;
    try {
        best = search_best_play(turn, opt.steps, opt.timeout);
    } catch (solver::SearchLimitReached& e) {
        e.set_context(opt.file, opt.timeout);
        throw;
    }
    const TurnOutcome& o = best.outcome;
    if (opt.json) {
        Json j = outcome_to_json(turn, o);
        j["proved"] = true;
        j["steps"] = best.steps;
        std::cout << json_text(j) << "\n";
        return;
    }
    std::cout << "played " << o.played << " of " << turn.hand.size() << " hand cards, " << o.points
              << " points captured for " << turn.me << " in " << o.moves.size()
              << " moves   (each optimal in turn: proved by an exact search over " << best.states
              << " states, "
              << (best.steps ? "plays of up to " + std::to_string(best.steps) + " moves" : "every play")
              << ")\n";
    std::cout << "moves:\n";
    for (const Move& m : o.moves) std::cout << "  " << to_string(m, turn.places) << "\n";
    for (const auto& c : o.captured)
        std::cout << "captured on place " << c.place << " (" << c.owner << "): " << cards_text(c.cards)
                  << "; mine " << cards_text(c.mine) << " = " << c.points_for_me << " points\n";
    std::cout << "melds after:\n";
    for (const auto& p : o.places_after)
        if (!p.free())
            std::cout << "  place " << p.id << " (" << p.owner << "): " << cards_text(p.cards) << "   "
                      << describe(read_meld(p.cards)) << "\n";
    std::cout << "hand left: " << cards_text(o.hand_left) << "\n";
}

void add_best(CLI::App& group) {
    auto opt = std::make_shared<BestOptions>();
    auto* best = group.add_subcommand(
        "best",
        "The play that puts the most hand cards onto the table this turn (ties: the most points captured\n"
        "for \"me\", then the fewest moves) over every legal play, found by an exact search and replayed\n"
        "through the rules engine. TURN.json format: docs/akelarre.md.\n"
        "Example: tlaloc akelarre best puzzles/akelarre/carlo.json --json");
    best->add_option("TURN", opt->file, "the turn: hand, table, free_places, favourite")->required();
    best->add_flag("--json", opt->json,
                   "print one JSON object: played, points, melds, hand, captured, moves");
    best->add_option("--steps", opt->steps,
                     "optional bound: the best among plays of at most this many moves (default: no bound)")
        ->check(CLI::Range(1, 40));
    best->add_option("--timeout", opt->timeout,
                     "seconds the search may take (0: no limit); out of time: one line on stderr, exit 3")
        ->capture_default_str()
        ->check(CLI::Range(0u, 86400u));
    best->callback([opt] { run_best(*opt); });
}

struct PlayOptions {
    int players = 2;
    bool teams = false;
    std::int64_t seed = 1;
    std::string bots = "best,random";  // comma-separated
    std::string log;
    bool json = false;
    unsigned timeout = 600;
    std::size_t best_states = kBestBotStates;
};

std::vector<Bot> seat_bots(const PlayOptions& opt) {
    // An empty name ("", "random," or "random,,best") is refused, not dropped.
    std::vector<std::string> names = split(opt.bots, ',');
    for (const std::string& name : names)
        if (name.empty()) throw CLI::ValidationError("--bots", "an empty bot name in \"" + opt.bots + "\"");
    const std::size_t given = names.size();
    if (names.size() == 1) names.assign(static_cast<std::size_t>(opt.players), names.front());
    if (names.size() == 2 && opt.players != 2)  // the default: best and random in turn
        for (int p = 2; p < opt.players; ++p) names.push_back(names[static_cast<std::size_t>(p % 2)]);
    if (static_cast<int>(names.size()) != opt.players)
        throw CLI::ValidationError("--bots", "names " + std::to_string(given) + " bots for " +
                                                 std::to_string(opt.players) +
                                                 " players (one, or one per player)");
    std::vector<Bot> bots;
    for (const std::string& name : names) {
        auto bot = parse_bot(name);
        if (!bot)
            throw CLI::ValidationError("--bots", "unknown bot \"" + name + "\" (bots: random, best, human)");
        bots.push_back(*bot);
    }
    return bots;
}

GameSetup game_setup(const PlayOptions& opt) {
    GameSetup setup;
    for (int p = 1; p <= opt.players; ++p) setup.players.push_back("P" + std::to_string(p));
    if (opt.teams) {
        if (opt.players != 4)
            throw CLI::ValidationError("--teams", "teams are for 4 players (P1+P3 against P2+P4)");
        setup.teams = {0, 1, 0, 1};
    }
    setup.seed = static_cast<std::uint64_t>(opt.seed);
    setup.first_player = seeded_first_player(setup.seed, opt.players);
    return setup;
}

// One line per turn: the player on turn (who acts first in every turn) and what they did; an owner
// choosing cards of a meld completed on their place is named in brackets. A best bot's play that its
// state limit cut short is marked.
void print_turns(const PlayedGame& game) {
    std::string line, mover;
    int turns = 0;
    std::size_t next_unproved = 0;
    std::string note;
    for (std::size_t i = 0; i < game.actions.size(); ++i) {
        const LoggedAction& a = game.actions[i];
        if (line.empty()) {
            mover = a.player;
            line = "turn " + std::to_string(++turns) + ", " + mover + ":";
        }
        if (next_unproved < game.unproved_plays.size() && game.unproved_plays[next_unproved] == i) {
            ++next_unproved;
            note = "   (its play: the best found within the " + std::to_string(game.best_bot_states) +
                   "-state limit, not proved best)";
        }
        line += (a.player == mover ? " " : " [" + a.player + "] ") + describe(a.action) + ";";
        if (std::holds_alternative<EndTurn>(a.action)) {
            line.pop_back();
            std::cout << line << note << "\n";
            line.clear();
            note.clear();
        }
    }
}

// The most points win; two or more sharing the most make a draw (for teams, the team totals).
void print_result(const PlayedGame& game) {
    const auto& players = game.final_state.players;
    const bool teams = !game.team_totals.empty();
    const std::vector<int> totals = teams ? game.team_totals : player_totals(game.scores);
    auto name = [&](std::size_t i) {
        if (!teams) return players[i].name;
        std::string members;
        for (const Player& p : players)
            if (p.team == static_cast<int>(i)) members += (members.empty() ? "" : " and ") + p.name;
        return "team " + std::to_string(i + 1) + " (" + members + ")";
    };
    if (const auto w = winner_of(totals)) {
        std::cout << name(static_cast<std::size_t>(*w)) << " wins with "
                  << totals[static_cast<std::size_t>(*w)] << " points\n";
        return;
    }
    const int most = *std::max_element(totals.begin(), totals.end());
    std::string tied;
    for (std::size_t i = 0; i < totals.size(); ++i)
        if (totals[i] == most) tied += (tied.empty() ? "" : ", ") + name(i);
    std::cout << "a draw: " << tied << " share the most points (" << most << ")\n";
}

void print_scores(const PlayedGame& game) {
    const auto& players = game.final_state.players;
    std::cout << "final scores:\n";
    for (std::size_t p = 0; p < players.size(); ++p) {
        const PlayerScore& sc = game.scores[p];
        std::cout << "  " << players[p].name << " (" << to_string(game.bots[p]) << ", favourite "
                  << family_name(players[p].favourite) << "): " << sc.points
                  << (sc.points == 1 ? " point" : " points") << " from " << sc.cards
                  << (sc.cards == 1 ? " card" : " cards") << (sc.most_cards ? " + 8 for the most cards" : "")
                  << " = " << sc.total;
        if (players[p].team >= 0) std::cout << "   (team " << players[p].team + 1 << ")";
        std::cout << "\n";
    }
    for (std::size_t t = 0; t < game.team_totals.size(); ++t)
        std::cout << "  team " << t + 1 << ": " << game.team_totals[t] << "\n";
    print_result(game);
}

// What a human seat sees: its own hand, favourite and points pile, the table, the piles.
void show_table(const GameState& s, const std::string& me) {
    for (const Player& p : s.players)
        if (p.name == me)
            std::cout << me << ", favourite " << family_name(p.favourite) << "; hand: " << cards_text(p.hand)
                      << "; points pile: " << cards_text(p.points_pile) << "\n";
    for (std::size_t i = 0; i < s.places.size(); ++i) {
        const MeetingPlace& p = s.places[i];
        std::cout << "  place " << i << " (" << p.owner << "): "
                  << (p.free() ? std::string("free")
                               : cards_text(p.cards) + "   " + describe(read_meld(p.cards)))
                  << "\n";
    }
    std::cout << "  deck: " << s.deck.size() << " cards; discard piles:";
    for (Family f : kAllFamilies) {
        const auto& pile = s.discards[static_cast<std::size_t>(f)];
        std::cout << " " << family_letter(f) << " " << pile.size()
                  << (pile.empty() ? "" : " (top " + to_string(pile.back()) + ")");
    }
    std::cout << "\n";
}

std::string prompt_of(const GameState& s, const std::string& who) {
    switch (s.phase) {
        case Phase::OwnerChooses:
            return who + ", keep 2 of " + cards_text(s.pending->cards) + "> ";
        case Phase::Play:
            return who + ", play, take, discard or end> ";
        case Phase::Draw:
            return who + ", draw: deck or draw FAMILY> ";
        case Phase::Buy:
            return who + ", buy 5 cards or done> ";
        case Phase::Over:
            break;
    }
    return who + "> ";
}

// A human seat: one short command per line (action_words_help); what the rules refuse is answered
// and asked again. nullopt when the person quits or the input ends.
std::optional<GameAction> human_action(const Game& game, LineReader& input, const solver::Deadline& deadline,
                                       bool& shown) {
    const GameState& s = game.state();
    const std::string who = acting_player(s);
    for (;;) {
        if (!shown) show_table(s, who);
        shown = true;
        std::cout << prompt_of(s, who) << std::flush;
        const auto line = input.next(deadline, "a human seat's answer (" + who + ") was awaited");
        if (!line) {
            std::cout << "\ninput ended; the game is abandoned\n";
            return std::nullopt;
        }
        if (*line == "quit") {
            std::cout << "game abandoned\n";
            return std::nullopt;
        }
        if (*line == "show" || *line == "help") {
            if (*line == "help") std::cout << action_words_help();
            shown = *line == "help";
            continue;
        }
        const std::optional<GameAction> action = parse_action_words(*line);
        if (!action) {
            std::cout << "not a command: '" << *line << "' (type help)\n";
            continue;
        }
        if (auto why = game.why_illegal(*action)) {
            std::cout << "not legal: " << *why << "\n";
            continue;
        }
        shown = false;
        return action;
    }
}

void run_play(const PlayOptions& opt) {
    const std::vector<Bot> bots = seat_bots(opt);
    const GameSetup setup = game_setup(opt);
    const solver::Deadline deadline(opt.timeout);
    LineReader input;
    bool shown = false;
    const HumanAction human = [&](const Game& g) { return human_action(g, input, deadline, shown); };
    // With a person at the table, the other seats' actions are shown as they happen.
    const bool people = std::find(bots.begin(), bots.end(), Bot::Human) != bots.end();
    const ActionObserver show_others = [&](const GameState& s, const LoggedAction& a) {
        for (std::size_t i = 0; i < s.players.size(); ++i)
            if (s.players[i].name == a.player && bots[i] != Bot::Human)
                std::cout << a.player << " " << describe(a.action) << "\n";
    };
    const PlayedGame game = naming("akelarre play", opt.timeout, [&] {
        return play_game(setup, bots, deadline, people ? show_others : nullptr, opt.best_states, human);
    });
    if (game.abandoned) return;
    const std::string log = game_log_text(game);
    if (!opt.log.empty()) write_file_atomically(opt.log, log);
    if (opt.json) {
        std::cout << log;
        return;
    }
    std::cout << "Akelarre, seed " << setup.seed << ", " << setup.players.size() << " players"
              << (opt.teams ? " in two teams" : "") << "; "
              << setup.players[static_cast<std::size_t>(setup.first_player)]
              << " begins (drawn from the seed)\n";
    print_turns(game);
    print_scores(game);
}

void add_play(CLI::App& group) {
    auto opt = std::make_shared<PlayOptions>();
    auto* cmd = group.add_subcommand(
        "play",
        "Plays a whole game between bots (random: random legal actions; best: the best play of each\n"
        "turn by the exact search, or the best it found within --best-states) or people (human: one\n"
        "short command per input line, e.g. 'play F3 2', 'deck', 'done'; 'help' lists them) and prints\n"
        "every turn, the final scores and the winner. The seed deals and draws the first player.\n"
        "Example: tlaloc akelarre play --players 4 --teams --seed 7 --bots best,random --log game.jsonl\n"
        "Example: tlaloc akelarre play --players 2 --bots human,best --seed 3");
    cmd->add_option("--players", opt->players, "2, 3 or 4 players (named P1, P2, ...)")
        ->capture_default_str()
        ->check(CLI::Range(2, 4));
    cmd->add_flag("--teams", opt->teams, "the 4-player team game: P1 and P3 against P2 and P4");
    cmd->add_option("--seed", opt->seed, "the deal and the bots' choices (0 to 2^53 - 1)")
        ->capture_default_str()
        ->check(CLI::Range(std::int64_t{0}, kMaxExactJsonInteger));
    cmd->add_option("--bots", opt->bots,
                    "random, best or human: one for every seat, or one per seat, or two taking turns "
                    "(default: best,random)");
    cmd->add_option("--log", opt->log, "write the game as JSON lines to this file (replay checks it)")
        ->check(output_path());
    cmd->add_flag("--json", opt->json, "print the JSON lines log instead of the text");
    cmd->add_option("--best-states", opt->best_states,
                    "a best bot's search meets at most this many states a turn, then plays the best play "
                    "it has found (0: no limit, every play proved best)")
        ->capture_default_str()
        ->check(CLI::Range(std::size_t{0}, std::size_t{1} << 40));
    add_timeout(*cmd, opt->timeout);
    cmd->callback([opt] { run_play(*opt); });
}

void run_replay(const std::string& file) {
    const GameReplay r = replay_game_log(file, read_json_input_file(file));
    if (r.wrong) {
        std::cout << *r.wrong << "\n";
        set_exit_code(kExitFalseClaim);
        return;
    }
    std::cout << file << ": a legal game of " << r.players << " players in " << r.actions
              << " actions; the recorded scores and result are right (" << r.result << ")\n";
}

void add_replay(CLI::App& group) {
    auto file = std::make_shared<std::string>();
    auto* cmd = group.add_subcommand(
        "replay",
        "Re-checks a game log from 'akelarre play --log': the deal, every action against the rules, the\n"
        "final scores recomputed. Exit 0: all right; 1: the first wrong step; 2: not a game log.\n"
        "Example: tlaloc akelarre replay game.jsonl");
    cmd->add_option("LOG", *file, "the JSON lines game log")->required();
    cmd->callback([file] { run_replay(*file); });
}

}  // namespace

void add_akelarre_commands(CLI::App& app) {
    auto* akelarre =
        app.add_subcommand("akelarre",
                           "Akelarre: melds of creature cards, best play of a turn, whole games.\n"
                           "Example: tlaloc akelarre check F3 F4 FJ");
    akelarre->require_subcommand(1);
    add_check(*akelarre);
    add_best(*akelarre);
    add_play(*akelarre);
    add_replay(*akelarre);
    add_balance_command(*akelarre, "akelarre", "akelarre");
}

}  // namespace tlaloc::cli
