#include "puzzles/xalapa/RandomChallenge.h"

#include <algorithm>

namespace tlaloc::xalapa {

namespace {
int uniform(std::mt19937_64& rng, int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); }

Feature random_feature(std::mt19937_64& rng, double conjunction_share) {
    Feature f;
    f.atoms.push_back(static_cast<Atom>(uniform(rng, 0, kAtomCount - 1)));
    if (std::uniform_real_distribution<double>(0, 1)(rng) < conjunction_share) {
        Atom second = static_cast<Atom>(uniform(rng, 0, kAtomCount - 2));
        if (second != f.atoms[0]) f.atoms.push_back(second);
    }
    return f;
}
}  // namespace

Board random_board(std::mt19937_64& rng, int rows, int cols) {
    Board b;
    b.id = "random";
    b.rows = rows;
    b.cols = cols;
    b.top_left_black = uniform(rng, 0, 1) == 1;
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) {
            Field f;
            int symbols = uniform(rng, 0, 9) == 0 ? 0 : uniform(rng, 1, 2);
            while (f.symbol_count() < symbols)
                f.symbols |= static_cast<std::uint8_t>(1 << uniform(rng, 0, 2));
            for (int l = 0; l < 3; ++l)
                if (uniform(rng, 0, 3) == 0) f.lines |= static_cast<std::uint8_t>(1 << l);
            f.black = ((r + c) % 2 == 0) == b.top_left_black;
            b.fields.push_back(f);
        }
    return b;
}

Challenge random_challenge(std::mt19937_64& rng, const RandomChallengeOptions& o) {
    Challenge ch;
    ch.board = random_board(rng, uniform(rng, o.min_rows, o.max_rows), uniform(rng, o.min_cols, o.max_cols));
    ch.max_stones = std::min(o.max_stones, ch.board.size());
    if (o.random_orientations) ch.orientations = static_cast<Orientations>(uniform(rng, 0, 2));
    if (o.formation_cells > 0) {
        // Grow a shape cell by cell (king moves, so diagonals appear) and keep it if it fits.
        for (int attempt = 0; attempt < 20 && !ch.formation; ++attempt) {
            std::vector<Cell> cells{{0, 0}};
            while (static_cast<int>(cells.size()) < o.formation_cells) {
                Cell from = cells[uniform(rng, 0, static_cast<int>(cells.size()) - 1)];
                Cell next{from.row + uniform(rng, -1, 1), from.col + uniform(rng, -1, 1)};
                if (std::find(cells.begin(), cells.end(), next) == cells.end()) cells.push_back(next);
            }
            Formation f{cells};
            if (!formation_placements(ch.board, f, ch.orientations).empty()) {
                // Normalise through the orientation helper so the stored shape is canonical.
                f.cells = formation_orientations(f, Orientations::Fixed)[0];
                ch.formation = f;
            }
        }
    }
    int tasks = uniform(rng, o.min_tasks, o.max_tasks);
    for (int i = 0; i < tasks; ++i) {
        Task t;
        t.feature = random_feature(rng, o.conjunction_share);
        if (std::uniform_real_distribution<double>(0, 1)(rng) < o.same_share) {
            t.kind = Task::Kind::Same;
            t.other = random_feature(rng, o.conjunction_share);
        } else {
            int n = std::min(uniform(rng, 0, 3), ch.board.size());
            switch (uniform(rng, 0, 3)) {
                case 0:
                    t.lo = n;
                    t.hi = kMaxFields;
                    break;  // at least
                case 1:
                    t.lo = 0;
                    t.hi = n;
                    break;  // at most
                default:
                    t.lo = t.hi = n;
                    break;  // exactly
            }
        }
        ch.tasks.push_back(t);
    }
    return ch;
}

}  // namespace tlaloc::xalapa
