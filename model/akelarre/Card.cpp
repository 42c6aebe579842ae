#include "model/akelarre/Card.h"

#include <map>

#include "model/akelarre/Components.h"
#include "model/common/InputError.h"

namespace tlaloc::akelarre {

namespace {
constexpr const char* kLetters = "FGDNW";
}

char family_letter(Family f) { return kLetters[static_cast<int>(f)]; }

std::string family_name(Family f) {
    static const char* names[] = {"fairies", "goblins", "druids", "nymphs", "witches"};
    return names[static_cast<int>(f)];
}

bool parse_family_letter(const std::string& text, Family& out) {
    if (text.size() != 1) return false;
    for (int i = 0; i < kFamilies; ++i) {
        if (text[0] == kLetters[i]) {
            out = static_cast<Family>(i);
            return true;
        }
    }
    return false;
}

std::string to_string(const Card& c) {
    std::string s(1, family_letter(c.family));
    s += c.joker() ? 'J' : static_cast<char>('0' + c.value);
    return s;
}

Card parse_card(const std::string& text, const std::string& file, const std::string& place) {
    auto bad = [&](const std::string& why) {
        throw InputError(file, place, "unknown card \"" + text + "\": " + why);
    };
    if (text.size() != 2)
        bad("a card is a family letter (F, G, D, N, W) and a value (2-6 or J), e.g. F3 or WJ");
    Card c;
    if (!parse_family_letter(text.substr(0, 1), c.family)) bad("family letter must be one of F, G, D, N, W");
    char v = text[1];
    if (v == 'J') {
        c.value = kJoker;
    } else if (v >= '0' + kLowestValue && v <= '0' + kHighestValue) {
        c.value = v - '0';
    } else {
        bad("value must be 2-6 or J (there is no 1)");
    }
    return c;
}

int deck_copies(const Card& c) {
    const auto& per_value = component_tables().at("cards_per_value");
    return per_value.at(c.joker() ? std::string("joker") : std::to_string(c.value));
}

std::vector<Card> creature_deck() {
    std::vector<Card> deck;
    for (Family f : kAllFamilies) {
        for (int v = kLowestValue; v <= kHighestValue + 1; ++v) {
            Card c{f, v > kHighestValue ? kJoker : v};
            for (int k = 0; k < deck_copies(c); ++k) deck.push_back(c);
        }
    }
    return deck;
}

int card_points(const Card& c, Family favourite) {
    if (c.joker()) return 0;
    return c.family == favourite ? c.value : 1;
}

void check_deck_counts(const std::vector<PlacedCard>& cards, const std::string& file,
                       const std::string& scope) {
    std::map<Card, int> seen;
    for (const auto& pc : cards) {
        int n = ++seen[pc.card];
        if (n > deck_copies(pc.card)) {
            throw InputError(file, pc.place,
                             to_string(pc.card) + " appears " + std::to_string(n) + " times (" + scope +
                                 ") but the deck has only " + std::to_string(deck_copies(pc.card)));
        }
    }
}

}  // namespace tlaloc::akelarre
