#include "puzzles/azteka/CirclePicture.h"

#include <array>
#include <cmath>
#include <numbers>

#include "model/azteka/Rules.h"
#include "puzzles/common/SvgCanvas.h"

namespace tlaloc::azteka {

namespace {

constexpr double kCentreX = 380, kCentreY = 390;  // the circle's centre in the picture
constexpr double kInner = 40, kRingWidth = 64;    // ring r spans kInner + r*width .. + width
constexpr double kHoleRadius = 18, kPawnRadius = 14;
constexpr double kWidth = 760, kHeight = 880;

struct SideLook {
    const char* fill;
    const char* ink;
    const char* letter;
};
constexpr std::array<SideLook, kMaxSides> kLooks = {
    {{"#2e9e4f", "#ffffff", "L"}, {"#1f1f1f", "#ffffff", "D"}, {"#d9c27a", "#1a1a1a", "M"}}};

double angle_of(int sector) { return (-90.0 + 45.0 * sector) * std::numbers::pi / 180; }

// The middle of the hole at (ring, sector).
std::pair<double, double> centre_of(int ring, int sector) {
    const double r = kInner + kRingWidth * (ring + 0.5);
    return {kCentreX + r * std::cos(angle_of(sector)), kCentreY + r * std::sin(angle_of(sector))};
}

std::string hole_id(int ring, int sector) {
    return "R" + std::to_string(ring) + "S" + std::to_string(sector);
}

void draw_board(SvgCanvas& c) {
    const double outer = kInner + kRingWidth * kRings;
    c.out << "<circle cx=\"" << num(kCentreX) << "\" cy=\"" << num(kCentreY) << "\" r=\"" << num(outer + 8)
          << "\" fill=\"#c9a46a\" stroke=\"#6b4f2a\" stroke-width=\"3\"/>\n";
    for (int ring = kRings; ring >= 0; --ring) {
        c.out << "<circle cx=\"" << num(kCentreX) << "\" cy=\"" << num(kCentreY) << "\" r=\""
              << num(kInner + kRingWidth * ring) << "\" fill=\"" << (ring == 0 ? "#8a6a3c" : "none")
              << "\" stroke=\"#6b4f2a\" stroke-width=\"2\"/>\n";
    }
    for (int s = 0; s < kSectors; ++s) {  // the borders between sectors, half-way between holes
        const double a = angle_of(s) + std::numbers::pi / 8;
        c.out << "<line x1=\"" << num(kCentreX + kInner * std::cos(a)) << "\" y1=\""
              << num(kCentreY + kInner * std::sin(a)) << "\" x2=\"" << num(kCentreX + outer * std::cos(a))
              << "\" y2=\"" << num(kCentreY + outer * std::sin(a))
              << "\" stroke=\"#6b4f2a\" stroke-width=\"1.5\" stroke-dasharray=\"4 4\"/>\n";
        const double label = outer + 22, cos = std::cos(angle_of(s));
        const char* anchor = cos > 0.3 ? "start" : cos < -0.3 ? "end" : "middle";
        c.text(kCentreX + label * cos, kCentreY + (label + 4) * std::sin(angle_of(s)) + 5,
               "sector " + std::to_string(s), 13,
               std::string("text-anchor=\"") + anchor + "\" fill=\"#3b2a14\"");
    }
    for (int ring = 0; ring < kRings; ++ring) {  // ring numbers on the border between sectors 7 and 0
        const double r = kInner + kRingWidth * (ring + 0.5);
        const double a = angle_of(0) - std::numbers::pi / 8;
        c.out << "<circle cx=\"" << num(kCentreX + r * std::cos(a)) << "\" cy=\""
              << num(kCentreY + r * std::sin(a)) << "\" r=\"8\" fill=\"#fbf8f0\" stroke=\"#6b4f2a\"/>\n";
        c.text(kCentreX + r * std::cos(a), kCentreY + r * std::sin(a) + 4, std::to_string(ring), 11,
               "text-anchor=\"middle\" class=\"ring-number\" fill=\"#3b2a14\"");
    }
}

void draw_holes(SvgCanvas& c, const Position& pos) {
    for (int ring = 0; ring < kRings; ++ring) {
        for (int s = 0; s < kSectors; ++s) {
            const auto [x, y] = centre_of(ring, s);
            const std::string id = hole_id(ring, s);
            c.out << "<circle cx=\"" << num(x) << "\" cy=\"" << num(y) << "\" r=\"" << num(kHoleRadius)
                  << "\" data-hole=\"" << id
                  << "\" fill=\"#e9dcc0\" stroke=\"#6b4f2a\" stroke-width=\"1.5\"/>\n";
            const auto side = side_of(pos.at(ring, s));
            if (!side) continue;
            const auto& look = kLooks[static_cast<int>(*side)];
            c.out << "<circle cx=\"" << num(x) << "\" cy=\"" << num(y) << "\" r=\"" << num(kPawnRadius)
                  << "\" data-pawn=\"" << side_name(*side) << "\" data-at=\"" << id << "\" fill=\""
                  << look.fill << "\" stroke=\"#000000\" stroke-width=\"1\"/>\n";
            c.text(x, y + 5, look.letter, 14,
                   std::string("text-anchor=\"middle\" font-weight=\"bold\" fill=\"") + look.ink + "\"");
        }
    }
}

void draw_caption(SvgCanvas& c, const Position& pos) {
    c.text(24, 36, "Azteka: the Circle of Life (" + pos.profile->name + ")", 20,
           "font-weight=\"bold\" fill=\"#1a1a1a\"");
    std::string hands;
    for (int i = 0; i < pos.profile->sides; ++i)
        hands += std::string(i ? ", " : "") + side_name(static_cast<Side>(i)) + " " +
                 std::to_string(pos.supply[i]);
    c.text(24, 60, side_name(pos.to_move) + " to move; in hand: " + hands, 14, "fill=\"#333333\"");
    double y = kCentreY + kInner + kRingWidth * kRings + 70;
    double x = 24;
    for (int i = 0; i < pos.profile->sides; ++i) {
        const auto& look = kLooks[i];
        c.out << "<circle cx=\"" << num(x + 10) << "\" cy=\"" << num(y) << "\" r=\"10\" fill=\"" << look.fill
              << "\" stroke=\"#000000\"/>\n";
        c.text(x + 26, y + 5, side_name(static_cast<Side>(i)) + " (" + look.letter + ")", 13,
               "fill=\"#1a1a1a\"");
        x += 150;
    }
    y += 24;
    c.text(24, y + 5,
           "sectors 0-7 clockwise from the top; rings 0 (innermost) to 3, numbered between sectors 7 and 0",
           12, "fill=\"#4a4a4a\"");
    for (int i = 0; i < pos.profile->sides; ++i) {
        const Side side = static_cast<Side>(i);
        if (auto goal = goal_met(pos, side)) {
            y += 22;
            c.text(24, y + 5, side_name(side) + " meets its goal: " + *goal, 13,
                   "class=\"goal\" font-weight=\"bold\" fill=\"#1a1a1a\"");
        }
    }
}

}  // namespace

std::string circle_svg(const Position& pos) {
    SvgCanvas c;
    c.out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
          << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << num(kWidth) << "\" height=\""
          << num(kHeight) << "\" viewBox=\"0 0 " << num(kWidth) << " " << num(kHeight)
          << "\" font-family=\"DejaVu Sans, Verdana, sans-serif\">\n"
          << "<rect width=\"100%\" height=\"100%\" fill=\"#fbf8f0\"/>\n";
    draw_caption(c, pos);
    draw_board(c);
    draw_holes(c, pos);
    c.out << "</svg>\n";
    return c.out.str();
}

}  // namespace tlaloc::azteka
