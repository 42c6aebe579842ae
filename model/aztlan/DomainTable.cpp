#include "model/aztlan/DomainTable.h"

#include <bit>

#include "model/aztlan/Scoring.h"
#include "model/aztlan/TerritorySet.h"

namespace tlaloc::aztlan {

int domain_points(int size, int bonus) { return domain_value(size, bonus, DomainWithoutBonus::Zero); }

std::optional<int> DomainTable::value(int n, int k) const {
    if (n < 1 || n > max_size || k < 0 || k > kMaxBonusColumn || !achievable[n - 1][k]) return std::nullopt;
    return domain_points(n, k);
}

namespace {
using Row = std::uint8_t;  // bit k set: column k of one row
constexpr Row kAllColumns = (1u << (kMaxBonusColumn + 1)) - 1;

// Enumerates every connected set of at most max_size territories exactly once (each set is grown
// from its lowest territory; the frontier branches "take w" / "never take w"), skipping a branch
// when no table cell it could still reach is unknown.
class Enumeration {
public:
    Enumeration(const Map& map, int max_size, DomainTable& table, std::uint64_t max_sets,
                const std::function<void(double)>& progress)
        : bits_(map_bits(map)),
          max_size_(max_size),
          table_(table),
          max_sets_(max_sets),
          progress_(progress),
          missing_(kTerritoryTypeCount) {
        for (auto& rows : missing_) rows.assign(max_size + 1, kAllColumns);
    }

    void from_root(int root) {
        root_ = root;
        TerritorySet below = (TerritorySet{1} << root) - 1;
        TerritorySet self = TerritorySet{1} << root;
        grow(self, 1, bits_.neighbors[root] & ~below, below | self);
    }

private:
    void record(TerritorySet set, int size) {
        ++visited_;
        if (max_sets_ && visited_ > max_sets_) {
            throw DomainTableLimit("gave up after " + std::to_string(max_sets_) + " connected sets");
        }
        // Progress (and the caller's chance to stop the run) also within a root, which alone can take
        // seconds on a large dense map.
        if ((visited_ & ((std::uint64_t{1} << 20) - 1)) == 0 && progress_)
            progress_(static_cast<double>(root_) / static_cast<double>(bits_.neighbors.size()));
        for (int t = 0; t < kTerritoryTypeCount; ++t) {
            int k = std::popcount(set & bits_.of_type[t]);
            if (k > kMaxBonusColumn || !(missing_[t][size] >> k & 1)) continue;
            missing_[t][size] &= ~(1u << k);
            table_.per_type[t][size - 1][k] = true;
            if (!table_.achievable[size - 1][k]) {
                table_.achievable[size - 1][k] = true;
                table_.witness[size - 1][k] =
                    DomainWitness{static_cast<TerritoryType>(t), territories_of(set)};
            }
        }
    }

    // Could a superset of `set` drawn from `open` still fill an unknown cell?
    bool worth_growing(TerritorySet set, int size, TerritorySet open) const {
        int open_count = std::popcount(open);
        int last = std::min(max_size_, size + open_count);
        for (int t = 0; t < kTerritoryTypeCount; ++t) {
            int have = std::popcount(set & bits_.of_type[t]);
            int open_t = std::popcount(open & bits_.of_type[t]);
            for (int n = size + 1; n <= last; ++n) {
                int lo = have + std::max(0, n - size - (open_count - open_t));
                int hi = std::min(kMaxBonusColumn, have + std::min(n - size, open_t));
                if (lo > hi) continue;
                Row range = static_cast<Row>(((1u << (hi + 1)) - 1) & ~((1u << lo) - 1));
                if (missing_[t][n] & range) return true;
            }
        }
        return false;
    }

    // frontier = neighbours of set outside set and outside closed; closed = never to be taken.
    void grow(TerritorySet set, int size, TerritorySet frontier, TerritorySet closed) {
        record(set, size);
        if (size == max_size_ || !worth_growing(set, size, ~(set | closed) & universe())) return;
        while (frontier) {
            TerritorySet w = frontier & -frontier;
            frontier &= ~w;
            int wi = std::countr_zero(w);
            grow(set | w, size + 1, frontier | (bits_.neighbors[wi] & ~(set | closed | w)), closed);
            closed |= w;
        }
    }

    TerritorySet universe() const {
        int n = static_cast<int>(bits_.neighbors.size());
        return n == 64 ? ~TerritorySet{0} : (TerritorySet{1} << n) - 1;
    }

    MapBits bits_;
    int max_size_;
    DomainTable& table_;
    std::uint64_t max_sets_, visited_ = 0;
    const std::function<void(double)>& progress_;
    int root_ = 0;
    std::vector<std::vector<Row>> missing_;  // missing_[type][n]: columns not yet seen
};
}  // namespace

DomainTable compute_domain_table(const Map& map, int max_size, const std::function<void(double)>& progress) {
    return compute_domain_table(map, max_size, progress, 0);
}

DomainTable compute_domain_table(const Map& map, int max_size, const std::function<void(double)>& progress,
                                 std::uint64_t max_sets) {
    DomainTable table;
    table.max_size = std::max(0, std::min(max_size, map.size()));
    table.achievable.assign(table.max_size, {});
    table.witness.assign(table.max_size, {});
    for (auto& rows : table.per_type) rows.assign(table.max_size, {});
    if (table.max_size == 0) return table;

    Enumeration enumeration(map, table.max_size, table, max_sets, progress);
    for (int root = 0; root < map.size(); ++root) {
        enumeration.from_root(root);
        if (progress) progress(static_cast<double>(root + 1) / map.size());
    }
    return table;
}

}  // namespace tlaloc::aztlan
