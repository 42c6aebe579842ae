// Every relative link of the user docs (README.md, CONTRIBUTING.md, docs/**.md) leads somewhere: the
// file or folder exists, and a "#anchor" names a heading of the page it points to (as the page's
// renderer makes heading anchors: lower case, punctuation dropped, spaces as dashes). Moving a section
// between pages (say, into docs/internals/) cannot leave a dead link behind.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

namespace fs = std::filesystem;

namespace {

const fs::path kSource = TLALOC_SOURCE_DIR;

std::vector<std::string> lines_of(const fs::path& file) {
    std::ifstream in(file);
    std::vector<std::string> out;
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

// The lines outside fenced code blocks, with their numbers.
std::vector<std::pair<int, std::string>> prose_lines(const fs::path& file) {
    std::vector<std::pair<int, std::string>> out;
    bool fenced = false;
    int number = 0;
    for (const std::string& line : lines_of(file)) {
        ++number;
        if (line.rfind("```", 0) == 0) {
            fenced = !fenced;
            continue;
        }
        if (!fenced) out.emplace_back(number, line);
    }
    return out;
}

// A heading's anchor: letters (ASCII and accented Latin ones), digits, '-' and '_' kept, lower case,
// spaces as '-', everything else dropped.
std::string anchor_of(const std::string& heading) {
    std::string out;
    for (std::size_t i = 0; i < heading.size(); ++i) {
        const auto c = static_cast<unsigned char>(heading[i]);
        if (c < 0x80) {
            if (std::isalnum(c) || c == '-' || c == '_') out += static_cast<char>(std::tolower(c));
            if (c == ' ') out += '-';
            continue;
        }
        std::size_t n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
        if (c == 0xC3 && i + 1 < heading.size()) {  // U+00C0..U+00FF: letters, but for x and /
            auto next = static_cast<unsigned char>(heading[i + 1]);
            if (next != 0x97 && next != 0xB7) {
                if (next >= 0x80 && next <= 0x9E) next = static_cast<unsigned char>(next + 0x20);
                out += static_cast<char>(c);
                out += static_cast<char>(next);
            }
        }
        i += n - 1;
    }
    return out;
}

std::set<std::string> anchors_of(const fs::path& page) {
    std::set<std::string> out;
    std::map<std::string, int> seen;
    for (const auto& [number, line] : prose_lines(page)) {
        if (line.empty() || line[0] != '#') continue;
        const std::size_t text = line.find_first_not_of('#');
        if (text == std::string::npos || line[text] != ' ') continue;
        const std::string anchor = anchor_of(line.substr(text + 1));
        const int n = seen[anchor]++;
        out.insert(n == 0 ? anchor : anchor + "-" + std::to_string(n));
    }
    return out;
}

std::vector<fs::path> doc_pages() {
    std::vector<fs::path> out = {kSource / "README.md", kSource / "CONTRIBUTING.md"};
    for (const auto& e : fs::recursive_directory_iterator(kSource / "docs"))
        if (e.path().extension() == ".md") out.push_back(e.path());
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace

TEST(DocLinks, AnchorsAreMadeAsTheRendererMakesThem) {
    EXPECT_EQ(anchor_of("Bots: one vocabulary"), "bots-one-vocabulary");
    EXPECT_EQ(anchor_of("The rulebook's example turn"), "the-rulebooks-example-turn");
    EXPECT_EQ(anchor_of("`tlaloc akelarre play` and `tlaloc akelarre replay`"),
              "tlaloc-akelarre-play-and-tlaloc-akelarre-replay");
    EXPECT_EQ(anchor_of("The Atlacoya variant (the reverse side of the central board, 2–6 players)"),
              "the-atlacoya-variant-the-reverse-side-of-the-central-board-26-players");
    EXPECT_EQ(anchor_of("Shipped data (`puzzles/xalapa/`)"), "shipped-data-puzzlesxalapa");
    EXPECT_EQ(anchor_of("Aztlán × 2"), "aztlán--2");
}

TEST(DocLinks, EveryRelativeLinkLeadsSomewhere) {
    const std::regex link(R"(\]\(([^)\s]+)\))");
    int checked = 0;
    for (const fs::path& page : doc_pages()) {
        for (const auto& [number, line] : prose_lines(page)) {
            for (std::sregex_iterator m(line.begin(), line.end(), link), end; m != end; ++m) {
                const std::string target = (*m)[1];
                if (target.rfind("http://", 0) == 0 || target.rfind("https://", 0) == 0 ||
                    target.rfind("mailto:", 0) == 0)
                    continue;
                const std::string where =
                    fs::relative(page, kSource).string() + ":" + std::to_string(number) + ": " + target;
                const std::size_t hash = target.find('#');
                const std::string path = target.substr(0, hash);
                const fs::path to = path.empty() ? page : fs::weakly_canonical(page.parent_path() / path);
                ++checked;
                if (!fs::exists(to)) {
                    ADD_FAILURE() << where << ": no such file";
                    continue;
                }
                if (hash == std::string::npos || to.extension() != ".md") continue;
                const std::string anchor = target.substr(hash + 1);
                EXPECT_TRUE(anchors_of(to).count(anchor)) << where << ": no heading with that anchor";
            }
        }
    }
    EXPECT_GT(checked, 50);
}
