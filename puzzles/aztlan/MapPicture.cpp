#include "puzzles/aztlan/MapPicture.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "model/aztlan/MapGraph.h"
#include "model/aztlan/Scoring.h"
#include "puzzles/aztlan/MapLayout.h"
#include "puzzles/common/SvgCanvas.h"

namespace tlaloc::aztlan {

namespace {

constexpr double kMargin = 24;
constexpr double kLakeRadius = 26;
constexpr double kMinWidth = 680;
constexpr double kHaloWidth = 8;                // how far a domain's band reaches beyond its territories
constexpr double kHaloReach = kHaloWidth + 15;  // the same, at most, where players share territories
constexpr const char* kHighlightColour = "#c2185b";

const std::array<const char*, kTerritoryTypeCount> kTypeFill = {"#7fb069", "#ecd9a0", "#b3a394", "#d4a373",
                                                                "#c8c6de"};

struct NamedColour {
    const char* name;
    const char* hex;
};
constexpr std::array<NamedColour, 8> kTribeColours = {{{"yellow", "#f2c200"},
                                                       {"red", "#d62828"},
                                                       {"blue", "#1f5fd1"},
                                                       {"green", "#238b45"},
                                                       {"black", "#262626"},
                                                       {"purple", "#7b2cbf"},
                                                       {"orange", "#f77f00"},
                                                       {"white", "#f5f5f5"}}};

// Dark text on a light colour, white on a dark one.
const char* ink_on(const std::string& hex) {
    const long v = std::strtol(hex.c_str() + 1, nullptr, 16);
    const double lum = 0.299 * ((v >> 16) & 255) + 0.587 * ((v >> 8) & 255) + 0.114 * (v & 255);
    return lum > 150 ? "#1a1a1a" : "#ffffff";
}

// Pawns in a territory: one disc per player holding it, in player order.
std::vector<std::pair<int, int>> pawns_in(const Position& pos, int t) {
    std::vector<std::pair<int, int>> out;  // (player, pawns)
    for (std::size_t p = 0; p < pos.players.size(); ++p)
        if (pos.players[p].pawns[t] > 0) out.emplace_back(static_cast<int>(p), pos.players[p].pawns[t]);
    return out;
}

constexpr double kPawnRadius = 8, kPawnRow = 19;  // pawn discs: radius, centre below the circle's centre

constexpr double kMaxLabelRadius = 80, kMinIdFont = 7;

// Characters, not bytes, of a UTF-8 text.
double characters(const std::string& text) {
    return static_cast<double>(std::count_if(
        text.begin(), text.end(), [](char ch) { return (static_cast<unsigned char>(ch) & 0xC0) != 0x80; }));
}

// 14, or smaller (down to kMinIdFont) so that the id fits across its circle.
double id_font_size(const std::string& id, double r) {
    return std::clamp(2 * (r - 7) / (0.64 * std::max(characters(id), 1.0)), kMinIdFont, 14.0);
}

std::vector<double> radii(const Position& pos) {
    std::vector<double> r;
    for (int t = 0; t < pos.map.size(); ++t) {
        const auto& terr = pos.map.territories[t];
        const double label =
            std::max(0.64 * 14 * characters(terr.id), 0.56 * 10 * std::string(to_string(terr.type)).size());
        const double row = kPawnRadius * 2.1 * static_cast<double>(pawns_in(pos, t).size()) / 2;
        // A long id grows the circle up to kMaxLabelRadius, then its text gets smaller (id_font_size)
        // down to kMinIdFont, and beyond that the circle grows again.
        const double smallest = 0.64 * kMinIdFont * characters(terr.id) / 2 + 7;  // the id at kMinIdFont
        r.push_back(std::max({32.0, std::min(label / 2 + 9, kMaxLabelRadius), smallest,
                              std::hypot(kPawnRow + kPawnRadius, row) + 3}));
    }
    return r;
}

struct Frame {
    const Position& pos;
    const MapLayout& layout;
    const std::vector<std::string>& colours;
    double dx = 0, dy = 0;  // where the layout's origin is drawn
    double x(double v) const { return v + dx; }
    double y(double v) const { return v + dy; }
};

std::string circle(double cx, double cy, double r, const std::string& attrs) {
    return "<circle cx=\"" + num(cx) + "\" cy=\"" + num(cy) + "\" r=\"" + num(r) + "\" " + attrs + "/>\n";
}

std::string line(double x1, double y1, double x2, double y2, const std::string& attrs) {
    return "<line x1=\"" + num(x1) + "\" y1=\"" + num(y1) + "\" x2=\"" + num(x2) + "\" y2=\"" + num(y2) +
           "\" " + attrs + "/>\n";
}

// Half-way between `hex` and the background: a domain's band, drawn solid so that its parts join
// into one even colour.
std::string tint(const std::string& hex) {
    const long v = std::strtol(hex.c_str() + 1, nullptr, 16);
    const long bg[3] = {0xfb, 0xf8, 0xf0};
    char out[8];
    std::snprintf(out, sizeof out, "#%02lx%02lx%02lx", (((v >> 16) & 255) + bg[0]) / 2,
                  (((v >> 8) & 255) + bg[1]) / 2, ((v & 255) + bg[2]) / 2);
    return out;
}

// How much wider player p's band is at territory t: 5 for each later player also holding t (at most
// three), so that shared territories show one ring per player.
double widening(const Position& pos, int p, int t) {
    int later = 0;
    for (std::size_t q = p + 1; q < pos.players.size(); ++q) later += pos.players[q].pawns[t] > 0;
    return std::min(later, 3) * 5.0;
}

// With Rafts and Canoes a domain also joins across lakes: its band runs to each lake two or more of
// its territories touch.
void draw_rafts(SvgCanvas& c, const Frame& f, const std::vector<int>& domain) {
    for (std::size_t l = 0; l < f.layout.lakes.size(); ++l) {
        std::vector<int> shore;
        for (int t : f.layout.lake_shores[l])
            if (std::binary_search(domain.begin(), domain.end(), t)) shore.push_back(t);
        if (shore.size() < 2) continue;
        const auto& lake = f.layout.lake_circles[l];
        for (int t : shore) {
            const auto& a = f.layout.territories[t];
            c.out << line(f.x(a.x), f.y(a.y), f.x(lake.x), f.y(lake.y),
                          "stroke-width=\"" + num(2 * kHaloWidth + 10) + "\" stroke-dasharray=\"12 8\"");
        }
    }
}

// Each player's domains as a band around and between their territories, in the player's tint.
void draw_domains(SvgCanvas& c, const Frame& f, const std::vector<PlayerScore>& scores) {
    const Map& map = f.pos.map;
    const int players = static_cast<int>(scores.size());
    for (int p = 0; p < players; ++p) {
        const std::string colour = tint(f.colours[p]);
        c.out << "<g class=\"domains\" data-player=\"" << xml_escape(scores[p].name) << "\" fill=\"" << colour
              << "\" stroke=\"" << colour << "\" stroke-linecap=\"round\">\n";
        for (const auto& d : scores[p].domains) {
            std::string ids;
            for (int t : d.territories) ids += (ids.empty() ? "" : " ") + map.territories[t].id;
            c.out << "<g data-domain=\"" << xml_escape(ids) << "\" data-points=\"" << d.points << "\">\n";
            for (int t : d.territories) {
                const auto& a = f.layout.territories[t];
                for (int u : map.territories[t].neighbors) {
                    if (u < t || !std::binary_search(d.territories.begin(), d.territories.end(), u)) continue;
                    const auto& b = f.layout.territories[u];
                    const double extra = std::min(widening(f.pos, p, t), widening(f.pos, p, u));
                    c.out << line(f.x(a.x), f.y(a.y), f.x(b.x), f.y(b.y),
                                  "stroke-width=\"" + num(2 * (kHaloWidth + extra) + 10) + "\"");
                }
                c.out << circle(f.x(a.x), f.y(a.y), a.r + kHaloWidth + widening(f.pos, p, t), "");
            }
            if (f.pos.players[p].plays(ProsperityCard::RaftsAndCanoes)) draw_rafts(c, f, d.territories);
            c.out << "</g>\n";
        }
        c.out << "</g>\n";
    }
}

void draw_links(SvgCanvas& c, const Frame& f) {
    const Map& map = f.pos.map;
    c.out << "<g class=\"borders\" stroke=\"#6b5d45\" stroke-width=\"2\">\n";
    for (int t = 0; t < map.size(); ++t) {
        for (int u : map.territories[t].neighbors) {
            if (u <= t) continue;
            const auto &a = f.layout.territories[t], &b = f.layout.territories[u];
            c.out << line(f.x(a.x), f.y(a.y), f.x(b.x), f.y(b.y), "");
        }
    }
    c.out << "</g>\n<g class=\"shores\" stroke=\"#3f7fb5\" stroke-width=\"2\" stroke-dasharray=\"5 4\">\n";
    for (std::size_t l = 0; l < f.layout.lakes.size(); ++l) {
        const auto& a = f.layout.lake_circles[l];
        for (int t : f.layout.lake_shores[l]) {
            const auto& b = f.layout.territories[t];
            c.out << line(f.x(a.x), f.y(a.y), f.x(b.x), f.y(b.y), "");
        }
    }
    c.out << "</g>\n";
    for (std::size_t l = 0; l < f.layout.lakes.size(); ++l) {
        const auto& a = f.layout.lake_circles[l];
        const std::string id = xml_escape(f.layout.lakes[l]);
        c.out << circle(f.x(a.x), f.y(a.y), a.r,
                        "data-lake=\"" + id + "\" fill=\"#a9d2f0\" stroke=\"#3f7fb5\" stroke-width=\"2.5\"");
        c.text(f.x(a.x), f.y(a.y) - 2, "lake", 10, "text-anchor=\"middle\" fill=\"#1d4f7a\"");
        c.text(f.x(a.x), f.y(a.y) + 11, f.layout.lakes[l], 12,
               "text-anchor=\"middle\" font-weight=\"bold\" fill=\"#1d4f7a\"");
    }
}

void draw_territory(SvgCanvas& c, const Frame& f, int t, const MapPictureOptions& opt) {
    const auto& terr = f.pos.map.territories[t];
    const auto& a = f.layout.territories[t];
    const double cx = f.x(a.x), cy = f.y(a.y);
    const auto pawns = pawns_in(f.pos, t);
    c.out << circle(cx, cy, a.r,
                    "data-territory=\"" + xml_escape(terr.id) + "\" data-type=\"" + to_string(terr.type) +
                        "\" fill=\"" + kTypeFill[static_cast<int>(terr.type)] +
                        "\" stroke=\"#3b3325\" stroke-width=\"1.5\"");
    const double top = pawns.empty() ? cy - 1 : cy - 7;
    c.text(cx, top, terr.id, id_font_size(terr.id, a.r),
           "text-anchor=\"middle\" font-weight=\"bold\" fill=\"#1a1a1a\"");
    c.text(cx, top + 13, to_string(terr.type), 10, "text-anchor=\"middle\" fill=\"#3b3325\"");
    const double step = kPawnRadius * 2.1;
    double px = cx - step * (static_cast<double>(pawns.size()) - 1) / 2;
    for (auto [p, n] : pawns) {
        const std::string& colour = f.colours[p];
        c.out << circle(px, cy + kPawnRow, kPawnRadius,
                        "data-pawns=\"" + xml_escape(f.pos.players[p].name) + "\" fill=\"" + colour +
                            "\" stroke=\"#1a1a1a\" stroke-width=\"1\"");
        c.text(px, cy + kPawnRow + 4, std::to_string(n), 11,
               "text-anchor=\"middle\" font-weight=\"bold\" fill=\"" + std::string(ink_on(colour)) + "\"");
        px += step;
    }
    auto hl = opt.highlight.find(t);
    if (hl == opt.highlight.end()) return;
    c.out << circle(cx, cy, a.r + 4,
                    "data-highlight=\"" + xml_escape(terr.id) + "\" fill=\"none\" stroke=\"" +
                        kHighlightColour + "\" stroke-width=\"4\" stroke-dasharray=\"8 4\"");
    if (hl->second <= 0) return;
    const double bx = cx + a.r * 0.72, by = cy - a.r * 0.72;
    c.out << circle(bx, by, 11, std::string("fill=\"") + kHighlightColour + "\"");
    c.text(bx, by + 4, "+" + std::to_string(hl->second), 11,
           "text-anchor=\"middle\" font-weight=\"bold\" fill=\"#ffffff\"");
}

std::vector<std::string> caption_lines(const Position& pos, const MapLayout& layout,
                                       const MapPictureOptions& opt) {
    std::vector<std::string> lines;
    lines.push_back(
        std::string("Layout computed from the borders and lakes alone (") +
        (layout.planar ? "a planar drawing, relaxed" : "the map is not planar: drawn from its distances") +
        "), not the printed board: a line joins two territories that share a border.");
    if (pos.map.id == "aztlan")
        lines.push_back(
            "The shipped map is a reconstruction: the real board's borders are not public, and "
            "tlaloc's map gives the printed scoring table cell for cell.");
    for (const auto& n : opt.notes) lines.push_back(n);
    return lines;
}

double draw_header(SvgCanvas& c, const Position& pos, const std::vector<std::string>& lines, double width) {
    std::string title =
        "Aztlán map \"" + pos.map.id + "\": " + std::to_string(pos.map.size()) + " territories";
    c.text(kMargin, kMargin + 16, title, 20, "font-weight=\"bold\" fill=\"#1a1a1a\"");
    double y = kMargin + 40;
    const auto chars = static_cast<std::size_t>(std::max(40.0, (width - 2 * kMargin) / 6.6));
    for (const auto& line_text : lines) {
        for (const auto& part : wrap(line_text, chars)) {
            c.text(kMargin, y, part, 12, "class=\"caption\" fill=\"#4a4a4a\"");
            y += 16;
        }
    }
    return y + 4;
}

// The legend: territory types, lake, border and shore; each player's colour, points and bonus type;
// the highlight. Returns the y below it.
double draw_legend(SvgCanvas& c, const Position& pos, const std::vector<std::string>& colours,
                   const std::vector<PlayerScore>& scores, const MapPictureOptions& opt, double y) {
    double x = kMargin;
    c.out << "<g class=\"legend\">\n";
    for (int t = 0; t < kTerritoryTypeCount; ++t) {
        c.out << circle(x + 9, y, 9, std::string("fill=\"") + kTypeFill[t] + "\" stroke=\"#3b3325\"");
        c.text(x + 23, y + 4, kTerritoryTypeNames[t], 12, "fill=\"#1a1a1a\"");
        x += 104;
    }
    c.out << circle(x + 9, y, 9, "fill=\"#a9d2f0\" stroke=\"#3f7fb5\" stroke-width=\"2\"");
    c.text(x + 23, y + 4, "lake", 12, "fill=\"#1a1a1a\"");
    y += 26;
    c.out << line(kMargin, y, kMargin + 30, y, "stroke=\"#6b5d45\" stroke-width=\"2\"");
    c.text(kMargin + 38, y + 4, "border", 12, "fill=\"#1a1a1a\"");
    c.out << line(kMargin + 104, y, kMargin + 134, y,
                  "stroke=\"#3f7fb5\" stroke-width=\"2\" stroke-dasharray=\"5 4\"");
    c.text(kMargin + 142, y + 4, "touches the lake", 12, "fill=\"#1a1a1a\"");
    if (!opt.highlight.empty()) {
        c.out << circle(kMargin + 322, y, 9,
                        std::string("fill=\"none\" stroke=\"") + kHighlightColour +
                            "\" stroke-width=\"3\" stroke-dasharray=\"5 3\"");
        c.text(kMargin + 338, y + 4, "highlighted (+N: pawns placed there)", 12, "fill=\"#1a1a1a\"");
    }
    for (std::size_t p = 0; p < scores.size(); ++p) {
        y += 24;
        c.out << "<rect x=\"" << num(kMargin) << "\" y=\"" << num(y - 8)
              << "\" width=\"30\" height=\"16\" rx=\"8\" fill=\"" << tint(colours[p]) << "\"/>\n";
        c.out << circle(kMargin + 15, y, 6, "fill=\"" + colours[p] + "\" stroke=\"#1a1a1a\"");
        const auto& s = scores[p];
        c.text(kMargin + 38, y + 4,
               s.name + " (card " + std::to_string(pos.players[p].card) + "): " + std::to_string(s.points) +
                   " points, bonus type " + to_string(s.bonus_type) + ", " +
                   std::to_string(s.domains.size()) + (s.domains.size() == 1 ? " domain" : " domains") +
                   " shaded in this colour",
               12, "fill=\"#1a1a1a\"");
    }
    c.out << "</g>\n";
    return y + 18;
}

}  // namespace

std::vector<std::string> player_colours(const std::vector<PlayerPosition>& players) {
    std::vector<std::string> out(players.size());
    std::vector<bool> taken(kTribeColours.size(), false);
    for (std::size_t p = 0; p < players.size(); ++p) {
        for (std::size_t k = 0; k < kTribeColours.size(); ++k) {
            if (players[p].name == kTribeColours[k].name && !taken[k]) {
                out[p] = kTribeColours[k].hex;
                taken[k] = true;
            }
        }
    }
    for (std::size_t p = 0, next = 0; p < players.size(); ++p) {
        if (!out[p].empty()) continue;
        while (next < kTribeColours.size() && taken[next]) ++next;
        if (next < kTribeColours.size()) {
            out[p] = kTribeColours[next].hex;
            taken[next] = true;
        } else {
            out[p] = "#8c8c8c";  // more players than colours: the rest grey (their names are in the legend)
        }
    }
    return out;
}

std::string map_svg(const Position& pos, const MapPictureOptions& opt) {
    const MapLayout layout = layout_map(pos.map, radii(pos), kLakeRadius);
    const auto colours = player_colours(pos.players);
    std::vector<PlayerScore> scores;
    if (!pos.players.empty()) scores = score_age(MapGraph(pos.map), pos);
    const double width = std::max(kMinWidth, layout.width + 2 * (kMargin + kHaloReach));
    SvgCanvas header;
    const auto caption = caption_lines(pos, layout, opt);
    std::string desc;  // the caption unwrapped, for screen readers and searches
    for (const auto& line_text : caption) desc += (desc.empty() ? "" : " ") + line_text;
    header.out << "<desc>" << xml_escape(desc) << "</desc>\n";
    const double map_top = draw_header(header, pos, caption, width);
    Frame frame{pos, layout, colours};
    frame.dx = (width - layout.width) / 2;
    frame.dy = map_top + kHaloReach;
    SvgCanvas body;
    draw_domains(body, frame, scores);
    draw_links(body, frame);
    for (int t = 0; t < pos.map.size(); ++t) draw_territory(body, frame, t, opt);
    SvgCanvas legend;
    const double height =
        draw_legend(legend, pos, colours, scores, opt, frame.dy + layout.height + kHaloReach + 24) + kMargin;
    std::ostringstream svg;
    svg << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << num(width) << "\" height=\"" << num(height)
        << "\" viewBox=\"0 0 " << num(width) << " " << num(height)
        << "\" font-family=\"DejaVu Sans, Verdana, sans-serif\" data-map=\"" << xml_escape(pos.map.id)
        << "\" data-layout=\"" << (layout.planar ? "planar" : "distances") << "\">\n"
        << "<rect width=\"100%\" height=\"100%\" fill=\"#fbf8f0\"/>\n"
        << header.out.str() << body.out.str() << legend.out.str() << "</svg>\n";
    return svg.str();
}

}  // namespace tlaloc::aztlan
