#include "solver/akelarre/TurnSearch.h"

#include <algorithm>
#include <array>
#include <queue>
#include <stdexcept>
#include <unordered_map>

#include "solver/akelarre/CardCode.h"
#include "solver/akelarre/MeldCover.h"
#include "solver/common/SearchLimit.h"

namespace tlaloc::akelarre {

namespace {

constexpr int kMaxHand = 7;     // parse_turn's limit
constexpr int kMaxPlaces = 24;  // 12 table melds and 12 free places, parse_turn's limits
constexpr int kSlots = 4;       // a meld holds at most 4 cards between moves: the fifth captures it
constexpr int kUnbounded = 255;
constexpr std::size_t kClockEvery = 4096;  // states expanded between two looks at the clock
// When the split of the cards into melds is worth asking (TurnSearchImpl::cover_worth_it).
constexpr std::size_t kCoverAfter = 2000, kCoverTrial = 1000;
constexpr std::size_t kRootCoverBudget = 50000, kCoverBudget = 500;  // splits per question

// What a play is worth from some state on, compared lexicographically: most hand cards played,
// then most points for me, then fewest moves. `played` -1: no play from here can end the turn.
struct Score {
    int played = -1;
    int points = 0;
    int moves = 0;
    bool none() const { return played < 0; }
    friend bool operator==(const Score&, const Score&) = default;
};
constexpr Score kEndHere{0, 0, 0};

bool better(const Score& a, const Score& b) {
    if (a.played != b.played) return a.played > b.played;
    if (a.points != b.points) return a.points > b.points;
    return a.moves < b.moves;
}
struct BestOnTop {
    bool operator()(const std::pair<Score, int>& a, const std::pair<Score, int>& b) const {
        return better(b.first, a.first);
    }
};
Score plus(const Score& gain, const Score& rest) {
    if (rest.none()) return rest;
    return {gain.played + rest.played, gain.points + rest.points, gain.moves + rest.moves};
}

// The first two figures of a play, compared the same way: most hand cards, then most points.
struct Figures {
    int played = 0;
    int points = 0;
    friend auto operator<=>(const Figures&, const Figures&) = default;
};
Figures operator+(const Figures& a, const Figures& b) { return {a.played + b.played, a.points + b.points}; }

struct Pile {
    std::array<CardCode, kSlots> cards{};  // ascending, so equal melds look equal
    int size = 0;
    friend bool operator==(const Pile&, const Pile&) = default;
};

// The play phase's whole state: the hand and each place's cards (a card is taken and placed in one
// move, so no card is ever "in the air"), the moves a bounded play has left, and the points captured
// for me so far. With the points in it, a state fixes the first two figures of the plays reaching it
// (the hand cards played are the ones missing), so whether a state can still beat a play found is
// the same question however it was reached.
struct State {
    std::array<CardCode, kMaxHand> hand{};  // ascending
    int hand_size = 0;
    int moves_left = kUnbounded;
    int points = 0;
    std::array<Pile, kMaxPlaces> piles{};
};

// One move: `card` from the hand (from = -1) or from pile `from`, onto pile `to`.
struct Step {
    CardCode card = 0;
    int from = -1;
    int to = 0;
};

void insert_sorted(CardCode* cards, int& size, CardCode c) {
    int i = size++;
    for (; i > 0 && cards[i - 1] > c; --i) cards[i] = cards[i - 1];
    cards[i] = c;
}
void erase_one(CardCode* cards, int& size, CardCode c) {
    int i = 0;
    while (cards[i] != c) ++i;
    for (--size; i < size; ++i) cards[i] = cards[i + 1];
    cards[size] = 0;
}

// Canonical states: interchangeable places (same owner class, same cards) are one state, so a key
// sorts the places within "mine" and "someone else's". Keys live in one flat arena.
class StateTable {
public:
    explicit StateTable(int places) : width_(2 + places) { slots_.assign(1 << 12, -1); }

    int width() const { return width_; }
    std::size_t size() const { return count_; }

    void key(const State& s, const std::vector<bool>& mine, std::uint32_t* out) const {
        std::uint64_t hand = 0;
        for (int i = 0; i < s.hand_size; ++i) hand |= static_cast<std::uint64_t>(s.hand[i]) << (5 * i);
        out[0] = static_cast<std::uint32_t>(hand);
        out[1] = static_cast<std::uint32_t>(hand >> 32) | (static_cast<std::uint32_t>(s.moves_left) << 8) |
                 (static_cast<std::uint32_t>(s.points) << 16);
        const int places = width_ - 2;
        for (int p = 0; p < places; ++p) {
            const Pile& pile = s.piles[static_cast<std::size_t>(p)];
            std::uint32_t w = mine[static_cast<std::size_t>(p)] ? 1u << 31 : 0u;
            for (int i = 0; i < pile.size; ++i) w |= static_cast<std::uint32_t>(pile.cards[i]) << (5 * i);
            out[2 + p] = w;
        }
        std::sort(out + 2, out + width_);
    }

    // The state's id, or -1 when it was never seen.
    int find(const std::uint32_t* k) const {
        for (std::size_t i = hash(k) & mask(); slots_[i] >= 0; i = (i + 1) & mask())
            if (equal(slots_[i], k)) return slots_[i];
        return -1;
    }
    // Adds a state not yet seen; ids count up from 0 in the order states are added.
    int add(const std::uint32_t* k) {
        if (2 * (count_ + 1) > slots_.size()) grow();
        const int id = static_cast<int>(count_++);
        keys_.insert(keys_.end(), k, k + width_);
        place(id);
        return id;
    }

private:
    std::size_t mask() const { return slots_.size() - 1; }
    std::size_t hash(const std::uint32_t* k) const {
        std::uint64_t h = 0x9E3779B97F4A7C15ull;
        for (int i = 0; i < width_; ++i) {
            h = (h ^ k[i]) * 0xBF58476D1CE4E5B9ull;
            h ^= h >> 31;
        }
        return static_cast<std::size_t>(h);
    }
    bool equal(int id, const std::uint32_t* k) const {
        return std::equal(k, k + width_, keys_.begin() + static_cast<std::ptrdiff_t>(id) * width_);
    }
    void place(int id) {
        const std::uint32_t* k = keys_.data() + static_cast<std::ptrdiff_t>(id) * width_;
        std::size_t i = hash(k) & mask();
        while (slots_[i] >= 0) i = (i + 1) & mask();
        slots_[i] = id;
    }
    void grow() {
        slots_.assign(slots_.size() * 2, -1);
        for (std::size_t id = 0; id < count_; ++id) place(static_cast<int>(id));
    }

    int width_;
    std::size_t count_ = 0;
    std::vector<std::uint32_t> keys_;
    std::vector<int> slots_;
};

// For each card code x, the pairs (y, z), y <= z, that make a meld of three with x; the same for every
// turn.
using MeldPairs = std::array<std::vector<std::pair<CardCode, CardCode>>, kCardCodes + 1>;
const MeldPairs& meld_pairs() {
    static const MeldPairs pairs = [] {
        MeldPairs out;
        for (CardCode x = 1; x <= kCardCodes; ++x)
            for (CardCode y = 1; y <= kCardCodes; ++y)
                for (CardCode z = y; z <= kCardCodes; ++z) {
                    const CardCode three[3] = {x, y, z};
                    if (is_meld(three, 3)) out[x].push_back({y, z});
                }
        return out;
    }();
    return pairs;
}

// The exact search. Its graph has cycles only through takes (a card moved to another meld and back,
// or around several): hand moves shrink the hand and captures the cards in play, for good. So values
// are found by Tarjan's strongly connected components over a depth-first search: a state's value is
// final once its component is; inside a component every edge is a take worth one move, and the best
// exit for each member is found by a Dijkstra pass over those edges.
// Branch and bound on top: a state met for the first time is not searched when its first two figures
// plus its upper bound fall short of the best play found so far. Such a state cannot be on a best play
// (every state on one reaches the best figures), so every state that can be keeps its exact value:
// the values of the others may be too low, but none of them is ever on the way to the answer.
class TurnSearchImpl {
public:
    TurnSearchImpl(const TurnPosition& turn, int steps, const solver::Deadline& deadline)
        : turn_(turn), deadline_(deadline), table_(static_cast<int>(turn.places.size())) {
        read_root(steps);
        key_.resize(static_cast<std::size_t>(table_.width()));
    }

    Score solve();
    std::vector<Move> best_moves();
    std::size_t states() const { return table_.size(); }

private:
    struct Frame {
        int id = 0;
        State state;
        std::vector<Step> steps;
        std::size_t next = 0;
        Score path;   // what the moves from the root to here gained
        Score bound;  // the best any play from here could add
        std::size_t edge_mark = 0;
        Step pending;  // the move to the child being searched
        Score pending_gain;
    };
    enum Status : std::uint8_t { kOnStack = 1, kDone = 2 };

    void read_root(int steps);
    Figures figures(const State& s) const { return {hand_size_ - s.hand_size, s.points}; }
    std::uint32_t live_cards(const State& s) const;
    bool cover_worth_it() const;
    CoverInput cover_input(const State& s) const;
    bool finishable(const State& s) const;
    bool completable(const State& s) const;
    // Only a meld that just got its second card, or any after a capture (the target is empty again)
    // took cards out of play, can have lost every way to a third card.
    static bool needs_check(const State& s, const Step& step) {
        const int size = s.piles[static_cast<std::size_t>(step.to)].size;
        return size == 2 || size == 0;
    }
    static std::uint32_t joinable(const Pile& pile);
    static std::uint32_t takeable(const Pile& pile);
    void successors(const State& s, std::uint32_t live, std::vector<Step>& out) const;
    bool same_place(const State& s, int a, int b) const;
    State apply(const State& s, const Step& step, Score& gain) const;
    Score bound(const State& s, std::uint32_t live, const Figures& wanted = {}) const;
    int points_bound(const State& s, std::uint32_t live) const;
    int open(const State& s, std::uint32_t live, const Score& path, const Score& bound);
    void close(Frame& parent, int child, const Score& gain);
    void finish_component(int root, std::size_t edge_mark);
    void note(const Score& play);
    void prune();
    std::string best_so_far() const;
    Move to_move(const Step& s) const;

    const TurnPosition& turn_;
    const solver::Deadline& deadline_;
    State root_;
    int hand_size_ = 0;
    std::vector<bool> mine_;
    bool any_mine_ = false;
    std::array<int, kCardCodes + 1> points_{};
    mutable std::optional<MeldCover> cover_;  // made when first asked
    mutable std::size_t cover_asked_ = 0, cover_cut_ = 0;
    StateTable table_;
    std::vector<std::uint32_t> key_;
    std::vector<Score> local_, value_;
    std::vector<int> low_;
    std::vector<std::uint8_t> status_;
    std::vector<int> tarjan_;
    std::vector<std::pair<int, int>> edges_;  // takes between states of components not yet closed
    std::vector<Frame> frames_;
    std::size_t depth_ = 0, expanded_ = 0;
    Score incumbent_;
    Figures best_figures_;  // of the plays found so far
};

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
        mine_.push_back(place.owner == turn_.me);
        any_mine_ = any_mine_ || mine_.back();
    }
    root_.moves_left = steps > 0 ? std::min(steps, kUnbounded - 1) : kUnbounded;
    hand_size_ = root_.hand_size;
    for (CardCode c = 1; c <= kCardCodes; ++c) points_[c] = card_points(card_of(c), turn_.favourite);
}

// A hand card that makes no meld of three with two other cards still in play can never lie in a
// finished meld nor be captured (every meld holding it would have three such cards), so it never
// leaves the hand. Cards only leave play, so a dead card stays dead. Bit per card code.
std::uint32_t TurnSearchImpl::live_cards(const State& s) const {
    std::array<int, kCardCodes + 1> in_play{};
    for (int i = 0; i < s.hand_size; ++i) ++in_play[s.hand[i]];
    for (std::size_t p = 0; p < turn_.places.size(); ++p)
        for (int i = 0; i < s.piles[p].size; ++i) ++in_play[s.piles[p].cards[i]];
    std::uint32_t live = 0;
    for (int i = 0; i < s.hand_size; ++i) {
        const CardCode x = s.hand[i];
        if (live >> x & 1u) continue;
        --in_play[x];
        for (const auto& [y, z] : meld_pairs()[x])
            if (in_play[y] > 0 && in_play[z] > (y == z ? 1 : 0)) {
                live |= 1u << x;
                break;
            }
        ++in_play[x];
    }
    return live;
}

bool TurnSearchImpl::finishable(const State& s) const {
    for (std::size_t p = 0; p < turn_.places.size(); ++p)
        if (s.piles[p].size > 0 && s.piles[p].size < 3) return false;
    return true;
}

// Every meld being laid with two cards can still get a third from the cards left in play (cards only
// ever leave play, so a meld that cannot be finished now never can).
bool TurnSearchImpl::completable(const State& s) const {
    const int places = static_cast<int>(turn_.places.size());
    for (int p = 0; p < places; ++p) {
        const Pile& laid = s.piles[static_cast<std::size_t>(p)];
        if (laid.size != 2) continue;
        bool found = false;
        const std::uint32_t third = joinable(laid);
        auto fits = [&](CardCode z) { return (third >> z & 1u) != 0; };
        for (int i = 0; i < s.hand_size && !found; ++i) found = fits(s.hand[i]);
        for (int q = 0; q < places && !found; ++q) {
            if (q == p) continue;
            const Pile& other = s.piles[static_cast<std::size_t>(q)];
            for (int i = 0; i < other.size && !found; ++i) found = fits(other.cards[i]);
        }
        if (!found) return false;
    }
    return true;
}

// Which card codes may join the meld on a pile (bit per code), computed once per distinct meld: the
// moves of a state ask it for every card and every place.
std::uint32_t TurnSearchImpl::joinable(const Pile& pile) {
    if (pile.size + 1 < 3) return ~0u;
    std::uint32_t packed = 0;
    for (int i = 0; i < pile.size; ++i) packed |= static_cast<std::uint32_t>(pile.cards[i]) << (5 * i);
    // By the packed cards of the pile; the meld rules do not depend on the turn, so searches share it.
    thread_local std::vector<std::uint32_t> by_cards(std::size_t{1} << 20, 0u);
    std::uint32_t& known = by_cards[packed];
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

// Which cards of a meld of four may be taken (bit per position), computed once per distinct meld.
std::uint32_t TurnSearchImpl::takeable(const Pile& pile) {
    std::uint32_t packed = 0;
    for (int i = 0; i < kSlots; ++i) packed |= static_cast<std::uint32_t>(pile.cards[i]) << (5 * i);
    thread_local std::vector<std::uint8_t> by_cards(std::size_t{1} << 20, 0u);
    std::uint8_t& known = by_cards[packed];
    if (!known) {
        known = 1u << kSlots;  // marks "computed"
        for (int i = 0; i < kSlots; ++i)
            if (is_takeable(pile.cards.data(), i)) known |= static_cast<std::uint8_t>(1u << i);
    }
    return known;
}

bool TurnSearchImpl::same_place(const State& s, int a, int b) const {
    return mine_[static_cast<std::size_t>(a)] == mine_[static_cast<std::size_t>(b)] &&
           s.piles[static_cast<std::size_t>(a)] == s.piles[static_cast<std::size_t>(b)];
}

// Every legal move, once per distinct card and per distinct target (places that look the same lead
// to the same state); hand cards first, so good plays are met early.
void TurnSearchImpl::successors(const State& s, std::uint32_t live, std::vector<Step>& out) const {
    out.clear();
    if (s.moves_left == 0) return;
    const int places = static_cast<int>(turn_.places.size());
    // first[t], second[t]: the first two places that look like t (t itself among them, kMaxPlaces for
    // none); a target or a source that looks like an earlier one leads to the same states.
    std::array<int, kMaxPlaces> first{}, second{};
    for (int t = 0; t < places; ++t) {
        first[t] = t;
        second[t] = kMaxPlaces;
        for (int u = 0; u < t; ++u) {
            if (!same_place(s, u, t)) continue;
            if (first[t] == t) {
                first[t] = u;
            } else {
                second[t] = u;
                break;
            }
        }
        if (first[t] != t && second[t] == kMaxPlaces) second[t] = t;
    }
    std::array<std::uint32_t, kMaxPlaces> fits{};
    for (int t = 0; t < places; ++t) fits[t] = joinable(s.piles[static_cast<std::size_t>(t)]);
    auto targets = [&](CardCode c, int from) {
        for (int t = 0; t < places; ++t) {
            if (t == from) continue;
            const bool repeat = first[t] == from ? second[t] < t : first[t] < t;
            if (!repeat && (fits[t] >> c & 1u)) out.push_back({c, from, t});
        }
    };
    for (int i = 0; i < s.hand_size; ++i) {
        const CardCode c = s.hand[i];
        if ((i > 0 && s.hand[i - 1] == c) || !(live >> c & 1u)) continue;
        targets(c, -1);
    }
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

State TurnSearchImpl::apply(const State& s, const Step& step, Score& gain) const {
    State next = s;
    gain = {step.from < 0 ? 1 : 0, 0, 1};
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
        return next;
    }
    // The fifth card: captured. Another player's place keeps the two cards worth most to me.
    std::array<int, 5> worth{};
    for (int i = 0; i < kSlots; ++i) worth[static_cast<std::size_t>(i)] = points_[target.cards[i]];
    worth[4] = points_[step.card];
    std::sort(worth.begin(), worth.end());
    const int kept_by_owner = mine_[static_cast<std::size_t>(step.to)] ? 0 : 2;
    for (int i = 0; i < 5 - kept_by_owner; ++i) gain.points += worth[static_cast<std::size_t>(i)];
    next.points += gain.points;
    target = Pile{};
    return next;
}

// The most any play from `s` could still add: the live hand cards (within the moves left) and the
// points of the captures the count of 4-card melds allows, or less when no split of the cards in play
// into melds allows that much (MeldCover). The split is only asked when the first bound would reach
// `wanted` from `s`.
Score TurnSearchImpl::bound(const State& s, std::uint32_t live, const Figures& wanted) const {
    int cards = 0;
    for (int i = 0; i < s.hand_size; ++i) cards += static_cast<int>(live >> s.hand[i] & 1u);
    const Figures counted{std::min(cards, s.moves_left), s.moves_left > 0 ? points_bound(s, live) : 0};
    if (figures(s) + counted < wanted || !cover_worth_it())
        return {counted.played, counted.points, counted.played};
    ++cover_asked_;
    if (!cover_) {
        // The root's split, with a larger budget, first: the splits of the states met later are mostly
        // parts of it, remembered.
        cover_.emplace(points_, any_mine_);
        cover_->best(cover_input(root_), kRootCoverBudget);
    }
    CoverInput in = cover_input(s);
    std::optional<CoverBound> split = cover_->best(in, kCoverBudget);
    if (!split) {
        // Too many splits where melds keep their kind: the weaker bound where any meld may lie anywhere.
        in.melds = {};
        in.open_places = static_cast<int>(turn_.places.size());
        split = cover_->best(in, kCoverBudget);
    }
    if (!split) return {counted.played, counted.points, counted.played};
    const Figures tighter = split->played < 0 ? Figures{-kUnbounded, 0}
                                              : std::min(counted, Figures{split->played, split->points});
    cover_cut_ += figures(s) + tighter < wanted;
    return {tighter.played, tighter.points, tighter.played};
}

CoverInput TurnSearchImpl::cover_input(const State& s) const {
    CoverInput in;
    for (int i = 0; i < s.hand_size; ++i) ++in.hand[s.hand[i]];
    for (std::size_t p = 0; p < turn_.places.size(); ++p) {
        const Pile& pile = s.piles[p];
        for (int i = 0; i < pile.size; ++i) ++in.table[pile.cards[i]];
        if (pile.size < 3)
            ++in.open_places;
        else
            ++in.melds[static_cast<std::size_t>(meld_kind(pile.cards.data(), pile.size) +
                                                (mine_[p] ? kMeldKinds : 0))];
    }
    return in;
}

// The splits are remembered, but where the melds can be rearranged in many ways (many jokers, many
// melds of four) they can cost more than the states they save: the split is asked once the search has
// met a few thousand states, while it cuts at least one state in ten it is asked about and has valued
// no more splits than the search has met states; else the search goes on with the first bound alone.
bool TurnSearchImpl::cover_worth_it() const {
    if (table_.size() < kCoverAfter) return false;  // a small search is over before the split pays
    if (cover_asked_ >= kCoverTrial && cover_cut_ * 10 < cover_asked_) return false;
    return !cover_ || cover_->splits() <= table_.size() + kRootCoverBudget;
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
    const int captures = std::min({(live_cards + fours) / 2, in_play / 5, s.moves_left});
    int cards = captures * (any_mine_ ? 5 : 3), points = 0;
    for (int v = 7; v > 0 && cards > 0; --v) {
        const int take = std::min(cards, by_points[static_cast<std::size_t>(v)]);
        points += take * v;
        cards -= take;
    }
    return points;
}

// A state that cannot be on a best play is kept as one with no play to the end, so that meeting it
// again costs a look-up.
void TurnSearchImpl::prune() {
    const int id = table_.add(key_.data());
    local_.push_back(Score{});
    value_.push_back(Score{});
    low_.push_back(id);
    status_.push_back(kDone);
}

void TurnSearchImpl::note(const Score& play) {
    if (!play.none() && better(play, incumbent_)) incumbent_ = play;
}

// Enters a state not seen before: a new frame on the depth-first path and on Tarjan's stack.
int TurnSearchImpl::open(const State& s, std::uint32_t live, const Score& path, const Score& bound) {
    const int id = table_.add(key_.data());
    const bool can_end = finishable(s);
    if (can_end) best_figures_ = std::max(best_figures_, figures(s));
    local_.push_back(can_end ? kEndHere : Score{});
    value_.push_back(Score{});
    low_.push_back(id);
    status_.push_back(kOnStack);
    tarjan_.push_back(id);
    if (depth_ == frames_.size()) frames_.emplace_back();
    Frame& f = frames_[depth_++];
    f.id = id;
    f.state = s;
    f.next = 0;
    f.path = path;
    f.edge_mark = edges_.size();
    f.bound = bound;
    successors(s, live, f.steps);
    note(plus(path, local_[static_cast<std::size_t>(id)]));
    if (++expanded_ % kClockEvery == 0 && deadline_.passed()) throw solver::SearchLimitReached(best_so_far());
    return id;
}

// The move from `parent` to `child` is searched: a closed child's value counts for the parent; a
// child still on Tarjan's stack is in the parent's component, reached by a take.
void TurnSearchImpl::close(Frame& parent, int child, const Score& gain) {
    const auto c = static_cast<std::size_t>(child);
    const auto p = static_cast<std::size_t>(parent.id);
    if (status_[c] == kDone) {
        const Score via = plus(gain, value_[c]);
        if (better(via, local_[p])) local_[p] = via;
        note(plus(parent.path, via));
        return;
    }
    if (gain.played != 0 || gain.points != 0)
        throw std::logic_error("search_best_play: a cycle through a hand move or a capture");
    low_[p] = std::min(low_[p], low_[c]);
    edges_.push_back({parent.id, child});
}

// `root` closes its component: the members are above it on Tarjan's stack, their takes to each other
// above `edge_mark`. Each member's value is its best exit, reached by the fewest takes.
void TurnSearchImpl::finish_component(int root, std::size_t edge_mark) {
    std::vector<int> members;
    do {
        members.push_back(tarjan_.back());
        tarjan_.pop_back();
    } while (members.back() != root);
    for (int m : members) value_[static_cast<std::size_t>(m)] = local_[static_cast<std::size_t>(m)];
    if (members.size() > 1) {
        std::unordered_map<int, std::vector<int>> into;
        for (std::size_t e = edge_mark; e < edges_.size(); ++e)
            into[edges_[e].second].push_back(edges_[e].first);
        std::priority_queue<std::pair<Score, int>, std::vector<std::pair<Score, int>>, BestOnTop> queue;
        for (int m : members)
            if (!value_[static_cast<std::size_t>(m)].none())
                queue.push({value_[static_cast<std::size_t>(m)], m});
        while (!queue.empty()) {
            auto [score, m] = queue.top();
            queue.pop();
            if (!(score == value_[static_cast<std::size_t>(m)])) continue;
            const Score via = plus({0, 0, 1}, score);
            for (int from : into[m]) {
                Score& v = value_[static_cast<std::size_t>(from)];
                if (better(via, v)) {
                    v = via;
                    queue.push({via, from});
                }
            }
        }
    }
    edges_.resize(edge_mark);
    for (int m : members) status_[static_cast<std::size_t>(m)] = kDone;
}

Score TurnSearchImpl::solve() {
    table_.key(root_, mine_, key_.data());
    const std::uint32_t live = live_cards(root_);
    open(root_, live, kEndHere, bound(root_, live));
    while (depth_ > 0) {
        Frame& f = frames_[depth_ - 1];
        const bool cut = !better(f.bound, local_[static_cast<std::size_t>(f.id)]);
        if (cut || f.next == f.steps.size()) {
            const int id = f.id;
            if (low_[static_cast<std::size_t>(id)] == id) finish_component(id, f.edge_mark);
            --depth_;
            if (depth_ > 0) {
                Frame& parent = frames_[depth_ - 1];
                close(parent, id, parent.pending_gain);
            }
            continue;
        }
        const Step step = f.steps[f.next++];
        Score gain;
        const State child = apply(f.state, step, gain);
        if (needs_check(child, step) && !completable(child)) continue;
        table_.key(child, mine_, key_.data());
        const int known = table_.find(key_.data());
        if (known >= 0) {
            close(f, known, gain);
            continue;
        }
        const std::uint32_t live = live_cards(child);
        const Score reach = bound(child, live, best_figures_);
        if (figures(child) + Figures{reach.played, reach.points} < best_figures_) {
            prune();  // no play through it can be best
            continue;
        }
        f.pending = step;
        f.pending_gain = gain;
        const Score path = plus(f.path, gain);  // `f` may move when the frames grow
        open(child, live, path, reach);
    }
    return value_[0];
}

Move TurnSearchImpl::to_move(const Step& s) const {
    Move m{card_of(s.card), std::nullopt, s.to};
    if (s.from >= 0) m.from = s.from;
    return m;
}

// Walks from the root along moves whose gain plus the next state's value is the current value.
std::vector<Move> TurnSearchImpl::best_moves() {
    std::vector<Move> moves;
    State s = root_;
    std::vector<Step> steps;
    while (true) {
        table_.key(s, mine_, key_.data());
        const Score want = value_[static_cast<std::size_t>(table_.find(key_.data()))];
        if (want == kEndHere && finishable(s)) return moves;
        successors(s, live_cards(s), steps);
        bool found = false;
        for (const Step& step : steps) {
            Score gain;
            const State next = apply(s, step, gain);
            table_.key(next, mine_, key_.data());
            const int id = table_.find(key_.data());
            if (id < 0 || status_[static_cast<std::size_t>(id)] != kDone) continue;
            if (plus(gain, value_[static_cast<std::size_t>(id)]) == want) {
                moves.push_back(to_move(step));
                s = next;
                found = true;
                break;
            }
        }
        if (!found) throw std::logic_error("search_best_play: no move realises the best value");
    }
}

std::string TurnSearchImpl::best_so_far() const {
    if (incumbent_.none()) return "";
    const int hand = static_cast<int>(turn_.hand.size());
    const bool all_live = incumbent_.played == bound(root_, live_cards(root_)).played;
    return "a play of " + std::to_string(incumbent_.played) + " of " + std::to_string(hand) + " hand cards" +
           (all_live ? " (proved most)" : " (not proved most)") + ", " + std::to_string(incumbent_.points) +
           " points for " + turn_.me + " (not proved most), in " + std::to_string(incumbent_.moves) +
           " moves (not proved fewest)";
}

}  // namespace

TurnSearchResult search_best_play(const TurnPosition& turn, int steps, unsigned timeout_seconds) {
    return search_best_play(turn, steps, solver::Deadline(timeout_seconds));
}

TurnSearchResult search_best_play(const TurnPosition& turn, int steps, const solver::Deadline& deadline) {
    TurnSearchImpl search(turn, steps, deadline);
    const Score best = search.solve();
    if (best.none()) throw std::logic_error("search_best_play: not even the empty play ends the turn");
    TurnSearchResult result;
    result.steps = steps > 0 ? steps : 0;
    result.states = search.states();
    // The rules engine replays the play and recomputes its figures: they must be the search's.
    result.outcome = replay_turn(turn, search.best_moves());
    const TurnOutcome& o = result.outcome;
    if (o.played != best.played || o.points != best.points || static_cast<int>(o.moves.size()) != best.moves)
        throw std::logic_error("search_best_play: the rules engine's replay disagrees with the search");
    return result;
}

}  // namespace tlaloc::akelarre
