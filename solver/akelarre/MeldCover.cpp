#include "solver/akelarre/MeldCover.h"

#include <algorithm>
#include <bit>
#include <tuple>

namespace tlaloc::akelarre {

const std::vector<std::uint32_t>& all_melds() {
    static const std::vector<std::uint32_t> melds = [] {
        std::vector<std::uint32_t> out;
        CardCode cards[5];
        auto grow = [&](auto&& self, int size, CardCode from) -> void {
            if (size >= 3 && is_meld(cards, size)) {
                std::uint32_t bits = 0;
                for (int i = 0; i < size; ++i) bits |= 1u << cards[i];
                out.push_back(bits);
            }
            if (size == 5) return;
            for (CardCode c = from; c <= kCardCodes; ++c) {
                cards[size] = c;
                self(self, size + 1, static_cast<CardCode>(c + 1));
            }
        };
        grow(grow, 0, 1);
        return out;
    }();
    return melds;
}

namespace {

constexpr int kJokersOnly = 10;
constexpr int kPinnedSlot = 2;  // a card code's slot in its family: the value 4
CardCode pinnable(std::size_t family) { return static_cast<CardCode>(6 * family + kPinnedSlot + 1); }

bool better(int played, int points, int than_played, int than_points) {
    return played != than_played ? played > than_played : points > than_points;
}

bool is_set_kind(int kind) { return kind < kFamilies || kind == kJokersOnly; }

// Whether a split worth (played, points) reaches what is needed (need_played < 0: anything does).
bool reaches(int played, int points, int need_played, int need_points) {
    return need_played < 0 || played > need_played || (played == need_played && points >= need_points);
}

}  // namespace

void add_place(CoverInput& in, const CardCode* codes, int n, bool mine) {
    for (int i = 0; i < n; ++i) ++in.table[codes[i]];
    if (n < 3) {
        ++in.open_places;
        in.mine_open = in.mine_open || mine;
        return;
    }
    const int kind = meld_kind(codes, n);
    ++in.melds[static_cast<std::size_t>(kind + (mine ? kMeldKinds : 0))];
    if (kind < kFamilies || kind == kJokersOnly) return;
    for (int i = 0; i < n; ++i)
        if ((codes[i] - 1) % 6 == kPinnedSlot) ++in.pinned[static_cast<std::size_t>(kind - kFamilies)];
}

int meld_kind(const CardCode* codes, int n) {
    bool one_family = true;
    int value_slot = -1;
    for (int i = 0; i < n; ++i) {
        one_family = one_family && (codes[i] - 1) / 6 == (codes[0] - 1) / 6;
        if ((codes[i] - 1) % 6 != 5) value_slot = (codes[i] - 1) % 6;
    }
    if (value_slot < 0) return kJokersOnly;
    return one_family ? kFamilies + (codes[0] - 1) / 6 : value_slot;
}

MeldCover::MeldCover(const std::array<int, kCardCodes + 1>& points, bool any_mine)
    : any_mine_(any_mine), points_(points) {
    for (std::uint32_t codes : all_melds()) {
        Meld m{codes, std::popcount(codes), 0, 0, 0};
        CardCode cards[5];
        std::vector<int> worth;
        int n = 0;
        for (CardCode c = 1; c <= kCardCodes; ++c)
            if (codes >> c & 1u) {
                cards[n++] = c;
                worth.push_back(points[c]);
            }
        m.kind = meld_kind(cards, n);
        std::sort(worth.begin(), worth.end());
        if (m.size == 5)
            for (int i = 0; i < 5; ++i)
                (i < 3 ? m.points_lowest : m.points_all) += worth[static_cast<std::size_t>(i)];
        m.points_all += m.points_lowest;
        for (int i = 0; i < n; ++i) melds_with_[cards[i]].push_back(static_cast<int>(melds_.size()));
        if (n == 5) fives_.push_back(codes);
        if (n == 3)
            for (int i = 0; i < n; ++i) pairs_with_[cards[i]].push_back(codes & ~(1u << cards[i]));
        of_kind_[static_cast<std::size_t>(m.kind)].push_back(static_cast<int>(melds_.size()));
        melds_.push_back(m);
    }
    // The melds worth most first: a good split found early lets the rest of the search cut more (Need).
    auto worth_more = [this](int a, int b) {
        const Meld& x = melds_[static_cast<std::size_t>(a)];
        const Meld& y = melds_[static_cast<std::size_t>(b)];
        return std::tie(x.size, x.points_all, x.points_lowest) >
               std::tie(y.size, y.points_all, y.points_lowest);
    };
    for (auto& with : melds_with_) std::stable_sort(with.begin(), with.end(), worth_more);
    for (auto& of : of_kind_) std::stable_sort(of.begin(), of.end(), worth_more);
}

namespace {
// The key: three bits per count of a card (at most 6 copies), 21 fields a word, the hand's 30 codes
// and then the table's; four bits per count of melds of a category; the open places; whether sets
// may change their value; a top bit that tells a key from an empty slot.
constexpr int kSetsChangeBit = 30;
// A place of mine is open or freed by a capture (kMineFreeBit), and the split has counted all five
// cards of a new meld of five, which needs one (kMineOwedBit). Then three bits per family for the
// pinned 4s.
constexpr int kMineFreeBit = 31, kMineOwedBit = 32, kPinnedShift = 33;
constexpr std::uint64_t kOpenOffset = 32;  // open places may be owed for a while (see cover())
std::uint64_t& card_field(MeldCover::Key& k, std::size_t field, int& shift) {
    shift = 3 * static_cast<int>(field % 21);
    return k.words[field / 21];
}
std::size_t hash_of(const MeldCover::Key& k) {
    std::uint64_t h = 0x9E3779B97F4A7C15ull;
    for (std::uint64_t w : k.words) {
        h = (h ^ w) * 0xBF58476D1CE4E5B9ull;
        h ^= h >> 31;
    }
    return static_cast<std::size_t>(h);
}
}  // namespace

void MeldCover::Split::hand(std::size_t code, int delta) {
    int shift = 0;
    std::uint64_t& w = card_field(key, code - 1, shift);
    w = delta > 0 ? w + (1ull << shift) : w - (1ull << shift);
    in.hand[code] = static_cast<std::uint8_t>(in.hand[code] + delta);
}
void MeldCover::Split::table(std::size_t code, int delta) {
    int shift = 0;
    std::uint64_t& w = card_field(key, kCardCodes + code - 1, shift);
    w = delta > 0 ? w + (1ull << shift) : w - (1ull << shift);
    in.table[code] = static_cast<std::uint8_t>(in.table[code] + delta);
}
void MeldCover::Split::melds(std::size_t category, int delta) {
    std::uint64_t& w = key.words[3 + category / 16];
    const std::uint64_t one = 1ull << (4 * (category % 16));
    w = delta > 0 ? w + one : w - one;
    in.melds[category] = static_cast<std::uint8_t>(in.melds[category] + delta);
}
void MeldCover::Split::pin(std::size_t family, int delta) {
    const std::uint64_t one = 1ull << (kPinnedShift + 3 * family);
    key.words[4] = delta > 0 ? key.words[4] + one : key.words[4] - one;
    in.pinned[family] = static_cast<std::uint8_t>(in.pinned[family] + delta);
}
int MeldCover::Split::free_copies(std::size_t code) const {
    const int pinned = (code - 1) % 6 == kPinnedSlot ? in.pinned[(code - 1) / 6] : 0;
    return in.table[code] - pinned;
}
void MeldCover::Split::open(int delta) {
    constexpr std::uint64_t one = 1ull << 24;
    key.words[4] = delta > 0 ? key.words[4] + one : key.words[4] - one;
    in.open_places += delta;
}

const MeldCover::Result* MeldCover::find(const Key& k) const {
    if (memo_.empty()) return nullptr;
    const std::size_t mask = memo_.size() - 1;
    for (std::size_t i = hash_of(k) & mask; memo_[i].key.words[4]; i = (i + 1) & mask)
        if (memo_[i].key == k) return memo_[i].result.played == kForgotten ? nullptr : &memo_[i].result;
    return nullptr;
}

void MeldCover::remember(const Key& k, const Result& r) {
    if (2 * (remembered_ + 1) > memo_.size()) {
        solver::HugeVector<Entry> old(std::max<std::size_t>(memo_.size() * 2, 1 << 12));
        old.swap(memo_);
        remembered_ = 0;
        for (const Entry& e : old)
            if (e.key.words[4]) remember(e.key, e.result);
    }
    const std::size_t mask = memo_.size() - 1;
    std::size_t i = hash_of(k) & mask;
    for (; memo_[i].key.words[4]; i = (i + 1) & mask)
        if (memo_[i].key == k) {
            memo_[i].result = r;
            return;
        }
    memo_[i] = {k, r};
    ++remembered_;
}

std::optional<CoverBound> MeldCover::best(const CoverInput& in, std::size_t budget, bool again,
                                          std::optional<CoverBound> beat) {
    Split s;
    int jokers = 0;
    for (std::size_t f = 0; f < kFamilies; ++f) jokers += in.hand[6 * f + 6] + in.table[6 * f + 6];
    s.key.words[4] = 1ull << 63 | (jokers >= 3 ? 1ull << kSetsChangeBit : 0) |
                     (in.mine_open ? 1ull << kMineFreeBit : 0) | kOpenOffset << 24;
    for (std::size_t c = 1; c <= kCardCodes; ++c) {
        for (int n = 0; n < in.hand[c]; ++n) s.hand(c, 1);
        for (int n = 0; n < in.table[c]; ++n) s.table(c, 1);
    }
    for (std::size_t k = 0; k < in.melds.size(); ++k)
        for (int n = 0; n < in.melds[k]; ++n) s.melds(k, 1);
    for (int n = 0; n < in.open_places; ++n) s.open(1);
    for (std::size_t f = 0; f < kFamilies; ++f)
        for (int n = 0; n < in.pinned[f]; ++n) s.pin(f, 1);
    if (const Result* known = find(s.key); again && known && known->played == kOverBudget)
        remember(s.key, {kForgotten, 0});
    looked_total_ += looked_;
    spent_ = looked_ = 0;
    budget_ = budget;
    Need need;
    if (beat && beat->played >= 0) need = {beat->played, beat->points + 1};
    const Result r = split(s, need);
    splits_ += spent_;
    if (r.played == kOverBudget) {
        remember(s.key, r);
        return std::nullopt;
    }
    return CoverBound{r.played, r.points, !r.bound};
}

static std::uint32_t present_codes(const CoverInput& in) {
    std::uint32_t present = 0;
    for (CardCode c = 1; c <= kCardCodes; ++c)
        if (in.hand[c] || in.table[c]) present |= 1u << c;
    return present;
}

// At most what the rest could give: every hand card played that lies in some meld of three of the
// cards left (no split holds a table card that lies in none), and as many captures as the cards that
// lie in some meld of five of them make melds of five, each worth the best of those cards (all five on
// my place, else the best three). Every meld on the table left keeps three cards at least, and a
// capture takes five (two beyond a table meld's three, five for a new meld): so the cards that can
// lie in melds, less three per table meld left, allow at most half as many captures.
MeldCover::Result MeldCover::most_possible(const Split& s) const {
    std::array<int, 8> by_points{};
    int played = 0, cards = 0, usable = 0;
    const Reach& reach = reach_of(present_codes(s.in));
    for (std::size_t c = 1; c <= kCardCodes; ++c) {
        if (!(reach.in_three >> c & 1u)) {
            if (s.in.table[c]) return {-1, 0, false};  // a table card in no meld: no split
            continue;                                  // a hand card in none stays in the hand
        }
        played += s.in.hand[c];
        usable += s.in.hand[c] + s.in.table[c];
        if (!(reach.in_five >> c & 1u)) continue;  // never captured
        const int n = s.in.hand[c] + s.in.table[c];
        cards += n;
        by_points[static_cast<std::size_t>(std::clamp(points_[c], 0, 7))] += n;
    }
    const int spare = usable - 3 * melds_left(s);
    if (spare < 0) return {-1, 0, false};  // too few cards for the table melds left: no split
    int counted = std::min(cards / 5, spare / 2) * (any_mine_ ? 5 : 3), points = 0;
    for (int v = 7; v > 0 && counted > 0; --v) {
        const int take = std::min(counted, by_points[static_cast<std::size_t>(v)]);
        points += take * v;
        counted -= take;
    }
    return {played, points, true};
}

const MeldCover::Reach& MeldCover::reach_of(std::uint32_t present) const {
    if (reach_.empty()) reach_.resize(1 << 12);
    Reach& r = reach_[(present * 0x9E3779B1u) >> 20];
    if (r.present == present) return r;
    r = {present, 0, 0};
    for (CardCode c = 1; c <= kCardCodes; ++c)
        if (present >> c & 1u && std::any_of(pairs_with_[c].begin(), pairs_with_[c].end(),
                                             [present](std::uint32_t pair) { return !(pair & ~present); }))
            r.in_three |= 1u << c;
    for (std::uint32_t five : fives_)
        if (!(five & ~present)) r.in_five |= five;
    return r;
}

// The best split of what is left: the melds on the table first, then the lowest table card left
// (every table card must be in a meld), then the lowest hand card (in a meld, or left in the hand).
// The best of a question's alternatives (into `best`, the caller's), each asked with what the best so
// far leaves needed: the result is exact when it reaches what the question needed, else (when some
// alternative was only bounded) an upper bound.
class MeldCover::Choice {
public:
    Choice(Result& best, Need need) : best_(best), asked_(need), need_(need) {}
    Need need() const { return need_; }
    // False once a part ran over the budget (`best` then says so).
    bool consider(const Result& r) {
        if (r.played == kOverBudget) {
            best_ = r;
            return false;
        }
        any_bound_ = any_bound_ || r.bound;
        if (r.played >= 0 && better(r.played, r.points, best_.played, best_.points)) best_ = r;
        if (!r.bound && r.played >= 0 && reaches(r.played, r.points, need_.played, need_.points))
            need_ = {r.played, r.points + 1};
        return true;
    }
    Result result() const {
        Result r = best_;
        if (r.played != kOverBudget)
            r.bound = any_bound_ && !reaches(r.played, r.points, asked_.played, asked_.points);
        return r;
    }

private:
    Result& best_;
    Need asked_, need_;
    bool any_bound_ = false;
};

// A remembered upper bound answers only a question that needs more than it; an exact result answers
// every question. Once a part of the split reaches what is needed, the next parts need more.
MeldCover::Result MeldCover::split(Split& s, Need need) {
    ++looked_;
    if (const Result* known = find(s.key);
        known && (!known->bound || !reaches(known->played, known->points, need.played, need.points)))
        return *known;
    if (need.played >= 0) {
        const Result most = most_possible(s);
        if (!reaches(most.played, most.points, need.played, need.points)) return most;
    }
    const Key k = s.key;
    if (++spent_ > budget_ || looked_ > kLooksPerSplit * budget_ ||
        (abort_ && spent_ % 512 == 0 && abort_->load(std::memory_order_relaxed)))
        return {kOverBudget, 0};
    Result best;
    // No split: places owed that no capture of a table meld left can free, or too few cards left
    // (most_possible, once asked, has already checked the cards, and more strictly).
    const int melds = melds_left(s);
    if (s.in.open_places + melds < 0 || (need.played < 0 && too_few_cards(s, melds))) {
        remember(k, best);
        return best;
    }
    int category = 0;
    while (category < 2 * kMeldKinds && !s.in.melds[static_cast<std::size_t>(category)]) ++category;
    CardCode x = most_constrained(s);
    if (x) {
        best = cover(x, s, need);
    } else if (category < 2 * kMeldKinds) {
        best = keep_meld(category, s, need);
    } else {
        for (CardCode c = 1; c <= kCardCodes && !x; ++c)
            if (s.in.hand[c]) x = c;
        if (!x) {
            // Else more new melds than places, or a new meld of five counted whole on no place of mine.
            const std::uint64_t mine = s.key.words[4] >> kMineFreeBit;
            if (s.in.open_places >= 0 && (mine & 1u || !(mine >> 1 & 1u))) best = {0, 0};
        } else {
            Choice choice(best, need);
            s.hand(x, -1);  // x stays in the hand
            const bool go_on = choice.consider(split(s, choice.need()));
            s.hand(x, 1);
            if (!go_on || !choice.consider(cover(x, s, choice.need()))) return best;
            best = choice.result();
        }
    }
    if (best.played != kOverBudget) remember(k, best);
    return best;
}

// Whether the cards left are fewer than the three that each of the `melds` on the table left keeps.
bool MeldCover::too_few_cards(const Split& s, int melds) {
    int cards = 0;
    for (std::size_t c = 1; c <= kCardCodes; ++c) cards += s.in.hand[c] + s.in.table[c];
    return cards < 3 * melds;
}

int MeldCover::melds_left(const Split& s) {
    int n = 0;
    for (std::uint8_t m : s.in.melds) n += m;
    return n;
}

// The table card that the fewest melds can hold (so the split branches least), 0 when no table card
// is left.
CardCode MeldCover::most_constrained(const Split& s) const {
    CardCode chosen = 0;
    for (CardCode c = 1; c <= kCardCodes; ++c)
        if (s.in.table[c] && (!chosen || melds_with_[c].size() < melds_with_[chosen].size())) chosen = c;
    return chosen;
}

bool MeldCover::keeps_kind(int pile_kind, int kind, bool sets_change) {
    if (!is_set_kind(pile_kind)) return kind == pile_kind;
    if (!is_set_kind(kind)) return false;
    return sets_change || pile_kind == kJokersOnly || kind == kJokersOnly || kind == pile_kind;
}

// A meld on the table (of a kind, on a place of a given owner) that holds no table card any more
// ends as a meld of its kind made of hand cards.
MeldCover::Result MeldCover::keep_meld(int category, Split& s, Need need) {
    const int kind = category % kMeldKinds;
    const std::uint32_t present = present_codes(s.in);
    const bool sets_change = s.key.words[4] >> kSetsChangeBit & 1u;
    Result best;
    Choice choice(best, need);
    for (int meld_kind = 0; meld_kind < kMeldKinds && best.played != kOverBudget; ++meld_kind) {
        if (!keeps_kind(kind, meld_kind, sets_change)) continue;
        for (int index : of_kind_[static_cast<std::size_t>(meld_kind)]) {
            const Meld& m = melds_[static_cast<std::size_t>(index)];
            if (m.codes & ~present) continue;
            if (!choice.consider(on_table_meld(m, static_cast<std::size_t>(category), s, choice.need())))
                break;
        }
    }
    return choice.result();
}

// The best split with table card x in a meld: a new one (of 3-4 cards on an open place, or of five),
// or what one of the melds on the table ends as.
MeldCover::Result MeldCover::cover(CardCode x, Split& s, Need need) {
    const std::uint32_t present = present_codes(s.in);
    const bool sets_change = s.key.words[4] >> kSetsChangeBit & 1u;
    std::size_t categories[2 * kMeldKinds];
    std::size_t present_categories = 0;
    for (std::size_t category = 0; category < s.in.melds.size(); ++category)
        if (s.in.melds[category]) categories[present_categories++] = category;
    Result best;
    Choice choice(best, need);
    // A pinned 4 (one of x's table copies is) ends in what its run on the table ends as.
    const std::size_t family = static_cast<std::size_t>(x - 1) / 6;
    const bool pinned = s.in.table[x] && (x - 1) % 6 == kPinnedSlot && s.in.pinned[family];
    for (int index : melds_with_[x]) {
        const Meld& m = melds_[static_cast<std::size_t>(index)];
        if (m.codes & ~present) continue;
        if (pinned) {
            if (m.kind != kFamilies + static_cast<int>(family)) continue;
            for (std::size_t category :
                 {static_cast<std::size_t>(m.kind), kMeldKinds + static_cast<std::size_t>(m.kind)})
                if (s.in.melds[category] && !choice.consider(on_table_meld(m, category, s, choice.need())))
                    return best;
            continue;
        }
        const bool captured = m.size == 5;
        // A new meld: on an open place, or of five, captured. The place may be one that a table meld
        // split later frees by a capture (the order of the split is not the order of the play), so
        // places are owed while the table melds left could still pay them back.
        if (captured) {
            // On another's place, or on mine: then a place of mine must be free at some time (once
            // one is, or is owed, the meld counts whole).
            const bool mine_known = s.key.words[4] >> kMineFreeBit & 3u;
            if (!any_mine_ || m.points_all == m.points_lowest || mine_known) {
                if (!choice.consider(with_meld(m, s, choice.need(),
                                               any_mine_ && mine_known ? m.points_all : m.points_lowest)))
                    return best;
            } else {
                if (!choice.consider(with_meld(m, s, choice.need(), m.points_lowest))) return best;
                s.key.words[4] |= 1ull << kMineOwedBit;
                const bool go_on = choice.consider(with_meld(m, s, choice.need(), m.points_all));
                s.key.words[4] &= ~(1ull << kMineOwedBit);
                if (!go_on) return best;
            }
        } else if (s.in.open_places + melds_left(s) > 0) {
            s.open(-1);
            const bool go_on = choice.consider(with_meld(m, s, choice.need(), 0));
            s.open(1);
            if (!go_on) return best;
        }
        // Or what a meld on the table ends as.
        for (std::size_t i = 0; i < present_categories; ++i) {
            const std::size_t category = categories[i];
            if (!keeps_kind(static_cast<int>(category) % kMeldKinds, m.kind, sets_change)) continue;
            if (!choice.consider(on_table_meld(m, category, s, choice.need()))) return best;
        }
    }
    return choice.result();
}

// Meld `m` is what a meld on the table of `category` ends as: it stays, or is captured and frees its
// place.
MeldCover::Result MeldCover::on_table_meld(const Meld& m, std::size_t category, Split& s, Need need) {
    const bool captured = m.size == 5;
    const bool mine = category >= static_cast<std::size_t>(kMeldKinds);
    const std::uint64_t free_bit = s.key.words[4] & 1ull << kMineFreeBit;
    s.melds(category, -1);
    if (captured) s.open(1);
    if (captured && mine) s.key.words[4] |= 1ull << kMineFreeBit;
    const int kind = static_cast<int>(category) % kMeldKinds;
    const int run_family = kind >= kFamilies && kind < kJokersOnly ? kind - kFamilies : -1;
    const Result r =
        with_meld(m, s, need, captured ? (mine ? m.points_all : m.points_lowest) : 0, run_family);
    s.key.words[4] = (s.key.words[4] & ~(1ull << kMineFreeBit)) | free_bit;
    if (captured) s.open(-1);
    s.melds(category, 1);
    return r;
}

// A table copy of a card serves a meld as well as a hand copy, and every table card must be in some
// meld: so a meld takes table copies first, and only the hand copies count as played.
MeldCover::Result MeldCover::with_meld(const Meld& meld, Split& s, Need need, int points, int run_family) {
    int from_hand = 0;
    // How each card of the meld was taken: 1 a hand copy, 2 a table copy, 3 a pinned table copy.
    std::array<std::uint8_t, kCardCodes + 1> how{};
    bool enough = true;
    for (std::uint32_t rest = meld.codes; rest && enough; rest &= rest - 1) {
        const auto c = static_cast<std::size_t>(std::countr_zero(rest));
        if (run_family >= 0 && c == pinnable(static_cast<std::size_t>(run_family)) &&
            s.in.pinned[static_cast<std::size_t>(run_family)]) {
            s.table(c, -1);
            s.pin(static_cast<std::size_t>(run_family), -1);
            how[c] = 3;
        } else if (s.free_copies(c) > 0) {
            s.table(c, -1);
            how[c] = 2;
        } else if (s.in.hand[c]) {
            s.hand(c, -1);
            how[c] = 1;
            ++from_hand;
        } else {
            enough = false;  // only pinned copies, which stay in their runs
        }
    }
    // The rest needs what this meld does not give (anything, once the meld's hand cards are enough).
    Need rest;
    if (need.played - from_hand >= 0) rest = {need.played - from_hand, need.points - points};
    const Result r = enough ? split(s, rest) : Result{};
    for (std::uint32_t rest = meld.codes; rest; rest &= rest - 1) {
        const auto c = static_cast<std::size_t>(std::countr_zero(rest));
        if (how[c] == 1) {
            s.hand(c, 1);
        } else if (how[c] >= 2) {
            s.table(c, 1);
            if (how[c] == 3) s.pin(static_cast<std::size_t>(run_family), 1);
        }
    }
    if (r.played < 0) return r;
    return {r.played + from_hand, r.points + points, r.bound};
}

}  // namespace tlaloc::akelarre
