#include "puzzles/xalapa/Atlacoya.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace tlaloc::xalapa {

std::vector<int> tasks_to_meet(const AtlacoyaRow& row, int bid, const std::vector<int>& cover) {
    std::vector<int> out;
    for (int t = 0; t < bid; ++t)
        if (!std::binary_search(cover.begin(), cover.end(), t))
            out.push_back(row.order[static_cast<std::size_t>(t)]);
    out.insert(out.end(), row.always.begin(), row.always.end());
    return out;
}

namespace {

// Every k-subset of 0..n-1, in lexicographic order.
std::vector<std::vector<int>> subsets(int n, int k) {
    std::vector<std::vector<int>> out;
    std::vector<int> pick(static_cast<std::size_t>(k));
    std::iota(pick.begin(), pick.end(), 0);
    for (;;) {
        out.push_back(pick);
        int i = k - 1;
        while (i >= 0 && pick[static_cast<std::size_t>(i)] == n - k + i) --i;
        if (i < 0) return out;
        ++pick[static_cast<std::size_t>(i)];
        for (int j = i + 1; j < k; ++j)
            pick[static_cast<std::size_t>(j)] = pick[static_cast<std::size_t>(j) - 1] + 1;
    }
}

// The smallest cover of at most `tokens` of tasks 1..bid that leaves a row that can be met: every
// cover of size k is asked before any of size k + 1, so the size found is the fewest.
void find_cover(ChallengeSolver& solver, const Challenge& challenge, const AtlacoyaRow& row, int tokens,
                BidAdvice& advice) {
    for (int k = 0; k <= std::min(tokens, advice.bid); ++k) {
        const std::vector<std::vector<int>> covers = subsets(advice.bid, k);
        std::vector<std::vector<int>> rests;
        for (const auto& c : covers) rests.push_back(tasks_to_meet(row, advice.bid, c));
        const std::vector<bool> can = solver.can_meet_each(challenge, rests, challenge.max_stones);
        std::vector<std::size_t> feasible;
        std::vector<std::vector<int>> feasible_rests;
        for (std::size_t i = 0; i < covers.size(); ++i)
            if (can[i]) {
                feasible.push_back(i);
                feasible_rests.push_back(rests[i]);
            }
        if (feasible.empty()) continue;
        const std::vector<std::optional<int>> stones = solver.fewest_stones_each(challenge, feasible_rests);
        std::size_t best = 0;  // fewest stones; the first such cover in lexicographic order
        for (std::size_t i = 0; i < feasible.size(); ++i) {
            if (!stones[i]) throw std::logic_error("atlacoya: a cover that can be met has no fewest stones");
            if (*stones[i] < *stones[best]) best = i;
        }
        advice.tokens_needed = k;
        advice.cover = covers[feasible[best]];
        advice.stones_with_cover = stones[best];
        return;
    }
}

}  // namespace

AtlacoyaAdvice advise_bids(ChallengeSolver& solver, const Challenge& row, int tokens) {
    AtlacoyaRow spec;
    for (int t = 0; t < static_cast<int>(row.tasks.size()); ++t) spec.order.push_back(t);
    if (row.formation) spec.always.push_back(static_cast<int>(row.tasks.size()));
    return advise_row(solver, row, spec, tokens);
}

AtlacoyaAdvice advise_row(ChallengeSolver& solver, const Challenge& challenge, const AtlacoyaRow& row,
                          int tokens) {
    const int top = std::min(kAtlacoyaHighestBid, static_cast<int>(row.order.size()));
    if (top < kAtlacoyaLowestBid) throw std::invalid_argument("an Atlacoya row needs at least 2 tasks");
    std::vector<std::vector<int>> prefixes;
    for (int b = kAtlacoyaLowestBid; b <= top; ++b) prefixes.push_back(tasks_to_meet(row, b, {}));
    const std::vector<std::optional<int>> fewest = solver.fewest_stones_each(challenge, prefixes);
    AtlacoyaAdvice out;
    out.tokens = std::max(0, tokens);
    for (int b = kAtlacoyaLowestBid; b <= top; ++b) {
        BidAdvice advice;
        advice.bid = b;
        advice.stones = fewest[static_cast<std::size_t>(b - kAtlacoyaLowestBid)];
        if (out.tokens > 0) {
            if (advice.stones) {
                advice.tokens_needed = 0;
                advice.stones_with_cover = advice.stones;
            } else {
                find_cover(solver, challenge, row, out.tokens, advice);
            }
            if (advice.tokens_needed) out.best_bid = b;
        }
        out.bids.push_back(std::move(advice));
    }
    return out;
}

}  // namespace tlaloc::xalapa
