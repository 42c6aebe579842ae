// An SVG picture being written: the markup so far, the prefix that keeps its ids unique when several
// pictures share one HTML page, and the number and text formatting every picture uses (Xalapa's
// challenges and books, Aztlán's maps).
#pragma once
#include <cstddef>
#include <sstream>
#include <string>
#include <vector>

#include "model/common/Markup.h"

namespace tlaloc {

// A coordinate or size as the pictures print it: at most two decimals, no trailing zeros, no "-0".
std::string num(double value);

// Greedy word wrap at `width` characters; a word longer than the width gets its own line.
std::vector<std::string> wrap(const std::string& text, std::size_t width);

struct SvgCanvas {
    std::ostringstream out;
    std::string id;  // prefix for the ids inside the picture

    // A <text> element at (x, y); `s` is escaped, `attrs` (other attributes) is written as given.
    void text(double x, double y, const std::string& s, double size, const std::string& attrs = "");
};

}  // namespace tlaloc
