#include "puzzles/akelarre/TablePicture.h"

#include <algorithm>
#include <array>

#include "model/akelarre/Meld.h"
#include "puzzles/common/SvgCanvas.h"

namespace tlaloc::akelarre {

namespace {

constexpr double kMargin = 24;
constexpr double kCardW = 46, kCardH = 66, kCardGap = 6;
constexpr double kPlaceW = kMeldMax * (kCardW + kCardGap) + 2 * 12 - kCardGap;  // room for five cards
constexpr double kPlaceH = 28 + kCardH + 34;
constexpr double kPlaceGap = 18;
constexpr int kPlacesPerRow = 3;
constexpr int kHandPerRow = 14;
constexpr double kWidth = 2 * kMargin + kPlacesPerRow * kPlaceW + (kPlacesPerRow - 1) * kPlaceGap;

constexpr std::array<const char*, kFamilies> kFamilyFill = {"#f4a6c6", "#8fc97a", "#c49a6c", "#8ec5ea",
                                                            "#b99be0"};

std::string rect(double x, double y, double w, double h, const std::string& attrs) {
    return "<rect x=\"" + num(x) + "\" y=\"" + num(y) + "\" width=\"" + num(w) + "\" height=\"" + num(h) +
           "\" " + attrs + "/>\n";
}

void draw_card(SvgCanvas& c, double x, double y, const Card& card, const std::string& where) {
    const int f = static_cast<int>(card.family);
    c.out << rect(x, y, kCardW, kCardH,
                  "rx=\"5\" data-card=\"" + to_string(card) + "\" data-where=\"" + xml_escape(where) +
                      "\" fill=\"" + kFamilyFill[f] + "\" stroke=\"#2b2b2b\" stroke-width=\"1.2\"");
    c.text(x + kCardW / 2, y + 34, card.joker() ? "J" : std::to_string(card.value), 24,
           "text-anchor=\"middle\" font-weight=\"bold\" fill=\"#1a1a1a\"");
    c.text(x + kCardW / 2, y + 54, family_name(card.family), 8.5, "text-anchor=\"middle\" fill=\"#1a1a1a\"");
    c.text(x + 6, y + 13, to_string(card), 10, "fill=\"#1a1a1a\"");
}

// "a set of 5s", "a run of fairies", or why the cards are not a meld yet.
std::string meld_text(const std::vector<Card>& cards) {
    if (cards.empty()) return "free: a new meld may start here";
    if (cards.size() < static_cast<std::size_t>(kMeldMin)) return std::to_string(cards.size()) + " card(s)";
    const MeldReading r = read_meld(cards);
    if (!r.valid) return "not a meld";
    if (r.kind == MeldKind::Set) return r.value ? "a set of " + std::to_string(r.value) + "s" : "a set";
    return "a run of " + family_name(r.family);
}

void draw_place(SvgCanvas& c, double x, double y, const MeetingPlace& place, const std::string& me) {
    const bool mine = !place.free() && place.owner == me;
    c.out << rect(x, y, kPlaceW, kPlaceH,
                  "rx=\"10\" data-place=\"" + std::to_string(place.id) + "\" data-owner=\"" +
                      xml_escape(place.owner) + "\" fill=\"" + (place.free() ? "#f3efe4" : "#e7dcc3") +
                      "\" stroke=\"" + (mine ? "#b5179e" : "#6b5d45") + "\" stroke-width=\"" +
                      (mine ? "3" : "1.5") + "\"" + (place.free() ? " stroke-dasharray=\"6 4\"" : ""));
    const std::string owner = place.free() ? "free" : place.owner + (mine ? " (you)" : "");
    c.text(x + 12, y + 19, "place " + std::to_string(place.id) + ": " + owner, 13,
           "font-weight=\"bold\" fill=\"#1a1a1a\"");
    double cx = x + 12;
    for (const Card& card : place.cards) {
        draw_card(c, cx, y + 28, card, "place " + std::to_string(place.id));
        cx += kCardW + kCardGap;
    }
    c.text(x + 12, y + kPlaceH - 12, meld_text(place.cards), 12, "fill=\"#3b3325\"");
}

// "your" for the default owner name "me", else "Anna's".
std::string whose(const std::string& me) { return me == "me" ? "your" : me + "'s"; }

}  // namespace

std::string table_svg(const TurnPosition& turn) {
    SvgCanvas body;
    body.text(kMargin, kMargin + 16, "Akelarre: the table on " + whose(turn.me) + " turn", 20,
              "font-weight=\"bold\" fill=\"#1a1a1a\"");
    body.text(kMargin, kMargin + 40,
              "favourite family: " + family_name(turn.favourite) + " (its cards score their value in " +
                  whose(turn.me) + " pile, the others 1, jokers 0)",
              13, "fill=\"#333333\"");
    double y = kMargin + 58;
    for (std::size_t i = 0; i < turn.places.size(); ++i) {
        const double x = kMargin + static_cast<double>(i % kPlacesPerRow) * (kPlaceW + kPlaceGap);
        draw_place(body, x, y, turn.places[i], turn.me);
        if (i % kPlacesPerRow == kPlacesPerRow - 1 || i + 1 == turn.places.size()) y += kPlaceH + kPlaceGap;
    }
    y += 8;
    body.text(kMargin, y + 14,
              (turn.me == "me" ? std::string("your hand") : "hand of " + turn.me) + " (" +
                  std::to_string(turn.hand.size()) + " cards)",
              14, "font-weight=\"bold\" fill=\"#1a1a1a\"");
    y += 24;
    for (std::size_t i = 0; i < turn.hand.size(); ++i) {
        const double x = kMargin + static_cast<double>(i % kHandPerRow) * (kCardW + kCardGap);
        draw_card(body, x, y, turn.hand[i], "hand");
        if (i % kHandPerRow == kHandPerRow - 1 && i + 1 < turn.hand.size()) y += kCardH + kCardGap;
    }
    y += (turn.hand.empty() ? 0 : kCardH) + 26;
    double x = kMargin;
    for (int f = 0; f < kFamilies; ++f) {
        body.out << rect(x, y - 11, 14, 14,
                         std::string("rx=\"3\" fill=\"") + kFamilyFill[f] + "\" stroke=\"#2b2b2b\"");
        body.text(x + 20, y + 1, family_name(kAllFamilies[f]) + " (" + family_letter(kAllFamilies[f]) + ")",
                  12, "fill=\"#1a1a1a\"");
        x += 120;
    }
    y += 22;
    body.out << rect(kMargin, y - 11, 26, 14, "rx=\"4\" fill=\"none\" stroke=\"#b5179e\" stroke-width=\"3\"");
    body.text(kMargin + 34, y + 1,
              std::string(turn.me == "me" ? "a meld of yours" : "a meld of " + turn.me + "'s") +
                  "; dashed: a free place",
              12, "fill=\"#1a1a1a\"");
    const double height = y + kMargin;
    std::string svg =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" +
        num(kWidth) + "\" height=\"" + num(height) + "\" viewBox=\"0 0 " + num(kWidth) + " " + num(height) +
        "\" font-family=\"DejaVu Sans, Verdana, sans-serif\">\n" +
        "<rect width=\"100%\" height=\"100%\" fill=\"#fbf8f0\"/>\n";
    return svg + body.out.str() + "</svg>\n";
}

}  // namespace tlaloc::akelarre
