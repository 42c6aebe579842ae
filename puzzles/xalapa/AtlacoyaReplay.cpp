// Replaying an Atlacoya log: every line is read and typed first (a malformed log is bad input), then
// the game is dealt again from the seed and played again from the recorded plays, and everything the
// log records is compared with what the seed and the rules give.
#include <algorithm>

#include "model/common/LogFormat.h"
#include "puzzles/xalapa/AtlacoyaLog.h"
#include "puzzles/xalapa/Deal.h"
#include "puzzles/xalapa/LogCells.h"

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
    Json row, piles;  // as recorded
    std::vector<LoggedPlay> plays;
};

struct LoggedGame {
    std::uint64_t seed = 0;
    std::vector<AtlacoyaBot> bots;
    std::vector<Board> boards;  // as recorded, to read the stones on
    Json setup;                 // the setup line as recorded
    std::vector<LoggedDay> days;
    Json end;
};

// The results a day entry records, in the order they are compared.
const std::vector<std::string> kResultKeys = {"met",    "covered",     "stopped_at",  "scored",
                                              "points", "tokens_laid", "tokens_lost", "tokens_recovered",
                                              "total",  "tokens_left"};

void read_setup(const LogLine& line, LoggedGame& game) {
    const JsonPlace p(line.json, line.where);
    expect_log_kind(p, "setup");
    check_log_format(p, kAtlacoyaLog);
    p.expect_only_keys({"kind", "format", "seed", "players", "points"});
    game.seed = static_cast<std::uint64_t>(p.at("seed").as_int(0, kAtlacoyaMaxSeed));
    const JsonPlace players = p.at("players");
    if (players.size() < kAtlacoyaMinPlayers || players.size() > kAtlacoyaMaxPlayers)
        players.fail("an Atlacoya game has 2 to 6 players, not " + std::to_string(players.size()));
    for (const JsonPlace& seat : players.items()) {
        seat.expect_only_keys({"player", "bot", "board"});
        if (seat.at("player").as_int(1, kAtlacoyaMaxPlayers) !=
            static_cast<std::int64_t>(game.boards.size()) + 1)
            seat.at("player").fail("players are numbered 1, 2, ... in order");
        // A person's seat (a game played in the studio) is "human": the replay asks no bot, so any
        // stands in for it when the seats are dealt again.
        const std::string name = seat.at("bot").as_string();
        const auto bot = name == "human" ? std::optional(AtlacoyaBot::Cautious) : parse_atlacoya_bot(name);
        if (!bot) seat.at("bot").fail("expected cautious, greedy or human");
        game.bots.push_back(*bot);
        game.boards.push_back(parse_board(seat.at("board")));
    }
    parse_atlacoya_points(p.at("points"));  // its form; its values are compared with the shipped table
    game.setup = line.json;
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
    out.play.stones = read_log_cells(e.at("stones"), board, out.stone_fault);
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

// A row may name only cards the catalogue has (and the board's printed numbers).
void check_card_names(const JsonPlace& row, const Catalogue& cat) {
    const auto cards = row.get("cards");
    if (!cards) return;
    for (const JsonPlace& column : cards->at("columns").items())
        for (const char* face : {"top", "bottom"}) {
            const JsonPlace id = column.at(face);
            if (!printed_number(id.as_string()) && !cat.find_card(id.as_string()))
                id.fail("unknown oracle card \"" + id.as_string() + "\"");
        }
    const JsonPlace position = cards->at("position");
    if (std::none_of(cat.positions.begin(), cat.positions.end(),
                     [&](const PositionCard& c) { return c.id == position.as_string(); }))
        position.fail("unknown position card \"" + position.as_string() + "\"");
}

void check_pile_types(const JsonPlace& piles) {
    piles.expect_only_keys({"positions", "novice", "intermediate"});
    for (const char* key : {"positions", "novice", "intermediate"}) piles.at(key).as_int(0, 1000);
}

LoggedDay read_day(const LogLine& line, int day, const std::vector<Board>& boards, const Catalogue& cat) {
    const JsonPlace p(line.json, line.where);
    p.expect_only_keys({"kind", "day", "row", "piles", "plays"});
    expect_log_kind(p, "day");
    if (p.at("day").as_int(1, kAtlacoyaDays) != day)
        p.at("day").fail("expected day " + std::to_string(day) + " here");
    const JsonPlace row = p.at("row");
    row.expect_object();
    if (row.has("board"))
        row.at("board").fail("the row carries no board: each player's is in the setup line");
    Json full = row.json();
    full["board"] = board_to_json(boards.front());
    parse_challenge(JsonPlace(full, line.where, "row"), line.where);  // its form; the seed gives its values
    check_card_names(row, cat);
    check_pile_types(p.at("piles"));
    LoggedDay out;
    out.where = line.where;
    out.row = row.json();
    out.piles = p.at("piles").json();
    const JsonPlace plays = p.at("plays");
    if (plays.size() != boards.size())
        plays.fail("expected one entry per player (" + std::to_string(boards.size()) + ")");
    for (std::size_t q = 0; q < boards.size(); ++q) out.plays.push_back(read_play(plays.at(q), q, boards[q]));
    return out;
}

void check_end_types(const JsonPlace& p, std::size_t players) {
    p.expect_only_keys({"kind", "points", "tokens", "ranking"});
    expect_log_kind(p, "end");
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

LoggedGame read_game(const Catalogue& cat, const std::string& name, const std::string& content) {
    const std::vector<LogLine> lines = parse_json_lines(name, content, "lines of an Atlacoya log");
    LoggedGame game;
    read_setup(lines.front(), game);
    const std::size_t expected = 1 + kAtlacoyaDays + 1;
    for (std::size_t i = 1; i < std::min(lines.size(), expected - 1); ++i)
        game.days.push_back(read_day(lines[i], static_cast<int>(i), game.boards, cat));
    if (lines.size() < expected)
        throw InputError(
            lines.back().where, "",
            "the log ends here, before its " + std::to_string(kAtlacoyaDays) + " days and its end line");
    if (lines.size() > expected) throw InputError(lines[expected].where, "", "a line after the end line");
    check_end_types(JsonPlace(lines.back().json, lines.back().where), game.boards.size());
    game.end = lines.back().json;
    return game;
}

// The seats' board sides must be the ones the seed chooses, and the points table the shipped one.
std::optional<std::string> check_setup(const LoggedGame& game, const AtlacoyaSetup& dealt) {
    const Json& players = game.setup.at("players");
    for (std::size_t p = 0; p < dealt.seats.size(); ++p)
        if (auto d = first_json_difference(players[p].at("board"), board_to_json(dealt.seats[p].board),
                                           "players[" + std::to_string(p) + "].board", "the seed gives"))
            return "setup: " + *d;
    if (auto d = first_json_difference(game.setup.at("points"), atlacoya_points_to_json(dealt.points),
                                       "points", "the shipped table gives"))
        return "setup: " + *d;
    return std::nullopt;
}

// Plays one recorded day on `state`, on the rows dealt from the seed (rows[p] on player p's board);
// the first wrong step, if any (the state is then left as is).
std::optional<std::string> check_day(const LoggedDay& d, int day, const std::vector<Challenge>& rows,
                                     const AtlacoyaPoints& points, AtlacoyaState& state) {
    std::vector<AtlacoyaPlay> plays;
    for (std::size_t p = 0; p < d.plays.size(); ++p) {
        const LoggedPlay& lp = d.plays[p];
        const std::string step = "day " + std::to_string(day) + ", player " + std::to_string(p + 1);
        std::optional<std::string> why = lp.stone_fault;
        if (!why) why = why_illegal(rows[p], state.tokens[p], lp.play);
        if (why) return step + ": illegal play: " + *why;
        const AtlacoyaOutcome o = resolve(rows[p], points, state.tokens[p], lp.play);
        const Json rules = atlacoya_play_entry(static_cast<int>(p) + 1, rows[p].board, lp.play, o,
                                               state.points[p] + o.points, state.tokens[p] - o.tokens_lost);
        if (auto d = first_differing_key(lp.entry, rules, kResultKeys)) return step + ": " + *d;
        plays.push_back(lp.play);
    }
    play_day(state, rows, points, plays);
    return std::nullopt;
}

// Deals the day's row from the piles and compares it, and the piles left, with the record.
std::optional<std::string> check_deal(const LoggedDay& d, int day, const Catalogue& cat, AtlacoyaPiles& piles,
                                      const AtlacoyaSetup& dealt, std::vector<Challenge>& rows) {
    const Challenge row = deal_atlacoya_day(cat, piles, dealt.seats.front().board);
    const std::string step = "day " + std::to_string(day) + ": ";
    if (auto diff = first_json_difference(d.row, atlacoya_row_json(row), "row", "the seed deals"))
        return step + *diff;
    if (auto diff = first_json_difference(d.piles, atlacoya_piles_json(pile_sizes(piles)), "piles",
                                          "the seed leaves"))
        return step + *diff;
    rows.clear();
    for (const AtlacoyaSeat& seat : dealt.seats) rows.push_back(row_on_board(row, seat.board));
    return std::nullopt;
}

std::optional<std::string> check_game(const Catalogue& cat, const AtlacoyaPoints& points,
                                      const LoggedGame& game) {
    const AtlacoyaSetup dealt = setup_atlacoya(cat, game.seed, game.bots, points);
    if (auto why = check_setup(game, dealt)) return why;
    AtlacoyaPiles piles = atlacoya_piles(cat, game.seed);
    AtlacoyaState state(static_cast<int>(dealt.seats.size()));
    std::vector<Challenge> rows;
    for (std::size_t d = 0; d < game.days.size(); ++d) {
        const int day = static_cast<int>(d) + 1;
        if (auto why = check_deal(game.days[d], day, cat, piles, dealt, rows)) return why;
        if (auto why = check_day(game.days[d], day, rows, points, state)) return why;
    }
    const Json rules = atlacoya_end_line(state, atlacoya_places(state));
    if (auto d = first_differing_key(game.end, rules, {"points", "tokens", "ranking"}, "the game gives"))
        return "end: " + *d;
    return std::nullopt;
}

}  // namespace

AtlacoyaReplay replay_atlacoya(const Catalogue& cat, const AtlacoyaPoints& points, const std::string& name,
                               const std::string& content) {
    const LoggedGame game = read_game(cat, name, content);
    AtlacoyaReplay out;
    out.players = static_cast<int>(game.boards.size());
    out.days = static_cast<int>(game.days.size());
    out.wrong = check_game(cat, points, game);
    return out;
}

AtlacoyaReplay replay_atlacoya(const std::string& name, const std::string& content) {
    return replay_atlacoya(load_catalogue(), load_atlacoya_points(), name, content);
}

}  // namespace tlaloc::xalapa
