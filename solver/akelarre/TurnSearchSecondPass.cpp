// The turn search's second pass: the fewest moves to the best figures, A* over the states with a lower
// bound on the moves still needed, and the play read back along the states' parents.
#include "solver/akelarre/TurnSearchImpl.h"

namespace tlaloc::akelarre::turn_search {

// At least this many moves lead from `s` to a state that ends the turn with the best figures: the hand
// cards still to play, each a move of its own, and a take for every card a meld being laid still lacks
// that no hand card can be (its cards up to three must make a meld, and nothing leaves it before);
// the cards those melds still lack; one move while points are missing.
int TurnSearchImpl::moves_needed(const State& s) const {
    int unfinished = 0;  // cards the melds being laid still need
    int takes = 0;       // of them, those no hand card can be
    for (int p = 0; p < width_ - 2; ++p) {
        const Pile& pile = s.piles[static_cast<std::size_t>(p)];
        if (pile.size == 0 || pile.size >= kMeldMin) continue;
        const int lacking = kMeldMin - pile.size;
        unfinished += lacking;
        const std::uint32_t fits = pile.size == 2 ? joinable(pile) : partners(pile.cards[0]);
        int from_hand = 0;
        for (int i = 0; i < s.hand_size; ++i) from_hand += static_cast<int>(fits >> s.hand[i] & 1u);
        takes += std::max(0, lacking - from_hand);
    }
    const int hand_cards = target_.played - figures(s).played;
    return std::max({hand_cards + takes, unfinished, s.points < target_.points ? 1 : 0});
}

// At least this many takes lead from `s` to the points still missing. Each capture from here on takes
// a meld of five whose cards are each on its place now, or a hand card played there, or brought there
// by a take (a card is captured once, and a take moves one card): so the takes are at least the
// fewest cards of neither kind over captures worth the points missing. A capture is of a place that
// holds cards (once; a second capture there is of a new meld) or of a new meld (any number), worth
// its points on the place's owner (a new meld: on mine when I own a place), of cards in play. The
// hand cards are not shared out between captures, and whether the melds can be built in some order
// is not asked: a lower bound.
int TurnSearchImpl::takes_for_points(const State& s, std::uint32_t live) const {
    const int missing = target_.points - s.points;
    if (missing <= 0) return 0;
    constexpr int kMostTakes = 12;  // more: kMostTakes + 1, beyond any play the bound would cut
    std::uint32_t hand = 0, table = 0;
    for (int i = 0; i < s.hand_size; ++i)
        if (live >> s.hand[i] & 1u) hand |= 1u << s.hand[i];
    std::array<std::uint32_t, kMaxPlaces> on{};
    const int places = width_ - 2;
    for (int p = 0; p < places; ++p) {
        const Pile& pile = s.piles[static_cast<std::size_t>(p)];
        for (int i = 0; i < pile.size; ++i) on[static_cast<std::size_t>(p)] |= 1u << pile.cards[i];
        table |= on[static_cast<std::size_t>(p)];
    }
    const std::uint32_t present = hand | table;
    if (five_in_play_.size() > 4096) five_in_play_.clear();
    auto [known, added] = five_in_play_.try_emplace(present);
    if (added)
        for (std::size_t m = 0; m < five_melds_.size(); ++m)
            if (!(five_melds_[m].codes & ~present)) known->second.push_back(static_cast<std::uint16_t>(m));
    const std::vector<std::uint16_t>& candidates = known->second;
    // most[t]: the most points captures could bring with at most t takes.
    std::array<int, kMostTakes + 1> most{};
    auto add = [&most](const std::array<int, kMostTakes + 1>& from, int takes, int points) {
        for (int t = takes; t <= kMostTakes; ++t)
            most[static_cast<std::size_t>(t)] = std::max(most[static_cast<std::size_t>(t)],
                                                         from[static_cast<std::size_t>(t - takes)] + points);
    };
    for (int p = 0; p < places; ++p) {
        const std::uint32_t here = on[static_cast<std::size_t>(p)];
        if (!here) continue;
        const auto before = most;  // one capture of this place at most
        for (const std::uint16_t m : candidates) {
            const FiveMeld& meld = five_melds_[m];
            if (meld.codes & here)
                add(before, count_bits(meld.codes & ~here & ~hand),
                    mine_[static_cast<std::size_t>(p)] ? meld.mine : meld.other);
        }
    }
    for (const std::uint16_t m : candidates) {
        const FiveMeld& meld = five_melds_[m];
        const int takes = count_bits(meld.codes & ~hand);
        if (takes == 0) return 0;  // as many times as wanted
        add(most, takes, any_mine_ ? meld.mine : meld.other);
    }
    for (int t = 0; t <= kMostTakes; ++t)
        if (most[static_cast<std::size_t>(t)] >= missing) return t;
    return kMostTakes + 1;
}

// The most points hand moves alone could still capture from `s`: each meld captured takes the hand
// cards it lacks up to five (one that fits, for a meld of four), worth at most what the best hand
// cards would make it worth, and the hand cards go round as a knapsack.
int TurnSearchImpl::hand_only_points(const State& s, std::uint32_t live) const {
    std::array<int, kMaxHand> hand{};  // the live hand cards' points, most first
    int n = 0;
    for (int i = 0; i < s.hand_size; ++i) {
        if (!(live >> s.hand[i] & 1u)) continue;
        int at = n++;
        for (; at > 0 && hand[static_cast<std::size_t>(at - 1)] < points_[s.hand[i]]; --at)
            hand[static_cast<std::size_t>(at)] = hand[static_cast<std::size_t>(at - 1)];
        hand[static_cast<std::size_t>(at)] = points_[s.hand[i]];
    }
    n = std::min<int>(n, s.moves_left);
    if (n == 0) return 0;
    std::array<int, kMaxHand + 1> most{};  // by hand cards used
    auto item = [&](int cards, int value) {
        for (int c = n; c >= cards; --c)
            most[static_cast<std::size_t>(c)] = std::max(most[static_cast<std::size_t>(c)],
                                                         most[static_cast<std::size_t>(c - cards)] + value);
    };
    for (int p = 0; p < width_ - 2; ++p) {
        const Pile& pile = s.piles[static_cast<std::size_t>(p)];
        const int lacking = 5 - pile.size;
        if (lacking > n) continue;
        std::array<int, 5> worth{};
        for (int i = 0; i < pile.size; ++i) worth[static_cast<std::size_t>(i)] = points_[pile.cards[i]];
        if (pile.size == kSlots) {
            const std::uint32_t fits = joinable(pile);
            int best = -1;
            for (int i = 0; i < s.hand_size; ++i)
                if ((live & fits) >> s.hand[i] & 1u) {
                    worth[4] = points_[s.hand[i]];
                    best = std::max(best, captured_points(worth, mine_[static_cast<std::size_t>(p)]));
                }
            if (best >= 0) item(1, best);
            continue;
        }
        for (int i = 0; i < lacking; ++i)
            worth[static_cast<std::size_t>(pile.size + i)] = hand[static_cast<std::size_t>(i)];
        item(lacking, captured_points(worth, mine_[static_cast<std::size_t>(p)]));
    }
    if (n >= 5) {  // a new meld on a place a capture freed
        std::array<int, 5> worth{};
        std::copy(hand.begin(), hand.begin() + 5, worth.begin());
        item(5, captured_points(worth, any_mine_));
    }
    return most[static_cast<std::size_t>(n)];
}

// A play from `s` to the best figures takes at least one take besides its hand cards when hand moves
// alone could not capture the points still missing.
bool TurnSearchImpl::take_needed(const State& s, std::uint32_t live) const {
    return s.points + hand_only_points(s, live) < target_.points;
}

// A* over the states. `needed` is admissible but, as the knowledge of takes needed spreads lazily,
// not always consistent, so a state reached again by fewer moves after it was searched is searched
// again, and a state whose f would fall below the f being searched is queued at the f being searched:
// the queue never holds an entry below the cost of the best play, so the first state that ends the
// turn with the best figures taken from it is reached by the fewest moves.
// (More than 80 lines: one loop over the queue, the table and the parents it shares with every step,
// the second pass's hottest.)
std::optional<std::vector<Step>> TurnSearchImpl::fewest_moves(int most) {
    hand_runs_ = true;
    StateTable table(width_ - 2);
    // What the search knows of a state, in one place: a look-up of a state met before reads no more.
    // The takes a state is known to need (take_needed, takes_for_points), and whether they were asked
    // of it: they are asked when it is first taken from the queue, and a state reached by hand moves
    // from one that needs k takes needs k too (those hand moves and a play from it are a play from
    // the first with the same takes).
    struct Node {
        int moves = -1;   // the fewest found so far; -1 none yet, kCut: it cannot reach target_
        int queued = -1;  // the f of the state's live entry in the queue
        std::uint8_t needed = 0, done = 0, takes = 0, asked = 0;
    };
    // words, parent and a Node, each in a list grown by doubling (up to twice its entries); the queue
    // counts its own
    bytes_per_state_ =
        2 * (static_cast<std::size_t>(width_) * sizeof(std::uint32_t) + sizeof(int) + sizeof(Node));
    std::vector<std::uint32_t> key(static_cast<std::size_t>(width_));  // the root's
    solver::HugeVector<std::uint32_t> words;                           // the states' own words, decode()'s
    solver::HugeVector<int> parent;                                    // along the fewest moves found so far
    constexpr int kCut = -2;
    solver::HugeVector<Node> nodes;
    Frontier queue(most);
    struct Release {  // the table and the queue end with this pass
        TurnSearchImpl& search;
        ~Release() {
            search.table_in_use_ = nullptr;
            search.queue_in_use_ = nullptr;
        }
    } release{*this};
    table_in_use_ = &table;
    queue_in_use_ = &queue;
    int layer = 0;  // the f being searched
    auto hand_cards = [&](const State& s) { return target_.played - figures(s).played; };

    auto push = [&](Node& n, int id) {
        n.queued = std::max(layer, n.moves + n.needed);
        queue.push(n.queued, n.moves, id);
    };
    auto reach = [&](const State& s, int id, int g, int from) {
        const auto i = static_cast<std::size_t>(id);
        const std::size_t end = (i + 1) * static_cast<std::size_t>(width_);
        if (words.size() < end) words.resize(end);
        table.encode(s, mine_, words.data() + i * static_cast<std::size_t>(width_));
        parent[i] = from;
        Node& n = nodes[i];
        n.moves = g;
        n.done = 0;
        push(n, id);
    };
    auto needs_takes = [&](const State& s, Node& n, int k) {
        n.takes = static_cast<std::uint8_t>(k);
        n.needed = static_cast<std::uint8_t>(std::max<int>(n.needed, hand_cards(s) + k));
    };
    auto add = [&](const State& s, const std::uint32_t* k, std::uint64_t h) {
        const int id = table.add(k, h);
        count_state();
        parent.push_back(-1);
        Node n;
        n.needed = static_cast<std::uint8_t>(moves_needed(s));
        nodes.push_back(n);
        return id;
    };

    table.key(root_, mine_, key.data());
    reach(root_, add(root_, key.data(), table.hash(key.data())), 0, -1);
    Children children;
    for (; layer <= std::min(most, queue.highest()); ++layer) {
        for (int id = queue.pop(layer); id >= 0; id = queue.pop(layer)) {
            const auto i = static_cast<std::size_t>(id);
            Node& node = nodes[i];                            // until a state is added: `nodes` may then move
            if (node.done || node.queued != layer) continue;  // an older entry
            const State s = table.decode(words.data() + i * static_cast<std::size_t>(width_));
            if (finishable(s) && figures(s) == target_) return play_to(table, words, parent, id);
            look_at_clock();
            const InPlay in = in_play(s);
            const std::uint32_t live = live_cards(s, in);
            if (!node.asked) {
                node.asked = 1;
                const int k = std::max(takes_for_points(s, live), take_needed(s, live) ? 1 : 0);
                if (k > node.takes) {
                    needs_takes(s, node, k);
                    if (node.moves + node.needed > layer) {  // later
                        push(node, id);
                        continue;
                    }
                }
            }
            node.done = 1;
            const int moves = node.moves, takes = node.takes;  // kept: the children's states are added below
            expand_runs(s, in, live, table, children);
            for (std::size_t c = 0; c < children.list.size(); ++c) {
                const State& child = children.list[c].state;
                const std::uint32_t* k = children.key(c, width_);
                const int g = moves + children.list[c].moves;
                const int inherited = children.list[c].hand_only ? takes : 0;
                int known = table.find(k, children.list[c].hash);
                if (known < 0) {
                    known = add(child, k, children.list[c].hash);
                    if (figures(child) + counted(child, live_cards(child, children.list[c].in)) < target_) {
                        nodes[static_cast<std::size_t>(known)].moves = kCut;
                        continue;
                    }
                }
                Node& n = nodes[static_cast<std::size_t>(known)];
                if (n.moves == kCut) continue;
                if (inherited > n.takes) {
                    needs_takes(child, n, inherited);
                    if (n.moves >= 0 && !n.done && n.moves <= g && n.moves + n.needed > n.queued)
                        push(n, known);
                }
                if (n.moves < 0 || g < n.moves) reach(child, known, g, id);
            }
        }
    }
    return std::nullopt;
}

// The moves along the parents from the root to `goal`: each is found again among the moves of the
// state before it (the states' own words may order interchangeable places differently).
std::vector<Step> TurnSearchImpl::play_to(const StateTable& table, std::span<const std::uint32_t> words,
                                          std::span<const int> parent, int goal) const {
    std::vector<int> chain;
    for (int at = goal; at >= 0; at = parent[static_cast<std::size_t>(at)]) chain.push_back(at);
    std::reverse(chain.begin(), chain.end());
    std::vector<Step> play, steps;
    std::vector<std::uint32_t> want(static_cast<std::size_t>(width_)), got(want.size());
    State s = root_;
    for (std::size_t n = 1; n < chain.size(); ++n) {
        const auto id = static_cast<std::size_t>(chain[n]);
        std::copy_n(words.begin() + static_cast<std::ptrdiff_t>(id * want.size()), want.size(), want.begin());
        std::sort(want.begin() + 2, want.end());
        if (!moves_to(s, table, want, play, s))
            throw std::logic_error("search_best_play: no move leads to the next state of the play");
    }
    return play;
}

// Appends to `play` the moves from `s` to the state whose key is `want`: one move, or a run of moves
// through states with a meld pending (the second pass keeps none of those); `reached`: that state.
bool TurnSearchImpl::moves_to(const State& s, const StateTable& table, const std::vector<std::uint32_t>& want,
                              std::vector<Step>& play, State& reached) const {
    std::vector<Step> steps;
    successors(s, live_cards(s), steps);
    std::vector<std::uint32_t> got(want.size());
    for (const Step& step : steps) {
        int points = 0;
        const State next = apply(s, step, points);
        play.push_back(step);
        if (next.pending >= 0) {
            if (moves_to(next, table, want, play, reached)) return true;
        } else {
            table.key(next, mine_, got.data());
            if (got == want) {
                reached = next;
                return true;
            }
        }
        play.pop_back();
    }
    return false;
}

// The second pass's moves from `s`: single moves, but a run of hand cards onto a new meld (and the
// card that makes it three) as one, whose states in between are never kept.
void TurnSearchImpl::expand_runs(const State& s, const InPlay& in, std::uint32_t live,
                                 const StateTable& table, Children& out) {
    const auto width = static_cast<std::size_t>(width_);
    expand(s, in, live, table, true, out);
    out.keys.resize(out.list.size() * width);
    for (std::size_t i = 0; i < out.list.size();) {
        if (out.list[i].state.pending < 0) {
            ++i;
            continue;
        }
        const Child run = out.list[i];
        // In its place, the last child; then the run's own children at the end.
        if (i + 1 < out.list.size()) {
            out.list[i] = out.list.back();
            std::copy_n(out.keys.end() - static_cast<std::ptrdiff_t>(width), width,
                        out.keys.begin() + static_cast<std::ptrdiff_t>(i * width));
        }
        out.list.pop_back();
        out.keys.resize(out.list.size() * width);
        expand(run.state, run.in, live_cards(run.state, run.in), table, true, run_children_);
        for (std::size_t j = 0; j < run_children_.list.size(); ++j) {
            Child next = run_children_.list[j];
            next.moves = run.moves + 1;
            next.hand_only = run.hand_only && next.step.from < 0;
            out.list.push_back(next);
            const std::uint32_t* k = run_children_.key(j, width_);
            out.keys.insert(out.keys.end(), k, k + width);
        }
    }
}

}  // namespace tlaloc::akelarre::turn_search
