// Prints checked claims for people (text: a summary with bars, the problems, then one line per claim),
// for tools (the pinned JSON) and for rulebook editors (a self-contained HTML page that opens with the
// summary and the problems, then every claim with its page, tables drawn as tables, wrong cells marked).
#pragma once
#include <string>
#include <vector>

#include "verify/claims/Checker.h"
#include "verify/claims/EditionComparison.h"

namespace tlaloc::verify {

// How a run judges its claims: with `strict`, an unchecked claim is a failure like a false one.
struct ReportOptions {
    bool strict = false;
};

// Claims that fail the run: false ones, and unchecked ones under --strict.
int failures(const FileReport& report, const ReportOptions& options);

// One file: its heading, the summary bar, the problems, then every claim.
std::string report_text(const FileReport& report, const ReportOptions& options = {});
std::string comparison_text(const EditionComparison& cmp);
// Many files and comparisons: the summary (per file and overall), the problems, then the details.
std::string report_text(const std::vector<FileReport>& reports,
                        const std::vector<EditionComparison>& comparisons, const ReportOptions& options = {});

// {"file": ..., "claims": [{"id", "kind", "status", "evidence", "where"?}, ...], "summary": {...}}
Json report_json(const FileReport& report);
Json comparison_json(const EditionComparison& cmp);

// One page for any number of checked files and comparisons.
std::string report_html(const std::vector<FileReport>& reports,
                        const std::vector<EditionComparison>& comparisons, const ReportOptions& options = {});

}  // namespace tlaloc::verify
