#include "model/common/Text.h"

#include <algorithm>
#include <cctype>

namespace tlaloc {

std::vector<std::string> split(const std::string& text, char separator) {
    std::vector<std::string> parts;
    for (std::size_t start = 0;;) {
        const std::size_t at = text.find(separator, start);
        parts.push_back(text.substr(start, at == std::string::npos ? std::string::npos : at - start));
        if (at == std::string::npos) return parts;
        start = at + 1;
    }
}

namespace {

// Optimal string alignment distance (Damerau–Levenshtein without repeated edits of one substring).
std::size_t edit_distance(const std::string& a, const std::string& b) {
    const std::size_t n = a.size(), m = b.size();
    std::vector<std::vector<std::size_t>> d(n + 1, std::vector<std::size_t>(m + 1));
    for (std::size_t i = 0; i <= n; ++i) d[i][0] = i;
    for (std::size_t j = 0; j <= m; ++j) d[0][j] = j;
    for (std::size_t i = 1; i <= n; ++i) {
        for (std::size_t j = 1; j <= m; ++j) {
            const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
            d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
        }
    }
    return d[n][m];
}

}  // namespace

std::string lower_case(std::string text) {
    for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

std::string trim_blanks(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
    return std::string(text);
}

std::string nearest_name(const std::string& name, const std::vector<std::string>& known) {
    // Names past this length are not typos of a name; the bound also keeps the table small.
    constexpr std::size_t kLongest = 200;
    if (name.empty() || name.size() > kLongest) return "";
    const std::string wanted = lower_case(name);
    std::string best;
    std::size_t best_distance = 0;
    for (const auto& k : known) {
        if (k.size() > kLongest || k == name) continue;
        const std::size_t dist = edit_distance(wanted, lower_case(k));
        if (best.empty() || dist < best_distance) {
            best = k;
            best_distance = dist;
        }
    }
    // A third of the letters, at least two: "disfavour_tile" finds "disfavor_tiles", "x" finds nothing.
    const std::size_t allowed = std::max<std::size_t>(2, name.size() / 3);
    return !best.empty() && best_distance <= allowed && best_distance < name.size() ? best : "";
}

std::string did_you_mean(const std::string& name, const std::vector<std::string>& known) {
    const std::string near = nearest_name(name, known);
    return near.empty() ? "" : " — did you mean " + near + "?";
}

}  // namespace tlaloc
