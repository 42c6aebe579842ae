#include "model/azteka/Rules.h"

#include <algorithm>
#include <sstream>
#include <stdexcept>

namespace tlaloc::azteka {

std::string describe(const Action& a) {
    switch (a.kind) {
        case ActionKind::Place:
            return "place " + std::to_string(a.ring) + " " + std::to_string(a.sector);
        case ActionKind::Turn:
            return "turn " + std::to_string(a.ring);
        case ActionKind::TurnTwo:
            return "turn2 " + std::to_string(a.ring);
        case ActionKind::DeclineBirth:
            return "skip";
    }
    return "?";
}

std::optional<Action> parse_action_words(const std::string& line) {
    std::istringstream in(line);
    std::string word;
    if (!(in >> word)) return std::nullopt;
    auto read_index = [&](int limit) -> std::optional<int> {
        std::string token;
        if (!(in >> token) || token.empty() || token.size() > 2) return std::nullopt;
        if (!std::all_of(token.begin(), token.end(), [](char c) { return c >= '0' && c <= '9'; }))
            return std::nullopt;
        int v = std::stoi(token);
        if (v >= limit) return std::nullopt;
        return v;
    };
    std::optional<Action> action;
    if (word == "place" || word == "p") {
        auto r = read_index(kRings);
        auto s = r ? read_index(kSectors) : std::nullopt;
        if (r && s) action = Action::place(*r, *s);
    } else if (word == "turn" || word == "t") {
        if (auto r = read_index(kRings)) action = Action::turn(*r);
    } else if (word == "turn2" || word == "t2") {
        if (auto r = read_index(kRings)) action = Action::turn_two(*r);
    } else if (word == "skip") {
        action = Action::decline_birth();
    }
    std::string extra;
    if (action && (in >> extra)) return std::nullopt;
    return action;
}

Json action_to_json(const Action& a, bool birth) {
    Json j;
    switch (a.kind) {
        case ActionKind::Place:
            j = {{"place", {a.ring, a.sector}}};
            break;
        case ActionKind::Turn:
            j = {{"turn", a.ring}};
            break;
        case ActionKind::TurnTwo:
            j = {{"turn", a.ring}, {"sectors", 2}};
            break;
        case ActionKind::DeclineBirth:
            j = {{"skip", true}};
            break;
    }
    if (birth) j["birth"] = true;
    return j;
}

bool expands(const Position& pos, Side side) {
    Pawn mine = pawn_of(side);
    for (int s = 0; s < kSectors; ++s) {
        bool any = false;
        for (int r = 0; r < kRings; ++r) any = any || pos.at(r, s) == mine;
        if (!any) return false;
    }
    for (int r = 0; r < kRings; ++r) {
        bool any = false;
        for (int s = 0; s < kSectors; ++s) any = any || pos.at(r, s) == mine;
        if (!any) return false;
    }
    return true;
}

bool dominates(const Position& pos, Side side) {
    Pawn mine = pawn_of(side);
    for (int s = 0; s < kSectors; ++s) {
        bool full = true;
        for (int r = 0; r < kRings; ++r) full = full && pos.at(r, s) == mine;
        if (full) return true;
    }
    for (int r = 0; r < kRings; ++r) {
        bool full = true;
        for (int s = 0; s < kSectors; ++s) full = full && pos.at(r, s) == mine;
        if (full) return true;
    }
    return false;
}

bool all_placed(const Position& pos, Side side) { return pos.supply[static_cast<int>(side)] == 0; }

std::optional<std::string> goal_met(const Position& pos, Side side) {
    const Profile& p = *pos.profile;
    bool may_expand = !p.role_goals || side == Side::Life;
    bool may_dominate = !p.role_goals || side == Side::Death;
    if (may_expand && expands(pos, side)) return "expand";
    if (may_dominate && dominates(pos, side)) return "dominate";
    if (p.all_pawns_goal && all_placed(pos, side)) return "all pawns placed";
    return std::nullopt;
}

namespace {
// The mover is checked first: an action that meets goals of both sides wins for the side acting.
void settle_goals(Game& g, Side mover) {
    Side side = mover;
    for (int i = 0; i < g.position.profile->sides; ++i, side = g.position.next_side(side)) {
        if (auto goal = goal_met(g.position, side)) {
            g.winner = side;
            g.winning_goal = *goal;
            return;
        }
    }
}

int pawns_in_ring(const Position& pos, int ring, Pawn pawn) {
    int n = 0;
    for (int s = 0; s < kSectors; ++s) n += pos.at(ring, s) == pawn;
    return n;
}

void rotate(Position& pos, int ring, int steps) {
    std::array<Pawn, kSectors> old;
    for (int s = 0; s < kSectors; ++s) old[s] = pos.at(ring, s);
    for (int s = 0; s < kSectors; ++s) pos.holes[hole(ring, (s + steps) % kSectors)] = old[s];
}

// After the last action of a turn: the full-board last turns count down, then the next side moves.
void end_turn(Game& g) {
    Position& pos = g.position;
    g.birth_pending = false;
    if (g.last_turns_left > 0) {
        if (--g.last_turns_left == 0) {
            g.drawn = true;
            return;
        }
    } else if (pos.empty_holes() == 0) {
        g.last_turns_left = pos.profile->sides;
    }
    pos.to_move = pos.next_side(pos.to_move);
}

bool any_placement(const Position& pos, Side side) {
    for (int h = 0; h < kHoles; ++h) {
        if (placement_allowed(pos, side, h)) return true;
    }
    return false;
}
}  // namespace

Game start_game(const Position& position) {
    Game g;
    g.position = position;
    settle_goals(g, position.to_move);
    // A full board handed to us means the last turns have begun, the mover's first.
    if (!g.over() && position.empty_holes() == 0) g.last_turns_left = position.profile->sides;
    return g;
}

bool placement_allowed(const Position& pos, Side side, int h) {
    if (pos.holes[h] != Pawn::None || pos.supply[static_cast<int>(side)] == 0) return false;
    if (!pos.profile->adjacency_rule) return true;
    Pawn mine = pawn_of(side);
    // A side with no pawn on the board places freely: its first pawn, or after Disintegration
    // took every Life pawn.
    if (pos.pawns_on_board(side) == 0) return true;
    for (int n : neighbours(h)) {
        if (pos.holes[n] == mine) return true;
    }
    return false;
}

std::vector<Action> legal_actions(const Game& g) {
    std::vector<Action> out;
    if (g.over()) return out;
    const Position& pos = g.position;
    Side me = pos.to_move;
    bool last_turn = g.last_turns_left > 0;
    if (!last_turn) {
        for (int h = 0; h < kHoles; ++h) {
            if (placement_allowed(pos, me, h)) out.push_back(Action::place(ring_of(h), sector_of(h)));
        }
    }
    if (g.birth_pending) {
        out.push_back(Action::decline_birth());
        return out;
    }
    for (int r = 0; r < kRings; ++r) out.push_back(Action::turn(r));
    if (pos.profile->double_turn && !last_turn) {
        for (int r = 0; r < kRings; ++r) {
            int mine = pawns_in_ring(pos, r, pawn_of(me));
            int theirs = kSectors - mine - pawns_in_ring(pos, r, Pawn::None);
            if (mine > theirs) out.push_back(Action::turn_two(r));
        }
    }
    return out;
}

bool is_legal(const Game& g, const Action& a) {
    auto legal = legal_actions(g);
    return std::find(legal.begin(), legal.end(), a) != legal.end();
}

Effects apply(Game& g, const Action& a) {
    if (g.over()) throw std::invalid_argument("the round is over");
    if (!is_legal(g, a)) throw std::invalid_argument("illegal action: " + describe(a));
    Effects fx;
    Position& pos = g.position;
    const Profile& profile = *pos.profile;
    Side me = pos.to_move;
    bool birth = false;
    switch (a.kind) {
        case ActionKind::Place: {
            int h = hole(a.ring, a.sector);
            pos.holes[h] = pawn_of(me);
            --pos.supply[static_cast<int>(me)];
            if (profile.abilities && me == Side::Life) {
                birth = true;
                for (int r = 0; r < kRings; ++r) birth = birth && pos.at(r, a.sector) == Pawn::Life;
            }
            if (profile.abilities && me == Side::Death) {
                // One simultaneous sweep after the placement; replacements come from Death's hand
                // (in hole order while it lasts) and the Life pawn goes back to Life's hand.
                std::vector<int> surrounded;
                for (int l = 0; l < kHoles; ++l) {
                    if (pos.holes[l] != Pawn::Life) continue;
                    const auto& ns = neighbours(l);
                    if (std::all_of(ns.begin(), ns.end(),
                                    [&](int n) { return pos.holes[n] == Pawn::Death; })) {
                        surrounded.push_back(l);
                    }
                }
                for (int l : surrounded) {
                    if (pos.supply[static_cast<int>(Side::Death)] == 0) break;
                    pos.holes[l] = Pawn::Death;
                    --pos.supply[static_cast<int>(Side::Death)];
                    ++pos.supply[static_cast<int>(Side::Life)];
                    fx.disintegrated.push_back(l);
                }
            }
            break;
        }
        case ActionKind::Turn:
            rotate(pos, a.ring, 1);
            break;
        case ActionKind::TurnTwo:
            rotate(pos, a.ring, 2);
            break;
        case ActionKind::DeclineBirth:
            break;
    }
    settle_goals(g, me);
    if (g.over()) return fx;
    if (birth && any_placement(pos, me)) {
        g.birth_pending = true;
        fx.birth = true;
        return fx;
    }
    end_turn(g);
    return fx;
}

void pass(Game& g) {
    if (g.over()) throw std::invalid_argument("the round is over");
    end_turn(g);
}

}  // namespace tlaloc::azteka

namespace tlaloc::azteka {

namespace {
void extend_turn(const Game& g, std::vector<Action>& prefix, std::vector<WholeTurn>& out) {
    for (const Action& a : legal_actions(g)) {
        Game h = g;
        apply(h, a);
        prefix.push_back(a);
        if (!h.over() && h.birth_pending) {
            extend_turn(h, prefix, out);
        } else {
            out.push_back({prefix, std::move(h)});
        }
        prefix.pop_back();
    }
}
}  // namespace

std::vector<WholeTurn> whole_turns(const Game& game) {
    std::vector<WholeTurn> out;
    std::vector<Action> prefix;
    extend_turn(game, prefix, out);
    return out;
}

}  // namespace tlaloc::azteka
