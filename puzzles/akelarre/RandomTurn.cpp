#include "puzzles/akelarre/RandomTurn.h"

#include <algorithm>
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

namespace {

// A set or a run of `size` cards, a joker now and then; nullopt when the deck left cannot give it.
std::optional<std::vector<Card>> random_meld(std::mt19937& rng, int size, std::map<Card, int>& left) {
    std::vector<Card> meld;
    if (rng() % 2) {
        const int value = kLowestValue + static_cast<int>(rng() % 5);
        std::vector<Family> fams(kAllFamilies.begin(), kAllFamilies.end());
        std::shuffle(fams.begin(), fams.end(), rng);
        for (int k = 0; k < size; ++k) meld.push_back({fams[static_cast<std::size_t>(k)], value});
    } else {
        const Family f = kAllFamilies[rng() % kFamilies];
        const int low = kLowestValue + static_cast<int>(rng() % static_cast<unsigned>(6 - size));
        for (int k = 0; k < size; ++k) meld.push_back({f, low + k});
    }
    if (rng() % 6 == 0) meld[rng() % meld.size()].value = kJoker;
    for (const Card& c : meld)
        if (left[c] <= 0) return std::nullopt;
    for (const Card& c : meld) --left[c];
    return meld;
}

}  // namespace

TurnPosition random_game_turn(std::mt19937& rng, int melds, double four_card_share) {
    std::map<Card, int> left;
    for (const Card& c : creature_deck()) ++left[c];
    TurnPosition turn;
    turn.favourite = kAllFamilies[rng() % kFamilies];
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    const char* owners[] = {"me", "Anna", "Bob", "Carla"};
    while (static_cast<int>(turn.places.size()) < melds) {
        const int size = unit(rng) < four_card_share ? 4 : 3;
        if (auto meld = random_meld(rng, size, left))
            turn.places.push_back({static_cast<int>(turn.places.size()), owners[rng() % 4], *meld});
    }
    std::vector<Card> deck;
    for (auto [c, n] : left)
        for (int k = 0; k < n; ++k) deck.push_back(c);
    std::shuffle(deck.begin(), deck.end(), rng);
    turn.hand.assign(deck.begin(), deck.begin() + 7);
    const int free = static_cast<int>(rng() % 3);
    for (int k = 0; k < free; ++k)
        turn.places.push_back({melds + k, rng() % 2 ? turn.me : owners[1 + rng() % 3], {}});
    return turn;
}

}  // namespace tlaloc::akelarre
