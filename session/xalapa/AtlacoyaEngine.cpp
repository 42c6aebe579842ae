#include "session/xalapa/AtlacoyaEngine.h"

#include <algorithm>
#include <sstream>
#include <stdexcept>

#include "puzzles/xalapa/AtlacoyaLog.h"
#include "puzzles/xalapa/Catalogue.h"
#include "puzzles/xalapa/Render.h"

namespace tlaloc::session {

namespace {

using namespace xalapa;

const Catalogue& catalogue() {
    static const Catalogue cat = load_catalogue();
    return cat;
}

const AtlacoyaPoints& points() {
    static const AtlacoyaPoints p = load_atlacoya_points();
    return p;
}

// `play`'s steps and choice made legal for its bid: a token at each failure while tokens last, a
// stop at the first failure beyond them, green once through.
void fit_steps(const Challenge& row, int tokens, AtlacoyaPlay& play) {
    play.steps.clear();
    play.choice.reset();
    const std::vector<bool> met = atlacoya_met(row, play.stones);
    for (int c = 0; c < play.bid; ++c) {
        if (met[static_cast<std::size_t>(c)]) continue;
        if (tokens-- <= 0) {
            play.steps.push_back(AtlacoyaStep::Stop);
            return;
        }
        play.steps.push_back(AtlacoyaStep::Token);
    }
    play.choice = AtlacoyaChoice::Green;
}

}  // namespace

AtlacoyaEngine::AtlacoyaEngine(int players, std::uint64_t seed)
    : cache_(std::make_shared<std::map<std::tuple<int, int, int, int>, AtlacoyaPlay>>()) {
    seats_ = atlacoya_seats(catalogue(), seed, players);
    piles_ = atlacoya_piles(catalogue(), seed);
    state_ = AtlacoyaState(players);
    deal();
}

void AtlacoyaEngine::deal() {
    const Challenge row = deal_atlacoya_day(catalogue(), piles_, seats_.front().board);
    piles_left_ = pile_sizes(piles_);
    rows_.clear();
    for (const AtlacoyaSeat& seat : seats_) rows_.push_back(row_on_board(row, seat.board));
}

std::string AtlacoyaEngine::text(const AtlacoyaPlay& play) const {
    Json stones = Json::array(), steps = Json::array();
    for (std::size_t f = 0; f < play.stones.size(); ++f)
        if (play.stones[f]) stones.push_back(f);
    for (AtlacoyaStep s : play.steps) steps.push_back(to_string(s));
    return Json{{"bid", play.bid},
                {"stones", stones},
                {"steps", steps},
                {"choice", play.choice ? Json(to_string(*play.choice)) : Json(nullptr)}}
        .dump();
}

std::optional<AtlacoyaPlay> AtlacoyaEngine::parse(const std::string& action, std::string& why) const {
    const Json j = Json::parse(action, nullptr, false);
    if (!j.is_object() || !j.contains("bid") || !j["bid"].is_number_integer() || j["bid"] < 0 ||
        j["bid"] > 1000 || !j.contains("stones") || !j["stones"].is_array() ||
        (j.contains("steps") && !j["steps"].is_array())) {
        why = "not an Atlacoya play ({\"bid\", \"stones\", \"steps\", \"choice\"})";
        return std::nullopt;
    }
    AtlacoyaPlay play;
    play.bid = j["bid"].get<int>();
    const int fields = rows_[plays_.size()].board.size();
    for (const Json& f : j["stones"]) {
        if (!f.is_number_integer() || f.get<long long>() < 0 || f.get<long long>() >= fields) {
            why = "a stone is not a field of the board (0 to " + std::to_string(fields - 1) + ")";
            return std::nullopt;
        }
        play.stones.set(static_cast<std::size_t>(f.get<int>()));
    }
    for (const Json& s : j.value("steps", Json::array())) {
        if (s != "token" && s != "stop") return why = "a step is \"token\" or \"stop\"", std::nullopt;
        play.steps.push_back(s == "token" ? AtlacoyaStep::Token : AtlacoyaStep::Stop);
    }
    if (j.contains("choice") && !j["choice"].is_null()) {
        if (j["choice"] != "green" && j["choice"] != "red")
            return why = "the choice is green or red", std::nullopt;
        play.choice = j["choice"] == "green" ? AtlacoyaChoice::Green : AtlacoyaChoice::Red;
    }
    return play;
}

std::optional<std::string> AtlacoyaEngine::why_illegal_one(const std::string& action) const {
    if (over()) return "the game is over";
    std::string why;
    auto play = parse(action, why);
    if (!play) return why;
    const int p = to_act();
    return xalapa::why_illegal(rows_[static_cast<std::size_t>(p)], state_.tokens[static_cast<std::size_t>(p)],
                               *play);
}

void AtlacoyaEngine::apply_one(const std::string& action) {
    if (auto why = why_illegal_one(action)) throw std::logic_error("atlacoya: " + *why);
    std::string unused;
    plays_.push_back(*parse(action, unused));
    last_ = {
        static_cast<int>(plays_.size()) - 1, state_.day + 1, rows_[plays_.size() - 1], plays_.back(), {}};
    ended_.reset();
    if (plays_.size() < rows_.size()) return;
    ended_ = DayRecord{state_.day + 1, rows_.front(), piles_left_, play_day(state_, rows_, points(), plays_)};
    last_.outcome = ended_->outcomes.back();
    plays_.clear();
    if (!state_.over()) deal();
}

AtlacoyaPlay AtlacoyaEngine::bot(AtlacoyaBot kind) const {
    const int p = to_act();
    const auto key =
        std::make_tuple(state_.day, p, static_cast<int>(kind), state_.tokens[static_cast<std::size_t>(p)]);
    auto found = cache_->find(key);
    if (found != cache_->end()) return found->second;
    if (!solver_) solver_ = std::make_shared<ChallengeSolver>();
    AtlacoyaPlay play = bot_play(*solver_, kind, rows_[static_cast<std::size_t>(p)],
                                 state_.tokens[static_cast<std::size_t>(p)], points());
    (*cache_)[key] = play;
    return play;
}

std::vector<std::string> AtlacoyaEngine::legal_actions() const {
    std::vector<std::string> out;
    if (over()) return out;
    const AtlacoyaPlay greedy = bot(AtlacoyaBot::Greedy);
    out.push_back(text(greedy));
    out.push_back(text(bot(AtlacoyaBot::Cautious)));
    const int p = to_act();
    for (int b = kAtlacoyaLowestBid; b <= kAtlacoyaHighestBid; ++b) {
        AtlacoyaPlay play = greedy;
        play.bid = b;
        fit_steps(rows_[static_cast<std::size_t>(p)], state_.tokens[static_cast<std::size_t>(p)], play);
        out.push_back(text(play));
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    std::erase_if(out, [&](const std::string& a) { return why_illegal_one(a).has_value(); });
    return out;
}

std::vector<int> AtlacoyaEngine::winners() const {
    if (!over()) return {};
    const std::vector<int> places = atlacoya_places(state_);
    std::vector<int> first;
    for (std::size_t p = 0; p < places.size(); ++p)
        if (places[p] == 1) first.push_back(static_cast<int>(p));
    return first.size() == 1 ? first : std::vector<int>{};
}

std::string AtlacoyaEngine::own_seat_action(const std::string& seat, Rng& rng) const {
    if (seat == "cautious") return text(bot(AtlacoyaBot::Cautious));
    return Engine::own_seat_action(seat, rng);
}

std::string AtlacoyaEngine::own_bot_action(OwnBot kind, Rng& rng) const {
    // best: the greedy bidder, which beats the cautious one (docs/xalapa.md, "The bots").
    if (kind != OwnBot::Random) return text(bot(AtlacoyaBot::Greedy));
    const std::vector<std::string> legal = legal_actions();
    return legal[rng() % legal.size()];
}

void AtlacoyaEngine::play_out(Rng& rng) {
    while (!over()) apply_one(own_bot_action(OwnBot::Random, rng));
}

// The cards still in the piles shuffled again: the rows to come are the unknown.
std::unique_ptr<Engine> AtlacoyaEngine::determinize(int seat, Rng& rng) const {
    (void)seat;
    auto out = std::make_unique<AtlacoyaEngine>(*this);
    out->piles_.rng.seed(rng());
    for (auto* pile : {&out->piles_.positions, &out->piles_.novice, &out->piles_.intermediate})
        std::shuffle(pile->begin(), pile->end(), out->piles_.rng);
    out->cache_ = std::make_shared<std::map<std::tuple<int, int, int, int>, AtlacoyaPlay>>();
    for (const auto& [key, play] : *cache_)
        if (std::get<0>(key) == state_.day) (*out->cache_)[key] = play;
    return out;
}

Json AtlacoyaEngine::dealt() const {
    Json boards = Json::array();
    for (const AtlacoyaSeat& seat : seats_) boards.push_back(seat.board.id);
    return {{"boards", boards}};
}

void AtlacoyaEngine::read_dealt(const JsonPlace& dealt) const {
    dealt.expect_only_keys({"boards"});
    const JsonPlace boards = dealt.at("boards");
    if (boards.size() != static_cast<std::size_t>(players()))
        boards.fail("expected one board side per player");
    for (const JsonPlace& b : boards.items())
        if (!catalogue().board(b.as_string())) b.fail("no board side named \"" + b.as_string() + "\"");
}

Json AtlacoyaEngine::settled() const {
    if (!ended_) return nullptr;
    Json plays = Json::array();
    for (std::size_t p = 0; p < ended_->outcomes.size(); ++p)
        plays.push_back(atlacoya_outcome_json(ended_->outcomes[p], state_.points[p], state_.tokens[p]));
    return {{"day", ended_->day},
            {"row", atlacoya_row_json(ended_->row)},
            {"piles", atlacoya_piles_json(ended_->piles)},
            {"results", plays}};
}

namespace {

constexpr std::int64_t kMostPoints = 1000000;  // far beyond what 7 days can score

void read_numbers(const JsonPlace& list, std::int64_t low, std::int64_t high) {
    for (const JsonPlace& n : list.items()) n.as_int(low, high);
}

}  // namespace

// A day's record: its number, the row (compared whole with the seed's), the piles left and one
// result per player.
void AtlacoyaEngine::read_settled(const JsonPlace& after) const {
    after.expect_only_keys({"day", "row", "piles", "results"});
    after.at("day").as_int(1, kAtlacoyaDays);
    after.at("row").expect_object();
    const JsonPlace piles = after.at("piles");
    piles.expect_only_keys({"positions", "novice", "intermediate"});
    for (const char* key : {"positions", "novice", "intermediate"}) piles.at(key).as_int(0, 1000);
    const JsonPlace results = after.at("results");
    if (results.size() != static_cast<std::size_t>(players())) results.fail("expected one result per player");
    for (const JsonPlace& r : results.items()) {
        r.expect_only_keys({"met", "covered", "stopped_at", "scored", "points", "tokens_laid", "tokens_lost",
                            "tokens_recovered", "total", "tokens_left"});
        read_numbers(r.at("met"), 1, kAtlacoyaHighestBid);
        read_numbers(r.at("covered"), 1, kAtlacoyaHighestBid);
        if (const JsonPlace at = r.at("stopped_at"); !at.is_null()) at.as_int(1, kAtlacoyaHighestBid);
        if (const std::string scored = r.at("scored").as_string(); scored != "green" && scored != "red")
            r.at("scored").fail("expected \"green\" or \"red\"");
        for (const char* key : {"points", "total"}) r.at(key).as_int(-kMostPoints, kMostPoints);
        for (const char* key : {"tokens_laid", "tokens_lost", "tokens_recovered", "tokens_left"})
            r.at(key).as_int(0, kAtlacoyaTokens);
    }
}

void AtlacoyaEngine::read_account(const JsonPlace& result) const {
    result.expect_only_keys({"tokens", "ranking"});
    read_numbers(result.at("tokens"), 0, kAtlacoyaTokens);
    for (const JsonPlace& r : result.at("ranking").items()) {
        r.expect_only_keys({"place", "player", "points", "tokens"});
        r.at("place").as_int(1, players());
        r.at("player").as_int(1, players());
        r.at("points").as_int(-kMostPoints, kMostPoints);
        r.at("tokens").as_int(0, kAtlacoyaTokens);
    }
}

Json AtlacoyaEngine::final_account() const {
    if (!over()) return Json::object();
    return {{"tokens", state_.tokens}, {"ranking", atlacoya_ranking_json(state_, atlacoya_places(state_))}};
}

// The form of a play, whatever the board: its numbers are checked against the player's board when
// it is played (a stone off the board is a wrong step).
std::optional<std::string> AtlacoyaEngine::unreadable(const std::string& action) const {
    const Json j = Json::parse(action, nullptr, false);
    const auto keys_ok = [&] {
        for (const auto& [key, value] : j.items())
            if (key != "bid" && key != "stones" && key != "steps" && key != "choice") return false;
        return true;
    };
    const auto all = [](const Json& list, const auto& ok) {
        return list.is_array() && std::all_of(list.begin(), list.end(), ok);
    };
    // Stones in rising order, each once: one way to write a play.
    long last = -1;
    const auto rising = [&](const Json& f) {
        if (!f.is_number_integer() || f <= last || f >= kMaxFields) return false;
        last = f.get<long>();
        return true;
    };
    if (!j.is_object() || !keys_ok() || !j.contains("bid") || !j["bid"].is_number_integer() || j["bid"] < 0 ||
        j["bid"] > 1000 || !all(j.value("stones", Json()), rising) ||
        !all(j.value("steps", Json::array()), [](const Json& s) { return s == "token" || s == "stop"; }) ||
        (j.contains("choice") && !j["choice"].is_null() && j["choice"] != "green" && j["choice"] != "red"))
        return "not an Atlacoya play: {\"bid\": 2 to 7, \"stones\": [field numbers below " +
               std::to_string(kMaxFields) +
               ", rising], \"steps\": [\"token\" or \"stop\", ...], \"choice\": \"green\", \"red\" or null}";
    return std::nullopt;
}

std::string AtlacoyaEngine::stage_label() const {
    if (over()) return "the end";
    return "day " + std::to_string(state_.day + 1);
}

std::string AtlacoyaEngine::describe() const {
    std::ostringstream out;
    if (over())
        out << "the game is over after " << state_.day << " days\n";
    else
        out << stage_label() << "; to play: player " << to_act() + 1 << "\n";
    if (last_.player >= 0) {
        out << "  last play, day " << last_.day << ", player " << last_.player + 1 << ": bid "
            << last_.play.bid << ", " << last_.play.stones.count() << " stones";
        if (last_.outcome)
            out << ", " << (last_.outcome->points >= 0 ? "+" : "") << last_.outcome->points << " points";
        out << "\n";
    }
    for (int p = 0; p < players(); ++p)
        out << "  player " << p + 1 << ": " << state_.points[static_cast<std::size_t>(p)] << " points, "
            << state_.tokens[static_cast<std::size_t>(p)] << " tokens\n";
    if (!over() && !rows_.empty()) {
        out << "  today's row:";
        int k = 0;
        for (const xalapa::Task& t : rows_.front().tasks) {
            ++k;
            out << (k > 1 ? "; " : " ") << k << ". " << t.describe();
        }
        out << "\n";
    }
    return out.str();
}

std::string AtlacoyaEngine::picture_svg() const {
    xalapa::RenderOptions options;
    options.catalogue = &catalogue();
    options.id_prefix = "atl";
    if (last_.player >= 0) {
        options.stones = last_.play.stones;
        options.title = "day " + std::to_string(last_.day) + ", player " + std::to_string(last_.player + 1) +
                        ": bid " + std::to_string(last_.play.bid);
        return xalapa::render_svg(last_.row, options);
    }
    if (rows_.empty()) return "";
    options.title = "day 1, player 1's row";
    return xalapa::render_svg(rows_.front(), options);
}

// The seat about to act sees its own board with today's row (its stones to come), not the last play.
std::string AtlacoyaEngine::picture_svg_for(int viewer) const {
    if (over() || viewer != to_act() || viewer < 0 || viewer >= static_cast<int>(rows_.size()))
        return picture_svg();
    xalapa::RenderOptions options;
    options.catalogue = &catalogue();
    options.id_prefix = "atl";
    options.title =
        "day " + std::to_string(state_.day + 1) + ", player " + std::to_string(viewer + 1) + "'s row";
    return xalapa::render_svg(rows_[static_cast<std::size_t>(viewer)], options);
}

}  // namespace tlaloc::session
