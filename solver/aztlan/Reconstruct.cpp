#include "solver/aztlan/Reconstruct.h"

#include <z3++.h>
#include <bit>
#include <climits>

#include "model/aztlan/MinimumSpan.h"
#include "model/aztlan/PrintedTable.h"
#include "model/aztlan/TerritorySet.h"
#include "solver/common/Cardinality.h"

namespace tlaloc::aztlan {

namespace {
// The target read per column k. A table says nothing beyond its last row: a k it never allows
// within its rows may still occur in a larger domain, so only a cell within the rows is a '-'.
struct Columns {
    std::vector<int> smallest;  // per k, the smallest n the table allows (INT_MAX if none of its rows)
    int rows = 0;

    // The table has a '-' at (n, k).
    bool forbids(int n, int k) const { return n <= rows && n < smallest[k]; }
};

Columns read_columns(const DomainTable& table) {
    Columns out{std::vector<int>(kMaxBonusColumn + 1, INT_MAX), table.max_size};
    for (int k = 0; k <= kMaxBonusColumn; ++k) {
        for (int n = table.max_size; n >= 1; --n) {
            if (table.achievable[n - 1][k]) out.smallest[k] = n;
        }
    }
    return out;
}

// A cell allowed in a row beyond the board's size, which no assignment on the board can give.
bool allows_more_than(const DomainTable& table, int territories) {
    for (int n = territories + 1; n <= table.max_size; ++n) {
        for (bool allowed : table.achievable[n - 1]) {
            if (allowed) return true;
        }
    }
    return false;
}

bool board_fits(const Map& board) {
    return board.size() % kTerritoryTypeCount == 0 && board.size() <= kMaxBitsetTerritories;
}

// The Z3 side of the search: one Boolean per (territory, type), exactly one type per territory, and
// every constraint learnt so far. Terms are created in a fixed order, so a seed gives one answer.
class TypeChoice {
public:
    TypeChoice(const Map& board, unsigned seed) : board_(board), solver_(ctx_) {
        z3::params params(ctx_);
        params.set("random_seed", seed);
        solver_.set(params);
        x_.resize(board.size());
        for (int i = 0; i < board.size(); ++i) {
            z3::expr_vector one(ctx_);
            for (int t = 0; t < kTerritoryTypeCount; ++t) {
                x_[i].push_back(
                    ctx_.bool_const((board.territories[i].id + "_" + kTerritoryTypeNames[t]).c_str()));
                one.push_back(x_[i][t]);
            }
            solver_.add(solver::at_most(one, 1) && solver::at_least(one, 1));
        }
    }

    const z3::expr& is(int territory, int type) const { return x_[territory][type]; }

    // "At least k of `set` have type t" (an isolated territory has no neighbours: an empty set,
    // which the shared helper settles as a constant).
    z3::expr at_least(TerritorySet set, int type, int k) { return solver::at_least(literals(set, type), k); }

    // "Territory i has type t" for every i in `set`.
    z3::expr_vector literals(TerritorySet set, int type) {
        z3::expr_vector v(ctx_);
        for (int i : territories_of(set)) v.push_back(x_[i][type]);
        return v;
    }
    z3::expr_vector empty() { return z3::expr_vector(ctx_); }

    void add(const z3::expr& constraint) { solver_.add(constraint); }

    // The board with the types of an assignment satisfying everything added; nullopt when none is left.
    std::optional<Map> propose(const solver::Deadline& deadline) {
        deadline.arm(solver_);
        const z3::check_result answer = solver_.check();
        if (answer == z3::unknown && deadline.passed()) throw solver::SearchLimitReached();
        if (answer != z3::sat) return std::nullopt;
        z3::model model = solver_.get_model();
        Map proposal = board_;
        for (int i = 0; i < board_.size(); ++i) {
            for (int t = 0; t < kTerritoryTypeCount; ++t) {
                if (model.eval(x_[i][t], true).is_true())
                    proposal.territories[i].type = static_cast<TerritoryType>(t);
            }
        }
        return proposal;
    }

    // Rules out exactly this assignment.
    void block(const Map& proposal) {
        z3::expr_vector differ(ctx_);
        for (int i = 0; i < board_.size(); ++i)
            differ.push_back(!x_[i][static_cast<int>(proposal.territories[i].type)]);
        solver_.add(z3::mk_or(differ));
    }

private:
    const Map& board_;
    z3::context ctx_;
    z3::solver solver_;
    std::vector<std::vector<z3::expr>> x_;  // x_[i][t]: territory i has type t
};

void require_equal_type_counts(TypeChoice& choice, int territories) {
    const int per_type = territories / kTerritoryTypeCount;
    const TerritorySet all = territories == 64 ? ~TerritorySet{0} : (TerritorySet{1} << territories) - 1;
    for (int t = 0; t < kTerritoryTypeCount; ++t) {
        auto v = choice.literals(all, t);
        choice.add(solver::at_most(v, per_type) && solver::at_least(v, per_type));
    }
}

// Cuts known up front: a '-' at (2, 2) forbids two bordering territories of one type, and a '-'
// at (k+1, k) forbids a territory with k neighbours of one type (a star of k+1 territories).
void forbid_small_pairs_and_stars(TypeChoice& choice, const MapBits& shape, const Columns& target) {
    const int n = static_cast<int>(shape.neighbors.size());
    for (int k = 1; k <= kMaxBonusColumn; ++k) {
        for (int i = 0; i < n; ++i) {
            for (int t = 0; t < kTerritoryTypeCount; ++t) {
                if (k == 2 && target.forbids(2, 2)) {
                    for (int j : territories_of(shape.neighbors[i])) {
                        if (i < j) choice.add(!(choice.is(i, t) && choice.is(j, t)));
                    }
                }
                if (target.forbids(k + 1, k) && std::popcount(shape.neighbors[i]) >= k) {
                    choice.add(solver::at_most(choice.literals(shape.neighbors[i], t), k - 1));
                }
            }
        }
    }
}

// The ways column k's smallest allowed cell can occur when it has only one or two territories
// besides the k bonus ones: some territory outside type t borders k of type t (a star), or two
// bordering ones do. Empty when that cell needs more.
z3::expr_vector small_cell_occurrences(TypeChoice& choice, const MapBits& shape, int smallest, int k) {
    const int n = static_cast<int>(shape.neighbors.size());
    z3::expr_vector somewhere = choice.empty();
    for (int i = 0; i < n; ++i) {
        for (int t = 0; t < kTerritoryTypeCount; ++t) {
            if (smallest == k + 1) {
                somewhere.push_back(!choice.is(i, t) && choice.at_least(shape.neighbors[i], t, k));
            }
            if (smallest != k + 2) continue;
            for (int j : territories_of(shape.neighbors[i])) {
                if (j < i) continue;
                TerritorySet around = (shape.neighbors[i] | shape.neighbors[j]) &
                                      ~(TerritorySet{1} << i | TerritorySet{1} << j);
                somewhere.push_back(!choice.is(i, t) && !choice.is(j, t) && choice.at_least(around, t, k));
            }
        }
    }
    return somewhere;
}

// Cells the table allows with only one or two territories besides the k bonus ones must occur.
void require_small_cells(TypeChoice& choice, const MapBits& shape, const Columns& target) {
    for (int k = 2; k <= kMaxBonusColumn; ++k) {
        z3::expr_vector somewhere = small_cell_occurrences(choice, shape, target.smallest[k], k);
        if (!somewhere.empty()) choice.add(z3::mk_or(somewhere));
    }
}

// A proposal's minimum spans: per k the size of the smallest over all types (INT_MAX if none),
// and how many cuts they taught.
struct Spans {
    std::vector<int> best = std::vector<int>(kMaxBonusColumn + 1, INT_MAX);
    int cuts = 0;
};

// A span smaller than the table allows: that set may never hold k of any one type.
Spans learn_from_spans(TypeChoice& choice, const Map& proposal, const Columns& target) {
    const MapBits bits = map_bits(proposal);
    Spans out;
    for (int t = 0; t < kTerritoryTypeCount; ++t) {
        auto spans = minimum_spans(bits, static_cast<TerritoryType>(t));
        for (int k = 1; k < static_cast<int>(spans.size()) && k <= kMaxBonusColumn; ++k) {
            if (!spans[k]) continue;
            int size = std::popcount(*spans[k]);
            out.best[k] = std::min(out.best[k], size);
            if (target.forbids(size, k)) {
                for (int u = 0; u < kTerritoryTypeCount; ++u)
                    choice.add(solver::at_most(choice.literals(*spans[k], u), k - 1));
                ++out.cuts;
            }
        }
    }
    return out;
}

bool spans_match(const Spans& spans, const Columns& target) {
    bool match = spans.cuts == 0;
    for (int k = 1; k <= kMaxBonusColumn && match; ++k) {
        match = spans.best[k] == target.smallest[k] ||
                (spans.best[k] > target.rows && target.smallest[k] == INT_MAX);
    }
    return match;
}

// What one proposal taught: its span cuts, and whether its table matches the target (the
// enumeration runs only once the spans are right; cells_differ stays 0 otherwise).
struct Review {
    int cuts = 0;
    bool matches = false;
    std::size_t cells_differ = 0;
};

Review review(TypeChoice& choice, const Map& proposal, const DomainTable& target, const Columns& columns,
              const solver::Deadline& deadline) {
    Spans spans = learn_from_spans(choice, proposal, columns);
    Review out{spans.cuts};
    if (!spans_match(spans, columns)) return out;
    auto out_of_time = [&deadline](double) {
        if (deadline.passed()) throw solver::SearchLimitReached();
    };
    auto diff = table_differences(compute_domain_table(proposal, target.max_size, out_of_time), target);
    out.matches = diff.empty();
    out.cells_differ = diff.size();
    return out;
}

std::string round_line(int round, const Review& r) {
    if (r.matches) return "round " + std::to_string(round) + ": the table matches";
    return "round " + std::to_string(round) + ": " + std::to_string(r.cuts) + " span cuts, " +
           (r.cuts ? std::string("") : std::to_string(r.cells_differ) + " cells differ, assignment blocked");
}
}  // namespace

ReconstructResult reconstruct_types(const Map& board, const DomainTable& target,
                                    const ReconstructOptions& options,
                                    const std::function<void(const std::string&)>& log) {
    ReconstructResult result;
    if (!board_fits(board)) {
        result.why_not = "the board needs a multiple of 5 territories, at most 64";
        return result;
    }
    if (allows_more_than(target, board.size())) {
        result.why_not = "the table allows domains of more territories than the board has";
        return result;
    }
    const Columns columns = read_columns(target);
    const MapBits shape = map_bits(board);
    TypeChoice choice(board, options.seed);
    require_equal_type_counts(choice, board.size());
    forbid_small_pairs_and_stars(choice, shape, columns);
    require_small_cells(choice, shape, columns);

    for (result.rounds = 1; result.rounds <= options.max_rounds; ++result.rounds) {
        if (options.deadline.passed()) throw solver::SearchLimitReached();
        std::optional<Map> proposal = choice.propose(options.deadline);
        if (!proposal) {
            result.why_not = "no type assignment on this graph reproduces the table";
            return result;
        }
        Review r = review(choice, *proposal, target, columns, options.deadline);
        result.span_cuts += r.cuts;
        if (r.matches) {
            if (log) log(round_line(result.rounds, r));
            result.map = std::move(proposal);
            return result;
        }
        if (r.cuts == 0) {
            // Right spans, wrong elsewhere (or a span too large): rule out this exact assignment.
            choice.block(*proposal);
            ++result.rejected;
        }
        if (log) log(round_line(result.rounds, r));
    }
    result.rounds = options.max_rounds;
    result.why_not = "no matching assignment within " + std::to_string(options.max_rounds) +
                     " rounds (try another --seed or more --rounds)";
    return result;
}

}  // namespace tlaloc::aztlan
