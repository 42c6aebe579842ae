// The shared conformance test of every whole game behind session::Engine (in the spirit of
// OpenSpiel's random-simulation test), run over any engine: random games from many seeds, where every
// listed legal action is accepted, every refused action comes with a reason, throws when applied and
// leaves the state as it was, a clone is independent of its original, the same seed gives the same
// game, the game and any playout end, the scores and winners agree with each other, and a
// determinization keeps what the seat to act knows (its own legal actions). It runs over the four
// real games (session::engine_games()) and the template game (tests/template_game/NimEngine.h).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <set>

#include "session/Games.h"
#include "session/common/Mcts.h"
#include "support/TestScale.h"
#include "template_game/NimEngine.h"

using namespace tlaloc::session;

namespace {

struct Case {
    GameSpec spec;  // {"template", 2, "nim"}: the template game, not one of session::make_engine's
    int seeds;
};

std::vector<Case> cases() {
    return {{{"aztlan", 2, "de"}, 1},         {{"aztlan", 3, "it"}, 1},
            {{"aztlan", 4, "de"}, 1},         {{"azteka", 2, "standard"}, 4},
            {{"azteka", 2, "aggressive"}, 4}, {{"akelarre", 2, "singles"}, 3},
            {{"akelarre", 3, "singles"}, 2},  {{"akelarre", 4, "teams"}, 2},
            {{"atlacoya", 2, "standard"}, 1}, {{"template", 2, "nim"}, 20}};
}

std::unique_ptr<Engine> make_game(const GameSpec& spec, std::uint64_t seed) {
    if (spec.game == "template") return std::make_unique<tlaloc::template_game::NimEngine>(seed);
    return make_engine(spec, seed);
}

std::string name_of(const GameSpec& s) { return s.game + "/" + std::to_string(s.players) + "/" + s.variant; }

// A fingerprint of what an engine shows: whose turn, the legal actions, the scores, the length.
std::string shown(const Engine& game) {
    std::string out = std::to_string(game.to_act()) + "|" + std::to_string(game.length()) + "|";
    for (const std::string& a : game.legal_actions()) out += a + ";";
    for (int s : game.scores()) out += std::to_string(s) + ",";
    return out;
}

// Actions no game takes, and a legal action of another moment (the first legal action played again
// after it was played) where it differs.
const std::vector<std::string> kNonsense = {"",
                                            "{}",
                                            "[]",
                                            "[1]",
                                            "{\"phase\": 7}",
                                            "place 9 9",
                                            "null",
                                            "{\"bid\": 99, \"stones\": []}",
                                            "{\"pile\": 0, \"take\": 99}",
                                            "{\"pile\": 5, \"take\": 1}",
                                            "{\"pile\": 0, \"take\": 0}"};

void check_refusals(const Engine& game, const std::string& where) {
    const std::vector<std::string> before = game.legal_actions();
    for (const std::string& bad : kNonsense) {
        if (std::find(before.begin(), before.end(), bad) != before.end()) continue;
        auto why = game.why_illegal(bad);
        ASSERT_TRUE(why.has_value()) << where << ": \"" << bad << "\" accepted";
        EXPECT_FALSE(why->empty()) << where;
        auto copy = game.clone();
        EXPECT_THROW(copy->apply(bad), std::logic_error) << where;
        EXPECT_EQ(copy->legal_actions(), before) << where << ": a refused action changed the state";
        EXPECT_EQ(shown(*copy), shown(game)) << where << ": a refused action changed the state";
    }
}

// A clone goes its own way: playing on it leaves the original as it was, and the other way round.
void check_clone(const Engine& game, const std::string& action, Rng& rng, const std::string& where) {
    const std::string before = shown(game);
    auto copy = game.clone();
    EXPECT_EQ(shown(*copy), before) << where << ": a clone differs from its original";
    copy->apply(action);
    EXPECT_EQ(shown(game), before) << where << ": playing on a clone changed the original";
    auto other = game.clone();
    const std::string other_before = shown(*other);
    auto playout = game.clone();
    playout->play_out(rng);  // a playout ends
    EXPECT_TRUE(playout->over()) << where << ": a playout did not end";
    EXPECT_EQ(shown(*other), other_before) << where << ": a playout on one clone changed another";
}

// Plays one random game through legal_actions(); returns the actions played. With `max_actions` it
// stops there (the end-of-game checks then left out).
std::vector<std::string> random_game(const GameSpec& spec, std::uint64_t seed, bool checks,
                                     std::size_t max_actions = SIZE_MAX) {
    auto game = make_game(spec, seed);
    Rng rng(seed * 7 + 1);
    std::vector<std::string> played;
    const std::string where = name_of(spec) + " seed " + std::to_string(seed);
    // Every 7th action is checked, every 42nd at the sanitizer run's small scale (every 14th took 542 s
    // of one core there).
    const std::size_t check_every = tlaloc::test_support::small_test_scale() ? 42 : 7;
    while (!game->over()) {
        if (played.size() >= max_actions) return played;
        if (played.size() > 20000) ADD_FAILURE() << where << ": the game does not end";
        if (played.size() > 20000) break;
        const std::vector<std::string> legal = game->legal_actions();
        EXPECT_FALSE(legal.empty()) << where << " after " << played.size() << " actions";
        if (legal.empty()) break;
        const int actor = game->to_act();
        EXPECT_GE(actor, 0);
        EXPECT_LT(actor, game->players());
        if (checks && played.size() % check_every == 0) {
            for (int k = 0; k < 3; ++k) {
                const std::string& a = legal[rng() % legal.size()];
                EXPECT_EQ(game->why_illegal(a), std::nullopt) << where << ": listed but refused: " << a;
                auto copy = game->clone();
                EXPECT_NO_THROW(copy->apply(a)) << where << ": " << a;
            }
            check_refusals(*game, where);
            if (spec.game != "atlacoya" && spec.game != "aztlan")  // their playouts take seconds
                check_clone(*game, legal.front(), rng, where);
            auto seen = game->determinize(actor, rng);
            EXPECT_EQ(seen->to_act(), actor) << where;
            if (spec.game !=
                "atlacoya") {  // its list asks the solver of a row the determinization may change
                EXPECT_EQ(seen->legal_actions(), legal)
                    << where << ": a determinization changed the seat's choices";
            }
        }
        const std::string chosen = legal[rng() % legal.size()];
        game->apply(chosen);
        played.push_back(chosen);
    }
    EXPECT_EQ(game->to_act(), -1);
    EXPECT_TRUE(game->legal_actions().empty());
    EXPECT_EQ(static_cast<int>(game->scores().size()), game->players()) << where;
    const std::vector<int> won = game->winners();
    for (int w : won) {
        EXPECT_GE(w, 0);
        EXPECT_LT(w, game->players());
    }
    // Winners hold the best score, except in the team game and Azteka (rounds, then pawns).
    if (!won.empty() && spec.variant != "teams" && spec.game != "azteka") {
        const std::vector<int> s = game->scores();
        EXPECT_EQ(s[static_cast<std::size_t>(won.front())], *std::max_element(s.begin(), s.end())) << where;
    }
    // Scores and winners agree with each other: in the template game the winner scores 1.
    if (spec.game == "template") {
        EXPECT_EQ(won.size(), 1u) << where;
        if (won.size() == 1) {
            EXPECT_EQ(game->scores()[static_cast<std::size_t>(won.front())], 1) << where;
            EXPECT_EQ(game->scores()[static_cast<std::size_t>(1 - won.front())], 0) << where;
        }
    }
    const std::vector<double> r = game->returns();
    double sum = 0;
    for (double x : r) sum += x;
    EXPECT_NEAR(sum, 1.0, 1e-9) << where;
    EXPECT_GT(game->length(), 0);
    return played;
}

}  // namespace

TEST(SessionEngine, RandomGamesFollowTheRules) {
    // A fifth of each game's seeds at the sanitizer run's small scale, at least its first.
    for (const Case& c : cases())
        for (int s = 1; s <= tlaloc::test_support::scaled_rounds(c.seeds); ++s)
            random_game(c.spec, static_cast<std::uint64_t>(s), true);
}

TEST(SessionEngine, SameSeedSameGame) {
    // The first 150 actions of each game at the sanitizer run's small scale (171 s of one core there
    // for the whole games, 5 s in Release).
    const std::size_t length = tlaloc::test_support::small_test_scale() ? 150 : SIZE_MAX;
    for (const Case& c : cases()) {
        if (c.spec.game == "atlacoya" || (c.spec.game == "aztlan" && c.spec.players > 2)) continue;  // time
        EXPECT_EQ(random_game(c.spec, 11, false, length), random_game(c.spec, 11, false, length))
            << name_of(c.spec);
    }
}

TEST(SessionEngine, OwnBotsPlayLegalGames) {
    const OwnBot kinds[] = {OwnBot::Random, OwnBot::Greedy, OwnBot::Best};
    for (const Case& c : cases()) {
        if (c.spec.game == "atlacoya") continue;
        auto game = make_game(c.spec, 5);
        Rng rng(3);
        int n = 0;
        while (!game->over() && n++ < 20000) {
            const std::string a = game->own_bot_action(kinds[n % 3], rng);
            ASSERT_EQ(game->why_illegal(a), std::nullopt) << name_of(c.spec) << ": " << a;
            game->apply(a);
        }
        EXPECT_TRUE(game->over()) << name_of(c.spec);
    }
}

// A greedy Akelarre play that completes a meld on another player's place pauses for the owner's
// choice; the play then goes on as planned, even where the melds it has begun need more cards than
// the engine's two-move lookahead sees (3 players, deal 17 met exactly that and had no legal action).
TEST(SessionEngine, AkelarrePlaysGoOnAfterAnOwnersChoice) {
    // Deals 15 to 20 only at the sanitizer run's small scale (deal 17 among them).
    const std::uint64_t first = tlaloc::test_support::small_test_scale() ? 15 : 1;
    for (int players : {3, 4})
        for (std::uint64_t seed = first; seed <= 20; ++seed) {
            auto game = make_engine({"akelarre", players, "singles"}, seed);
            std::vector<Rng> rngs;
            for (int p = 0; p < players; ++p) rngs.emplace_back(1000 + p);
            int n = 0;
            while (!game->over() && n++ < 20000) {
                const int p = game->to_act();
                std::string a;
                ASSERT_NO_THROW(a = game->own_bot_action(OwnBot::Greedy, rngs[static_cast<std::size_t>(p)]))
                    << players << " players, deal " << seed << ", action " << n;
                game->apply(a);
            }
            EXPECT_TRUE(game->over()) << players << " players, deal " << seed;
        }
}

// The studio's table deals a game again at every request and plays the actions so far: a bot whose
// play paused for an owner's choice has lost its plan there, and must still find a legal way on from
// the melds it has begun (deal 17 with 3 players begins two that need four more cards).
TEST(SessionEngine, AkelarreBotsGoOnInAGameDealtAgainAfterAnOwnersChoice) {
    int rebuilt = 0;
    for (std::uint64_t seed : {17, 3, 5, 8}) {
        auto game = make_engine({"akelarre", 3, "singles"}, seed);
        std::vector<Rng> rngs;
        for (int p = 0; p < 3; ++p) rngs.emplace_back(1000 + p);
        std::vector<std::string> actions;
        int last_actor = -1;
        while (!game->over()) {
            const int p = game->to_act();
            if (last_actor >= 0 && last_actor != p && !actions.empty() &&
                actions.back().find("\"choose\"") != std::string::npos) {
                // Dealt again from the seed with the actions so far: no plan survives.
                auto again = make_engine({"akelarre", 3, "singles"}, seed);
                for (const std::string& a : actions) again->apply(a);
                // The rebuilt game plays on (past the end of this turn): every bot action legal.
                Rng rng(seed);
                for (int step = 0; step < 12 && !again->over(); ++step) {
                    std::string a;
                    ASSERT_NO_THROW(a = again->own_bot_action(OwnBot::Greedy, rng)) << "deal " << seed;
                    ASSERT_EQ(again->why_illegal(a), std::nullopt) << "deal " << seed << ": " << a;
                    again->apply(a);
                }
                ++rebuilt;
            }
            actions.push_back(game->own_bot_action(OwnBot::Greedy, rngs[static_cast<std::size_t>(p)]));
            game->apply(actions.back());
            last_actor = p;
        }
    }
    EXPECT_GT(rebuilt, 3);
}

// Akelarre's best bot looks one turn further than greedy (which plays the most cards it can): over
// seeded two-player games with the seats swapped it wins more than greedy does. The balance runs
// measure the rate with its interval (docs/akelarre.md); this holds the direction on fixed deals.
// At the small scale (the sanitizer run, where a game takes seconds) one deal is played both ways,
// for what the instrumented code finds; the strength is asserted from the full 30 games.
TEST(SessionEngine, AkelarresBestBotBeatsGreedy) {
    const std::uint64_t deals = tlaloc::test_support::small_test_scale() ? 1 : 15;
    int best_wins = 0, greedy_wins = 0;
    for (std::uint64_t deal = 1; deal <= deals; ++deal)
        for (int best_seat : {0, 1}) {
            auto game = make_engine({"akelarre", 2, "singles"}, deal);
            std::vector<Rng> rngs = {Rng(deal * 2), Rng(deal * 2 + 1)};
            while (!game->over()) {
                const int p = game->to_act();
                game->apply(game->own_bot_action(p == best_seat ? OwnBot::Best : OwnBot::Greedy,
                                                 rngs[static_cast<std::size_t>(p)]));
            }
            const std::vector<int> won = game->winners();
            if (won.size() != 1) continue;
            (won.front() == best_seat ? best_wins : greedy_wins) += 1;
        }
    if (deals == 1) return;
    EXPECT_GT(best_wins, greedy_wins) << best_wins << " to " << greedy_wins;
}

TEST(SessionEngine, AWholeTurnIsOneActionOfItsSteps) {
    auto game = make_engine({"azteka", 2, "standard"}, 1);
    EXPECT_EQ(game->why_illegal("[\"place 0 0\", \"place 0 1\"]"),
              "step 2 of the turn is not the same player's");
    auto one = game->clone(), two = game->clone();
    one->apply("[\"place 0 0\"]");
    two->apply("place 0 0");
    EXPECT_EQ(one->legal_actions(), two->legal_actions());
    EXPECT_EQ(one->to_act(), 1);
}

TEST(SessionEngine, AkelarreDeterminizationKeepsTheSeatsOwnCards) {
    auto game = make_engine({"akelarre", 3, "singles"}, 4);
    Rng rng(1);
    std::set<std::string> others;
    for (int i = 0; i < 5; ++i) {
        auto seen = game->determinize(game->to_act(), rng);
        EXPECT_EQ(seen->legal_actions(), game->legal_actions());
        // What seat 2 would do on its turn differs between draws: its hand is drawn again.
        others.insert(seen->clone()->legal_actions().front());
    }
    EXPECT_FALSE(others.empty());
}

// The template game's greedy bot plays Nim perfectly: the player to move wins against any opponent
// when the piles' nim-sum is not 0, and loses to it when it is.
TEST(SessionEngine, TemplateGreedyPlaysNimPerfectly) {
    int winnable = 0, lost = 0;
    for (std::uint64_t seed = 1; seed <= 60; ++seed) {
        tlaloc::template_game::NimEngine game(seed);
        int sum = 0;
        for (int p : game.state().piles) sum ^= p;
        const int mover = game.to_act();
        Rng rng(seed);
        while (!game.over()) {
            const bool greedy = (game.to_act() == mover) == (sum != 0);
            game.apply(game.own_bot_action(greedy ? OwnBot::Greedy : OwnBot::Random, rng));
        }
        const int expected = sum != 0 ? mover : 1 - mover;
        EXPECT_EQ(game.winners(), std::vector<int>{expected}) << "seed " << seed;
        (sum != 0 ? winnable : lost) += 1;
    }
    EXPECT_GT(winnable, 0);
    EXPECT_GT(lost, 0);
}

TEST(SessionEngine, BadSpecsAreRefused) {
    EXPECT_THROW(make_engine({"chess", 2, ""}, 1), std::invalid_argument);
    EXPECT_THROW(make_engine({"azteka", 3, "standard"}, 1), std::invalid_argument);
    EXPECT_THROW(make_engine({"aztlan", 2, "fr"}, 1), std::invalid_argument);
    EXPECT_THROW(make_engine({"akelarre", 3, "teams"}, 1), std::invalid_argument);
}

TEST(SessionMcts, SameSeedSameActionAndBeatsRandom) {
    auto game = make_engine({"azteka", 2, "standard"}, 1);
    MctsOptions o;
    o.iterations = 40;
    Rng a(9), b(9);
    EXPECT_EQ(mcts_action(*game, o, a), mcts_action(*game, o, b));
    int wins = 0;
    for (int m = 0; m < 4; ++m) {
        auto g = make_engine({"azteka", 2, "standard"}, 1);
        Rng rng(static_cast<std::uint64_t>(m));
        const int mine = m % 2;
        while (!g->over())
            g->apply(g->to_act() == mine ? mcts_action(*g, o, rng) : g->own_bot_action(OwnBot::Random, rng));
        const auto w = g->winners();
        wins += w.size() == 1 && w.front() == mine;
    }
    EXPECT_GE(wins, 3);
}
