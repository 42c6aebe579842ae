#include "model/aztlan/Conflicts.h"

#include <algorithm>
#include <numeric>

namespace tlaloc::aztlan {

const char* to_string(ConflictOutcome outcome) {
    switch (outcome) {
        case ConflictOutcome::Defeat:
            return "defeat";
        case ConflictOutcome::Coexist:
            return "coexist";
        default:
            return "tie";
    }
}

std::vector<int> turn_order(const Position& position) {
    std::vector<int> order(position.players.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        const auto& pa = position.players[a];
        const auto& pb = position.players[b];
        return pa.vp != pb.vp ? pa.vp > pb.vp : pa.stack > pb.stack;
    });
    return order;
}

namespace {
// The sole strongest chose; Sacred Games turns a defeat into coexistence for whoever plays it.
void settle_win(const Position& pos, ConflictPhase& phase, Conflict& c, int winner) {
    const int t = c.territory;
    c.winner = winner;
    Decision d = pos.players[winner].decisions[t].value_or(kDefaultDecision);
    bool coexisted = d == Decision::Coexist;
    for (int p = 0; p < static_cast<int>(pos.players.size()); ++p) {
        if (p == winner || phase.pawns[p][t] == 0 || d == Decision::Coexist) continue;
        if (pos.players[p].plays_in(ProsperityCard::SacredGames, t)) {
            c.notes.push_back(pos.players[p].name + " plays sacred-games: " + pos.players[winner].name +
                              " must coexist with them");
            coexisted = true;
            continue;
        }
        phase.pawns[p][t] = 0;
        c.removed.push_back(p);
    }
    c.outcome = coexisted ? ConflictOutcome::Coexist : ConflictOutcome::Defeat;
    if (coexisted) {
        ++phase.cards_drawn[winner];
        c.card_drawn_by.push_back(winner);
    }
}

// The players with the highest power (card × pawns) in territory t, in turn order; none when fewer
// than two players are there.
std::vector<int> strongest_in(const Position& pos, const ConflictPhase& phase, int t) {
    int present = 0, best = 0;
    for (int p = 0; p < static_cast<int>(pos.players.size()); ++p) {
        if (phase.pawns[p][t] == 0) continue;
        ++present;
        best = std::max(best, pos.players[p].card * phase.pawns[p][t]);
    }
    std::vector<int> out;
    if (present < 2) return out;
    for (int p : phase.order) {
        if (phase.pawns[p][t] && pos.players[p].card * phase.pawns[p][t] == best) out.push_back(p);
    }
    return out;
}

// Several strongest: Great Tlatoani makes its player the winner; otherwise they coexist without
// cards and everyone weaker leaves (Sacred Games cannot be used against several tied players).
void settle_tie(const Position& pos, ConflictPhase& phase, Conflict& c) {
    const int t = c.territory;
    for (int p : c.strongest) {
        if (pos.players[p].plays_in(ProsperityCard::GreatTlatoani, t)) {
            c.notes.push_back(pos.players[p].name + " plays great-tlatoani: wins the tie");
            settle_win(pos, phase, c, p);
            return;
        }
    }
    c.outcome = ConflictOutcome::Tie;
    for (int p = 0; p < static_cast<int>(pos.players.size()); ++p) {
        if (phase.pawns[p][t] == 0 ||
            std::find(c.strongest.begin(), c.strongest.end(), p) != c.strongest.end())
            continue;
        if (pos.players[p].plays_in(ProsperityCard::SacredGames, t)) {
            c.notes.push_back(pos.players[p].name +
                              " plays sacred-games: not usable against several tied players");
        }
        phase.pawns[p][t] = 0;
        c.removed.push_back(p);
    }
}
}  // namespace

ConflictPhase resolve_conflicts(const Position& pos) {
    ConflictPhase phase;
    phase.order = turn_order(pos);
    phase.cards_drawn.assign(pos.players.size(), 0);
    for (const auto& p : pos.players) phase.pawns.push_back(p.pawns);
    std::vector<bool> settled(pos.map.size(), false);

    for (int active : phase.order) {
        for (int t = 0; t < pos.map.size(); ++t) {
            if (settled[t] || phase.pawns[active][t] == 0) continue;
            Conflict c;
            c.territory = t;
            c.strongest = strongest_in(pos, phase, t);
            // No conflict, or someone stronger resolves it in their own turn.
            if (std::find(c.strongest.begin(), c.strongest.end(), active) == c.strongest.end()) continue;
            settled[t] = true;
            if (c.strongest.size() == 1)
                settle_win(pos, phase, c, active);
            else
                settle_tie(pos, phase, c);
            phase.conflicts.push_back(std::move(c));
        }
    }
    return phase;
}

}  // namespace tlaloc::aztlan
