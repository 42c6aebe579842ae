// Writing and replaying the game log. Reading is strict (every line typed before anything is played),
// so a malformed log is bad input, while a well-formed log of an illegal game is a wrong step.
#include "puzzles/akelarre/GameLog.h"

#include <algorithm>

#include "model/akelarre/GameJson.h"
#include "model/common/LogFormat.h"

namespace tlaloc::akelarre {

namespace {

Json favourites_json(const std::vector<Player>& players) {
    Json j = Json::array();
    for (const Player& p : players) j.push_back(std::string(1, family_letter(p.favourite)));
    return j;
}

// Cards in card order: the end line records what each player holds, whatever order it came in.
Json sorted_cards(std::vector<Card> cards) {
    std::sort(cards.begin(), cards.end());
    Json j = Json::array();
    for (const Card& c : cards) j.push_back(to_string(c));
    return j;
}

// Each player's score, with the points pile it comes from and the cards left in hand (which score
// nothing, but record the end of the game: a log whose draws or discards were changed ends otherwise).
Json scores_json(const std::vector<Player>& players, const std::vector<PlayerScore>& scores) {
    Json j = Json::array();
    for (std::size_t i = 0; i < players.size(); ++i)
        j.push_back({{"player", players[i].name},
                     {"points", scores[i].points},
                     {"cards", scores[i].cards},
                     {"most_cards", scores[i].most_cards},
                     {"total", scores[i].total},
                     {"pile", sorted_cards(players[i].points_pile)},
                     {"hand", sorted_cards(players[i].hand)}});
    return j;
}

// The end line's "winner": the name of the one player with the most points, "team 1" or "team 2" in
// the team game, null for a draw.
Json winner_json(const std::vector<Player>& players, const std::vector<PlayerScore>& scores) {
    const std::vector<int> teams = team_totals(players, scores);
    if (!teams.empty()) {
        const auto team = winner_of(teams);
        return team ? Json("team " + std::to_string(*team + 1)) : Json(nullptr);
    }
    const auto player = winner_of(player_totals(scores));
    return player ? Json(players[static_cast<std::size_t>(*player)].name) : Json(nullptr);
}

struct LoggedGame {
    GameSetup setup;
    std::vector<std::string> favourites;
    std::vector<std::pair<std::string, LoggedAction>> actions;  // where, action
    std::optional<Json> end;
    std::string end_where;
};

LoggedGame read_log(const std::string& name, const std::string& content) {
    const std::vector<JsonLine> lines = parse_json_lines(name, content, "log lines");
    LoggedGame game;
    const JsonPlace setup(lines.front().json, lines.front().where);
    setup.expect_object();
    expect_log_kind(setup, "setup");
    check_log_format(setup, kAkelarreLog);
    setup.expect_only_keys(
        {"kind", "format", "players", "first", "seed", "teams", "bots", "best_states", "favourites"});
    game.setup = parse_setup(setup);
    const JsonPlace bots = setup.at("bots");
    if (bots.size() != game.setup.players.size()) bots.fail("expected one bot per player");
    for (const JsonPlace& b : bots.items())
        if (!parse_bot(b.as_string()))
            b.fail("unknown bot \"" + b.as_string() + "\" (bots: random, greedy, best, human)");
    if (auto limit = setup.get("best_states")) limit->as_int(0, kMaxExactJsonInteger);
    const JsonPlace favourites = setup.at("favourites");
    if (favourites.size() != game.setup.players.size())
        favourites.fail("expected one favourite family per player");
    for (const JsonPlace& f : favourites.items()) {
        Family family;
        if (!parse_family_letter(f.as_string(), family)) f.fail("expected a family letter F, G, D, N or W");
        game.favourites.push_back(f.as_string());
    }
    for (std::size_t i = 1; i < lines.size(); ++i) {
        const JsonPlace line(lines[i].json, lines[i].where);
        line.expect_object();
        if (game.end) line.fail("nothing may follow the end line");
        if (line.has("kind") && line.at("kind").as_string() == "end") {
            line.expect_only_keys({"kind", "scores", "teams", "winner"});
            if (const JsonPlace winner = line.at("winner"); !winner.is_null()) winner.as_string();
            // Its form is checked here (bad input); whether its figures are right is the replay's
            // question.
            for (const JsonPlace& score : line.at("scores").items()) {
                score.expect_only_keys({"player", "points", "cards", "most_cards", "total", "pile", "hand"});
                score.at("player").as_string();
                for (const char* key : {"pile", "hand"})
                    for (const JsonPlace& c : score.at(key).items())
                        parse_card(c.as_string(), c.file(), c.path());
                for (const char* key : {"points", "cards", "total"})
                    score.at(key).as_int(0, kMaxExactJsonInteger);
                score.at("most_cards").as_bool();
            }
            if (auto teams = line.get("teams"))
                for (const JsonPlace& total : teams->items()) total.as_int(0, kMaxExactJsonInteger);
            game.end = lines[i].json;
            game.end_where = lines[i].where;
            continue;
        }
        std::vector<std::string> keys = action_keys();
        keys.push_back("kind");
        keys.push_back("player");
        line.expect_only_keys(keys);
        expect_log_kind(line, "action");
        game.actions.push_back({lines[i].where,
                                {line.at("player").as_string(),
                                 parse_action(line, static_cast<int>(game.setup.players.size()))}});
    }
    return game;
}

std::string wrong_end(const LoggedGame& logged, const GameState& s) {
    const auto scores = final_scores(s.players);
    const Json right = scores_json(s.players, scores);
    const Json& recorded = (*logged.end)["scores"];
    if (recorded != right)
        return logged.end_where + ": the scores recorded are " + recorded.dump() + ", the rules give " +
               right.dump();
    const auto teams = team_totals(s.players, scores);
    const Json right_teams = teams.empty() ? Json() : Json(teams);
    const Json recorded_teams = logged.end->contains("teams") ? (*logged.end)["teams"] : Json();
    if (recorded_teams != right_teams)
        return logged.end_where + ": the team totals recorded are " + recorded_teams.dump() +
               ", the rules give " + right_teams.dump();
    const Json right_winner = winner_json(s.players, scores);
    if ((*logged.end)["winner"] != right_winner)
        return logged.end_where + ": the winner recorded is " + (*logged.end)["winner"].dump() +
               ", the rules give " + right_winner.dump() + (right_winner.is_null() ? " (a draw)" : "");
    return "";
}

}  // namespace

Json game_setup_line(const PlayedGame& game) {
    Json j = setup_to_json(game.setup);
    j["kind"] = "setup";
    j["format"] = log_format_text(kAkelarreLog);
    Json bots = Json::array();
    for (Bot b : game.bots) bots.push_back(to_string(b));
    j["bots"] = bots;
    if (std::find(game.bots.begin(), game.bots.end(), Bot::Best) != game.bots.end())
        j["best_states"] = game.best_bot_states;
    j["favourites"] = favourites_json(game.final_state.players);
    return j;
}

Json game_action_line(const LoggedAction& action) {
    Json j = action_to_json(action.action);
    j["kind"] = "action";
    j["player"] = action.player;
    return j;
}

Json game_end_line(const PlayedGame& game) {
    Json j = {{"kind", "end"}, {"scores", scores_json(game.final_state.players, game.scores)}};
    if (!game.team_totals.empty()) j["teams"] = game.team_totals;
    j["winner"] = winner_json(game.final_state.players, game.scores);
    return j;
}

std::string game_log_text(const PlayedGame& game) {
    std::string text = game_setup_line(game).dump() + "\n";
    for (const LoggedAction& a : game.actions) text += game_action_line(a).dump() + "\n";
    return text + game_end_line(game).dump() + "\n";
}

GameReplay replay_game_log(const std::string& name, const std::string& content) {
    const LoggedGame logged = read_log(name, content);
    GameReplay replay;
    replay.players = static_cast<int>(logged.setup.players.size());
    const int first = seeded_first_player(logged.setup.seed, replay.players);
    if (logged.setup.first_player != first) {
        replay.wrong = name + ":1: the first player recorded is " +
                       std::to_string(logged.setup.first_player) + ", the seed draws " +
                       std::to_string(first);
        return replay;
    }
    Game game = Game::deal(logged.setup);
    const Json dealt = favourites_json(game.state().players);
    if (dealt != Json(logged.favourites)) {
        replay.wrong = name + ":1: the favourite families recorded are " + Json(logged.favourites).dump() +
                       ", the deal of this seed gives " + dealt.dump();
        return replay;
    }
    for (const auto& [where, logged_action] : logged.actions) {
        const GameState& s = game.state();
        const std::string step = where + ": " + logged_action.player + " " + describe(logged_action.action);
        if (s.phase == Phase::Over) {
            replay.wrong = step + ": the game is already over";
            return replay;
        }
        if (logged_action.player != acting_player(s)) {
            replay.wrong = step + ": it is " + acting_player(s) + " who acts now";
            return replay;
        }
        if (auto why = game.why_illegal(logged_action.action)) {
            replay.wrong = step + ": " + *why;
            return replay;
        }
        game.apply(logged_action.action);
        ++replay.actions;
    }
    if (game.state().phase != Phase::Over)
        replay.wrong = name + ": the log ends before the game is over";
    else if (!logged.end)
        replay.wrong = name + ": the log has no end line with the scores";
    else if (std::string why = wrong_end(logged, game.state()); !why.empty())
        replay.wrong = why;
    if (!replay.wrong) {
        const Json winner = winner_json(game.state().players, final_scores(game.state().players));
        replay.result = winner.is_null() ? "a draw" : winner.get<std::string>() + " wins";
    }
    return replay;
}

}  // namespace tlaloc::akelarre
