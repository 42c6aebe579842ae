// A rulebook's checkable statements as data: the claims file format (tables, worked examples,
// component counts, rule readings), parsed and validated so the checker can trust every field.
// One type per claim kind; a claim holds exactly one of them.
#pragma once
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "model/common/Json.h"
#include "verify/claims/GameFacts.h"

namespace tlaloc::verify {

// One printed cell of a domain table: a value, or nullopt for the book's '-'.
using TableCell = std::optional<int>;

// Each kind names itself as claims files spell it (`kName`), and `kGame` is the one game whose model
// can check it (nullptr: any game's counts and tables).
struct DomainTableClaim {
    static constexpr const char* kName = "domain_table";
    static constexpr const char* kGame = "aztlan";
    // Rows are sizes 1..table.size(), columns bonus counts 0..row.size()-1.
    std::vector<std::vector<TableCell>> table;
};
struct DomainScoreClaim {
    static constexpr const char* kName = "domain_score";
    static constexpr const char* kGame = "aztlan";
    std::vector<std::pair<int, int>> domains;  // [size, bonus count] per domain
    std::optional<std::vector<int>> points;    // printed points per domain, when given
    int total = 0;
};
struct ValueTableClaim {
    static constexpr const char* kName = "value_table";
    static constexpr const char* kGame = nullptr;
    std::string table;                                // which model table ("rule" in the file)
    std::vector<std::pair<std::string, int>> values;  // entries in file order
    std::optional<int> players;                       // tables that depend on it ("<table>_<n>p")
    std::optional<int> supply;                        // the values must fit in it
};
struct SumClaim {
    static constexpr const char* kName = "sum";
    static constexpr const char* kGame = nullptr;
    std::vector<std::vector<int>> parts;  // each part is a product of its factors
    int total = 0;
    std::string component;  // a model count or table to compare with ("" when none)
};
struct RuleClaim {
    static constexpr const char* kName = "rule";
    static constexpr const char* kGame = nullptr;
    std::string rule, value;  // the rule and its stated reading
};
struct CountClaim {
    static constexpr const char* kName = "count";
    static constexpr const char* kGame = nullptr;
    std::string component;
    int value = 0;
};
struct SupplyClaim {
    static constexpr const char* kName = "supply";
    static constexpr const char* kGame = nullptr;
    std::vector<int> needed;  // what is needed, listed; or per_player × players
    std::optional<int> per_player, players;
    int available = 0;
    std::string component;  // a model count that must equal `available` ("" when none)
};

// Adding a kind: a struct above, its alternative here, its parser in ClaimsFile.cpp and its check in
// Checker.cpp (both dispatch with std::visit, so a kind left out does not compile).
// "These board sides give identical playing conditions" (every challenge has the same optimum on
// each of them), checked for every side against the first.
struct IdenticalSidesClaim {
    static constexpr const char* kName = "identical_sides";
    static constexpr const char* kGame = "xalapa";
    std::vector<std::string> sides;
};

// A worked scoring example: a round of `challenges` challenges, `stones` stones placed and `unmet`
// challenges failed scores `penalty`, as the game's evaluator scores such a round.
struct RoundScoreClaim {
    static constexpr const char* kName = "round_score";
    static constexpr const char* kGame = "xalapa";
    int challenges = 0, stones = 0, unmet = 0, penalty = 0;
};

using ClaimBody = std::variant<DomainTableClaim, DomainScoreClaim, ValueTableClaim, SumClaim, RuleClaim,
                               CountClaim, SupplyClaim, IdenticalSidesClaim, RoundScoreClaim>;

struct Claim {
    std::string id;
    std::string place;          // "claims[3]", for messages that point into the file
    std::string note;           // free text from the file ("note"/"description"), shown in reports
    std::string place_in_book;  // from "page" and "section": "page 7", "last page, section Scoring"
    Json json;                  // the claim as written, for edition comparison
    ClaimBody body;

    const char* kind() const;  // "domain_table", ...
    template <class Kind>
    const Kind* as() const {
        return std::get_if<Kind>(&body);
    }
};

// A designer's finding measured by play, kept apart from the claims: a question a passage of the book
// raises (the first player's advantage where the rules give no compensation), answered by a balance
// run of tlaloc's bots. Shown in the game's section of the report; never true or false, never counted.
struct Analysis {
    std::string id, question;
    std::string place_in_book;  // the passage the question comes from ("page", "section")
    std::string measure;        // what was counted, e.g. "first player wins"
    int players = 0;
    std::int64_t hits = 0, trials = 0;
    double fair = 0;      // the rate if nothing favoured anyone (1 / players for a seat)
    std::string command;  // the tlaloc command that measured it (its --json: the hits and trials)
    std::string note;
};

// "favoured" (the 95 % interval lies above `fair`), "disfavoured" (below), or "no measurable
// difference"; the interval is Wilson's.
std::string analysis_verdict(const Analysis& a);

struct ClaimsFile {
    std::string file;  // as the user named it
    std::string game, edition, source;
    const GameFacts* facts = nullptr;              // the game's entry in the catalog it was parsed with
    std::optional<std::filesystem::path> map;      // top-level "map", resolved next to the file
    std::optional<std::filesystem::path> profile;  // top-level "profile", resolved likewise
    std::vector<Claim> claims;
    std::vector<Analysis> analyses;  // top-level "analyses", optional
};

// The keys any claim may carry for people ("note", "page", "section", ...), never checked.
const std::vector<std::string>& prose_keys();

// A value-table entry key as the model names it: age tables are printed with roman numerals in one
// book and digits in the other ("IV" → "4"); other keys are kept as written.
std::string normalise_entry_key(const std::string& key);

// `games` is the catalog of games a file may name; it must outlive the result (ClaimsFile::facts).
ClaimsFile parse_claims(const JsonPlace& root, const GameCatalog& games);
ClaimsFile load_claims_file(const std::filesystem::path& file, const GameCatalog& games);

}  // namespace tlaloc::verify
