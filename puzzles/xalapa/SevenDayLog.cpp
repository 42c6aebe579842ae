#include <algorithm>

#include "model/common/LogFormat.h"
#include "puzzles/xalapa/LogCells.h"
#include "puzzles/xalapa/SevenDayLog.h"

namespace tlaloc::xalapa {

std::vector<std::string> challenge_words(const Challenge& c) {
    std::vector<std::string> out;
    if (c.formation && c.cards)
        out.push_back(std::to_string(c.formation->cells.size()) + " stones in the shape of " +
                      c.cards->position);
    for (const Task& t : c.tasks) out.push_back(t.describe());
    return out;
}

Json seven_day_setup_line(const SevenDaySetup& setup) {
    Json seats = Json::array();
    for (std::size_t p = 0; p < setup.seats.size(); ++p)
        seats.push_back({{"seat", p + 1},
                         {"player", to_string(setup.seats[p].player)},
                         {"expert", setup.seats[p].expert},
                         {"board", setup.seats[p].board.id}});
    return {{"kind", "setup"},
            {"format", log_format_text(kSevenDayLog)},
            {"seed", setup.seed},
            {"level", to_string(setup.level)},
            {"hourglass", setup.hourglass},
            {"seats", seats}};
}

Json seven_day_day_line(int day, const SevenDayDay& d, const Challenge& challenge) {
    Json columns = Json::array();
    for (const DealtColumn& c : d.cards.columns) columns.push_back({{"top", c.top}, {"bottom", c.bottom}});
    return {{"kind", "day"},
            {"day", day},
            {"position", d.cards.position},
            {"position_side", d.cards.position_side},
            {"columns", columns},
            {"challenges", challenge_words(challenge)},
            {"piles",
             {{"positions", d.piles.positions},
              {"features", d.piles.features},
              {"intermediate", d.piles.intermediate},
              {"expert", d.piles.expert}}}};
}

Json seven_day_play_line(int day, int seat, const Board& board, const SevenDayPlay& play,
                         const SevenDayResult& r, int total) {
    Json met = Json::array(), unmet = Json::array();
    for (std::size_t c = 0; c < r.met.size(); ++c) (r.met[c] ? met : unmet).push_back(c + 1);
    Json j = {{"kind", "play"},
              {"day", day},
              {"seat", seat + 1},
              {"stones", log_cells_json(board, play.stones)},
              {"done_at", play.done_at ? Json(*play.done_at) : Json(nullptr)}};
    if (play.plan) j["plan"] = log_cells_json(board, *play.plan);
    j["met"] = met;
    j["unmet"] = unmet;
    j["penalty"] = r.penalty;
    j["total"] = total;
    return j;
}

Json seven_day_scores_line(int day, const SevenDayDay& d, int hourglass_seconds) {
    const std::optional<int> first = first_done(d.plays);
    Json penalties = Json::array();
    for (const SevenDayResult& r : d.results) penalties.push_back(r.penalty);
    return {{"kind", "scores"},
            {"day", day},
            {"first_done", first ? Json(*first) : Json(nullptr)},
            {"hourglass_end", first ? Json(hourglass_end(*first, hourglass_seconds)) : Json(nullptr)},
            {"penalties", penalties},
            {"totals", d.totals}};
}

Json seven_day_end_line(const std::vector<int>& totals, const std::vector<int>& places) {
    std::vector<std::size_t> order(places.size());
    for (std::size_t p = 0; p < order.size(); ++p) order[p] = p;
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return places[a] < places[b]; });
    Json ranking = Json::array(), winners = Json::array();
    for (std::size_t p : order) {
        ranking.push_back({{"place", places[p]}, {"seat", p + 1}, {"total", totals[p]}});
        if (places[p] == 1) winners.push_back(p + 1);
    }
    return {{"kind", "end"}, {"totals", totals}, {"ranking", ranking}, {"winners", winners}};
}

std::string seven_day_log_text(const Catalogue& cat, const SevenDayGame& game) {
    const SevenDaySetup& setup = game.setup();
    std::string out = seven_day_setup_line(setup).dump() + "\n";
    for (std::size_t d = 0; d < game.days().size(); ++d) {
        const SevenDayDay& day = game.days()[d];
        const int number = static_cast<int>(d) + 1;
        out +=
            seven_day_day_line(number, day, day_challenge(cat, day.cards, setup.seats.front().board)).dump() +
            "\n";
        for (std::size_t p = 0; p < day.plays.size(); ++p)
            out += seven_day_play_line(number, static_cast<int>(p), setup.seats[p].board, day.plays[p],
                                       day.results[p], day.totals[p])
                       .dump() +
                   "\n";
        out += seven_day_scores_line(number, day, setup.hourglass).dump() + "\n";
    }
    return out + seven_day_end_line(game.totals(), game.places()).dump() + "\n";
}

}  // namespace tlaloc::xalapa
