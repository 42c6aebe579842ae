#include "model/aztlan/PrintedTable.h"

namespace tlaloc::aztlan {

DomainTable parse_domain_table(const JsonPlace& where) {
    where.expect_object();
    DomainTable table;
    auto rows = where.at("table").items();
    table.max_size = static_cast<int>(where.at("max_size").as_int(1, 64));
    if (static_cast<int>(rows.size()) != table.max_size) {
        where.at("table").fail("has " + std::to_string(rows.size()) + " rows but max_size is " +
                               std::to_string(table.max_size));
    }
    table.achievable.assign(table.max_size, {});
    table.witness.assign(table.max_size, {});
    for (auto& per : table.per_type) per.assign(table.max_size, {});
    for (int n = 1; n <= table.max_size; ++n) {
        const auto& row = rows[n - 1];
        if (row.size() != kMaxBonusColumn + 1)
            row.fail("expected " + std::to_string(kMaxBonusColumn + 1) + " columns (k = 0..6)");
        for (int k = 0; k <= kMaxBonusColumn; ++k) {
            auto cell = row.at(k);
            if (cell.is_null()) continue;
            if (k > n)
                cell.fail("a domain of " + std::to_string(n) + " cannot hold " + std::to_string(k) +
                          " bonus territories (write null)");
            int expected = domain_points(n, k);
            if (cell.as_int(0, 1000) != expected)
                cell.fail("domain of " + std::to_string(n) + " with " + std::to_string(k) + " bonus scores " +
                          std::to_string(expected));
            table.achievable[n - 1][k] = true;
        }
    }
    return table;
}

DomainTable load_domain_table(const std::filesystem::path& file) {
    Json json = load_json_file(file);
    return parse_domain_table(JsonPlace(json, file.string()));
}

Json domain_table_to_json(const DomainTable& table) {
    Json rows = Json::array();
    for (int n = 1; n <= table.max_size; ++n) {
        Json row = Json::array();
        for (int k = 0; k <= kMaxBonusColumn; ++k) {
            auto v = table.value(n, k);
            row.push_back(v ? Json(*v) : Json(nullptr));
        }
        rows.push_back(row);
    }
    return {{"max_size", table.max_size}, {"table", rows}};
}

std::filesystem::path printed_table_file() {
    return data_dir() / "puzzles" / "aztlan" / "printed-table.json";
}

std::vector<CellDifference> table_differences(const DomainTable& first, const DomainTable& second) {
    std::vector<CellDifference> out;
    int rows = std::min(first.max_size, second.max_size);
    for (int n = 1; n <= rows; ++n) {
        for (int k = 0; k <= kMaxBonusColumn; ++k) {
            bool a = first.achievable[n - 1][k], b = second.achievable[n - 1][k];
            if (a != b) out.push_back({n, k, a, b});
        }
    }
    return out;
}

}  // namespace tlaloc::aztlan
