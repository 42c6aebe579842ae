#include "puzzles/xalapa/LineRoutes.h"

#include <algorithm>
#include <cstdlib>
#include <utility>

namespace tlaloc::xalapa {

namespace {

// For each of the line's fields (by position in `fields`), its neighbours among them: straight
// steps before diagonal ones.
std::vector<std::vector<int>> neighbours(const Board& board, const std::vector<int>& fields) {
    const int n = static_cast<int>(fields.size());
    std::vector<std::vector<int>> next(n);
    for (int a = 0; a < n; ++a) {
        Cell ca = board.cell(fields[a]);
        for (int diagonal = 0; diagonal < 2; ++diagonal)
            for (int b = 0; b < n; ++b) {
                Cell cb = board.cell(fields[b]);
                int dr = std::abs(ca.row - cb.row), dc = std::abs(ca.col - cb.col);
                if (a != b && std::max(dr, dc) == 1 && (dr + dc == 2) == (diagonal == 1))
                    next[a].push_back(b);
            }
    }
    return next;
}

// Depth-first search over the paths through every field, keeping the one a printed line would most
// likely be: fewest diagonal steps, then fewest turns, ends on the board's rim. A fixed step budget
// bounds the search on big boards; the best path found so far is then used.
class PathSearch {
public:
    PathSearch(const Board& board, const std::vector<int>& fields, const std::vector<std::vector<int>>& next)
        : board_(board), fields_(fields), next_(next), used_(fields.size(), 0) {}

    // Positions in `fields` along the best path; empty when no path visits every field.
    std::vector<int> best_path() {
        const int n = static_cast<int>(fields_.size());
        for (int s = 0; s < n && budget_ > 0; ++s) visit(s, 0);
        return best_;
    }

private:
    bool on_rim(int v) const {
        Cell c = board_.cell(fields_[v]);
        return c.row == 0 || c.col == 0 || c.row == board_.rows - 1 || c.col == board_.cols - 1;
    }
    std::pair<int, int> step(int a, int b) const {
        Cell ca = board_.cell(fields_[a]), cb = board_.cell(fields_[b]);
        return {cb.row - ca.row, cb.col - ca.col};
    }
    void visit(int v, long score) {
        if (--budget_ < 0) return;
        path_.push_back(v);
        used_[v] = 1;
        if (path_.size() == fields_.size()) {
            long total = score - 3 * (on_rim(path_.front()) + on_rim(path_.back()));
            if (best_.empty() || total < best_score_) best_ = path_, best_score_ = total;
        }
        for (int w : next_[v]) {
            if (used_[w]) continue;
            auto [dr, dc] = step(v, w);
            long cost = (dr != 0 && dc != 0) ? 10 : 0;
            if (path_.size() >= 2 && step(path_[path_.size() - 2], v) != std::pair{dr, dc}) cost += 1;
            if (best_.empty() || score + cost - 6 < best_score_) visit(w, score + cost);
        }
        used_[v] = 0;
        path_.pop_back();
    }

    const Board& board_;
    const std::vector<int>& fields_;
    const std::vector<std::vector<int>>& next_;
    long budget_ = 200000;
    std::vector<int> path_, best_;
    long best_score_ = 0;
    std::vector<char> used_;
};

// No single path: walk greedily to the nearest unused field, starting a new run at each gap. The
// walk starts at a field with the fewest neighbours, as a line's end would be.
std::vector<std::vector<Cell>> greedy_runs(const Board& board, const std::vector<int>& fields,
                                           const std::vector<std::vector<int>>& next) {
    const int n = static_cast<int>(fields.size());
    std::vector<int> starts(n);
    for (int i = 0; i < n; ++i) starts[i] = i;
    std::stable_sort(starts.begin(), starts.end(),
                     [&](int a, int b) { return next[a].size() < next[b].size(); });
    std::vector<std::vector<Cell>> runs;
    std::vector<char> used(n, 0);
    int v = starts[0];
    runs.push_back({});
    for (int k = 0; k < n; ++k) {
        used[v] = 1;
        runs.back().push_back(board.cell(fields[v]));
        int best = -1, best_d = 0;
        Cell cv = board.cell(fields[v]);
        for (int w = 0; w < n; ++w) {
            if (used[w]) continue;
            Cell cw = board.cell(fields[w]);
            int d = (cv.row - cw.row) * (cv.row - cw.row) + (cv.col - cw.col) * (cv.col - cw.col);
            if (best < 0 || d < best_d) best = w, best_d = d;
        }
        if (best < 0) break;
        if (best_d > 2) runs.push_back({});
        v = best;
    }
    return runs;
}

}  // namespace

std::vector<std::vector<Cell>> line_route(const Board& board, Line line) {
    std::vector<int> fields;
    for (int i = 0; i < board.size(); ++i)
        if (board.fields[i].has(line)) fields.push_back(i);
    if (fields.empty()) return {};
    auto next = neighbours(board, fields);
    auto best = PathSearch(board, fields, next).best_path();
    if (best.empty()) return greedy_runs(board, fields, next);
    std::vector<Cell> run;
    for (int v : best) run.push_back(board.cell(fields[v]));
    return {run};
}

}  // namespace tlaloc::xalapa
