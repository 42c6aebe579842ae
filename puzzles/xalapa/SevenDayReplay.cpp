// Replaying a seven-day game log: every line is read and typed first (a malformed log is bad input),
// then the game is set up and dealt again from the seed, the bots are asked again, the race is run
// again from the times, and every recorded card, stone, time and score is compared with what the
// seed and the rules give.
#include <algorithm>

#include "model/common/LogFormat.h"
#include "model/xalapa/Evaluation.h"
#include "puzzles/xalapa/LogCells.h"
#include "puzzles/xalapa/SevenDayLog.h"

namespace tlaloc::xalapa {

namespace {

struct LoggedPlay {
    SevenDayPlay play;
    std::optional<std::string> stone_fault;  // a stone off the board or two on one field
    bool has_plan = false;
    Json entry;  // as recorded
};

struct LoggedDay {
    Json line;  // as recorded
    std::vector<LoggedPlay> plays;
    Json scores;  // the day's scores line as recorded
};

struct LoggedGame {
    std::uint64_t seed = 0;
    Level level = Level::Basic;
    int hourglass = kDefaultHourglass;
    std::vector<SeatPlayer> players;
    std::vector<bool> experts;
    std::vector<std::string> boards;
    std::vector<LoggedDay> days;
    Json end;
};

void read_setup(const JsonLine& line, const Catalogue& cat, LoggedGame& game) {
    const JsonPlace p(line.json, line.where);
    expect_log_kind(p, "setup");
    check_log_format(p, kSevenDayLog);
    p.expect_only_keys({"kind", "format", "seed", "level", "hourglass", "seats"});
    game.seed = static_cast<std::uint64_t>(p.at("seed").as_int(0, kSevenDayMaxSeed));
    const auto level = parse_level(p.at("level").as_string());
    if (!level) p.at("level").fail("expected basic, 1, 2, 3, 4 or 5");
    game.level = *level;
    game.hourglass = static_cast<int>(p.at("hourglass").as_int(1, kMaxHourglass));
    const JsonPlace seats = p.at("seats");
    if (seats.size() < kSevenDayMinPlayers || seats.size() > kSevenDayMaxPlayers)
        seats.fail("a game of Xalapa has 2 to 6 players, not " + std::to_string(seats.size()));
    for (const JsonPlace& seat : seats.items()) {
        seat.expect_only_keys({"seat", "player", "expert", "board"});
        if (seat.at("seat").as_int(1, kSevenDayMaxPlayers) !=
            static_cast<std::int64_t>(game.players.size()) + 1)
            seat.at("seat").fail("seats are numbered 1, 2, ... in order");
        const auto player = parse_seat_player(seat.at("player").as_string());
        if (!player) seat.at("player").fail(std::string("expected ") + kSeatPlayerNames);
        game.players.push_back(*player);
        game.experts.push_back(seat.at("expert").as_bool());
        const std::string board = seat.at("board").as_string();
        if (!cat.board(board)) seat.at("board").fail("unknown board side \"" + board + "\"");
        game.boards.push_back(board);
    }
}

LoggedPlay read_play(const JsonLine& line, int day, std::size_t seat, const Board& board) {
    const JsonPlace p(line.json, line.where);
    expect_log_kind(p, "play");
    p.expect_only_keys(
        {"kind", "day", "seat", "stones", "done_at", "plan", "met", "unmet", "penalty", "total"});
    if (p.at("day").as_int(1, kSevenDays) != day)
        p.at("day").fail("expected day " + std::to_string(day) + " here");
    if (p.at("seat").as_int(1, kSevenDayMaxPlayers) != static_cast<std::int64_t>(seat) + 1)
        p.at("seat").fail("expected seat " + std::to_string(seat + 1) + " here");
    LoggedPlay out;
    out.entry = line.json;
    out.play.stones = read_log_cells(p.at("stones"), board, out.stone_fault);
    if (!p.at("done_at").is_null())
        out.play.done_at = static_cast<int>(p.at("done_at").as_int(0, kMaxDoneAt));
    if (const auto plan = p.get("plan")) {
        std::optional<std::string> fault;
        out.play.plan = read_log_cells(*plan, board, fault);
        out.has_plan = true;
        if (fault && !out.stone_fault) out.stone_fault = "its plan has " + *fault;
    }
    for (const char* key : {"met", "unmet"})
        for (const JsonPlace& c : p.at(key).items()) c.as_int(1, 7);
    p.at("penalty").as_int(0, 1000);
    p.at("total").as_int(0, 100000);
    return out;
}

void read_day(const JsonLine& line, int day, const Catalogue& cat) {
    const JsonPlace p(line.json, line.where);
    expect_log_kind(p, "day");
    p.expect_only_keys({"kind", "day", "position", "position_side", "columns", "challenges", "piles"});
    if (p.at("day").as_int(1, kSevenDays) != day)
        p.at("day").fail("expected day " + std::to_string(day) + " here");
    const JsonPlace position = p.at("position");
    if (std::none_of(cat.positions.begin(), cat.positions.end(),
                     [&](const PositionCard& c) { return c.id == position.as_string(); }))
        position.fail("unknown position card \"" + position.as_string() + "\"");
    p.at("position_side").as_int(3, 4);
    for (const JsonPlace& column : p.at("columns").items()) {
        column.expect_only_keys({"top", "bottom"});
        for (const char* face : {"top", "bottom"}) {
            const JsonPlace id = column.at(face);
            if (!printed_number(id.as_string()) && !cat.find_card(id.as_string()))
                id.fail("unknown oracle card \"" + id.as_string() + "\"");
        }
    }
    for (const JsonPlace& c : p.at("challenges").items()) c.as_string();
    const JsonPlace piles = p.at("piles");
    piles.expect_only_keys({"positions", "features", "intermediate", "expert"});
    for (const char* key : {"positions", "features", "intermediate", "expert"}) piles.at(key).as_int(0, 1000);
}

void read_scores(const JsonLine& line, int day, std::size_t players) {
    const JsonPlace p(line.json, line.where);
    expect_log_kind(p, "scores");
    p.expect_only_keys({"kind", "day", "first_done", "hourglass_end", "penalties", "totals"});
    if (p.at("day").as_int(1, kSevenDays) != day)
        p.at("day").fail("expected day " + std::to_string(day) + " here");
    for (const char* key : {"first_done", "hourglass_end"})
        if (!p.at(key).is_null()) p.at(key).as_int(0, 2 * kMaxDoneAt);
    for (const char* key : {"penalties", "totals"}) {
        if (p.at(key).size() != players) p.at(key).fail("expected one number per seat");
        for (const JsonPlace& v : p.at(key).items()) v.as_int(0, 100000);
    }
}

void read_end(const JsonPlace& p, std::size_t players) {
    expect_log_kind(p, "end");
    p.expect_only_keys({"kind", "totals", "ranking", "winners"});
    if (p.at("totals").size() != players) p.at("totals").fail("expected one total per seat");
    for (const JsonPlace& v : p.at("totals").items()) v.as_int(0, 100000);
    for (const JsonPlace& r : p.at("ranking").items()) {
        r.expect_only_keys({"place", "seat", "total"});
        r.at("place").as_int(1, kSevenDayMaxPlayers);
        r.at("seat").as_int(1, kSevenDayMaxPlayers);
        r.at("total").as_int(0, 100000);
    }
    for (const JsonPlace& w : p.at("winners").items()) w.as_int(1, kSevenDayMaxPlayers);
}

LoggedGame read_game(const Catalogue& cat, const std::string& name, const std::string& content) {
    const std::vector<JsonLine> lines = parse_json_lines(name, content, "lines of a game log");
    LoggedGame game;
    read_setup(lines.front(), cat, game);
    const std::size_t n = game.players.size();
    const std::size_t expected = 1 + kSevenDays * (2 + n) + 1;
    const std::size_t body = std::min(lines.size(), expected - 1);
    for (std::size_t i = 1; i < body; ++i) {
        const int day = static_cast<int>((i - 1) / (2 + n)) + 1;
        const std::size_t k = (i - 1) % (2 + n);
        if (k == 0) {
            read_day(lines[i], day, cat);
            game.days.push_back({lines[i].json, {}, {}});
        } else if (k == n + 1) {
            read_scores(lines[i], day, n);
            game.days.back().scores = lines[i].json;
        } else {
            game.days.back().plays.push_back(
                read_play(lines[i], day, k - 1, cat.board(game.boards[k - 1])->board));
        }
    }
    if (lines.size() < expected)
        throw InputError(
            lines.back().where, "",
            "the log ends here, before its " + std::to_string(kSevenDays) +
                " days (a day line, a play line per seat and a scores line each) and its end line");
    if (lines.size() > expected) throw InputError(lines[expected].where, "", "a line after the end line");
    read_end(JsonPlace(lines.back().json, lines.back().where), n);
    game.end = lines.back().json;
    return game;
}

struct Replayer {
    ChallengeSolver& solver;
    const Catalogue& cat;
    const LoggedGame& log;
    SevenDaySetup setup;

    std::optional<std::string> check_setup() const {
        for (std::size_t p = 0; p < setup.seats.size(); ++p)
            if (log.boards[p] != setup.seats[p].board.id)
                return "setup: seats[" + std::to_string(p) + "].board recorded \"" + log.boards[p] +
                       "\", the seed gives \"" + setup.seats[p].board.id + "\"";
        return std::nullopt;
    }

    std::optional<std::string> check_plays(const LoggedDay& d, int day, SevenDayGame& game) {
        const std::size_t n = setup.seats.size();
        std::vector<std::optional<BotAnswer>> answers(n);
        std::optional<int> first;
        for (std::size_t p = 0; p < n; ++p) {
            const std::string step = "day " + std::to_string(day) + ", seat " + std::to_string(p + 1);
            const LoggedPlay& lp = d.plays[p];
            if (lp.stone_fault) return step + ": illegal play: " + *lp.stone_fault;
            const SeatPlayer who = setup.seats[p].player;
            const std::optional<int> done = who == SeatPlayer::Human ? lp.play.done_at : std::nullopt;
            if (who != SeatPlayer::Human) {
                // The bot asked again, in the order play asked it: the same answer.
                answers[p] = bot_answer(solver, who, game.seat_challenge(static_cast<int>(p)), setup.seed,
                                        day, static_cast<int>(p));
                if (!first || answers[p]->think < *first) first = answers[p]->think;
            } else if (lp.has_plan) {
                return step + ": a plan is recorded, but only a bot cut off by the hourglass has one";
            }
            if (done && (!first || *done < *first)) first = done;
        }
        const int end = first ? hourglass_end(*first, setup.hourglass) : 0;
        for (std::size_t p = 0; p < n; ++p) {
            const std::string step = "day " + std::to_string(day) + ", seat " + std::to_string(p + 1);
            const LoggedPlay& lp = d.plays[p];
            if (answers[p]) {
                const SevenDayPlay expected = bot_play(setup.seats[p].board, *answers[p], end);
                const Json rules = seven_day_play_line(day, static_cast<int>(p), setup.seats[p].board,
                                                       expected, SevenDayResult{}, 0);
                if (auto diff =
                        first_differing_key(lp.entry, rules, {"done_at", "plan", "stones"}, "the bot gives"))
                    return step + ": " + *diff;
            }
            if (auto why = game.why_illegal(static_cast<int>(p), lp.play))
                return step + ": illegal play: " + *why;
            game.apply(static_cast<int>(p), lp.play);
        }
        const SevenDayDay& scored = game.days()[static_cast<std::size_t>(day) - 1];
        for (std::size_t p = 0; p < n; ++p) {
            const Json rules = seven_day_play_line(day, static_cast<int>(p), setup.seats[p].board,
                                                   scored.plays[p], scored.results[p], scored.totals[p]);
            if (auto diff = first_differing_key(d.plays[p].entry, rules, {"met", "unmet", "penalty", "total"},
                                                "the rules give"))
                return "day " + std::to_string(day) + ", seat " + std::to_string(p + 1) + ": " + *diff;
        }
        if (auto diff =
                first_differing_key(d.scores, seven_day_scores_line(day, scored, setup.hourglass),
                                    {"first_done", "hourglass_end", "penalties", "totals"}, "the rules give"))
            return "day " + std::to_string(day) + " scores: " + *diff;
        return std::nullopt;
    }

    std::optional<std::string> check() {
        if (auto why = check_setup()) return why;
        SevenDayGame game(cat, setup);
        for (std::size_t d = 0; d < log.days.size(); ++d) {
            const int day = static_cast<int>(d) + 1;
            const Json dealt = seven_day_day_line(day, game.days().back(), game.challenge());
            if (auto diff = first_differing_key(
                    log.days[d].line, dealt, {"position", "position_side", "columns", "challenges", "piles"},
                    "the seed deals"))
                return "day " + std::to_string(day) + ": " + *diff;
            if (auto why = check_plays(log.days[d], day, game)) return why;
        }
        const Json rules = seven_day_end_line(game.totals(), game.places());
        if (auto diff =
                first_differing_key(log.end, rules, {"totals", "ranking", "winners"}, "the game gives"))
            return "end: " + *diff;
        return std::nullopt;
    }
};

}  // namespace

SevenDayReplay replay_seven_days(ChallengeSolver& solver, const Catalogue& cat, const std::string& name,
                                 const std::string& content) {
    const LoggedGame log = read_game(cat, name, content);
    SevenDayReplay out;
    out.players = static_cast<int>(log.players.size());
    out.days = static_cast<int>(log.days.size());
    Replayer r{solver, cat, log,
               setup_seven_days(cat, log.seed, log.level, log.players, log.experts, log.hourglass)};
    out.wrong = r.check();
    return out;
}

}  // namespace tlaloc::xalapa
