#include "session/GameLog.h"

#include <algorithm>
#include <stdexcept>

#include "model/common/InputError.h"

namespace tlaloc::session {

namespace {

// A game longer than this is a bug of an engine or a bot, not a game.
constexpr std::size_t kMaxLoggedActions = 100000;

// Players are numbered from 1 in a log, as at the table.
Json numbers(const std::vector<int>& players) {
    Json out = Json::array();
    for (int p : players) out.push_back(p + 1);
    return out;
}

// An Engine action as the log holds it: a JSON object or array as itself, words as a string.
Json action_json(const std::string& action) {
    if (!action.empty() && (action.front() == '{' || action.front() == '[')) {
        Json j = Json::parse(action, nullptr, false);
        if (!j.is_discarded()) return j;
    }
    return action;
}

// One action as a log holds it: words, or an object. Words that read as JSON would be taken for the
// object they spell: refused, so an action has one way to be written.
void expect_one_action(const JsonPlace& a) {
    if (a.is_string()) {
        const std::string& words = a.as_string();
        if (!words.empty() && (words.front() == '{' || words.front() == '['))
            a.fail("an action is written as itself, not as a string holding JSON");
        return;
    }
    if (!a.is_object())
        a.fail("expected an action (a string or an object), found " + json_type_name(a.json()));
}

std::string action_text(const JsonPlace& a) {
    if (a.is_array()) {
        if (a.size() == 0) a.fail("a list of actions holds at least one, each a string or an object");
        for (const JsonPlace& step : a.items()) expect_one_action(step);
    } else {
        expect_one_action(a);
    }
    return a.is_string() ? a.as_string() : a.json().dump();
}

// The games that log in the envelope, each with its format: the one list of them.
const std::vector<GameLogKind>& registered_kinds() {
    static const std::vector<GameLogKind> kinds = [] {
        const std::pair<const char*, LogFormat> rows[] = {{"aztlan", kAztlanLog},
                                                          {"azteka", kAztekaLog},
                                                          {"akelarre", kAkelarreLog},
                                                          {"atlacoya", kAtlacoyaLog}};
        std::vector<GameLogKind> out;
        for (const auto& [name, format] : rows)
            out.push_back({name, format, variants_of(name), player_counts_of(name), make_engine});
        return out;
    }();
    return kinds;
}

}  // namespace

namespace {

bool in_vocabulary(const std::string& name) {
    return name == "human" || name == "random" || name == "greedy" || name == "best";
}

std::string seat_names(const Engine& game) {
    std::string out = "human, random, greedy";
    for (const std::string& own : game.own_seats()) out += ", " + own;
    return out + " or best";
}

}  // namespace

bool is_seat(const std::string& name, const Engine& game) {
    const std::vector<std::string> own = game.own_seats();
    return in_vocabulary(name) || std::find(own.begin(), own.end(), name) != own.end();
}

std::string seat_action(const std::string& seat, const Engine& game, Rng& rng) {
    if (!in_vocabulary(seat)) return game.own_seat_action(seat, rng);
    return game.own_bot_action(seat == "best"     ? OwnBot::Best
                               : seat == "greedy" ? OwnBot::Greedy
                                                  : OwnBot::Random,
                               rng);
}

void check_seats(const std::vector<std::string>& seats, const Engine& game) {
    if (static_cast<int>(seats.size()) != game.players())
        throw std::invalid_argument("name one seat per player (" + std::to_string(game.players()) + ")");
    for (const std::string& s : seats)
        if (!is_seat(s, game))
            throw std::invalid_argument("a seat is " + seat_names(game) + ", not \"" + s + "\"");
}

const std::vector<std::string>& log_games() {
    static const std::vector<std::string> games = [] {
        std::vector<std::string> out;
        for (const GameLogKind& k : registered_kinds()) out.push_back(k.game);
        return out;
    }();
    return games;
}

bool logs_in_envelope(const std::string& game) {
    return std::find(log_games().begin(), log_games().end(), game) != log_games().end();
}

const GameLogKind& log_kind(const std::string& game) {
    for (const GameLogKind& k : registered_kinds())
        if (k.game == game) return k;
    throw std::invalid_argument("no game named " + game + " logs in the envelope");
}

namespace {

const GameLogKind& kind_of(const SeatedGame& game) {
    return game.kind ? *game.kind : log_kind(game.spec.game);
}

}  // namespace

Json log_setup_line(const SeatedGame& game, const Engine& dealt) {
    return {{"kind", "setup"},
            {"format", log_format_text(kind_of(game).format)},
            {"game", game.spec.game},
            {"variant", game.spec.variant},
            {"players", game.spec.players},
            {"seed", game.seed},
            {"seats", game.seats},
            {"dealt", dealt.dealt()}};
}

Json log_action_line(int number, int player, const std::string& action, const Engine& engine) {
    Json j = {{"kind", "action"}, {"step", number}, {"player", player + 1}, {"action", action_json(action)}};
    if (Json after = engine.settled(); !after.is_null()) j["after"] = std::move(after);
    return j;
}

Json log_end_line(const Engine& engine) {
    return {{"kind", "end"},
            {"scores", engine.scores()},
            {"winners", numbers(engine.winners())},
            {"result", engine.final_account()}};
}

std::string log_text(const SeatedGame& game, const std::vector<std::string>& actions) {
    auto engine = kind_of(game).make(game.spec, game.seed);
    check_seats(game.seats, *engine);
    std::string text = log_setup_line(game, *engine).dump() + "\n";
    int number = 0;
    for (const std::string& a : actions) {
        if (auto why = engine->why_illegal(a))
            throw std::invalid_argument("action " + std::to_string(number + 1) + ": " + *why);
        const int player = engine->to_act();
        engine->apply(a);
        text += log_action_line(++number, player, a, *engine).dump() + "\n";
    }
    if (!engine->over()) throw std::invalid_argument("the game is not over: its log is written at the end");
    return text + log_end_line(*engine).dump() + "\n";
}

PlayedGame play_seated(const SeatedGame& game, const PersonSeat& person, const PlayWatcher& watch,
                       const solver::Deadline& deadline) {
    PlayedGame out;
    out.engine = kind_of(game).make(game.spec, game.seed);
    Engine& engine = *out.engine;
    check_seats(game.seats, engine);
    std::vector<Rng> rngs = engine.bot_rngs(game.seed);
    out.log = log_setup_line(game, engine).dump() + "\n";
    while (!engine.over()) {
        if (deadline.passed())
            throw solver::SearchLimitReached("the game had reached " + engine.stage_label());
        if (out.actions.size() >= kMaxLoggedActions)
            throw std::logic_error("the game did not end within " + std::to_string(kMaxLoggedActions) +
                                   " actions");
        const int p = engine.to_act();
        const std::string& seat = game.seats[static_cast<std::size_t>(p)];
        std::optional<std::string> action;
        if (seat == "human") {
            if (!person) throw std::invalid_argument("a human seat needs someone to ask");
            action = person(engine);
            if (!action) {
                out.abandoned = true;
                break;
            }
        } else {
            action = seat_action(seat, engine, rngs[static_cast<std::size_t>(p) % rngs.size()]);
        }
        const std::string stage = watch ? engine.stage_label() : "";
        engine.apply(*action);
        out.actions.push_back(*action);
        out.actors.push_back(p);
        out.log += log_action_line(static_cast<int>(out.actions.size()), p, *action, engine).dump() + "\n";
        if (watch) watch(p, stage, *action, engine);
    }
    if (engine.over()) out.log += log_end_line(engine).dump() + "\n";
    return out;
}

ReadLog read_log(const std::string& game, const std::string& name, const std::string& content) {
    return read_log(log_kind(game), name, content);
}

ReadLog read_log(const GameLogKind& kind, const std::string& name, const std::string& content) {
    ReadLog out;
    out.lines = parse_json_lines(name, content, "game log lines");
    const JsonPlace setup(out.lines.front().json, out.lines.front().where);
    setup.expect_object();
    expect_log_kind(setup, "setup");
    const std::string& of = kind.game;
    check_log_format(setup, kind.format);
    setup.expect_only_keys({"kind", "format", "game", "variant", "players", "seed", "seats", "dealt"});
    if (const JsonPlace named = setup.at("game"); named.as_string() != of)
        named.fail("a log of " + named.as_string() + ", not of " + of);
    SeatedGame& g = out.game;
    g.spec.game = of;
    g.kind = &kind;
    const JsonPlace variant = setup.at("variant"), players = setup.at("players"), seats = setup.at("seats");
    g.spec.variant = variant.as_string();
    if (std::find(kind.variants.begin(), kind.variants.end(), g.spec.variant) == kind.variants.end())
        variant.fail(of + " has no variant \"" + g.spec.variant + "\"");
    g.spec.players = static_cast<int>(players.as_int(1, 100));
    if (std::find(kind.player_counts.begin(), kind.player_counts.end(), g.spec.players) ==
        kind.player_counts.end())
        players.fail(of + " is not played by " + std::to_string(g.spec.players) + " players");
    g.seed = static_cast<std::uint64_t>(setup.at("seed").as_int(0, kMaxExactJsonInteger));
    std::unique_ptr<Engine> engine;
    try {
        engine = kind.make(g.spec, g.seed);
    } catch (const std::invalid_argument& e) {
        setup.fail(e.what());
    }
    for (const JsonPlace& s : seats.items()) {
        g.seats.push_back(s.as_string());
        if (!is_seat(g.seats.back(), *engine))
            s.fail("a seat is " + seat_names(*engine) + ", not \"" + g.seats.back() + "\"");
    }
    if (static_cast<int>(g.seats.size()) != g.spec.players) seats.fail("name one seat per player");
    engine->read_dealt(setup.at("dealt"));
    bool ended = false;
    for (std::size_t i = 1; i < out.lines.size(); ++i) {
        const JsonPlace line(out.lines[i].json, out.lines[i].where);
        line.expect_object();
        if (ended) line.fail("nothing may follow the end line");
        const std::string kind = line.at("kind").as_string();
        if (kind == "end") {
            line.expect_only_keys({"kind", "scores", "winners", "result"});
            for (const JsonPlace& s : line.at("scores").items())
                s.as_int(-kMaxExactJsonInteger, kMaxExactJsonInteger);
            for (const JsonPlace& w : line.at("winners").items()) w.as_int(1, g.spec.players);
            engine->read_account(line.at("result"));
            ended = true;
            continue;
        }
        if (kind != "action")
            line.at("kind").fail("expected an \"action\" or \"end\" line, found \"" + kind + "\"");
        line.expect_only_keys({"kind", "step", "player", "action", "after"});
        if (line.at("step").as_int(1, kMaxExactJsonInteger) !=
            static_cast<std::int64_t>(out.actions.size()) + 1)
            line.at("step").fail("expected step " + std::to_string(out.actions.size() + 1) + " here");
        LoggedAction a{out.lines[i].where, static_cast<int>(line.at("player").as_int(1, g.spec.players)) - 1,
                       action_text(line.at("action"))};
        if (auto after = line.get("after")) engine->read_settled(*after);
        // Each step of a list is named by its place in it (action[2]).
        const JsonPlace action = line.at("action");
        const std::vector<JsonPlace> steps =
            action.is_array() ? action.items() : std::vector<JsonPlace>{action};
        for (const JsonPlace& step : steps)
            if (auto why = engine->unreadable(step.is_string() ? step.as_string() : step.json().dump()))
                step.fail(*why);
        out.actions.push_back(std::move(a));
    }
    return out;
}

LogCheck replay_log(const ReadLog& log, const PlayWatcher& each) {
    LogCheck out;
    out.engine = kind_of(log.game).make(log.game.spec, log.game.seed);
    Engine& engine = *out.engine;
    const JsonLine& first = log.lines.front();
    const Json dealt = engine.dealt();
    expect_log_form(JsonPlace(first.json, first.where).at("dealt"), dealt);
    if (auto d = first_json_difference(first.json.at("dealt"), dealt, "dealt", "the seed deals")) {
        out.wrong = first.where + ": " + *d;
        return out;
    }
    for (std::size_t i = 0; i < log.actions.size(); ++i) {
        const LoggedAction& a = log.actions[i];
        const JsonLine& line = log.lines[i + 1];  // the setup line first, then one line per action
        if (engine.over()) {
            out.wrong = a.where + ": the game is already over";
            return out;
        }
        if (a.player != engine.to_act()) {
            out.wrong = a.where + ": it is " + engine.player_name(engine.to_act()) +
                        "'s turn, the log names " + engine.player_name(a.player);
            return out;
        }
        if (auto why = engine.why_illegal(a.action)) {
            out.wrong = a.where + ": " + engine.player_name(a.player) + ": " + *why;
            return out;
        }
        const std::string stage = each ? engine.stage_label() : "";
        engine.apply(a.action);
        ++out.actions;
        if (each) each(a.player, stage, a.action, engine);
        const Json derived = engine.settled();
        const Json recorded = line.json.contains("after") ? line.json.at("after") : Json(nullptr);
        if (!recorded.is_null()) expect_log_form(JsonPlace(line.json, line.where).at("after"), derived);
        if (auto d = first_json_difference(recorded, derived, "after", "the rules give")) {
            out.wrong = a.where + ": " + *d;
            return out;
        }
    }
    if (!engine.over()) {
        const std::string stage = engine.stage_label();
        out.wrong = log.lines.back().where + ": the log ends before the game is over" +
                    (stage.empty() ? "" : " (" + stage + ")");
        return out;
    }
    const JsonLine& end = log.lines.back();
    if (end.json.at("kind") != "end") {
        out.wrong = end.where + ": the game is over, but the log has no end line";
        return out;
    }
    const Json derived = log_end_line(engine);
    expect_log_form(JsonPlace(end.json, end.where), derived);
    if (auto d = first_json_difference(end.json, derived, "", "the rules give"))
        out.wrong = end.where + ": " + *d;
    return out;
}

}  // namespace tlaloc::session
