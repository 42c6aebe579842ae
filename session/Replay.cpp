#include "session/Replay.h"

#include <algorithm>
#include <sstream>
#include <stdexcept>

#include "model/common/InputError.h"
#include "model/common/Json.h"
#include "model/common/LogFormat.h"
#include "puzzles/xalapa/Catalogue.h"
#include "puzzles/xalapa/Deal.h"
#include "puzzles/xalapa/Render.h"
#include "puzzles/xalapa/SevenDayGame.h"
#include "puzzles/xalapa/SevenDayLog.h"
#include "session/GameLog.h"
#include "session/Games.h"
#include "solver/xalapa/ChallengeSolver.h"

namespace tlaloc::session {

namespace {

ReplayStep first_step(const Engine& engine, const ReplayPictures& pictures) {
    ReplayStep s;
    s.stage = engine.stage_label();
    s.text = engine.describe();
    if (pictures.wants(0)) s.svg = engine.picture_svg();
    return s;
}

std::vector<JsonLine> lines_of(const std::string& name, const std::string& content) {
    return parse_json_lines(name, content, "game log lines");
}

// ---- the games that log in the envelope (session/GameLog): their steps are the log's actions ----

ReplayShow envelope_steps(const ReadLog& log, const ReplayPictures& pictures) {
    ReplayShow out;
    out.players = log.game.spec.players;
    out.steps.push_back(first_step(*log.game.kind->make(log.game.spec, log.game.seed), pictures));
    out.wrong = replay_log(log, [&](int player, const std::string& stage, const std::string& action,
                                    const Engine& engine) {
                    ReplayStep s;
                    s.number = static_cast<int>(out.steps.size());
                    s.stage = stage;
                    s.player = player;
                    s.who = engine.player_name(player);
                    s.action = action;
                    s.text = engine.describe();
                    if (pictures.wants(s.number)) s.svg = engine.picture_svg();
                    out.steps.push_back(std::move(s));
                }).wrong;
    return out;
}

// ---- the seven-day game: its own rules engine (not a session::Engine: a race, not turns) ----

// The day's challenges (as `seat` plays them), the plays given so far today (`given`: seat -> stones
// and done), and once the day is scored each seat's penalty and total; at the end the places.
std::string seven_day_text(const xalapa::SevenDayGame& game, int day, const xalapa::Challenge& challenge,
                           const std::vector<std::optional<xalapa::SevenDayPlay>>& given) {
    std::ostringstream out;
    out << "day " << day << "; the challenges:";
    int k = 0;
    for (const std::string& w : xalapa::challenge_words(challenge)) {
        ++k;
        out << (k > 1 ? "; " : " ") << k << ". " << w;
    }
    out << "\n";
    const bool scored = static_cast<int>(game.days().size()) > day || game.over();
    const xalapa::SevenDayDay& d = game.days()[static_cast<std::size_t>(day - 1)];
    for (std::size_t p = 0; p < given.size(); ++p) {
        out << "  seat " << p + 1 << " (" << game.setup().seats[p].board.id << "): ";
        if (!given[p]) {
            out << "still placing\n";
            continue;
        }
        out << given[p]->stones.count() << " stones"
            << (given[p]->done_at ? ", done at " + std::to_string(*given[p]->done_at / 10) + " s"
                                  : ", not done");
        if (scored && p < d.results.size())
            out << ", penalty " << d.results[p].penalty << ", total " << d.totals[p];
        out << "\n";
    }
    if (game.over()) {
        const std::vector<int> places = game.places();
        for (std::size_t p = 0; p < places.size(); ++p)
            out << "  seat " << p + 1 << ": place " << places[p] << ", " << game.totals()[p]
                << " penalty points\n";
    }
    return out.str();
}

ReplayShow seven_day_steps(const std::string& name, const std::string& content,
                           const ReplayPictures& pictures, const solver::Deadline& deadline) {
    ReplayShow out;
    const xalapa::Catalogue& catalogue = xalapa::shipped_catalogue();
    {
        xalapa::ChallengeSolver solver;
        solver.set_deadline(&deadline);
        out.wrong = xalapa::replay_seven_days(solver, catalogue, name, content).wrong;
    }
    const std::vector<JsonLine> lines = lines_of(name, content);
    const Json& setup = lines.front().json;
    std::vector<xalapa::SeatPlayer> players;
    std::vector<bool> experts;
    for (const Json& s : setup.at("seats")) {
        players.push_back(*xalapa::parse_seat_player(s.at("player").get<std::string>()));
        experts.push_back(s.at("expert").get<bool>());
    }
    out.players = static_cast<int>(players.size());
    xalapa::SevenDayGame game(
        catalogue, xalapa::setup_seven_days(catalogue, setup.at("seed").get<std::uint64_t>(),
                                            *xalapa::parse_level(setup.at("level").get<std::string>()),
                                            players, experts, setup.at("hourglass").get<int>()));
    ReplayStep start;
    start.stage = "day 1";
    std::vector<std::optional<xalapa::SevenDayPlay>> given(players.size());
    start.text = seven_day_text(game, 1, game.seat_challenge(0), given);
    if (pictures.wants(0)) {
        xalapa::RenderOptions options;
        options.catalogue = &catalogue;
        options.title = "day 1, seat 1's board";
        start.svg = xalapa::render_svg(game.seat_challenge(0), options);
    }
    out.steps.push_back(std::move(start));
    for (std::size_t i = 1; i < lines.size(); ++i) {
        const Json& l = lines[i].json;
        if (l.value("kind", "") != "play") continue;
        const int seat = l.at("seat").get<int>() - 1;
        const int day = game.day();
        const xalapa::Board& board = game.setup().seats[static_cast<std::size_t>(seat)].board;
        auto cells = [&](const Json& list) {
            xalapa::CellSet set;
            for (const Json& c : list) {
                const xalapa::Cell cell{c[0].get<int>(), c[1].get<int>()};
                if (board.contains(cell)) set.set(static_cast<std::size_t>(board.index(cell)));
            }
            return set;
        };
        xalapa::SevenDayPlay play;
        play.stones = cells(l.at("stones"));
        if (!l.at("done_at").is_null()) play.done_at = l.at("done_at").get<int>();
        if (l.contains("plan")) play.plan = cells(l.at("plan"));
        ReplayStep s;
        s.number = static_cast<int>(out.steps.size());
        s.stage = "day " + std::to_string(day);
        s.player = seat;
        s.who = "seat " + std::to_string(seat + 1);
        Json shown = {{"stones", l.at("stones")}, {"done_at", l.at("done_at")}};
        s.action = shown.dump();
        if (game.over() || seat < 0 || seat >= out.players) break;
        const xalapa::Challenge challenge = game.seat_challenge(seat);
        if (auto why = game.why_illegal(seat, play)) {
            if (!out.wrong) out.wrong = lines[i].where + ": " + *why;
            break;
        }
        game.apply(seat, play);
        given[static_cast<std::size_t>(seat)] = play;
        s.text = seven_day_text(game, day, challenge, given);
        if (std::all_of(given.begin(), given.end(), [](const auto& g) { return g.has_value(); }))
            given.assign(given.size(), std::nullopt);
        if (pictures.wants(s.number)) {
            xalapa::RenderOptions options;
            options.catalogue = &catalogue;
            options.stones = play.stones;
            options.outcome = true;
            options.title = "day " + std::to_string(day) + ", seat " + std::to_string(seat + 1);
            s.svg = xalapa::render_svg(challenge, options);
        }
        out.steps.push_back(std::move(s));
    }
    return out;
}

}  // namespace

const std::vector<std::string>& replay_games() {
    // The games of the envelope, as registered there, and the seven-day game's own log.
    static const std::vector<std::string> names = [] {
        std::vector<std::string> out = log_games();
        out.push_back("seven-day");
        return out;
    }();
    return names;
}

std::string replay_game_of(const std::string& name, const std::string& content) {
    const std::vector<JsonLine> lines = lines_of(name, content);
    const JsonPlace setup(lines.front().json, lines.front().where);
    setup.expect_object();
    const Json& j = setup.json();
    if (j.value("kind", "") != "setup") setup.fail("the first line of a game log is its \"setup\" line");
    // Every log names its format; a log from before formats is told apart by its setup's keys (and then
    // refused with its game's own message saying to play it again).
    if (auto g = j.find("game"); g != j.end() && g->is_string() && logs_in_envelope(g->get<std::string>()))
        return g->get<std::string>();
    if (auto f = j.find("format"); f != j.end() && f->is_string()) {
        const std::string name = f->get<std::string>().substr(0, f->get<std::string>().find('/'));
        for (const std::string& game : log_games())
            if (name == log_kind(game).format.name) return game;
        if (name == kSevenDayLog.name) return "seven-day";
    }
    if (j.contains("profile") && j.contains("map")) return "aztlan";
    if (j.contains("round_turn_limit")) return "azteka";
    if (j.contains("favourites")) return "akelarre";
    if (j.contains("players") && j["players"].is_array() && !j["players"].empty() &&
        j["players"][0].is_object() && j["players"][0].contains("board"))
        return "atlacoya";
    setup.fail(
        "not the setup line of a game log of tlaloc (aztlan, azteka, akelarre, atlacoya or xalapa play)");
}

ReplayCheck check_log(const std::string& game, const std::string& name, const std::string& content,
                      const solver::Deadline& deadline) {
    ReplayCheck out;
    const auto count = [](int n, const char* what) { return std::to_string(n) + " " + what; };
    if (logs_in_envelope(game)) {
        const LogCheck r = replay_log(read_log(game, name, content));
        out.wrong = r.wrong;
        out.summary = "a legal game of " + count(r.engine->players(), "players in ") +
                      count(r.actions, "actions") + "; every record, the scores and the result are right";
    } else if (game == "seven-day") {
        xalapa::ChallengeSolver solver;
        solver.set_deadline(&deadline);
        const xalapa::SevenDayReplay r =
            xalapa::replay_seven_days(solver, xalapa::shipped_catalogue(), name, content);
        if (r.wrong) out.wrong = name + ": " + *r.wrong;
        out.summary = "a legal game of " + count(r.players, "players over ") + count(r.days, "days") +
                      "; every card, answer, score and the ranking are right";
    } else {
        throw InputError(name, "", "no game named \"" + game + "\" has a log");
    }
    out.summary = name + ": " + out.summary;
    return out;
}

ReplayShow show_replay(const std::string& game, const std::string& name, const std::string& content,
                       const ReplayPictures& pictures, const solver::Deadline& deadline) {
    const std::string found = replay_game_of(name, content);
    if (!game.empty() && game != found) {
        if (std::find(replay_games().begin(), replay_games().end(), game) == replay_games().end())
            throw InputError(name, "", "no game named \"" + game + "\" has a log");
        throw InputError(name + ":1", "", "this is a log of " + found + ", not of " + game);
    }
    ReplayShow out;
    if (logs_in_envelope(found)) out = envelope_steps(read_log(found, name, content), pictures);
    if (found == "seven-day") out = seven_day_steps(name, content, pictures, deadline);
    out.game = found;
    return out;
}

ReplayShow show_replay(const std::string& game, const std::string& name, const std::string& content,
                       bool pictures, const solver::Deadline& deadline) {
    ReplayPictures choice;
    choice.all = pictures;
    return show_replay(game, name, content, choice, deadline);
}

}  // namespace tlaloc::session
