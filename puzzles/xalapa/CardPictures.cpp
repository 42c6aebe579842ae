#include "puzzles/xalapa/CardPictures.h"

#include <algorithm>

#include "puzzles/xalapa/Deal.h"
#include "puzzles/xalapa/Glyphs.h"
#include "puzzles/xalapa/RenderLayout.h"

namespace tlaloc::xalapa {

namespace {

const char* const kDeckColours[][2] = {
    // card face fill, border
    {"#eef0f2", "#8a9096"},  // novice: grey back
    {"#eaf3e4", "#5f8f4a"},  // intermediate
    {"#f6e7e3", "#9c4a3a"},  // expert
    {"#fbf5e6", "#a08a55"},  // printed on the central board
};

bool same_task(const Task& a, const Task& b) {
    if (a.kind != b.kind || !(a.feature == b.feature)) return false;
    return a.kind == Task::Kind::Same ? a.other == b.other : a.lo == b.lo && a.hi == b.hi;
}

// The face of a printed number or of a catalogue card; nullopt for an id the catalogue lacks.
std::optional<CardFace> card_face(const Catalogue& catalogue, const std::string& id) {
    CardFace f;
    if (auto printed = printed_number(id)) {
        f.number = std::to_string(*printed);
        f.deck = "printed";
        return f;
    }
    const OracleCard* card = catalogue.find_card(id);
    if (!card) return std::nullopt;
    f.deck = to_string(card->deck);
    switch (card->kind) {
        case OracleCard::Kind::Number:
            f.number = std::to_string(card->stones);
            if (card->at_most) f.qualifier = "at most";
            break;
        case OracleCard::Kind::Bound:
            f.number = std::to_string(card->stones);
            f.qualifier = "at least";
            break;
        case OracleCard::Kind::FeatureCard:
            f.feature = card->feature;
            break;
    }
    return f;
}

// The file's cards are carried, not checked against its tasks, so they may disagree (an edited
// file) or name cards this catalogue lacks: then there are no card faces and the task's are drawn.
std::optional<ColumnFaces> faces_from_cards(const Challenge& ch, int index, const Catalogue& catalogue) {
    if (!ch.cards || ch.cards->columns.size() != ch.tasks.size()) return std::nullopt;
    const DealtColumn& column = ch.cards->columns[index];
    auto task = find_column_task(catalogue, column);
    if (!task || !same_task(*task, ch.tasks[index])) return std::nullopt;
    auto top = card_face(catalogue, column.top), bottom = card_face(catalogue, column.bottom);
    if (!top || !bottom) return std::nullopt;
    return ColumnFaces{*top, *bottom};
}

ColumnFaces faces_from_task(const Task& t) {
    ColumnFaces faces;
    if (t.kind == Task::Kind::Same) {
        faces.top.feature = t.feature;
        faces.bottom.feature = t.other;
        return faces;
    }
    faces.bottom.feature = t.feature;
    if (t.lo == t.hi) {
        faces.top.number = std::to_string(t.lo);
    } else if (t.lo == 0) {
        faces.top.number = std::to_string(t.hi);
        faces.top.qualifier = "at most";
    } else if (t.hi >= kMaxFields) {
        faces.top.number = std::to_string(t.lo);
        faces.top.qualifier = "at least";
    } else {
        faces.top.number = std::to_string(t.hi);
        faces.top.qualifier = std::to_string(t.lo) + " to";
    }
    return faces;
}

// A feature face: the icons of its atoms side by side, its name underneath.
void feature_face(SvgCanvas& svg, const Feature& f, double x, double y, double w, double h) {
    int n = static_cast<int>(f.atoms.size());
    double icon = std::min(40.0, (w - 12) / n);
    double left = x + (w - icon * n) / 2;
    for (int i = 0; i < n; ++i) atom_icon(svg, f.atoms[i], left + i * icon, y + 8, icon);
    std::string name;
    for (int i = 0; i < n; ++i)
        name += (i ? " & " : "") + std::string(kAtomNames[static_cast<int>(f.atoms[i])]);
    auto lines = wrap(name, 16);
    for (std::size_t i = 0; i < lines.size(); ++i)
        svg.text(x + w / 2, y + h - 14 - 13.0 * (lines.size() - 1 - i), lines[i], 12.5,
                 "text-anchor=\"middle\" font-weight=\"bold\" fill=\"#333\"");
}

void number_face(SvgCanvas& svg, const CardFace& face, double x, double y, double w, double h) {
    if (!face.qualifier.empty())
        svg.text(x + w / 2, y + 20, face.qualifier, 12, "text-anchor=\"middle\" fill=\"#333\"");
    svg.text(x + w / 2, y + h / 2 + 16, face.number, 40,
             "text-anchor=\"middle\" font-weight=\"bold\" fill=\"#222\"");
    bool one = face.number == "1" && face.qualifier.empty();
    svg.text(x + w / 2, y + h - 8, one ? "stone" : "stones", 11, "text-anchor=\"middle\" fill=\"#555\"");
}

int deck_index(const std::string& deck) {
    if (deck == "novice") return 0;
    if (deck == "intermediate") return 1;
    if (deck == "expert") return 2;
    return 3;
}

void face(SvgCanvas& svg, const CardFace& f, double x, double y, double w, double h, const std::string& cls) {
    const auto* colours = kDeckColours[deck_index(f.deck)];
    svg.out << "<rect class=\"" << cls << "\" x=\"" << num(x) << "\" y=\"" << num(y) << "\" width=\""
            << num(w) << "\" height=\"" << num(h) << "\" rx=\"7\" fill=\"" << colours[0] << "\" stroke=\""
            << colours[1] << "\" stroke-width=\"1.5\"/>\n";
    if (f.feature)
        feature_face(svg, *f.feature, x, y, w, h);
    else
        number_face(svg, f, x, y, w, h);
    if (!f.deck.empty() && f.deck != "printed")
        svg.text(x + 6, y + 12, f.deck, 8, "fill=\"" + std::string(colours[1]) + "\"");
}

// What the stones achieved on column `index`, at the foot of its card, and the met/unmet mark.
void column_outcome(SvgCanvas& svg, const Task& task, const TaskOutcome& t, double x, double y) {
    std::string got = task.kind == Task::Kind::Same
                          ? std::to_string(t.count) + " vs " + std::to_string(t.other_count)
                          : std::to_string(t.count) + " placed";
    svg.text(x + kCardW / 2, y + kCardH - 4, got, 11,
             std::string("text-anchor=\"middle\" font-weight=\"bold\" fill=\"") +
                 (t.met ? "#2e8b3d" : "#c0271d") + "\"");
    mark(svg, t.met, x + kCardW - 4, y + 4);
}

}  // namespace

ColumnFaces column_faces(const Challenge& ch, int index, const Catalogue* catalogue) {
    if (catalogue)
        if (auto f = faces_from_cards(ch, index, *catalogue)) return *f;
    return faces_from_task(ch.tasks.at(index));
}

void draw_column_card(SvgCanvas& svg, const Challenge& ch, int index, const Catalogue* catalogue, double x,
                      double y, const Evaluation* outcome) {
    ColumnFaces faces = column_faces(ch, index, catalogue);
    svg.out << "<g class=\"card\" data-task=\"" << index << "\">\n";
    face(svg, faces.top, x, y, kCardW, kFaceH, "face top");
    face(svg, faces.bottom, x, y + kFaceH + 6, kCardW, kFaceH, "face bottom");
    double ty = y + 2 * kFaceH + 22;
    auto lines = wrap(ch.tasks[index].describe(), 17);
    for (std::size_t k = 0; k < lines.size() && k < 4; ++k)
        svg.text(x + kCardW / 2, ty + 14.0 * k, lines[k], 12,
                 "class=\"task-text\" text-anchor=\"middle\" fill=\"#222\"");
    if (outcome) column_outcome(svg, ch.tasks[index], outcome->tasks[index], x, y);
    svg.out << "</g>\n";
}

double draw_position_card(SvgCanvas& svg, const Challenge& ch, double px, double y,
                          const Evaluation* outcome) {
    auto& o = svg.out;
    const auto& cells = ch.formation->cells;
    int h = 0, w = 0;
    for (auto c : cells) h = std::max(h, c.row + 1), w = std::max(w, c.col + 1);
    int grid = std::max({h, w, 3});
    double g = std::min(26.0, 130.0 / grid);
    double card_w = 170, card_h = grid * g + 64;
    o << "<g class=\"position-card\">\n<rect x=\"" << num(px) << "\" y=\"" << num(y) << "\" width=\""
      << num(card_w) << "\" height=\"" << num(card_h)
      << "\" rx=\"8\" fill=\"#fbf5e6\" stroke=\"#a08a55\" stroke-width=\"1.5\"/>\n";
    svg.text(px + card_w / 2, y + 18, "position card", 12.5,
             "text-anchor=\"middle\" font-weight=\"bold\" fill=\"#333\"");
    double gx = px + (card_w - grid * g) / 2, gy = y + 28;
    for (int r = 0; r < grid; ++r)
        for (int c = 0; c < grid; ++c) {
            bool on = std::find(cells.begin(), cells.end(), Cell{r, c}) != cells.end();
            o << "<rect class=\"formation-cell" << (on ? " on" : "") << "\" x=\"" << num(gx + c * g)
              << "\" y=\"" << num(gy + r * g) << "\" width=\"" << num(g) << "\" height=\"" << num(g)
              << "\" fill=\"" << ((r + c) % 2 ? "#f5efe3" : "#d9cfbd")
              << "\" stroke=\"#8a7a5a\" stroke-width=\"0.8\"/>\n";
            if (on) stone(svg, gx + (c + 0.5) * g, gy + (r + 0.5) * g, g * 0.36, "formation-stone");
        }
    const char* how = ch.orientations == Orientations::Fixed    ? "exactly as shown"
                      : ch.orientations == Orientations::Rotate ? "may be turned"
                                                                : "may be turned or mirrored";
    svg.text(px + card_w / 2, y + card_h - 16, std::to_string(cells.size()) + " stones · " + how, 10.5,
             "text-anchor=\"middle\" fill=\"#555\"");
    if (outcome) mark(svg, outcome->formation_met, px + card_w - 4, y + 4);
    o << "</g>\n";
    return card_h;
}

}  // namespace tlaloc::xalapa
