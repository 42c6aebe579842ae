// `tlaloc aztlan render MAP-OR-POSITION --svg OUT.svg [--highlight T03,T07+2] [--placement FILE]`.
#include "cli/AztlanPictures.h"

#include <iostream>
#include <map>
#include <memory>
#include <sstream>
#include <stdexcept>

#include "cli/Commands.h"
#include "model/common/Json.h"

namespace tlaloc::cli {

using namespace tlaloc::aztlan;

namespace {

struct RenderOptions {
    std::string file, svg, highlight, placement;
};

// A map file (an object with "territories") or a position file (with "players").
Position load_map_or_position(const std::string& file) {
    const Json json = load_json_file(file);
    const JsonPlace where(json, file);
    if (where.is_object() && where.has("territories") && !where.has("players")) {
        Position pos;
        pos.map = parse_map(where);
        return pos;
    }
    return parse_position(where);
}

int territory_named(const Map& map, const std::string& id, const std::string& file,
                    const std::string& place) {
    if (auto t = map.index_of(id)) return *t;
    throw InputError(file, place, "no territory \"" + id + "\" on the map \"" + map.id + "\"");
}

// "T03,T07+2": territories, each with the pawns placed there after a '+' (none: only marked).
void parse_highlight(const RenderOptions& opt, const Map& map, std::map<int, int>& out) {
    std::string item;
    std::istringstream in(opt.highlight);
    while (std::getline(in, item, ',')) {
        const auto plus = item.find('+');
        const std::string id = item.substr(0, plus);
        if (id.empty())
            throw InputError("--highlight", "", "an empty territory id in \"" + opt.highlight + "\"");
        int pawns = 0;
        if (plus != std::string::npos) {
            const std::string n = item.substr(plus + 1);
            if (n.empty() || n.size() > 2 || n.find_first_not_of("0123456789") != std::string::npos)
                throw InputError("--highlight", id,
                                 "expected +N with N 0..99 after the territory, found \"+" + n + "\"");
            pawns = std::stoi(n);
        }
        out[territory_named(map, id, "--highlight", id)] += pawns;
    }
    if (opt.highlight.empty() || opt.highlight.back() == ',')
        throw InputError("--highlight", "", "an empty territory id in \"" + opt.highlight + "\"");
}

// A placement as `best-placement --json` prints it: {"place": {"T01": 1, ...}, ...}.
void load_placement(const std::string& file, const Map& map, std::map<int, int>& out) {
    const Json json = load_json_file(file);
    const JsonPlace where(json, file);
    where.expect_object();
    const JsonPlace place = where.at("place");
    place.expect_object();
    for (const auto& [id, value] : place.json().items()) {
        const int t = territory_named(map, id, file, place.at(id).path());
        out[t] += static_cast<int>(place.at(id).as_int(0, 99));
    }
}

void run_render(const RenderOptions& opt) {
    const Position pos = load_map_or_position(opt.file);
    MapPictureOptions options;
    if (!opt.placement.empty()) load_placement(opt.placement, pos.map, options.highlight);
    if (!opt.highlight.empty()) parse_highlight(opt, pos.map, options.highlight);
    write_map_picture(opt.svg, opt.file, pos, options);
    std::cout << "wrote " << opt.svg << "\n";
}

}  // namespace

void write_map_picture(const std::string& out, const std::string& source, const Position& position,
                       const MapPictureOptions& options) {
    std::string svg;
    try {
        svg = map_svg(position, options);
    } catch (const std::invalid_argument& e) {
        throw InputError(source, "territories", e.what());
    }
    write_file_atomically(out, svg);
}

void add_aztlan_render(CLI::App& group) {
    auto opt = std::make_shared<RenderOptions>();
    auto* cmd = group.add_subcommand(
        "render",
        "Draw a map or a position as SVG: territories (type and id), lakes, borders, pawns, each player's\n"
        "domains, and optionally a placement highlighted. The layout is computed (maps have no geometry).\n"
        "Example:  tlaloc aztlan render puzzles/aztlan/examples/score-22.json --highlight T01,T04+2 --svg map.svg");
    cmd->add_option("POSITION", opt->file, "position file or map file (JSON)")->required();
    cmd->add_option("--svg", opt->svg, "SVG file to write")->required()->check(output_path());
    cmd->add_option("--highlight", opt->highlight,
                    "territories to highlight, comma-separated, each optionally +N pawns placed: T03,T07+2")
        ->check(nonempty("--highlight list"));
    cmd->add_option(
           "--placement", opt->placement,
           "highlight a placement from a file as 'best-placement --json' prints it ({\"place\": {...}})")
        ->check(nonempty("placement file name"));
    cmd->callback([opt] { run_render(*opt); });
}

}  // namespace tlaloc::cli
