#include "cli/StudioPlay.h"

#include <algorithm>

#include "cli/XalapaAnswers.h"
#include "model/common/InputError.h"
#include "puzzles/xalapa/SevenDayLog.h"
#include "solver/common/SearchLimit.h"

namespace tlaloc::cli {

using namespace tlaloc::xalapa;

namespace {

SevenDaySetup read_setup(const JsonPlace& body, const Catalogue& cat) {
    body.expect_only_keys({"players", "level", "seed", "hourglass", "experts", "plays"});
    const JsonPlace list = body.at("players");
    if (list.size() < kSevenDayMinPlayers || list.size() > kSevenDayMaxPlayers)
        list.fail("a game of Xalapa has 2 to 6 players, not " + std::to_string(list.size()));
    std::vector<SeatPlayer> players;
    for (const JsonPlace& p : list.items()) {
        const auto player = parse_seat_player(p.as_string());
        if (!player) p.fail(std::string("expected ") + kSeatPlayerNames);
        players.push_back(*player);
    }
    if (std::count(players.begin(), players.end(), SeatPlayer::Human) != 1)
        list.fail("the studio plays one person against bots: exactly one seat is \"human\"");
    const auto level = parse_level(body.at("level").as_string());
    if (!level) body.at("level").fail("expected basic, 1, 2, 3, 4 or 5");
    std::vector<bool> experts(players.size(), experts_by_default(*level));
    if (const auto e = body.get("experts")) {
        if (e->size() != players.size()) e->fail("expected one true or false per seat");
        for (std::size_t p = 0; p < players.size(); ++p) experts[p] = e->at(p).as_bool();
    }
    return setup_seven_days(cat, static_cast<std::uint64_t>(body.at("seed").as_int(0, kSevenDayMaxSeed)),
                            *level, players, experts,
                            static_cast<int>(body.at("hourglass").as_int(1, kMaxHourglass)));
}

// The person's answer for the day, checked before the game takes it.
SevenDayPlay read_play(const JsonPlace& e, const SevenDayGame& game, int seat, std::optional<int> first) {
    e.expect_only_keys({"stones", "done_at"});
    SevenDayPlay play;
    play.stones = stones_from_json(e.at("stones"), game.setup().seats[static_cast<std::size_t>(seat)].board);
    if (!e.at("done_at").is_null()) play.done_at = static_cast<int>(e.at("done_at").as_int(0, kMaxDoneAt));
    if (auto why = game.why_illegal(seat, play)) e.fail(*why);
    const std::optional<int> start =
        play.done_at && (!first || *play.done_at < *first) ? play.done_at : first;
    if (play.done_at && start && *play.done_at > hourglass_end(*start, game.setup().hourglass))
        e.at("done_at").fail("said after the hourglass ran out");
    if (!start) e.at("done_at").fail("nobody said done");
    return play;
}

Json day_json(const Catalogue& cat, const SevenDayGame& game, int day) {
    const SevenDayDay& d = game.days()[static_cast<std::size_t>(day) - 1];
    const SevenDaySetup& setup = game.setup();
    Json plays = Json::array();
    for (std::size_t p = 0; p < d.plays.size(); ++p)
        plays.push_back(seven_day_play_line(day, static_cast<int>(p), setup.seats[p].board, d.plays[p],
                                            d.results[p], d.totals[p]));
    return {{"day", seven_day_day_line(day, d, day_challenge(cat, d.cards, setup.seats.front().board))},
            {"plays", plays},
            {"scores", seven_day_scores_line(day, d, setup.hourglass)}};
}

// The day to play: the person's challenge (on their board) and when each bot will say done.
Json today_json(const SevenDayGame& game, int human) {
    const SevenDaySetup& setup = game.setup();
    Json bots = Json::array();
    for (std::size_t p = 0; p < setup.seats.size(); ++p)
        if (setup.seats[p].player != SeatPlayer::Human)
            bots.push_back(
                {{"seat", p + 1},
                 {"player", to_string(setup.seats[p].player)},
                 {"done_at", bot_think(setup.seats[p].player, setup.seed, game.day(), static_cast<int>(p))}});
    return {{"day", seven_day_day_line(game.day(), game.days().back(), game.challenge())},
            {"challenge", challenge_to_json(game.seat_challenge(human))},
            {"bots", bots}};
}

}  // namespace

Json seven_day_step(const Json& j, const std::string& file, const Catalogue& cat, unsigned seconds) {
    const JsonPlace body(j, file);
    SevenDayGame game(cat, read_setup(body, cat));
    const auto& seats = game.setup().seats;
    const int human =
        static_cast<int>(std::find_if(seats.begin(), seats.end(),
                                      [](const SevenDaySeat& s) { return s.player == SeatPlayer::Human; }) -
                         seats.begin());
    const JsonPlace plays = body.at("plays");
    if (plays.size() > static_cast<std::size_t>(kSevenDays)) plays.fail("a game has 7 days");
    const solver::Deadline deadline(seconds);
    ChallengeSolver solver;
    solver.set_deadline(&deadline);
    for (const JsonPlace& e : plays.items())
        play_day(solver, game, [&](const SevenDayGame& g, int seat, std::optional<int> first) {
            return read_play(e, g, seat, first);
        });
    Json days = Json::array();
    const int done = game.over() ? kSevenDays : game.day() - 1;
    for (int d = 1; d <= done; ++d) days.push_back(day_json(cat, game, d));
    Json out = {{"seat", human + 1},
                {"over", game.over()},
                {"setup", seven_day_setup_line(game.setup())},
                {"days", days},
                {"totals", game.totals()}};
    if (game.over()) {
        out["end"] = seven_day_end_line(game.totals(), game.places());
        out["log"] = seven_day_log_text(cat, game);
    } else {
        out["today"] = today_json(game, human);
    }
    return out;
}

}  // namespace tlaloc::cli
