// `tlaloc akelarre ...`: check a meld, find the best play of a turn, play and replay whole games.
#include <algorithm>
#include <iostream>
#include <memory>
#include <optional>

#include "cli/BalanceCommand.h"
#include "cli/Commands.h"
#include "cli/LineReader.h"
#include "cli/ReplayShow.h"
#include "cli/Timeout.h"
#include "model/akelarre/GameJson.h"
#include "model/akelarre/Meld.h"
#include "model/common/Json.h"
#include "model/common/Text.h"
#include "puzzles/akelarre/GamePlay.h"
#include "puzzles/common/Bots.h"
#include "session/GameLog.h"
#include "session/akelarre/AkelarreEngine.h"
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

// `akelarre best`: the turn in a TURN.json file, or typed on the command line (--hand, --table, --free,
// --me, --favourite).
struct BestOptions {
    std::string file;
    std::string hand, free, me, favourite;
    std::vector<std::string> tables;  // OWNER:CARDS, one per meld, in place order
    std::vector<std::string> typed;   // the options of the typed turn given, as named on the command line
    bool json = false;
    int steps = 0;
    unsigned timeout = 60;
};

std::string cards_text(const std::vector<Card>& cards) {
    std::string s;
    for (const Card& c : cards) s += (s.empty() ? "" : " ") + to_string(c);
    return s.empty() ? "-" : s;
}

// The words of a card list ("F2 F3  GJ"), blanks of any length between them.
std::vector<std::string> words(const std::string& text) {
    std::vector<std::string> out;
    std::string word;
    for (char c : text + ' ') {
        if (c == ' ' || c == '\t') {
            if (!word.empty()) out.push_back(word);
            word.clear();
        } else {
            word += c;
        }
    }
    return out;
}

Json cards_json(const std::string& text) {
    Json cards = Json::array();
    for (const std::string& w : words(text)) cards.push_back(w);
    return cards;
}

// The number in "--free 2", or nullopt when the text is a list of owners.
std::optional<long long> free_count(const std::string& text) {
    const std::string t = trim_blanks(text);
    if (t.empty() || !std::all_of(t.begin(), t.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return std::nullopt;
    if (t.size() > 9) throw InputError("--free", "\"" + t + "\"", "not a number of free places (too large)");
    return std::stoll(t);
}

// The typed turn as the TURN.json it stands for, its table's places numbered from 0 in the order given.
Json typed_turn_json(const BestOptions& opt) {
    Json table = Json::array();
    for (std::size_t i = 0; i < opt.tables.size(); ++i) {
        const std::string& meld = opt.tables[i];
        const std::size_t colon = meld.find(':');
        if (colon == std::string::npos)
            throw InputError("--table \"" + meld + "\"", "",
                             "a meld is OWNER:CARDS, e.g. \"Anna:F5 D5 W5\" (no ':' found)");
        table.push_back({{"place", i},
                         {"owner", trim_blanks(meld.substr(0, colon))},
                         {"cards", cards_json(meld.substr(colon + 1))}});
    }
    Json j = {{"hand", cards_json(opt.hand)}, {"table", table}, {"favourite", trim_blanks(opt.favourite)}};
    if (const auto n = free_count(opt.free)) {
        j["free_places"] = *n;
    } else {
        Json owners = Json::array();
        for (const std::string& o : split(opt.free, ',')) owners.push_back(trim_blanks(o));
        j["free_places"] = owners;
    }
    if (std::find(opt.typed.begin(), opt.typed.end(), "--me") != opt.typed.end()) j["me"] = opt.me;
    return j;
}

// "table[1].cards[0]" -> 1 and the rest after "table[1]"; nullopt when `path` is not under `key`[i].
std::optional<std::pair<std::size_t, std::string>> item_of(const std::string& path, const std::string& key) {
    if (path.rfind(key + "[", 0) != 0) return std::nullopt;
    const std::size_t close = path.find(']', key.size());
    if (close == std::string::npos) return std::nullopt;
    return std::make_pair(std::stoul(path.substr(key.size() + 1)), path.substr(close + 1));
}

// The option (with what was typed there) and the token a place in the typed turn's JSON stands for.
std::pair<std::string, std::string> typed_place(const BestOptions& opt, const std::string& path) {
    auto card = [](std::size_t i) { return "card " + std::to_string(i + 1); };
    if (auto item = item_of(path, "hand")) return {"--hand \"" + opt.hand + "\"", card(item->first)};
    if (auto item = item_of(path, "table")) {
        const std::string option = "--table \"" + opt.tables.at(item->first) + "\"";
        if (auto c = item_of(item->second, ".cards")) return {option, card(c->first)};
        return {option, item->second == ".owner" ? "the owner" : ""};
    }
    if (auto item = item_of(path, "free_places"))
        return {"--free \"" + opt.free + "\"", "owner " + std::to_string(item->first + 1)};
    if (path == "hand") return {"--hand \"" + opt.hand + "\"", ""};
    if (path == "table") return {"--table", ""};
    if (path == "free_places") return {"--free \"" + opt.free + "\"", ""};
    if (path == "favourite") return {"--favourite \"" + opt.favourite + "\"", ""};
    if (path == "me") return {"--me \"" + opt.me + "\"", ""};
    return {"command line", path};
}

// The typed turn, read by the TURN.json reader, so that it passes the same checks; a check that fails
// names the option and the token instead of the JSON's path.
TurnPosition typed_turn(const BestOptions& opt) {
    if (opt.typed.empty())
        throw CLI::ValidationError("TURN",
                                   "give a TURN.json file, or the turn typed with --hand, --table, "
                                   "--free and --favourite");
    for (const char* needed : {"--hand", "--free", "--favourite"})
        if (std::find(opt.typed.begin(), opt.typed.end(), needed) == opt.typed.end())
            throw CLI::ValidationError(needed,
                                       "missing: the typed turn needs --hand, --free and --favourite");
    const std::string file = "command line";
    const Json json = typed_turn_json(opt);
    try {
        return parse_turn(json, file);
    } catch (const InputError& e) {
        const auto [option, token] = typed_place(opt, e.place());
        const std::string prefix = file + ": " + e.place() + ": ";
        const std::string what = e.what();
        throw InputError(option, token, what.rfind(prefix, 0) == 0 ? what.substr(prefix.size()) : what);
    }
}

void print_play(const TurnPosition& turn, const TurnOutcome& o) {
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

void print_best(const BestOptions& opt, const TurnPosition& turn, const TurnSearchResult& best) {
    const TurnOutcome& o = best.outcome;
    if (opt.json) {
        Json j = outcome_to_json(turn, o);
        j["proved"] = best.proved;
        if (!best.proved) j["bound"] = {{"played", best.bound.played}, {"points", best.bound.points}};
        j["steps"] = best.steps;
        std::cout << json_text(j) << "\n";
        return;
    }
    const std::string figures = "played " + std::to_string(o.played) + " of " +
                                std::to_string(turn.hand.size()) + " hand cards, " +
                                std::to_string(o.points) + " points captured for " + turn.me + " in " +
                                std::to_string(o.moves.size()) + " moves";
    if (best.proved) {
        std::cout << figures << "   (each optimal in turn: proved by an exact search over " << best.states
                  << " states, "
                  << (best.steps ? "plays of up to " + std::to_string(best.steps) + " moves" : "every play")
                  << ")\n";
    } else {
        std::cout << "not proved: best found so far within the " << opt.timeout << " s limit: " << figures
                  << "; bound: at most " << best.bound.played << " hand cards, at most " << best.bound.points
                  << " points"
                  << (best.bound.played == o.played && best.bound.points == o.points
                          ? " (both reached: only the fewest moves is open)"
                          : "")
                  << "\n";
    }
    print_play(turn, o);
}

void run_best(const BestOptions& opt) {
    const bool typed = !opt.typed.empty();
    if (typed && !opt.file.empty())
        throw CLI::ValidationError("TURN",
                                   "a TURN.json file or the turn typed with --hand, --table, --free, "
                                   "--me and --favourite, not both");
    const TurnPosition turn = typed || opt.file.empty() ? typed_turn(opt) : load_turn(opt.file);
    const std::string name = typed ? "the typed turn" : opt.file;
    TurnSearchOptions options;
    options.steps = opt.steps;
    options.answer_out_of_time = true;
    const TurnSearchResult best = search_turn(turn, options, solver::Deadline(opt.timeout));
    print_best(opt, turn, best);
    if (best.out_of_time) {
        std::cout.flush();
        std::cerr << "tlaloc: " << name << ": no answer proved within the " << opt.timeout
                  << " s limit (raise --timeout); the best play found so far is printed\n";
        set_exit_code(kExitTimeout);
    }
}

void add_best(CLI::App& group) {
    auto opt = std::make_shared<BestOptions>();
    auto* best = group.add_subcommand(
        "best",
        "The play that puts the most hand cards onto the table this turn (ties: the most points captured\n"
        "for \"me\", then the fewest moves) over every legal play, found by an exact search and replayed\n"
        "through the rules engine. The turn: a TURN.json file (format: docs/akelarre.md), or typed.\n"
        "Examples: tlaloc akelarre best puzzles/akelarre/carlo.json --json\n"
        "          tlaloc akelarre best --hand \"F2 F3 D2 W2 W6 GJ F4\" --table \"Anna:F5 D5 W5\" --free 2 "
        "--favourite F");
    best->add_option("TURN", opt->file, "the turn: hand, table, free_places, favourite");
    const std::vector<CLI::Option*> typed = {
        best->add_option("--hand", opt->hand, "the typed turn's hand, e.g. \"F2 F3 GJ\""),
        best->add_option(
                "--table", opt->tables,
                "a meld on the table as OWNER:CARDS, e.g. \"Anna:F5 D5 W5\"; once per meld, in place "
                "order (places numbered from 0)")
            ->allow_extra_args(false),
        best->add_option("--free", opt->free,
                         "the free places: their owners (\"me,Anna\") or a number of mine"),
        best->add_option("--me", opt->me, "the player on turn's owner name (default: me)"),
        best->add_option("--favourite", opt->favourite, "my favourite family: F, G, D, N or W")};
    best->add_flag("--json", opt->json,
                   "print one JSON object: played, points, melds, hand, captured, moves, proved (and, "
                   "not proved, bound)");
    best->add_option("--steps", opt->steps,
                     "optional bound: the best among plays of at most this many moves (default: no bound)")
        ->check(CLI::Range(1, 40));
    best->add_option("--timeout", opt->timeout,
                     "seconds the search may take (0: no limit); out of time: the best play found so far, "
                     "marked not proved with the bound still open, exit 3")
        ->capture_default_str()
        ->check(CLI::Range(0u, 86400u));
    best->callback([opt, typed] {
        for (const CLI::Option* o : typed)
            if (o->count() > 0) opt->typed.push_back(o->get_name());
        run_best(*opt);
    });
}

struct PlayOptions {
    int players = 2;
    bool teams = false;
    std::int64_t seed = 1;
    std::string bots = "greedy,random";  // comma-separated
    std::string log;
    bool json = false;
    unsigned timeout = 600;
    std::size_t best_states = kBestBotStates;
};

// One seat per player: one name for every seat, one per seat, or two taking turns.
std::vector<std::string> seat_names(const PlayOptions& opt) {
    std::vector<std::string> seats;
    for (BotName bot : read_bots(opt.bots, {BotName::Random, BotName::Greedy, BotName::Best, BotName::Human},
                                 "--bots", std::cerr))
        seats.push_back(to_string(bot));
    const std::size_t given = seats.size();
    if (seats.size() == 1) seats.assign(static_cast<std::size_t>(opt.players), seats.front());
    if (seats.size() == 2 && opt.players != 2)  // the default: greedy and random in turn
        for (int p = 2; p < opt.players; ++p) seats.push_back(seats[static_cast<std::size_t>(p % 2)]);
    if (static_cast<int>(seats.size()) != opt.players)
        throw CLI::ValidationError("--bots", "names " + std::to_string(given) + " bots for " +
                                                 std::to_string(opt.players) +
                                                 " players (one, or one per player)");
    return seats;
}

// One line per turn: the player on turn (who acts first in every turn) and what they did; an owner
// choosing cards of a meld completed on their place is named in brackets. A play whose search the
// state limit cut short is marked.
class TurnLines {
public:
    explicit TurnLines(std::size_t best_states) : best_states_(best_states) {}
    // One action (a whole play or one step) of `player`, with the engine after it.
    void add(int player, const std::string& action, const session::Engine& after) {
        const auto& game = dynamic_cast<const session::AkelarreEngine&>(after);
        const std::string who = game.player_name(player);
        if (game.unproved_plays() > unproved_) {
            unproved_ = game.unproved_plays();
            note_ = "   (its play: the best found within the " + std::to_string(best_states_) +
                    "-state limit, not proved best)";
        }
        for (const std::string& step :
             session::action_steps(action).value_or(std::vector<std::string>{action})) {
            if (line_.empty()) {
                mover_ = who;
                line_ = "turn " + std::to_string(++turns_) + ", " + mover_ + ":";
            }
            const GameAction a = parse_action(JsonPlace(Json::parse(step), "action"), game.players());
            line_ += (who == mover_ ? " " : " [" + who + "] ") + describe(a) + ";";
            if (std::holds_alternative<EndTurn>(a)) {
                line_.pop_back();
                text_ += line_ + note_ + "\n";
                line_.clear();
                note_.clear();
            }
        }
    }
    const std::string& text() const { return text_; }

private:
    std::size_t best_states_;
    int unproved_ = 0, turns_ = 0;
    std::string line_, mover_, note_, text_;
};

// The most points win; two or more sharing the most make a draw (for teams, the team totals).
void print_result(const std::vector<Player>& players, const std::vector<int>& totals, bool teams) {
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

void print_scores(const GameState& end, const std::vector<std::string>& seats) {
    const auto& players = end.players;
    const std::vector<PlayerScore> scores = final_scores(players);
    const std::vector<int> teams = team_totals(players, scores);
    std::cout << "final scores:\n";
    for (std::size_t p = 0; p < players.size(); ++p) {
        const PlayerScore& sc = scores[p];
        std::cout << "  " << players[p].name << " (" << seats[p] << ", favourite "
                  << family_name(players[p].favourite) << "): " << sc.points
                  << (sc.points == 1 ? " point" : " points") << " from " << sc.cards
                  << (sc.cards == 1 ? " card" : " cards") << (sc.most_cards ? " + 8 for the most cards" : "")
                  << " = " << sc.total;
        if (players[p].team >= 0) std::cout << "   (team " << players[p].team + 1 << ")";
        std::cout << "\n";
    }
    for (std::size_t t = 0; t < teams.size(); ++t)
        std::cout << "  team " << t + 1 << ": " << teams[t] << "\n";
    print_result(players, teams.empty() ? player_totals(scores) : teams, !teams.empty());
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
std::optional<std::string> human_action(const Game& game, LineReader& input, const solver::Deadline& deadline,
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
        return action_to_json(*action).dump();
    }
}

void run_play(const PlayOptions& opt) {
    if (opt.teams && opt.players != 4)
        throw CLI::ValidationError("--teams", "teams are for 4 players (P1+P3 against P2+P4)");
    const std::vector<std::string> seats = seat_names(opt);
    const solver::Deadline deadline(opt.timeout);
    const session::GameLogKind kind = session::akelarre_kind_with({opt.best_states, deadline});
    const session::SeatedGame game{{"akelarre", opt.players, opt.teams ? "teams" : "singles"},
                                   static_cast<std::uint64_t>(opt.seed),
                                   seats,
                                   &kind};
    LineReader input;
    bool shown = false;
    const session::PersonSeat person = [&](const session::Engine& e) {
        return human_action(dynamic_cast<const session::AkelarreEngine&>(e).game(), input, deadline, shown);
    };
    // With a person at the table, the other seats' actions are shown as they happen.
    const bool people = std::find(seats.begin(), seats.end(), "human") != seats.end();
    TurnLines turns(opt.best_states);
    const session::PlayedGame played =
        naming("akelarre play", opt.timeout, [&] {
            return session::play_seated(
                game, person,
                [&](int player, const std::string&, const std::string& action, const session::Engine& after) {
                    turns.add(player, action, after);
                    if (people && seats[static_cast<std::size_t>(player)] != "human")
                        for (const std::string& step :
                             session::action_steps(action).value_or(std::vector<std::string>{action}))
                            std::cout
                                << after.player_name(player) << " "
                                << describe(parse_action(JsonPlace(Json::parse(step), "action"), opt.players))
                                << "\n";
                },
                deadline);
        });
    if (played.abandoned) return;
    if (!opt.log.empty()) write_file_atomically(opt.log, played.log);
    if (opt.json) {
        std::cout << played.log;
        return;
    }
    const auto& engine = dynamic_cast<const session::AkelarreEngine&>(*played.engine);
    const GameState& end = engine.game().state();
    std::cout << "Akelarre, seed " << opt.seed << ", " << opt.players << " players"
              << (opt.teams ? " in two teams" : "") << "; " << engine.player_name(engine.first_player())
              << " begins (drawn from the seed)\n"
              << turns.text();
    print_scores(end, seats);
}

void add_play(CLI::App& group) {
    auto opt = std::make_shared<PlayOptions>();
    auto* cmd = group.add_subcommand(
        "play",
        "Plays a whole game between bots (random: random legal actions; greedy: the best play of each\n"
        "turn by the exact search, or the best it found within --best-states; best: greedy's play or a\n"
        "shorter one, whichever leaves it furthest ahead once the next player has played) or people\n"
        "(human: one short command per input line, e.g. 'play F3 2', 'deck', 'done'; 'help' lists them)\n"
        "and prints every turn, the final scores and the winner. The seed deals and draws the first\n"
        "player. Example: tlaloc akelarre play --players 4 --teams --seed 7 --bots greedy,random --log game.jsonl\n"
        "Example: tlaloc akelarre play --players 2 --bots human,greedy --seed 3");
    cmd->add_option("--players", opt->players, "2, 3 or 4 players (named P1, P2, ...)")
        ->capture_default_str()
        ->check(CLI::Range(2, 4));
    cmd->add_flag("--teams", opt->teams, "the 4-player team game: P1 and P3 against P2 and P4");
    cmd->add_option("--seed", opt->seed, "the deal and the bots' choices (0 to 2^53 - 1)")
        ->capture_default_str()
        ->check(CLI::Range(std::int64_t{0}, kMaxExactJsonInteger));
    cmd->add_option("--bots", opt->bots,
                    "random, greedy, best or human: one for every seat, or one per seat, or two taking "
                    "turns (default: greedy,random)");
    cmd->add_option("--log", opt->log, "write the game as JSON lines to this file (replay checks it)")
        ->check(output_path());
    cmd->add_flag("--json", opt->json, "print the JSON lines log instead of the text");
    cmd->add_option("--best-states", opt->best_states,
                    "a greedy or best bot's search of a turn meets at most this many states, then plays "
                    "the best play it has found (0: no limit, every play proved best)")
        ->capture_default_str()
        ->check(CLI::Range(std::size_t{0}, std::size_t{1} << 40));
    add_timeout(*cmd, opt->timeout);
    cmd->callback([opt] { run_play(*opt); });
}

}  // namespace

void add_akelarre_render(CLI::App& group);  // cli/AkelarrePictures.cpp

void add_akelarre_commands(CLI::App& app) {
    auto* akelarre =
        app.add_subcommand("akelarre",
                           "Akelarre: melds of creature cards, best play of a turn, whole games.\n"
                           "Example: tlaloc akelarre check F3 F4 FJ");
    akelarre->require_subcommand(1);
    add_check(*akelarre);
    add_best(*akelarre);
    add_play(*akelarre);
    add_replay_command(
        *akelarre,
        {"akelarre",
         "Re-checks a game log from 'akelarre play --log': the deal, every action against the rules, the\n"
         "final scores recomputed. Exit 0: all right; 1: the first wrong step; 2: not a game log.\n"
         "With --show it first prints every action and the table after it.\n"
         "Example: tlaloc akelarre replay game.jsonl\n"
         "Example: tlaloc akelarre replay game.jsonl --show --step 12"});
    add_akelarre_render(*akelarre);
    add_balance_command(*akelarre, "akelarre", "akelarre");
}

}  // namespace tlaloc::cli
