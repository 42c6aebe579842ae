#include "puzzles/xalapa/SideComparison.h"

#include "puzzles/xalapa/Census.h"
#include "puzzles/xalapa/SideEquivalence.h"

namespace tlaloc::xalapa {

namespace {

std::string cards_of(const CensusItem& item) {
    std::string out;
    for (const auto& c : item.columns) out += (out.empty() ? "" : ", ") + c.bottom;
    return out;
}

// Every basic challenge (the census's, on the first board it lists) solved on both sides, until the
// optima differ.
SideComparison search_counterexample(ChallengeSolver& solver, const Catalogue& cat, const BoardSide& a,
                                     const BoardSide& b, const std::string& why) {
    SideComparison out;
    const std::vector<CensusItem> items = basic_census_items(cat);
    for (const CensusItem& item : items) {
        if (item.board != items.front().board) continue;
        Challenge ch = atlas_challenge(cat, item);
        ch.board = a.board;
        const int on_a = solver.solve(ch).evaluation.penalty;
        ch.board = b.board;
        const int on_b = solver.solve(ch).evaluation.penalty;
        ++out.challenges_solved;
        if (on_a != on_b) {
            out.evidence = why + "; a basic challenge differs: printed 1, 2, 1, 2 over " + cards_of(item) +
                           " with position card " + item.position->id + " (3-stone side) has optimum " +
                           std::to_string(on_a) + " on " + a.id + " and " + std::to_string(on_b) + " on " +
                           b.id;
            return out;
        }
    }
    out.identical = true;
    out.evidence = why + "; yet all " + std::to_string(out.challenges_solved) +
                   " basic challenges have the same optimum on both (solved; other levels unproved)";
    return out;
}

}  // namespace

SideComparison compare_sides(ChallengeSolver& solver, const Catalogue& cat, const BoardSide& a,
                             const BoardSide& b) {
    const SideMapVerdict verdict = side_map_verdict(cat, a, b);
    if (verdict.proved) {
        SideComparison out;
        out.identical = true;
        out.evidence = verdict.evidence;
        return out;
    }
    return search_counterexample(solver, cat, a, b, verdict.evidence);
}

}  // namespace tlaloc::xalapa
