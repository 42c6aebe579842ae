#include "solver/azteka/WinInN.h"

#include <stdexcept>
#include <unordered_map>

#include "solver/common/SearchLimit.h"

namespace tlaloc::azteka {

namespace {

struct OutOfBudget {};

class Search {
public:
    Search(Side mover, std::int64_t budget, const solver::Deadline& deadline)
        : mover_(mover), budget_(budget), deadline_(deadline) {}
    int refuted = 0;  // the longest horizon proved to hold no forced win

    // The mover is to move in `g` and has `k` turns left to meet a goal.
    bool wins(const Game& g, int k) {
        auto memo = memo_.find(key(g, k));
        if (memo != memo_.end()) return memo->second;
        auto turns = expand(g);
        bool result = false;
        // Immediate wins first: they end the search at this node cheaply.
        for (const auto& t : turns) {
            if (t.after.winner == mover_) result = true;
        }
        for (std::size_t i = 0; !result && k > 1 && i < turns.size(); ++i) {
            if (!turns[i].after.over() && survives_all_answers(turns[i].after, k - 1)) result = true;
        }
        memo_[key(g, k)] = result;
        return result;
    }

    // The other sides are to move; true if every answer leaves the mover winning within k turns.
    bool survives_all_answers(const Game& g, int k) {
        if (g.over()) return g.winner == mover_;
        if (g.position.to_move == mover_) return wins(g, k);
        for (const auto& t : expand(g)) {
            if (!survives_all_answers(t.after, k)) return false;
        }
        return true;
    }

    // Fewest turns (up to k) the mover needs against the best answers, or k+1.
    int depth_needed(const Game& g, int k) {
        for (int j = 1; j <= k; ++j) {
            if (survives_all_answers(g, j)) return j;
        }
        return k + 1;
    }

    void line(const Game& g, int k, std::vector<LineStep>& out) {
        for (const auto& t : expand(g)) {
            bool good = t.after.winner == mover_ ||
                        (k > 1 && !t.after.over() && survives_all_answers(t.after, k - 1));
            if (!good) continue;
            append(g, t, out);
            if (!t.after.over()) answers(t.after, k - 1, out);
            return;
        }
        throw std::logic_error("no winning turn where the search found one");
    }

    std::int64_t nodes() const { return nodes_; }

private:
    void answers(const Game& g, int k, std::vector<LineStep>& out) {
        if (g.over()) return;
        if (g.position.to_move == mover_) return line(g, k, out);
        // The most stubborn answer: the one after which the mover needs longest.
        const WholeTurn* best = nullptr;
        int longest = 0;
        auto turns = expand(g);
        for (const auto& t : turns) {
            int d = t.after.over() ? 0 : depth_needed(t.after, k);
            if (!best || d > longest) best = &t, longest = d;
        }
        append(g, *best, out);
        answers(best->after, k, out);
    }

    static void append(const Game& g, const WholeTurn& t, std::vector<LineStep>& out) {
        for (std::size_t i = 0; i < t.actions.size(); ++i) {
            out.push_back(
                {g.position.to_move, t.actions[i], i > 0 && t.actions[i].kind == ActionKind::Place});
        }
    }

    std::vector<WholeTurn> expand(const Game& g) {
        if (++nodes_ > budget_) throw OutOfBudget{};
        if ((nodes_ & 255) == 0 && deadline_.passed()) {
            throw solver::SearchLimitReached(refuted == 0 ? "none"
                                                          : "no forced win within " +
                                                                std::to_string(refuted) + " turns (proved)");
        }
        return whole_turns(g);
    }

    static std::string key(const Game& g, int k) {
        std::string s;
        for (Pawn p : g.position.holes) s += static_cast<char>(p);
        for (int v : g.position.supply) s += static_cast<char>('A' + v);
        s += static_cast<char>('0' + static_cast<int>(g.position.to_move));
        s += static_cast<char>('a' + g.last_turns_left + 1);
        s += static_cast<char>('a' + k);
        return s;
    }

    Side mover_;
    std::int64_t budget_, nodes_ = 0;
    const solver::Deadline& deadline_;
    std::unordered_map<std::string, bool> memo_;
};

// The evidence is re-played through the engine: each action legal, the mover winning at the end.
std::string replay_line(const Position& start, const std::vector<LineStep>& line, std::string& goal) {
    Game g = start_game(start);
    for (const auto& step : line) {
        if (g.over() || g.position.to_move != step.side || !is_legal(g, step.action)) {
            return "line step " + describe(step.action) + " is not playable";
        }
        apply(g, step.action);
    }
    if (g.winner != start.to_move) return "the line does not end with the mover's goal";
    goal = g.winning_goal;
    return "";
}

}  // namespace

WinResult win_in(const Position& start, int max_turns, std::int64_t node_budget, unsigned timeout_seconds) {
    const solver::Deadline deadline(timeout_seconds);
    WinResult out;
    Game g = start_game(start);
    if (g.over()) {
        out.verdict = g.winner == start.to_move ? WinVerdict::Win : WinVerdict::NoWin;
        out.goal = g.winning_goal;
        if (out.verdict == WinVerdict::NoWin)
            out.reason = "the round is already over: " + side_name(*g.winner) + " won it";
        return out;
    }
    Search search(start.to_move, node_budget, deadline);
    try {
        for (int n = 1; n <= max_turns; ++n) {
            if (!search.wins(g, n)) {
                search.refuted = n;
                continue;
            }
            out.verdict = WinVerdict::Win;
            out.turns = n;
            search.line(g, n, out.line);
            break;
        }
        if (out.verdict != WinVerdict::Win) {
            out.verdict = WinVerdict::NoWin;
            out.reason = "the other side can prevent every goal for " + std::to_string(max_turns) + " turns";
        }
    } catch (const OutOfBudget&) {
        out.verdict = WinVerdict::Undecided;
        out.line.clear();
        out.reason = "search budget of " + std::to_string(node_budget) + " turns examined was exhausted";
    }
    out.nodes = search.nodes();
    if (out.verdict == WinVerdict::Win) {
        std::string problem = replay_line(start, out.line, out.goal);
        if (!problem.empty())
            throw std::logic_error("win-in-N evidence fails in the rules engine: " + problem);
    }
    return out;
}

Json line_to_json(const std::vector<LineStep>& line) {
    Json out = Json::array();
    for (const auto& step : line) {
        Json j = action_to_json(step.action, step.birth);
        j["side"] = side_name(step.side);
        out.push_back(j);
    }
    return out;
}

}  // namespace tlaloc::azteka
