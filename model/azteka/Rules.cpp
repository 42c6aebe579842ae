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

namespace {

// Why an action is refused, as a code: legal_actions filters every candidate through it, so it
// must not build strings; why_illegal turns the code into words.
enum class Refusal {
    None,
    RoundOver,
    NoSuchHole,
    NoSuchRing,
    LastTurnsNoPlacement,
    HoleTaken,
    NoPawnInHand,
    MustTouchOwnPawn,
    BirthPending,
    NoDoubleTurnInVariant,
    LastTurnsSingleTurn,
    NoRingMajority,
    NoBirthToDecline,
};

bool holds_majority(const Position& pos, Side side, int ring) {
    int mine = pawns_in_ring(pos, ring, pawn_of(side));
    int theirs = kSectors - mine - pawns_in_ring(pos, ring, Pawn::None);
    return mine > theirs;
}

Refusal refuse_place(const Game& g, const Action& a) {
    const Position& pos = g.position;
    if (a.ring < 0 || a.ring >= kRings || a.sector < 0 || a.sector >= kSectors) return Refusal::NoSuchHole;
    if (g.last_turns_left > 0) return Refusal::LastTurnsNoPlacement;
    if (pos.at(a.ring, a.sector) != Pawn::None) return Refusal::HoleTaken;
    if (pos.supply[static_cast<int>(pos.to_move)] == 0) return Refusal::NoPawnInHand;
    if (!placement_allowed(pos, pos.to_move, hole(a.ring, a.sector))) return Refusal::MustTouchOwnPawn;
    return Refusal::None;
}

Refusal refuse_turn(const Game& g, const Action& a, bool two_sectors) {
    const Position& pos = g.position;
    if (a.ring < 0 || a.ring >= kRings) return Refusal::NoSuchRing;
    if (two_sectors && !pos.profile->double_turn) return Refusal::NoDoubleTurnInVariant;
    if (g.birth_pending) return Refusal::BirthPending;
    if (!two_sectors) return Refusal::None;
    if (g.last_turns_left > 0) return Refusal::LastTurnsSingleTurn;
    if (!holds_majority(pos, pos.to_move, a.ring)) return Refusal::NoRingMajority;
    return Refusal::None;
}

Refusal refusal(const Game& g, const Action& a) {
    if (g.over()) return Refusal::RoundOver;
    switch (a.kind) {
        case ActionKind::Place:
            return refuse_place(g, a);
        case ActionKind::Turn:
            return refuse_turn(g, a, false);
        case ActionKind::TurnTwo:
            return refuse_turn(g, a, true);
        case ActionKind::DeclineBirth:
            return g.birth_pending ? Refusal::None : Refusal::NoBirthToDecline;
    }
    return Refusal::None;
}

std::string words(Refusal r, const Game& g, const Action& a) {
    const std::string side = side_name(g.position.to_move);
    const std::string ring = "ring " + std::to_string(a.ring);
    switch (r) {
        case Refusal::None:
            break;
        case Refusal::RoundOver:
            return "the round is over";
        case Refusal::NoSuchHole:
            return "there is no " + ring + ", sector " + std::to_string(a.sector) +
                   " (rings 0-3, sectors 0-7)";
        case Refusal::NoSuchRing:
            return "there is no " + ring + " (rings 0-3)";
        case Refusal::LastTurnsNoPlacement:
            return "the board is full: the last turns are ring turns only";
        case Refusal::HoleTaken:
            return ring + ", sector " + std::to_string(a.sector) + " is taken";
        case Refusal::NoPawnInHand:
            return side + " has no pawn left in hand";
        case Refusal::MustTouchOwnPawn:
            return "a new " + side + " pawn must touch one of its own pawns (same ring or same sector)";
        case Refusal::BirthPending:
            return "Birth is pending: place another pawn or skip";
        case Refusal::NoDoubleTurnInVariant:
            return "a ring turns two sectors only in the aggressive variant";
        case Refusal::LastTurnsSingleTurn:
            return "the last turns allow one-sector ring turns only";
        case Refusal::NoRingMajority:
            return side + " does not hold more of " + ring + " than the others";
        case Refusal::NoBirthToDecline:
            return "there is no Birth placement to decline";
    }
    return "";
}

// Effects of a placement: Birth (Life filled a sector) or Disintegration (Death surrounded Life
// pawns). Returns whether Birth's bonus placement is earned.
bool place_pawn(Position& pos, Side me, const Action& a, Effects& fx) {
    pos.holes[hole(a.ring, a.sector)] = pawn_of(me);
    --pos.supply[static_cast<int>(me)];
    if (!pos.profile->abilities) return false;
    if (me == Side::Life) {
        for (int r = 0; r < kRings; ++r) {
            if (pos.at(r, a.sector) != Pawn::Life) return false;
        }
        return true;
    }
    if (me != Side::Death) return false;
    // One simultaneous sweep after the placement; replacements come from Death's hand (in hole
    // order while it lasts) and the Life pawn goes back to Life's hand.
    std::vector<int> surrounded;
    for (int l = 0; l < kHoles; ++l) {
        if (pos.holes[l] != Pawn::Life) continue;
        const auto& ns = neighbours(l);
        if (std::all_of(ns.begin(), ns.end(), [&](int n) { return pos.holes[n] == Pawn::Death; }))
            surrounded.push_back(l);
    }
    for (int l : surrounded) {
        if (pos.supply[static_cast<int>(Side::Death)] == 0) break;
        pos.holes[l] = Pawn::Death;
        --pos.supply[static_cast<int>(Side::Death)];
        ++pos.supply[static_cast<int>(Side::Life)];
        fx.disintegrated.push_back(l);
    }
    return false;
}

}  // namespace

std::optional<std::string> why_illegal(const Game& g, const Action& a) {
    Refusal r = refusal(g, a);
    if (r == Refusal::None) return std::nullopt;
    return words(r, g, a);
}

std::vector<Action> legal_actions(const Game& g) {
    std::vector<Action> out;
    if (g.over()) return out;
    auto consider = [&](const Action& a) {
        if (refusal(g, a) == Refusal::None) out.push_back(a);
    };
    for (int h = 0; h < kHoles; ++h) consider(Action::place(ring_of(h), sector_of(h)));
    consider(Action::decline_birth());
    for (int r = 0; r < kRings; ++r) consider(Action::turn(r));
    for (int r = 0; r < kRings; ++r) consider(Action::turn_two(r));
    return out;
}

bool is_legal(const Game& g, const Action& a) { return refusal(g, a) == Refusal::None; }

Effects apply(Game& g, const Action& a) {
    if (auto why = why_illegal(g, a)) throw std::logic_error("apply(" + describe(a) + "): " + *why);
    Effects fx;
    Position& pos = g.position;
    Side me = pos.to_move;
    bool birth = false;
    switch (a.kind) {
        case ActionKind::Place:
            birth = place_pawn(pos, me, a, fx);
            break;
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
    if (g.over()) throw std::logic_error("pass: the round is over");
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
