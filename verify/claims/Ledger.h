// A rulebook's ledger: every checkable statement of one edition, where it is printed, in tlaloc's own
// words, and what covers it (claims of the edition's claims file, tests, or a decision with its
// reason). The coverage count says which statements fall through and which references are broken.
#pragma once
#include <filesystem>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "verify/claims/GameFacts.h"

namespace tlaloc::verify {

struct LedgerStatement {
    std::string id, page, statement;
    std::string place;                // "statements[4]", for messages
    std::vector<std::string> claims;  // ids in the edition's claims file
    std::vector<std::string> tests;   // GoogleTest names, "Suite.Name"
    std::string decision;             // a reading tlaloc chose, with its reason
    std::string pending;              // work in progress that will re-point the coverage ("" when none)
    bool contradicted = false;        // tlaloc is known to read the statement against the text
};

struct Ledger {
    std::string file;                   // as found
    std::string book;                   // the claims file's name without ".json" ("aztlan-it")
    std::filesystem::path claims_file;  // resolved next to the ledger
    std::vector<LedgerStatement> statements;
};

// Reads and validates a ledger (bad input: InputError naming the file and the place).
Ledger load_ledger(const std::filesystem::path& file);

// How one book's statements are covered. Each statement counts once, by its strongest cover:
// claimed (names a claim), else tested (names a test), else decided, else uncovered.
struct BookCoverage {
    std::string file, book;
    int statements = 0, claimed = 0, tested = 0, decided = 0, uncovered = 0, contradicted = 0;
    std::vector<std::string> problems;  // "statements[3] (id): no claim \"x\" in aztlan-it.json", ...
    std::vector<std::string> uncovered_ids;
    std::vector<std::pair<std::string, std::string>> pending;  // id, what is being changed
};

// The GoogleTest names ("Suite.Name") that TEST, TEST_F and TEST_P define in the *.cpp files of
// `tests_dir`.
std::set<std::string> test_names_in(const std::filesystem::path& tests_dir);

// Checks a ledger against its claims file (read and validated through `games`) and the known tests.
BookCoverage ledger_coverage(const Ledger& ledger, const GameCatalog& games,
                             const std::set<std::string>& tests);

}  // namespace tlaloc::verify
