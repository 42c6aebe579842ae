#include "model/xalapa/AtlacoyaRules.h"

#include <algorithm>
#include <stdexcept>

namespace tlaloc::xalapa {

std::vector<int> atlacoya_order(const Challenge& row) {
    std::vector<int> order;
    if (row.formation) order.push_back(static_cast<int>(row.tasks.size()));
    for (int t = 0; t < static_cast<int>(row.tasks.size()); ++t) order.push_back(t);
    return order;
}

std::vector<bool> atlacoya_met(const Challenge& row, const CellSet& stones) {
    const Evaluation e = evaluate(row, stones);
    std::vector<bool> met;
    for (int t : atlacoya_order(row))
        met.push_back(t == static_cast<int>(row.tasks.size()) ? e.formation_met
                                                              : e.tasks[static_cast<std::size_t>(t)].met);
    return met;
}

AtlacoyaPoints parse_atlacoya_points(const JsonPlace& where) {
    where.expect_only_keys({"placeholder", "note", "bids"});
    AtlacoyaPoints out;
    if (auto p = where.get("placeholder")) out.placeholder = p->as_bool();
    if (auto n = where.get("note")) out.note = n->as_string();
    const JsonPlace bids = where.at("bids");
    std::array<bool, kAtlacoyaHighestBid + 1> seen{};
    for (const JsonPlace& b : bids.items()) {
        b.expect_only_keys({"bid", "green", "red"});
        const auto bid =
            static_cast<std::size_t>(b.at("bid").as_int(kAtlacoyaLowestBid, kAtlacoyaHighestBid));
        if (seen[bid]) b.at("bid").fail("bid " + std::to_string(bid) + " is given twice");
        seen[bid] = true;
        // Points move a marker on a track: a few dozen either way is all a board can print.
        out.green[bid] = static_cast<int>(b.at("green").as_int(-100, 100));
        out.red[bid] = static_cast<int>(b.at("red").as_int(-100, 100));
    }
    for (int bid = kAtlacoyaLowestBid; bid <= kAtlacoyaHighestBid; ++bid)
        if (!seen[static_cast<std::size_t>(bid)]) bids.fail("has no points for bid " + std::to_string(bid));
    return out;
}

AtlacoyaPoints load_atlacoya_points(const std::filesystem::path& file) {
    const Json j = load_json_file(file);
    return parse_atlacoya_points(JsonPlace(j, file.string()));
}

AtlacoyaPoints load_atlacoya_points() {
    return load_atlacoya_points(data_dir() / "puzzles" / "xalapa" / "atlacoya-points.json");
}

Json atlacoya_points_to_json(const AtlacoyaPoints& points) {
    Json bids = Json::array();
    for (std::size_t bid = kAtlacoyaLowestBid; bid <= kAtlacoyaHighestBid; ++bid)
        bids.push_back({{"bid", bid}, {"green", points.green[bid]}, {"red", points.red[bid]}});
    return {{"placeholder", points.placeholder}, {"note", points.note}, {"bids", bids}};
}

const char* to_string(AtlacoyaStep step) { return step == AtlacoyaStep::Token ? "token" : "stop"; }
const char* to_string(AtlacoyaChoice choice) { return choice == AtlacoyaChoice::Green ? "green" : "red"; }

namespace {

std::optional<std::string> why_stones_illegal(const Challenge& row, const CellSet& stones) {
    if ((stones & ~row.board.all_fields()).any()) return std::string("a stone lies outside the board");
    const auto count = static_cast<int>(stones.count());
    if (count > kAtlacoyaStones)
        return std::to_string(count) + " stones, more than the " + std::to_string(kAtlacoyaStones) +
               " a player has";
    return std::nullopt;
}

// Walks the bid's challenges with the play's steps, as the checking at the table goes. Fills `out`
// (without points) and returns why the steps break a rule, if they do.
std::optional<std::string> walk(const std::vector<bool>& met, int tokens_left, const AtlacoyaPlay& play,
                                AtlacoyaOutcome& out) {
    std::size_t next = 0;  // the next step to use
    for (int c = 0; c < play.bid && !out.stopped_at; ++c) {
        if (met[static_cast<std::size_t>(c)]) continue;
        const std::string at = "challenge " + std::to_string(c + 1) + " failed";
        if (next >= play.steps.size()) return at + " but no step (token or stop) is recorded for it";
        if (play.steps[next++] == AtlacoyaStep::Stop) {
            out.stopped_at = c;
        } else if (out.tokens_laid >= tokens_left) {
            return at + " and no token is left, so the player must stop";
        } else {
            ++out.tokens_laid;
            out.covered.push_back(c);
        }
    }
    if (next < play.steps.size())
        return std::to_string(play.steps.size()) + " steps recorded, but only " + std::to_string(next) +
               " failed challenges were reached";
    if (out.stopped_at && play.choice) return std::string("a player who stops takes red and has no choice");
    if (!out.stopped_at && !play.choice)
        return std::string("the player got through the bid but chose neither green nor red");
    return std::nullopt;
}

}  // namespace

std::optional<std::string> why_illegal(const Challenge& row, int tokens_left, const AtlacoyaPlay& play) {
    const int top = std::min(kAtlacoyaHighestBid, static_cast<int>(atlacoya_order(row).size()));
    if (play.bid < kAtlacoyaLowestBid || play.bid > top)
        return "bid " + std::to_string(play.bid) + " is not one of " + std::to_string(kAtlacoyaLowestBid) +
               ".." + std::to_string(top);
    if (tokens_left < 0) return std::string("a player cannot hold fewer than 0 tokens");
    if (auto why = why_stones_illegal(row, play.stones)) return why;
    AtlacoyaOutcome scratch;
    return walk(atlacoya_met(row, play.stones), tokens_left, play, scratch);
}

AtlacoyaOutcome resolve(const Challenge& row, const AtlacoyaPoints& points, int tokens_left,
                        const AtlacoyaPlay& play) {
    if (auto why = why_illegal(row, tokens_left, play)) throw std::logic_error("atlacoya: " + *why);
    AtlacoyaOutcome out;
    out.met = atlacoya_met(row, play.stones);
    walk(out.met, tokens_left, play, out);
    const auto bid = static_cast<std::size_t>(play.bid);
    // Decision: stopping mid-row gives back the tokens laid before the stop, as taking red does.
    out.scored = out.stopped_at ? AtlacoyaChoice::Red : *play.choice;
    if (out.scored == AtlacoyaChoice::Green) {
        out.points = points.green[bid];
        out.tokens_lost = out.tokens_laid;
    } else {
        out.points = points.red[bid];
        out.tokens_recovered = out.tokens_laid;
    }
    return out;
}

std::vector<AtlacoyaOutcome> play_day(AtlacoyaState& state, const std::vector<Challenge>& rows,
                                      const AtlacoyaPoints& points, const std::vector<AtlacoyaPlay>& plays) {
    const auto n = static_cast<std::size_t>(state.players());
    if (rows.size() != n || plays.size() != n)
        throw std::logic_error("atlacoya: a day needs one row and one play per player");
    if (state.over()) throw std::logic_error("atlacoya: the game is over");
    std::vector<AtlacoyaOutcome> out;
    for (std::size_t p = 0; p < n; ++p) out.push_back(resolve(rows[p], points, state.tokens[p], plays[p]));
    for (std::size_t p = 0; p < n; ++p) {
        state.points[p] += out[p].points;
        state.tokens[p] -= out[p].tokens_lost;
    }
    ++state.day;
    return out;
}

std::vector<int> atlacoya_places(const AtlacoyaState& state) {
    const auto n = state.points.size();
    std::vector<int> places(n);
    for (std::size_t p = 0; p < n; ++p) {
        int better = 0;
        for (std::size_t q = 0; q < n; ++q)
            better += state.points[q] > state.points[p] ||
                      (state.points[q] == state.points[p] && state.tokens[q] > state.tokens[p]);
        places[p] = better + 1;
    }
    return places;
}

}  // namespace tlaloc::xalapa
