// The drawn pieces the board, the cards and the legend share: the symbol glyphs (defined once per
// picture and used by reference), glass stones, met/unmet marks and the icons of feature atoms.
#pragma once
#include <string>

#include "model/xalapa/Feature.h"
#include "puzzles/xalapa/SvgCanvas.h"

namespace tlaloc::xalapa {

inline constexpr const char* kLineColours[] = {"#d7312e", "#e8b400", "#2a6fd4"};
inline constexpr const char* kSymbolColours[] = {"#2e8b3d", "#c4621b", "#3d4f8f"};

// The <defs> every picture needs once: the stones' glass gradient and the three symbol glyphs.
void defs(SvgCanvas& svg);
// The glyph of `s` in a size×size box at (x, y).
void use_symbol(SvgCanvas& svg, Symbol s, double x, double y, double size, const std::string& cls);
// A small picture of one feature atom in a size×size box at (x, y).
void atom_icon(SvgCanvas& svg, Atom atom, double x, double y, double size);
// A green tick or a red cross in a circle, centred at (x, y).
void mark(SvgCanvas& svg, bool met, double x, double y);
// A glass stone of radius r centred at (cx, cy).
void stone(SvgCanvas& svg, double cx, double cy, double r, const std::string& cls);

}  // namespace tlaloc::xalapa
