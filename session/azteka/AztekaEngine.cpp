#include "session/azteka/AztekaEngine.h"

#include <sstream>
#include <stdexcept>

#include "model/azteka/Diagram.h"
#include "puzzles/azteka/CirclePicture.h"
#include "puzzles/azteka/MatchGame.h"

namespace tlaloc::session {

AztekaEngine::AztekaEngine(const std::string& variant) : variant_(variant) {
    if (!azteka::is_match_variant(variant))
        throw std::invalid_argument("no Azteka match variant " + variant + " (standard or aggressive)");
    start_round();
}

void AztekaEngine::start_round() {
    game_ = azteka::start_game(azteka::Position(azteka::profile_named(variant_)));
    turns_ = 0;
}

int AztekaEngine::to_act() const {
    if (over()) return -1;
    return azteka::player_of(round_, game_.position.to_move) - 1;
}

std::vector<std::string> AztekaEngine::legal_actions() const {
    std::vector<std::string> out;
    if (over()) return out;
    for (const azteka::Action& a : azteka::legal_actions(game_)) out.push_back(azteka::describe(a));
    return out;
}

std::optional<std::string> AztekaEngine::why_illegal_one(const std::string& action) const {
    if (over()) return "the match is over";
    auto a = azteka::parse_action_words(action);
    if (!a) return "not an Azteka action: \"" + action + "\" (place R S, turn R, turn2 R, skip)";
    return azteka::why_illegal(game_, *a);
}

void AztekaEngine::apply_one(const std::string& action) {
    if (auto why = why_illegal_one(action)) throw std::logic_error("azteka: " + *why);
    step(*azteka::parse_action_words(action));
}

// One rules action; a whole turn ends when the other side is to move or the round is over.
void AztekaEngine::step(const azteka::Action& a) {
    const azteka::Side side = game_.position.to_move;
    finished_.reset();
    turn_ended_ = false;
    azteka::apply(game_, a);
    if (!game_.over() && game_.position.to_move == side) return;
    turn_ended_ = true;
    ++turns_, ++total_turns_;
    if (auto result = azteka::round_result(game_, turns_)) {
        results_[static_cast<std::size_t>(round_ - 1)] = *result;
        finished_ = game_.position;
        ++round_;
        if (round_ <= azteka::kMatchRounds) start_round();
    }
}

std::vector<int> AztekaEngine::scores() const {
    if (!over()) return {0, 0};
    const azteka::MatchVerdict v = azteka::match_verdict(results_);
    return {v.rounds_won[0], v.rounds_won[1]};
}

std::vector<int> AztekaEngine::winners() const {
    if (!over()) return {};
    const azteka::MatchVerdict v = azteka::match_verdict(results_);
    if (!v.winner) return {};
    return {*v.winner - 1};
}

std::string AztekaEngine::own_bot_action(OwnBot bot, Rng& rng) const {
    // greedy: one whole turn ahead; best: three; random: any whole turn, uniformly.
    const azteka::MatchBot b = bot == OwnBot::Best     ? azteka::MatchBot::Deep
                               : bot == OwnBot::Greedy ? azteka::MatchBot::Search
                                                       : azteka::MatchBot::Random;
    Json turn = Json::array();
    for (const azteka::Action& a : azteka::bot_turn(b, game_, rng)) turn.push_back(azteka::describe(a));
    return turn.dump();
}

std::optional<std::string> AztekaEngine::unreadable(const std::string& action) const {
    if (azteka::parse_action_words(action)) return std::nullopt;
    return "not an Azteka action: \"" + action + "\" (place R S, turn R, turn2 R, skip)";
}

Json AztekaEngine::settled() const {
    if (!turn_ended_) return nullptr;
    Json out = {{"rings", azteka::position_to_json(finished_ ? *finished_ : game_.position).at("rings")}};
    if (finished_) {
        const azteka::RoundResult& r = results_[static_cast<std::size_t>(round_ - 2)];
        const bool won = r.winner.has_value();
        out["round"] = {{"winner", won ? Json(azteka::side_name(*r.winner)) : Json(nullptr)},
                        {"player", won ? Json(azteka::player_of(round_ - 1, *r.winner)) : Json(nullptr)},
                        {"goal", won ? Json(r.goal) : Json(nullptr)},
                        {"pawns", won ? Json(r.pawns) : Json(nullptr)},
                        {"turns", r.turns}};
    }
    return out;
}

Json AztekaEngine::final_account() const {
    if (!over()) return Json::object();
    const azteka::MatchVerdict v = azteka::match_verdict(results_);
    auto pawns = [](const std::optional<int>& p) { return p ? Json(*p) : Json(nullptr); };
    return {{"rounds_won", {v.rounds_won[0], v.rounds_won[1]}},
            {"pawns", {pawns(v.pawns[0]), pawns(v.pawns[1])}},
            {"why", v.why}};
}

std::vector<double> AztekaEngine::stage_returns() const {
    if (over() || round_ < 2) return returns();
    const azteka::RoundResult& last = results_[static_cast<std::size_t>(round_ - 2)];
    if (!last.winner) return {0.5, 0.5};
    std::vector<double> out(2, 0.0);
    out[static_cast<std::size_t>(azteka::player_of(round_ - 1, *last.winner) - 1)] = 1.0;
    return out;
}

void AztekaEngine::play_out(Rng& rng) {
    while (!over()) {
        const std::vector<azteka::Action> legal = azteka::legal_actions(game_);
        step(legal[rng() % legal.size()]);
    }
}

std::string AztekaEngine::stage_label() const {
    if (over()) return "the end";
    return "round " + std::to_string(round_) + ", turn " + std::to_string(turns_ + 1);
}

std::string AztekaEngine::describe() const {
    std::ostringstream out;
    if (over()) {
        const std::vector<int> won = scores();
        out << "the match is over: rounds won " << won[0] << " to " << won[1] << "\n";
    } else {
        out << stage_label() << "; player 1 plays " << (round_ == 1 ? "life" : "death") << ", player 2 "
            << (round_ == 1 ? "death" : "life") << "; to act: player " << to_act() + 1 << " ("
            << azteka::side_name(game_.position.to_move) << ")\n";
    }
    for (int r = 0; r < azteka::kMatchRounds && r + 1 < round_; ++r) {
        const azteka::RoundResult& result = results_[static_cast<std::size_t>(r)];
        out << "  round " << r + 1 << ": "
            << (result.winner ? azteka::side_name(*result.winner) + " won" : std::string("a draw")) << "\n";
    }
    if (finished_) out << "  the circle as round " << round_ - 1 << " ended:\n";
    out << azteka::draw_circle(finished_ ? *finished_ : game_.position);
    return out.str();
}

std::string AztekaEngine::picture_svg() const {
    return azteka::circle_svg(finished_ ? *finished_ : game_.position);
}

}  // namespace tlaloc::session
