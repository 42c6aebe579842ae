// Best play of one Akelarre turn by an exact search over the play phase's states: the most hand
// cards onto the table, then the most points captured for me (a first pass, depth first), then the
// fewest moves (a second pass, A*), over every legal play; the play is replayed through the rules
// engine, which recomputes the three figures.
#pragma once
#include <cstddef>

#include "model/akelarre/Turn.h"
#include "solver/common/SearchLimit.h"

namespace tlaloc::akelarre {

struct TurnSearchResult {
    TurnOutcome outcome;     // replayed through the rules engine
    std::size_t states = 0;  // states (up to interchangeable places) its two passes met, each pass's once
    int steps = 0;           // the bound on the moves of a play, 0 for none
    // search_best_found only: whether the first two figures (most hand cards, most points), and all
    // three, are proved best; search_best_play answers only proved plays.
    bool figures_proved = true, proved = true;
    // Whether the first pass, once the split of the root's cards into melds was known and its best
    // play still short of the root's upper bound, searched for the fewest moves to that bound (a
    // probe), and whether a play reached it (then that play is the answer and no second pass
    // follows); `cut`: search_best_found's limit stopped the search during the probe; `overtaken`: the
    // first pass ended before it took the answer of a probe on a second core (ProbeCore::ahead), or
    // the memory limit stopped that probe.
    enum class Probe { none, reached, missed, cut, overtaken };
    Probe probe = Probe::none;
};

// `steps` 0: every legal play, however long; otherwise plays of at most `steps` moves.
// `timeout_seconds` (0: none) bounds the search in wall-clock time; when it runs out, throws
// solver::SearchLimitReached whose best_so_far() names the best play found until then.
TurnSearchResult search_best_play(const TurnPosition& turn, int steps = 0, unsigned timeout_seconds = 0);
// The same under a deadline shared with other searches (a whole game's --timeout).
TurnSearchResult search_best_play(const TurnPosition& turn, int steps, const solver::Deadline& deadline);
// The same, but when the search would meet more than `most_states` states, or (with a state limit)
// reach its memory limit, it answers the best play found so far, unproved, instead of throwing: the
// first pass's best play, made as short as the moves between its own states allow. The limit counts
// states, not seconds, so the answer is the same on every machine. `most_states` 0: no limit, and
// this is search_best_play. Past `deadline` it still throws.
TurnSearchResult search_best_found(const TurnPosition& turn, std::size_t most_states,
                                   const solver::Deadline& deadline = solver::Deadline(), int steps = 0);
// Where the first pass works out the split of the root's cards into melds: on its own thread, at each
// milestone (`own`); on a second core, ahead of the search (`ahead`, the default; `own` on a machine
// with one core); or, for tests, each ask on the search's thread as soon as what it asks is known, at
// the milestone before its own (`first`: the furthest ahead a second core could get). The split is
// asked the same questions at the same milestones in every case, so the answer and the states met are
// the same; only the waiting differs.
enum class RootSplitCore { own, ahead, first };
void set_root_split_core(RootSplitCore core);
// Whether the first pass probes toward the root's split once it is known (TurnSearchResult::probe; on
// by default). Off, the first pass goes on depth first to the end: the same figures and the same
// number of moves, for tests and benches to compare.
void set_ceiling_probe(bool on);
// Where the probe runs: on the first pass's own thread, which waits for it (`own`), or on a second
// core while the first pass goes on, the first to answer ending the other (`ahead`, the default; `own`
// on a machine with one core and under search_best_found's state limit). Both give the same figures
// and the same moves (the probe and the second pass are the same search toward the same figures);
// with `ahead` the states met, and whether the probe answered, depend on which thread was faster.
enum class ProbeCore { own, ahead };
void set_probe_core(ProbeCore core);

}  // namespace tlaloc::akelarre
