// Exhaustive Xalapa search for tests only, written independently of model/xalapa/Evaluation: its
// own counting and its own formation matching by trying every offset of every orientation.
#pragma once
#include <algorithm>
#include <functional>
#include <vector>

#include "model/xalapa/Challenge.h"

namespace tlaloc::test_support {

using namespace tlaloc::xalapa;

struct BruteForce {
    int best = 1 << 30;
    long long optimal_sets = 0;
    CellSet forced, never;
};

inline int brute_penalty(const Challenge& ch, const std::vector<int>& stones) {
    const Board& b = ch.board;
    int unmet = 0;
    for (const Task& t : ch.tasks) {
        int a = 0, o = 0;
        for (int i : stones) {
            if (t.feature.holds(b, b.cell(i))) ++a;
            if (t.kind == Task::Kind::Same && t.other.holds(b, b.cell(i))) ++o;
        }
        bool met = t.kind == Task::Kind::Same ? a == o : (a >= t.lo && a <= t.hi);
        if (!met) ++unmet;
    }
    if (ch.formation) {
        bool met = false;
        for (const auto& shape : formation_orientations(*ch.formation, ch.orientations))
            for (int dr = -b.rows; dr <= b.rows && !met; ++dr)
                for (int dc = -b.cols; dc <= b.cols && !met; ++dc) {
                    bool all = true;
                    for (Cell c : shape) {
                        Cell at{c.row + dr, c.col + dc};
                        all = all && b.contains(at) &&
                              std::find(stones.begin(), stones.end(), b.index(at)) != stones.end();
                    }
                    met = all;
                }
        if (!met) ++unmet;
    }
    return static_cast<int>(stones.size()) + ch.disfavor * unmet;
}

inline BruteForce brute_force(const Challenge& ch) {
    BruteForce out;
    const int n = ch.board.size();
    out.forced = ch.board.all_fields();
    out.never = ch.board.all_fields();
    std::vector<int> stones;
    std::function<void(int)> walk = [&](int from) {
        int p = brute_penalty(ch, stones);
        if (p < out.best) {
            out.best = p;
            out.optimal_sets = 0;
            out.forced = ch.board.all_fields();
            out.never = ch.board.all_fields();
        }
        if (p == out.best) {
            ++out.optimal_sets;
            CellSet s;
            for (int i : stones) s.set(i);
            out.forced &= s;
            out.never &= ~s;
        }
        if (static_cast<int>(stones.size()) == ch.max_stones) return;
        for (int i = from; i < n; ++i) {
            stones.push_back(i);
            walk(i + 1);
            stones.pop_back();
        }
    };
    walk(0);
    return out;
}

// Whether some stone set of at most `budget` stones meets every task in `tasks` (index
// tasks.size() = the formation).
inline bool brute_can_meet(const Challenge& ch, const std::vector<int>& tasks, int budget) {
    Challenge only = ch;
    only.tasks.clear();
    bool formation = false;
    for (int t : tasks) {
        if (t == static_cast<int>(ch.tasks.size()))
            formation = true;
        else
            only.tasks.push_back(ch.tasks[t]);
    }
    if (!formation) only.formation.reset();
    only.disfavor = 1000;
    only.max_stones = budget;
    return brute_force(only).best < 1000;
}

}  // namespace tlaloc::test_support
