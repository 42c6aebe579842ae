#include "solver/aztlan/Reconstruct.h"

#include <z3++.h>
#include <bit>
#include <climits>
#include <optional>
#include <string>
#include <vector>

#include "model/aztlan/MinimumSpan.h"
#include "model/aztlan/PrintedTable.h"
#include "model/aztlan/TerritorySet.h"
#include "solver/common/Cardinality.h"

namespace tlaloc::aztlan {

namespace {
// For each k, the smallest n at which the table allows k bonus territories (INT_MAX if never).
std::vector<int> smallest_sizes(const DomainTable& table) {
    std::vector<int> out(kMaxBonusColumn + 1, INT_MAX);
    for (int k = 0; k <= kMaxBonusColumn; ++k) {
        for (int n = table.max_size; n >= 1; --n) {
            if (table.achievable[n - 1][k]) out[k] = n;
        }
    }
    return out;
}

z3::expr_vector literals(z3::context& ctx, const std::vector<std::vector<z3::expr>>& x, TerritorySet set,
                         int t) {
    z3::expr_vector v(ctx);
    for (int i : territories_of(set)) v.push_back(x[i][t]);
    return v;
}

// The Z3 side of one reconstruction: x[i][t] is "territory i has type t". Constraints are added in
// a fixed order, so a seed always gives the same map.
class TypeModel {
public:
    TypeModel(const Map& board, const DomainTable& target, unsigned seed)
        : board_(board),
          target_(target),
          n_(board.size()),
          smallest_(smallest_sizes(target)),
          shape_(map_bits(board)) {
        z3::params params(ctx_);
        params.set("random_seed", seed);
        solver_.set(params);
    }

    // The constraints known before any proposal: the types, and the table's cells that need no search.
    void add_known() {
        add_types();
        add_upfront_cuts();
        add_required_cells();
    }

    // The next proposal, or nullopt when no assignment is left.
    std::optional<Map> propose() {
        if (solver_.check() != z3::sat) return std::nullopt;
        z3::model model = solver_.get_model();
        Map proposal = board_;
        for (int i = 0; i < n_; ++i) {
            for (int t = 0; t < kTerritoryTypeCount; ++t) {
                if (model.eval(x_[i][t], true).is_true())
                    proposal.territories[i].type = static_cast<TerritoryType>(t);
            }
        }
        return proposal;
    }

    // A span smaller than the table allows: that set may never hold k of any one type. Adds a cut
    // per such span and returns how many; `best` gets the smallest span per k.
    int add_span_cuts(const Map& proposal, std::vector<int>& best) {
        const MapBits bits = map_bits(proposal);
        int cuts = 0;
        best.assign(kMaxBonusColumn + 1, INT_MAX);
        for (int t = 0; t < kTerritoryTypeCount; ++t) {
            auto spans = minimum_spans(bits, static_cast<TerritoryType>(t));
            for (int k = 1; k < static_cast<int>(spans.size()) && k <= kMaxBonusColumn; ++k) {
                if (!spans[k]) continue;
                int size = std::popcount(*spans[k]);
                best[k] = std::min(best[k], size);
                if (size < smallest_[k]) {
                    for (int u = 0; u < kTerritoryTypeCount; ++u)
                        solver_.add(solver::at_most(literals(ctx_, x_, *spans[k], u), k - 1));
                    ++cuts;
                }
            }
        }
        return cuts;
    }

    // Whether the smallest spans per k (from add_span_cuts) are the table's.
    bool spans_match(const std::vector<int>& best) const {
        bool match = true;
        for (int k = 1; k <= kMaxBonusColumn && match; ++k) {
            match = best[k] == smallest_[k] || (best[k] > target_.max_size && smallest_[k] == INT_MAX);
        }
        return match;
    }

    // Rules out this exact assignment.
    void block(const Map& proposal) {
        z3::expr_vector differ(ctx_);
        for (int i = 0; i < n_; ++i) differ.push_back(!x_[i][static_cast<int>(proposal.territories[i].type)]);
        solver_.add(z3::mk_or(differ));
    }

private:
    // One type per territory, and n / 5 territories of each type.
    void add_types() {
        const int per_type = n_ / kTerritoryTypeCount;
        x_.resize(n_);
        for (int i = 0; i < n_; ++i) {
            z3::expr_vector one(ctx_);
            for (int t = 0; t < kTerritoryTypeCount; ++t) {
                x_[i].push_back(
                    ctx_.bool_const((board_.territories[i].id + "_" + kTerritoryTypeNames[t]).c_str()));
                one.push_back(x_[i][t]);
            }
            solver_.add(solver::at_most(one, 1) && solver::at_least(one, 1));
        }
        const TerritorySet all = n_ == 64 ? ~TerritorySet{0} : (TerritorySet{1} << n_) - 1;
        for (int t = 0; t < kTerritoryTypeCount; ++t) {
            auto v = literals(ctx_, x_, all, t);
            solver_.add(solver::at_most(v, per_type) && solver::at_least(v, per_type));
        }
    }

    // Cuts known up front: a '-' at (2, 2) forbids two bordering territories of one type, and a '-'
    // at (k+1, k) forbids a territory with k neighbours of one type (a star of k+1 territories).
    void add_upfront_cuts() {
        for (int k = 1; k <= kMaxBonusColumn; ++k) {
            for (int i = 0; i < n_; ++i) {
                for (int t = 0; t < kTerritoryTypeCount; ++t) {
                    if (k == 2 && smallest_[2] > 2) {
                        for (int j : territories_of(shape_.neighbors[i])) {
                            if (i < j) solver_.add(!(x_[i][t] && x_[j][t]));
                        }
                    }
                    if (smallest_[k] > k + 1 && std::popcount(shape_.neighbors[i]) >= k) {
                        solver_.add(solver::at_most(literals(ctx_, x_, shape_.neighbors[i], t), k - 1));
                    }
                }
            }
        }
    }

    // Cells the table allows with only one or two territories besides the k bonus ones must occur:
    // some territory outside type t borders k of type t (a star), or two bordering ones do.
    void add_required_cells() {
        for (int k = 2; k <= kMaxBonusColumn; ++k) {
            z3::expr_vector somewhere(ctx_);
            for (int i = 0; i < n_; ++i) {
                for (int t = 0; t < kTerritoryTypeCount; ++t) {
                    if (smallest_[k] == k + 1) {
                        somewhere.push_back(!x_[i][t] &&
                                            solver::at_least(literals(ctx_, x_, shape_.neighbors[i], t), k));
                    }
                    if (smallest_[k] != k + 2) continue;
                    for (int j : territories_of(shape_.neighbors[i])) {
                        if (j < i) continue;
                        TerritorySet around = (shape_.neighbors[i] | shape_.neighbors[j]) &
                                              ~(TerritorySet{1} << i | TerritorySet{1} << j);
                        somewhere.push_back(!x_[i][t] && !x_[j][t] &&
                                            solver::at_least(literals(ctx_, x_, around, t), k));
                    }
                }
            }
            if (!somewhere.empty()) solver_.add(z3::mk_or(somewhere));
        }
    }

    const Map& board_;
    const DomainTable& target_;
    const int n_;
    const std::vector<int> smallest_;
    const MapBits shape_;
    z3::context ctx_;
    z3::solver solver_{ctx_};
    std::vector<std::vector<z3::expr>> x_;
};

}  // namespace

ReconstructResult reconstruct_types(const Map& board, const DomainTable& target,
                                    const ReconstructOptions& options,
                                    const std::function<void(const std::string&)>& log) {
    ReconstructResult result;
    const int n = board.size();
    if (n % kTerritoryTypeCount != 0 || n > kMaxBitsetTerritories) {
        result.why_not = "the board needs a multiple of 5 territories, at most 64";
        return result;
    }
    TypeModel types(board, target, options.seed);
    types.add_known();
    for (result.rounds = 1; result.rounds <= options.max_rounds; ++result.rounds) {
        std::optional<Map> proposal = types.propose();
        if (!proposal) {
            result.why_not = "no type assignment on this graph reproduces the table";
            return result;
        }
        std::vector<int> best;
        const int cuts = types.add_span_cuts(*proposal, best);
        result.span_cuts += cuts;
        std::vector<CellDifference> diff;
        if (cuts == 0 && types.spans_match(best)) {
            diff = table_differences(compute_domain_table(*proposal, target.max_size), target);
            if (diff.empty()) {
                if (log) log("round " + std::to_string(result.rounds) + ": the table matches");
                result.map = std::move(proposal);
                return result;
            }
        }
        if (cuts == 0) {
            // Right spans, wrong elsewhere (or a span too large): rule out this exact assignment.
            types.block(*proposal);
            ++result.rejected;
        }
        if (log) {
            log("round " + std::to_string(result.rounds) + ": " + std::to_string(cuts) + " span cuts, " +
                (cuts ? std::string("") : std::to_string(diff.size()) + " cells differ, assignment blocked"));
        }
    }
    result.rounds = options.max_rounds;
    result.why_not = "no matching assignment within " + std::to_string(options.max_rounds) +
                     " rounds (try another --seed or more --rounds)";
    return result;
}

}  // namespace tlaloc::aztlan
