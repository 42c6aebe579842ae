#include "puzzles/xalapa/Glyphs.h"

namespace tlaloc::xalapa {

namespace {

// Our own glyphs, each in a 100×100 box: a saguaro, a gecko seen from above, a roadrunner.
void symbol_defs(SvgCanvas& svg) {
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

// Icons are drawn on a 4×4 grid; a square is given in tenths of it so the numbers stay whole.
void icon_square(std::ostringstream& o, double a, double b, double w, double h, const std::string& attrs) {
    o << "<rect x=\"" << num(a / 10) << "\" y=\"" << num(b / 10) << "\" width=\"" << num(w / 10)
      << "\" height=\"" << num(h / 10) << "\" " << attrs << "/>";
}

// The icon of a field-kind atom (colour, position, count of symbols or lines) on the 4×4 grid.
void field_kind_icon(std::ostringstream& o, Atom atom) {
    switch (atom) {
        case Atom::Black:
            icon_square(o, 6, 6, 28, 28, "fill=\"#3a3531\" stroke=\"#222\" stroke-width=\"0.1\"");
            break;
        case Atom::White:
            icon_square(o, 6, 6, 28, 28, "fill=\"#f5efe3\" stroke=\"#555\" stroke-width=\"0.15\"");
            break;
        case Atom::Corner:
            icon_square(o, 4, 4, 32, 32, "fill=\"none\" stroke=\"#555\" stroke-width=\"0.15\"");
            for (double cx : {4.0, 26.0})
                for (double cy : {4.0, 26.0}) icon_square(o, cx, cy, 10, 10, "fill=\"#7a5a2a\"");
            break;
        case Atom::Edge:
            icon_square(o, 4, 4, 32, 32, "fill=\"#7a5a2a\"");
            icon_square(o, 12, 12, 16, 16, "fill=\"#fff\"");
            break;
        case Atom::Double:
            o << "<circle cx=\"1.3\" cy=\"2\" r=\"0.8\" fill=\"" << kSymbolColours[0]
              << "\"/><circle cx=\"2.7\" cy=\"2\" r=\"0.8\" fill=\"" << kSymbolColours[1] << "\"/>";
            break;
        case Atom::Blank:
            icon_square(o, 6, 6, 28, 28,
                        "fill=\"#fff\" stroke=\"#555\" stroke-width=\"0.15\" stroke-dasharray=\"0.35 0.25\"");
            break;
        case Atom::Any:
            for (int i = 0; i < 3; ++i)
                for (int j = 0; j < 3; ++j)
                    icon_square(o, 4 + i * 11, 4 + j * 11, 10, 10,
                                (i + j) % 2 ? "fill=\"#f5efe3\" stroke=\"#555\" stroke-width=\"0.05\""
                                            : "fill=\"#3a3531\"");
            break;
        default:
            break;
    }
}

// The icon of a line atom (a line of its colour, or a struck-through grey line for "lineless").
void line_icon(std::ostringstream& o, Atom atom) {
    if (atom == Atom::Lineless) {
        o << "<path d=\"M0.4 2.6 C1.2 0.6 2 3.6 3.6 1.4\" fill=\"none\" stroke=\"#888\" stroke-width=\"0.45\" stroke-linecap=\"round\"/>"
          << "<path d=\"M0.6 0.6 L3.4 3.4\" stroke=\"#c0271d\" stroke-width=\"0.4\" stroke-linecap=\"round\"/>";
        return;
    }
    int l = static_cast<int>(atom) - static_cast<int>(Atom::Red);
    o << "<path d=\"M0.4 2.6 C1.2 0.6 2 3.6 3.6 1.4\" fill=\"none\" stroke=\"" << kLineColours[l]
      << "\" stroke-width=\"0.55\" stroke-linecap=\"round\"/>";
}

bool is_symbol(Atom atom) { return atom == Atom::Cactus || atom == Atom::Gecko || atom == Atom::Bird; }
bool is_line(Atom atom) {
    return atom == Atom::Red || atom == Atom::Yellow || atom == Atom::Blue || atom == Atom::Lineless;
}

}  // namespace

void defs(SvgCanvas& svg) {
    svg.out << "<defs>\n";
    svg.out << "<radialGradient id=\"" << svg.id << "-glass\" cx=\"0.38\" cy=\"0.34\" r=\"0.7\">"
            << "<stop offset=\"0\" stop-color=\"#ffffff\" stop-opacity=\"0.95\"/>"
            << "<stop offset=\"0.35\" stop-color=\"#bfeaf5\" stop-opacity=\"0.75\"/>"
            << "<stop offset=\"1\" stop-color=\"#2f8fb0\" stop-opacity=\"0.85\"/></radialGradient>\n";
    symbol_defs(svg);
    svg.out << "</defs>\n";
}

void use_symbol(SvgCanvas& svg, Symbol s, double x, double y, double size, const std::string& cls) {
    svg.out << "<use class=\"" << cls << " symbol-" << kSymbolNames[static_cast<int>(s)] << "\" href=\"#"
            << svg.id << "-" << kSymbolNames[static_cast<int>(s)] << "\" x=\"" << num(x) << "\" y=\""
            << num(y) << "\" width=\"" << num(size) << "\" height=\"" << num(size) << "\"/>\n";
}

void atom_icon(SvgCanvas& svg, Atom atom, double x, double y, double size) {
    auto& o = svg.out;
    o << "<g class=\"icon\" transform=\"translate(" << num(x) << " " << num(y) << ") scale(" << num(size / 4)
      << ")\">";
    if (is_line(atom))
        line_icon(o, atom);
    else if (!is_symbol(atom))
        field_kind_icon(o, atom);
    o << "</g>\n";
    if (is_symbol(atom)) use_symbol(svg, static_cast<Symbol>(static_cast<int>(atom)), x, y, size, "icon");
}

void mark(SvgCanvas& svg, bool met, double x, double y) {
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

void stone(SvgCanvas& svg, double cx, double cy, double r, const std::string& cls) {
    svg.out << "<g class=\"" << cls << "\"><circle cx=\"" << num(cx) << "\" cy=\"" << num(cy) << "\" r=\""
            << num(r) << "\" fill=\"url(#" << svg.id << "-glass)\" stroke=\"#1f6680\" stroke-width=\"1.8\"/>"
            << "<ellipse cx=\"" << num(cx - r * 0.3) << "\" cy=\"" << num(cy - r * 0.38) << "\" rx=\""
            << num(r * 0.34) << "\" ry=\"" << num(r * 0.18)
            << "\" fill=\"#fff\" opacity=\"0.85\" transform=\"rotate(-30 " << num(cx - r * 0.3) << " "
            << num(cy - r * 0.38) << ")\"/></g>\n";
}

}  // namespace tlaloc::xalapa
