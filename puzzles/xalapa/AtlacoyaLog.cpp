#include "puzzles/xalapa/AtlacoyaLog.h"

#include <algorithm>

#include "model/xalapa/Challenge.h"

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

Json atlacoya_outcome_json(const AtlacoyaOutcome& o, int total, int tokens_left) {
    return {{"met", met_json(o.met)},
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

Json atlacoya_ranking_json(const AtlacoyaState& state, const std::vector<int>& places) {
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
    return ranking;
}

}  // namespace tlaloc::xalapa
