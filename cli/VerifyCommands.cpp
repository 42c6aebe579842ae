// `tlaloc verify ...`: checks rulebook claims files against the model, compares editions, states
// what a printed domain table implies about the map. Thin: parse, call verify/claims, print.
#include <algorithm>
#include <iostream>

#include "cli/Commands.h"
#include "cli/GameRegistry.h"
#include "verify/claims/Ledger.h"
#include "verify/claims/Report.h"
#include "verify/claims/TableImplications.h"

namespace tlaloc::cli {

namespace {

namespace fs = std::filesystem;
using namespace tlaloc::verify;

struct RulebookOptions {
    std::string claims, map, html;
    bool json = false, strict = false;
};
struct CompareOptions {
    std::string a, b;
    bool json = false;
};
struct AllOptions {
    std::string dir, html;
    bool json = false, strict = false;
};
struct CoverageOptions {
    std::string dir, tests;
    bool json = false;
};
struct ImpliedOptions {
    std::string claims, map, claim;
    bool json = false;
};

std::optional<fs::path> optional_path(const std::string& s) {
    if (s.empty()) return std::nullopt;
    return fs::path(s);
}

void run_rulebook(const RulebookOptions& o) {
    auto loaded = load_for_checking(o.claims, claim_catalog(), optional_path(o.map));
    FileReport report = check_claims(loaded.claims, loaded.context);
    const ReportOptions options{o.strict};
    if (!o.html.empty()) write_file_atomically(o.html, report_html({report}, {}, options));
    if (o.json)
        std::cout << json_text(report_json(report), 2) << "\n";
    else
        std::cout << report_text(report, options);
    if (failures(report, options) > 0) set_exit_code(kExitFalseClaim);
}

void run_compare(const CompareOptions& o) {
    ClaimsFile a = load_claims_file(o.a, claim_catalog());
    ClaimsFile b = load_claims_file(o.b, claim_catalog());
    EditionComparison cmp = compare_editions(a, b);
    if (o.json)
        std::cout << json_text(comparison_json(cmp), 2) << "\n";
    else
        std::cout << comparison_text(cmp);
    if (!cmp.differences.empty()) set_exit_code(kExitFalseClaim);
}

// Every JSON file of a folder (`what` they are, for the message when there is none), sorted so the
// summary reads the same on every machine.
std::vector<fs::path> json_files_in(const fs::path& dir, const std::string& what) {
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) throw InputError(dir.string(), "", "no such folder");
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
        if (entry.path().extension() == ".json") files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    if (files.empty()) throw InputError(dir.string(), "", "holds no " + what + " (*.json)");
    return files;
}

std::vector<fs::path> claims_files_in(const fs::path& dir) { return json_files_in(dir, "claims files"); }

// Editions printed against one map share its domain table: enumerate it once.
void share_maps(std::vector<LoadedClaims>& loaded) {
    for (std::size_t i = 0; i < loaded.size(); ++i) {
        for (std::size_t j = 0; j < i; ++j) {
            const auto& a = loaded[i].claims.map;
            const auto& b = loaded[j].claims.map;
            std::error_code ec;
            if (a && b && loaded[j].context.map && fs::equivalent(*a, *b, ec)) {
                loaded[i].context.map = loaded[j].context.map;
                loaded[i].context.tables = loaded[j].context.tables;
                break;
            }
        }
    }
}

// Editions of one game are compared pairwise, in file order.
std::vector<EditionComparison> compare_all(const std::vector<LoadedClaims>& loaded) {
    std::vector<EditionComparison> comparisons;
    for (std::size_t i = 0; i < loaded.size(); ++i) {
        for (std::size_t j = i + 1; j < loaded.size(); ++j) {
            if (loaded[i].claims.game == loaded[j].claims.game)
                comparisons.push_back(compare_editions(loaded[i].claims, loaded[j].claims));
        }
    }
    return comparisons;
}

// A shipped file named as the user would reach it from where the command runs (the summary and the
// messages show it), or as found when no relative name exists (another drive).
fs::path as_seen_from_here(const fs::path& file) {
    std::error_code ec;
    fs::path here = fs::current_path(ec);
    if (ec || file.is_relative()) return file;
    fs::path relative = file.lexically_proximate(here);
    return relative.empty() ? file : relative;
}

void run_all(const AllOptions& o) {
    fs::path dir = o.dir.empty() ? data_dir() / "verify" / "rulebooks" : fs::path(o.dir);
    std::vector<LoadedClaims> loaded;
    for (const auto& f : claims_files_in(dir))
        loaded.push_back(load_for_checking(as_seen_from_here(f), claim_catalog()));
    share_maps(loaded);
    std::vector<FileReport> reports;
    for (auto& l : loaded) reports.push_back(check_claims(l.claims, l.context));
    std::vector<EditionComparison> comparisons = compare_all(loaded);
    const ReportOptions options{o.strict};
    if (!o.html.empty()) write_file_atomically(o.html, report_html(reports, comparisons, options));
    int t = 0, f = 0, u = 0, failed = 0, restated = 0;
    for (const auto& r : reports) {
        t += r.count(Status::True);
        f += r.count(Status::False);
        u += r.count(Status::Unchecked);
        failed += failures(r, options);
        restated += r.restated();
    }
    if (o.json) {
        Json files = Json::array(), cmps = Json::array();
        for (const auto& r : reports) files.push_back(report_json(r));
        for (const auto& c : comparisons) cmps.push_back(comparison_json(c));
        std::cout << json_text(Json{{"files", files},
                                    {"comparisons", cmps},
                                    {"summary",
                                     {{"true", t},
                                      {"verified", t - restated},
                                      {"restated", restated},
                                      {"false", f},
                                      {"unchecked", u}}}},
                               2)
                  << "\n";
    } else {
        std::cout << report_text(reports, comparisons, options);
    }
    if (failed > 0) set_exit_code(kExitFalseClaim);
}

void run_implied(const ImpliedOptions& o) {
    auto loaded = load_for_checking(o.claims, claim_catalog(), optional_path(o.map));
    const Claim* table = nullptr;
    for (const auto& c : loaded.claims.claims) {
        if (c.as<DomainTableClaim>() && !table && (o.claim.empty() || c.id == o.claim)) table = &c;
    }
    if (!table) {
        throw InputError(o.claims, "claims",
                         o.claim.empty() ? "has no domain_table claim"
                                         : "has no domain_table claim with id \"" + o.claim + "\"");
    }
    auto implications = implications_of(table->as<DomainTableClaim>()->table);
    check_implications(implications, loaded.context);
    bool broken = std::any_of(implications.begin(), implications.end(),
                              [](const Implication& i) { return i.holds == false; });
    if (o.json) {
        Json list = Json::array();
        for (const auto& i : implications) {
            list.push_back({{"bonus", i.bonus},
                            {"statement", i.statement},
                            {"holds", i.holds ? Json(*i.holds) : Json(nullptr)},
                            {"evidence", i.evidence}});
        }
        std::cout << json_text(
                         Json{{"claim", table->id},
                              {"map", loaded.context.map ? Json(loaded.context.map_name) : Json(nullptr)},
                              {"implications", list}},
                         2)
                  << "\n";
    } else {
        std::cout << "The table \"" << table->id << "\" of " << o.claims
                  << " implies, for any map it is true of:\n";
        for (const auto& i : implications) {
            std::cout << "  " << (!i.holds ? "-" : *i.holds ? "✓" : "✗") << " " << i.statement;
            if (!i.evidence.empty()) std::cout << " — " << i.evidence;
            std::cout << "\n";
        }
        if (!loaded.context.map)
            std::cout << "(no map: give --map, or \"map\" in the claims file, to check these)\n";
    }
    if (broken) set_exit_code(kExitFalseClaim);
}

// Every ledger file of a folder, sorted; each is read and checked before anything is printed.
std::vector<BookCoverage> coverage_of(const CoverageOptions& o) {
    fs::path dir = o.dir.empty() ? data_dir() / "verify" / "ledger" : fs::path(o.dir);
    const std::vector<fs::path> files = json_files_in(dir, "ledger files");
    std::vector<Ledger> ledgers;
    for (const auto& f : files) ledgers.push_back(load_ledger(f));
    const fs::path tests_dir = o.tests.empty() ? data_dir() / "tests" : fs::path(o.tests);
    std::error_code ec;
    if (!fs::is_directory(tests_dir, ec))
        throw InputError(tests_dir.string(), "",
                         "no such folder (the test names are read from its *.cpp; see --tests)");
    const auto tests = test_names_in(tests_dir);
    std::vector<BookCoverage> books;
    for (const auto& l : ledgers) books.push_back(ledger_coverage(l, claim_catalog(), tests));
    return books;
}

BookCoverage coverage_total(const std::vector<BookCoverage>& books) {
    BookCoverage total;
    for (const auto& b : books) {
        total.statements += b.statements;
        total.claimed += b.claimed;
        total.tested += b.tested;
        total.decided += b.decided;
        total.uncovered += b.uncovered;
        total.contradicted += b.contradicted;
        total.pending.insert(total.pending.end(), b.pending.begin(), b.pending.end());
    }
    return total;
}

void print_coverage_text(const std::vector<BookCoverage>& books) {
    for (const auto& b : books) {
        std::cout << b.file << ": " << b.statements << " statements, " << b.claimed << " claimed, "
                  << b.tested << " tested, " << b.decided << " decided, " << b.uncovered << " uncovered";
        if (!b.pending.empty()) std::cout << " (" << b.pending.size() << " pending)";
        std::cout << "\n";
        for (const auto& id : b.uncovered_ids) std::cout << "  uncovered: " << id << "\n";
        for (const auto& p : b.problems) std::cout << "  broken: " << p << "\n";
        for (const auto& [id, what] : b.pending) std::cout << "  pending: " << id << ": " << what << "\n";
    }
    const BookCoverage total = coverage_total(books);
    std::cout << "total: " << total.statements << " statements, " << total.claimed << " claimed, "
              << total.tested << " tested, " << total.decided << " decided, " << total.uncovered
              << " uncovered, " << total.contradicted << " contradicted, " << total.pending.size()
              << " pending\n";
}

void run_coverage(const CoverageOptions& o) {
    std::vector<BookCoverage> books = coverage_of(o);
    const BookCoverage total = coverage_total(books);
    bool broken = false;
    for (const auto& b : books) broken = broken || !b.problems.empty();
    if (o.json) {
        Json list = Json::array();
        for (const auto& b : books) {
            list.push_back({{"file", b.file},
                            {"statements", b.statements},
                            {"claimed", b.claimed},
                            {"tested", b.tested},
                            {"decided", b.decided},
                            {"uncovered", b.uncovered}});
            for (const auto& id : b.uncovered_ids)
                std::cerr << "tlaloc: " << b.file << ": uncovered: " << id << "\n";
            for (const auto& p : b.problems) std::cerr << "tlaloc: " << b.file << ": " << p << "\n";
        }
        std::cout << json_text(Json{{"books", list}, {"contradicted", total.contradicted}}, 2) << "\n";
    } else {
        print_coverage_text(books);
    }
    if (broken || total.uncovered > 0 || total.contradicted > 0) set_exit_code(kExitFalseClaim);
}

}  // namespace

void add_verify_commands(CLI::App& app) {
    auto* verify = app.add_subcommand(
        "verify",
        "Check rulebook claims (tables, examples, counts, rule readings) against the model.\n"
        "Example:  tlaloc verify all");
    verify->require_subcommand(1);

    auto rulebook = std::make_shared<RulebookOptions>();
    auto* rb = verify->add_subcommand(
        "rulebook",
        "Check every claim of one claims file: true, false (with evidence) or unchecked (with why).\n"
        "Exit 0 all checkable claims hold, 1 some claim is false (or, with --strict, unchecked), 2 bad input.\n"
        "Example:  tlaloc verify rulebook verify/rulebooks/aztlan-de.json --strict");
    rb->add_option("claims", rulebook->claims, "Claims file (JSON)")->required();
    rb->add_option("--map", rulebook->map,
                   "Aztlán map to check domain tables on (default: the file's \"map\")")
        ->check(nonempty("file name"));
    rb->add_flag("--json", rulebook->json, "Print the pinned JSON report");
    rb->add_flag("--strict", rulebook->strict,
                 "Count unchecked claims (an unknown name, a missing map) as failures: exit 1");
    rb->add_option("--html", rulebook->html, "Also write a self-contained HTML report to this file")
        ->check(output_path());
    rb->callback([rulebook] { run_rulebook(*rulebook); });

    auto compare = std::make_shared<CompareOptions>();
    auto* cmp = verify->add_subcommand(
        "compare",
        "Line up two editions' claims by id and list every difference (exit 1 when they differ, like diff).\n"
        "Example:  tlaloc verify compare verify/rulebooks/aztlan-it.json verify/rulebooks/aztlan-de.json");
    cmp->add_option("a", compare->a, "First claims file")->required();
    cmp->add_option("b", compare->b, "Second claims file")->required();
    cmp->add_flag("--json", compare->json, "Print JSON");
    cmp->callback([compare] { run_compare(*compare); });

    auto all = std::make_shared<AllOptions>();
    auto* al = verify->add_subcommand(
        "all",
        "Check every shipped claims file and compare the editions of each game; the summary and the\n"
        "problems first. Exit 1 on the shipped files: they hold real inconsistencies (see docs/verify.md).\n"
        "Example:  tlaloc verify all --html verify-report.html");
    al->add_option("--dir", all->dir, "Folder of claims files (default: the shipped verify/rulebooks)");
    al->add_flag("--json", all->json, "Print JSON");
    al->add_flag("--strict", all->strict, "Count unchecked claims as failures: exit 1");
    al->add_option("--html", all->html, "Also write a self-contained HTML report to this file")
        ->check(output_path());
    al->callback([all] { run_all(*all); });

    auto coverage = std::make_shared<CoverageOptions>();
    auto* cv = verify->add_subcommand(
        "coverage",
        "Count, per rulebook ledger, the statements claimed, tested, decided and uncovered.\n"
        "Exit 0 every statement is covered, 1 some statement is uncovered or contradicted or names a claim\n"
        "or test that does not exist, 2 a malformed ledger.\n"
        "Example:  tlaloc verify coverage --json");
    cv->add_option("--dir", coverage->dir, "Folder of ledger files (default: the shipped verify/ledger)")
        ->check(nonempty("folder"));
    cv->add_option("--tests", coverage->tests,
                   "Folder of the tests/*.cpp that test names must exist in (default: the source tree's)")
        ->check(nonempty("folder"));
    cv->add_flag("--json", coverage->json, "Print the pinned JSON");
    cv->callback([coverage] { run_coverage(*coverage); });

    auto implied = std::make_shared<ImpliedOptions>();
    auto* im = verify->add_subcommand(
        "implied",
        "State in plain words what a printed domain table implies about any map, and check a map.\n"
        "Example:  tlaloc verify implied verify/rulebooks/aztlan-de.json");
    im->add_option("claims", implied->claims, "Claims file holding a domain_table claim")->required();
    im->add_option("--map", implied->map, "Map to check the statements on (default: the file's \"map\")")
        ->check(nonempty("file name"));
    im->add_option("--claim", implied->claim, "Id of the domain_table claim (default: the first)");
    im->add_flag("--json", implied->json, "Print JSON");
    im->callback([implied] { run_implied(*implied); });
}

}  // namespace tlaloc::cli
