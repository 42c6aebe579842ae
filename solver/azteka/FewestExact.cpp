#include "solver/azteka/FewestExact.h"

#include <algorithm>
#include <array>
#include <bit>
#include <climits>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "model/azteka/Plan.h"
#include "solver/azteka/Bitboard.h"
#include "solver/common/SearchLimit.h"

namespace tlaloc::azteka {

namespace {

using bits::Board;
using bits::fullest_ring;
using bits::Mask;
using bits::rings_holding;

// A board as a transposition-table key; `high` all ones never occurs (the sides would overlap).
struct Key {
    std::uint64_t low = 0;
    std::uint64_t high = ~std::uint64_t{0};
    bool operator==(const Key&) const = default;
    bool operator<(const Key& o) const { return high != o.high ? high < o.high : low < o.low; }
};

Key pack(const Board& b) { return {std::uint64_t{b.of[0]} | std::uint64_t{b.of[1]} << 32, b.of[2]}; }

// Open addressing: the tables hold millions of positions, std::unordered_set's nodes cost too much.
class KeySet {
public:
    KeySet() : slots_(1 << 16) {}
    bool insert(const Key& k) {
        if (2 * (size_ + 1) > slots_.size()) grow();
        if (!place(slots_, k)) return false;
        ++size_;
        return true;
    }
    std::size_t size() const { return size_; }

private:
    static std::uint64_t mix(const Key& k) {
        std::uint64_t x = k.low ^ (k.high * 0x9E3779B97F4A7C15ull);
        x ^= x >> 31;
        x *= 0xBF58476D1CE4E5B9ull;
        x ^= x >> 29;
        return x;
    }
    static bool place(std::vector<Key>& slots, const Key& k) {
        const std::size_t mask = slots.size() - 1;
        for (std::size_t i = mix(k) & mask;; i = (i + 1) & mask) {
            if (slots[i] == k) return false;
            if (slots[i] == Key{}) {
                slots[i] = k;
                return true;
            }
        }
    }
    void grow() {
        std::vector<Key> bigger(slots_.size() * 2);
        for (const Key& k : slots_) {
            if (!(k == Key{})) place(bigger, k);
        }
        slots_ = std::move(bigger);
    }
    std::vector<Key> slots_;
    std::size_t size_ = 0;
};

struct Node {
    Board board;
    std::uint32_t parent = 0;  // index in the level before
};

class Search {
public:
    Search(const Position& start, int max_turns, const solver::Deadline& deadline)
        : rules_(start),
          p_(*start.profile),
          me_(static_cast<int>(start.to_move)),
          max_turns_(max_turns),
          deadline_(deadline),
          start_(bits::board_of(start)) {
        births_ = p_.abilities && start.to_move == Side::Life;
        disintegrates_ = p_.abilities && start.to_move == Side::Death;
        // Turning the whole circle maps the rules onto themselves, except Disintegration's hole order
        // when Death's hand runs short; that needs fewer pawns in hand, after the placements still
        // possible, than Life pawns to surround.
        const int life = std::popcount(start_.of[0]);
        symmetric_ = !disintegrates_ || life == 0 || start.supply[me_] - max_turns >= life;
    }

    // The least bound on the mover's pawns worth searching from the start.
    int first_bound() const { return pawns_needed(start_); }

    struct Round {
        bool found = false;
        int turns = 0;
        std::vector<PlanStep> plan;
        int next_bound = INT_MAX;  // the least pawn bound that could change the answer
    };

    // Breadth-first by turns, keeping positions whose pawns needed stay within `bound`; the first
    // level where the mover meets a goal gives the fewest turns.
    Round run(int bound) {
        Round out;
        KeySet seen;
        seen.insert(key(start_));
        levels_.assign(1, {Node{start_, 0}});
        for (int t = 1; t <= max_turns_ && !out.found && !levels_.back().empty(); ++t) {
            std::vector<Node> next;
            const std::vector<Node>& level = levels_.back();
            for (std::uint32_t i = 0; i < level.size() && !out.found; ++i) {
                if ((++ticks_ & 1023) == 0 && deadline_.passed()) throw out_of_time(bound);
                each_turn(level[i].board, [&](const Board& b, bool won) {
                    if (out.found) return;
                    const int pawns = std::popcount(b.of[me_]);
                    if (won) {
                        if (pawns > bound) {
                            out.next_bound = std::min(out.next_bound, pawns);
                            return;
                        }
                        out.found = true;
                        out.turns = t;
                        out.plan = plan_to(i, acts_);
                        return;
                    }
                    if (t == max_turns_) return;
                    const int need = pawns_needed(b);
                    if (need > bound) {
                        out.next_bound = std::min(out.next_bound, need);
                        return;
                    }
                    if (turns_needed(b) > max_turns_ - t) return;
                    if (seen.insert(key(b))) next.push_back({b, i});
                });
            }
            positions_ += static_cast<long long>(next.size());
            levels_.push_back(std::move(next));
        }
        return out;
    }

    long long positions() const { return positions_; }

private:
    int supply(const Board& b, int side) const { return rules_.supply(b, side); }
    bool may_expand(int side) const { return rules_.may_expand(side); }
    bool may_dominate(int side) const { return rules_.may_dominate(side); }

    // A lower bound on the mover's pawns on the board when a goal is met: each added pawn (placed, or
    // turned by Disintegration) fills one hole, and ring turns never move a pawn to another ring.
    int pawns_needed(const Board& b) const {
        const Mask mine = b.of[me_];
        const int have = std::popcount(mine);
        int best = INT_MAX;
        if (may_expand(me_)) best = std::min(best, std::max(have + kRings - rings_holding(mine), kSectors));
        if (may_dominate(me_))
            best =
                std::min(best, have + std::min(kRings - rings_holding(mine), kSectors - fullest_ring(mine)));
        if (p_.all_pawns_goal) best = std::min(best, rules_.whole_set(me_));
        return best;
    }

    // A lower bound on the mover's turns to a goal from a position where none is met: one
    // placement per turn, where Life's Birth may place more (then only 1 is sure), and Death's
    // Disintegration may turn Life pawns into its own.
    int turns_needed(const Board& b) const {
        if (births_) return 1;
        const bool converts = disintegrates_ && b.of[0] != 0;
        const Mask reach = converts ? b.of[me_] | b.of[0] : b.of[me_];
        int best = INT_MAX;
        if (may_expand(me_))
            best = std::min(best, std::max(kRings - rings_holding(reach), kSectors - std::popcount(reach)));
        if (may_dominate(me_))
            best = std::min(best, std::min(kRings - rings_holding(reach), kSectors - fullest_ring(reach)));
        if (p_.all_pawns_goal) best = std::min(best, converts ? 1 : supply(b, me_));
        return std::max(best, 1);
    }

    Key key(const Board& b) const {
        Key best = pack(b);
        if (!symmetric_) return best;
        for (int k = 1; k < kSectors; ++k) {
            Board turned;
            for (int i = 0; i < kMaxSides; ++i) turned.of[i] = bits::turn_all(b.of[i], k);
            best = std::min(best, pack(turned));
        }
        return best;
    }

    // Every whole turn of the mover from `b`: f(board after, won) with the turn's actions in acts_;
    // turns after which another side meets a goal are left out (that side wins the round).
    template <class F>
    void each_turn(const Board& b, F&& f) {
        rules_.each_turn(b, me_, acts_, [&](const Board& after, int winner) {
            if (winner == -1 || winner == me_) f(after, winner == me_);
        });
    }

    // The plan to the turn in `last` played from node `index` of the last level: each earlier turn
    // is found again by replaying the parent's turns until one gives the child's board.
    std::vector<PlanStep> plan_to(std::uint32_t index, std::vector<Action> last) {
        std::vector<std::vector<Action>> turns = {std::move(last)};
        for (std::size_t level = levels_.size() - 1; level > 0; --level) {
            const Node& child = levels_[level][index];
            const Node& parent = levels_[level - 1][child.parent];
            std::vector<Action> found;
            bool got = false;
            std::vector<Action> saved = std::move(acts_);
            acts_.clear();
            each_turn(parent.board, [&](const Board& b, bool won) {
                if (!got && !won && b == child.board) got = true, found = acts_;
            });
            acts_ = std::move(saved);
            if (!got) throw std::logic_error("fewest pawns: a searched position has no turn leading to it");
            turns.push_back(found);
            index = child.parent;
        }
        std::vector<PlanStep> plan;
        for (auto t = turns.rbegin(); t != turns.rend(); ++t) {
            for (std::size_t i = 0; i < t->size(); ++i) plan.push_back({(*t)[i], i > 0});
        }
        return plan;
    }

    solver::SearchLimitReached out_of_time(int bound) const {
        return solver::SearchLimitReached("no plan yet (at least " + std::to_string(bound) +
                                          " pawns needed)");
    }

    const bits::Rules rules_;
    const Profile& p_;
    const int me_;
    const int max_turns_;
    const solver::Deadline& deadline_;
    const Board start_;
    bool births_ = false, disintegrates_ = false, symmetric_ = true;
    std::vector<Action> acts_;  // the actions of the turn being generated
    std::vector<std::vector<Node>> levels_;
    long long positions_ = 0;
    std::uint64_t ticks_ = 0;
};

}  // namespace

FewestResult fewest_pawns_exact(const Position& start, int max_turns, unsigned timeout_seconds) {
    FewestResult out;
    Game g = start_game(start);
    if (g.over()) {
        if (g.winner == start.to_move) {
            out.found = true;
            out.pawns = start.pawns_on_board(start.to_move);
            out.goal = g.winning_goal;
        } else {
            out.reason = "the round is already over: " + side_name(*g.winner) + " meets its goal (" +
                         g.winning_goal + ")";
        }
        return out;
    }
    // Only three players can fill the board; its last turns are left to the Z3 model.
    int could_fill = start.supply[static_cast<int>(start.to_move)];
    for (int h = 0; h < kHoles; ++h) could_fill += start.holes[h] != Pawn::None;
    if (could_fill >= kHoles) return fewest_pawns(start, max_turns, timeout_seconds);

    const solver::Deadline deadline(timeout_seconds);
    Search search(start, max_turns, deadline);
    for (int bound = search.first_bound(); bound != INT_MAX;) {
        Search::Round round = search.run(bound);
        out.positions = search.positions();
        if (!round.found) {
            bound = round.next_bound;
            continue;
        }
        PlanReplay replay = replay_against_passive(start, round.plan);
        if (!replay.reaches_goal || replay.pawns > bound || replay.turns != round.turns)
            throw std::logic_error("fewest pawns: the searched plan does not replay as found: " +
                                   replay.problem);
        out.found = true;
        out.pawns = replay.pawns;
        out.turns = replay.turns;
        out.goal = replay.goal;
        out.plan = std::move(round.plan);
        return out;
    }
    out.reason = "no goal can be met within " + std::to_string(max_turns) + " turns";
    return out;
}

}  // namespace tlaloc::azteka
