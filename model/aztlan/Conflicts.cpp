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

std::vector<int> strongest_in(const std::vector<int>& cards, const std::vector<std::vector<int>>& pawns,
                              const std::vector<int>& order, int t) {
    int present = 0, best = 0;
    for (std::size_t p = 0; p < pawns.size(); ++p) {
        if (pawns[p][t] == 0) continue;
        ++present;
        best = std::max(best, cards[p] * pawns[p][t]);
    }
    std::vector<int> out;
    if (present < 2) return out;
    for (int p : order)
        if (pawns[p][t] && cards[p] * pawns[p][t] == best) out.push_back(p);
    return out;
}

void settle_conflict(Conflict& c, int winner, Decision chosen, const std::vector<int>& sacred,
                     const std::vector<std::string>& names, std::vector<std::vector<int>>& pawns) {
    const int t = c.territory;
    const auto played_sacred = [&](int p) {
        return std::find(sacred.begin(), sacred.end(), p) != sacred.end();
    };
    if (winner < 0) {
        // Several strongest coexist without cards; everyone weaker leaves (Sacred Games cannot be
        // used against several tied players).
        c.outcome = ConflictOutcome::Tie;
        for (int p = 0; p < static_cast<int>(pawns.size()); ++p) {
            if (pawns[p][t] == 0 || std::find(c.strongest.begin(), c.strongest.end(), p) != c.strongest.end())
                continue;
            if (played_sacred(p))
                c.notes.push_back(names[p] + " plays sacred-games: not usable against several tied players");
            pawns[p][t] = 0;
            c.removed.push_back(p);
        }
        return;
    }
    c.winner = winner;
    c.chosen = chosen;
    bool coexisted = chosen == Decision::Coexist;
    for (int p = 0; p < static_cast<int>(pawns.size()); ++p) {
        if (p == winner || pawns[p][t] == 0 || chosen == Decision::Coexist) continue;
        if (played_sacred(p)) {
            c.notes.push_back(names[p] + " plays sacred-games: " + names[winner] + " must coexist with them");
            coexisted = true;
            continue;
        }
        pawns[p][t] = 0;
        c.removed.push_back(p);
    }
    c.outcome = coexisted ? ConflictOutcome::Coexist : ConflictOutcome::Defeat;
    if (coexisted) c.card_drawn_by.push_back(winner);
}

// A position file declares everything up front: the first strongest player in turn order settles
// each territory, Great Tlatoani (first in turn order among the tied who play it) wins a tie, and
// Sacred Games applies for whoever plays it against a sole winner's defeat.
ConflictPhase resolve_conflicts(const Position& pos) {
    ConflictPhase phase;
    phase.order = turn_order(pos);
    phase.cards_drawn.assign(pos.players.size(), 0);
    std::vector<int> cards;
    std::vector<std::string> names;
    for (const auto& p : pos.players) {
        phase.pawns.push_back(p.pawns);
        cards.push_back(p.card);
        names.push_back(p.name);
    }
    std::vector<bool> settled(pos.map.size(), false);
    for (int active : phase.order) {
        for (int t = 0; t < pos.map.size(); ++t) {
            if (settled[t] || phase.pawns[active][t] == 0) continue;
            Conflict c;
            c.territory = t;
            c.strongest = strongest_in(cards, phase.pawns, phase.order, t);
            // No conflict, or someone stronger resolves it in their own turn.
            if (std::find(c.strongest.begin(), c.strongest.end(), active) == c.strongest.end()) continue;
            settled[t] = true;
            int winner = c.strongest.size() == 1 ? active : -1;
            for (std::size_t i = 0; winner < 0 && i < c.strongest.size(); ++i)
                if (pos.players[c.strongest[i]].plays_in(ProsperityCard::GreatTlatoani, t)) {
                    winner = c.strongest[i];
                    c.notes.push_back(names[winner] + " plays great-tlatoani: wins the tie");
                }
            const Decision chosen =
                winner >= 0 ? pos.players[winner].decisions[t].value_or(kDefaultDecision) : kDefaultDecision;
            std::vector<int> sacred;
            for (int p = 0; p < static_cast<int>(pos.players.size()); ++p)
                if (p != winner && pos.players[p].plays_in(ProsperityCard::SacredGames, t))
                    sacred.push_back(p);
            settle_conflict(c, winner, chosen, sacred, names, phase.pawns);
            for (int p : c.card_drawn_by) ++phase.cards_drawn[p];
            phase.conflicts.push_back(std::move(c));
        }
    }
    return phase;
}

}  // namespace tlaloc::aztlan
