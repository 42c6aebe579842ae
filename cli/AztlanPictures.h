// Aztlán pictures from the command line: `aztlan render`, and the `--svg` option that `score` and
// `best-placement` share with it (puzzles/aztlan/MapPicture draws; this only reads and writes).
#pragma once
#include <CLI/CLI.hpp>
#include <string>

#include "model/aztlan/Position.h"
#include "puzzles/aztlan/MapPicture.h"

namespace tlaloc::cli {

void add_aztlan_render(CLI::App& group);

// Draws `position` into the SVG file `out`, whole or not at all; `source` names the input file for
// an error (a map too large to draw).
void write_map_picture(const std::string& out, const std::string& source, const aztlan::Position& position,
                       const aztlan::MapPictureOptions& options);

}  // namespace tlaloc::cli
