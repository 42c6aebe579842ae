#include "solver/aztlan/Reconstruct.h"

#include <z3++.h>
#include <bit>
#include <climits>

#include "model/aztlan/MinimumSpan.h"
#include "model/aztlan/PrintedTable.h"
#include "model/aztlan/TerritorySet.h"

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
    const int per_type = n / kTerritoryTypeCount;
    const auto smallest = smallest_sizes(target);
    const MapBits shape = map_bits(board);

    z3::context ctx;
    z3::solver solver(ctx);
    z3::params params(ctx);
    params.set("random_seed", options.seed);
    solver.set(params);

    std::vector<std::vector<z3::expr>> x(n);
    for (int i = 0; i < n; ++i) {
        z3::expr_vector one(ctx);
        for (int t = 0; t < kTerritoryTypeCount; ++t) {
            x[i].push_back(ctx.bool_const((board.territories[i].id + "_" + kTerritoryTypeNames[t]).c_str()));
            one.push_back(x[i][t]);
        }
        solver.add(z3::atmost(one, 1) && z3::atleast(one, 1));
    }
    const TerritorySet all = n == 64 ? ~TerritorySet{0} : (TerritorySet{1} << n) - 1;
    for (int t = 0; t < kTerritoryTypeCount; ++t) {
        auto v = literals(ctx, x, all, t);
        solver.add(z3::atmost(v, per_type) && z3::atleast(v, per_type));
    }
    // Cuts known up front: a '-' at (2, 2) forbids two bordering territories of one type, and a '-'
    // at (k+1, k) forbids a territory with k neighbours of one type (a star of k+1 territories).
    for (int k = 1; k <= kMaxBonusColumn; ++k) {
        for (int i = 0; i < n; ++i) {
            for (int t = 0; t < kTerritoryTypeCount; ++t) {
                if (k == 2 && smallest[2] > 2) {
                    for (int j : territories_of(shape.neighbors[i])) {
                        if (i < j) solver.add(!(x[i][t] && x[j][t]));
                    }
                }
                if (smallest[k] > k + 1 && std::popcount(shape.neighbors[i]) >= k) {
                    solver.add(z3::atmost(literals(ctx, x, shape.neighbors[i], t), k - 1));
                }
            }
        }
    }

    // Cells the table allows with only one or two territories besides the k bonus ones must occur:
    // some territory outside type t borders k of type t (a star), or two bordering ones do.
    for (int k = 2; k <= kMaxBonusColumn; ++k) {
        z3::expr_vector somewhere(ctx);
        for (int i = 0; i < n; ++i) {
            for (int t = 0; t < kTerritoryTypeCount; ++t) {
                if (smallest[k] == k + 1) {
                    somewhere.push_back(!x[i][t] && z3::atleast(literals(ctx, x, shape.neighbors[i], t), k));
                }
                if (smallest[k] != k + 2) continue;
                for (int j : territories_of(shape.neighbors[i])) {
                    if (j < i) continue;
                    TerritorySet around = (shape.neighbors[i] | shape.neighbors[j]) &
                                          ~(TerritorySet{1} << i | TerritorySet{1} << j);
                    somewhere.push_back(!x[i][t] && !x[j][t] && z3::atleast(literals(ctx, x, around, t), k));
                }
            }
        }
        if (!somewhere.empty()) solver.add(z3::mk_or(somewhere));
    }

    for (result.rounds = 1; result.rounds <= options.max_rounds; ++result.rounds) {
        if (solver.check() != z3::sat) {
            result.why_not = "no type assignment on this graph reproduces the table";
            return result;
        }
        z3::model model = solver.get_model();
        Map proposal = board;
        for (int i = 0; i < n; ++i) {
            for (int t = 0; t < kTerritoryTypeCount; ++t) {
                if (model.eval(x[i][t], true).is_true())
                    proposal.territories[i].type = static_cast<TerritoryType>(t);
            }
        }
        const MapBits bits = map_bits(proposal);
        // A span smaller than the table allows: that set may never hold k of any one type.
        int cuts = 0;
        std::vector<int> best(kMaxBonusColumn + 1, INT_MAX);
        for (int t = 0; t < kTerritoryTypeCount; ++t) {
            auto spans = minimum_spans(bits, static_cast<TerritoryType>(t));
            for (int k = 1; k < static_cast<int>(spans.size()) && k <= kMaxBonusColumn; ++k) {
                if (!spans[k]) continue;
                int size = std::popcount(*spans[k]);
                best[k] = std::min(best[k], size);
                if (size < smallest[k]) {
                    for (int u = 0; u < kTerritoryTypeCount; ++u)
                        solver.add(z3::atmost(literals(ctx, x, *spans[k], u), k - 1));
                    ++cuts;
                }
            }
        }
        result.span_cuts += cuts;
        bool spans_match = cuts == 0;
        for (int k = 1; k <= kMaxBonusColumn && spans_match; ++k) {
            spans_match = best[k] == smallest[k] || (best[k] > target.max_size && smallest[k] == INT_MAX);
        }
        std::vector<CellDifference> diff;
        if (spans_match) {
            diff = table_differences(compute_domain_table(proposal, target.max_size), target);
            if (diff.empty()) {
                if (log) log("round " + std::to_string(result.rounds) + ": the table matches");
                result.map = std::move(proposal);
                return result;
            }
        }
        if (cuts == 0) {
            // Right spans, wrong elsewhere (or a span too large): rule out this exact assignment.
            z3::expr_vector differ(ctx);
            for (int i = 0; i < n; ++i)
                differ.push_back(!x[i][static_cast<int>(proposal.territories[i].type)]);
            solver.add(z3::mk_or(differ));
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
