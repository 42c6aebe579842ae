// Reconstructing a map's territory types from a domain scoring table: Z3 chooses the types on a
// fixed graph, the exact minimum spans and the subset enumeration check each proposal, and every
// violation found becomes a new constraint (counterexample-guided), until the table matches.
#pragma once
#include <functional>
#include <optional>
#include <string>

#include "model/aztlan/DomainTable.h"
#include "model/aztlan/Map.h"
#include "solver/common/SearchLimit.h"

namespace tlaloc::aztlan {

struct ReconstructOptions {
    unsigned seed = 1;     // Z3's random seed: another seed, possibly another map
    int max_rounds = 500;  // proposals Z3 may make before giving up
    // Past it, reconstruct_types throws solver::SearchLimitReached (checked in Z3's proposals, in the
    // domain tables of the proposals and between rounds).
    solver::Deadline deadline = solver::Deadline();
};

struct ReconstructResult {
    std::optional<Map> map;  // the board with its types, when found
    int rounds = 0;          // proposals made
    int span_cuts = 0;       // "at most k-1 of one type here" constraints learnt
    int rejected = 0;        // proposals blocked because a cell the table allows could not occur
    std::string why_not;     // when not found
};

// `board`: the graph (its types are ignored). Every type gets board.size() / 5 territories (the
// board's size must be a multiple of 5). `log` (may be empty) hears one line per round.
ReconstructResult reconstruct_types(const Map& board, const DomainTable& target,
                                    const ReconstructOptions& options,
                                    const std::function<void(const std::string&)>& log = {});

}  // namespace tlaloc::aztlan
