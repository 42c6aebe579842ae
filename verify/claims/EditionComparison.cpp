#include "verify/claims/EditionComparison.h"

#include <map>
#include <set>

namespace tlaloc::verify {

namespace {

// What a claim states, without the prose around it (notes and page numbers differ by edition).
Json content(const Claim& c) {
    Json j = c.json;
    j.erase("id");
    for (const std::string& key : prose_keys()) j.erase(key);
    return j;
}

std::string cell_text(const std::vector<std::vector<TableCell>>& t, std::size_t row, std::size_t col) {
    if (row >= t.size() || col >= t[row].size()) return "absent";
    return t[row][col] ? std::to_string(*t[row][col]) : std::string("-");
}

void compare_tables(const std::string& id, const std::vector<std::vector<TableCell>>& a,
                    const std::vector<std::vector<TableCell>>& b, const std::string& ea,
                    const std::string& eb, std::vector<ClaimDifference>& out) {
    std::size_t rows = std::max(a.size(), b.size());
    for (std::size_t row = 0; row < rows; ++row) {
        std::size_t cols = std::max(row < a.size() ? a[row].size() : 0, row < b.size() ? b[row].size() : 0);
        for (std::size_t col = 0; col < cols; ++col) {
            auto x = cell_text(a, row, col), y = cell_text(b, row, col);
            if (x != y) {
                out.push_back({id, "table cell",
                               "(" + std::to_string(row + 1) + " territories, " + std::to_string(col) +
                                   " bonus): " + ea + " " + x + ", " + eb + " " + y});
            }
        }
    }
}

void compare_values(const std::string& id, const ValueTableClaim& a, const ValueTableClaim& b,
                    const std::string& ea, const std::string& eb, std::vector<ClaimDifference>& out) {
    std::map<std::string, int> va, vb;
    for (const auto& [k, v] : a.values) va[normalise_entry_key(k)] = v;
    for (const auto& [k, v] : b.values) vb[normalise_entry_key(k)] = v;
    std::set<std::string> keys;
    for (const auto& [k, v] : va) keys.insert(k);
    for (const auto& [k, v] : vb) keys.insert(k);
    for (const auto& k : keys) {
        auto x = va.count(k) ? std::to_string(va[k]) : std::string("absent");
        auto y = vb.count(k) ? std::to_string(vb[k]) : std::string("absent");
        if (x != y)
            out.push_back({id, "value", "entry \"" + k + "\": " + ea + " " + x + ", " + eb + " " + y});
    }
}

}  // namespace

EditionComparison compare_editions(const ClaimsFile& a, const ClaimsFile& b) {
    EditionComparison cmp{a.file,
                          b.file,
                          a.edition.empty() ? a.file : a.edition,
                          b.edition.empty() ? b.file : b.edition,
                          {},
                          a.game == b.game ? a.game : a.game + " / " + b.game};
    const std::string& ea = cmp.edition_a;
    const std::string& eb = cmp.edition_b;
    if (a.game != b.game)
        cmp.differences.push_back({"", "game", ea + " is about " + a.game + ", " + eb + " about " + b.game});
    std::map<std::string, const Claim*> in_b;
    for (const auto& c : b.claims) in_b[c.id] = &c;
    std::set<std::string> seen;
    for (const auto& ca : a.claims) {
        seen.insert(ca.id);
        auto it = in_b.find(ca.id);
        if (it == in_b.end()) {
            cmp.differences.push_back({ca.id, "missing", "only " + ea + " states it (" + ca.kind() + ")"});
            continue;
        }
        const Claim& cb = *it->second;
        const auto *ra = ca.as<RuleClaim>(), *rb = cb.as<RuleClaim>();
        const auto *ta = ca.as<DomainTableClaim>(), *tb = cb.as<DomainTableClaim>();
        const auto *va = ca.as<ValueTableClaim>(), *vb = cb.as<ValueTableClaim>();
        if (ca.body.index() != cb.body.index()) {
            cmp.differences.push_back({ca.id, "kind", ea + " " + ca.kind() + ", " + eb + " " + cb.kind()});
        } else if (ra && (ra->rule != rb->rule || ra->value != rb->value)) {
            cmp.differences.push_back({ca.id, "rule reading",
                                       ra->rule + ": " + ea + " " + ra->value + ", " + eb + " " + rb->value});
        } else if (ta) {
            compare_tables(ca.id, ta->table, tb->table, ea, eb, cmp.differences);
        } else if (va && va->table == vb->table) {
            compare_values(ca.id, *va, *vb, ea, eb, cmp.differences);
            Json xa = content(ca), xb = content(cb);
            xa.erase("values");
            xb.erase("values");
            if (xa != xb)
                cmp.differences.push_back(
                    {ca.id, "value", ea + " " + xa.dump() + ", " + eb + " " + xb.dump()});
        } else if (content(ca) != content(cb)) {
            cmp.differences.push_back(
                {ca.id, "value", ea + " " + content(ca).dump() + ", " + eb + " " + content(cb).dump()});
        }
    }
    for (const auto& cb : b.claims) {
        if (!seen.count(cb.id))
            cmp.differences.push_back({cb.id, "missing", "only " + eb + " states it (" + cb.kind() + ")"});
    }
    return cmp;
}

}  // namespace tlaloc::verify
