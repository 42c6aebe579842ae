#include "puzzles/xalapa/Render.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <stdexcept>

#include "model/xalapa/Evaluation.h"
#include "puzzles/xalapa/Deal.h"

namespace tlaloc::xalapa {

namespace {

// ---- layout (pixels) ----
constexpr double kField = 64;  // one board field
constexpr double kMargin = 24;
constexpr double kLabel = 20;  // room for the row/column numbers
constexpr double kCardW = 116, kCardH = 236, kCardGap = 12;
constexpr double kFaceH = 84;    // one card face (top or bottom)
constexpr double kPanelW = 250;  // the position card and the caption beside the board

const char* const kLineColours[] = {"#d7312e", "#e8b400", "#2a6fd4"};
const char* const kSymbolColours[] = {"#2e8b3d", "#c4621b", "#3d4f8f"};
const char* const kDeckColours[][2] = {
    // card face fill, border
    {"#eef0f2", "#8a9096"},  // novice: grey back
    {"#eaf3e4", "#5f8f4a"},  // intermediate
    {"#f6e7e3", "#9c4a3a"},  // expert
    {"#fbf5e6", "#a08a55"},  // printed on the central board
};

std::string num(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", v);
    std::string s = buf;
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
    if (s == "-0") s = "0";
    return s;
}

}  // namespace

namespace {

// Greedy word wrap at `width` characters; a word longer than the width gets its own line.
std::vector<std::string> wrap(const std::string& text, std::size_t width) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    std::string word, line;
    while (in >> word) {
        if (!line.empty() && line.size() + 1 + word.size() > width) {
            lines.push_back(line);
            line.clear();
        }
        line += (line.empty() ? "" : " ") + word;
    }
    if (!line.empty()) lines.push_back(line);
    return lines;
}

class Svg {
public:
    std::ostringstream out;
    std::string id;  // prefix for ids

    void text(double x, double y, const std::string& s, double size, const std::string& attrs = "") {
        out << "<text x=\"" << num(x) << "\" y=\"" << num(y) << "\" font-size=\"" << num(size) << "\""
            << (attrs.empty() ? "" : " ") << attrs << ">" << xml_escape(s) << "</text>\n";
    }
};

// Our own glyphs, each in a 100×100 box: a saguaro, a gecko seen from above, a roadrunner.
void symbol_defs(Svg& svg) {
    const std::string& p = svg.id;
    svg.out
        << "<symbol id=\"" << p << "-cactus\" viewBox=\"0 0 100 100\">"
        << "<g fill=\"none\" stroke=\"" << kSymbolColours[0]
        << "\" stroke-linecap=\"round\" stroke-linejoin=\"round\">"
        << "<path d=\"M50 16 V88\" stroke-width=\"20\"/>"
        << "<path d=\"M42 62 H29 V38\" stroke-width=\"11\"/>"
        << "<path d=\"M58 52 H71 V28\" stroke-width=\"11\"/></g>"
        << "<path d=\"M50 24 V80 M44 34 V46 M56 58 V70\" stroke=\"#1c5e28\" stroke-width=\"2\" stroke-linecap=\"round\"/>"
        << "<path d=\"M24 90 H76\" stroke=\"#8a6a3a\" stroke-width=\"5\" stroke-linecap=\"round\"/></symbol>\n";
    svg.out
        << "<symbol id=\"" << p << "-gecko\" viewBox=\"0 0 100 100\"><g fill=\"" << kSymbolColours[1]
        << "\" stroke=\"" << kSymbolColours[1] << "\" stroke-linecap=\"round\" stroke-linejoin=\"round\">"
        << "<path d=\"M42 40 L28 34 L22 26 M58 40 L72 34 L78 26 M42 62 L28 70 L22 78 M58 62 L72 70 L78 78\" "
           "fill=\"none\" stroke-width=\"6\"/>"
        << "<path d=\"M50 70 Q60 82 52 90 Q44 97 34 94\" fill=\"none\" stroke-width=\"7\"/>"
        << "<ellipse cx=\"50\" cy=\"52\" rx=\"11\" ry=\"21\" stroke-width=\"1\"/>"
        << "<ellipse cx=\"50\" cy=\"23\" rx=\"9\" ry=\"11\" stroke-width=\"1\"/></g>"
        << "<circle cx=\"45.5\" cy=\"19\" r=\"2.6\" fill=\"#2a1a0a\"/><circle cx=\"54.5\" cy=\"19\" r=\"2.6\" fill=\"#2a1a0a\"/>"
        << "<path d=\"M45 48 H55 M45 56 H55\" stroke=\"#f2c27a\" stroke-width=\"2.5\" stroke-linecap=\"round\"/></symbol>\n";
    svg.out
        << "<symbol id=\"" << p << "-bird\" viewBox=\"0 0 100 100\"><g fill=\"" << kSymbolColours[2]
        << "\" stroke=\"" << kSymbolColours[2] << "\" stroke-linecap=\"round\" stroke-linejoin=\"round\">"
        << "<path d=\"M40 50 L8 28 L14 42 L6 44 Z\" stroke-width=\"3\"/>"
        << "<ellipse cx=\"48\" cy=\"56\" rx=\"21\" ry=\"12\" transform=\"rotate(-18 48 56)\" stroke-width=\"1\"/>"
        << "<path d=\"M60 48 L70 34\" fill=\"none\" stroke-width=\"9\"/>"
        << "<circle cx=\"73\" cy=\"30\" r=\"9\" stroke-width=\"1\"/>"
        << "<path d=\"M70 23 L64 9 L73 19 L76 8 L78 22\" stroke-width=\"2\"/>"
        << "<path d=\"M46 66 L42 90 L34 92 M54 66 L58 90 L66 92\" fill=\"none\" stroke-width=\"4\"/></g>"
        << "<path d=\"M80 28 L97 32 L80 35 Z\" fill=\"#c98a1c\"/>"
        << "<circle cx=\"75\" cy=\"28\" r=\"2.4\" fill=\"#fff\"/>"
        << "<path d=\"M36 56 Q48 50 60 56\" fill=\"none\" stroke=\"#b9c3e6\" stroke-width=\"2.5\"/></symbol>\n";
}

void defs(Svg& svg) {
    svg.out << "<defs>\n";
    svg.out << "<radialGradient id=\"" << svg.id << "-glass\" cx=\"0.38\" cy=\"0.34\" r=\"0.7\">"
            << "<stop offset=\"0\" stop-color=\"#ffffff\" stop-opacity=\"0.95\"/>"
            << "<stop offset=\"0.35\" stop-color=\"#bfeaf5\" stop-opacity=\"0.75\"/>"
            << "<stop offset=\"1\" stop-color=\"#2f8fb0\" stop-opacity=\"0.85\"/></radialGradient>\n";
    symbol_defs(svg);
    svg.out << "</defs>\n";
}

void use_symbol(Svg& svg, Symbol s, double x, double y, double size, const std::string& cls) {
    svg.out << "<use class=\"" << cls << " symbol-" << kSymbolNames[static_cast<int>(s)] << "\" href=\"#"
            << svg.id << "-" << kSymbolNames[static_cast<int>(s)] << "\" x=\"" << num(x) << "\" y=\""
            << num(y) << "\" width=\"" << num(size) << "\" height=\"" << num(size) << "\"/>\n";
}

// A small picture of one feature atom in a size×size box at (x, y).
void atom_icon(Svg& svg, Atom atom, double x, double y, double size) {
    auto& o = svg.out;
    // Icons are drawn on a 4×4 grid; sq() takes tenths of it so the numbers stay whole.
    o << "<g class=\"icon\" transform=\"translate(" << num(x) << " " << num(y) << ") scale(" << num(size / 4)
      << ")\">";
    auto sq = [&](double a, double b, double w, double h, const std::string& attrs) {
        o << "<rect x=\"" << num(a / 10) << "\" y=\"" << num(b / 10) << "\" width=\"" << num(w / 10)
          << "\" height=\"" << num(h / 10) << "\" " << attrs << "/>";
    };
    switch (atom) {
        case Atom::Cactus:
        case Atom::Gecko:
        case Atom::Bird:
            break;
        case Atom::Red:
        case Atom::Yellow:
        case Atom::Blue: {
            int l = static_cast<int>(atom) - static_cast<int>(Atom::Red);
            o << "<path d=\"M0.4 2.6 C1.2 0.6 2 3.6 3.6 1.4\" fill=\"none\" stroke=\"" << kLineColours[l]
              << "\" stroke-width=\"0.55\" stroke-linecap=\"round\"/>";
            break;
        }
        case Atom::Black:
            sq(6, 6, 28, 28, "fill=\"#3a3531\" stroke=\"#222\" stroke-width=\"0.1\"");
            break;
        case Atom::White:
            sq(6, 6, 28, 28, "fill=\"#f5efe3\" stroke=\"#555\" stroke-width=\"0.15\"");
            break;
        case Atom::Corner:
            sq(4, 4, 32, 32, "fill=\"none\" stroke=\"#555\" stroke-width=\"0.15\"");
            for (double cx : {4.0, 26.0})
                for (double cy : {4.0, 26.0}) sq(cx, cy, 10, 10, "fill=\"#7a5a2a\"");
            break;
        case Atom::Edge:
            sq(4, 4, 32, 32, "fill=\"#7a5a2a\"");
            sq(12, 12, 16, 16, "fill=\"#fff\"");
            break;
        case Atom::Double:
            o << "<circle cx=\"1.3\" cy=\"2\" r=\"0.8\" fill=\"" << kSymbolColours[0]
              << "\"/><circle cx=\"2.7\" cy=\"2\" r=\"0.8\" fill=\"" << kSymbolColours[1] << "\"/>";
            break;
        case Atom::Blank:
            sq(6, 6, 28, 28,
               "fill=\"#fff\" stroke=\"#555\" stroke-width=\"0.15\" stroke-dasharray=\"0.35 0.25\"");
            break;
        case Atom::Lineless:
            o << "<path d=\"M0.4 2.6 C1.2 0.6 2 3.6 3.6 1.4\" fill=\"none\" stroke=\"#888\" stroke-width=\"0.45\" stroke-linecap=\"round\"/>"
              << "<path d=\"M0.6 0.6 L3.4 3.4\" stroke=\"#c0271d\" stroke-width=\"0.4\" stroke-linecap=\"round\"/>";
            break;
        case Atom::Any:
            for (int i = 0; i < 3; ++i)
                for (int j = 0; j < 3; ++j)
                    sq(4 + i * 11, 4 + j * 11, 10, 10,
                       (i + j) % 2 ? "fill=\"#f5efe3\" stroke=\"#555\" stroke-width=\"0.05\""
                                   : "fill=\"#3a3531\"");
            break;
    }
    o << "</g>\n";
    if (atom == Atom::Cactus || atom == Atom::Gecko || atom == Atom::Bird)
        use_symbol(svg, static_cast<Symbol>(static_cast<int>(atom)), x, y, size, "icon");
}

// A feature face: the icons of its atoms side by side, its name underneath.
void feature_face(Svg& svg, const Feature& f, double x, double y, double w, double h) {
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

void number_face(Svg& svg, const CardFace& face, double x, double y, double w, double h) {
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

void face(Svg& svg, const CardFace& f, double x, double y, double w, double h, const std::string& cls) {
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

// A green tick or a red cross in a circle, centred at (x, y).
void mark(Svg& svg, bool met, double x, double y) {
    svg.out << "<g class=\"" << (met ? "met" : "unmet") << "\"><circle cx=\"" << num(x) << "\" cy=\""
            << num(y) << "\" r=\"11\" fill=\"" << (met ? "#2e8b3d" : "#c0271d")
            << "\" stroke=\"#fff\" stroke-width=\"2\"/>";
    if (met)
        svg.out
            << "<path d=\"M" << num(x - 5) << " " << num(y) << " L" << num(x - 1.5) << " " << num(y + 4)
            << " L" << num(x + 5.5) << " " << num(y - 4.5)
            << "\" fill=\"none\" stroke=\"#fff\" stroke-width=\"2.6\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>";
    else
        svg.out << "<path d=\"M" << num(x - 4.5) << " " << num(y - 4.5) << " L" << num(x + 4.5) << " "
                << num(y + 4.5) << " M" << num(x + 4.5) << " " << num(y - 4.5) << " L" << num(x - 4.5) << " "
                << num(y + 4.5) << "\" stroke=\"#fff\" stroke-width=\"2.6\" stroke-linecap=\"round\"/>";
    svg.out << "</g>\n";
}

void stone(Svg& svg, double cx, double cy, double r, const std::string& cls) {
    svg.out << "<g class=\"" << cls << "\"><circle cx=\"" << num(cx) << "\" cy=\"" << num(cy) << "\" r=\""
            << num(r) << "\" fill=\"url(#" << svg.id << "-glass)\" stroke=\"#1f6680\" stroke-width=\"1.8\"/>"
            << "<ellipse cx=\"" << num(cx - r * 0.3) << "\" cy=\"" << num(cy - r * 0.38) << "\" rx=\""
            << num(r * 0.34) << "\" ry=\"" << num(r * 0.18)
            << "\" fill=\"#fff\" opacity=\"0.85\" transform=\"rotate(-30 " << num(cx - r * 0.3) << " "
            << num(cy - r * 0.38) << ")\"/></g>\n";
}

// Where each symbol of each field goes: one symbol in the middle, two side by side on a slant.
template <class F>
void for_each_symbol(const Board& board, double bx, double by, F&& draw) {
    for (int r = 0; r < board.rows; ++r)
        for (int c = 0; c < board.cols; ++c) {
            const Field& f = board.at({r, c});
            int n = f.symbol_count(), k = 0;
            double size = n == 1 ? kField * 0.62 : kField * 0.46;
            for (int s = 0; s < 3; ++s) {
                if (!f.has(static_cast<Symbol>(s))) continue;
                double dx = n == 1 ? 0 : (k == 0 ? -0.22 : 0.22) * kField,
                       dy = n == 1 ? 0 : (k == 0 ? -0.14 : 0.14) * kField;
                draw(f, static_cast<Symbol>(s), bx + (c + 0.5) * kField + dx, by + (r + 0.5) * kField + dy,
                     size);
                ++k;
            }
        }
}

bool same_task(const Task& a, const Task& b) {
    if (a.kind != b.kind || !(a.feature == b.feature)) return false;
    return a.kind == Task::Kind::Same ? a.other == b.other : a.lo == b.lo && a.hi == b.hi;
}

CardFace card_face(const Catalogue& catalogue, const std::string& id) {
    CardFace f;
    if (id == "printed-1" || id == "printed-2") {
        f.number = id.substr(8);
        f.deck = "printed";
        return f;
    }
    const OracleCard& card = catalogue.card(id);
    f.deck = to_string(card.deck);
    switch (card.kind) {
        case OracleCard::Kind::Number:
            f.number = std::to_string(card.stones);
            if (card.at_most) f.qualifier = "at most";
            break;
        case OracleCard::Kind::Bound:
            f.number = std::to_string(card.stones);
            f.qualifier = "at least";
            break;
        case OracleCard::Kind::FeatureCard:
            f.feature = card.feature;
            break;
    }
    return f;
}

// A string a challenge file carries (Challenge::extra) without tlaloc checking it when the file is
// read: nullopt when absent or not a string, which the drawing then does without.
std::optional<std::string> carried_string(const Json& object, const std::string& key) {
    if (!object.is_object() || !object.contains(key) || !object[key].is_string()) return std::nullopt;
    return JsonPlace(object, "").at(key).as_string();
}

std::optional<ColumnFaces> faces_from_cards(const Challenge& ch, int index, const Catalogue& catalogue) {
    const Json& cards = ch.extra.contains("cards") ? ch.extra["cards"] : Json();
    if (!cards.is_object() || !cards.contains("columns")) return std::nullopt;
    const Json& columns = cards["columns"];
    if (!columns.is_array() || columns.size() != ch.tasks.size()) return std::nullopt;
    const Json& c = columns[index];
    auto top = carried_string(c, "top"), bottom = carried_string(c, "bottom");
    if (!top || !bottom) return std::nullopt;
    Column column{*top, *bottom};
    try {
        // The file's cards are carried, not interpreted, so they may disagree with its tasks (an
        // edited file): then the task wins.
        if (!same_task(column_task(catalogue, column), ch.tasks[index])) return std::nullopt;
        return ColumnFaces{card_face(catalogue, column.top), card_face(catalogue, column.bottom)};
    } catch (const std::out_of_range&) {
        return std::nullopt;
    }
}

}  // namespace

ColumnFaces column_faces(const Challenge& ch, int index, const Catalogue* catalogue) {
    if (catalogue)
        if (auto f = faces_from_cards(ch, index, *catalogue)) return *f;
    const Task& t = ch.tasks.at(index);
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

std::vector<std::vector<Cell>> line_route(const Board& board, Line line) {
    std::vector<int> fields;
    for (int i = 0; i < board.size(); ++i)
        if (board.fields[i].has(line)) fields.push_back(i);
    int n = static_cast<int>(fields.size());
    if (n == 0) return {};
    // Neighbours among the line's fields, straight steps before diagonal ones.
    std::vector<std::vector<int>> next(n);
    for (int a = 0; a < n; ++a) {
        Cell ca = board.cell(fields[a]);
        for (int diagonal = 0; diagonal < 2; ++diagonal)
            for (int b = 0; b < n; ++b) {
                Cell cb = board.cell(fields[b]);
                int dr = std::abs(ca.row - cb.row), dc = std::abs(ca.col - cb.col);
                if (a != b && std::max(dr, dc) == 1 && (dr + dc == 2) == (diagonal == 1))
                    next[a].push_back(b);
            }
    }
    // Depth-first search over the paths through every field, keeping the one a printed line would
    // most likely be: fewest diagonal steps, then fewest turns, ends on the board's rim. A fixed
    // step budget bounds the search on big boards; the best path found so far is then used.
    auto on_rim = [&](int v) {
        Cell c = board.cell(fields[v]);
        return c.row == 0 || c.col == 0 || c.row == board.rows - 1 || c.col == board.cols - 1;
    };
    auto step = [&](int a, int b) {
        Cell ca = board.cell(fields[a]), cb = board.cell(fields[b]);
        return std::pair{cb.row - ca.row, cb.col - ca.col};
    };
    long budget = 200000;
    std::vector<int> path, best;
    long best_score = 0;
    std::vector<char> used(n, 0);
    auto dfs = [&](auto&& self, int v, long score) -> void {
        if (--budget < 0) return;
        path.push_back(v);
        used[v] = 1;
        if (static_cast<int>(path.size()) == n) {
            long total = score - 3 * (on_rim(path.front()) + on_rim(path.back()));
            if (best.empty() || total < best_score) best = path, best_score = total;
        }
        for (int w : next[v]) {
            if (used[w]) continue;
            auto [dr, dc] = step(v, w);
            long cost = (dr != 0 && dc != 0) ? 10 : 0;
            if (path.size() >= 2 && step(path[path.size() - 2], v) != std::pair{dr, dc}) cost += 1;
            if (best.empty() || score + cost - 6 < best_score) self(self, w, score + cost);
        }
        used[v] = 0;
        path.pop_back();
    };
    for (int s = 0; s < n && budget > 0; ++s) dfs(dfs, s, 0);
    if (!best.empty()) {
        std::vector<Cell> run;
        for (int v : best) run.push_back(board.cell(fields[v]));
        return {run};
    }
    std::vector<int> starts(n);
    for (int i = 0; i < n; ++i) starts[i] = i;
    std::stable_sort(starts.begin(), starts.end(),
                     [&](int a, int b) { return next[a].size() < next[b].size(); });
    std::vector<std::vector<Cell>> runs;
    // No single path: walk greedily to the nearest unused field, starting a new run at each gap.
    std::fill(used.begin(), used.end(), 0);
    int v = starts[0];
    runs.push_back({});
    for (int k = 0; k < n; ++k) {
        used[v] = 1;
        runs.back().push_back(board.cell(fields[v]));
        int best = -1, best_d = 0;
        Cell cv = board.cell(fields[v]);
        for (int w = 0; w < n; ++w) {
            if (used[w]) continue;
            Cell cw = board.cell(fields[w]);
            int d = (cv.row - cw.row) * (cv.row - cw.row) + (cv.col - cw.col) * (cv.col - cw.col);
            if (best < 0 || d < best_d) best = w, best_d = d;
        }
        if (best < 0) break;
        if (best_d > 2) runs.push_back({});
        v = best;
    }
    return runs;
}

std::string render_svg(const Challenge& ch, const RenderOptions& opt) {
    const Board& board = ch.board;
    Svg svg;
    svg.id = opt.id_prefix.empty() ? "x" : opt.id_prefix;
    std::optional<Evaluation> ev;
    if (opt.stones && opt.outcome) ev = evaluate(ch, *opt.stones);

    const int columns = static_cast<int>(ch.tasks.size());
    const double bx = kMargin + kLabel,
                 by = kMargin + (opt.heading ? 44 : 0) + kLabel;  // board's top-left corner
    const double bw = board.cols * kField, bh = board.rows * kField;
    const double px = bx + bw + 28;  // the panel beside the board
    const double cards_y = std::max(by + bh + 26, by + 330.0);
    const double width =
        std::max(px + kPanelW + kMargin, 2 * kMargin + columns * (kCardW + kCardGap) - kCardGap);
    const double height = cards_y + (columns ? kCardH : 0) + kMargin;

    auto& o = svg.out;
    o << "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"xalapa\" viewBox=\"0 0 " << num(width) << " "
      << num(height) << "\" width=\"" << num(width) << "\" height=\"" << num(height)
      << "\" font-family=\"DejaVu Sans, Verdana, Arial, sans-serif\">\n";
    defs(svg);
    o << "<rect width=\"" << num(width) << "\" height=\"" << num(height) << "\" fill=\"#fff\"/>\n";

    if (opt.heading) {
        std::string title = opt.title;
        if (title.empty()) title = carried_string(ch.extra, "id").value_or("");
        if (title.empty()) title = "Xalapa challenge";
        svg.text(kMargin, kMargin + 18, title, 22, "font-weight=\"bold\" fill=\"#222\"");
        std::string sub = "board " + (board.id.empty() ? std::string("inline") : board.id) +
                          " · penalty = stones + " + std::to_string(ch.disfavor) + " × unmet · at most " +
                          std::to_string(ch.max_stones) + " stones";
        svg.text(kMargin, kMargin + 38, sub, 12.5, "fill=\"#555\"");
    }

    // The board: fields, then lines over them, then symbols, then stones on top.
    o << "<g class=\"board\">\n";
    o << "<rect x=\"" << num(bx - 4) << "\" y=\"" << num(by - 4) << "\" width=\"" << num(bw + 8)
      << "\" height=\"" << num(bh + 8) << "\" rx=\"6\" fill=\"#6b4a2b\"/>\n";
    for (int r = 0; r < board.rows; ++r)
        for (int c = 0; c < board.cols; ++c) {
            const Field& f = board.at({r, c});
            o << "<rect class=\"field " << (f.black ? "black" : "white") << "\" data-row=\"" << r
              << "\" data-col=\"" << c << "\" x=\"" << num(bx + c * kField) << "\" y=\""
              << num(by + r * kField) << "\" width=\"" << num(kField) << "\" height=\"" << num(kField)
              << "\" fill=\"" << (f.black ? "#3a3531" : "#f5efe3") << "\"/>\n";
        }
    for (int c = 0; c < board.cols; ++c)
        svg.text(bx + (c + 0.5) * kField, by - 9, std::to_string(c), 11,
                 "text-anchor=\"middle\" fill=\"#777\"");
    for (int r = 0; r < board.rows; ++r)
        svg.text(bx - 9, by + (r + 0.5) * kField + 4, std::to_string(r), 11,
                 "text-anchor=\"end\" fill=\"#777\"");
    o << "</g>\n";
    for_each_symbol(board, bx, by, [&](const Field& f, Symbol, double cx, double cy, double size) {
        if (f.black)  // a pale badge, under the lines, so the glyph reads on a dark field
            o << "<circle cx=\"" << num(cx) << "\" cy=\"" << num(cy) << "\" r=\"" << num(size * 0.52)
              << "\" fill=\"#efe6d2\"/>\n";
    });
    o << "<g class=\"lines\" fill=\"none\" stroke-linecap=\"round\" stroke-linejoin=\"round\">\n";
    for (int l = 0; l < 3; ++l) {
        // Lines that share a field are drawn side by side rather than on top of each other.
        double shift = (l - 1) * kField * 0.09;
        for (const auto& run : line_route(board, static_cast<Line>(l))) {
            std::string points;
            auto point = [&](double x, double y) {
                points += (points.empty() ? "" : " ") + num(x) + "," + num(y);
            };
            if (run.size() == 1) {  // a lone field: a short stroke across it
                point(bx + (run[0].col + 0.2) * kField + shift, by + (run[0].row + 0.5) * kField + shift);
                point(bx + (run[0].col + 0.8) * kField + shift, by + (run[0].row + 0.5) * kField + shift);
            }
            if (run.size() > 1) {
                // The ends run on to the board's rim when they lie on it, as printed lines do.
                auto rim = [&](Cell end, Cell inner) {
                    double x = bx + (end.col + 0.5) * kField, y = by + (end.row + 0.5) * kField;
                    double dx = end.col - inner.col, dy = end.row - inner.row;
                    bool out_c = (end.col == 0 && dx < 0) || (end.col == board.cols - 1 && dx > 0);
                    bool out_r = (end.row == 0 && dy < 0) || (end.row == board.rows - 1 && dy > 0);
                    if (out_c && dy == 0)
                        x += dx * kField * 0.5;
                    else if (out_r && dx == 0)
                        y += dy * kField * 0.5;
                    return std::pair{x, y};
                };
                auto first = rim(run.front(), run[1]);
                point(first.first + shift, first.second + shift);
                for (std::size_t k = 1; k + 1 < run.size(); ++k)
                    point(bx + (run[k].col + 0.5) * kField + shift, by + (run[k].row + 0.5) * kField + shift);
                auto last = rim(run.back(), run[run.size() - 2]);
                point(last.first + shift, last.second + shift);
            }
            o << "<polyline class=\"line line-" << kLineNames[l] << "\" points=\"" << points << "\" stroke=\""
              << kLineColours[l] << "\" stroke-width=\"" << num(kField * 0.1) << "\" opacity=\"0.9\"/>\n";
        }
    }
    o << "</g>\n<g class=\"symbols\">\n";
    for_each_symbol(board, bx, by, [&](const Field&, Symbol s, double cx, double cy, double size) {
        use_symbol(svg, s, cx - size / 2, cy - size / 2, size, "symbol");
    });
    o << "</g>\n";
    if (opt.stones) {
        o << "<g class=\"stones\">\n";
        for (int i = 0; i < board.size(); ++i)
            if (opt.stones->test(i)) {
                Cell c = board.cell(i);
                stone(svg, bx + (c.col + 0.5) * kField, by + (c.row + 0.5) * kField, kField * 0.32, "stone");
            }
        o << "</g>\n";
    }

    // The panel: the position card, and with an outcome the penalty.
    double y = by;
    if (ch.formation) {
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
        if (ev) mark(svg, ev->formation_met, px + card_w - 4, y + 4);
        o << "</g>\n";
        y += card_h + 22;
    }
    if (ev) {
        o << "<g class=\"penalty\">\n";
        svg.text(px, y + 22, "penalty " + std::to_string(ev->penalty), 24,
                 "font-weight=\"bold\" fill=\"#222\"");
        svg.text(px, y + 44,
                 std::to_string(ev->stones) + (ev->stones == 1 ? " stone" : " stones") + " + " +
                     std::to_string(ch.disfavor) + " × " + std::to_string(ev->unmet) + " unmet",
                 13, "fill=\"#444\"");
        o << "</g>\n";
    } else if (!opt.stones) {
        auto lines =
            wrap("Place at most " + std::to_string(ch.max_stones) +
                     " stones, one per field. Each challenge you do not meet costs " +
                     std::to_string(ch.disfavor) + "; each stone costs 1. Aim for the lowest penalty.",
                 34);
        for (std::size_t i = 0; i < lines.size(); ++i)
            svg.text(px, y + 16 + 16.0 * i, lines[i], 12, "fill=\"#444\"");
    }

    // The challenge columns.
    for (int i = 0; i < columns; ++i) {
        double x = kMargin + i * (kCardW + kCardGap);
        ColumnFaces faces = column_faces(ch, i, opt.catalogue);
        o << "<g class=\"card\" data-task=\"" << i << "\">\n";
        face(svg, faces.top, x, cards_y, kCardW, kFaceH, "face top");
        face(svg, faces.bottom, x, cards_y + kFaceH + 6, kCardW, kFaceH, "face bottom");
        double ty = cards_y + 2 * kFaceH + 22;
        auto lines = wrap(ch.tasks[i].describe(), 17);
        for (std::size_t k = 0; k < lines.size() && k < 4; ++k)
            svg.text(x + kCardW / 2, ty + 14.0 * k, lines[k], 12,
                     "class=\"task-text\" text-anchor=\"middle\" fill=\"#222\"");
        if (ev) {
            const TaskOutcome& t = ev->tasks[i];
            std::string got = ch.tasks[i].kind == Task::Kind::Same
                                  ? std::to_string(t.count) + " vs " + std::to_string(t.other_count)
                                  : std::to_string(t.count) + " placed";
            svg.text(x + kCardW / 2, cards_y + kCardH - 4, got, 11,
                     std::string("text-anchor=\"middle\" font-weight=\"bold\" fill=\"") +
                         (t.met ? "#2e8b3d" : "#c0271d") + "\"");
            mark(svg, t.met, x + kCardW - 4, cards_y + 4);
        }
        o << "</g>\n";
    }
    o << "</svg>\n";
    return o.str();
}

std::string render_legend_svg(const std::string& id_prefix) {
    Svg svg;
    svg.id = id_prefix.empty() ? "x" : id_prefix;
    auto& o = svg.out;
    const double w = 680, h = 76;
    o << "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"xalapa-legend\" viewBox=\"0 0 " << num(w) << " "
      << num(h) << "\" width=\"" << num(w) << "\" height=\"" << num(h)
      << "\" font-family=\"DejaVu Sans, Verdana, Arial, sans-serif\">\n";
    defs(svg);
    double x = 8;
    for (int s = 0; s < 3; ++s, x += 96) {
        use_symbol(svg, static_cast<Symbol>(s), x, 6, 44, "symbol");
        svg.text(x + 22, 66, kSymbolNames[s], 12, "text-anchor=\"middle\" fill=\"#333\"");
    }
    for (int l = 0; l < 3; ++l) {
        double y = 16 + l * 18;
        o << "<path d=\"M" << num(x) << " " << num(y) << " q 14 -10 28 0 t 28 0\" fill=\"none\" stroke=\""
          << kLineColours[l] << "\" stroke-width=\"6\" stroke-linecap=\"round\"/>\n";
        svg.text(x + 64, y + 4, std::string(kLineNames[l]) + " line", 12, "fill=\"#333\"");
    }
    x += 150;
    o << "<rect x=\"" << num(x) << "\" y=\"6\" width=\"44\" height=\"44\" fill=\"#3a3531\"/><rect x=\""
      << num(x + 44) << "\" y=\"6\" width=\"44\" height=\"44\" fill=\"#f5efe3\" stroke=\"#999\"/>\n";
    svg.text(x + 44, 66, "black · white field", 12, "text-anchor=\"middle\" fill=\"#333\"");
    x += 150;
    stone(svg, x + 22, 28, 20, "stone");
    svg.text(x + 22, 66, "oracle stone", 12, "text-anchor=\"middle\" fill=\"#333\"");
    o << "</svg>\n";
    return o.str();
}

}  // namespace tlaloc::xalapa
