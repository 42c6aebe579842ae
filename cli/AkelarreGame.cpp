// Akelarre's registry entry: commands, claims facts, file formats and the cross-check of the best
// play against an exhaustive search over the rules engine's moves.
#include <algorithm>
#include <random>
#include <set>

#include "cli/Commands.h"
#include "cli/GameRegistry.h"
#include "model/akelarre/Components.h"
#include "model/akelarre/Game.h"
#include "model/akelarre/Meld.h"
#include "model/akelarre/Turn.h"
#include "puzzles/akelarre/RandomTurn.h"
#include "solver/akelarre/BestPlay.h"
#include "solver/akelarre/ExhaustivePlay.h"
#include "solver/akelarre/TurnSearch.h"

namespace tlaloc::cli {

namespace {

std::string turn_round_trip(const std::filesystem::path& file) {
    Json first = akelarre::turn_to_json(akelarre::load_turn(file));
    Json second = akelarre::turn_to_json(akelarre::parse_turn(first, file.string()));
    return written_difference(first, second);
}

std::string score(int played, int points) {
    return std::to_string(played) + " cards for " + std::to_string(points) + " points";
}

// A random small turn: the exact search's best play (what `akelarre best` answers) must be a legal
// play that replays to what it claims, and score what Z3's model and the exhaustive search over the
// rules engine's legal moves find best: three independent routes to one answer.
std::string best_play_agrees(std::uint64_t seed) {
    std::mt19937 rng(static_cast<std::mt19937::result_type>(seed));
    std::optional<akelarre::TurnPosition> turn;
    while (!turn) turn = akelarre::random_small_turn(rng);
    const auto claimed = akelarre::search_best_play(*turn).outcome;
    if (auto why = akelarre::why_illegal(*turn, claimed.moves)) return "the best play is illegal: " + *why;
    akelarre::TurnOutcome replayed = akelarre::replay_turn(*turn, claimed.moves);
    if (replayed.played != claimed.played || replayed.points != claimed.points ||
        replayed.hand_left != claimed.hand_left)
        return "the best play claims " + score(claimed.played, claimed.points) + ", its replay gives " +
               score(replayed.played, replayed.points);
    const akelarre::PlayScore found{claimed.played, claimed.points};
    const auto z3 = akelarre::best_play(*turn).outcome;
    akelarre::PlayScore exhaustive = akelarre::exhaustive_best_play(*turn);
    if (exhaustive != found || akelarre::PlayScore{z3.played, z3.points} != found)
        return "the search's best play: " + score(claimed.played, claimed.points) +
               "; Z3's: " + score(z3.played, z3.points) +
               "; the exhaustive search's: " + score(exhaustive.played, exhaustive.points) + " (" +
               akelarre::turn_to_json(*turn).dump() + ")";
    return "";
}

// A two-player position: Carlo to play with `hand`, Anna, the places given, 20 deck cards.
akelarre::GameState two_player_state(std::vector<akelarre::Card> hand,
                                     std::vector<akelarre::MeetingPlace> places) {
    akelarre::GameState s;
    s.players = {{"Carlo", akelarre::Family::Fairies, std::move(hand), {}, -1},
                 {"Anna", akelarre::Family::Witches, {}, {}, -1}};
    s.places = std::move(places);
    const auto deck = akelarre::creature_deck();
    s.deck.assign(deck.begin(), deck.begin() + 20);
    return s;
}

// Numbers the engine shows by playing: the cards the owner of a place keeps when another player
// completes a meld there, and the points-pile cards the cheapest meeting place it sells costs.
void derive_played_counts(verify::GameFacts& facts) {
    using akelarre::Card;
    using akelarre::Family;
    akelarre::Game completing(
        two_player_state({{Family::Nymphs, 5}, {Family::Goblins, 5}},
                         {{0, "Anna", {{Family::Fairies, 5}, {Family::Druids, 5}, {Family::Witches, 5}}}}));
    completing.play({{Family::Nymphs, 5}, std::nullopt, 0});
    completing.play({{Family::Goblins, 5}, std::nullopt, 0});
    completing.owner_chooses({Family::Fairies, 5}, {Family::Druids, 5});
    facts.counts["owner_share"] = static_cast<int>(completing.state().players[1].points_pile.size());

    akelarre::GameState s = two_player_state({{Family::Nymphs, 2}}, {{0, "Carlo", {}}});
    for (int v = akelarre::kLowestValue; v <= akelarre::kHighestValue; ++v) {
        s.players[0].points_pile.push_back({Family::Fairies, v});
        s.players[0].points_pile.push_back({Family::Goblins, v});
    }
    akelarre::Game buying(s);
    buying.discard({Family::Nymphs, 2});
    buying.end_play();
    buying.draw_from_deck();
    const auto& pile = buying.state().players[0].points_pile;
    facts.counts["extra_meeting_place_cost"] = 0;  // no number of cards buys a place
    for (std::size_t k = 1; k <= pile.size(); ++k) {
        std::vector<Card> offered(pile.begin(), pile.begin() + static_cast<std::ptrdiff_t>(k));
        if (!buying.why_illegal(akelarre::BuyPlace{offered})) {
            facts.counts["extra_meeting_place_cost"] = static_cast<int>(k);
            break;
        }
    }
    facts.derived.insert({"owner_share", "extra_meeting_place_cost"});
}

// Numbers the rules engine shows by what it accepts and scores: the player counts a game can be dealt
// for, the meld sizes it reads as valid, the bonus its scoring gives the player with the most cards.
void derive_rule_counts(verify::GameFacts& facts) {
    int fewest = 0, most = 0;
    for (int players = 1; players <= 6; ++players) {
        akelarre::GameSetup setup;
        for (int p = 0; p < players; ++p) setup.players.push_back("p" + std::to_string(p + 1));
        if (akelarre::Game::why_bad_setup(setup)) continue;
        if (!fewest) fewest = players;
        most = players;
    }
    facts.counts["players_min"] = fewest;
    facts.counts["players_max"] = most;
    // Sets of 1-5 twos of different families, and the longest run the deck allows (2-6 and its joker).
    std::vector<akelarre::Card> set, run;
    int smallest = 0, largest = 0;
    for (auto f : akelarre::kAllFamilies) {
        set.push_back({f, 2});
        if (akelarre::read_meld(set).valid) {
            if (!smallest) smallest = static_cast<int>(set.size());
            largest = static_cast<int>(set.size());
        }
    }
    for (int v = akelarre::kLowestValue; v <= akelarre::kHighestValue + 1; ++v) {
        run.push_back({akelarre::Family::Fairies, v > akelarre::kHighestValue ? akelarre::kJoker : v});
        if (akelarre::read_meld(run).valid) largest = std::max(largest, static_cast<int>(run.size()));
    }
    facts.counts["meld_min"] = smallest;
    facts.counts["meld_max"] = largest;
    std::vector<akelarre::Player> players(2);
    players[0].favourite = akelarre::Family::Goblins;
    players[0].points_pile = {{akelarre::Family::Fairies, 2}};
    const auto scores = akelarre::final_scores(players);
    facts.counts["most_cards_bonus"] = scores[0].total - scores[0].points;
    facts.derived.insert({"players_min", "players_max", "meld_min", "meld_max", "most_cards_bonus"});
    // A rule change the positions above no longer fit leaves these two typed (and restated).
    try {
        derive_played_counts(facts);
    } catch (const std::exception&) {}
}

// Counts the claims can fail on: the deck the model builds, counted card by card, and the hands and
// meeting places the engine deals for 2, 3 and 4 players.
void derive_facts(verify::GameFacts& facts) {
    std::map<std::string, int> per_value;
    const auto deck = akelarre::creature_deck();
    for (const auto& c : deck) {
        if (c.family == akelarre::Family::Fairies) ++per_value[c.joker() ? "joker" : std::to_string(c.value)];
    }
    int per_family = 0;
    for (const auto& [value, n] : per_value) per_family += n;
    facts.tables["cards_per_value"] = per_value;
    std::set<akelarre::Family> families;
    for (const auto& c : deck) families.insert(c.family);
    facts.counts["families"] = static_cast<int>(families.size());
    facts.counts["cards_per_family"] = per_family;
    for (int players = 2; players <= 4; ++players) {
        akelarre::GameSetup setup;
        for (int p = 0; p < players; ++p) setup.players.push_back("p" + std::to_string(p + 1));
        const akelarre::Game game = akelarre::Game::deal(setup);
        const auto& state = game.state();
        int dealt = static_cast<int>(state.deck.size()), owned = 0;
        for (const auto& p : state.players) dealt += static_cast<int>(p.hand.size());
        for (const auto& place : state.places) owned += place.owner == state.players.front().name;
        facts.tables["meeting_places"][std::to_string(players)] = owned;
        if (players == 2) {
            facts.counts["creature_cards"] = dealt;
            facts.counts["cards"] = dealt + facts.counts.at("favourite_cards");
            facts.counts["hand_size"] = static_cast<int>(state.players.front().hand.size());
        }
    }
    facts.derived.insert({"families", "cards_per_value", "cards_per_family", "meeting_places",
                          "creature_cards", "cards", "hand_size"});
    derive_rule_counts(facts);
}

}  // namespace

GameEntry akelarre_game() {
    GameEntry g;
    g.name = "akelarre";
    g.add_commands = add_akelarre_commands;
    g.facts.name = "akelarre";
    g.facts.counts = akelarre::component_counts();
    g.facts.tables = akelarre::component_tables();
    derive_facts(g.facts);
    g.formats = {
        {"turn",
         {"puzzles/akelarre/*.json", "tests/data/akelarre/small.json", "tests/data/akelarre/slow.json"},
         turn_round_trip,
         "akelarre best {} --timeout 20"},
        {"game-log",
         {"tests/data/akelarre/game-*.jsonl"},
         nullptr,
         "akelarre replay {}",
         /*json_lines=*/true},
    };
    g.random_check = best_play_agrees;
    return g;
}

}  // namespace tlaloc::cli
