#include "solver/xalapa/CountSearch.h"

#include <algorithm>
#include <cstdlib>
#include <numeric>
#include <stdexcept>

#include "solver/common/SearchLimit.h"

namespace tlaloc::xalapa {

namespace {

class Search {
public:
    Search(const Challenge& ch, const CountModel& m, std::int64_t limit, const std::vector<int>& weight,
           const solver::Deadline* deadline)
        : ch_(ch),
          m_(m),
          weight_(weight),
          deadline_(deadline),
          limit_(limit),
          classes_(static_cast<int>(m.classes.size())),
          tasks_(static_cast<int>(ch.tasks.size())),
          placements_(static_cast<int>(m.demand.size())),
          words_((placements_ + 63) / 64) {
        order_classes();
        sum_remainders();
        index_placements();
        coef_.resize(static_cast<std::size_t>(classes_) * static_cast<std::size_t>(tasks_));
        for (int c = 0; c < classes_; ++c)
            for (int t = 0; t < tasks_; ++t)
                coef_[static_cast<std::size_t>(c) * static_cast<std::size_t>(tasks_) +
                      static_cast<std::size_t>(t)] =
                    m_.coefficient[static_cast<std::size_t>(t)][static_cast<std::size_t>(c)];
        sum_.assign(static_cast<std::size_t>(tasks_), 0);
        counts_.assign(static_cast<std::size_t>(classes_), 0);
        limit_stones_ = std::min(ch.max_stones, ch.board.size());
        // No stones at all is always allowed. With best_penalty_ still 0, bound() allows no more
        // stones, so at the root it is exactly the penalty of the empty set.
        best_counts_ = counts_;
        best_penalty_ = bound(0, 0).first;
        best_placement_ = -1;
    }

    CountSearchResult run() {
        complete_ = true;
        dfs(0, 0);
        CountSearchResult r;
        r.stones = m_.stones_for(best_counts_, best_placement_);
        r.penalty = best_penalty_;
        r.complete = complete_;
        r.nodes = nodes_;
        return r;
    }

private:
    // Classes that count for many tasks first: their counts settle the most.
    void order_classes() {
        order_.resize(static_cast<std::size_t>(classes_));
        std::iota(order_.begin(), order_.end(), 0);
        auto involvement = [&](int c) {
            int tasks = 0;
            for (const auto& row : m_.coefficient) tasks += row[static_cast<std::size_t>(c)] != 0;
            return tasks;
        };
        std::stable_sort(order_.begin(), order_.end(),
                         [&](int a, int b) { return involvement(a) > involvement(b); });
    }

    // What the classes from position k on can still add, per task side and per placement.
    void sum_remainders() {
        const auto K = static_cast<std::size_t>(classes_) + 1;
        rem_pos_.assign(static_cast<std::size_t>(tasks_) * K, 0);
        rem_neg_.assign(static_cast<std::size_t>(tasks_) * K, 0);
        rem_demand_.assign(static_cast<std::size_t>(placements_) * K, 0);
        for (int k = classes_ - 1; k >= 0; --k) {
            const auto c = static_cast<std::size_t>(order_[static_cast<std::size_t>(k)]);
            const int size = m_.size(c);
            for (int t = 0; t < tasks_; ++t) {
                int coef = m_.coefficient[static_cast<std::size_t>(t)][c];
                rem_pos_[task_at(t, k)] = rem_pos_[task_at(t, k + 1)] + (coef > 0 ? size : 0);
                rem_neg_[task_at(t, k)] = rem_neg_[task_at(t, k + 1)] + (coef < 0 ? size : 0);
            }
            for (int j = 0; j < placements_; ++j)
                rem_demand_[placement_at(j, k)] =
                    rem_demand_[placement_at(j, k + 1)] + m_.demand[static_cast<std::size_t>(j)][c];
        }
    }

    // fits_[c][v]: the placements whose demand on class c is at most v; masks_ at position 0: all.
    void index_placements() {
        const auto K = static_cast<std::size_t>(classes_) + 1;
        fits_.resize(static_cast<std::size_t>(classes_));
        for (int c = 0; c < classes_; ++c)
            for (int v = 0; v <= m_.size(static_cast<std::size_t>(c)); ++v) {
                std::vector<std::uint64_t> mask(static_cast<std::size_t>(words_), 0);
                for (int j = 0; j < placements_; ++j)
                    if (m_.demand[static_cast<std::size_t>(j)][static_cast<std::size_t>(c)] <= v)
                        mask[static_cast<std::size_t>(j / 64)] |= 1ULL << (j % 64);
                fits_[static_cast<std::size_t>(c)].push_back(std::move(mask));
            }
        masks_.assign(K * static_cast<std::size_t>(words_), 0);
        for (int j = 0; j < placements_; ++j) masks_[static_cast<std::size_t>(j / 64)] |= 1ULL << (j % 64);
    }

    // Per position k, then per task (or placement): the rows the bound reads at one node are contiguous.
    std::size_t task_at(int t, int k) const {
        return static_cast<std::size_t>(k) * static_cast<std::size_t>(tasks_) + static_cast<std::size_t>(t);
    }
    std::size_t placement_at(int j, int k) const {
        return static_cast<std::size_t>(k) * static_cast<std::size_t>(placements_) +
               static_cast<std::size_t>(j);
    }

    // Lower bound on the penalty of every completion from position k with `used` stones, and the
    // first placement still possible (-1: none). Exact when k == classes_.
    std::pair<int, int> bound(int k, int used) const {
        const int left = std::max(0, std::min(limit_stones_, best_penalty_ - 1) - used);
        int certain = 0, extra = 0;
        for (int t = 0; t < tasks_; ++t) {
            const Task& task = ch_.tasks[static_cast<std::size_t>(t)];
            const int s = sum_[static_cast<std::size_t>(t)];
            const int up = std::min(left, rem_pos_[task_at(t, k)]),
                      down = std::min(left, rem_neg_[task_at(t, k)]);
            const int w = weight_[static_cast<std::size_t>(t)];
            if (task.kind == Task::Kind::Same) {
                if (s > down || -s > up)
                    certain += w;
                else
                    extra = std::max(extra, std::min(std::abs(s), w));
            } else if (s > task.hi || s + up < task.lo) {
                certain += w;
            } else {
                extra = std::max(extra, std::min(std::max(0, task.lo - s), w));
            }
        }
        int first = -1;
        if (ch_.formation) {
            int fewest = 1 << 20;
            const std::uint64_t* mask =
                &masks_[static_cast<std::size_t>(k) * static_cast<std::size_t>(words_)];
            for (int w = 0; w < words_; ++w)
                for (std::uint64_t bits = mask[w]; bits; bits &= bits - 1) {
                    int j = w * 64 + __builtin_ctzll(bits);
                    int need = rem_demand_[placement_at(j, k)];
                    if (need < fewest) {
                        fewest = need;
                        first = j;
                    }
                }
            const int w = weight_[static_cast<std::size_t>(tasks_)];
            if (fewest > left) {
                certain += w;
                first = -1;
            } else {
                extra = std::max(extra, std::min(fewest, w));
            }
        }
        return {used + certain + extra, first};
    }

    void dfs(int k, int used) {
        if (++nodes_ > limit_) {
            complete_ = false;
            return;
        }
        // A node costs about a microsecond on big boards: the clock every 4096 of them is cheap.
        if ((nodes_ & 4095) == 0 && deadline_ && deadline_->passed())
            throw solver::SearchLimitReached("", best_penalty_);
        auto [lb, first] = bound(k, used);
        if (lb >= best_penalty_) return;
        if (k == classes_) {
            best_penalty_ = lb;
            best_counts_ = counts_;
            best_placement_ = first;
            return;
        }
        const auto c = static_cast<std::size_t>(order_[static_cast<std::size_t>(k)]);
        const int top = std::min(m_.size(c), std::min(limit_stones_, best_penalty_ - 1) - used);
        const auto W = static_cast<std::size_t>(words_);
        const int* coef = coef_.data() + c * static_cast<std::size_t>(tasks_);
        for (int v = 0; v <= top; ++v) {  // left only by the break below, which undoes the sums
            if (v > 0)
                for (int t = 0; t < tasks_; ++t)
                    sum_[static_cast<std::size_t>(t)] += coef[t];  // one more stone in c
            const auto& fit = fits_[c][static_cast<std::size_t>(v)];
            for (std::size_t w = 0; w < W; ++w)
                masks_[(static_cast<std::size_t>(k) + 1) * W + w] =
                    masks_[static_cast<std::size_t>(k) * W + w] & fit[w];
            counts_[c] = v;
            dfs(k + 1, used + v);
            if (v >= best_penalty_ - 1 - used || v == top || !complete_) {  // the bound may have tightened
                for (int t = 0; t < tasks_; ++t) sum_[static_cast<std::size_t>(t)] -= v * coef[t];
                break;
            }
        }
        counts_[c] = 0;
    }

    const Challenge& ch_;
    const CountModel& m_;
    const std::vector<int>& weight_;
    const solver::Deadline* deadline_;
    std::int64_t limit_, nodes_ = 0;
    int classes_, tasks_, placements_, words_, limit_stones_ = 0;
    std::vector<int> order_, rem_pos_, rem_neg_, rem_demand_, coef_, sum_, counts_, best_counts_;
    std::vector<std::vector<std::vector<std::uint64_t>>> fits_;
    std::vector<std::uint64_t> masks_;
    int best_penalty_ = 0, best_placement_ = -1;
    bool complete_ = true;
};

}  // namespace

CountSearchResult count_search(const Challenge& ch, const CountModel& model, std::int64_t node_limit,
                               const solver::Deadline* deadline) {
    return count_search(ch, model, std::vector<int>(ch.tasks.size() + 1, ch.disfavor), node_limit, deadline);
}

CountSearchResult count_search(const Challenge& ch, const CountModel& model, const std::vector<int>& weight,
                               std::int64_t node_limit, const solver::Deadline* deadline) {
    if (weight.size() != ch.tasks.size() + 1)
        throw std::logic_error("count_search: one weight per task and the formation");
    return Search(ch, model, node_limit, weight, deadline).run();
}

}  // namespace tlaloc::xalapa
