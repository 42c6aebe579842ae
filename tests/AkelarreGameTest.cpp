// Whole Akelarre games by seeded playouts (the rules engine driven by the bots): after every action
// the 105 creature cards are all somewhere (deck, hands, melds, discard piles, points piles), hands
// hold at most 7, every meld of three or more cards is a set or a run; every game ends; the scores
// equal an independent recount; every log replays; the replay catches tampered logs.
#include <gtest/gtest.h>

#include <tuple>

#include <algorithm>
#include <map>
#include <tuple>

#include "model/akelarre/GameJson.h"
#include "model/akelarre/Meld.h"
#include "puzzles/akelarre/GameLog.h"
#include "tests/support/TestScale.h"

using namespace tlaloc;
using namespace tlaloc::akelarre;

namespace {

GameSetup setup_for(int players, std::uint64_t seed, bool teams = false) {
    GameSetup s;
    for (int p = 1; p <= players; ++p) s.players.push_back("P" + std::to_string(p));
    if (teams) s.teams = {0, 1, 0, 1};
    s.seed = seed;
    s.first_player = seeded_first_player(seed, players);
    return s;
}

// Every creature card's copies, counted over every place a card can be.
std::map<Card, int> census(const GameState& s) {
    std::map<Card, int> n;
    for (const Card& c : s.deck) ++n[c];
    for (const auto& pile : s.discards)
        for (const Card& c : pile) ++n[c];
    for (const auto& place : s.places)
        for (const Card& c : place.cards) ++n[c];
    for (const auto& p : s.players) {
        for (const Card& c : p.hand) ++n[c];
        for (const Card& c : p.points_pile) ++n[c];
    }
    if (s.pending)  // a completed meld waiting for its owner is off the table and in no pile yet
        for (const Card& c : s.pending->cards) ++n[c];
    return n;
}

std::string broken(const GameState& s, const std::map<Card, int>& full_deck, bool play_ended) {
    if (census(s) != full_deck) return "the creature cards are not all there, once each";
    std::vector<Family> favourites;
    for (const auto& p : s.players) {
        if (p.hand.size() > 7) return p.name + " holds more than 7 cards";
        favourites.push_back(p.favourite);
    }
    std::sort(favourites.begin(), favourites.end());
    if (std::adjacent_find(favourites.begin(), favourites.end()) != favourites.end())
        return "two players share a favourite family";
    for (const auto& place : s.places) {
        if (place.cards.size() >= 5) return "a meld of five cards stays on place " + std::to_string(place.id);
        if (place.cards.size() >= 3 && !read_meld(place.cards).valid)
            return "place " + std::to_string(place.id) + " holds no meld";
        if (play_ended && !place.cards.empty() && place.cards.size() < 3)
            return "a meld of " + std::to_string(place.cards.size()) + " cards left after the play";
    }
    return "";
}

// The scoring rule written again, apart from the engine's: favourite family at face value, any
// other card 1, jokers 0, +8 to everyone with the most cards.
std::vector<int> recount(const GameState& s) {
    std::vector<int> totals;
    std::size_t most = 0;
    for (const auto& p : s.players) most = std::max(most, p.points_pile.size());
    for (const auto& p : s.players) {
        int t = 0;
        for (const Card& c : p.points_pile)
            t += c.value == kJoker ? 0 : c.family == p.favourite ? c.value : 1;
        totals.push_back(t + (most > 0 && p.points_pile.size() == most ? 8 : 0));
    }
    return totals;
}

std::map<Card, int> full_deck() {
    std::map<Card, int> n;
    for (const Card& c : creature_deck()) ++n[c];
    return n;
}

// Plays the game, checks the invariants after every action and at the end; "" when all hold.
std::string playout(const GameSetup& setup, const std::vector<Bot>& bots, std::string* log = nullptr,
                    std::size_t best_bot_states = kBestBotStates, std::size_t* unproved = nullptr) {
    const std::map<Card, int> deck = full_deck();
    EXPECT_EQ(static_cast<int>(creature_deck().size()) + 5, 110) << "105 creature cards and 5 favourites";
    PlayedGame game = play_game(setup, bots, solver::Deadline(), nullptr, best_bot_states);
    if (unproved) *unproved = game.unproved_plays.size();
    Game again = Game::deal(setup);
    if (auto why = broken(again.state(), deck, true); !why.empty()) return "after the deal: " + why;
    for (std::size_t i = 0; i < game.actions.size(); ++i) {
        const bool ends_play = std::holds_alternative<EndPlay>(game.actions[i].action);
        if (game.actions[i].player != acting_player(again.state())) return "an action by the wrong player";
        if (auto why = again.why_illegal(game.actions[i].action)) return "an illegal action: " + *why;
        again.apply(game.actions[i].action);
        if (auto why = broken(again.state(), deck, ends_play); !why.empty())
            return "after action " + std::to_string(i + 1) + " (" + describe(game.actions[i].action) +
                   "): " + why;
    }
    if (again.state().phase != Phase::Over) return "the game did not end";
    std::vector<int> totals;
    for (const auto& sc : game.scores) totals.push_back(sc.total);
    if (totals != recount(game.final_state)) return "the scores differ from a recount";
    const std::string text = game_log_text(game);
    const GameReplay r = replay_game_log("game.jsonl", text);
    if (r.wrong) return "the log does not replay: " + *r.wrong;
    if (r.actions != static_cast<int>(game.actions.size()))
        return "the replay played another number of actions";
    if (log) *log = text;
    return "";
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> out;
    std::size_t start = 0;
    for (std::size_t nl; (nl = text.find('\n', start)) != std::string::npos; start = nl + 1)
        out.push_back(text.substr(start, nl - start));
    return out;
}

std::string joined(const std::vector<std::string>& lines) {
    std::string t;
    for (const auto& l : lines) t += l + "\n";
    return t;
}

std::string a_log(std::uint64_t seed = 11) {
    std::string log;
    EXPECT_EQ(playout(setup_for(2, seed), {Bot::Random, Bot::Random}, &log), "");
    return log;
}

}  // namespace

TEST(AkelarreGame, RandomPlayoutsKeepEveryInvariantForTwoToFourPlayersAndTeams) {
    const int games = test_support::scaled_rounds(200, 10, 8);
    for (int g = 0; g < games; ++g) {
        const int players = 2 + g % 3;
        const bool teams = players == 4 && g % 2 == 0;
        const std::vector<Bot> bots(static_cast<std::size_t>(players), Bot::Random);
        EXPECT_EQ(playout(setup_for(players, 1000 + static_cast<std::uint64_t>(g), teams), bots), "")
            << "seed " << 1000 + g << ", " << players << " players";
    }
}

// Four seats, each best-play bot against three others (the searches on these deals are quick; the
// bench times whole games between best-play bots).
TEST(AkelarreGame, BestPlayBotsKeepEveryInvariant) {
    const int games = test_support::scaled_rounds(3, 3, 1);
    std::uint64_t seed = 0;
    for (int g = 0; g < games; ++g, ++seed) {
        while (seeded_first_player(seed, 4) != 0) ++seed;  // P1 begins, as on the deals first measured
        EXPECT_EQ(playout(setup_for(4, seed), std::vector<Bot>(4, Bot::Best)), "") << "seed " << seed;
    }
}

// Best-play bots whose searches are cut short after a few states play the best plays found: the game
// stays legal and replays, and the limit counts states, so the same seed gives the same game.
TEST(AkelarreGame, BestPlayBotsCutShortStayLegalAndPlayTheSameGame) {
    const GameSetup setup = setup_for(2, 3);
    const std::vector<Bot> bots(2, Bot::Best);
    std::string log, again;
    std::size_t unproved = 0;
    EXPECT_EQ(playout(setup, bots, &log, 1, &unproved), "");
    EXPECT_GT(unproved, 0u);
    EXPECT_EQ(playout(setup, bots, &again, 1), "");
    EXPECT_EQ(log, again);
}

TEST(AkelarreGame, SameSeedSameGameAnotherSeedAnotherGame) {
    const std::vector<Bot> bots = {Bot::Random, Bot::Random, Bot::Random};
    const std::string a = game_log_text(play_game(setup_for(3, 5), bots));
    EXPECT_EQ(a, game_log_text(play_game(setup_for(3, 5), bots)));
    EXPECT_NE(a, game_log_text(play_game(setup_for(3, 6), bots)));
}

TEST(AkelarreGame, TeamTotalsAddTheMembersScores) {
    const PlayedGame game = play_game(setup_for(4, 21, true), std::vector<Bot>(4, Bot::Random));
    ASSERT_EQ(game.team_totals.size(), 2u);
    EXPECT_EQ(game.team_totals[0], game.scores[0].total + game.scores[2].total);
    EXPECT_EQ(game.team_totals[1], game.scores[1].total + game.scores[3].total);
}

TEST(AkelarreGame, ReplayNamesTheFirstWrongStepOfATamperedLog) {
    std::vector<std::string> lines = lines_of(a_log());
    ASSERT_GT(lines.size(), 10u);
    // A card played that the hand does not hold.
    auto played = std::find_if(lines.begin(), lines.end(), [](const std::string& l) {
        return l.find("\"action\":\"play\"") != std::string::npos;
    });
    ASSERT_NE(played, lines.end());
    std::vector<std::string> wrong_card = lines;
    Json j = Json::parse(*played);
    const std::size_t at = static_cast<std::size_t>(played - lines.begin());
    // A card of a family no hand can hold six of: the sixth copy of a 6 does not exist.
    j["card"] = j["card"] == "F6" ? "G6" : "F6";
    wrong_card[at] = j.dump();
    GameReplay r = replay_game_log("game.jsonl", joined(wrong_card));
    ASSERT_TRUE(r.wrong.has_value());
    EXPECT_NE(r.wrong->find("game.jsonl:" + std::to_string(at + 1) + ": "), std::string::npos) << *r.wrong;

    // The same action by another player.
    std::vector<std::string> wrong_player = lines;
    j = Json::parse(lines[at]);
    j["player"] = j["player"] == "P1" ? "P2" : "P1";
    wrong_player[at] = j.dump();
    r = replay_game_log("game.jsonl", joined(wrong_player));
    ASSERT_TRUE(r.wrong.has_value());
    EXPECT_NE(r.wrong->find("who acts now"), std::string::npos) << *r.wrong;

    // A score recorded one too high.
    std::vector<std::string> wrong_score = lines;
    j = Json::parse(lines.back());
    j["scores"][1]["total"] = j["scores"][1]["total"].get<int>() + 1;
    wrong_score.back() = j.dump();
    r = replay_game_log("game.jsonl", joined(wrong_score));
    ASSERT_TRUE(r.wrong.has_value());
    EXPECT_NE(r.wrong->find("scores recorded"), std::string::npos) << *r.wrong;

    // The log cut before the end.
    std::vector<std::string> cut(lines.begin(),
                                 lines.begin() + static_cast<std::ptrdiff_t>(lines.size() / 2));
    r = replay_game_log("game.jsonl", joined(cut));
    ASSERT_TRUE(r.wrong.has_value());
    EXPECT_NE(r.wrong->find("ends before the game is over"), std::string::npos) << *r.wrong;

    // Another deal: the favourites recorded are not the seed's.
    std::vector<std::string> other_seed = lines;
    j = Json::parse(lines.front());
    j["seed"] = j["seed"].get<std::int64_t>() + 1;
    other_seed.front() = j.dump();
    r = replay_game_log("game.jsonl", joined(other_seed));
    EXPECT_TRUE(r.wrong.has_value());
}

TEST(AkelarreGame, MalformedLogsAreInputErrorsNamingTheLine) {
    std::vector<std::string> lines = lines_of(a_log());
    auto expect_input_error = [](const std::string& text, const std::string& where) {
        try {
            replay_game_log("game.jsonl", text);
            ADD_FAILURE() << "accepted: " << text.substr(0, 200);
        } catch (const InputError& e) {
            EXPECT_NE(std::string(e.what()).find(where), std::string::npos) << e.what();
        }
    };
    std::vector<std::string> bad = lines;
    bad[3] = R"({"kind":"action","player":"P1","action":"fly"})";
    expect_input_error(joined(bad), "game.jsonl:4");
    bad = lines;
    bad[2] = R"({"kind":"action","player":"P1","action":"play","card":"X9","to":0})";
    expect_input_error(joined(bad), "game.jsonl:3");
    bad = lines;
    bad.push_back(lines[1]);
    expect_input_error(joined(bad), "nothing may follow the end line");
    bad = lines;
    bad[0] =
        R"({"kind":"setup","format":"tlaloc-akelarre-game/2","players":["A"],"first":0,"seed":1,"bots":["best"],"favourites":["F"]})";
    expect_input_error(joined(bad), "game.jsonl:1");
    for (const char* limit : {"-1", "\"many\"", "1e300"}) {
        bad = lines;
        bad[0].insert(1, std::string(R"("best_states":)") + limit + ",");
        expect_input_error(joined(bad), "game.jsonl:1");
    }
    bad = lines;
    bad[0].insert(1, R"("best_states":5000,)");
    EXPECT_EQ(replay_game_log("game.jsonl", joined(bad)).wrong, std::nullopt);
    expect_input_error(lines[0] + "\n{not json\n", "game.jsonl:2");

    // A key of another action (a discard "from" a place, an end-turn with a card) is refused, even
    // though the action itself would not read it.
    auto first_of = [&](const std::string& action) {
        auto at = std::find_if(lines.begin(), lines.end(), [&](const std::string& l) {
            return l.find("\"action\":\"" + action + "\"") != std::string::npos;
        });
        EXPECT_NE(at, lines.end()) << action;
        return static_cast<std::size_t>(at - lines.begin());
    };
    for (const auto& [action, key, value] : {std::tuple<std::string, std::string, Json>{"discard", "from", 1},
                                             {"end-turn", "card", "ZZ"},
                                             {"draw-deck", "family", true},
                                             {"end-play", "to", -5}}) {
        const std::size_t at = first_of(action);
        if (at >= lines.size()) continue;
        bad = lines;
        Json j = Json::parse(lines[at]);
        j[key] = value;
        bad[at] = j.dump();
        expect_input_error(joined(bad), "game.jsonl:" + std::to_string(at + 1) + ": " + key + ": a " +
                                            action + " action has no \"" + key + "\"");
    }
    // The end line's scores are checked for their form (bad input), before their figures (a wrong
    // step).
    for (const auto& [key, value] : {std::pair<std::string, Json>{"points", "61"},
                                     {"most_cards", 1},
                                     {"total", 18446744073709551615ull},
                                     {"x", 1}}) {
        bad = lines;
        Json j = Json::parse(lines.back());
        j["scores"][0][key] = value;
        bad.back() = j.dump();
        expect_input_error(joined(bad), "game.jsonl:" + std::to_string(lines.size()) + ": scores[0]");
    }
}

// A human seat's actions go through the same engine and log: a person who always discards their first
// card, draws from the deck, buys nothing and keeps the first two cards of a meld completed on their
// place plays a whole game against a random bot; the log names the seat "human" and replays.
TEST(AkelarreGame, AHumanSeatsGameIsLoggedAndReplays) {
    const HumanAction human = [](const Game& g) -> std::optional<GameAction> {
        const GameState& s = g.state();
        switch (s.phase) {
            case Phase::OwnerChooses:
                return OwnerChooses{s.pending->cards[0], s.pending->cards[1]};
            case Phase::Play:
                if (!s.discarded_this_turn && !g.on_turn().hand.empty())
                    return Discard{g.on_turn().hand.front()};
                return EndPlay{};
            case Phase::Draw:
                return DrawFromDeck{};
            default:
                return EndTurn{};
        }
    };
    const PlayedGame game = play_game(setup_for(2, 9), {Bot::Human, Bot::Random}, solver::Deadline(), nullptr,
                                      kBestBotStates, human);
    ASSERT_FALSE(game.abandoned);
    const std::string log = game_log_text(game);
    EXPECT_NE(log.find("\"bots\":[\"human\",\"random\"]"), std::string::npos) << log.substr(0, 200);
    EXPECT_EQ(replay_game_log("game.jsonl", log).wrong, std::nullopt);
    // A person who stops answering abandons the game: nothing more is played.
    int answers = 0;
    const PlayedGame left =
        play_game(setup_for(2, 9), {Bot::Human, Bot::Random}, solver::Deadline(), nullptr, kBestBotStates,
                  [&](const Game& g) { return ++answers > 3 ? std::nullopt : human(g); });
    EXPECT_TRUE(left.abandoned);
    EXPECT_NE(left.final_state.phase, Phase::Over);
}
