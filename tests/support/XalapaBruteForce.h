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

// `ch` holding only `tasks` (index tasks.size() = the formation).
inline Challenge only_tasks(const Challenge& ch, const std::vector<int>& tasks) {
    Challenge only = ch;
    only.tasks.clear();
    bool formation = false;
    for (int t : tasks) {
        if (t == static_cast<int>(ch.tasks.size()))
            formation = true;
        else
            only.tasks.push_back(ch.tasks[static_cast<std::size_t>(t)]);
    }
    if (!formation) only.formation.reset();
    return only;
}

// Whether some stone set of at most `budget` stones meets every task in `tasks`.
inline bool brute_can_meet(const Challenge& ch, const std::vector<int>& tasks, int budget) {
    Challenge only = only_tasks(ch, tasks);
    only.disfavor = 1000;
    only.max_stones = budget;
    return brute_force(only).best < 1000;
}

// Every stone set up to max_stones again, field by field (on or off), with a pruning bound that only
// ever skips sets scoring above the optimum: fast enough for whole deals, where brute_force would
// walk millions of sets. It keeps `best`, `optimal_sets`, `forced` and `never` exact, and lists the
// optimal sets too when asked (`keep_sets`). Like brute_force it reads fields through
// Feature::holds and places the formation itself, so it shares nothing with the solver.
struct ExactOptima {
    int best = 0;
    long long optimal_sets = 0;
    CellSet forced, never;
    std::vector<CellSet> sets;  // with keep_sets: every optimal set, in the walk's order
};

class ExactWalk {
public:
    explicit ExactWalk(const Challenge& ch) : ch_(ch), n_(ch.board.size()), tasks_(ch.tasks.size()) {
        const Board& b = ch.board;
        const auto n = static_cast<std::size_t>(n_);
        // Per field: +1 / -1 / 0 for each task (an "as many" task's second side counts -1, and a
        // field on both sides changes neither side's lead).
        sign_.assign(n * tasks_, 0);
        more_.assign((n + 1) * tasks_, 0);
        less_.assign((n + 1) * tasks_, 0);
        for (std::size_t t = 0; t < tasks_; ++t) {
            const Task& task = ch.tasks[t];
            for (std::size_t i = 0; i < n; ++i) {
                const Cell c = b.cell(static_cast<int>(i));
                int v = task.feature.holds(b, c) ? 1 : 0;
                if (task.kind == Task::Kind::Same && task.other.holds(b, c)) --v;
                sign_[i * tasks_ + t] = v;
            }
            for (std::size_t i = n; i-- > 0;) {
                more_[i * tasks_ + t] = more_[(i + 1) * tasks_ + t] + (sign_[i * tasks_ + t] > 0);
                less_[i * tasks_ + t] = less_[(i + 1) * tasks_ + t] + (sign_[i * tasks_ + t] < 0);
            }
        }
        if (ch.formation)
            for (const auto& shape : formation_orientations(*ch.formation, ch.orientations))
                for (int dr = -b.rows; dr <= b.rows; ++dr)
                    for (int dc = -b.cols; dc <= b.cols; ++dc) {
                        CellSet p;
                        bool fits = true;
                        for (Cell c : shape) {
                            Cell at{c.row + dr, c.col + dc};
                            fits = fits && b.contains(at);
                            if (fits) p.set(static_cast<std::size_t>(b.index(at)));
                        }
                        if (fits && std::find(placements_.begin(), placements_.end(), p) == placements_.end())
                            placements_.push_back(p);
                    }
        holding_.resize(n);
        for (std::size_t p = 0; p < placements_.size(); ++p)
            for (std::size_t i = 0; i < n; ++i)
                if (placements_[p].test(i)) holding_[i].push_back(p);
    }

    ExactOptima run(bool keep_sets) {
        keep_ = keep_sets;
        out_ = ExactOptima{};
        for (int pass = 0; pass < 2; ++pass) {  // first the optimum (branch and bound), then its sets
            counting_ = pass == 1;
            if (!counting_) best_ = 1 << 30;
            out_.forced = out_.never = ch_.board.all_fields();
            count_.assign(tasks_, 0);
            missing_.clear();
            broken_.assign(placements_.size(), 0);
            for (const CellSet& p : placements_) missing_.push_back(static_cast<int>(p.count()));
            chosen_.reset();
            walk(0, 0);
        }
        out_.best = best_;
        return out_;
    }

private:
    // A lower bound on the penalty of every set that agrees with the walk on the fields below `i`
    // and adds at most `left` stones from i on; exact once every field is decided (i == n).
    int penalty_bound(std::size_t i, int k, int left) const {
        const int d = ch_.disfavor;
        int certain = 0, extra = 0;
        for (std::size_t t = 0; t < tasks_; ++t) {
            const Task& task = ch_.tasks[t];
            const int s = count_[t], more = std::min(left, more_[i * tasks_ + t]);
            if (task.kind == Task::Kind::Same) {
                if (s > std::min(left, less_[i * tasks_ + t]) || -s > more)
                    ++certain;
                else
                    extra = std::max(extra, std::min(d, std::abs(s)));
            } else if (s > task.hi || s + more < task.lo) {
                ++certain;
            } else {
                extra = std::max(extra, std::min(d, std::max(0, task.lo - s)));
            }
        }
        if (ch_.formation) {
            int fewest = n_ + 1;
            for (std::size_t p = 0; p < placements_.size(); ++p)
                if (!broken_[p]) fewest = std::min(fewest, missing_[p]);
            if (fewest > left)
                ++certain;
            else
                extra = std::max(extra, std::min(d, fewest));
        }
        return k + d * certain + extra;
    }

    void walk(std::size_t i, int k) {
        const int left = std::max(0, std::min(ch_.max_stones, best_) - k);
        const int bound = penalty_bound(i, k, left);
        if (counting_ ? bound > best_ : bound >= best_) return;
        if (i == static_cast<std::size_t>(n_)) {
            if (!counting_) {
                best_ = bound;
                return;
            }
            ++out_.optimal_sets;
            out_.forced &= chosen_;
            out_.never &= ~chosen_;
            if (keep_) out_.sets.push_back(chosen_);
            return;
        }
        const int* sign = sign_.data() + i * tasks_;  // no tasks: an empty row, never read
        if (left > 0) {                               // a stone on field i
            chosen_.set(i);
            for (std::size_t t = 0; t < tasks_; ++t) count_[t] += sign[t];
            for (std::size_t p : holding_[i]) --missing_[p];
            walk(i + 1, k + 1);
            for (std::size_t p : holding_[i]) ++missing_[p];
            for (std::size_t t = 0; t < tasks_; ++t) count_[t] -= sign[t];
            chosen_.reset(i);
        }
        for (std::size_t p : holding_[i]) ++broken_[p];  // field i stays empty
        walk(i + 1, k);
        for (std::size_t p : holding_[i]) --broken_[p];
    }

    const Challenge& ch_;
    const int n_;
    const std::size_t tasks_;
    std::vector<int> sign_, more_, less_;  // per field (or position) and task
    std::vector<CellSet> placements_;
    std::vector<std::vector<std::size_t>> holding_;  // per field: the placements on it
    // The walk's state: the stones so far, each task's count (an "as many" task's lead), each
    // placement's fields still to fill and whether a field of it was left empty.
    CellSet chosen_;
    std::vector<int> count_, missing_, broken_;
    int best_ = 0;
    bool counting_ = false, keep_ = false;
    ExactOptima out_;
};

inline ExactOptima exact_optima(const Challenge& ch, bool keep_sets = false) {
    return ExactWalk(ch).run(keep_sets);
}

// The fewest stones (at most max_stones) meeting every task in `tasks` (index tasks.size() = the
// formation), the others ignored, or -1 when no such set exists: exact_optima on the challenge cut
// down to those tasks, each unmet one costing more than any stone set.
inline int exact_fewest_stones(const Challenge& ch, const std::vector<int>& tasks) {
    Challenge only = only_tasks(ch, tasks);
    only.disfavor = ch.board.size() + 1;
    const int best = exact_optima(only).best;
    return best <= ch.max_stones ? best : -1;
}

}  // namespace tlaloc::test_support
