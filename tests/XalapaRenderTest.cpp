// Pictures of Xalapa challenges and the puzzle book: well-formed SVG/XHTML with one element per
// field, symbol and stone; lines routed through exactly their fields; met/unmet marks and the
// penalty as the plain evaluator scores them; the CLI's exit codes and its all-or-nothing output.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>
#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "model/xalapa/Evaluation.h"
#include "puzzles/xalapa/Book.h"
#include "puzzles/xalapa/CardPictures.h"
#include "puzzles/xalapa/LineRoutes.h"
#include "puzzles/xalapa/Render.h"
#include "tests/support/CliRun.h"
#include "tests/support/ScratchDir.h"

using namespace tlaloc;
using namespace tlaloc::xalapa;
namespace fs = std::filesystem;

namespace {

// A small well-formedness checker (elements balance, attributes are quoted and not repeated,
// '&' only starts a known entity, '<' never appears in text), so the tests need no XML library.
bool well_formed(const std::string& xml, std::string* why) {
    auto fail = [&](std::size_t at, const std::string& what) {
        *why = what + " at offset " + std::to_string(at) + ": ..." + xml.substr(at, 60);
        return false;
    };
    auto name_char = [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == ':' || c == '.';
    };
    std::vector<std::string> open;
    bool root_seen = false;
    std::size_t i = 0;
    while (i < xml.size()) {
        if (xml[i] == '&') {
            static const std::regex entity("&(amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);");
            std::smatch m;
            std::string rest = xml.substr(i, 12);
            if (!std::regex_search(rest, m, entity, std::regex_constants::match_continuous))
                return fail(i, "bad entity");
            i += m.length(0);
            continue;
        }
        if (xml[i] == '>') return fail(i, "stray '>' in text");
        if (xml[i] != '<') {
            if (open.empty() && !std::isspace(static_cast<unsigned char>(xml[i])))
                return fail(i, "text outside the root");
            ++i;
            continue;
        }
        if (xml.compare(i, 4, "<!--") == 0) {
            auto end = xml.find("-->", i);
            if (end == std::string::npos) return fail(i, "unclosed comment");
            i = end + 3;
            continue;
        }
        if (xml.compare(i, 2, "<?") == 0 || xml.compare(i, 9, "<!DOCTYPE") == 0) {
            auto end = xml.find('>', i);
            if (end == std::string::npos) return fail(i, "unclosed declaration");
            i = end + 1;
            continue;
        }
        bool closing = xml[i + 1] == '/';
        std::size_t j = i + (closing ? 2 : 1);
        std::size_t name_start = j;
        while (j < xml.size() && name_char(xml[j])) ++j;
        std::string name = xml.substr(name_start, j - name_start);
        if (name.empty()) return fail(i, "'<' without a tag name");
        std::set<std::string> attributes;
        bool self_closing = false;
        while (true) {
            while (j < xml.size() && std::isspace(static_cast<unsigned char>(xml[j]))) ++j;
            if (j >= xml.size()) return fail(i, "unclosed tag");
            if (xml[j] == '>') break;
            if (xml.compare(j, 2, "/>") == 0 && !closing) {
                self_closing = true;
                ++j;
                break;
            }
            if (closing) return fail(j, "attributes on a closing tag");
            std::size_t a = j;
            while (j < xml.size() && name_char(xml[j])) ++j;
            std::string attribute = xml.substr(a, j - a);
            if (attribute.empty() || j >= xml.size() || xml[j] != '=')
                return fail(a, "attribute without =\"value\"");
            if (!attributes.insert(attribute).second) return fail(a, "attribute " + attribute + " repeated");
            char quote = xml[++j];
            if (quote != '"' && quote != '\'') return fail(j, "unquoted attribute value");
            auto end = xml.find(quote, j + 1);
            if (end == std::string::npos) return fail(j, "unclosed attribute value");
            if (xml.substr(j + 1, end - j - 1).find('<') != std::string::npos)
                return fail(j, "'<' in an attribute value");
            j = end + 1;
        }
        if (closing) {
            if (open.empty() || open.back() != name)
                return fail(i, "</" + name + "> does not close <" + (open.empty() ? "" : open.back()) + ">");
            open.pop_back();
        } else if (!self_closing) {
            if (open.empty() && root_seen) return fail(i, "a second root element");
            open.push_back(name);
            root_seen = true;
        } else if (open.empty()) {
            return fail(i, "self-closing root");
        }
        i = j + 1;
    }
    if (!open.empty()) return fail(xml.size(), "<" + open.back() + "> never closed");
    if (!root_seen) return fail(0, "no root element");
    return true;
}

::testing::AssertionResult WellFormed(const std::string& xml) {
    std::string why;
    if (well_formed(xml, &why)) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << why;
}

int occurrences(const std::string& text, const std::string& needle) {
    int n = 0;
    for (auto at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
    return n;
}

const Catalogue& catalogue() {
    static const Catalogue cat = load_catalogue();
    return cat;
}

Challenge on_board(const Board& board) {
    Challenge ch;
    ch.board = board;
    return ch;
}

// A board from rows of field texts ("cactus/red"), black top-left.
Board board_of(const std::vector<std::vector<std::string>>& rows) {
    Json j{{"id", "test"}, {"top_left", "black"}, {"rows", rows}};
    return parse_board(JsonPlace(j, "test.json"));
}

std::vector<std::string> shipped_challenges() {
    std::vector<std::string> files;
    for (const auto& e : fs::directory_iterator(data_dir() / "puzzles/xalapa/challenges"))
        files.push_back(e.path().string());
    std::sort(files.begin(), files.end());
    return files;
}

// The task text of each card, its wrapped lines joined again.
std::vector<std::string> card_texts(const std::string& svg) {
    std::vector<std::string> out;
    static const std::regex line("class=\"task-text\"[^>]*>([^<]*)<");
    for (auto at = svg.find("<g class=\"card\""); at != std::string::npos;) {
        auto next = svg.find("<g class=\"card\"", at + 1);
        std::string card = svg.substr(at, next == std::string::npos ? std::string::npos : next - at);
        std::string text;
        for (auto it = std::sregex_iterator(card.begin(), card.end(), line); it != std::sregex_iterator();
             ++it)
            text += (text.empty() ? "" : " ") + (*it)[1].str();
        out.push_back(text);
        at = next;
    }
    return out;
}

}  // namespace

TEST(XalapaRenderXml, CheckerRejectsBrokenXml) {
    // The checker must be able to fail, or the well-formedness tests below prove nothing.
    EXPECT_TRUE(WellFormed("<a x=\"1\"><b/>t &amp; u</a>"));
    EXPECT_FALSE(WellFormed("<a><b></a></b>"));
    EXPECT_FALSE(WellFormed("<a x=1/>"));
    EXPECT_FALSE(WellFormed("<a x=\"1\" x=\"2\"/>"));
    EXPECT_FALSE(WellFormed("<a>fish & chips</a>"));
    EXPECT_FALSE(WellFormed("<a>"));
    EXPECT_FALSE(WellFormed("<a/><b/>"));
}

// Board rules: a 6×6 chessboard of fields, 0–2 symbols each, lines over some fields. Every shipped
// side is drawn with one element per field (in its colour) and one glyph per symbol.
TEST(XalapaRender, EveryFieldAndSymbolOfEveryShippedSideIsDrawn) {
    ASSERT_EQ(catalogue().boards.size(), 12u);
    for (const auto& side : catalogue().boards) {
        SCOPED_TRACE(side.id);
        const Board& b = side.board;
        std::string svg = render_svg(on_board(b), {});
        EXPECT_TRUE(WellFormed(svg));
        int black = 0;
        std::array<int, 3> symbols{};
        for (int r = 0; r < b.rows; ++r)
            for (int c = 0; c < b.cols; ++c) {
                black += b.at({r, c}).black;
                for (int s = 0; s < 3; ++s) symbols[s] += b.at({r, c}).has(static_cast<Symbol>(s));
                EXPECT_EQ(occurrences(svg, "data-row=\"" + std::to_string(r) + "\" data-col=\"" +
                                               std::to_string(c) + "\""),
                          1);
            }
        EXPECT_EQ(occurrences(svg, "class=\"field "), b.size());
        EXPECT_EQ(occurrences(svg, "class=\"field black\""), black);
        EXPECT_EQ(black, b.size() / 2);  // a chessboard
        for (int s = 0; s < 3; ++s)
            EXPECT_EQ(occurrences(svg, std::string("class=\"symbol symbol-") + kSymbolNames[s] + "\""),
                      symbols[s])
                << kSymbolNames[s];
        EXPECT_EQ(occurrences(svg, "class=\"stone\""), 0);  // a puzzle shows no stones
    }
}

// Lines: a line passes over a set of fields; drawn as a route through exactly those fields, each
// step to a neighbouring field. On the shipped sides every line is one continuous route.
TEST(XalapaRender, LineRoutesVisitExactlyTheLineFieldsInNeighbourSteps) {
    for (const auto& side : catalogue().boards) {
        const Board& b = side.board;
        std::string svg = render_svg(on_board(b), {});
        for (int l = 0; l < 3; ++l) {
            SCOPED_TRACE(side.id + " " + kLineNames[l]);
            auto runs = line_route(b, static_cast<Line>(l));
            std::multiset<int> visited;
            for (const auto& run : runs)
                for (std::size_t k = 0; k < run.size(); ++k) {
                    visited.insert(b.index(run[k]));
                    if (k) {
                        EXPECT_EQ(std::max(std::abs(run[k].row - run[k - 1].row),
                                           std::abs(run[k].col - run[k - 1].col)),
                                  1);
                    }
                }
            std::multiset<int> expected;
            for (int i = 0; i < b.size(); ++i)
                if (b.fields[i].has(static_cast<Line>(l))) expected.insert(i);
            EXPECT_EQ(visited, expected);
            EXPECT_EQ(runs.size(), 1u);
            EXPECT_EQ(occurrences(svg, std::string("class=\"line line-") + kLineNames[l] + "\""),
                      static_cast<int>(runs.size()));
        }
    }
}

TEST(XalapaRender, LineRoutePrefersStraightStepsAndSplitsAtGaps) {
    // An L: down column 0, then along row 2. The diagonal shortcut (1,0)-(2,1) must not be taken.
    Board l = board_of({{"/red", "", ""}, {"/red", "", ""}, {"/red", "/red", "/red"}});
    auto runs = line_route(l, Line::Red);
    ASSERT_EQ(runs.size(), 1u);
    std::vector<Cell> route = runs[0];
    if (route.front() == Cell{2, 2}) std::reverse(route.begin(), route.end());
    EXPECT_EQ(route, (std::vector<Cell>{{0, 0}, {1, 0}, {2, 0}, {2, 1}, {2, 2}}));
    // Two pieces that do not touch are two runs, not one line with a jump across the board.
    Board gap = board_of({{"/blue", "/blue", ""}, {"", "", ""}, {"", "/blue", "/blue"}});
    runs = line_route(gap, Line::Blue);
    ASSERT_EQ(runs.size(), 2u);
    EXPECT_EQ(runs[0].size() + runs[1].size(), 4u);
    EXPECT_TRUE(line_route(gap, Line::Yellow).empty());
    EXPECT_EQ(occurrences(render_svg(on_board(gap), {}), "class=\"line line-blue\""), 2);
}

// Penalty = stones + disfavor × unmet tasks, the position card counting as a task. With
// --solution the picture shows the proved optimum and marks each card as the plain evaluator does.
TEST(XalapaRender, SolutionMarksAndPenaltyAgreeWithThePlainEvaluator) {
    ChallengeSolver solver;
    for (const auto& file : shipped_challenges()) {
        SCOPED_TRACE(file);
        Challenge ch = load_challenge(file);
        Solution s = solver.solve(ch);
        ASSERT_TRUE(s.optimal);
        RenderOptions opt;
        opt.stones = s.stones;
        opt.outcome = true;
        opt.catalogue = &catalogue();
        std::string svg = render_svg(ch, opt);
        EXPECT_TRUE(WellFormed(svg));
        Evaluation e = evaluate(ch, s.stones);
        int met = 0;
        for (const auto& t : e.tasks) met += t.met;
        if (ch.formation) met += e.formation_met;
        EXPECT_EQ(occurrences(svg, "class=\"stone\""), static_cast<int>(s.stones.count()));
        EXPECT_EQ(occurrences(svg, "class=\"met\""), met);
        EXPECT_EQ(occurrences(svg, "class=\"unmet\""), e.unmet);
        EXPECT_EQ(e.penalty, e.stones + ch.disfavor * e.unmet);
        EXPECT_NE(svg.find(">penalty " + std::to_string(e.penalty) + "<"), std::string::npos);
        EXPECT_EQ(occurrences(svg, "class=\"card\""), static_cast<int>(ch.tasks.size()));
        auto texts = card_texts(svg);
        ASSERT_EQ(texts.size(), ch.tasks.size());
        for (std::size_t i = 0; i < texts.size(); ++i)
            EXPECT_EQ(texts[i], xml_escape(ch.tasks[i].describe()));
        if (ch.formation) {
            EXPECT_EQ(occurrences(svg, "class=\"formation-cell on\""),
                      static_cast<int>(ch.formation->cells.size()));
        }
    }
}

// Challenge columns: number over feature, feature over feature, and (a deal's "cards") the two
// cards of each column. Level 3 puts expert "1 stone"/"2 stones" over expert cards on columns 5-6.
TEST(XalapaRender, ColumnsShowTheCardsOfTheDealOrElseTheTask) {
    DealOptions d;
    d.level = Level::Three;
    d.seed = 5;
    Deal dealt = deal(catalogue(), d);
    Challenge ch = dealt.challenge;
    ASSERT_TRUE(ch.cards);
    ASSERT_EQ(ch.tasks.size(), 6u);
    for (int i = 0; i < 6; ++i) {
        SCOPED_TRACE(i);
        ColumnFaces f = column_faces(ch, i, &catalogue());
        for (auto [face, id] : {std::pair{f.top, dealt.cards().columns[i].top},
                                std::pair{f.bottom, dealt.cards().columns[i].bottom}}) {
            if (id.rfind("printed-", 0) == 0) {
                EXPECT_EQ(face.deck, "printed");
                EXPECT_EQ(face.number, id.substr(8));
                continue;
            }
            const OracleCard& card = catalogue().card(id);
            EXPECT_EQ(face.deck, to_string(card.deck));
            if (card.kind == OracleCard::Kind::FeatureCard)
                EXPECT_EQ(face.feature->name(), card.feature.name());
            else
                EXPECT_EQ(face.number, std::to_string(card.stones));
        }
    }
    EXPECT_EQ(column_faces(ch, 0, &catalogue()).top.number, "1");  // printed 1 over a novice feature
    EXPECT_EQ(column_faces(ch, 4, &catalogue()).top.deck, "expert");
    // A file whose tasks were edited after the deal: its cards no longer make the task, the task wins.
    ch.tasks[0].lo = ch.tasks[0].hi = 3;
    ColumnFaces edited = column_faces(ch, 0, &catalogue());
    EXPECT_EQ(edited.top.number, "3");
    EXPECT_EQ(edited.top.deck, "");
    // Unknown card ids are carried, not interpreted: the task's own faces are drawn.
    ch.cards->columns[1].top = "no-such-card";
    EXPECT_EQ(column_faces(ch, 1, &catalogue()).top.number, "2");
}

TEST(XalapaRender, FacesDerivedFromTasks) {
    Json j = Json::parse(R"({"board": "../boards/sun-front.json", "tasks": [
        {"feature": "gecko", "at_most": 1}, {"feature": "any", "at_least": 4},
        {"feature": "red", "at_least": 1, "at_most": 3}, {"same": ["bird&red", "corner"]}]})");
    Challenge ch = parse_challenge(JsonPlace(j, "t.json"), data_dir() / "puzzles/xalapa/challenges/t.json");
    auto f = column_faces(ch, 0, nullptr);
    EXPECT_EQ(f.top.qualifier + " " + f.top.number + " / " + f.bottom.feature->name(), "at most 1 / gecko");
    f = column_faces(ch, 1, nullptr);
    EXPECT_EQ(f.top.qualifier + " " + f.top.number, "at least 4");
    f = column_faces(ch, 2, nullptr);
    EXPECT_EQ(f.top.qualifier + " " + f.top.number, "1 to 3");
    f = column_faces(ch, 3, nullptr);
    EXPECT_EQ(f.top.feature->name() + " / " + f.bottom.feature->name(), "bird&red / corner");
    EXPECT_TRUE(f.top.number.empty());
    std::string svg = render_svg(ch, {});
    EXPECT_TRUE(WellFormed(svg));
    EXPECT_EQ(card_texts(svg)[3], "as many stones on bird&amp;red as on corner");
}

TEST(XalapaRender, TextFromTheFileIsEscaped) {
    Challenge ch = load_challenge(data_dir() / "puzzles/xalapa/challenges/basic-1.json");
    ch.id = "<b>\"fish\" & 'chips'</b>\x01";
    std::string svg = render_svg(ch, {});
    EXPECT_TRUE(WellFormed(svg));
    EXPECT_NE(svg.find("&lt;b&gt;&quot;fish&quot; &amp; &apos;chips&apos;&lt;/b&gt;<"), std::string::npos);
    RenderOptions opt;
    opt.title = "a < b";
    EXPECT_TRUE(WellFormed(render_svg(ch, opt)));
    EXPECT_TRUE(WellFormed(render_legend_svg("k")));
}

// The book: title page, one page per puzzle (no stones), then one per solution (its stones and
// marks); every picture's ids are its own so they can share one page.
TEST(XalapaBook, TitlePuzzlePagesThenSolutionPages) {
    ChallengeSolver solver;
    std::vector<GeneratedPuzzle> puzzles;
    for (std::uint64_t seed : {11, 12, 13}) {
        DealOptions d;
        d.level = Level::Two;
        d.seed = seed;
        Deal dealt = deal(catalogue(), d);
        Solution s = solver.solve(dealt.challenge);
        Rating r = rate(solver, dealt.challenge);
        puzzles.push_back({dealt, d, s, r});
    }
    BookSettings settings;
    std::vector<BookEntry> entries;
    for (const auto& p : puzzles) entries.push_back(book_entry(p));
    std::string html = book_html(entries, settings, catalogue());
    EXPECT_TRUE(WellFormed(html));
    EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
    EXPECT_EQ(occurrences(html, "<section class=\"sheet title\""), 1);
    EXPECT_EQ(occurrences(html, "<section class=\"sheet puzzle\""), 3);
    EXPECT_EQ(occurrences(html, "<section class=\"sheet solution\""), 3);
    EXPECT_NE(html.find("break-after: page"), std::string::npos);
    // Pages in order: title, puzzles 1..3, solutions 1..3.
    std::size_t last = 0;
    for (std::string id : {"puzzle-1", "puzzle-2", "puzzle-3", "solution-1", "solution-2", "solution-3"}) {
        auto at = html.find("id=\"" + id + "\"");
        ASSERT_NE(at, std::string::npos) << id;
        EXPECT_GT(at, last) << id;
        last = at;
    }
    std::string puzzle_pages = html.substr(0, html.find("id=\"solution-1\""));
    std::string solution_pages = html.substr(html.find("id=\"solution-1\""));
    EXPECT_EQ(occurrences(puzzle_pages, "class=\"stone\""), 1);  // the legend's sample stone only
    int stones = 0;
    for (const auto& p : puzzles) stones += static_cast<int>(p.solution.stones.count());
    EXPECT_EQ(occurrences(solution_pages, "class=\"stone\""), stones);
    for (const auto& p : puzzles)
        EXPECT_NE(
            solution_pages.find("lowest penalty " + std::to_string(p.solution.evaluation.penalty) + " "),
            std::string::npos);
    std::map<std::string, int> ids;
    static const std::regex id(" id=\"([^\"]+)\"");
    for (auto it = std::sregex_iterator(html.begin(), html.end(), id); it != std::sregex_iterator(); ++it)
        ++ids[(*it)[1].str()];
    for (const auto& [name, n] : ids) EXPECT_EQ(n, 1) << "id " << name << " is used " << n << " times";
    // Each column shows the deal's cards: the expert/intermediate decks appear on level 2's columns 5-6.
    EXPECT_NE(html.find(">intermediate<"), std::string::npos);
}

namespace {

using CliRun = tlaloc::test_support::CliRun;
CliRun run(const std::string& args) { return tlaloc::test_support::run_tlaloc(args); }

fs::path scratch(const std::string& name) {
    fs::path dir = tlaloc::test_support::scratch_dir("render");
    fs::create_directories(dir);
    fs::path p = dir / name;
    fs::remove_all(p);
    return p;
}

std::string shipped(const std::string& name) {
    return (data_dir() / "puzzles/xalapa/challenges" / name).string();
}

std::string read(const fs::path& file) {
    std::ifstream in(file);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

}  // namespace

TEST(XalapaRenderCli, RenderWritesTheSvgAndTheSolution) {
    fs::path svg = scratch("l2.svg");
    CliRun r = run("xalapa render " + shipped("level2-1.json") + " --solution --svg " + svg.string());
    ASSERT_EQ(r.code, 0) << r.out;
    std::string text = read(svg);
    EXPECT_EQ(text.rfind("<?xml", 0), 0u);
    EXPECT_TRUE(WellFormed(text));
    EXPECT_GT(occurrences(text, "class=\"stone\""), 0);
    EXPECT_NE(r.out.find("proved optimal"), std::string::npos) << r.out;
}

TEST(XalapaRenderCli, BadInputExitsTwoNamingFileAndPlaceAndWritesNothing) {
    fs::path svg = scratch("bad.svg");
    fs::path malformed = scratch("malformed.json");
    { std::ofstream(malformed) << "{\"board\": \"x\",\n \"tasks\": [,]}"; }
    CliRun r = run("xalapa render " + malformed.string() + " --svg " + svg.string());
    EXPECT_EQ(r.code, 2) << r.out;
    EXPECT_NE(r.out.find("tlaloc: " + malformed.string() + ": line 2"), std::string::npos) << r.out;
    fs::path unknown = scratch("unknown.json");
    {
        std::ofstream(unknown) << R"({"board": ")"
                               << (data_dir() / "puzzles/xalapa/boards/sun-front.json").string()
                               << R"(", "tasks": [{"feature": "snake", "count": 1}]})";
    }
    r = run("xalapa render " + unknown.string() + " --svg " + svg.string());
    EXPECT_EQ(r.code, 2) << r.out;
    EXPECT_NE(r.out.find(unknown.string() + ": tasks[0].feature: "), std::string::npos) << r.out;
    r = run("xalapa render /no/such/file.json --svg " + svg.string());
    EXPECT_EQ(r.code, 2) << r.out;
    EXPECT_FALSE(fs::exists(svg));
    r = run("xalapa render " + shipped("basic-1.json") + " --svg /no/such/dir/x.svg");
    EXPECT_EQ(r.code, 2) << r.out;
    EXPECT_NE(r.out.find("/no/such/dir/x.svg"), std::string::npos) << r.out;
    r = run("xalapa render " + shipped("basic-1.json"));  // --svg is required
    EXPECT_EQ(r.code, 2) << r.out;
}

TEST(XalapaRenderCli, BookWritesOneSelfContainedPageAndIsReproducible) {
    fs::path a = scratch("book-a"), b = scratch("book-b");
    CliRun r = run("xalapa book --count 2 --level basic --seed 4 --out " + a.string());
    ASSERT_EQ(r.code, 0) << r.out;
    r = run("xalapa book --count 2 --level basic --seed 4 --out " + b.string());
    ASSERT_EQ(r.code, 0) << r.out;
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(a)) files.push_back(e.path().filename());
    EXPECT_EQ(files, std::vector<fs::path>{"index.html"});
    std::string html = read(a / "index.html");
    EXPECT_TRUE(WellFormed(html));
    EXPECT_EQ(html, read(b / "index.html"));          // same seed, same book
    EXPECT_EQ(html.find("src="), std::string::npos);  // nothing to fetch: pictures are inline
    EXPECT_EQ(occurrences(html, "<section class=\"sheet puzzle\""), 2);
}

TEST(XalapaRenderCli, BookRejectsBadOptionsBeforeWriting) {
    fs::path out = scratch("book-bad");
    CliRun r = run("xalapa book --count 2 --level 9 --out " + out.string());
    EXPECT_EQ(r.code, 2) << r.out;
    EXPECT_NE(r.out.find("tlaloc: command line: --level: unknown level \"9\""), std::string::npos) << r.out;
    r = run("xalapa book --count 2 --level 2 --difficulty easy --out " + out.string());
    EXPECT_EQ(r.code, 2) << r.out;
    EXPECT_NE(r.out.find("--difficulty: unknown difficulty \"easy\" (direct,"), std::string::npos) << r.out;
    r = run("xalapa book --count 0 --level 2 --out " + out.string());
    EXPECT_EQ(r.code, 2) << r.out;
    EXPECT_FALSE(fs::exists(out));
    fs::path file = scratch("a-file");
    { std::ofstream(file) << "x"; }
    r = run("xalapa book --count 1 --level 2 --out " + file.string());
    EXPECT_EQ(r.code, 2) << r.out;
    EXPECT_NE(r.out.find(file.string() + ": exists and is not a folder"), std::string::npos) << r.out;
}

// A book of the author's own challenges: challenge files and a studio book, in order; each solution
// proved (the same penalty `xalapa solve` prints) and, with --why, one reason per stone.
TEST(XalapaRenderCli, BookOfYourOwnChallengeFilesAndStudioBooks) {
    fs::path out = scratch("own-book");
    fs::path studio_book = scratch("mine.book.json");
    {
        tlaloc::Json level2 = tlaloc::Json::parse(read(shipped("level2-1.json")));
        level2["board"] = (data_dir() / "puzzles/xalapa/boards/moon-back.json").string();
        level2.erase("cards");
        std::ofstream(studio_book) << tlaloc::Json{{"challenges", {level2, level2}}}.dump();
    }
    CliRun r = run("xalapa book " + shipped("basic-1.json") + " " + studio_book.string() + " --out " +
                   out.string() + " --title 'Sunday <puzzles>' --author Ana --why --hide-difficulty");
    ASSERT_EQ(r.code, 0) << r.out;
    const std::string html = read(out / "index.html");
    EXPECT_TRUE(WellFormed(html));
    EXPECT_EQ(occurrences(html, "<section class=\"sheet puzzle\""), 3);
    EXPECT_NE(html.find("<h1>Sunday &lt;puzzles&gt;</h1>"), std::string::npos);
    EXPECT_NE(html.find(">Ana<"), std::string::npos);
    EXPECT_NE(html.find("basic-1.json"), std::string::npos);
    EXPECT_NE(html.find("mine.book.json #2"), std::string::npos);
    const std::string puzzle_pages = html.substr(0, html.find("id=\"solution-1\""));
    const std::string title_page = html.substr(0, html.find("id=\"puzzle-1\""));
    EXPECT_EQ(puzzle_pages.substr(title_page.size()).find("difficulty"), std::string::npos);
    // The solution pages: the proved penalty of each file, one reason per stone.
    CliRun solved = run("xalapa solve --json " + shipped("basic-1.json"));
    const tlaloc::Json basic = tlaloc::Json::parse(solved.out.substr(0, solved.out.find('\n')));
    EXPECT_NE(html.find("lowest penalty " + std::to_string(basic["penalty"].get<int>()) + " "),
              std::string::npos);
    const std::string first_solution = html.substr(
        html.find("id=\"solution-1\""), html.find("id=\"solution-2\"") - html.find("id=\"solution-1\""));
    EXPECT_EQ(occurrences(first_solution, "<li>row "), basic["stone_count"].get<int>());
    // Options of a generated book do not mix with files; a file that is no challenge names its place.
    r = run("xalapa book " + shipped("basic-1.json") + " --level 2 --out " + scratch("mixed").string());
    EXPECT_EQ(r.code, 2) << r.out;
    EXPECT_NE(r.out.find("--level: applies to a generated book"), std::string::npos) << r.out;
    fs::path empty = scratch("empty.book.json");
    std::ofstream(empty) << R"({"challenges": []})";
    r = run("xalapa book " + empty.string() + " --out " + scratch("empty-book").string());
    EXPECT_EQ(r.code, 2) << r.out;
    EXPECT_NE(r.out.find("challenges: a book with no challenge"), std::string::npos) << r.out;
}

// A census line's level and index back as a challenge file: solving it gives the line's penalty.
TEST(XalapaRenderCli, CensusShowWritesTheChallengeOfALine) {
    CliRun census = run("xalapa census --level basic --shard 3/5000 --limit 2 --no-tier");
    ASSERT_EQ(census.code, 0) << census.out;
    std::istringstream lines(census.out);
    int checked = 0;
    for (std::string line; std::getline(lines, line);) {
        if (line.empty() || line[0] != '{') continue;
        const tlaloc::Json j = tlaloc::Json::parse(line);
        fs::path file = scratch("census-" + std::to_string(j["index"].get<long long>()) + ".json");
        CliRun show = run("xalapa census show --level basic --index " +
                          std::to_string(j["index"].get<long long>()) + " --out " + file.string());
        ASSERT_EQ(show.code, 0) << show.out;
        CliRun solved = run("xalapa solve --json " + file.string());
        ASSERT_EQ(solved.code, 0) << solved.out;
        EXPECT_EQ(tlaloc::Json::parse(solved.out.substr(0, solved.out.find('\n')))["penalty"], j["penalty"])
            << line;
        ++checked;
    }
    EXPECT_EQ(checked, 2);
    CliRun far = run("xalapa census show --level basic --index 142560");
    EXPECT_EQ(far.code, 2);
    EXPECT_NE(far.out.find("--index: 142560 is out of range"), std::string::npos) << far.out;
}

// Out of time, generate keeps the challenges it found (exit 3): the first ones an unlimited run with
// the same seed gives, in the same order.
TEST(XalapaRenderCli, GenerateOutOfTimeKeepsWhatItFound) {
    const std::string ask = "xalapa generate --level 3 --unique --difficulty deep --seed 1 ";
    CliRun cut = tlaloc::test_support::run_tlaloc_split(ask + "--count 60 --timeout 5");
    EXPECT_EQ(cut.code, 3) << cut.err;
    std::vector<std::string> kept;
    std::istringstream lines(cut.out);
    for (std::string line; std::getline(lines, line);)
        if (!line.empty()) kept.push_back(line);
    if (kept.empty()) {
        EXPECT_NE(cut.err.find("no answer within"), std::string::npos) << cut.err;
        return;  // a slow (instrumented) build found none in time: nothing is written
    }
    EXPECT_NE(cut.err.find("kept the " + std::to_string(kept.size()) + " challenges found so far"),
              std::string::npos)
        << cut.err;
    CliRun full = tlaloc::test_support::run_tlaloc_split(ask + "--count " + std::to_string(kept.size()));
    ASSERT_EQ(full.code, 0) << full.err;
    std::string expected;
    for (const auto& k : kept) expected += k + "\n";
    EXPECT_EQ(full.out, expected);
}
