// The turn search's states: the root read from the turn, the cards in play and live, the moves of a
// state and the states they lead to, keyed, and the upper bound on what a play from a state can add.
#include "solver/akelarre/TurnSearchImpl.h"

#include <stdexcept>

namespace tlaloc::akelarre::turn_search {

void TurnSearchImpl::read_root(int steps) {
    if (turn_.hand.size() > static_cast<std::size_t>(kMaxHand) ||
        turn_.places.size() > static_cast<std::size_t>(kMaxPlaces))
        throw std::invalid_argument("search_best_play: more than 7 hand cards or 24 places");
    for (const Card& c : turn_.hand) insert_sorted(root_.hand.data(), root_.hand_size, card_code(c));
    for (std::size_t p = 0; p < turn_.places.size(); ++p) {
        const auto& place = turn_.places[p];
        if (place.cards.size() > static_cast<std::size_t>(kSlots) || why_cannot_finish({place}))
            throw std::invalid_argument("search_best_play: a table meld of 1, 2 or 5 cards");
        for (const Card& c : place.cards)
            insert_sorted(root_.piles[p].cards.data(), root_.piles[p].size, card_code(c));
        mine_[p] = place.owner == turn_.me;
        any_mine_ = any_mine_ || mine_[p];
    }
    // The melds of five (five_melds_, MeldCover) are of distinct cards: one joker of each family.
    std::array<int, kCardCodes + 1> copies{};
    for (int i = 0; i < root_.hand_size; ++i) ++copies[root_.hand[i]];
    for (std::size_t p = 0; p < turn_.places.size(); ++p)
        for (int i = 0; i < root_.piles[p].size; ++i) ++copies[root_.piles[p].cards[i]];
    for (CardCode c = 1; c <= kCardCodes; ++c)
        if (copies[c] > deck_copies(card_of(c)))
            throw std::invalid_argument("search_best_play: more copies of a card than the deck holds");
    root_.moves_left = steps > 0 ? std::min(steps, kUnbounded - 1) : kUnbounded;
    hand_size_ = root_.hand_size;
    for (CardCode c = 1; c <= kCardCodes; ++c) points_[c] = card_points(card_of(c), turn_.favourite);
    for (const std::uint32_t codes : all_melds()) {
        if (std::popcount(codes) != 5) continue;
        std::array<int, 5> worth{};
        int n = 0;
        for (std::uint32_t rest = codes; rest; rest &= rest - 1)
            worth[static_cast<std::size_t>(n++)] = points_[std::countr_zero(rest)];
        five_melds_.push_back({codes, captured_points(worth, true), captured_points(worth, false)});
    }
}

// Which card codes are in play at least once, twice and three times: bit per code.
TurnSearchImpl::InPlay TurnSearchImpl::in_play(const State& s) const {
    InPlay in;
    auto count = [&in](CardCode c) {
        const std::uint32_t bit = 1u << c;
        in.thrice |= in.twice & bit;
        in.twice |= in.once & bit;
        in.once |= bit;
    };
    for (int i = 0; i < s.hand_size; ++i) count(s.hand[i]);
    for (int p = 0; p < width_ - 2; ++p) {
        const Pile& pile = s.piles[static_cast<std::size_t>(p)];
        for (int i = 0; i < pile.size; ++i) count(pile.cards[i]);
    }
    return in;
}

// Every meld being laid with two cards can still get a third from the cards left in play outside it
// (`in` is s's in_play; cards only ever leave play, so a meld that cannot be finished now never can).
bool TurnSearchImpl::completable(const State& s, const InPlay& in) const {
    for (std::size_t p = 0; p < turn_.places.size(); ++p) {
        const Pile& laid = s.piles[p];
        if (laid.size != 2) continue;
        const CardCode a = laid.cards[0], b = laid.cards[1];
        // The codes of the laid cards count only for the copies beyond the laid ones.
        std::uint32_t elsewhere = in.once & ~(1u << a) & ~(1u << b);
        if (a == b)
            elsewhere |= in.thrice & 1u << a;
        else
            elsewhere |= (in.twice & 1u << a) | (in.twice & 1u << b);
        if ((joinable(laid) & elsewhere) == 0) return false;
    }
    return true;
}

// Which card codes may join the meld on a pile (bit per code), computed once per distinct meld: the
// moves of a state ask it for every card and every place.
std::uint32_t TurnSearchImpl::joinable(const Pile& pile) {
    std::uint32_t packed = 0;
    for (int i = 0; i < pile.size; ++i) packed |= static_cast<std::uint32_t>(pile.cards[i]) << (5 * i);
    return joinable(join_cache(), pile, packed);
}

// By the packed cards of the pile; the meld rules do not depend on the turn, so searches share it.
std::vector<std::uint32_t>& TurnSearchImpl::join_cache() {
    thread_local std::vector<std::uint32_t> by_cards(std::size_t{1} << 20, 0u);
    return by_cards;
}

std::uint32_t TurnSearchImpl::joinable(std::vector<std::uint32_t>& cache, const Pile& pile,
                                       std::uint32_t packed) {
    if (pile.size + 1 < 3) return ~0u;
    std::uint32_t& known = cache[packed];
    if (known) return known & ~1u;
    CardCode cards[5];
    std::copy(pile.cards.begin(), pile.cards.begin() + pile.size, cards);
    known = 1u;  // bit 0 (no card code) marks "computed"
    for (CardCode c = 1; c <= kCardCodes; ++c) {
        cards[pile.size] = c;
        if (is_meld(cards, pile.size + 1)) known |= 1u << c;
    }
    return known & ~1u;
}

// Every legal move, once per distinct card and per distinct target (places that look the same lead
// to the same state); hand cards first, so good plays are met early.
// In the second pass (hand_runs_), hand cards onto a new meld come in one run: once a hand card lies
// on a meld of one or two cards, every move goes onto that meld until it has three (State::pending),
// the hand cards in ascending order, and a taken card only as the third. No play is lost, nor made
// longer: in any play, the hand cards that go onto a new meld before its third card can wait until
// just before that third card, in any order. Nothing can be taken from a meld of one or two cards,
// any card may join it, and a hand card is in the hand whenever it is played, so putting hand cards
// down later leaves every other move as legal as it was, and the meld's three cards are the same.
void TurnSearchImpl::successors(const State& s, std::uint32_t live, std::vector<Step>& out) const {
    out.clear();
    if (s.moves_left == 0) return;
    const int places = static_cast<int>(turn_.places.size());
    // first[t], second[t]: the first two places that look like t (t itself among them, kMaxPlaces for
    // none); a target or a source that looks like an earlier one leads to the same states.
    std::array<int, kMaxPlaces> first{}, second{};
    // Places look the same when they have one owner class and the same cards, and neither is the
    // meld being laid (State::pending).
    std::array<std::uint32_t, kMaxPlaces> look{}, fits{};
    std::vector<std::uint32_t>& cache = join_cache();
    for (int t = 0; t < places; ++t) {
        const Pile& pile = s.piles[static_cast<std::size_t>(t)];
        std::uint32_t packed = 0;
        for (int i = 0; i < pile.size; ++i) packed |= static_cast<std::uint32_t>(pile.cards[i]) << (5 * i);
        fits[static_cast<std::size_t>(t)] = joinable(cache, pile, packed);
        look[static_cast<std::size_t>(t)] =
            t == s.pending ? 1u << 30 : packed | (mine_[static_cast<std::size_t>(t)] ? 1u << 31 : 0u);
    }
    for (int t = 0; t < places; ++t) {
        first[t] = t;
        second[t] = kMaxPlaces;
        for (int u = 0; u < t; ++u) {
            if (look[static_cast<std::size_t>(u)] != look[static_cast<std::size_t>(t)]) continue;
            if (first[t] == t) {
                first[t] = u;
            } else {
                second[t] = u;
                break;
            }
        }
        if (first[t] != t && second[t] == kMaxPlaces) second[t] = t;
    }
    auto targets = [&](CardCode c, int from) {
        for (int t = 0; t < places; ++t) {
            if (t == from || (s.pending >= 0 && t != s.pending)) continue;
            const bool repeat = first[t] == from ? second[t] < t : first[t] < t;
            if (!repeat && (fits[t] >> c & 1u)) out.push_back({c, from, t});
        }
    };
    for (int i = 0; i < s.hand_size; ++i) {
        const CardCode c = s.hand[i];
        if ((i > 0 && s.hand[i - 1] == c) || !(live >> c & 1u) || c < s.run_low) continue;
        targets(c, -1);
    }
    if (s.pending >= 0 && s.piles[static_cast<std::size_t>(s.pending)].size != kMeldMin - 1) return;
    for (int f = 0; f < places; ++f) {
        const Pile& source = s.piles[static_cast<std::size_t>(f)];
        if (source.size != kSlots) continue;
        if (first[f] != f) continue;
        for (int i = 0; i < kSlots; ++i) {
            if ((i > 0 && source.cards[i - 1] == source.cards[i]) || !(takeable(source) >> i & 1u)) continue;
            targets(source.cards[i], f);
        }
    }
}

int TurnSearchImpl::apply_to(const State& s, const Step& step, State& next) const {
    next = s;
    next.pending = -1;
    next.run_low = 0;
    if (step.from < 0) {
        erase_one(next.hand.data(), next.hand_size, step.card);
    } else {
        Pile& source = next.piles[static_cast<std::size_t>(step.from)];
        erase_one(source.cards.data(), source.size, step.card);
    }
    if (next.moves_left != kUnbounded) --next.moves_left;
    Pile& target = next.piles[static_cast<std::size_t>(step.to)];
    if (target.size + 1 < 5) {
        insert_sorted(target.cards.data(), target.size, step.card);
        if (hand_runs_ && target.size < kMeldMin && step.from < 0) {
            // A hand card onto a new meld, or onto the one being laid: the run of moves onto it goes on
            // (a taken card goes onto that meld only as its third).
            next.pending = step.to;
            next.run_low = step.card;
        }
        return 0;
    }
    // The fifth card: captured. Another player's place keeps the two cards worth most to me.
    std::array<int, 5> worth{};
    for (int i = 0; i < kSlots; ++i) worth[static_cast<std::size_t>(i)] = points_[target.cards[i]];
    worth[4] = points_[step.card];
    const int points = captured_points(worth, mine_[static_cast<std::size_t>(step.to)]);
    next.points += points;
    target = Pile{};
    return points;
}

CoverInput TurnSearchImpl::cover_input(const State& s) const {
    CoverInput in;
    for (int i = 0; i < s.hand_size; ++i) ++in.hand[s.hand[i]];
    for (std::size_t p = 0; p < turn_.places.size(); ++p)
        add_place(in, s.piles[p].cards.data(), s.piles[p].size, mine_[p]);
    return in;
}

// Each capture lowers "live hand cards + 4-card melds" by two and no move raises it (a card onto a
// 3-card meld makes a 4-card meld but leaves the hand or another 4-card meld), so at most half of it
// are left. Captures take five cards each; I keep all five on my own places and the three another
// owner leaves me elsewhere, so they give at most the best 5 (or 3) cards per capture still in play.
int TurnSearchImpl::points_bound(const State& s, std::uint32_t live) const {
    std::array<int, 8> by_points{};  // cards in play per points value
    int fours = 0, in_play = 0, live_cards = 0;
    for (int i = 0; i < s.hand_size; ++i)
        if (live >> s.hand[i] & 1u) {
            ++by_points[static_cast<std::size_t>(points_[s.hand[i]])];
            ++live_cards;
        }
    in_play = live_cards;
    for (std::size_t p = 0; p < turn_.places.size(); ++p) {
        const Pile& pile = s.piles[p];
        fours += pile.size == kSlots;
        in_play += pile.size;
        for (int i = 0; i < pile.size; ++i) ++by_points[static_cast<std::size_t>(points_[pile.cards[i]])];
    }
    const int captures = std::min<int>({(live_cards + fours) / 2, in_play / 5, s.moves_left});
    int cards = captures * (any_mine_ ? 5 : 3), points = 0;
    for (int v = 7; v > 0 && cards > 0; --v) {
        const int take = std::min(cards, by_points[static_cast<std::size_t>(v)]);
        points += take * v;
        cards -= take;
    }
    return points;
}

// Every kClockEvery states searched: the time limit, and the memory the search holds.
void TurnSearchImpl::look_at_clock() {
    if (stop_ && stop_->load(std::memory_order_relaxed)) throw ProbeStopped{};
    if (++expanded_ % kClockEvery != 0) return;
    if (deadline_.passed()) throw solver::SearchLimitReached(best_so_far());
    std::size_t bytes = bytes_now();
    bytes_held_.store(bytes, std::memory_order_relaxed);
    if (partner_bytes_) bytes += partner_bytes_->load(std::memory_order_relaxed);
    if (bytes > kMostBytes) stop_at("memory (" + std::to_string(kMostBytes >> 30) + " GB)");
}

// The bytes this search holds.
std::size_t TurnSearchImpl::bytes_now() const {
    std::size_t bytes = root_split_ ? root_split_->memory() : 0;
    bytes += held_bytes_;
    if (table_in_use_) bytes += table_in_use_->memory() + table_in_use_->size() * bytes_per_state_;
    if (queue_in_use_) bytes += queue_in_use_->memory();
    return bytes;
}

// The states the moves from `s` lead to, less those with a meld being laid that can no longer be
// finished (and, `within_best`, those past the best figures, which no play can end), keyed; their
// slots in `table` are asked for at once, so that the look-ups that follow overlap their cache misses.
void TurnSearchImpl::expand(const State& s, const InPlay& in, std::uint32_t live, const StateTable& table,
                            bool within_best, Children& out) {
    successors(s, live, steps_);
    out.list.clear();
    out.keys.resize(steps_.size() * static_cast<std::size_t>(width_));
    // The state's words and key, which each child's key changes in one or two places.
    std::array<std::uint32_t, 2 + kMaxPlaces> words{}, key{};
    table.encode(s, mine_, words.data());
    std::copy_n(words.begin(), width_, key.begin());
    std::sort(key.begin() + 2, key.begin() + width_);
    for (const Step& step : steps_) {
        // Made in its place in the list, and dropped again when no play goes on through it.
        Child& made = out.list.emplace_back();
        State& child = made.state;
        apply_to(s, step, child);
        if (within_best && figures(child) > target_) {
            out.list.pop_back();
            continue;
        }
        // A move keeps the cards in play, but for a capture.
        const bool captured = child.piles[static_cast<std::size_t>(step.to)].size == 0;
        made.in = captured ? in_play(child) : in;
        if (needs_check(child, step) && !completable(child, made.in)) {
            out.list.pop_back();
            continue;
        }
        std::uint32_t* k = out.keys.data() + (out.list.size() - 1) * static_cast<std::size_t>(width_);
        table.key_after(child, mine_, key.data(), words.data(), step.from, step.to, k);
        made.hash = table.hash(k);
        table.prefetch(made.hash);
        made.step = step;
        made.moves = 1;
        made.hand_only = step.from < 0;
    }
}

}  // namespace tlaloc::akelarre::turn_search
