#include "solver/akelarre/BestPlay.h"

#include <z3++.h>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "solver/common/Cardinality.h"
#include "solver/common/Minimise.h"

namespace tlaloc::akelarre {

namespace {

using solver::at_least;
using solver::at_most;

// The play as a transition system: every card sits in the hand, on one place, or captured; each step
// moves at most one card (from the hand, or taken from a 4-card meld) onto a place, and a place that
// reaches five cards is captured at once.
class PlayModel {
public:
    PlayModel(z3::context& ctx, const TurnPosition& turn, int steps) : ctx_(ctx), turn_(turn), T_(steps) {
        for (const Card& c : turn.hand) cards_.push_back(c);
        hand_count_ = static_cast<int>(cards_.size());
        for (const auto& p : turn.places)
            for (const Card& c : p.cards) cards_.push_back(c);
        N_ = static_cast<int>(cards_.size());
        P_ = static_cast<int>(turn.places.size());
    }

    void build(z3::solver& s) {
        for (int t = 0; t <= T_; ++t) {
            at_.push_back(grid("at", t));
        }
        add_initial_state(s);
        z3::expr_vector any_move(ctx_);
        for (int t = 1; t <= T_; ++t) {
            auto mid = grid("mid", t);
            any_move.push_back(add_move(s, t, mid));
            add_captures(s, t, mid);
        }
        add_ending(s, any_move);
    }

    // Hand cards still in the hand at the end.
    z3::expr_vector left_in_hand() const {
        z3::expr_vector v(ctx_);
        for (int c = 0; c < hand_count_; ++c) v.push_back(at_[T_][c][kHand]);
        return v;
    }

    // Moves come first and idle steps last, so "at most k moves" is "step k + 1 is idle": one literal,
    // not a pseudo-Boolean bound (Z3 4.8.12 refutes satisfiable ones after push/pop rounds).
    z3::expr moves_at_most(int k) const {
        if (k < 0) return ctx_.bool_val(false);
        return k >= T_ ? ctx_.bool_val(true) : !any_move_[k];
    }

    // "points for me >= k" as one pseudo-Boolean constraint.
    z3::expr points_at_least(int k) {
        z3::expr_vector lits(ctx_);
        std::vector<int> weights;
        for (const auto& e : completes_) {
            const auto& place = turn_.places[static_cast<std::size_t>(e.p)];
            if (place.owner == turn_.me) {
                for (int c = 0; c < N_; ++c) {
                    int w = card_points(cards_[static_cast<std::size_t>(c)], turn_.favourite);
                    if (w == 0) continue;
                    lits.push_back(e.done && e.mid[c][place_loc(e.p)]);
                    weights.push_back(w);
                }
                continue;
            }
            // The owner keeps my two best: I get sum over k of max(0, #cards worth >= k to me - 2).
            for (int level = 1; level <= kHighestValue; ++level) {
                z3::expr_vector worth(ctx_);
                for (int c = 0; c < N_; ++c)
                    if (card_points(cards_[static_cast<std::size_t>(c)], turn_.favourite) >= level)
                        worth.push_back(e.mid[c][place_loc(e.p)]);
                for (int j = 3; j <= 5 && j <= static_cast<int>(worth.size()); ++j) {
                    lits.push_back(e.done && at_least(worth, j));
                    weights.push_back(1);
                }
            }
        }
        return solver::weighted_at_least(lits, weights, k);
    }

    std::vector<Move> moves(const z3::model& m) const {
        std::vector<Move> out;
        for (int t = 1; t <= T_; ++t) {
            for (int c = 0; c < N_; ++c) {
                for (int p = 0; p < P_; ++p) {
                    if (!m.eval(var("dest", t, c, p), true).is_true()) continue;
                    Move mv{cards_[static_cast<std::size_t>(c)], std::nullopt, p};
                    for (int q = 0; q < P_; ++q)
                        if (m.eval(at_[t - 1][c][place_loc(q)], true).is_true()) mv.from = q;
                    out.push_back(mv);
                }
            }
        }
        return out;
    }

private:
    using State = std::vector<std::vector<z3::expr>>;

    void add_initial_state(z3::solver& s) {
        for (int p = 0; p < P_; ++p)
            for (std::size_t k = 0; k < turn_.places[static_cast<std::size_t>(p)].cards.size(); ++k)
                where_.push_back(p);
        for (int c = 0; c < N_; ++c) {
            int start =
                c < hand_count_ ? kHand : place_loc(where_[static_cast<std::size_t>(c - hand_count_)]);
            for (int l = 0; l < locs(); ++l) s.add(l == start ? at_[0][c][l] : !at_[0][c][l]);
        }
    }

    // Step t's move, from at_[t - 1] to `mid` (before captures): at most one card moves. Returns
    // "some card moves at step t".
    z3::expr add_move(z3::solver& s, int t, const State& mid) {
        z3::expr_vector moved(ctx_);
        for (int c = 0; c < N_; ++c) {
            z3::expr_vector dest(ctx_);
            for (int p = 0; p < P_; ++p) dest.push_back(var("dest", t, c, p));
            z3::expr mv = z3::mk_or(dest);
            moved.push_back(mv);
            s.add(at_most(dest, 1));
            // A card never goes back to the hand nor out of the captured pile.
            s.add(z3::implies(mv, !at_[t - 1][c][kCaptured]));
            for (int p = 0; p < P_; ++p) {
                s.add(z3::implies(dest[p], !at_[t - 1][c][place_loc(p)]));
                s.add(mid[c][place_loc(p)] == z3::ite(mv, dest[p], at_[t - 1][c][place_loc(p)]));
                // Taken from place p: only from 4 cards, and only a card that may be taken.
                s.add(z3::implies(mv && at_[t - 1][c][place_loc(p)],
                                  count_is(at_[t - 1], p, 4) && takeable(at_[t - 1], c, p)));
            }
            s.add(mid[c][kHand] == (!mv && at_[t - 1][c][kHand]));
            s.add(mid[c][kCaptured] == at_[t - 1][c][kCaptured]);
        }
        s.add(at_most(moved, 1));
        return z3::mk_or(moved);
    }

    // From `mid` to at_[t]: every meld valid, and a place reaching five cards captured at once.
    void add_captures(z3::solver& s, int t, const State& mid) {
        for (int p = 0; p < P_; ++p) {
            z3::expr_vector on = on_place(mid, p);
            s.add(at_most(on, 5));
            s.add(z3::implies(at_least(on, 3), valid(mid, p)));
            z3::expr done = at_least(on, 5);
            completes_.push_back({t, p, done, mid});
            for (int c = 0; c < N_; ++c) s.add(at_[t][c][place_loc(p)] == (mid[c][place_loc(p)] && !done));
        }
        for (int c = 0; c < N_; ++c) {
            s.add(at_[t][c][kHand] == mid[c][kHand]);
            z3::expr_vector captured_now(ctx_);
            captured_now.push_back(mid[c][kCaptured]);
            for (const auto& e : completes_)
                if (e.t == t) captured_now.push_back(e.mid[c][place_loc(e.p)] && e.done);
            s.add(at_[t][c][kCaptured] == z3::mk_or(captured_now));
        }
    }

    void add_ending(z3::solver& s, const z3::expr_vector& any_move) {
        // Idle steps come last, so the same play is not found at every shift in time.
        for (int t = 1; t < T_; ++t) s.add(z3::implies(!any_move[t - 1], !any_move[t]));
        any_move_ = any_move;
        // No meld left half laid.
        for (int p = 0; p < P_; ++p) {
            z3::expr_vector on = on_place(at_[T_], p);
            s.add(z3::implies(at_least(on, 1), at_least(on, 3)));
        }
    }

    static constexpr int kHand = 0, kCaptured = 1;
    int place_loc(int p) const { return 2 + p; }
    int locs() const { return 2 + P_; }

    z3::expr var(const char* name, int t, int c, int l) const {
        return ctx_.bool_const(
            (std::string(name) + "_" + std::to_string(t) + "_" + std::to_string(c) + "_" + std::to_string(l))
                .c_str());
    }
    std::vector<std::vector<z3::expr>> grid(const char* name, int t) const {
        std::vector<std::vector<z3::expr>> g;
        for (int c = 0; c < N_; ++c) {
            std::vector<z3::expr> row;
            for (int l = 0; l < locs(); ++l) row.push_back(var(name, t, c, l));
            g.push_back(row);
        }
        return g;
    }

    z3::expr_vector on_place(const State& st, int p) const {
        z3::expr_vector v(ctx_);
        for (int c = 0; c < N_; ++c) v.push_back(st[c][place_loc(p)]);
        return v;
    }
    z3::expr_vector matching(const State& st, int p, const std::function<bool(const Card&)>& pick) const {
        z3::expr_vector v(ctx_);
        for (int c = 0; c < N_; ++c)
            if (pick(cards_[static_cast<std::size_t>(c)])) v.push_back(st[c][place_loc(p)]);
        return v;
    }
    z3::expr none(const z3::expr_vector& v) const { return v.empty() ? ctx_.bool_val(true) : !z3::mk_or(v); }
    z3::expr some(const z3::expr_vector& v) const { return v.empty() ? ctx_.bool_val(false) : z3::mk_or(v); }
    z3::expr count_is(const State& st, int p, int k) const {
        z3::expr_vector on = on_place(st, p);
        return at_least(on, k) && at_most(on, k);
    }

    // A set or a run (the caller guarantees 3+ cards are there).
    z3::expr valid(const State& st, int p) const {
        z3::expr set = ctx_.bool_val(true);
        for (Family f : kAllFamilies)
            set = set && at_most(matching(st, p, [&](const Card& c) { return c.family == f; }), 1);
        z3::expr_vector one_value(ctx_);
        for (int v = kLowestValue; v <= kHighestValue; ++v)
            one_value.push_back(
                none(matching(st, p, [&](const Card& c) { return !c.joker() && c.value != v; })));
        set = set && z3::mk_or(one_value);

        z3::expr_vector runs(ctx_);
        for (Family f : kAllFamilies) {
            z3::expr run = none(matching(st, p, [&](const Card& c) { return c.family != f; }));
            for (int v = kLowestValue; v <= kHighestValue; ++v) {
                auto same = matching(st, p, [&](const Card& c) { return c.family == f && c.value == v; });
                if (same.size() > 1) run = run && at_most(same, 1);
            }
            for (int a = kLowestValue; a <= kHighestValue; ++a) {
                for (int b = a + 2; b <= kHighestValue; ++b) {
                    z3::expr both =
                        some(matching(st, p, [&](const Card& c) { return c.family == f && c.value == a; })) &&
                        some(matching(st, p, [&](const Card& c) { return c.family == f && c.value == b; }));
                    run = run && z3::implies(both, at_least(on_place(st, p), b - a + 1));
                }
            }
            runs.push_back(run);
        }
        return set || z3::mk_or(runs);
    }

    // Card c may leave the valid 4-card meld on p: from a set anything; from a run only a card at an
    // end of some reading, i.e. the other three fit a 3-window next to c's value (any, for a joker).
    z3::expr takeable(const State& st, int c, int p) const {
        const Card& card = cards_[static_cast<std::size_t>(c)];
        z3::expr is_set = some(matching(st, p, [&](const Card& d) { return d.family != card.family; }));
        z3::expr_vector ends(ctx_);
        for (int low = kLowestValue; low + 2 <= kHighestValue; ++low) {
            int high = low + 2;
            if (!card.joker() && card.value != low - 1 && card.value != high + 1) continue;
            ends.push_back(none(matching(st, p, [&](const Card& d) {
                return !(d == card) && !d.joker() && (d.value < low || d.value > high);
            })));
        }
        return is_set || some(ends);
    }

    struct Completion {
        int t, p;
        z3::expr done;
        State mid;
    };

    z3::context& ctx_;
    const TurnPosition& turn_;
    int T_, N_ = 0, P_ = 0, hand_count_ = 0;
    std::vector<Card> cards_;
    std::vector<int> where_;
    std::vector<State> at_;
    std::vector<Completion> completes_;
    z3::expr_vector any_move_{ctx_};
};

// A generous bound on the points one play captures for me: every card's points.
int points_ceiling(const TurnPosition& turn) {
    int ceiling = 0;
    for (const Card& c : turn.hand) ceiling += card_points(c, turn.favourite);
    for (const auto& p : turn.places)
        for (const Card& c : p.cards) ceiling += card_points(c, turn.favourite);
    return ceiling;
}

// Out of time: the best play found so far, and which of its figures are proved optimal (the
// objectives of best_play, in order: hand cards left, points below the ceiling, moves).
std::string play_so_far(const TurnPosition& turn, int ceiling, const solver::LexicographicProgress& known) {
    const int hand = static_cast<int>(turn.hand.size());
    auto cards = [&](std::int64_t left, bool proved) {
        return "a play of " + std::to_string(hand - left) + " of " + std::to_string(hand) + " hand cards" +
               (proved ? " (proved most)" : " (not proved most)");
    };
    const auto& proved = known.proved;
    if (proved.empty()) return known.incumbent ? cards(*known.incumbent, false) : std::string();
    std::string best = cards(proved[0], true);
    if (proved.size() == 1) {
        if (known.incumbent)
            best += ", " + std::to_string(ceiling - *known.incumbent) + " points for " + turn.me +
                    " (not proved most)";
        return best;
    }
    best += ", " + std::to_string(ceiling - proved[1]) + " points for " + turn.me + " (proved most)";
    if (known.incumbent) best += ", in " + std::to_string(*known.incumbent) + " moves (not proved fewest)";
    return best;
}

}  // namespace

BestPlay best_play(const TurnPosition& turn, int steps, unsigned timeout_seconds) {
    const solver::Deadline deadline(timeout_seconds);
    int table_cards = 0;
    for (const auto& p : turn.places) table_cards += static_cast<int>(p.cards.size());
    if (steps <= 0) steps = static_cast<int>(turn.hand.size()) + table_cards;
    z3::context ctx;
    z3::solver s(ctx, "QF_FD");
    PlayModel model(ctx, turn, steps);
    model.build(s);

    BestPlay best;
    best.steps = steps;
    auto replay = [&](const z3::model& m) { return replay_turn(turn, model.moves(m)); };
    const int hand = static_cast<int>(turn.hand.size());
    const int ceiling = points_ceiling(turn);
    std::vector<solver::Stage> stages(3);
    // Most hand cards onto the table: the fewest left in the hand.
    stages[0].objective.at_most = [&](std::int64_t b) { return at_most(model.left_in_hand(), b); };
    stages[0].objective.value_of = [&](const z3::model& m) -> std::int64_t {
        return hand - replay(m).played;
    };
    // Most points: minimise the points a generous bound leaves out.
    stages[1].objective.at_most = [&](std::int64_t b) {
        return model.points_at_least(ceiling - static_cast<int>(b));
    };
    stages[1].objective.value_of = [&](const z3::model& m) -> std::int64_t {
        return ceiling - replay(m).points;
    };
    // Among those, the shortest play: no detours through melds that a card leaves again.
    stages[2].objective.at_most = [&](std::int64_t b) { return model.moves_at_most(static_cast<int>(b)); };
    stages[2].objective.value_of = [&](const z3::model& m) -> std::int64_t {
        return static_cast<std::int64_t>(replay(m).moves.size());
    };
    const solver::LexicographicOptions options{
        .deadline = &deadline,
        .best_so_far = [&](const solver::LexicographicProgress& p) { return play_so_far(turn, ceiling, p); }};
    const solver::LexicographicResult found = solver::minimise_lexicographic(s, stages, options);
    best.checks = found.checks;
    if (!found.feasible) throw std::logic_error("the empty play was not found");
    best.outcome = replay(*found.model);
    if (best.outcome.played != hand - found.optima[0] || best.outcome.points != ceiling - found.optima[1])
        throw std::logic_error("the replayed play disagrees with the solver's optimum");
    return best;
}

}  // namespace tlaloc::akelarre
