// Checks a claims file against tlaloc's rules model: each claim comes out true, false (with the
// evidence: computed value, differing cell, witness domain) or unchecked (with the reason).
#pragma once
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "model/aztlan/DomainTable.h"
#include "model/aztlan/Map.h"
#include "verify/claims/ClaimsFile.h"

namespace tlaloc::verify {

enum class Status { True, False, Unchecked };
const char* to_string(Status status);  // "true", "false", "unchecked"

// One cell of a checked domain table, kept whole so reports can draw the table.
struct CellFinding {
    int size = 0, bonus = 0;
    TableCell printed;
    std::optional<int> arithmetic;  // domain_points(n, k); nullopt when k > n (cannot exist)
    std::optional<bool> occurs;     // with a map: some connected set realises (n, k)
    std::string witness;            // with a map, when it occurs: "jungle: t1 t2 ..."
    std::string problem;            // "" when the cell holds
};

struct ClaimResult {
    std::string id, kind, note;
    std::string place_in_book;  // "page 7", "section Scoring", or "" when the file does not say
    Status status = Status::Unchecked;
    std::string evidence;
    // True claims that only compare a constant the model types from the same book with the book
    // (they cannot fail): the constant's name; "" for verified claims.
    std::string restates;
    std::vector<CellFinding> cells;  // domain_table claims: every printed cell, row by row
};

struct CheckContext {
    const aztlan::Map* map = nullptr;  // claims that need a map are unchecked without one
    std::string map_name;
    std::optional<EditionReadings> profile;  // what the edition profile fixes, when there is one
    // Domain tables computed on `map`, by row count, shared by the claims of a run.
    std::shared_ptr<std::map<int, aztlan::DomainTable>> tables =
        std::make_shared<std::map<int, aztlan::DomainTable>>();
};

// The domain table of ctx.map for sizes 1..rows (capped at the map's size), computed once per run.
const aztlan::DomainTable& domain_table_on_map(const CheckContext& ctx, int rows);

struct FileReport {
    std::string file, game, edition, source, map;
    std::vector<ClaimResult> results;  // one per claim, in file order
    std::vector<Analysis> analyses;    // measured by play, shown apart, never counted
    int count(Status status) const;
    int restated() const;  // true claims that restate a constant
    int verified() const;  // true claims that do not
};

FileReport check_claims(const ClaimsFile& claims, const CheckContext& context);

// Everything a run of one claims file needs, loaded and validated before anything is printed:
// the map (from `map_override`, else the file's "map") and the edition profile (the file's
// "profile", else the game's shipped one named after the edition, when there is one), read through
// the game's typed profile parser.
struct LoadedClaims {
    ClaimsFile claims;
    std::unique_ptr<aztlan::Map> map;
    CheckContext context;
};
LoadedClaims load_for_checking(const std::filesystem::path& claims_file, const GameCatalog& games,
                               const std::optional<std::filesystem::path>& map_override = std::nullopt);

}  // namespace tlaloc::verify
