// `akelarre render`: a turn's table as SVG, read back — every meeting place a box of its own (none
// overlapping), each meld's cards inside their place's box, in order, and the hand's cards, none
// overlapping; what is drawn is the turn's cards; bad input writes nothing.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <regex>
#include <sstream>

#include "puzzles/akelarre/RandomTurn.h"
#include "puzzles/akelarre/TablePicture.h"
#include "tests/support/CliRun.h"
#include "tests/support/ScratchDir.h"
#include "tests/support/TestScale.h"

using namespace tlaloc;
using namespace tlaloc::akelarre;
namespace fs = std::filesystem;

namespace {

struct Box {
    std::string what, where;  // place id or card, and (cards) where they lie
    double x, y, w, h;
    bool overlaps(const Box& o) const { return x < o.x + o.w && o.x < x + w && y < o.y + o.h && o.y < y + h; }
    bool inside(const Box& o) const {
        return x >= o.x && y >= o.y && x + w <= o.x + o.w && y + h <= o.y + o.h;
    }
};

std::string attribute(const std::string& element, const std::string& name) {
    std::smatch m;
    const std::regex re("\\s" + name + "=\"([^\"]*)\"");
    return std::regex_search(element, m, re) ? m[1].str() : std::string();
}

void read_boxes(const std::string& svg, std::vector<Box>& places, std::vector<Box>& cards) {
    static const std::regex rect("<rect [^>]*>");
    for (auto it = std::sregex_iterator(svg.begin(), svg.end(), rect); it != std::sregex_iterator(); ++it) {
        const std::string e = it->str();
        const auto box = [&](const std::string& what, const std::string& where) {
            return Box{what,
                       where,
                       std::stod(attribute(e, "x")),
                       std::stod(attribute(e, "y")),
                       std::stod(attribute(e, "width")),
                       std::stod(attribute(e, "height"))};
        };
        if (!attribute(e, "data-place").empty()) places.push_back(box(attribute(e, "data-place"), ""));
        if (!attribute(e, "data-card").empty())
            cards.push_back(box(attribute(e, "data-card"), attribute(e, "data-where")));
    }
}

void expect_faithful(const TurnPosition& turn, const std::string& svg) {
    std::vector<Box> places, cards;
    read_boxes(svg, places, cards);
    ASSERT_EQ(places.size(), turn.places.size());
    for (std::size_t i = 0; i < places.size(); ++i) {
        EXPECT_EQ(places[i].what, std::to_string(turn.places[i].id));
        for (std::size_t j = i + 1; j < places.size(); ++j) EXPECT_FALSE(places[i].overlaps(places[j]));
    }
    for (std::size_t i = 0; i < cards.size(); ++i)
        for (std::size_t j = i + 1; j < cards.size(); ++j)
            EXPECT_FALSE(cards[i].overlaps(cards[j])) << cards[i].what << " " << cards[j].what;
    std::map<std::string, std::vector<std::string>> drawn;  // where -> cards, in drawing order
    for (const auto& c : cards) {
        drawn[c.where].push_back(c.what);
        if (c.where == "hand") {
            for (const auto& p : places) EXPECT_FALSE(c.overlaps(p)) << c.what;
            continue;
        }
        const auto place = std::find_if(places.begin(), places.end(),
                                        [&](const Box& p) { return "place " + p.what == c.where; });
        ASSERT_NE(place, places.end()) << c.where;
        EXPECT_TRUE(c.inside(*place)) << c.what << " in " << c.where;
    }
    std::map<std::string, std::vector<std::string>> want;
    for (const Card& c : turn.hand) want["hand"].push_back(to_string(c));
    for (const auto& p : turn.places)
        for (const Card& c : p.cards) want["place " + std::to_string(p.id)].push_back(to_string(c));
    EXPECT_EQ(drawn, want);
}

std::string read(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

}  // namespace

TEST(AkelarreRender, RandomTurnsAreDrawnFaithfully) {
    std::mt19937 rng(11);
    const int rounds = test_support::scaled_rounds(60, 5);
    for (int i = 0; i < rounds; ++i) {
        SCOPED_TRACE(i);
        const TurnPosition turn = random_game_turn(rng, static_cast<int>(rng() % 8));
        const std::string svg = table_svg(turn);
        expect_faithful(turn, svg);
        EXPECT_EQ(svg, table_svg(turn));
        if (auto small = random_small_turn(rng)) expect_faithful(*small, table_svg(*small));
    }
}

TEST(AkelarreRender, CommandDrawsTheShippedTurnAndRefusesBadInput) {
    using test_support::run_tlaloc;
    const fs::path dir = test_support::scratch_dir("akelarre-render");
    const std::string source = std::string(TLALOC_SOURCE_DIR) + "/puzzles/akelarre/";
    auto r = run_tlaloc("akelarre render " + source + "carlo.json --svg " + (dir / "t.svg").string());
    ASSERT_EQ(r.code, 0) << r.out;
    const std::string svg = read(dir / "t.svg");
    expect_faithful(load_turn(source + "carlo.json"), svg);
    EXPECT_NE(svg.find("a set of 5s"), std::string::npos);
    {
        std::ofstream(dir / "bad.json")
            << R"({"hand": ["F9"], "table": [], "free_places": 1, "favourite": "F"})";
    }
    { std::ofstream(dir / "old.svg") << "old"; }
    for (const std::string& args : {(dir / "bad.json").string() + " --svg " + (dir / "old.svg").string(),
                                    (dir / "none.json").string() + " --svg " + (dir / "old.svg").string(),
                                    source + "carlo.json --svg " + (dir / "no" / "x.svg").string()}) {
        r = run_tlaloc("akelarre render " + args);
        EXPECT_EQ(r.code, 2) << args << r.out;
        EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << r.out;
        EXPECT_EQ(read(dir / "old.svg"), "old");
    }
}
