// `azteka render`: the Circle of Life as SVG, read back — 32 holes, none overlapping, sector 0 at the
// top and the sectors clockwise, ring 0 innermost; every pawn inside its own hole and of its side,
// as many as the position holds; the goals the rules find written; bad input writes nothing.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <regex>
#include <sstream>

#include "model/azteka/Rules.h"
#include "puzzles/azteka/CirclePicture.h"
#include "puzzles/azteka/RandomPosition.h"
#include "tests/support/CliRun.h"
#include "tests/support/ScratchDir.h"
#include "tests/support/TestScale.h"

using namespace tlaloc;
using namespace tlaloc::azteka;
namespace fs = std::filesystem;

namespace {

struct Drawn {
    double x, y, r;
};

std::string attribute(const std::string& element, const std::string& name) {
    std::smatch m;
    const std::regex re("\\s" + name + "=\"([^\"]*)\"");
    return std::regex_search(element, m, re) ? m[1].str() : std::string();
}

struct Picture {
    std::map<std::string, Drawn> holes;                              // by id
    std::vector<std::tuple<std::string, std::string, Drawn>> pawns;  // side, hole id, circle
};

Picture read_picture(const std::string& svg) {
    Picture p;
    static const std::regex circle("<circle [^>]*>");
    for (auto it = std::sregex_iterator(svg.begin(), svg.end(), circle); it != std::sregex_iterator(); ++it) {
        const std::string e = it->str();
        const Drawn d{std::stod(attribute(e, "cx")), std::stod(attribute(e, "cy")),
                      std::stod(attribute(e, "r"))};
        if (!attribute(e, "data-hole").empty()) {
            EXPECT_TRUE(p.holes.emplace(attribute(e, "data-hole"), d).second) << e;
        } else if (!attribute(e, "data-pawn").empty()) {
            p.pawns.emplace_back(attribute(e, "data-pawn"), attribute(e, "data-at"), d);
        }
    }
    return p;
}

std::string id(int ring, int sector) { return "R" + std::to_string(ring) + "S" + std::to_string(sector); }

void expect_faithful(const Position& pos, const std::string& svg) {
    const Picture p = read_picture(svg);
    ASSERT_EQ(p.holes.size(), static_cast<std::size_t>(kHoles));
    for (auto a = p.holes.begin(); a != p.holes.end(); ++a)
        for (auto b = std::next(a); b != p.holes.end(); ++b)
            EXPECT_GE(std::hypot(a->second.x - b->second.x, a->second.y - b->second.y),
                      a->second.r + b->second.r)
                << a->first << " " << b->first;
    // The centre is the mean of the holes; distance from it grows with the ring, the angle with the
    // sector, clockwise (screen y grows downwards) from the top.
    double cx = 0, cy = 0;
    for (const auto& [name, d] : p.holes) cx += d.x / kHoles, cy += d.y / kHoles;
    for (int ring = 0; ring < kRings; ++ring) {
        for (int s = 0; s < kSectors; ++s) {
            const Drawn& d = p.holes.at(id(ring, s));
            if (ring > 0) {
                const Drawn& inner = p.holes.at(id(ring - 1, s));
                EXPECT_GT(std::hypot(d.x - cx, d.y - cy), std::hypot(inner.x - cx, inner.y - cy) + 1);
            }
            const double angle = std::atan2(d.x - cx, -(d.y - cy));  // 0 at the top, growing clockwise
            EXPECT_NEAR(std::remainder(angle - s * M_PI / 4, 2 * M_PI), 0, 1e-3) << id(ring, s);
        }
    }
    std::map<std::string, int> want, got;
    for (int ring = 0; ring < kRings; ++ring)
        for (int s = 0; s < kSectors; ++s)
            if (auto side = side_of(pos.at(ring, s))) ++want[side_name(*side) + "@" + id(ring, s)];
    for (const auto& [side, at, d] : p.pawns) {
        ++got[side + "@" + at];
        ASSERT_TRUE(p.holes.count(at)) << at;
        const Drawn& h = p.holes.at(at);
        EXPECT_LE(std::hypot(d.x - h.x, d.y - h.y) + d.r, h.r + 1e-6) << at;
    }
    EXPECT_EQ(got, want);
    for (int i = 0; i < pos.profile->sides; ++i) {
        const auto goal = goal_met(pos, static_cast<Side>(i));
        EXPECT_EQ(svg.find(side_name(static_cast<Side>(i)) + " meets its goal") != std::string::npos,
                  goal.has_value());
    }
}

std::string read(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

}  // namespace

TEST(AztekaRender, RandomPositionsOfEveryVariantAreDrawnFaithfully) {
    const int rounds = test_support::scaled_rounds(40, 4);
    for (const auto& variant : profile_names()) {
        std::mt19937 rng(7);
        for (int i = 0; i < rounds; ++i) {
            SCOPED_TRACE(variant + " #" + std::to_string(i));
            const Position pos = random_position(rng, variant, static_cast<int>(rng() % 26));
            const std::string svg = circle_svg(pos);
            expect_faithful(pos, svg);
            EXPECT_EQ(svg, circle_svg(pos));
        }
    }
}

TEST(AztekaRender, CommandWritesTheShippedPositionAndRefusesBadInput) {
    using test_support::run_tlaloc;
    const fs::path dir = test_support::scratch_dir("azteka-render");
    const std::string source = TLALOC_SOURCE_DIR;
    auto r = run_tlaloc("azteka render " + source + "/puzzles/azteka/death-threat.json --svg " +
                        (dir / "c.svg").string());
    ASSERT_EQ(r.code, 0) << r.out;
    expect_faithful(load_position(source + "/puzzles/azteka/death-threat.json"), read(dir / "c.svg"));
    {
        std::ofstream(dir / "bad.json")
            << R"({"rings": ["L.......", "........", "........"], "to_move": "life"})";
    }
    { std::ofstream(dir / "old.svg") << "old"; }
    {
        std::ofstream(dir / "won.json")
            << R"({"rings": ["DDDDDDDD", "L.......", "........", "........"], "to_move": "life"})";
    }
    r = run_tlaloc("azteka render " + (dir / "won.json").string() + " --svg " + (dir / "won.svg").string());
    ASSERT_EQ(r.code, 0) << r.out;
    EXPECT_NE(read(dir / "won.svg").find("death meets its goal"), std::string::npos);
    expect_faithful(load_position(dir / "won.json"), read(dir / "won.svg"));
    for (const std::string& args :
         {(dir / "bad.json").string() + " --svg " + (dir / "old.svg").string(),
          (dir / "none.json").string() + " --svg " + (dir / "old.svg").string(),
          source + "/puzzles/azteka/empty.json --svg " + (dir / "no" / "x.svg").string()}) {
        r = run_tlaloc("azteka render " + args);
        EXPECT_EQ(r.code, 2) << args << r.out;
        EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << r.out;
        EXPECT_EQ(read(dir / "old.svg"), "old");
    }
}
