// `tlaloc akelarre render TURN.json --svg OUT.svg`: the table of a turn as a picture
// (puzzles/akelarre/TablePicture draws it).
#include <iostream>
#include <memory>

#include "cli/Commands.h"
#include "model/common/Json.h"
#include "puzzles/akelarre/TablePicture.h"

namespace tlaloc::cli {

void add_akelarre_render(CLI::App& group) {
    struct Options {
        std::string file, svg;
    };
    auto opt = std::make_shared<Options>();
    auto* cmd = group.add_subcommand(
        "render",
        "Draw a turn's table as SVG: the meeting places and their melds, the free places, the hand.\n"
        "Example: tlaloc akelarre render puzzles/akelarre/carlo.json --svg table.svg");
    cmd->add_option("TURN", opt->file, "turn JSON file (as for 'best')")->required();
    cmd->add_option("--svg", opt->svg, "SVG file to write")->required()->check(output_path());
    cmd->callback([opt] {
        write_file_atomically(opt->svg, akelarre::table_svg(akelarre::load_turn(opt->file)));
        std::cout << "wrote " << opt->svg << "\n";
    });
}

}  // namespace tlaloc::cli
