#include "solver/azteka/FewestSearch.h"

#include <set>
#include <string>
#include <vector>

namespace tlaloc::azteka {

namespace {

void offer(SearchedFewest& best, int pawns, int turns) {
    if (!best.found || pawns < best.pawns || (pawns == best.pawns && turns < best.turns))
        best = {true, pawns, turns};
}

std::string key(const Game& g) {
    std::string k;
    for (Pawn p : g.position.holes) k += static_cast<char>(p);
    for (int s : g.position.supply) k += std::to_string(s) + ",";
    return k + std::to_string(g.last_turns_left);
}

// Every complete turn of the mover from `g`, the other sides passing after it: a win is offered to
// `best`, an open round goes to `next`.
void turns_from(const Game& g, Side mover, int turn, std::vector<Game>& next, SearchedFewest& best) {
    for (const Action& a : legal_actions(g)) {
        Game h = g;
        apply(h, a);
        if (h.over()) {
            if (h.winner == mover) offer(best, h.position.pawns_on_board(mover), turn);
            continue;
        }
        if (h.birth_pending) {
            turns_from(h, mover, turn, next, best);
            continue;
        }
        while (!h.over() && h.position.to_move != mover) pass(h);
        if (!h.over()) next.push_back(h);
    }
}

}  // namespace

SearchedFewest fewest_pawns_by_search(const Position& start, int max_turns) {
    SearchedFewest best;
    Game g = start_game(start);
    if (g.over()) {
        if (g.winner == start.to_move) offer(best, start.pawns_on_board(start.to_move), 0);
        return best;
    }
    std::vector<Game> level = {g};
    std::set<std::string> seen = {key(g)};
    for (int turn = 1; turn <= max_turns && !level.empty(); ++turn) {
        std::vector<Game> next, fresh;
        for (const Game& s : level) turns_from(s, start.to_move, turn, next, best);
        for (auto& s : next) {
            if (seen.insert(key(s)).second) fresh.push_back(std::move(s));
        }
        level = std::move(fresh);
    }
    return best;
}

}  // namespace tlaloc::azteka
