// Whole Akelarre games by seeded playouts (the session's play loop and the engine's bots over the
// rules engine): after every step
// the 105 creature cards are all somewhere (deck, hands, melds, discard piles, points piles), hands
// hold at most 7, every meld of three or more cards is a set or a run; every game ends; the scores
// equal an independent recount; every log replays; the replay catches tampered logs.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <tuple>

#include "model/akelarre/GameJson.h"
#include "model/akelarre/Meld.h"
#include "model/common/InputError.h"
#include "session/GameLog.h"
#include "session/akelarre/AkelarreEngine.h"
#include "tests/support/Lines.h"
#include "tests/support/TestScale.h"

using namespace tlaloc;
using namespace tlaloc::akelarre;
using test_support::joined;
using test_support::lines_of;

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

session::SeatedGame seated(int players, std::uint64_t seed, std::vector<std::string> seats,
                           bool teams = false, const session::GameLogKind* kind = nullptr) {
    return {{"akelarre", players, teams ? "teams" : "singles"}, seed, std::move(seats), kind};
}

// An action's steps (a whole play is a list of them), each the rules engine's action.
std::vector<GameAction> steps_of(const std::string& action, int players) {
    std::vector<GameAction> out;
    for (const std::string& step : session::action_steps(action).value_or(std::vector<std::string>{action}))
        out.push_back(parse_action(JsonPlace(Json::parse(step), "action"), players));
    return out;
}

const GameState& end_state(const session::PlayedGame& game) {
    return dynamic_cast<const session::AkelarreEngine&>(*game.engine).game().state();
}

// Plays the game, checks the invariants after every step and at the end; "" when all hold. The steps
// are played again through the rules engine apart from the session's engine.
std::string playout(const session::SeatedGame& seats, std::string* log = nullptr, int* unproved = nullptr) {
    const std::map<Card, int> deck = full_deck();
    EXPECT_EQ(static_cast<int>(creature_deck().size()) + 5, 110) << "105 creature cards and 5 favourites";
    const session::PlayedGame game = session::play_seated(seats);
    if (unproved) *unproved = dynamic_cast<const session::AkelarreEngine&>(*game.engine).unproved_plays();
    Game again = Game::deal(setup_for(seats.spec.players, seats.seed, seats.spec.variant == "teams"));
    if (auto why = broken(again.state(), deck, true); !why.empty()) return "after the deal: " + why;
    for (std::size_t i = 0; i < game.actions.size(); ++i) {
        for (const GameAction& a : steps_of(game.actions[i], seats.spec.players)) {
            const GameState& s = again.state();
            if (s.players[static_cast<std::size_t>(game.actors[i])].name != acting_player(s))
                return "an action by the wrong player";
            if (auto why = again.why_illegal(a)) return "an illegal action: " + *why;
            again.apply(a);
            if (auto why = broken(again.state(), deck, std::holds_alternative<EndPlay>(a)); !why.empty())
                return "after action " + std::to_string(i + 1) + " (" + describe(a) + "): " + why;
        }
    }
    if (again.state().phase != Phase::Over) return "the game did not end";
    if (game.engine->scores() != recount(end_state(game))) return "the scores differ from a recount";
    if (recount(again.state()) != recount(end_state(game))) return "the engines ended apart";
    const session::LogCheck r = session::replay_log(session::read_log("akelarre", "game.jsonl", game.log));
    if (r.wrong) return "the log does not replay: " + *r.wrong;
    if (r.actions != static_cast<int>(game.actions.size()))
        return "the replay played another number of actions";
    if (log) *log = game.log;
    return "";
}

std::string a_log(std::uint64_t seed = 11) {
    std::string log;
    EXPECT_EQ(playout(seated(2, seed, {"random", "random"}), &log), "");
    return log;
}

std::optional<std::string> replayed(const std::string& text) {
    return session::replay_log(session::read_log("akelarre", "game.jsonl", text)).wrong;
}

// The line and step of the log's first step of kind `action` ("discard", "play", ...), changed by `edit`.
std::size_t edit_first(std::vector<std::string>& lines, const std::string& action,
                       const std::function<void(Json&)>& edit) {
    for (std::size_t i = 1; i < lines.size(); ++i) {
        Json j = Json::parse(lines[i]);
        if (j["kind"] != "action") continue;
        Json& a = j["action"];
        Json* step = nullptr;
        if (a.is_array()) {
            for (Json& s : a)
                if (!step && s["action"] == action) step = &s;
        } else if (a["action"] == action) {
            step = &a;
        }
        if (!step) continue;
        edit(*step);
        lines[i] = j.dump();
        return i;
    }
    ADD_FAILURE() << "no " << action << " in the log";
    return lines.size();
}

}  // namespace

TEST(AkelarreGame, RandomPlayoutsKeepEveryInvariantForTwoToFourPlayersAndTeams) {
    const int games = test_support::scaled_rounds(200, 10, 8);
    for (int g = 0; g < games; ++g) {
        const int players = 2 + g % 3;
        const bool teams = players == 4 && g % 2 == 0;
        const std::vector<std::string> seats(static_cast<std::size_t>(players), "random");
        EXPECT_EQ(playout(seated(players, 1000 + static_cast<std::uint64_t>(g), seats, teams)), "")
            << "seed " << 1000 + g << ", " << players << " players";
    }
}

// Four seats, each greedy bot (the best play of its turn) against three others (the searches on these
// deals are quick; the bench times whole games between them), and a best bot (greedy's play looked
// at a turn further) among greedy ones.
TEST(AkelarreGame, GreedyAndBestBotsKeepEveryInvariant) {
    const int games = test_support::scaled_rounds(3, 3, 1);
    std::uint64_t seed = 0;
    for (int g = 0; g < games; ++g, ++seed) {
        while (seeded_first_player(seed, 4) != 0) ++seed;  // P1 begins, as on the deals first measured
        EXPECT_EQ(playout(seated(4, seed, std::vector<std::string>(4, "greedy"))), "") << "seed " << seed;
    }
    EXPECT_EQ(playout(seated(3, 2, {"best", "greedy", "random"})), "");
}

// Greedy bots whose searches are cut short after a few states play the best plays found: the game
// stays legal and replays, and the limit counts states, so the same seed gives the same game.
TEST(AkelarreGame, GreedyBotsCutShortStayLegalAndPlayTheSameGame) {
    const session::GameLogKind one_state = session::akelarre_kind_with({1, solver::Deadline()});
    const session::SeatedGame game = seated(2, 3, {"greedy", "greedy"}, false, &one_state);
    std::string log, again, unlimited;
    int unproved = 0, none = -1;
    EXPECT_EQ(playout(game, &log, &unproved), "");
    EXPECT_GT(unproved, 0);
    EXPECT_EQ(playout(game, &again), "");
    EXPECT_EQ(log, again);
    EXPECT_EQ(playout(seated(2, 3, {"greedy", "greedy"}), &unlimited, &none), "");
    EXPECT_NE(log, unlimited);
    EXPECT_EQ(none, 0);  // within the default limit, every play of this game is proved best
}

TEST(AkelarreGame, SameSeedSameGameAnotherSeedAnotherGame) {
    const std::vector<std::string> seats = {"random", "random", "random"};
    const std::string a = session::play_seated(seated(3, 5, seats)).log;
    EXPECT_EQ(a, session::play_seated(seated(3, 5, seats)).log);
    EXPECT_NE(a, session::play_seated(seated(3, 6, seats)).log);
}

TEST(AkelarreGame, TeamTotalsAddTheMembersScores) {
    const session::PlayedGame game =
        session::play_seated(seated(4, 21, std::vector<std::string>(4, "random"), true));
    const Json account = game.engine->final_account();
    const std::vector<int> totals = game.engine->scores();
    ASSERT_EQ(account["teams"].size(), 2u);
    EXPECT_EQ(account["teams"][0], totals[0] + totals[2]);
    EXPECT_EQ(account["teams"][1], totals[1] + totals[3]);
    const std::vector<int> won = game.engine->winners();
    if (!won.empty()) EXPECT_EQ(won.size(), 2u);  // both members of the winning team
}

TEST(AkelarreGame, ReplayNamesTheFirstWrongStepOfATamperedLog) {
    const std::vector<std::string> lines = lines_of(a_log());
    ASSERT_GT(lines.size(), 10u);
    // A card played that the hand does not hold: the sixth copy of a 6 does not exist.
    std::vector<std::string> wrong_card = lines;
    const std::size_t at =
        edit_first(wrong_card, "play", [](Json& step) { step["card"] = step["card"] == "F6" ? "G6" : "F6"; });
    std::optional<std::string> r = replayed(joined(wrong_card));
    ASSERT_TRUE(r.has_value());
    EXPECT_NE(r->find("game.jsonl:" + std::to_string(at + 1) + ": "), std::string::npos) << *r;

    // The same action by another player.
    std::vector<std::string> wrong_player = lines;
    Json j = Json::parse(lines[at]);
    j["player"] = 3 - j["player"].get<int>();
    wrong_player[at] = j.dump();
    r = replayed(joined(wrong_player));
    ASSERT_TRUE(r.has_value());
    EXPECT_NE(r->find("'s turn, the log names"), std::string::npos) << *r;

    // A score recorded one too high, and a points pile one card short.
    std::vector<std::string> wrong_score = lines;
    j = Json::parse(lines.back());
    j["scores"][1] = j["scores"][1].get<int>() + 1;
    wrong_score.back() = j.dump();
    r = replayed(joined(wrong_score));
    ASSERT_TRUE(r.has_value());
    EXPECT_NE(r->find("scores[1] recorded"), std::string::npos) << *r;
    j = Json::parse(lines.back());
    j["result"]["players"][0]["pile"].erase(0);
    wrong_score.back() = j.dump();
    r = replayed(joined(wrong_score));
    ASSERT_TRUE(r.has_value());
    EXPECT_NE(r->find("result.players[0].pile"), std::string::npos) << *r;

    // The log cut before the end.
    std::vector<std::string> cut(lines.begin(),
                                 lines.begin() + static_cast<std::ptrdiff_t>(lines.size() / 2));
    r = replayed(joined(cut));
    ASSERT_TRUE(r.has_value());
    EXPECT_NE(r->find("ends before the game is over"), std::string::npos) << *r;

    // Another deal: the favourites or the first player recorded are not the seed's.
    std::vector<std::string> other_seed = lines;
    j = Json::parse(lines.front());
    j["seed"] = j["seed"].get<std::int64_t>() + 1;
    other_seed.front() = j.dump();
    EXPECT_TRUE(replayed(joined(other_seed)).has_value());
    j = Json::parse(lines.front());
    j["dealt"]["first"] = 3 - j["dealt"]["first"].get<int>();
    other_seed.front() = j.dump();
    r = replayed(joined(other_seed));
    ASSERT_TRUE(r.has_value());
    EXPECT_NE(r->find("dealt.first recorded"), std::string::npos) << *r;
}

TEST(AkelarreGame, MalformedLogsAreInputErrorsNamingTheLine) {
    const std::vector<std::string> lines = lines_of(a_log());
    auto expect_input_error = [](const std::string& text, const std::string& where) {
        try {
            replayed(text);
            ADD_FAILURE() << "accepted: " << text.substr(0, 200);
        } catch (const InputError& e) {
            EXPECT_NE(std::string(e.what()).find(where), std::string::npos) << e.what();
        }
    };
    std::vector<std::string> bad = lines;
    bad[3] = R"({"kind":"action","step":3,"player":1,"action":"fly"})";
    expect_input_error(joined(bad), "game.jsonl:4: action: not an Akelarre action");
    bad = lines;
    bad[2] = R"({"kind":"action","step":2,"player":1,"action":{"action":"play","card":"X9","to":0}})";
    expect_input_error(joined(bad), "game.jsonl:3: action");
    bad = lines;
    bad.push_back(lines[1]);
    expect_input_error(joined(bad), "nothing may follow the end line");
    bad = lines;
    Json setup = Json::parse(lines[0]);
    setup["players"] = 1;
    bad[0] = setup.dump();
    expect_input_error(joined(bad), "game.jsonl:1: players: akelarre is not played by 1 players");
    setup = Json::parse(lines[0]);
    setup["dealt"]["favourites"][0] = "Q";
    bad[0] = setup.dump();
    expect_input_error(joined(bad), "game.jsonl:1: dealt.favourites[0]: expected a family letter");
    setup["dealt"]["favourites"] = Json::array({"F"});
    bad[0] = setup.dump();
    expect_input_error(joined(bad),
                       "game.jsonl:1: dealt.favourites: expected one favourite family per player");
    expect_input_error(lines[0] + "\n{not json\n", "game.jsonl:2");
    // An action is written as itself: an object inside a string is not one; a list names its entry.
    bad = lines;
    Json first = Json::parse(lines[1]);
    Json quoted = Json::array();
    for (const Json& step : first["action"].is_array() ? first["action"] : Json::array({first["action"]}))
        quoted.push_back(step.dump());
    first["action"] = quoted;
    bad[1] = first.dump();
    expect_input_error(joined(bad), "game.jsonl:2: action[0]: an action is written as itself");
    bad = lines;
    first = Json::parse(lines[1]);
    first["action"] =
        Json::array({first["action"].is_array() ? first["action"][0] : first["action"], {{"action", "fly"}}});
    bad[1] = first.dump();
    expect_input_error(joined(bad), "game.jsonl:2: action[1]");
    // Akelarre records nothing after an action; an end line's account is read before anything is
    // played, so a malformed one is bad input even after a wrong step.
    bad = lines;
    first = Json::parse(lines[1]);
    first["after"] = Json::object({{"x", 1}});
    bad[1] = first.dump();
    expect_input_error(joined(bad), "game.jsonl:2: after: an Akelarre action records nothing after it");
    bad = lines;
    first = Json::parse(lines[1]);
    first["player"] = 3 - first["player"].get<int>();
    bad[1] = first.dump();
    Json end = Json::parse(lines.back());
    end["result"]["players"][0]["pile"][0] = "Z9";
    bad.back() = end.dump();
    expect_input_error(joined(bad),
                       "game.jsonl:" + std::to_string(lines.size()) + ": result.players[0].pile[0]");

    // A key of another action (a discard "from" a place, an end-turn with a card) is refused, even
    // though the action itself would not read it.
    for (const auto& [action, key, value] : {std::tuple<std::string, std::string, Json>{"discard", "from", 1},
                                             {"end-turn", "card", "ZZ"},
                                             {"draw-deck", "family", true},
                                             {"end-play", "to", -5}}) {
        bad = lines;
        const std::size_t at =
            edit_first(bad, action, [&, key = key, value = value](Json& step) { step[key] = value; });
        if (at >= lines.size()) continue;
        expect_input_error(joined(bad), "game.jsonl:" + std::to_string(at + 1) + ": action");
        expect_input_error(joined(bad), ": " + key + ": a " + action + " action has no \"" + key + "\"");
    }
    // The end line's account is checked for its form (bad input), before its figures (a wrong step).
    for (const auto& [key, value] : {std::pair<std::string, Json>{"points", "61"},
                                     {"most_cards", 1},
                                     {"total", 18446744073709551615ull},
                                     {"x", 1}}) {
        bad = lines;
        Json j = Json::parse(lines.back());
        j["result"]["players"][0][key] = value;
        bad.back() = j.dump();
        expect_input_error(joined(bad), "game.jsonl:" + std::to_string(lines.size()) + ": result.players[0]");
    }
}

// A human seat's actions go through the same engine and log: a person who always discards their first
// card, draws from the deck, buys nothing and keeps the first two cards of a meld completed on their
// place plays a whole game against a random bot; the log names the seat "human" and replays.
TEST(AkelarreGame, AHumanSeatsGameIsLoggedAndReplays) {
    const session::PersonSeat human = [](const session::Engine& e) -> std::optional<std::string> {
        const Game& g = dynamic_cast<const session::AkelarreEngine&>(e).game();
        const GameState& s = g.state();
        GameAction a = EndTurn{};
        switch (s.phase) {
            case Phase::OwnerChooses:
                a = OwnerChooses{s.pending->cards[0], s.pending->cards[1]};
                break;
            case Phase::Play:
                a = !s.discarded_this_turn && !g.on_turn().hand.empty()
                        ? GameAction(Discard{g.on_turn().hand.front()})
                        : GameAction(EndPlay{});
                break;
            case Phase::Draw:
                a = DrawFromDeck{};
                break;
            default:
                break;
        }
        return action_to_json(a).dump();
    };
    const session::PlayedGame game = session::play_seated(seated(2, 9, {"human", "random"}), human);
    ASSERT_FALSE(game.abandoned);
    EXPECT_NE(game.log.find("\"seats\":[\"human\",\"random\"]"), std::string::npos)
        << game.log.substr(0, 200);
    EXPECT_EQ(replayed(game.log), std::nullopt);
    // A person who stops answering abandons the game: nothing more is played.
    int answers = 0;
    const session::PlayedGame left = session::play_seated(
        seated(2, 9, {"human", "random"}),
        [&](const session::Engine& e) { return ++answers > 3 ? std::nullopt : human(e); });
    EXPECT_TRUE(left.abandoned);
    EXPECT_FALSE(left.engine->over());
}
