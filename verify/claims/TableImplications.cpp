#include "verify/claims/TableImplications.h"

#include <algorithm>
#include <array>

namespace tlaloc::verify {

namespace {

using Shape = Implication::Shape;

std::string number_word(int k) {
    static const char* words[] = {"zero", "one", "two", "three", "four", "five", "six"};
    return k >= 0 && k <= 6 ? words[k] : std::to_string(k);
}

bool dash(const std::vector<std::vector<TableCell>>& t, int n, int k) {
    return n >= 1 && n <= static_cast<int>(t.size()) && k < static_cast<int>(t[n - 1].size()) && !t[n - 1][k];
}

}  // namespace

std::vector<Implication> implications_of(const std::vector<std::vector<TableCell>>& table) {
    std::vector<Implication> out;
    int columns = 0;
    for (const auto& row : table) columns = std::max(columns, static_cast<int>(row.size()));
    const bool same_types_apart = dash(table, 2, 2);
    bool border_stated = false;
    for (int k = 2; k < columns; ++k) {
        Implication imp;
        imp.bonus = k;
        for (int n = 1; n <= static_cast<int>(table.size()) && !imp.smallest; ++n) {
            // A value where k > n (a domain of n cannot hold k) implies nothing about maps; `verify
            // rulebook` reports it as an impossible cell.
            if (k <= n && k < static_cast<int>(table[n - 1].size()) && table[n - 1][k]) imp.smallest = n;
        }
        if (imp.smallest) {
            imp.statement = "no connected set of " + std::to_string(imp.smallest - 1) +
                            " territories holds " + number_word(k) +
                            " of one type, and some connected set of " + std::to_string(imp.smallest) +
                            " does";
        } else {
            imp.shape = Shape::NeverWithin;
            imp.smallest = static_cast<int>(table.size());
            imp.statement = "no connected set of up to " + std::to_string(table.size()) +
                            " territories holds " + number_word(k) + " of one type";
        }
        out.push_back(imp);
        // Plain-word consequences. With same-type territories never adjacent, k of one type inside
        // k + 1 territories are pairwise apart, so the one other territory must border all of them.
        if (k == 2 && same_types_apart) {
            out.push_back({Shape::NoTouch, 2, 0, "no two territories of one type touch", std::nullopt, ""});
        } else if (k > 2 && same_types_apart && !border_stated && dash(table, k + 1, k)) {
            out.push_back({Shape::NoBorder, k, 0,
                           "no territory borders " + number_word(k) + " territories of one type",
                           std::nullopt, ""});
            border_stated = true;
        }
    }
    return out;
}

namespace {

// What the implications are checked on: the map, its name and its domain table.
struct OnMap {
    const aztlan::Map& map;
    const std::string& name;
    const aztlan::DomainTable& table;

    bool occurs(int n, int k) const {
        return n >= 1 && n <= table.max_size && k <= aztlan::kMaxBonusColumn && table.achievable[n - 1][k];
    }
    std::string witness(int n, int k) const {
        const aztlan::DomainWitness& w = *table.witness[n - 1][k];
        std::string s;
        for (int t : w.territories) s += (s.empty() ? "" : ", ") + map.territories[t].id;
        return s + " (" + aztlan::to_string(w.type) + ")";
    }
};

void check_smallest_set(Implication& imp, const OnMap& on) {
    int n = imp.smallest;
    if (on.occurs(n - 1, imp.bonus)) {
        imp.holds = false;
        imp.evidence =
            "on " + on.name + " a set of " + std::to_string(n - 1) + " does: " + on.witness(n - 1, imp.bonus);
    } else if (!on.occurs(n, imp.bonus)) {
        imp.holds = false;
        imp.evidence = "on " + on.name + " no connected set of " + std::to_string(n) + " holds " +
                       std::to_string(imp.bonus) + " of one type";
    } else {
        imp.holds = true;
        imp.evidence = "on " + on.name + ": " + on.witness(n, imp.bonus);
    }
}

void check_never_within(Implication& imp, const OnMap& on) {
    imp.holds = true;
    int up_to = std::min(on.table.max_size, imp.smallest);
    for (int n = 1; n <= up_to && *imp.holds; ++n) {
        if (on.occurs(n, imp.bonus)) {
            imp.holds = false;
            imp.evidence = "on " + on.name + ": " + on.witness(n, imp.bonus);
        }
    }
    if (*imp.holds) imp.evidence = "on " + on.name + ", up to " + std::to_string(up_to) + " territories";
}

void check_no_touch(Implication& imp, const OnMap& on) {
    imp.holds = true;
    imp.evidence = "on " + on.name + " every border joins two types";
    for (const auto& t : on.map.territories) {
        for (int n : t.neighbors) {
            if (*imp.holds && on.map.territories[n].type == t.type) {
                imp.holds = false;
                imp.evidence = "on " + on.name + " " + t.id + " and " + on.map.territories[n].id +
                               " are both " + aztlan::to_string(t.type) + " and touch";
            }
        }
    }
}

void check_no_border(Implication& imp, const OnMap& on) {
    imp.holds = true;
    int most = 0;
    for (const auto& t : on.map.territories) {
        std::array<int, aztlan::kTerritoryTypeCount> per_type{};
        for (int n : t.neighbors) ++per_type[static_cast<int>(on.map.territories[n].type)];
        for (int type = 0; type < aztlan::kTerritoryTypeCount; ++type) {
            most = std::max(most, per_type[type]);
            if (*imp.holds && per_type[type] >= imp.bonus) {
                imp.holds = false;
                imp.evidence = "on " + on.name + " " + t.id + " borders " + std::to_string(per_type[type]) +
                               " " + aztlan::kTerritoryTypeNames[type];
            }
        }
    }
    if (*imp.holds)
        imp.evidence =
            "on " + on.name + " no territory borders more than " + std::to_string(most) + " of one type";
}

}  // namespace

void check_implications(std::vector<Implication>& implications, const CheckContext& ctx) {
    if (!ctx.map) return;
    int rows = 0;
    for (const auto& imp : implications) rows = std::max(rows, imp.smallest);
    const OnMap on{*ctx.map, ctx.map_name, domain_table_on_map(ctx, rows)};
    for (auto& imp : implications) {
        switch (imp.shape) {
            case Shape::SmallestSet:
                check_smallest_set(imp, on);
                break;
            case Shape::NeverWithin:
                check_never_within(imp, on);
                break;
            case Shape::NoTouch:
                check_no_touch(imp, on);
                break;
            case Shape::NoBorder:
                check_no_border(imp, on);
                break;
        }
    }
}

}  // namespace tlaloc::verify
