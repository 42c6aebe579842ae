// The shared SVG canvas (puzzles/common/SvgCanvas.h) under the names the Xalapa pictures use.
#pragma once
#include "puzzles/common/SvgCanvas.h"

namespace tlaloc::xalapa {

using tlaloc::num;
using tlaloc::SvgCanvas;
using tlaloc::wrap;

}  // namespace tlaloc::xalapa
