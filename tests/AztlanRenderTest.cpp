// Pictures of Aztlán maps (`aztlan render`, `score --svg`, `best-placement --svg`): the SVG's own
// geometry is read back and checked — every territory and lake a circle, each id and type written,
// no two circles overlapping, all inside the picture — on the shipped map, the test maps and many
// random maps (sparse and planar, dense and not planar, with lakes); the pawns, domains and
// highlights drawn are the scorer's and the option's; same input, same bytes; bad input writes nothing.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "model/aztlan/MapGraph.h"
#include "model/aztlan/Scoring.h"
#include "puzzles/aztlan/MapLayout.h"
#include "puzzles/aztlan/MapPicture.h"
#include "tests/support/AztlanFixtures.h"
#include "tests/support/ScratchDir.h"
#include "tests/support/TestScale.h"

using namespace tlaloc;
using namespace tlaloc::aztlan;
using aztlan_test::data;
using aztlan_test::run_tlaloc;
using aztlan_test::shipped;
namespace fs = std::filesystem;

namespace {

struct Circle {
    std::string kind, id;  // kind: "territory" or "lake"
    double x, y, r;
};

std::string attribute(const std::string& element, const std::string& name) {
    std::smatch m;
    const std::regex re("\\s" + name + "=\"([^\"]*)\"");
    return std::regex_search(element, m, re) ? m[1].str() : std::string();
}

// Every <circle> with a data-territory or data-lake attribute.
std::vector<Circle> places_in(const std::string& svg) {
    std::vector<Circle> out;
    static const std::regex circle("<circle [^>]*>");
    for (auto it = std::sregex_iterator(svg.begin(), svg.end(), circle); it != std::sregex_iterator(); ++it) {
        const std::string e = it->str();
        for (const char* kind : {"territory", "lake"}) {
            const std::string id = attribute(e, std::string("data-") + kind);
            if (id.empty()) continue;
            out.push_back({kind, id, std::stod(attribute(e, "cx")), std::stod(attribute(e, "cy")),
                           std::stod(attribute(e, "r"))});
        }
    }
    return out;
}

std::set<std::string> texts_in(const std::string& svg) {
    std::set<std::string> out;
    static const std::regex text("<text [^>]*>([^<]*)</text>");
    for (auto it = std::sregex_iterator(svg.begin(), svg.end(), text); it != std::sregex_iterator(); ++it)
        out.insert((*it)[1].str());
    return out;
}

// The geometry check: each territory and lake of `map` exactly once, with its id (and a territory's
// type) as text; no two circles closer than touching; all inside the picture's width and height.
void expect_drawn_apart(const Map& map, const std::string& svg, const std::string& what) {
    SCOPED_TRACE(what);
    const auto circles = places_in(svg);
    const auto texts = texts_in(svg);
    std::map<std::string, int> seen;
    for (const auto& c : circles) ++seen[c.kind + ":" + c.id];
    std::set<std::string> lakes;
    for (const auto& t : map.territories) {
        EXPECT_EQ(seen["territory:" + t.id], 1) << t.id;
        EXPECT_TRUE(texts.count(t.id)) << t.id << " has no label";
        EXPECT_TRUE(texts.count(to_string(t.type)));
        lakes.insert(t.lakes.begin(), t.lakes.end());
    }
    for (const auto& l : lakes) EXPECT_EQ(seen["lake:" + l], 1) << l;
    EXPECT_EQ(circles.size(), map.territories.size() + lakes.size());
    const double width = std::stod(attribute(svg.substr(svg.find("<svg")), "width"));
    const double height = std::stod(attribute(svg.substr(svg.find("<svg")), "height"));
    int overlaps = 0;
    for (std::size_t i = 0; i < circles.size(); ++i) {
        const auto& a = circles[i];
        EXPECT_GT(a.r, 0);
        EXPECT_TRUE(a.x - a.r >= 0 && a.y - a.r >= 0 && a.x + a.r <= width && a.y + a.r <= height) << a.id;
        for (std::size_t j = i + 1; j < circles.size(); ++j) {
            const auto& b = circles[j];
            if (std::hypot(a.x - b.x, a.y - b.y) < a.r + b.r && ++overlaps <= 3)
                ADD_FAILURE() << a.id << " and " << b.id << " overlap";
        }
    }
    EXPECT_EQ(overlaps, 0);
}

// Borders (the lines of the "borders" group) drawn across a circle they do not join.
int borders_across_circles(const std::string& svg) {
    const auto from = svg.find("class=\"borders\""), to = svg.find("class=\"shores\"");
    const std::string borders = svg.substr(from, to - from);
    const auto circles = places_in(svg);
    static const std::regex line(
        "<line x1=\"([-0-9.]+)\" y1=\"([-0-9.]+)\" x2=\"([-0-9.]+)\" y2=\"([-0-9.]+)\"");
    int across = 0;
    for (auto it = std::sregex_iterator(borders.begin(), borders.end(), line); it != std::sregex_iterator();
         ++it) {
        const double x1 = std::stod((*it)[1]), y1 = std::stod((*it)[2]), x2 = std::stod((*it)[3]),
                     y2 = std::stod((*it)[4]);
        for (const auto& c : circles) {
            if (std::hypot(c.x - x1, c.y - y1) < 1 || std::hypot(c.x - x2, c.y - y2) < 1) continue;
            const double dx = x2 - x1, dy = y2 - y1;
            const double t = std::clamp(((c.x - x1) * dx + (c.y - y1) * dy) / (dx * dx + dy * dy), 0.0, 1.0);
            across += std::hypot(c.x - x1 - t * dx, c.y - y1 - t * dy) < c.r;
        }
    }
    return across;
}

std::string read(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

// Some territories of a random map get lakes: lake k touches territories spread over the map.
void add_lakes(Map& map, int lakes, unsigned seed) {
    std::mt19937 rng(seed);
    for (int k = 0; k < lakes; ++k) {
        const int shore = 2 + static_cast<int>(rng() % 5);
        for (int s = 0; s < shore; ++s) {
            auto& t = map.territories[rng() % map.territories.size()];
            const std::string id = "L" + std::to_string(k + 1);
            if (std::find(t.lakes.begin(), t.lakes.end(), id) == t.lakes.end()) t.lakes.push_back(id);
        }
    }
}

Position bare(const Map& map) {
    Position pos;
    pos.map = map;
    return pos;
}

}  // namespace

TEST(AztlanRender, ShippedMapEveryTerritoryVisibleNoneOverlapping) {
    const fs::path out = test_support::scratch_dir("render-shipped") / "aztlan.svg";
    auto r = run_tlaloc("aztlan render " + shipped("aztlan.json") + " --svg " + out.string());
    ASSERT_EQ(r.code, 0) << r.out;
    const std::string svg = read(out);
    const Map map = load_map(shipped("aztlan.json"));
    expect_drawn_apart(map, svg, "shipped map");
    EXPECT_NE(svg.find("reconstruction"), std::string::npos);  // the caption says what the map is
    const auto desc = svg.substr(svg.find("<desc>"), svg.find("</desc>") - svg.find("<desc>"));
    EXPECT_NE(desc.find("not the printed board"), std::string::npos);
    EXPECT_NE(desc.find("reconstruction"), std::string::npos);
    EXPECT_NE(svg.find("data-layout=\"planar\""), std::string::npos);
    EXPECT_EQ(places_in(svg).size(), 34u);      // 30 territories and 4 lakes
    EXPECT_EQ(borders_across_circles(svg), 0);  // no line reads as a border that is not there
}

TEST(AztlanRender, TestMapsAndPositionsAreDrawnApart) {
    for (const std::string& file :
         std::vector<std::string>{"grid-8x8-map.json", "ring-60-chords-map.json", "example-14-map.json",
                                  "example-22-map.json", "conflicts-map.json", "example-22.json"}) {
        const fs::path out = test_support::scratch_dir("render-maps") / (file + ".svg");
        auto r = run_tlaloc("aztlan render " + data(file) + " --svg " + out.string());
        ASSERT_EQ(r.code, 0) << file << ": " << r.out;
        const std::string svg = read(out);
        const Map map = file == "example-22.json" ? load_position(data(file)).map : load_map(data(file));
        expect_drawn_apart(map, svg, file);
        EXPECT_EQ(svg.find("reconstruction"), std::string::npos) << file;  // only the shipped map is one
    }
}

// Many random maps, from a tree to dense graphs far from planar, some with lakes; the layout is also
// checked to call a map planar only when it is (a tree always is; K5 inside never is).
TEST(AztlanRender, RandomMapsAreDrawnApart) {
    const int seeds = test_support::scaled_rounds(4, 2);
    for (int n : {1, 2, 3, 4, 7, 15, 30, 64, 120}) {
        for (int density : {0, 1, 3, 8}) {
            for (int seed = 1; seed <= seeds; ++seed) {
                Map map = aztlan_test::random_map(n, density * n / 2, 1000u * n + 10u * density + seed);
                if (seed % 2 == 0) add_lakes(map, 1 + n / 15, seed);
                const std::string what = "n=" + std::to_string(n) + " density=" + std::to_string(density) +
                                         " seed=" + std::to_string(seed);
                const std::string svg = map_svg(bare(map), {});
                expect_drawn_apart(map, svg, what);
                if (density == 0 && seed % 2 == 1) {
                    EXPECT_NE(svg.find("data-layout=\"planar\""), std::string::npos) << what;
                }
            }
        }
    }
}

TEST(AztlanRender, NonPlanarMapIsDrawnFromDistances) {
    Map map = aztlan_test::random_map(5, 0, 1);  // then every border: K5
    for (int a = 0; a < 5; ++a) {
        map.territories[a].neighbors.clear();
        for (int b = 0; b < 5; ++b)
            if (b != a) map.territories[a].neighbors.push_back(b);
    }
    const std::string svg = map_svg(bare(map), {});
    EXPECT_NE(svg.find("data-layout=\"distances\""), std::string::npos);
    expect_drawn_apart(map, svg, "K5");
}

// Long ids (the circle grows, then the text shrinks), territories without any border, lakes only.
TEST(AztlanRender, LongIdsIslandsAndLakesOnly) {
    const Json json = Json::parse(R"({"id": "islands", "territories": [
        {"id": "A", "type": "city", "neighbors": [], "lakes": ["L1", "L2"]},
        {"id": "B", "type": "desert", "neighbors": []},
        {"id": "Tlaxcala-Huexotzinco-Cholula-Tepeaca", "type": "jungle", "neighbors": ["D"], "lakes": ["L1"]},
        {"id": "D", "type": "terraced", "neighbors": ["Tlaxcala-Huexotzinco-Cholula-Tepeaca"], "lakes": ["L2"]}]})");
    const Map map = parse_map(JsonPlace(json, "islands.json"));
    const std::string svg = map_svg(bare(map), {});
    expect_drawn_apart(map, svg, "islands");
    const std::regex long_id("font-size=\"([0-9.]+)\"[^>]*>Tlaxcala");
    std::smatch m;
    ASSERT_TRUE(std::regex_search(svg, m, long_id));
    EXPECT_GE(std::stod(m[1]), 7);
}

TEST(AztlanRender, SameInputSameBytes) {
    const fs::path dir = test_support::scratch_dir("render-same");
    const std::string args =
        " aztlan render " + shipped("examples/score-22.json") + " --highlight T03,T10+2 --svg ";
    ASSERT_EQ(run_tlaloc(args + (dir / "a.svg").string()).code, 0);
    ASSERT_EQ(run_tlaloc(args + (dir / "b.svg").string()).code, 0);
    EXPECT_EQ(read(dir / "a.svg"), read(dir / "b.svg"));
    const Map map = aztlan_test::random_map(80, 200, 5);
    EXPECT_EQ(map_svg(bare(map), {}), map_svg(bare(map), {}));
}

// The pawns and domains drawn are the scorer's: one pawn disc per (player, territory held) with its
// count, one domain group per scored domain listing its territories.
TEST(AztlanRender, PawnsAndDomainsAreTheScorers) {
    for (const std::string& file :
         {data("example-22.json"), data("example-14.json"), shipped("examples/conflicts-a-e.json")}) {
        SCOPED_TRACE(file);
        const Position pos = load_position(file);
        const std::string svg = map_svg(pos, {});
        std::multiset<std::string> want_domains, got_domains;
        const auto scores = score_age(MapGraph(pos.map), pos);
        for (const auto& s : scores) {
            for (const auto& d : s.domains) {
                std::string ids;
                for (int t : d.territories) ids += (ids.empty() ? "" : " ") + pos.map.territories[t].id;
                want_domains.insert(ids);
            }
        }
        static const std::regex domain("data-domain=\"([^\"]*)\"");
        for (auto it = std::sregex_iterator(svg.begin(), svg.end(), domain); it != std::sregex_iterator();
             ++it)
            got_domains.insert((*it)[1].str());
        EXPECT_EQ(got_domains, want_domains);
        int held = 0;
        for (const auto& p : pos.players)
            for (int n : p.pawns) held += n > 0;
        int discs = 0;
        for (std::size_t at = svg.find("data-pawns="); at != std::string::npos;
             at = svg.find("data-pawns=", at + 1))
            ++discs;
        EXPECT_EQ(discs, held);
        expect_drawn_apart(pos.map, svg, file);
    }
}

TEST(AztlanRender, HighlightMarksExactlyTheNamedTerritories) {
    const fs::path dir = test_support::scratch_dir("render-highlight");
    auto r = run_tlaloc("aztlan render " + shipped("aztlan.json") + " --highlight T03,T07+2,T03 --svg " +
                        (dir / "h.svg").string());
    ASSERT_EQ(r.code, 0) << r.out;
    const std::string svg = read(dir / "h.svg");
    std::set<std::string> marked;
    static const std::regex hl("data-highlight=\"([^\"]*)\"");
    for (auto it = std::sregex_iterator(svg.begin(), svg.end(), hl); it != std::sregex_iterator(); ++it)
        marked.insert((*it)[1].str());
    EXPECT_EQ(marked, (std::set<std::string>{"T03", "T07"}));
    EXPECT_TRUE(texts_in(svg).count("+2"));
    // A placement from a file, as best-placement --json prints it.
    auto best = run_tlaloc("aztlan best-placement " + shipped("examples/score-22.json") +
                           " --player yellow --pawns 3 --json --svg " + (dir / "best.svg").string());
    ASSERT_EQ(best.code, 0) << best.out;
    { std::ofstream(dir / "place.json") << best.out; }
    r = run_tlaloc("aztlan render " + shipped("examples/score-22.json") + " --placement " +
                   (dir / "place.json").string() + " --svg " + (dir / "p.svg").string());
    ASSERT_EQ(r.code, 0) << r.out;
    const Json place = Json::parse(best.out)["place"];
    for (const fs::path& f : {dir / "p.svg", dir / "best.svg"}) {
        const std::string s = read(f);
        std::set<std::string> got, want;
        for (auto it = std::sregex_iterator(s.begin(), s.end(), hl); it != std::sregex_iterator(); ++it)
            got.insert((*it)[1].str());
        for (auto it = place.begin(); it != place.end(); ++it) want.insert(it.key());
        EXPECT_EQ(got, want) << f;
    }
}

TEST(AztlanRender, ScoreDrawsThePosition) {
    const fs::path out = test_support::scratch_dir("render-score") / "score.svg";
    auto r = run_tlaloc("aztlan score " + data("example-22.json") + " --json --svg " + out.string());
    ASSERT_EQ(r.code, 0) << r.out;
    EXPECT_EQ(Json::parse(r.out)["players"][0]["points"], 22);  // the output is unchanged
    expect_drawn_apart(load_position(data("example-22.json")).map, read(out), "score --svg");
}

// Bad input: one line naming the place, exit 2, and the output file untouched (or never made).
TEST(AztlanRender, BadInputWritesNothing) {
    const fs::path dir = test_support::scratch_dir("render-bad");
    { std::ofstream(dir / "broken.json") << "{\"territories\": [ {\"id\": \"A\""; }
    { std::ofstream(dir / "old.svg") << "old"; }
    { std::ofstream(dir / "huge.json") << "{\"place\": {\"T03\": 1e999}}"; }
    { std::ofstream(dir / "unknown.json") << "{\"place\": {\"T03\": 1, \"X9\": 1}}"; }
    const std::string old = (dir / "old.svg").string();
    const std::string map = shipped("aztlan.json");
    for (const std::string& args :
         {map + " --highlight T03,T99 --svg " + old, map + " --highlight T03,,T04 --svg " + old,
          map + " --highlight T03+x --svg " + old, map + " --highlight T03, --svg " + old,
          (dir / "broken.json").string() + " --svg " + old, (dir / "none.json").string() + " --svg " + old,
          map + " --placement " + (dir / "broken.json").string() + " --svg " + old,
          map + " --placement " + (dir / "huge.json").string() + " --svg " + old,
          map + " --placement " + (dir / "unknown.json").string() + " --svg " + old,
          map + " --highlight T03+123 --svg " + old,
          map + " --svg " + (dir / "no-such-folder" / "x.svg").string(), map + " --svg " + dir.string()}) {
        auto r = run_tlaloc("aztlan render " + args);
        EXPECT_EQ(r.code, 2) << args << "\n" << r.out;
        EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << r.out;
        EXPECT_EQ(read(old), "old") << args;
    }
    auto r = run_tlaloc("aztlan render " + map + " --highlight T99 --svg " + (dir / "new.svg").string());
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.out.find("T99"), std::string::npos) << r.out;
    EXPECT_FALSE(fs::exists(dir / "new.svg"));
    for (const auto& entry : fs::directory_iterator(dir))  // no temporary file left behind
        EXPECT_EQ(entry.path().filename().string().find(".tmp-"), std::string::npos) << entry.path();
}

TEST(AztlanRender, AFileThatCannotBeWrittenIsOneLine) {
    if (!fs::is_character_file("/dev/full")) GTEST_SKIP() << "no /dev/full here";
    auto r = run_tlaloc("aztlan render " + shipped("aztlan.json") + " --svg /dev/full");
    EXPECT_EQ(r.code, 2) << r.out;
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << r.out;
}

// With Rafts and Canoes a domain is joined across a lake, and its band runs to that lake.
TEST(AztlanRender, RaftsAndCanoesJoinTheBandAcrossTheLake) {
    Position pos = load_position(shipped("examples/score-22.json"));
    Map& map = pos.map;
    const auto lake_pair = [&]() -> std::pair<int, int> {  // two territories on one lake, not neighbours
        for (int a = 0; a < map.size(); ++a)
            for (int b = a + 1; b < map.size(); ++b)
                for (const auto& l : map.territories[a].lakes)
                    if (std::count(map.territories[b].lakes.begin(), map.territories[b].lakes.end(), l) &&
                        !std::count(map.territories[a].neighbors.begin(), map.territories[a].neighbors.end(),
                                    b))
                        return {a, b};
        return {-1, -1};
    }();
    ASSERT_GE(lake_pair.first, 0);
    auto& player = pos.players[0];
    std::fill(player.pawns.begin(), player.pawns.end(), 0);
    player.pawns[lake_pair.first] = player.pawns[lake_pair.second] = 1;
    const std::string without = map_svg(pos, {});
    player.play.push_back({ProsperityCard::RaftsAndCanoes, std::nullopt});
    const std::string with = map_svg(pos, {});
    const std::string both = "data-domain=\"" + map.territories[lake_pair.first].id + " " +
                             map.territories[lake_pair.second].id + "\"";
    EXPECT_EQ(without.find(both), std::string::npos);
    EXPECT_NE(with.find(both), std::string::npos);
    EXPECT_NE(with.find("stroke-dasharray=\"12 8\""), std::string::npos);  // the band to the lake
}

// 250 territories with dense borders: the whole picture within a few seconds even on a busy machine.
TEST(AztlanRender, LargeMapIsFast) {
    Map map = aztlan_test::random_map(250, 600, 9);
    add_lakes(map, 10, 9);
    const auto start = std::chrono::steady_clock::now();
    const std::string svg = map_svg(bare(map), {});
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_LT(seconds, test_support::small_test_scale() ? 60 : 10);
    expect_drawn_apart(map, svg, "250 territories");
}
