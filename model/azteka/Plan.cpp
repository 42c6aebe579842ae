#include "model/azteka/Plan.h"

namespace tlaloc::azteka {

PlanReplay replay_against_passive(const Position& start, const std::vector<PlanStep>& plan) {
    PlanReplay out;
    const Side mover = start.to_move;
    Game g = start_game(start);
    auto finish = [&](PlanReplay& r) -> PlanReplay& {
        r.end = g.position;
        r.reaches_goal = g.winner == mover && r.problem.empty();
        if (r.reaches_goal) {
            r.goal = g.winning_goal;
            r.pawns = g.position.pawns_on_board(mover);
        } else if (r.problem.empty()) {
            r.problem = g.winner ? side_name(*g.winner) + " meets its goal first"
                                 : (g.drawn ? "the round ends in a draw" : "no goal is met at the end");
        }
        return r;
    };
    for (std::size_t i = 0; i < plan.size(); ++i) {
        const PlanStep& step = plan[i];
        std::string where = "step " + std::to_string(i + 1) + " (" + describe(step.action) + "): ";
        if (!step.birth) {
            if (!g.over() && g.birth_pending) apply(g, Action::decline_birth());
            while (!g.over() && g.position.to_move != mover) pass(g);
            ++out.turns;
        } else if (!g.birth_pending) {
            out.problem = where + "no Birth bonus placement is open";
            return finish(out);
        }
        if (g.over()) {
            out.problem = where + "the round is already over";
            return finish(out);
        }
        if (auto why = why_illegal(g, step.action)) {
            out.problem = where + "not a legal action: " + *why;
            return finish(out);
        }
        apply(g, step.action);
    }
    return finish(out);
}

Json plan_to_json(const std::vector<PlanStep>& plan) {
    Json out = Json::array();
    for (const auto& step : plan) out.push_back(action_to_json(step.action, step.birth));
    return out;
}

}  // namespace tlaloc::azteka
