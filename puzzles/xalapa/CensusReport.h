// The census report: for each level in a set of census files, the penalty distribution, the shares
// where giving up is optimal and where the optimum is unique, the difficulty tiers and each card's
// give-up rate, with 95 % Wilson intervals on sampled shares, as numbers and as one HTML page of
// hand-written SVG charts with a side-by-side comparison of the levels.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "model/common/Statistics.h"
#include "puzzles/xalapa/Census.h"

namespace tlaloc::xalapa {

// Reads the files (as read_census_runs does: bad lines are InputErrors naming FILE:LINE) and returns
// the report's numbers, {"levels": [...]}, each share as {"count", "of", "share"} plus "low" and
// "high" for a sample (a complete census has exact shares). `html` gets the page.
Json census_report(const std::vector<std::pair<std::string, std::string>>& files, const Catalogue& catalogue,
                   std::string& html);

}  // namespace tlaloc::xalapa
