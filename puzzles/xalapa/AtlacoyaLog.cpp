#include "puzzles/xalapa/AtlacoyaLog.h"
#include "model/common/LogFormat.h"
#include "puzzles/xalapa/LogCells.h"

#include <algorithm>

namespace tlaloc::xalapa {

namespace {

// Challenges are numbered from 1 in the log, as at the table.
Json numbers_json(const std::vector<int>& positions) {
    Json out = Json::array();
    for (int c : positions) out.push_back(c + 1);
    return out;
}

Json met_json(const std::vector<bool>& met) {
    std::vector<int> positions;
    for (std::size_t c = 0; c < met.size(); ++c)
        if (met[c]) positions.push_back(static_cast<int>(c));
    return numbers_json(positions);
}

}  // namespace

Json atlacoya_play_entry(int player, const Board& board, const AtlacoyaPlay& play, const AtlacoyaOutcome& o,
                         int total, int tokens_left) {
    Json steps = Json::array();
    for (AtlacoyaStep s : play.steps) steps.push_back(to_string(s));
    return {{"player", player},
            {"bid", play.bid},
            {"stones", log_cells_json(board, play.stones)},
            {"steps", steps},
            {"choice", play.choice ? Json(to_string(*play.choice)) : Json(nullptr)},
            {"met", met_json(o.met)},
            {"covered", numbers_json(o.covered)},
            {"stopped_at", o.stopped_at ? Json(*o.stopped_at + 1) : Json(nullptr)},
            {"scored", to_string(o.scored)},
            {"points", o.points},
            {"tokens_laid", o.tokens_laid},
            {"tokens_lost", o.tokens_lost},
            {"tokens_recovered", o.tokens_recovered},
            {"total", total},
            {"tokens_left", tokens_left}};
}

Json atlacoya_row_json(const Challenge& row) {
    Json j = challenge_to_json(row);
    j.erase("board");
    if (j.contains("cards")) j["cards"]["board"] = "";
    return j;
}

Json atlacoya_piles_json(const AtlacoyaPileSizes& piles) {
    return {{"positions", piles.positions}, {"novice", piles.novice}, {"intermediate", piles.intermediate}};
}

Json atlacoya_setup_line(const AtlacoyaSetup& setup) {
    Json players = Json::array();
    for (std::size_t p = 0; p < setup.seats.size(); ++p)
        players.push_back({{"player", p + 1},
                           {"bot", to_string(setup.seats[p].bot)},
                           {"board", board_to_json(setup.seats[p].board)}});
    return {{"kind", "setup"},
            {"format", log_format_text(kAtlacoyaLog)},
            {"seed", setup.seed},
            {"players", players},
            {"points", atlacoya_points_to_json(setup.points)}};
}

Json atlacoya_day_line(int day, const AtlacoyaDay& d, const std::vector<Board>& boards) {
    Json plays = Json::array();
    for (std::size_t p = 0; p < d.plays.size(); ++p)
        plays.push_back(atlacoya_play_entry(static_cast<int>(p) + 1, boards[p], d.plays[p], d.outcomes[p],
                                            d.points[p], d.tokens[p]));
    return {{"kind", "day"},
            {"day", day},
            {"row", atlacoya_row_json(d.row)},
            {"piles", atlacoya_piles_json(d.piles)},
            {"plays", plays}};
}

Json atlacoya_end_line(const AtlacoyaState& state, const std::vector<int>& places) {
    std::vector<std::size_t> order(places.size());
    for (std::size_t p = 0; p < order.size(); ++p) order[p] = p;
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return places[a] < places[b]; });
    Json ranking = Json::array();
    for (std::size_t p : order)
        ranking.push_back({{"place", places[p]},
                           {"player", p + 1},
                           {"points", state.points[p]},
                           {"tokens", state.tokens[p]}});
    return {{"kind", "end"}, {"points", state.points}, {"tokens", state.tokens}, {"ranking", ranking}};
}

std::string atlacoya_log_text(const AtlacoyaGame& game) {
    std::vector<Board> boards;
    for (const AtlacoyaSeat& s : game.setup.seats) boards.push_back(s.board);
    std::string out = atlacoya_setup_line(game.setup).dump() + "\n";
    for (std::size_t d = 0; d < game.days.size(); ++d)
        out += atlacoya_day_line(static_cast<int>(d) + 1, game.days[d], boards).dump() + "\n";
    return out + atlacoya_end_line(game.state, game.places).dump() + "\n";
}

}  // namespace tlaloc::xalapa
