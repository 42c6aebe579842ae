#include "solver/xalapa/CountModel.h"

#include <algorithm>
#include <map>
#include <stdexcept>

namespace tlaloc::xalapa {

CountModel::CountModel(const Challenge& ch, const ChallengeFields& fields) {
    const int n = ch.board.size();
    class_of.assign(static_cast<std::size_t>(n), 0);
    std::map<std::vector<bool>, int> by_signature;
    for (int i = 0; i < n; ++i) {
        std::vector<bool> signature;
        for (std::size_t t = 0; t < ch.tasks.size(); ++t) {
            signature.push_back(fields.feature[t].test(static_cast<std::size_t>(i)));
            signature.push_back(fields.other[t].test(static_cast<std::size_t>(i)));
        }
        const int cls = by_signature.try_emplace(signature, static_cast<int>(classes.size())).first->second;
        if (cls == static_cast<int>(classes.size())) classes.emplace_back();
        classes[static_cast<std::size_t>(cls)].push_back(i);
        class_of[static_cast<std::size_t>(i)] = cls;
    }
    for (std::size_t t = 0; t < ch.tasks.size(); ++t) {
        std::vector<int> row;
        for (const auto& cls : classes) {
            auto f = static_cast<std::size_t>(cls[0]);
            int k = fields.feature[t].test(f) ? 1 : 0;
            if (ch.tasks[t].kind == Task::Kind::Same) k -= fields.other[t].test(f) ? 1 : 0;
            row.push_back(k);
        }
        coefficient.push_back(std::move(row));
    }
    // Identical demands once (sorted, first placement kept), then drop any demand that includes
    // another's.
    std::vector<std::pair<std::vector<int>, std::size_t>> all;
    for (std::size_t p = 0; p < fields.placements.size(); ++p)
        all.emplace_back(counts_of(fields.placements[p]), p);
    std::stable_sort(all.begin(), all.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    all.erase(
        std::unique(all.begin(), all.end(), [](const auto& a, const auto& b) { return a.first == b.first; }),
        all.end());
    std::sort(all.begin(), all.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
    auto covers = [](const std::vector<int>& a, const std::vector<int>& b) {  // a >= b everywhere
        for (std::size_t c = 0; c < a.size(); ++c)
            if (a[c] < b[c]) return false;
        return true;
    };
    for (std::size_t p = 0; p < all.size(); ++p) {
        bool redundant = false;
        for (std::size_t q = 0; q < all.size() && !redundant; ++q)
            redundant = q != p && covers(all[p].first, all[q].first);
        if (redundant) continue;
        demand.push_back(all[p].first);
        placement.push_back(fields.placements[all[p].second]);
    }
}

std::vector<int> CountModel::counts_of(const CellSet& stones) const {
    std::vector<int> n(classes.size(), 0);
    for (std::size_t i = stones._Find_first(); i < stones.size(); i = stones._Find_next(i))
        ++n[static_cast<std::size_t>(class_of[i])];
    return n;
}

int CountModel::placement_within(const std::vector<int>& counts) const {
    for (std::size_t j = 0; j < demand.size(); ++j) {
        bool fits = true;
        for (std::size_t c = 0; c < counts.size() && fits; ++c) fits = demand[j][c] <= counts[c];
        if (fits) return static_cast<int>(j);
    }
    return -1;
}

CellSet CountModel::stones_for(const std::vector<int>& counts, int p) const {
    CellSet s;
    if (p >= 0) s = placement[static_cast<std::size_t>(p)];
    for (std::size_t c = 0; c < classes.size(); ++c) {
        int have = 0;
        for (int i : classes[c]) have += s.test(static_cast<std::size_t>(i));
        if (have > counts[c]) throw std::logic_error("stones_for: the placement does not fit the counts");
        for (int i : classes[c])
            if (have < counts[c] && !s.test(static_cast<std::size_t>(i))) {
                s.set(static_cast<std::size_t>(i));
                ++have;
            }
    }
    return s;
}

}  // namespace tlaloc::xalapa
