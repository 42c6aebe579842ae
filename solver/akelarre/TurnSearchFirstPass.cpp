// The turn search's first pass: the first two figures (most hand cards, then most points), depth first
// with a branch and bound, the root's split as its ceiling, and the probe toward it.
#include "solver/akelarre/TurnSearchImpl.h"

#include <stdexcept>

namespace tlaloc::akelarre::turn_search {

// Ask `ask` of the root's split (RootSplit, started before the first milestone): the exact split is
// often the answer's first two figures, which ends the first pass at once. Whether the split is known.
bool TurnSearchImpl::refine_ceiling(int ask) {
    const std::optional<CoverBound> split = root_split_->ask(ask, deadline_, best_);
    if (deadline_.passed()) throw solver::SearchLimitReached(best_so_far());
    if (!split) return false;
    ceiling_ = std::min(ceiling_,
                        split->played < 0 ? Figures{-kUnbounded, 0} : Figures{split->played, split->points});
    return true;
}

// The first pass (the class comment in TurnSearchImpl.h says how it searches). More than 80 lines:
// one loop, the search's hottest, over the frames, the table and the probes that every step shares.
Figures TurnSearchImpl::best_figures() {
    StateTable seen(width_ - 2);
    table_in_use_ = &seen;
    bytes_per_state_ = 0;
    std::vector<std::uint32_t> key(static_cast<std::size_t>(width_));
    seen.key(root_, mine_, key.data());
    seen.add(key.data());
    count_state();
    if (!finishable(root_)) throw std::logic_error("search_best_play: not even the empty play ends the turn");
    const InPlay root_in = in_play(root_);
    const std::uint32_t root_live = live_cards(root_, root_in);
    ceiling_ = figures(root_) + counted(root_, root_live);
    root_points_ = ceiling_.points;
    best_ = figures(root_);
    best_play_.clear();
    std::vector<Frame> frames(1);
    frames[0].state = root_;
    frames[0].reach = ceiling_;
    expand(root_, root_in, root_live, seen, false, frames[0].children);
    std::size_t depth = 1, next_ceiling = milestone(0);
    int ask = 0;
    std::unique_ptr<ParallelProbe> probe;  // a probe on a second core, until its answer is taken
    // Once the root's split is known and no probe runs, the second pass on the second core, toward the
    // best play found so far (started again when it improves) while this pass proves it the best.
    std::unique_ptr<ParallelProbe> second;
    struct Forget {  // its memory, should this pass throw
        TurnSearchImpl& search;
        ~Forget() { search.partner_bytes_ = nullptr; }
    } forget{*this};
    while (depth > 0 && best_ < ceiling_) {
        // A search this large may reach the first milestone: the root's split starts, on a second core
        // ahead of it.
        if (!root_split_ && next_ceiling != std::numeric_limits<std::size_t>::max() &&
            met_ >= kRootSplitAfter)
            root_split_.emplace(points_, any_mine_, cover_input(root_), best_, most_states_ > 0,
                                options_.root_split_core);
        if (met_ >= next_ceiling) {
            if (!refine_ceiling(ask++)) {
                next_ceiling = milestone(ask);
                continue;
            }
            // Once the split of the root is known, asking again cannot lower the bound. When the best
            // play found is still short of it, a search toward it, by the fewest moves, often reaches it
            // long before the depth-first order would. The split's memo is of no more use: its memory
            // goes back (it can be most of what the search holds).
            next_ceiling = std::numeric_limits<std::size_t>::max();
            root_split_.reset();
            if (best_ < ceiling_ && options_.ceiling_probe && !start_probe_ahead(probe) && probe_ceiling())
                break;
            continue;
        }
        if (probe && probe->finished() && take_probe(probe)) break;
        if (!probe && second_core_.value_or(true) &&
            next_ceiling == std::numeric_limits<std::size_t>::max() &&
            (!second || second->target() != best_)) {
            if (second) drop_ahead(second);
            start_ahead(second, best_);
        }
        Frame& f = frames[depth - 1];
        if (f.next == f.children.list.size() || f.reach <= best_) {
            --depth;
            continue;
        }
        const std::size_t c = f.next++;
        const std::uint32_t* k = f.children.key(c, width_);
        if (seen.find(k, f.children.list[c].hash) >= 0) continue;
        seen.add(k, f.children.list[c].hash);
        count_state();
        const State& child = f.children.list[c].state;
        if (finishable(child) && figures(child) > best_) {
            best_ = figures(child);
            keep_best_play(frames, depth, f.children.list[c].step);
        }
        const std::uint32_t live = live_cards(child, f.children.list[c].in);
        const Figures reach = figures(child) + counted(child, live);
        if (reach <= best_) continue;  // no play through it beats the best found
        if (depth == frames.size()) frames.emplace_back();
        Frame& next = frames[depth++];
        Frame& parent = frames[depth - 2];  // `f` may have moved when the frames grew
        next.state = parent.children.list[c].state;
        next.next = 0;
        next.reach = reach;
        expand(next.state, parent.children.list[c].in, live, seen, false, next.children);
        look_at_clock();
    }
    if (probe && probe->target() == best_) {
        // The first pass ended first, with the probe's figures: the probe goes on from where it is as
        // the second pass would (the same search toward the same figures), and gives its play.
        probe->wait();
        // (Stopped by the memory limit, it answers nothing: the second pass then runs on this thread.)
        if (!take_probe(probe) && probe_ == TurnSearchResult::Probe::missed)
            throw std::logic_error("search_best_play: a probe missed figures reached");
    } else if (probe) {
        drop_ahead(probe);  // below them: what it found is of no more use (its failure included)
    }
    if (second && second->target() == best_) {
        take_second_pass(second);
    } else if (second) {
        drop_ahead(second);
    }
    figures_proved_ = true;
    root_split_.reset();  // its memory, and its thread
    table_in_use_ = nullptr;
    return best_;
}

// A second pass toward the root's ceiling, before the first pass has reached it: true when a play
// reaches it (the best figures, in the fewest moves: best_play_), else the ceiling is lowered below it.
bool TurnSearchImpl::probe_ceiling() {
    // The first pass's table stays, and counts, while the probe's is in use.
    struct Restore {
        TurnSearchImpl& search;
        const StateTable* table = search.table_in_use_;
        const Frontier* queue = search.queue_in_use_;
        std::size_t bytes = search.bytes_per_state_;
        ~Restore() {
            search.held_bytes_ = 0;
            search.table_in_use_ = table;
            search.queue_in_use_ = queue;
            search.bytes_per_state_ = bytes;
            search.hand_runs_ = false;
        }
    } restore{*this};
    held_bytes_ = restore.table->memory() + restore.table->size() * restore.bytes;
    target_ = ceiling_;
    probe_ = TurnSearchResult::Probe::cut;  // until it ends
    std::optional<std::vector<Step>> play = fewest_moves(std::numeric_limits<int>::max());
    probe_ = play ? TurnSearchResult::Probe::reached : TurnSearchResult::Probe::missed;
    if (play) {
        best_ = ceiling_;
        best_play_ = *std::move(play);  // the best figures in the fewest moves
        return true;
    }
    lower_ceiling();
    return false;
}

// The ceiling once a probe has proved it out of reach: the next figures below it.
void TurnSearchImpl::lower_ceiling() {
    ceiling_ = ceiling_.points > 0 ? Figures{ceiling_.played, ceiling_.points - 1}
                                   : Figures{ceiling_.played - 1, kUnbounded};
}

// The play along the first pass's frames to the child `last` of the frame at `depth` - 1: each frame's
// child being searched is the one before its `next`.
void TurnSearchImpl::keep_best_play(const std::vector<Frame>& frames, std::size_t depth, const Step& last) {
    best_play_.clear();
    for (std::size_t d = 0; d + 1 < depth; ++d)
        best_play_.push_back(frames[d].children.list[frames[d].next - 1].step);
    best_play_.push_back(last);
}

// A play to the same last state in as few moves as the moves between its own states allow: the
// first pass's play meets no state twice, but it may go round about (a depth-first search takes the
// first way it meets). Breadth first over the play's states, joined wherever one move leads from one
// to another.
std::vector<Step> TurnSearchImpl::shortened(const std::vector<Step>& play) const {
    StateTable on_play(width_ - 2);
    std::vector<State> states{root_};
    for (const Step& step : play) {
        int points = 0;
        states.push_back(apply(states.back(), step, points));
    }
    const std::size_t w = static_cast<std::size_t>(width_);
    std::vector<std::uint32_t> words(states.size() * w), k(w);
    for (std::size_t i = 0; i < states.size(); ++i) {
        on_play.key(states[i], mine_, k.data());
        if (on_play.find(k.data()) >= 0) return play;  // not expected (no state is met twice): keep it
        on_play.add(k.data());
        on_play.encode(states[i], mine_, words.data() + i * w);
    }
    std::vector<int> parent(states.size(), -1);
    std::vector<bool> reached(states.size(), false);
    std::vector<std::size_t> queue{0};
    reached[0] = true;
    std::vector<Step> steps;
    for (std::size_t q = 0; q < queue.size() && !reached.back(); ++q) {
        const std::size_t i = queue[q];
        successors(states[i], live_cards(states[i]), steps);
        for (const Step& step : steps) {
            int points = 0;
            on_play.key(apply(states[i], step, points), mine_, k.data());
            const int j = on_play.find(k.data());
            if (j < 0 || reached[static_cast<std::size_t>(j)]) continue;
            reached[static_cast<std::size_t>(j)] = true;
            parent[static_cast<std::size_t>(j)] = static_cast<int>(i);
            queue.push_back(static_cast<std::size_t>(j));
        }
    }
    // Interchangeable places may hold the states' melds in another order than the play's: the moves
    // are found again by their states' keys.
    return play_to(on_play, words, parent, static_cast<int>(states.size()) - 1);
}

}  // namespace tlaloc::akelarre::turn_search
