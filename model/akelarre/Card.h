// Akelarre's creature cards in the pinned notation (family letter + value, "F3", "WJ") and the deck
// they come from: parsing, printing, per-card deck counts and what a card scores in a points pile.
#pragma once
#include <array>
#include <string>
#include <vector>

namespace tlaloc::akelarre {

enum class Family { Fairies, Goblins, Druids, Nymphs, Witches };
constexpr int kFamilies = 5;
constexpr std::array<Family, kFamilies> kAllFamilies = {Family::Fairies, Family::Goblins, Family::Druids,
                                                        Family::Nymphs, Family::Witches};
constexpr int kLowestValue = 2;
constexpr int kHighestValue = 6;
constexpr int kJoker = 0;  // the value slot of a joker: it stands for any card of its family

struct Card {
    Family family = Family::Fairies;
    int value = kLowestValue;  // 2..6, or kJoker
    bool joker() const { return value == kJoker; }
    friend auto operator<=>(const Card&, const Card&) = default;
};

char family_letter(Family f);
std::string family_name(Family f);  // "fairies", "goblins", ...
// Reads a one-letter family ("F", "G", ...); false when it is not one.
bool parse_family_letter(const std::string& text, Family& out);

std::string to_string(const Card& c);  // "F3", "WJ"
// Throws InputError(file, place, ...) on anything but the pinned notation.
Card parse_card(const std::string& text, const std::string& file, const std::string& place);

// How many copies of this card the 105 creature cards hold (from the component table).
int deck_copies(const Card& c);
// The 105 creature cards, in a fixed order (family by family, values ascending, joker last).
std::vector<Card> creature_deck();

// Points a card scores in the pile of a player whose favourite family is `favourite`: the value for
// the favourite family, 1 for the others, 0 for any joker.
int card_points(const Card& c, Family favourite);

// A card together with where it was read, so a count check can name the offending entry.
struct PlacedCard {
    Card card;
    std::string place;
};
// Fails on the first card whose copies exceed the deck's; `scope` says what was counted together
// ("hand and table"), for the message.
void check_deck_counts(const std::vector<PlacedCard>& cards, const std::string& file,
                       const std::string& scope);

}  // namespace tlaloc::akelarre
