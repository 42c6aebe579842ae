// Reading a domain scoring table written as data (the `tlaloc aztlan table --json` format, which is
// also how the rulebooks' printed table is kept) and comparing two tables cell by cell.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

#include "model/aztlan/DomainTable.h"
#include "model/common/Json.h"

namespace tlaloc::aztlan {

// {"max_size": 15, "table": [[0, 2, null, ...], ...]} (other keys, e.g. "source", are allowed
// and ignored). Each cell must be null or exactly domain_points(n, k). Witnesses stay empty.
DomainTable parse_domain_table(const JsonPlace& where);
DomainTable load_domain_table(const std::filesystem::path& file);
Json domain_table_to_json(const DomainTable& table);

// The printed table shipped at puzzles/aztlan/printed-table.json.
std::filesystem::path printed_table_file();

struct CellDifference {
    int n, k;
    bool in_first, in_second;
};
// Cells of the rows both tables have (n <= min of the two max sizes) where they disagree.
std::vector<CellDifference> table_differences(const DomainTable& first, const DomainTable& second);

}  // namespace tlaloc::aztlan
