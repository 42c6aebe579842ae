#include "solver/azteka/WinSearch.h"

#include <cstdint>
#include <stdexcept>

#include "solver/azteka/Bitboard.h"
#include "solver/common/SearchLimit.h"

namespace tlaloc::azteka {

namespace {

using bits::Board;

struct Child {
    Board board;
    int winner = -1;
    std::vector<Action> actions;
};

// What is proved of one position with one side to move, in the mover's turns left.
struct Known {
    std::uint8_t wins_from = 255;  // the mover forces a goal within this many turns (and more)
    std::uint8_t fails_up_to = 0;  // ... and cannot within this many (and fewer)
};

// The transposition table: open addressing that grows to kMaxSlots and then lets a new position take
// an occupied slot, so memory stays bounded and nothing is ever freed mid-search. A slot only
// answers for the exact board and side it holds, so replacing one loses facts, never adds wrong ones.
class Table {
public:
    Table() : slots_(std::size_t{1} << 16) {}

    Known& at(const Board& b, int side) {
        const std::uint64_t key = std::uint64_t{b.of[0]} | std::uint64_t{b.of[1]} << 32;
        if (2 * (used_ + 1) > slots_.size() && slots_.size() < kMaxSlots) grow();
        Slot& s = slots_[probe(slots_, key, side)];
        if (s.key != key || s.side != side) {
            used_ += s.key == kEmpty;
            s = Slot{key, static_cast<std::uint8_t>(side), {}};
        }
        return s.known;
    }

private:
    static constexpr std::uint64_t kEmpty = ~std::uint64_t{0};  // Life and Death on every hole
    static constexpr std::size_t kMaxSlots = std::size_t{1} << 23;
    static constexpr std::size_t kProbes = 8;
    struct Slot {
        std::uint64_t key = kEmpty;
        std::uint8_t side = 0;
        Known known;
    };

    // The slot holding (key, side), else the first empty one of its few probes, else the first probe.
    static std::size_t probe(const std::vector<Slot>& slots, std::uint64_t key, int side) {
        std::uint64_t x = key ^ (static_cast<std::uint64_t>(side) * 0x9E3779B97F4A7C15ull);
        x ^= x >> 31;
        x *= 0xBF58476D1CE4E5B9ull;
        x ^= x >> 29;
        const std::size_t mask = slots.size() - 1;
        const std::size_t first = x & mask;
        for (std::size_t i = 0; i < kProbes; ++i) {
            const std::size_t at = (first + i) & mask;
            if ((slots[at].key == key && slots[at].side == side) || slots[at].key == kEmpty) return at;
        }
        return first;
    }

    void grow() {
        std::vector<Slot> bigger(slots_.size() * 2);
        used_ = 0;
        for (const Slot& s : slots_) {
            if (s.key == kEmpty) continue;
            Slot& t = bigger[probe(bigger, s.key, s.side)];
            used_ += t.key == kEmpty;
            t = s;
        }
        slots_ = std::move(bigger);
    }

    std::vector<Slot> slots_;
    std::size_t used_ = 0;
};

class GameSearch {
public:
    GameSearch(const Position& start, const solver::Deadline& deadline)
        : rules_(start),
          me_(static_cast<int>(start.to_move)),
          them_(rules_.next_side(me_)),
          deadline_(deadline) {}

    int refuted = 0;  // the longest horizon proved to hold no forced win

    // The mover is to move in `b` and has `k` turns left to meet a goal.
    bool wins(const Board& b, int k) {
        Known& known = lookup(b, me_);
        if (k >= known.wins_from) return true;
        if (k <= known.fails_up_to) return false;
        const std::vector<Child> turns = children(b, me_);
        bool result = false;
        for (const Child& c : turns) {
            if (c.winner == me_) {
                result = true;
                break;
            }
        }
        if (!result && k > 1) {
            for (const Child& c : turns) {
                if (c.winner == -1 && survives_all_answers(c.board, k - 1)) {
                    result = true;
                    break;
                }
            }
        }
        Known& again = lookup(b, me_);  // the slot may have gone to another position meanwhile
        if (result)
            again.wins_from = static_cast<std::uint8_t>(std::min<int>(again.wins_from, k));
        else
            again.fails_up_to = static_cast<std::uint8_t>(std::max<int>(again.fails_up_to, k));
        return result;
    }

    // The other side is to move; true if every answer leaves the mover winning within k turns.
    bool survives_all_answers(const Board& b, int k) {
        Known& known = lookup(b, them_);
        if (k >= known.wins_from) return true;
        if (k <= known.fails_up_to) return false;
        const std::vector<Child> answers = children(b, them_);
        bool result = true;
        for (const Child& c : answers) {
            if (c.winner == them_) {
                result = false;
                break;
            }
        }
        for (std::size_t i = 0; result && i < answers.size(); ++i) {
            if (answers[i].winner == -1 && !wins(answers[i].board, k)) result = false;
        }
        Known& again = lookup(b, them_);
        if (result)
            again.wins_from = static_cast<std::uint8_t>(std::min<int>(again.wins_from, k));
        else
            again.fails_up_to = static_cast<std::uint8_t>(std::max<int>(again.fails_up_to, k));
        return result;
    }

    // The mover's winning turns within k against the answers after which it needs longest.
    void line(const Board& b, int k, std::vector<LineStep>& out) {
        for (const Child& c : children(b, me_)) {
            const bool good =
                c.winner == me_ || (k > 1 && c.winner == -1 && survives_all_answers(c.board, k - 1));
            if (!good) continue;
            append(me_, c, out);
            if (c.winner == -1) stubborn_answer(c.board, k - 1, out);
            return;
        }
        throw std::logic_error("win in N: no winning turn where the search found one");
    }

    std::int64_t nodes() const { return nodes_; }

private:
    void stubborn_answer(const Board& b, int k, std::vector<LineStep>& out) {
        const std::vector<Child> answers = children(b, them_);
        const Child* best = nullptr;
        int longest = -1;
        for (const Child& c : answers) {
            int needed = 0;
            if (c.winner == -1) {
                needed = 1;
                while (!wins(c.board, needed)) ++needed;  // at most k: every answer loses within k
            }
            if (needed > longest) {
                longest = needed;
                best = &c;
            }
        }
        if (!best) throw std::logic_error("win in N: the other side has no turn");
        append(them_, *best, out);
        if (best->winner == -1) line(best->board, k, out);
    }

    static void append(int side, const Child& c, std::vector<LineStep>& out) {
        for (std::size_t i = 0; i < c.actions.size(); ++i)
            out.push_back(
                {static_cast<Side>(side), c.actions[i], i > 0 && c.actions[i].kind == ActionKind::Place});
    }

    std::vector<Child> children(const Board& b, int side) {
        if ((++nodes_ & 1023) == 0 && deadline_.passed()) {
            throw solver::SearchLimitReached(refuted == 0 ? "none"
                                                          : "no forced win within " +
                                                                std::to_string(refuted) + " turns (proved)");
        }
        std::vector<Child> out;
        rules_.each_turn(b, side, acts_, [&](const Board& after, int winner) {
            out.push_back({after, winner, acts_});
        });
        return out;
    }

    Known& lookup(const Board& b, int side) { return table_.at(b, side); }

    const bits::Rules rules_;
    const int me_, them_;
    const solver::Deadline& deadline_;
    std::vector<Action> acts_;
    Table table_;
    std::int64_t nodes_ = 0;
};

// The evidence is re-played through the engine: each action legal, the mover winning at the end.
// A Birth bonus the line does not take is declined with an explicit skip, as the engine plays it.
std::string replay_line(const Position& start, std::vector<LineStep>& line, std::string& goal) {
    Game g = start_game(start);
    std::vector<LineStep> played;
    for (const auto& step : line) {
        if (!g.over() && g.birth_pending && !step.birth) {
            played.push_back({g.position.to_move, Action::decline_birth(), false});
            apply(g, Action::decline_birth());
        }
        if (g.over() || g.position.to_move != step.side || !is_legal(g, step.action))
            return "line step " + describe(step.action) + " is not playable";
        apply(g, step.action);
        played.push_back(step);
    }
    if (g.winner != start.to_move) return "the line does not end with the mover's goal";
    goal = g.winning_goal;
    line = std::move(played);
    return "";
}

}  // namespace

WinResult win_in_exact(const Position& start, int max_turns, unsigned timeout_seconds) {
    if (start.profile->sides != 2) return win_in(start, max_turns, INT64_MAX, timeout_seconds);
    WinResult out;
    Game g = start_game(start);
    if (g.over()) return win_in(start, max_turns);  // its answer for a finished round
    const solver::Deadline deadline(timeout_seconds);
    GameSearch search(start, deadline);
    const Board root = bits::board_of(start);
    for (int n = 1; n <= max_turns; ++n) {
        if (!search.wins(root, n)) {
            search.refuted = n;
            continue;
        }
        out.verdict = WinVerdict::Win;
        out.turns = n;
        search.line(root, n, out.line);
        break;
    }
    out.nodes = search.nodes();
    if (out.verdict != WinVerdict::Win) {
        out.verdict = WinVerdict::NoWin;
        out.reason = "the other side can prevent every goal for " + std::to_string(max_turns) + " turns";
        return out;
    }
    std::string problem = replay_line(start, out.line, out.goal);
    if (!problem.empty()) throw std::logic_error("win-in-N evidence fails in the rules engine: " + problem);
    return out;
}

}  // namespace tlaloc::azteka
