#include "solver/xalapa/CountSets.h"

#include <algorithm>
#include <functional>
#include <numeric>
#include <stdexcept>
#include <unordered_set>

#include "solver/common/SearchLimit.h"

namespace tlaloc::xalapa {

namespace {

// The k-subset of 0..size-1 after `pick` in lexicographic order; false after the last one.
bool next_subset(std::vector<int>& pick, int size) {
    const int k = static_cast<int>(pick.size());
    for (int i = k - 1; i >= 0; --i) {
        auto at = static_cast<std::size_t>(i);
        if (pick[at] < size - k + i) {
            ++pick[at];
            for (std::size_t j = at + 1; j < pick.size(); ++j) pick[j] = pick[j - 1] + 1;
            return true;
        }
    }
    return false;
}

// Every set made of `base` and, in each class c, n[c] minus what base holds there of its other
// fields, in a fixed order, until `visit` returns false. None when base holds more than n allows.
void each_filling(const CountModel& model, const CellSet& base, const std::vector<int>& n,
                  const std::function<bool(const CellSet&)>& visit) {
    const std::size_t classes = model.classes.size();
    std::vector<std::vector<int>> free(classes), pick(classes);
    for (std::size_t c = 0; c < classes; ++c) {
        for (int i : model.classes[c])
            if (!base.test(static_cast<std::size_t>(i))) free[c].push_back(i);
        const int take = n[c] - (model.size(c) - static_cast<int>(free[c].size()));
        if (take < 0 || take > static_cast<int>(free[c].size())) return;
        pick[c].resize(static_cast<std::size_t>(take));
        std::iota(pick[c].begin(), pick[c].end(), 0);
    }
    for (;;) {
        CellSet s = base;
        for (std::size_t c = 0; c < classes; ++c)
            for (int k : pick[c]) s.set(static_cast<std::size_t>(free[c][static_cast<std::size_t>(k)]));
        if (!visit(s)) return;
        std::size_t c = classes;  // advance like an odometer, the last class fastest
        for (; c > 0; --c) {
            if (next_subset(pick[c - 1], static_cast<int>(free[c - 1].size()))) break;
            std::iota(pick[c - 1].begin(), pick[c - 1].end(), 0);
        }
        if (c == 0) return;
    }
}

// a * b, or `limit` when that is smaller (a, b >= 0).
std::int64_t times_up_to(std::int64_t a, std::int64_t b, std::int64_t limit) {
    const auto r = static_cast<__int128>(a) * b;
    return r < limit ? static_cast<std::int64_t>(r) : limit;
}

// size choose k, or `limit` when that is smaller. After step i, r = (size - k + i) choose i, which
// only grows with i, so it may stop at the limit.
std::int64_t choose_up_to(int size, int k, std::int64_t limit) {
    unsigned __int128 r = 1;
    for (int i = 1; i <= k; ++i) {
        r = r * static_cast<unsigned>(size - k + i) / static_cast<unsigned>(i);
        if (r >= static_cast<unsigned __int128>(limit)) return limit;
    }
    return static_cast<std::int64_t>(r);
}

}  // namespace

CountSets optimal_sets_with_counts(const Challenge& ch, const ChallengeFields& fields,
                                   const CountModel& model, const std::vector<int>& n, int optimum,
                                   std::int64_t limit, std::size_t keep, const solver::Deadline* deadline) {
    const std::size_t classes = model.classes.size();
    std::vector<CellSet> of_class(classes);
    for (std::size_t c = 0; c < classes; ++c)
        for (int i : model.classes[c]) of_class[c].set(static_cast<std::size_t>(i));
    // What the tasks cost (the same for every set with these counts), with the formation met.
    const Evaluation e = evaluate(ch, fields, model.stones_for(n, -1));
    if (!e.within_limit) throw std::logic_error("optimal sets: counts beyond max_stones");
    const int with_formation = e.penalty - (ch.formation && !e.formation_met ? ch.disfavor : 0);
    std::vector<const CellSet*> allowed;  // the placements these counts can hold
    if (ch.formation)
        for (const CellSet& p : fields.placements) {
            const std::vector<int> d = model.counts_of(p);
            bool fits = true;
            for (std::size_t c = 0; c < classes && fits; ++c) fits = d[c] <= n[c];
            if (fits) allowed.push_back(&p);
        }
    CountSets out;
    const bool formation_counts = ch.formation && ch.disfavor > 0;
    if (!formation_counts || (allowed.empty() && with_formation + ch.disfavor == optimum)) {
        // Every set with these counts scores the same: the optimum.
        if (e.penalty != optimum) throw std::logic_error("optimal sets: counts off the optimum");
        out.count = 1;
        for (std::size_t c = 0; c < classes; ++c) {
            out.count = times_up_to(out.count, choose_up_to(model.size(c), n[c], limit), limit);
            if (n[c] == model.size(c)) out.in_all |= of_class[c];
            if (n[c] > 0) out.in_some |= of_class[c];
        }
        each_filling(model, CellSet{}, n, [&](const CellSet& s) {
            if (out.first.size() < keep) out.first.push_back(s);
            return out.first.size() < keep;
        });
        return out;
    }
    // The optimal sets are those holding a placement (the others score disfavor more).
    if (allowed.empty() || with_formation != optimum)
        throw std::logic_error("optimal sets: counts off the optimum");
    out.in_all = ch.board.all_fields();
    std::unordered_set<CellSet> seen;
    // Placements may share most of their fillings, so the sets visited can be many times `limit`.
    std::int64_t visited = 0;
    for (const CellSet* p : allowed) {
        // Around p, a field is taken in some set when p holds it or its class takes more stones
        // than p puts there; it is in all of them when p holds it or its class is full.
        const std::vector<int> d = model.counts_of(*p);
        CellSet every = *p;
        out.in_some |= *p;
        for (std::size_t c = 0; c < classes; ++c) {
            if (n[c] > d[c]) out.in_some |= of_class[c];
            if (n[c] == model.size(c)) every |= of_class[c];
        }
        out.in_all &= every;
        if (static_cast<std::int64_t>(seen.size()) >= limit) continue;
        each_filling(model, *p, n, [&](const CellSet& s) {
            if ((++visited & 4095) == 0 && deadline && deadline->passed()) throw solver::SearchLimitReached();
            if (seen.insert(s).second && out.first.size() < keep) out.first.push_back(s);
            return static_cast<std::int64_t>(seen.size()) < limit;
        });
    }
    out.count = static_cast<std::int64_t>(seen.size());
    return out;
}

}  // namespace tlaloc::xalapa
