// Replaying an Atlacoya log: every line is read and typed first (a malformed log is bad input), then
// the game is played again from the recorded plays and each recorded result compared with the rules'.
#include <limits>
#include <sstream>

#include "puzzles/xalapa/AtlacoyaLog.h"

namespace tlaloc::xalapa {

namespace {

using LogLine = JsonLine;  // "FILE:LINE" and the parsed line

struct LoggedPlay {
    AtlacoyaPlay play;
    std::optional<std::string> stone_fault;  // a stone off the board or two on one field
    Json entry;                              // as recorded
};

struct LoggedDay {
    std::string where;
    std::vector<Challenge> rows;  // per player, on their board
    std::vector<LoggedPlay> plays;
};

struct LoggedGame {
    std::vector<Board> boards;
    AtlacoyaPoints points;
    std::vector<LoggedDay> days;
    Json end;
};

// The results a day entry records, in the order they are compared.
const std::vector<std::string> kResultKeys = {"met",    "covered",     "stopped_at",  "scored",
                                              "points", "tokens_laid", "tokens_lost", "tokens_recovered",
                                              "total",  "tokens_left"};

void expect_kind(const JsonPlace& line, const std::string& kind) {
    const JsonPlace k = line.at("kind");
    if (k.as_string() != kind)
        k.fail("expected a \"" + kind + "\" line here, found \"" + k.as_string() + "\"");
}

void read_setup(const LogLine& line, LoggedGame& game) {
    const JsonPlace p(line.json, line.where);
    p.expect_only_keys({"kind", "seed", "players", "points"});
    expect_kind(p, "setup");
    p.at("seed").as_int(0, kAtlacoyaMaxSeed);
    const JsonPlace players = p.at("players");
    if (players.size() < kAtlacoyaMinPlayers || players.size() > kAtlacoyaMaxPlayers)
        players.fail("an Atlacoya game has 2 to 6 players, not " + std::to_string(players.size()));
    for (const JsonPlace& seat : players.items()) {
        seat.expect_only_keys({"player", "bot", "board"});
        if (seat.at("player").as_int(1, kAtlacoyaMaxPlayers) !=
            static_cast<std::int64_t>(game.boards.size()) + 1)
            seat.at("player").fail("players are numbered 1, 2, ... in order");
        if (!parse_atlacoya_bot(seat.at("bot").as_string()))
            seat.at("bot").fail("expected cautious or greedy");
        game.boards.push_back(parse_board(seat.at("board")));
    }
    game.points = parse_atlacoya_points(p.at("points"));
}

// Fills the play's stones, noting (not failing on) a stone the rules forbid: that is a wrong step.
void read_stones(const JsonPlace& list, const Board& board, LoggedPlay& out) {
    for (const JsonPlace& s : list.items()) {
        if (s.size() != 2) s.fail("expected a field [row, column]");
        const Cell c{static_cast<int>(s.at(0).as_int(0, kMaxSide - 1)),
                     static_cast<int>(s.at(1).as_int(0, kMaxSide - 1))};
        const std::string field = "[" + std::to_string(c.row) + "," + std::to_string(c.col) + "]";
        if (!board.contains(c)) {
            if (!out.stone_fault) out.stone_fault = "a stone on " + field + " lies outside the board";
        } else if (out.play.stones.test(static_cast<std::size_t>(board.index(c)))) {
            if (!out.stone_fault) out.stone_fault = "two stones on field " + field;
        } else {
            out.play.stones.set(static_cast<std::size_t>(board.index(c)));
        }
    }
}

// The recorded results must have the right types; whether they are right is the replay's question.
void check_result_types(const JsonPlace& e) {
    for (const char* key : {"met", "covered"})
        for (const JsonPlace& c : e.at(key).items()) c.as_int(1, kAtlacoyaHighestBid);
    if (!e.at("stopped_at").is_null()) e.at("stopped_at").as_int(1, kAtlacoyaHighestBid);
    const JsonPlace scored = e.at("scored");
    if (scored.as_string() != "green" && scored.as_string() != "red") scored.fail("expected green or red");
    for (const char* key :
         {"points", "tokens_laid", "tokens_lost", "tokens_recovered", "total", "tokens_left"})
        e.at(key).as_int(-1000000, 1000000);
}

LoggedPlay read_play(const JsonPlace& e, std::size_t player, const Board& board) {
    std::vector<std::string> keys = {"player", "bid", "stones", "steps", "choice"};
    keys.insert(keys.end(), kResultKeys.begin(), kResultKeys.end());
    e.expect_only_keys(keys);
    if (e.at("player").as_int(1, kAtlacoyaMaxPlayers) != static_cast<std::int64_t>(player) + 1)
        e.at("player").fail("expected player " + std::to_string(player + 1) + " here");
    LoggedPlay out;
    out.entry = e.json();
    out.play.bid = static_cast<int>(e.at("bid").as_int(0, 99));
    read_stones(e.at("stones"), board, out);
    for (const JsonPlace& s : e.at("steps").items()) {
        const std::string step = s.as_string();
        if (step != "token" && step != "stop") s.fail("expected token or stop");
        out.play.steps.push_back(step == "token" ? AtlacoyaStep::Token : AtlacoyaStep::Stop);
    }
    if (const JsonPlace c = e.at("choice"); !c.is_null()) {
        if (c.as_string() != "green" && c.as_string() != "red") c.fail("expected green, red or null");
        out.play.choice = c.as_string() == "green" ? AtlacoyaChoice::Green : AtlacoyaChoice::Red;
    }
    check_result_types(e);
    return out;
}

LoggedDay read_day(const LogLine& line, int day, const std::vector<Board>& boards) {
    const JsonPlace p(line.json, line.where);
    p.expect_only_keys({"kind", "day", "row", "plays"});
    expect_kind(p, "day");
    if (p.at("day").as_int(1, kAtlacoyaDays) != day)
        p.at("day").fail("expected day " + std::to_string(day) + " here");
    const JsonPlace row = p.at("row");
    row.expect_object();
    if (row.has("board"))
        row.at("board").fail("the row carries no board: each player's is in the setup line");
    LoggedDay out;
    out.where = line.where;
    for (const Board& b : boards) {
        Json full = row.json();
        full["board"] = board_to_json(b);
        out.rows.push_back(parse_challenge(JsonPlace(full, line.where, "row"), line.where));
    }
    const JsonPlace plays = p.at("plays");
    if (plays.size() != boards.size())
        plays.fail("expected one entry per player (" + std::to_string(boards.size()) + ")");
    for (std::size_t q = 0; q < boards.size(); ++q) out.plays.push_back(read_play(plays.at(q), q, boards[q]));
    return out;
}

void check_end_types(const JsonPlace& p, std::size_t players) {
    p.expect_only_keys({"kind", "points", "tokens", "ranking"});
    expect_kind(p, "end");
    for (const char* key : {"points", "tokens"}) {
        const JsonPlace list = p.at(key);
        if (list.size() != players) list.fail("expected one number per player");
        for (const JsonPlace& v : list.items()) v.as_int(-1000000, 1000000);
    }
    for (const JsonPlace& r : p.at("ranking").items()) {
        r.expect_only_keys({"place", "player", "points", "tokens"});
        r.at("place").as_int(1, kAtlacoyaMaxPlayers);
        r.at("player").as_int(1, kAtlacoyaMaxPlayers);
        r.at("points").as_int(-1000000, 1000000);
        r.at("tokens").as_int(-1000000, 1000000);
    }
}

LoggedGame read_game(const std::string& name, const std::string& content) {
    const std::vector<LogLine> lines = parse_json_lines(name, content, "lines of an Atlacoya log");
    LoggedGame game;
    read_setup(lines.front(), game);
    const std::size_t expected = 1 + kAtlacoyaDays + 1;
    for (std::size_t i = 1; i < std::min(lines.size(), expected - 1); ++i)
        game.days.push_back(read_day(lines[i], static_cast<int>(i), game.boards));
    if (lines.size() < expected)
        throw InputError(
            lines.back().where, "",
            "the log ends here, before its " + std::to_string(kAtlacoyaDays) + " days and its end line");
    if (lines.size() > expected) throw InputError(lines[expected].where, "", "a line after the end line");
    check_end_types(JsonPlace(lines.back().json, lines.back().where), game.boards.size());
    game.end = lines.back().json;
    return game;
}

std::string differs(const std::string& step, const std::string& key, const Json& recorded,
                    const Json& rules) {
    return step + ": " + key + " recorded " + recorded.dump() + ", the rules give " + rules.dump();
}

// Plays one recorded day on `state`; the first wrong step, if any (the state is then left as is).
std::optional<std::string> check_day(const LoggedDay& d, int day, const AtlacoyaPoints& points,
                                     const std::vector<Board>& boards, AtlacoyaState& state) {
    std::vector<AtlacoyaPlay> plays;
    for (std::size_t p = 0; p < d.plays.size(); ++p) {
        const LoggedPlay& lp = d.plays[p];
        const std::string step = "day " + std::to_string(day) + ", player " + std::to_string(p + 1);
        std::optional<std::string> why = lp.stone_fault;
        if (!why) why = why_illegal(d.rows[p], state.tokens[p], lp.play);
        if (why) return step + ": illegal play: " + *why;
        const AtlacoyaOutcome o = resolve(d.rows[p], points, state.tokens[p], lp.play);
        const Json rules = atlacoya_play_entry(static_cast<int>(p) + 1, boards[p], lp.play, o,
                                               state.points[p] + o.points, state.tokens[p] - o.tokens_lost);
        for (const std::string& key : kResultKeys)
            if (lp.entry.at(key) != rules.at(key)) return differs(step, key, lp.entry.at(key), rules.at(key));
        plays.push_back(lp.play);
    }
    play_day(state, d.rows, points, plays);
    return std::nullopt;
}

std::optional<std::string> check_setup(const LoggedGame& game) {
    for (std::size_t p = 0; p < game.boards.size(); ++p)
        for (std::size_t q = p + 1; q < game.boards.size(); ++q)
            if (game.boards[p].id == game.boards[q].id)
                return "setup: players " + std::to_string(p + 1) + " and " + std::to_string(q + 1) +
                       " play the same board side " + game.boards[p].id;
    return std::nullopt;
}

}  // namespace

AtlacoyaReplay replay_atlacoya(const std::string& name, const std::string& content) {
    const LoggedGame game = read_game(name, content);
    AtlacoyaReplay out;
    out.players = static_cast<int>(game.boards.size());
    out.days = static_cast<int>(game.days.size());
    if ((out.wrong = check_setup(game))) return out;
    AtlacoyaState state(out.players);
    for (std::size_t d = 0; d < game.days.size(); ++d)
        if ((out.wrong = check_day(game.days[d], static_cast<int>(d) + 1, game.points, game.boards, state)))
            return out;
    const Json rules = atlacoya_end_line(state, atlacoya_places(state));
    for (const char* key : {"points", "tokens", "ranking"})
        if (game.end.at(key) != rules.at(key)) {
            out.wrong = "end: " + std::string(key) + " recorded " + game.end.at(key).dump() +
                        ", the game gives " + rules.at(key).dump();
            return out;
        }
    return out;
}

}  // namespace tlaloc::xalapa
