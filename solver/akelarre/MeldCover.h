// An upper bound for the turn search from the cards alone: whatever the order of the moves, when a
// play ends every table card and every hand card played lies in a finished meld or in a captured one,
// so the best split of the cards in play into melds bounds the hand cards played and the points.
#pragma once
#include <array>
#include <atomic>
#include <cstdint>
#include <optional>
#include <vector>

#include "solver/akelarre/CardCode.h"
#include "solver/common/HugePages.h"

namespace tlaloc::akelarre {

// Cards by code: how many copies (0-6) of each.
using CardCounts = std::array<std::uint8_t, kCardCodes + 1>;

// What a meld of three or more cards stays until it is captured: a set of one value (kinds 0-4 for
// the values 2-6), a run of one family (5-9), or a set of jokers alone (10), of any value.
constexpr int kMeldKinds = 11;
int meld_kind(const CardCode* codes, int n);

// Every meld of 3-5 cards as a set of card codes (bit per code: a set has one card per family and a run
// one per value or joker, so no code repeats); the same for every turn.
const std::vector<std::uint32_t>& all_melds();

// The cards in play and the places, as the bound sees them.
struct CoverInput {
    CardCounts hand{}, table{};  // table: the cards on every place
    // Melds of 3-4 cards by kind, on places of others (index kind) and mine (kMeldKinds + kind).
    std::array<std::uint8_t, 2 * kMeldKinds> melds{};
    int open_places = 0;  // free places and places where a meld is being laid
    // Whether one of those is mine: a new meld captured on my place needs one, or a place of mine
    // that the capture of its table meld frees.
    bool mine_open = false;
    // The plain 4s (not jokers) in runs on the table, by family: such a card is never an end of a
    // run of four (the only runs of four are 2-5 and 3-6), so it stays in its run until the run is
    // captured.
    std::array<std::uint8_t, kFamilies> pinned{};
};

// Adds the cards on one place to `in`: a meld of 3-4 cards by kind and owner, else an open place.
void add_place(CoverInput& in, const CardCode* codes, int n, bool mine);

struct CoverBound {
    int played = 0;  // hand cards in the melds of the split; -1: no split holds every table card
    int points = 0;  // points of the melds of five (the captured ones) for me
    // false: only an upper bound, no higher than the figures MeldCover::best was asked to beat (no
    // split beats them).
    bool exact = true;
};

// The best split of the cards in play into melds of 3-5 cards that holds every table card, in which
// every meld on the table keeps its kind: a meld of three or more cards never drops below three (a
// card is taken only from four) until it is captured, and cards join it only as its kind allows, so it
// ends as a meld of 3-4 cards of that kind, or as a meld of five of that kind (captured: all five cards
// mine on my place, else the three worth least to me), which frees its place. A set may change its
// value only through a moment of jokers alone, so sets keep their value unless three jokers are in
// play. Any other meld needs an open place if it has 3-4 cards; melds of five need none (captured on
// the place they were begun on, which is free again). All five cards of a new meld of five count
// only when a place of mine is open or freed by the capture of a table meld of mine in the split: a
// new meld is begun on a free place, and a place of mine that is neither is never free this turn. A
// plain 4 in a run on the table stays in it (CoverInput::pinned). The rest of the order of the moves
// and of the takes allowed is left out, so no play does better. A test checks the bound along best
// plays of random turns.
// The split is a search of its own, memoised by what is left to split and cut off after a budget of
// splits per question (nullopt: no bound). It is a branch and bound: once a split is found, a part of
// the search that could not beat it even with every hand card played and the best cards left captured
// (in as many captures as the cards beyond the three each table meld left keeps allow, two a capture)
// is cut off (what a part was cut off below is remembered as an upper bound); asked to beat some
// figures, it cuts off below them from the start.
class MeldCover {
public:
    MeldCover(const std::array<int, kCardCodes + 1>& points, bool any_mine);

    // nullopt: the split took more than `budget` splits not remembered from earlier questions, and
    // there is no bound from it. Remembered, and answered nullopt again at once unless `again` (a
    // larger budget goes on from what the earlier tries valued).
    // `beat`: only whether some split beats these figures is asked (first most hand cards, then most
    // points), and the parts of the split that cannot are cut off: when one does, the answer is the
    // best split; else it may be only an upper bound no higher than them (CoverBound::exact false).
    std::optional<CoverBound> best(const CoverInput& in, std::size_t budget, bool again = false,
                                   std::optional<CoverBound> beat = std::nullopt);
    // Splits valued so far, over every call.
    std::size_t splits() const { return splits_; }
    // Parts of the split looked at so far (the memo's answers and those cut off by the bound
    // included), over every call.
    std::size_t looked() const { return looked_total_ + looked_; }
    // Bytes held by the remembered splits.
    std::size_t memory() const { return memo_.capacity() * sizeof(Entry); }
    // While `*flag` is set, best() gives up (nullopt) within 512 splits; for a split worked
    // out on another thread that is no longer wanted. nullptr: never.
    void abort_when(const std::atomic<bool>* flag) { abort_ = flag; }

    // A split's memo key: the counts left, packed.
    struct Key {
        std::uint64_t words[5] = {0, 0, 0, 0, 0};
        friend bool operator==(const Key&, const Key&) = default;
    };

private:
    struct Meld {
        std::uint32_t codes = 0;  // bit per card code (the cards of a meld are distinct)
        int size = 0;
        int kind = 0;
        int points_all = 0;     // its five cards' points, when captured on my place
        int points_lowest = 0;  // the three worth least to me, when captured on another's
    };
    static constexpr int kOverBudget = -2, kForgotten = -3;
    struct Result {
        int played = -1;  // -1: no split; kOverBudget; kForgotten: an old kOverBudget, ask again
        int points = 0;
        bool bound = false;  // only an upper bound, below the Need it was worked out for
    };
    // What the split of the remainder must reach to matter to the question (the best split once
    // found, or best()'s `beat`, less what the melds already chosen give): below it, an upper bound
    // is enough, and a part of the split that cannot reach it is cut off. played < 0: anything.
    struct Need {
        int played = -1;
        int points = 0;
    };
    // What is left to split, with its memo key kept up to date as cards and melds are taken out.
    struct Split {
        CoverInput in;
        Key key;
        void hand(std::size_t code, int delta);
        void table(std::size_t code, int delta);
        void melds(std::size_t category, int delta);
        void open(int delta);
        void pin(std::size_t family, int delta);
        int free_copies(std::size_t code) const;  // table copies that are not pinned
    };
    struct Entry {
        Key key;  // all zero: an empty slot (a real key has its top bit set)
        Result result;
    };

    const Result* find(const Key& k) const;
    void remember(const Key& k, const Result& r);
    static bool keeps_kind(int pile_kind, int meld_kind, bool sets_change);
    class Choice;
    Result split(Split& s, Need need);
    Result most_possible(const Split& s) const;
    CardCode most_constrained(const Split& s) const;
    static int melds_left(const Split& s);
    static bool too_few_cards(const Split& s, int melds);
    Result keep_meld(int category, Split& s, Need need);
    Result on_table_meld(const Meld& m, std::size_t category, Split& s, Need need);
    Result cover(CardCode x, Split& s, Need need);
    // `run_family`: the family whose run on the table the meld is what it ends as (it holds the
    // family's pinned 4s first), -1 for none.
    Result with_meld(const Meld& meld, Split& s, Need need, int points, int run_family = -1);

    bool any_mine_;
    std::array<int, kCardCodes + 1> points_{};  // each card's points for me
    std::vector<Meld> melds_;
    std::array<std::vector<int>, kCardCodes + 1> melds_with_;  // indices into melds_
    std::array<std::vector<int>, kMeldKinds> of_kind_;
    // For each card, the other two cards of each meld of three that holds it: a card is in some meld
    // of the cards present only if one of these pairs is present (three cards in a row of any meld
    // holding it make a meld of three).
    std::array<std::vector<std::uint32_t>, kCardCodes + 1> pairs_with_;
    std::vector<std::uint32_t> fives_;  // every meld of five
    // Of the cards present (bit per code), those in some meld of three of them and those in some meld
    // of five of them; most_possible's look-ups, by `present`.
    struct Reach {
        std::uint32_t present = 0, in_three = 0, in_five = 0;
    };
    const Reach& reach_of(std::uint32_t present) const;
    mutable std::vector<Reach> reach_;
    solver::HugeVector<Entry> memo_;  // open addressing, a power of two slots
    std::size_t remembered_ = 0;
    std::size_t budget_ = 0, spent_ = 0, splits_ = 0;
    // The parts of the split looked at in this question, those answered by the memo or cut off by the
    // bound included: the budget also runs out at kLooksPerSplit of them per split of the budget, so
    // that a question where most parts are cut off (a crowded table) costs no more time than others.
    static constexpr std::size_t kLooksPerSplit = 16;
    std::size_t looked_ = 0, looked_total_ = 0;
    const std::atomic<bool>* abort_ = nullptr;
};

}  // namespace tlaloc::akelarre
