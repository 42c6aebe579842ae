// `tlaloc akelarre ...`: check a meld, find the best play of a turn.
#include <iostream>
#include <memory>

#include "cli/Commands.h"
#include "model/akelarre/Meld.h"
#include "model/common/Json.h"
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
    std::cout << (opt.json ? meld_json(r).dump() : describe(r)) << "\n";
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
        std::cout << j.dump() << "\n";
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

}  // namespace

void add_akelarre_commands(CLI::App& app) {
    auto* akelarre = app.add_subcommand("akelarre",
                                        "Akelarre: melds of creature cards, best play of a turn.\n"
                                        "Example: tlaloc akelarre check F3 F4 FJ");
    akelarre->require_subcommand(1);
    add_check(*akelarre);
    add_best(*akelarre);
}

}  // namespace tlaloc::cli
