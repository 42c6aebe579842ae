#include "puzzles/akelarre/RandomTurn.h"

#include <map>

#include "model/akelarre/Meld.h"

namespace tlaloc::akelarre {

std::optional<TurnPosition> random_small_turn(std::mt19937& rng) {
    const std::vector<Family> fams = {Family::Fairies, Family::Goblins, Family::Druids};
    auto random_card = [&] {
        Card c{fams[rng() % fams.size()], static_cast<int>(rng() % 5)};
        if (c.value == 1)
            c.value = kJoker;
        else if (c.value == 0)
            c.value = 4;
        return c;
    };
    TurnPosition turn;
    turn.favourite = fams[rng() % fams.size()];
    int table = static_cast<int>(rng() % 3);
    for (int m = 0; m < table; ++m) {
        MeetingPlace p{m, rng() % 2 ? "me" : "Anna", {}};
        int size = 3 + static_cast<int>(rng() % 2);
        for (int k = 0; k < size; ++k) p.cards.push_back(random_card());
        if (!read_meld(p.cards).valid) return std::nullopt;
        turn.places.push_back(p);
    }
    int hand = 3 + static_cast<int>(rng() % 3);
    for (int k = 0; k < hand; ++k) turn.hand.push_back(random_card());
    int free = static_cast<int>(rng() % 3);
    for (int k = 0; k < free; ++k) turn.places.push_back({10 + k, rng() % 2 ? "me" : "Anna", {}});
    std::map<Card, int> used;
    for (const auto& p : turn.places)
        for (const Card& c : p.cards) ++used[c];
    for (const Card& c : turn.hand) ++used[c];
    for (auto [c, n] : used)
        if (n > deck_copies(c)) return std::nullopt;
    return turn;
}

}  // namespace tlaloc::akelarre
