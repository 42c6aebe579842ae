#include "solver/akelarre/TurnSearch.h"

#include <stdexcept>
#include <string>

#include "solver/akelarre/TurnSearchImpl.h"

namespace tlaloc::akelarre::turn_search {

std::vector<Move> TurnSearchImpl::solve() {
    std::vector<Step> steps;
    try {
        best_figures();
        if (probe_ == TurnSearchResult::Probe::reached || second_pass_done_) {
            steps = best_play_;
        } else {
            target_ = best_;
            // The first pass's play has this many moves: none longer is searched.
            std::optional<std::vector<Step>> fewest = fewest_moves(static_cast<int>(best_play_.size()));
            if (!fewest)
                throw std::logic_error("search_best_play: the second pass lost the first pass's play");
            steps = *std::move(fewest);
        }
        moves_proved_ = true;
    } catch (const solver::SearchLimitReached&) {
        // Without a state limit (0), the memory limit is an answer not found, as in search_best_play.
        out_of_time_ = deadline_.passed();
        if (out_of_time_ && !options_.answer_out_of_time) {
            if (most_states_ == 0) throw;
            throw solver::SearchLimitReached(best_so_far());
        }
        if (!out_of_time_ && most_states_ == 0) throw;
        root_split_.reset();
        hand_runs_ = false;  // the first pass's moves
        steps = shortened(best_play_);
    }
    std::vector<Move> play;
    for (const Step& s : steps) play.push_back(to_move(s));
    return play;
}

Move TurnSearchImpl::to_move(const Step& s) const {
    Move m{card_of(s.card), std::nullopt, s.to};
    if (s.from >= 0) m.from = s.from;
    return m;
}

// Past the best play found: the most hand cards the ceiling allows, and the most points of a play with
// at least the best play's hand cards (the ceiling's when it allows no more hand cards, else what the
// root's ceiling counted for every play).
TurnSearchResult::Bound TurnSearchImpl::bound() const {
    if (figures_proved_) return {best_.played, best_.points};
    const int played = std::max(best_.played, ceiling_.played);
    const int points = played == best_.played ? std::min(ceiling_.points, root_points_) : root_points_;
    return {played, std::max(points, best_.points)};
}

std::string TurnSearchImpl::best_so_far() const {
    const int hand = static_cast<int>(turn_.hand.size());
    const bool most_cards = figures_proved_ || best_.played == ceiling_.played;
    return "a play of " + std::to_string(best_.played) + " of " + std::to_string(hand) + " hand cards" +
           (most_cards ? " (proved most)" : " (not proved most)") + ", " + std::to_string(best_.points) +
           " points for " + turn_.me + (figures_proved_ ? " (proved most)" : " (not proved most)") + ", in " +
           std::to_string(best_play_.size()) + " moves (not proved fewest)";
}

}  // namespace tlaloc::akelarre::turn_search

namespace tlaloc::akelarre {

using turn_search::TurnSearchImpl;

TurnSearchResult search_turn(const TurnPosition& turn, const TurnSearchOptions& options,
                             const solver::Deadline& deadline) {
    TurnSearchImpl search(turn, options, deadline);
    const std::vector<Move> play = search.solve();
    TurnSearchResult result;
    result.figures_proved = search.figures_proved();
    result.proved = search.moves_proved();
    result.out_of_time = search.out_of_time();
    result.bound = search.bound();
    result.steps = options.steps > 0 ? options.steps : 0;
    result.states = search.states();
    result.probe = search.probe();
    // The rules engine replays the play and recomputes its figures: they must be the search's.
    result.outcome = replay_turn(turn, play);
    const TurnOutcome& o = result.outcome;
    if (o.played != search.best().played || o.points != search.best().points)
        throw std::logic_error("search_best_play: the rules engine's replay disagrees with the search");
    return result;
}

TurnSearchResult search_best_play(const TurnPosition& turn, int steps, unsigned timeout_seconds) {
    return search_best_play(turn, steps, solver::Deadline(timeout_seconds));
}

TurnSearchResult search_best_play(const TurnPosition& turn, int steps, const solver::Deadline& deadline) {
    TurnSearchOptions options;
    options.steps = steps;
    return search_turn(turn, options, deadline);
}

TurnSearchResult search_best_found(const TurnPosition& turn, std::size_t most_states,
                                   const solver::Deadline& deadline, int steps) {
    TurnSearchOptions options;
    options.steps = steps;
    options.most_states = most_states;
    return search_turn(turn, options, deadline);
}

}  // namespace tlaloc::akelarre
