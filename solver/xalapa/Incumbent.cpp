#include "solver/xalapa/Incumbent.h"

namespace tlaloc::xalapa {

CellSet heuristic_incumbent(const Challenge& ch, const ChallengeFields& fields) {
    auto cost = [&](const CellSet& s) {
        Evaluation e = evaluate(ch, fields, s);
        return e.within_limit ? e.penalty : 1 << 20;
    };
    // At most 24 placements, spread over the list, keep the heuristic cheap next to the proof.
    std::vector<CellSet> seeds{CellSet{}};
    const std::size_t step = fields.placements.size() / 24 + 1;
    for (std::size_t p = 0; p < fields.placements.size(); p += step) seeds.push_back(fields.placements[p]);
    CellSet best;
    int best_cost = cost(best);
    for (CellSet s : seeds) {
        int c = cost(s);
        for (bool improved = true; improved;) {
            improved = false;
            int move = -1, move_cost = c;
            for (int i = 0; i < ch.board.size(); ++i) {
                s.flip(i);
                int k = cost(s);
                if (k < move_cost) { move = i; move_cost = k; }
                s.flip(i);
            }
            if (move >= 0) {
                s.flip(move);
                c = move_cost;
                improved = true;
            }
        }
        if (c < best_cost) { best = s; best_cost = c; }
    }
    return best;
}

}  // namespace tlaloc::xalapa
