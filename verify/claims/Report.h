// Prints checked claims for people (one line per claim, ✓/✗/?), for tools (the pinned JSON) and for
// rulebook editors (a self-contained HTML page with tables drawn as tables, wrong cells marked).
#pragma once
#include <string>
#include <vector>

#include "verify/claims/Checker.h"
#include "verify/claims/EditionComparison.h"

namespace tlaloc::verify {

std::string report_text(const FileReport& report);
std::string comparison_text(const EditionComparison& cmp);

// {"file": ..., "claims": [{"id", "kind", "status", "evidence"}, ...], "summary": {...}}
Json report_json(const FileReport& report);
Json comparison_json(const EditionComparison& cmp);

// One page for any number of checked files and comparisons.
std::string report_html(const std::vector<FileReport>& reports,
                        const std::vector<EditionComparison>& comparisons);

}  // namespace tlaloc::verify
