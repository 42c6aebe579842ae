// Escaping text for XML, SVG and HTML output (reports, pictures, puzzle books).
#pragma once
#include <string>

namespace tlaloc {

// & < > " ' become entities; control characters XML 1.0 forbids are dropped.
std::string xml_escape(const std::string& text);

}  // namespace tlaloc
