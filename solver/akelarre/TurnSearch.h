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
    // Whether the first two figures (most hand cards, most points), and all three, are proved best:
    // always, but under a state limit (TurnSearchOptions::most_states) or out of time
    // (TurnSearchOptions::answer_out_of_time).
    bool figures_proved = true, proved = true;
    // answer_out_of_time only: the deadline passed, and the outcome is the best play found by then.
    bool out_of_time = false;
    // The most each figure of the best play can be, as far as the search had proved: the outcome's own
    // figures once figures_proved. `points` bounds the points of every play at least as good as the
    // outcome (when the search has not proved the most hand cards, that is the bound over all plays).
    struct Bound {
        int played = 0, points = 0;
    } bound;
    // Whether the first pass, once the split of the root's cards into melds was known and its best
    // play still short of the root's upper bound, searched for the fewest moves to that bound (a
    // probe), and whether a play reached it (then that play is the answer and no second pass
    // follows); `cut`: search_best_found's limit stopped the search during the probe; `overtaken`: the
    // first pass ended before it took the answer of a probe on a second core (ProbeCore::ahead), or
    // the memory limit stopped that probe.
    enum class Probe { none, reached, missed, cut, overtaken };
    Probe probe = Probe::none;
};

// Where the first pass works out the split of the root's cards into melds: on its own thread, at each
// milestone (`own`); on a second core, ahead of the search (`ahead`, the default; `own` on a machine
// with one core); or, for tests, each ask on the search's thread as soon as what it asks is known, at
// the milestone before its own (`first`: the furthest ahead a second core could get). The split is
// asked the same questions at the same milestones in every case, so the answer and the states met are
// the same; only the waiting differs.
enum class RootSplitCore { own, ahead, first };
// Where the probe runs: on the first pass's own thread, which waits for it (`own`), or on a second
// core while the first pass goes on, the first to answer ending the other (`ahead`, the default; `own`
// on a machine with one core and under a state limit). Both give the same figures and the same moves
// (the probe and the second pass are the same search toward the same figures); with `ahead` the
// states met, and whether the probe answered, depend on which thread was faster.
enum class ProbeCore { own, ahead };

// How one search runs; the defaults are the CLI's. Passed to each search, so that searches with
// different settings (tests, benches, a game's bots) may run side by side.
struct TurnSearchOptions {
    // 0: every legal play, however long; otherwise plays of at most `steps` moves.
    int steps = 0;
    // When the search would meet more than `most_states` states, or (with a state limit) reach its
    // memory limit, it answers the best play found so far, unproved, instead of throwing: the first
    // pass's best play, made as short as the moves between its own states allow. The limit counts
    // states, not seconds, so the answer is the same on every machine. 0: no limit.
    std::size_t most_states = 0;
    // Past the deadline, the best play found so far (TurnSearchResult::out_of_time, with the bound
    // still open on its figures) instead of solver::SearchLimitReached.
    bool answer_out_of_time = false;
    RootSplitCore root_split_core = RootSplitCore::ahead;
    // Whether the first pass probes toward the root's split once it is known (TurnSearchResult::probe).
    // Off, the first pass goes on depth first to the end: the same figures and the same number of
    // moves, for tests and benches to compare.
    bool ceiling_probe = true;
    ProbeCore probe_core = ProbeCore::ahead;
};

// The best play under `options`. `deadline` bounds the search in wall-clock time (it may be shared
// with other searches, a whole game's --timeout); when it runs out, throws solver::SearchLimitReached
// whose best_so_far() names the best play found until then, unless options.answer_out_of_time.
TurnSearchResult search_turn(const TurnPosition& turn, const TurnSearchOptions& options,
                             const solver::Deadline& deadline = solver::Deadline());
// search_turn with the default options but `steps`, and `timeout_seconds` (0: none).
TurnSearchResult search_best_play(const TurnPosition& turn, int steps = 0, unsigned timeout_seconds = 0);
TurnSearchResult search_best_play(const TurnPosition& turn, int steps, const solver::Deadline& deadline);
// search_turn with the default options but `most_states` and `steps`; past `deadline` it still throws.
TurnSearchResult search_best_found(const TurnPosition& turn, std::size_t most_states,
                                   const solver::Deadline& deadline = solver::Deadline(), int steps = 0);

}  // namespace tlaloc::akelarre
