#include "cli/XalapaAnswers.h"

#include "cli/XalapaPrint.h"

namespace tlaloc::cli {

using namespace xalapa;

SolveAnswer solve_challenge(ChallengeSolver& solver, const Challenge& ch, bool all, std::int64_t cap) {
    SolveAnswer answer;
    answer.best = solver.solve(ch);
    if (all) answer.sets = solver.optimal_sets(ch, answer.best, cap);
    return answer;
}

Json solve_answer_json(const Challenge& ch, const SolveAnswer& answer, const std::string& file) {
    Json j = solution_to_json(ch, answer.best);
    j["file"] = file;
    if (const auto& sets = answer.sets) {
        j["optimal_sets"] = sets->count;
        j["optimal_sets_more"] = sets->more;
        j["forced"] = cells_to_json(ch.board, sets->forced);
        j["never"] = cells_to_json(ch.board, sets->never);
        Json examples = Json::array();
        for (const auto& ex : sets->examples) examples.push_back(cells_to_json(ch.board, ex));
        j["examples"] = examples;
    }
    return j;
}

CellSet stones_from_json(const JsonPlace& where, const Board& board) {
    CellSet s;
    for (auto& cell : where.items()) {
        if (cell.size() != 2) cell.fail("a stone is [row, col], found " + cell.json().dump());
        Cell c{static_cast<int>(cell.at(0).as_int(-1000, 1000)),
               static_cast<int>(cell.at(1).as_int(-1000, 1000))};
        if (!board.contains(c))
            cell.fail("cell " + cell.json().dump() + " is outside the " + std::to_string(board.rows) + "x" +
                      std::to_string(board.cols) + " board");
        if (s.test(board.index(c))) cell.fail("cell " + cell.json().dump() + " holds a stone twice");
        s.set(board.index(c));
    }
    return s;
}

Explanation explain(const Challenge& ch, const std::optional<CellSet>& proposed,
                    const solver::Deadline& deadline) {
    ChallengeSolver solver;
    solver.set_deadline(&deadline);
    Explanation x;
    x.best = solver.solve(ch);
    x.optimum = x.best.evaluation.penalty;
    try {
        x.by_given_up = solver.fewest_stones_by_given_up(ch);
        std::vector<int> all;
        for (int t = 0; t < ch.task_count(); ++t) all.push_back(t);
        x.limit_conflict = solver.minimal_conflict(ch, all, ch.max_stones);
        x.optimum_conflict = solver.minimal_conflict(ch, all, std::min(ch.max_stones, x.optimum));
    } catch (solver::SearchLimitReached& e) {
        e.set_best_so_far("penalty " + std::to_string(x.optimum) +
                          " (proved optimal; the explanation was not finished)");
        throw;
    }
    x.proposed = proposed;
    if (proposed) x.mine = evaluate(ch, *proposed);
    return x;
}

Json explanation_json(const Challenge& ch, const Explanation& x) {
    Json j{{"penalty", x.optimum}, {"optimal", true}};
    Json table = Json::array();
    for (std::size_t u = 0; u < x.by_given_up.size(); ++u) {
        const auto& fewest = x.by_given_up[u];
        table.push_back({{"given_up_at_most", u},
                         {"fewest_stones", fewest ? Json(*fewest) : Json(nullptr)},
                         {"penalty_at_least",
                          fewest ? Json(*fewest + ch.disfavor * static_cast<int>(u)) : Json(nullptr)}});
    }
    j["by_tasks_given_up"] = table;
    j["conflict_within_stone_limit"] = x.limit_conflict ? Json(*x.limit_conflict) : Json(nullptr);
    j["conflict_at_optimum"] = x.optimum_conflict ? Json(*x.optimum_conflict) : Json(nullptr);
    if (x.mine) {
        Json broken = Json::array();
        for (int t : x.mine->unmet_tasks()) broken.push_back(t);
        if (ch.formation && !x.mine->formation_met) broken.push_back("formation");
        j["proposed"] = {{"penalty", x.mine->penalty},
                         {"stones", x.mine->stones},
                         {"within_limit", x.mine->within_limit},
                         {"broken", broken},
                         {"above_optimum", x.mine->penalty - x.optimum}};
    }
    return j;
}

Json generated_puzzle_json(const GeneratedPuzzle& p) {
    Json j = deal_to_json(p.deal, p.deal_options);
    j["rating"] = rating_to_json(p.rating);
    j["difficulty"] = kDifficultyLevels[p.rating.level].name;
    return j;
}

}  // namespace tlaloc::cli
