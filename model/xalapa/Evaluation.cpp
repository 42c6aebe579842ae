#include "model/xalapa/Evaluation.h"

namespace tlaloc::xalapa {

ChallengeFields::ChallengeFields(const Challenge& ch) {
    for (const auto& t : ch.tasks) {
        feature.push_back(t.feature.cells(ch.board));
        other.push_back(t.kind == Task::Kind::Same ? t.other.cells(ch.board) : CellSet{});
    }
    if (ch.formation) placements = formation_placements(ch.board, *ch.formation, ch.orientations);
}

std::vector<int> Evaluation::unmet_tasks() const {
    std::vector<int> out;
    for (int i = 0; i < static_cast<int>(tasks.size()); ++i)
        if (!tasks[i].met) out.push_back(i);
    return out;
}

Evaluation evaluate(const Challenge& ch, const ChallengeFields& fields, const CellSet& stones) {
    Evaluation e;
    e.stones = static_cast<int>(stones.count());
    e.within_limit = e.stones <= ch.max_stones;
    for (std::size_t i = 0; i < ch.tasks.size(); ++i) {
        const Task& t = ch.tasks[i];
        TaskOutcome o;
        o.count = static_cast<int>((stones & fields.feature[i]).count());
        if (t.kind == Task::Kind::Same) {
            o.other_count = static_cast<int>((stones & fields.other[i]).count());
            o.met = o.count == o.other_count;
        } else {
            o.met = o.count >= t.lo && o.count <= t.hi;
        }
        if (!o.met) ++e.unmet;
        e.tasks.push_back(o);
    }
    if (ch.formation) {
        for (const auto& p : fields.placements)
            if ((p & stones) == p) {
                e.formation_met = true;
                break;
            }
        if (!e.formation_met) ++e.unmet;
    }
    e.penalty = e.stones + ch.disfavor * e.unmet;
    return e;
}

Evaluation evaluate(const Challenge& ch, const CellSet& stones) {
    return evaluate(ch, ChallengeFields(ch), stones);
}

}  // namespace tlaloc::xalapa
