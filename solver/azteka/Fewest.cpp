#include "solver/azteka/Fewest.h"

#include <z3++.h>
#include <algorithm>
#include <stdexcept>

#include "solver/common/Minimise.h"

namespace tlaloc::azteka {

namespace {

using Layer = std::vector<z3::expr>;  // one Boolean per hole: "a pawn of this side is here"

z3::expr count_at_most(const Layer& bits, int k, z3::context& c) {
    if (k < 0) return c.bool_val(false);
    z3::expr_vector v(c);
    for (const auto& b : bits) v.push_back(b);
    return z3::atmost(v, static_cast<unsigned>(k));
}

z3::expr count_at_least(const Layer& bits, int k, z3::context& c) {
    if (k <= 0) return c.bool_val(true);
    z3::expr_vector v(c);
    for (const auto& b : bits) v.push_back(b);
    return z3::atleast(v, static_cast<unsigned>(k));
}

// The holes of each sector (across the rings), then of each ring (around the sectors).
std::vector<z3::expr_vector> lines(const Layer& z, z3::context& c) {
    std::vector<z3::expr_vector> out;
    for (int s = 0; s < kSectors; ++s) {
        z3::expr_vector line(c);
        for (int r = 0; r < kRings; ++r) line.push_back(z[hole(r, s)]);
        out.push_back(line);
    }
    for (int r = 0; r < kRings; ++r) {
        z3::expr_vector line(c);
        for (int s = 0; s < kSectors; ++s) line.push_back(z[hole(r, s)]);
        out.push_back(line);
    }
    return out;
}

z3::expr expands(const Layer& z, z3::context& c) {  // every sector and every ring holds a pawn
    z3::expr_vector all(c);
    for (const auto& line : lines(z, c)) all.push_back(z3::mk_or(line));
    return z3::mk_and(all);
}

z3::expr dominates(const Layer& z, z3::context& c) {  // some sector or some ring is full
    z3::expr_vector any(c);
    for (const auto& line : lines(z, c)) any.push_back(z3::mk_and(line));
    return z3::mk_or(any);
}

z3::expr role_goal(const Profile& p, Side side, const Layer& z, z3::context& c) {
    z3::expr g = c.bool_val(false);
    if (!p.role_goals || side == Side::Life) g = g || expands(z, c);
    if (!p.role_goals || side == Side::Death) g = g || dominates(z, c);
    return g;
}

// The unrolled round: states 0..steps, one action per step. A step is a turn, or Birth's bonus
// placement (same turn), or idling once the goal is met, so the goal's state is the last one.
class Unrolling {
public:
    Unrolling(z3::context& c, const Position& start, int max_turns)
        : c_(c), start_(start), p_(*start.profile), mover_(start.to_move) {
        for (int i = 0; i < p_.sides; ++i) {
            if (static_cast<Side>(i) != mover_) opponents_.push_back(static_cast<Side>(i));
        }
        base_ = start.pawns_on_board(mover_);
        in_hand_ = start.supply[static_cast<int>(mover_)];
        births_ = p_.abilities && mover_ == Side::Life;
        disintegrates_ = p_.abilities && mover_ == Side::Death;
        // Every bonus placement is a placement, so there are at most as many as pawns in hand.
        steps_ = max_turns + (births_ ? in_hand_ : 0);
        build(max_turns);
    }

    z3::solver& solver() { return solver_; }
    const Layer& final_mover() const { return x_.back(); }
    const Layer& turn_steps() const { return turn_step_; }

    std::vector<PlanStep> plan(const z3::model& m) const {
        std::vector<PlanStep> out;
        auto on = [&](const z3::expr& e) { return m.eval(e, true).is_true(); };
        for (int t = 0; t < steps_; ++t) {
            if (on(idle_[t])) break;
            PlanStep step;
            step.birth = on(bonus_[t]);
            for (int h = 0; h < kHoles; ++h) {
                if (on(place_[t][h])) step.action = Action::place(ring_of(h), sector_of(h));
            }
            for (int r = 0; r < kRings; ++r) {
                if (on(turn_[t][r])) step.action = Action::turn(r);
                if (p_.double_turn && on(turn2_[t][r])) step.action = Action::turn_two(r);
            }
            out.push_back(step);
        }
        return out;
    }

private:
    Layer fresh_layer(const std::string& name) {
        Layer l;
        for (int h = 0; h < kHoles; ++h) l.push_back(c_.bool_const((name + "_" + std::to_string(h)).c_str()));
        return l;
    }
    Layer fixed_layer(Pawn pawn) {
        Layer l;
        for (int h = 0; h < kHoles; ++h) l.push_back(c_.bool_val(start_.holes[h] == pawn));
        return l;
    }
    z3::expr mover_goal(const Layer& x) {
        z3::expr g = role_goal(p_, mover_, x, c_);
        if (p_.all_pawns_goal) g = g || count_at_least(x, base_ + in_hand_, c_);
        return g;
    }

    void build(int max_turns) {
        x_.push_back(fixed_layer(pawn_of(mover_)));
        y_.resize(opponents_.size());
        for (std::size_t k = 0; k < opponents_.size(); ++k)
            y_[k].push_back(fixed_layer(pawn_of(opponents_[k])));
        z3::expr previous_birth = c_.bool_val(false);
        for (int t = 0; t < steps_; ++t) {
            std::string tag = std::to_string(t);
            const Layer& x = x_[t];
            Layer place = fresh_layer("place" + tag);
            Layer turn, turn2;
            for (int r = 0; r < kRings; ++r) {
                turn.push_back(c_.bool_const(("turn" + tag + "_" + std::to_string(r)).c_str()));
                turn2.push_back(p_.double_turn
                                    ? c_.bool_const(("turnTwo" + tag + "_" + std::to_string(r)).c_str())
                                    : c_.bool_val(false));
            }
            z3::expr idle = c_.bool_const(("idle" + tag).c_str());
            z3::expr bonus = c_.bool_const(("bonus" + tag).c_str());
            z3::expr_vector choice(c_);
            for (auto& e : place) choice.push_back(e);
            for (auto& e : turn) choice.push_back(e);
            if (p_.double_turn)
                for (auto& e : turn2) choice.push_back(e);
            choice.push_back(idle);
            solver_.add(z3::pbeq(choice, std::vector<int>(choice.size(), 1).data(), 1));

            z3::expr goal_now = mover_goal(x);
            solver_.add(idle == goal_now);
            for (std::size_t k = 0; k < opponents_.size(); ++k) {
                if (t > 0) solver_.add(z3::implies(!goal_now, !role_goal(p_, opponents_[k], y_[k][t], c_)));
            }
            z3::expr_vector occupied(c_);
            for (int h = 0; h < kHoles; ++h) {
                z3::expr o = x[h];
                for (auto& y : y_) o = o || y[t][h];
                occupied.push_back(o);
            }
            // Board full, no goal: the mover's one last turn (a plain ring turn) must meet it.
            z3::expr full = z3::mk_and(occupied);
            for (int r = 0; r < kRings; ++r) solver_.add(z3::implies(full, !turn2[r]));

            z3::expr any_place = c_.bool_val(false);
            z3::expr none_mine = !count_at_least(x, 1, c_);
            for (int h = 0; h < kHoles; ++h) {
                any_place = any_place || place[h];
                solver_.add(z3::implies(place[h], !occupied[h]));
                if (p_.adjacency_rule) {
                    z3::expr touch = none_mine;
                    for (int n : neighbours(h)) touch = touch || x[n];
                    solver_.add(z3::implies(place[h], touch));
                }
            }
            solver_.add(z3::implies(any_place, count_at_most(x, base_ + in_hand_ - 1, c_)));
            for (int r = 0; r < kRings; ++r) {
                if (!p_.double_turn) break;
                z3::expr_vector ring(c_);
                std::vector<int> weight;
                for (int s = 0; s < kSectors; ++s) {
                    ring.push_back(x[hole(r, s)]);
                    weight.push_back(1);
                    for (auto& y : y_) {
                        ring.push_back(y[t][hole(r, s)]);
                        weight.push_back(-1);
                    }
                }
                solver_.add(z3::implies(turn2[r], z3::pbge(ring, weight.data(), 1)));
            }
            solver_.add(z3::implies(bonus, any_place && previous_birth));
            bonus_.push_back(bonus);
            idle_.push_back(idle);
            turn_step_.push_back(!idle && !bonus);

            Layer conv(kHoles, c_.bool_val(false));
            if (disintegrates_) {
                // Death's placement surrounds Life pawns; they turn while Death's hand lasts, in hole order.
                Layer after;
                for (int h = 0; h < kHoles; ++h) after.push_back(x[h] || place[h]);
                Layer& life = y_[0][t];  // Death moving: the only opponent is Life
                Layer surrounded;
                for (int l = 0; l < kHoles; ++l) {
                    z3::expr s = any_place && life[l];
                    for (int n : neighbours(l)) s = s && after[n];
                    surrounded.push_back(s);
                }
                for (int l = 0; l < kHoles; ++l) {
                    Layer used = after;
                    for (int e = 0; e < l; ++e) used.push_back(surrounded[e]);
                    conv[l] = c_.bool_const(("conv" + tag + "_" + std::to_string(l)).c_str());
                    solver_.add(conv[l] == (surrounded[l] && count_at_most(used, base_ + in_hand_ - 1, c_)));
                }
            }

            Layer next = fresh_layer("mover" + std::to_string(t + 1));
            for (int h = 0; h < kHoles; ++h) {
                int r = ring_of(h), s = sector_of(h);
                int back1 = hole(r, (s + kSectors - 1) % kSectors),
                    back2 = hole(r, (s + kSectors - 2) % kSectors);
                z3::expr still = !turn[r] && !turn2[r];
                solver_.add(next[h] == ((still && (x[h] || place[h] || conv[h])) || (turn[r] && x[back1]) ||
                                        (turn2[r] && x[back2])));
            }
            for (std::size_t k = 0; k < opponents_.size(); ++k) {
                const Layer& y = y_[k][t];
                Layer ynext = fresh_layer("side" + std::to_string(k) + "_" + std::to_string(t + 1));
                for (int h = 0; h < kHoles; ++h) {
                    int r = ring_of(h), s = sector_of(h);
                    int back1 = hole(r, (s + kSectors - 1) % kSectors),
                        back2 = hole(r, (s + kSectors - 2) % kSectors);
                    z3::expr still = !turn[r] && !turn2[r];
                    solver_.add(ynext[h] == ((still && y[h] && !conv[h]) || (turn[r] && y[back1]) ||
                                             (turn2[r] && y[back2])));
                }
                y_[k].push_back(ynext);
            }
            solver_.add(z3::implies(full && !goal_now, mover_goal(next)));

            previous_birth = c_.bool_val(false);
            if (births_) {
                for (int h = 0; h < kHoles; ++h) {
                    z3::expr filled = place[h];
                    for (int r = 0; r < kRings; ++r) filled = filled && next[hole(r, sector_of(h))];
                    previous_birth = previous_birth || filled;
                }
            }
            x_.push_back(next);
            place_.push_back(place);
            turn_.push_back(turn);
            turn2_.push_back(turn2);
        }
        solver_.add(mover_goal(x_.back()));
        solver_.add(count_at_most(turn_step_, max_turns, c_));
    }

    z3::context& c_;
    const Position& start_;
    const Profile& p_;
    Side mover_;
    std::vector<Side> opponents_;
    int base_ = 0, in_hand_ = 0, steps_ = 0;
    bool births_ = false, disintegrates_ = false;
    z3::solver solver_{c_};
    std::vector<Layer> x_;               // mover's pawns per state
    std::vector<std::vector<Layer>> y_;  // each opponent's pawns per state
    std::vector<Layer> place_, turn_, turn2_;
    Layer idle_, bonus_, turn_step_;
};

PlanReplay checked_replay(const Position& start, const std::vector<PlanStep>& plan) {
    PlanReplay r = replay_against_passive(start, plan);
    if (!r.reaches_goal) throw std::logic_error("Z3 plan fails in the rules engine: " + r.problem);
    return r;
}

// No goal can be met with fewer pawns: Expand needs one in each of the 8 sectors, Dominate a whole
// sector (4), placing everything the whole hand.
int fewest_conceivable(const Position& start) {
    const Profile& p = *start.profile;
    Side me = start.to_move;
    int base = start.pawns_on_board(me);
    int best = p.all_pawns_goal ? base + start.supply[static_cast<int>(me)] : kHoles;
    if (!p.role_goals || me == Side::Life) best = std::min(best, std::max(base, kSectors));
    if (!p.role_goals || me == Side::Death) best = std::min(best, std::max(base, kRings));
    return best;
}

}  // namespace

FewestResult fewest_pawns(const Position& start, int max_turns, unsigned timeout_seconds) {
    const solver::Deadline deadline(timeout_seconds);
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
    z3::context c;
    Unrolling u(c, start, max_turns);
    const Layer& final_mover = u.final_mover();
    solver::Objective pawns;
    pawns.at_most = [&](std::int64_t b) { return count_at_most(final_mover, static_cast<int>(b), c); };
    pawns.value_of = [&](const z3::model& m) { return std::int64_t{checked_replay(start, u.plan(m)).pawns}; };
    pawns.lower_bound = fewest_conceivable(start);
    pawns.deadline = &deadline;
    // Out of time: name the best plan found so far and what is proved about the pawns.
    std::string pawns_known = "at least " + std::to_string(pawns.lower_bound) + " pawns needed";
    auto pawns_limit = [&](solver::SearchLimitReached& e) {
        e.set_best_so_far(e.incumbent() ? "a goal with " + std::to_string(*e.incumbent()) + " pawns within " +
                                              std::to_string(max_turns) + " turns (not proved fewest; " +
                                              pawns_known + ")"
                                        : "no plan yet (" + pawns_known + ")");
    };
    solver::MinimiseResult best_pawns;
    try {
        // Try the counting bound first: classic questions meet it, and then no descent is needed.
        best_pawns = solver::minimise(u.solver(), pawns, pawns.lower_bound);
        out.solver_checks += best_pawns.checks;
        if (!best_pawns.feasible) {
            pawns_known = "at least " + std::to_string(pawns.lower_bound + 1) + " pawns needed";
            best_pawns = solver::minimise(u.solver(), pawns);
            out.solver_checks += best_pawns.checks;
        }
    } catch (solver::SearchLimitReached& e) {
        pawns_limit(e);
        throw;
    }
    if (!best_pawns.feasible) {
        out.reason = "no goal can be met within " + std::to_string(max_turns) + " turns";
        return out;
    }
    u.solver().add(count_at_most(final_mover, static_cast<int>(best_pawns.optimum), c));
    solver::Objective turns;
    turns.at_most = [&](std::int64_t b) { return count_at_most(u.turn_steps(), static_cast<int>(b), c); };
    turns.value_of = [&](const z3::model& m) { return std::int64_t{checked_replay(start, u.plan(m)).turns}; };
    turns.deadline = &deadline;
    solver::MinimiseResult best_turns;
    try {
        best_turns = solver::minimise(u.solver(), turns);
    } catch (solver::SearchLimitReached& e) {
        e.set_best_so_far("a goal with " + std::to_string(best_pawns.optimum) + " pawns (proved fewest)" +
                          (e.incumbent()
                               ? " in " + std::to_string(*e.incumbent()) + " turns (not proved fewest)"
                               : " within " + std::to_string(max_turns) + " turns"));
        throw;
    }
    out.solver_checks += best_turns.checks;
    if (!best_turns.feasible) throw std::logic_error("the pawn optimum vanished when minimising turns");
    out.plan = u.plan(*best_turns.model);
    PlanReplay replay = checked_replay(start, out.plan);
    if (replay.pawns != best_pawns.optimum || replay.turns != best_turns.optimum) {
        throw std::logic_error("replayed plan does not have the proved pawns and turns");
    }
    out.found = true;
    out.pawns = replay.pawns;
    out.turns = replay.turns;
    out.goal = replay.goal;
    return out;
}

}  // namespace tlaloc::azteka
