// `tlaloc akelarre ...`: check a meld, find the best play of a turn.
#include <iostream>

#include "cli/Commands.h"
#include "model/akelarre/Meld.h"
#include "model/common/Json.h"

namespace tlaloc::cli {

using namespace akelarre;

namespace {

struct CheckOptions {
    std::vector<std::string> cards;
    bool json = false;
};

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
    if (opt.json) {
        Json j;
        j["meld"] = r.valid;
        if (!r.valid) {
            j["why_not"] = r.why_not;
        } else {
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
        }
        std::cout << j.dump() << "\n";
    } else {
        std::cout << describe(r) << "\n";
    }
    if (!r.valid) set_exit_code(kExitFalseClaim);
}

}  // namespace

void add_akelarre_commands(CLI::App& app) {
    auto* akelarre = app.add_subcommand("akelarre", "Akelarre: melds of creature cards, best play of a turn.\n"
                                                    "Example: tlaloc akelarre check F3 F4 FJ");
    akelarre->require_subcommand(1);

    auto check_opt = std::make_shared<CheckOptions>();
    auto* check = akelarre->add_subcommand(
        "check",
        "Whether the cards form a set or a run (and what the jokers stand for), or why not.\n"
        "Cards: family F G D N W + value 2-6 or J. Exit 0 = a meld, 1 = not a meld, 2 = bad card.\n"
        "Example: tlaloc akelarre check F5 D5 W5 GJ");
    check->add_option("CARDS", check_opt->cards, "the cards, e.g. F3 F4 FJ")->required();
    check->add_flag("--json", check_opt->json, "print one JSON object");
    check->callback([check_opt] { run_check(*check_opt); });
}

}  // namespace tlaloc::cli
