// `tlaloc azteka render POSITION --svg OUT.svg`: the Circle of Life as a picture
// (puzzles/azteka/CirclePicture draws it).
#include <iostream>
#include <memory>

#include "cli/Commands.h"
#include "model/common/Json.h"
#include "puzzles/azteka/CirclePicture.h"

namespace tlaloc::cli {

using namespace tlaloc::azteka;

namespace {
struct RenderOptions {
    std::string file, svg;
};

}  // namespace

void add_azteka_render(CLI::App& group) {
    auto opt = std::make_shared<RenderOptions>();
    auto* cmd = group.add_subcommand(
        "render",
        "Draw a position's Circle of Life as SVG: rings, holes, pawns, hands, goals met.\n"
        "Example:  tlaloc azteka render puzzles/azteka/death-threat.json --svg circle.svg");
    cmd->add_option("POSITION", opt->file, "position JSON file")->required();
    cmd->add_option("--svg", opt->svg, "SVG file to write")->required()->check(output_path());
    cmd->callback([opt] {
        write_file_atomically(opt->svg, circle_svg(load_position(opt->file)));
        std::cout << "wrote " << opt->svg << "\n";
    });
}

}  // namespace tlaloc::cli
