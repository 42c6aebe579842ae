#include "solver/xalapa/Incumbent.h"

namespace tlaloc::xalapa {

CellSet heuristic_incumbent(const Challenge& ch, const ChallengeFields& fields) {
    auto cost = [&](const CellSet& s) {
        Evaluation e = evaluate(ch, fields, s);
        return e.within_limit ? e.penalty : 1 << 20;
    };
    std::vector<CellSet> seeds{CellSet{}};
    seeds.insert(seeds.end(), fields.placements.begin(), fields.placements.end());
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
