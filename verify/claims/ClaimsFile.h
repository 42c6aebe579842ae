// A rulebook's checkable statements as data: the claims file format (tables, worked examples,
// component counts, rule readings), parsed and validated so the checker can trust every field.
#pragma once
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "model/common/Json.h"

namespace tlaloc::verify {

enum class ClaimKind { DomainTable, DomainScore, ValueTable, Sum, Rule, Count, Supply };
const char* to_string(ClaimKind kind);

// One printed cell of a domain table: a value, or nullopt for the book's '-'.
using TableCell = std::optional<int>;

struct Claim {
    std::string id;
    ClaimKind kind = ClaimKind::Sum;
    std::string place;  // "claims[3]", for messages that point into the file
    std::string note;   // free text from the file ("note"/"description"), shown in reports
    Json json;          // the claim as written, for edition comparison

    // domain_table: rows are sizes 1..table.size(), columns bonus counts 0..row.size()-1.
    std::vector<std::vector<TableCell>> table;
    // domain_score: [size, bonus count] per domain, optional printed points per domain.
    std::vector<std::pair<int, int>> domains;
    std::optional<std::vector<int>> domain_points;
    // value_table / rule: which model rule or table; rule's stated reading.
    std::string rule;
    std::vector<std::pair<std::string, int>> values;  // value_table entries in file order
    std::optional<int> players;                       // value_table tables that depend on it
    std::optional<int> supply;                        // value_table: the values must fit in it
    std::string value;                                // rule: the stated reading
    // sum: each part is a product of its factors (a plain number is one factor).
    std::vector<std::vector<int>> parts;
    // sum / domain_score total, count value, supply available.
    int total = 0;
    // sum / count / supply: a model count or table to compare with ("" when none).
    std::string component;
    // supply: what is needed, either listed or per player × players.
    std::vector<int> needed;
    std::optional<int> per_player;
};

struct ClaimsFile {
    std::string file;  // as the user named it
    std::string game, edition, source;
    std::optional<std::filesystem::path> map;      // top-level "map", resolved next to the file
    std::optional<std::filesystem::path> profile;  // top-level "profile", resolved likewise
    std::vector<Claim> claims;
};

inline constexpr const char* kKnownGames[] = {"aztlan", "xalapa", "azteka", "akelarre"};

// A value-table entry key as the model names it: age tables are printed with roman numerals in one
// book and digits in the other ("IV" → "4"); other keys are kept as written.
std::string normalise_entry_key(const std::string& key);

ClaimsFile parse_claims(const JsonPlace& root);
ClaimsFile load_claims_file(const std::filesystem::path& file);

}  // namespace tlaloc::verify
