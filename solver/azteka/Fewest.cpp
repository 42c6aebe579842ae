#include "solver/azteka/Fewest.h"

#include <z3++.h>
#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "solver/common/Cardinality.h"
#include "solver/common/Minimise.h"

namespace tlaloc::azteka {

namespace {

using Layer = std::vector<z3::expr>;  // one Boolean per hole: "a pawn of this side is here"

z3::expr_vector literals(const Layer& bits, z3::context& c) {
    z3::expr_vector v(c);
    for (const auto& b : bits) v.push_back(b);
    return v;
}

z3::expr count_at_most(const Layer& bits, int k, z3::context& c) {
    return solver::at_most(literals(bits, c), k);
}

z3::expr count_at_least(const Layer& bits, int k, z3::context& c) {
    return solver::at_least(literals(bits, c), k);
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

    // One step's choice and what the rules read from the state before it.
    struct Step {
        Layer place, turn, turn2;  // a placement on a hole, a ring turned by one or by two
        z3::expr idle, bonus;      // no action (goal met), Birth's bonus placement
        z3::expr goal_now, full, any_place;
        explicit Step(z3::context& c) : idle(c), bonus(c), goal_now(c), full(c), any_place(c) {}
    };

    void build(int max_turns) {
        x_.push_back(fixed_layer(pawn_of(mover_)));
        y_.resize(opponents_.size());
        for (std::size_t k = 0; k < opponents_.size(); ++k)
            y_[k].push_back(fixed_layer(pawn_of(opponents_[k])));
        z3::expr previous_birth = c_.bool_val(false);
        for (int t = 0; t < steps_; ++t) {
            Step step = declare_step(t);
            add_goal_rules(t, step);
            const z3::expr_vector occupied = add_full_board_rule(t, step);
            add_placement_rules(t, step, occupied);
            add_double_turn_rule(t, step);
            solver_.add(z3::implies(step.bonus, step.any_place && previous_birth));
            bonus_.push_back(step.bonus);
            idle_.push_back(step.idle);
            turn_step_.push_back(!step.idle && !step.bonus);

            const Layer conv = conversions(t, step);
            const Layer next = add_transitions(t, step, conv);
            solver_.add(z3::implies(step.full && !step.goal_now, mover_goal(next)));
            previous_birth = birth_after(step, next);
            x_.push_back(next);
            place_.push_back(step.place);
            turn_.push_back(step.turn);
            turn2_.push_back(step.turn2);
        }
        solver_.add(mover_goal(x_.back()));
        solver_.add(count_at_most(turn_step_, max_turns, c_));
    }

    // Step t's action variables, exactly one of which holds.
    Step declare_step(int t) {
        std::string tag = std::to_string(t);
        Step step(c_);
        step.place = fresh_layer("place" + tag);
        for (int r = 0; r < kRings; ++r) {
            step.turn.push_back(c_.bool_const(("turn" + tag + "_" + std::to_string(r)).c_str()));
            step.turn2.push_back(p_.double_turn
                                     ? c_.bool_const(("turnTwo" + tag + "_" + std::to_string(r)).c_str())
                                     : c_.bool_val(false));
        }
        step.idle = c_.bool_const(("idle" + tag).c_str());
        step.bonus = c_.bool_const(("bonus" + tag).c_str());
        z3::expr_vector choice(c_);
        for (auto& e : step.place) choice.push_back(e);
        for (auto& e : step.turn) choice.push_back(e);
        if (p_.double_turn)
            for (auto& e : step.turn2) choice.push_back(e);
        choice.push_back(step.idle);
        solver_.add(solver::exactly(choice, 1));
        return step;
    }

    // Idle exactly once the mover's goal is met; no opponent meets its goal before that.
    void add_goal_rules(int t, Step& step) {
        step.goal_now = mover_goal(x_[t]);
        solver_.add(step.idle == step.goal_now);
        for (std::size_t k = 0; k < opponents_.size(); ++k) {
            if (t > 0) solver_.add(z3::implies(!step.goal_now, !role_goal(p_, opponents_[k], y_[k][t], c_)));
        }
    }

    // The holes taken before step t. Board full, no goal: the mover's one last turn (a plain ring
    // turn) must meet it.
    z3::expr_vector add_full_board_rule(int t, Step& step) {
        const Layer& x = x_[t];
        z3::expr_vector occupied(c_);
        for (int h = 0; h < kHoles; ++h) {
            z3::expr o = x[h];
            for (auto& y : y_) o = o || y[t][h];
            occupied.push_back(o);
        }
        step.full = z3::mk_and(occupied);
        for (int r = 0; r < kRings; ++r) solver_.add(z3::implies(step.full, !step.turn2[r]));
        return occupied;
    }

    // A placement goes on a free hole, next to one of the mover's pawns (when the profile says so and
    // the mover has one), and only while a pawn is left in hand.
    void add_placement_rules(int t, Step& step, const z3::expr_vector& occupied) {
        const Layer& x = x_[t];
        step.any_place = c_.bool_val(false);
        z3::expr none_mine = !count_at_least(x, 1, c_);
        for (int h = 0; h < kHoles; ++h) {
            step.any_place = step.any_place || step.place[h];
            solver_.add(z3::implies(step.place[h], !occupied[h]));
            if (p_.adjacency_rule) {
                z3::expr touch = none_mine;
                for (int n : neighbours(h)) touch = touch || x[n];
                solver_.add(z3::implies(step.place[h], touch));
            }
        }
        solver_.add(z3::implies(step.any_place, count_at_most(x, base_ + in_hand_ - 1, c_)));
    }

    // Turning a ring by two needs more of the mover's pawns than the opponents' on it.
    void add_double_turn_rule(int t, const Step& step) {
        for (int r = 0; r < kRings; ++r) {
            if (!p_.double_turn) break;
            z3::expr_vector ring(c_);
            std::vector<int> weight;
            for (int s = 0; s < kSectors; ++s) {
                ring.push_back(x_[t][hole(r, s)]);
                weight.push_back(1);
                for (auto& y : y_) {
                    ring.push_back(y[t][hole(r, s)]);
                    weight.push_back(-1);
                }
            }
            solver_.add(z3::implies(step.turn2[r], solver::weighted_at_least(ring, weight, 1)));
        }
    }

    // The opponent pawns Death's step t converts ("conv" per hole; all false unless Death moves).
    Layer conversions(int t, const Step& step) {
        Layer conv(kHoles, c_.bool_val(false));
        if (!disintegrates_) return conv;
        // Death's placement surrounds Life pawns; they turn while Death's hand lasts, in hole order.
        const Layer& x = x_[t];
        Layer after;
        for (int h = 0; h < kHoles; ++h) after.push_back(x[h] || step.place[h]);
        Layer& life = y_[0][t];  // Death moving: the only opponent is Life
        Layer surrounded;
        for (int l = 0; l < kHoles; ++l) {
            z3::expr s = step.any_place && life[l];
            for (int n : neighbours(l)) s = s && after[n];
            surrounded.push_back(s);
        }
        for (int l = 0; l < kHoles; ++l) {
            Layer used = after;
            for (int e = 0; e < l; ++e) used.push_back(surrounded[e]);
            conv[l] = c_.bool_const(("conv" + std::to_string(t) + "_" + std::to_string(l)).c_str());
            solver_.add(conv[l] == (surrounded[l] && count_at_most(used, base_ + in_hand_ - 1, c_)));
        }
        return conv;
    }

    // Every side's pawns after step t (appended to y_ for the opponents); returns the mover's.
    Layer add_transitions(int t, const Step& step, const Layer& conv) {
        const Layer& x = x_[t];
        Layer next = fresh_layer("mover" + std::to_string(t + 1));
        for (int h = 0; h < kHoles; ++h) {
            int r = ring_of(h), s = sector_of(h);
            int back1 = hole(r, (s + kSectors - 1) % kSectors),
                back2 = hole(r, (s + kSectors - 2) % kSectors);
            z3::expr still = !step.turn[r] && !step.turn2[r];
            solver_.add(next[h] == ((still && (x[h] || step.place[h] || conv[h])) ||
                                    (step.turn[r] && x[back1]) || (step.turn2[r] && x[back2])));
        }
        for (std::size_t k = 0; k < opponents_.size(); ++k) {
            const Layer& y = y_[k][t];
            Layer ynext = fresh_layer("side" + std::to_string(k) + "_" + std::to_string(t + 1));
            for (int h = 0; h < kHoles; ++h) {
                int r = ring_of(h), s = sector_of(h);
                int back1 = hole(r, (s + kSectors - 1) % kSectors),
                    back2 = hole(r, (s + kSectors - 2) % kSectors);
                z3::expr still = !step.turn[r] && !step.turn2[r];
                solver_.add(ynext[h] == ((still && y[h] && !conv[h]) || (step.turn[r] && y[back1]) ||
                                         (step.turn2[r] && y[back2])));
            }
            y_[k].push_back(ynext);
        }
        return next;
    }

    // "Step t's placement completed a sector" (Birth's ability), which allows a bonus placement next.
    z3::expr birth_after(const Step& step, const Layer& next) {
        z3::expr birth = c_.bool_val(false);
        if (births_) {
            for (int h = 0; h < kHoles; ++h) {
                z3::expr filled = step.place[h];
                for (int r = 0; r < kRings; ++r) filled = filled && next[hole(r, sector_of(h))];
                birth = birth || filled;
            }
        }
        return birth;
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

// The answer when the round is over before the mover's turn: met with the pawns already there,
// or not at all.
FewestResult already_over(const Position& start, const Game& g) {
    FewestResult out;
    if (g.winner == start.to_move) {
        out.found = true;
        out.pawns = start.pawns_on_board(start.to_move);
        out.goal = g.winning_goal;
    } else {
        out.reason =
            "the round is already over: " + side_name(*g.winner) + " meets its goal (" + g.winning_goal + ")";
    }
    return out;
}

// Out of time: the best plan found so far and what is proved (the objectives of fewest_pawns, in
// order: pawns, then turns).
std::string plan_so_far(int max_turns, const solver::LexicographicProgress& known) {
    if (known.proved.empty()) {
        const std::string pawns_known = "at least " + std::to_string(known.lower_bound) + " pawns needed";
        return known.incumbent
                   ? "a goal with " + std::to_string(*known.incumbent) + " pawns within " +
                         std::to_string(max_turns) + " turns (not proved fewest; " + pawns_known + ")"
                   : "no plan yet (" + pawns_known + ")";
    }
    return "a goal with " + std::to_string(known.proved[0]) + " pawns (proved fewest)" +
           (known.incumbent ? " in " + std::to_string(*known.incumbent) + " turns (not proved fewest)"
                            : " within " + std::to_string(max_turns) + " turns");
}

}  // namespace

FewestResult fewest_pawns(const Position& start, int max_turns, unsigned timeout_seconds) {
    const solver::Deadline deadline(timeout_seconds);
    FewestResult out;
    Game g = start_game(start);
    if (g.over()) return already_over(start, g);
    z3::context c;
    Unrolling u(c, start, max_turns);
    std::vector<solver::Stage> stages(2);
    // The fewest pawns; the counting bound first: classic questions meet it, and then no descent is
    // needed.
    solver::Objective& pawns = stages[0].objective;
    pawns.at_most = [&](std::int64_t b) { return count_at_most(u.final_mover(), static_cast<int>(b), c); };
    pawns.value_of = [&](const z3::model& m) { return std::int64_t{checked_replay(start, u.plan(m)).pawns}; };
    pawns.lower_bound = fewest_conceivable(start);
    stages[0].try_lower_bound_first = true;
    // Then the fewest turns with that many pawns.
    solver::Objective& turns = stages[1].objective;
    turns.at_most = [&](std::int64_t b) { return count_at_most(u.turn_steps(), static_cast<int>(b), c); };
    turns.value_of = [&](const z3::model& m) { return std::int64_t{checked_replay(start, u.plan(m)).turns}; };
    const solver::LexicographicOptions options{
        .deadline = &deadline,
        .best_so_far = [&](const solver::LexicographicProgress& p) { return plan_so_far(max_turns, p); }};
    const solver::LexicographicResult found = solver::minimise_lexicographic(u.solver(), stages, options);
    out.solver_checks = found.checks;
    if (!found.feasible) {
        out.reason = "no goal can be met within " + std::to_string(max_turns) + " turns";
        return out;
    }
    out.plan = u.plan(*found.model);
    PlanReplay replay = checked_replay(start, out.plan);
    if (replay.pawns != found.optima[0] || replay.turns != found.optima[1]) {
        throw std::logic_error("replayed plan does not have the proved pawns and turns");
    }
    out.found = true;
    out.pawns = replay.pawns;
    out.turns = replay.turns;
    out.goal = replay.goal;
    return out;
}

}  // namespace tlaloc::azteka
