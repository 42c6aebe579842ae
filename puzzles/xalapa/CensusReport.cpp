#include "puzzles/xalapa/CensusReport.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>

#include "model/common/Markup.h"
#include "model/common/Statistics.h"
#include "puzzles/xalapa/Difficulty.h"
#include "puzzles/xalapa/SvgCanvas.h"

namespace tlaloc::xalapa {

namespace {

Json share(std::int64_t count, std::int64_t of, bool sample) {
    Json j{{"count", count}, {"of", of}, {"share", of ? static_cast<double>(count) / of : 0.0}};
    if (sample) {
        auto [lo, hi] = wilson_interval(count, of);
        j["low"] = lo;
        j["high"] = hi;
    }
    return j;
}

Json level_numbers(const CensusRun& run) {
    const auto n = static_cast<std::int64_t>(run.lines.size());
    const CensusTally t = tally_census(run);
    const bool s = run.sample;
    Json j{{"level", to_string(run.level)},
           {"sample", s},
           {"challenges", n},
           {"of", run.of},
           {"complete", !s && n == run.of},
           {"duplicate_lines", run.duplicates},
           {"gaps", census_gaps_json(run)},
           {"gaps_text", census_gaps_text(run)},
           {"mean_penalty", n ? static_cast<double>(t.penalty_sum) / n : 0.0},
           {"give_up", share(t.gave_up, n, s)},
           {"unique", share(t.unique, n, s)},
           {"rated", t.rated}};
    if (s) j["seeds"] = run.seeds;
    Json dist = Json::array();
    for (auto [p, c] : t.penalties) {
        Json row = share(c, n, s);
        row["penalty"] = p;
        dist.push_back(row);
    }
    j["penalties"] = dist;
    Json tier_rows = Json::array();
    for (const auto& level : kDifficultyLevels) {
        const auto tier = t.tiers.find(level.name);
        Json row = share(tier == t.tiers.end() ? 0 : tier->second, t.rated, s);
        row["tier"] = level.name;
        tier_rows.push_back(row);
    }
    j["tiers"] = tier_rows;
    std::vector<std::pair<std::string, std::pair<std::int64_t, std::int64_t>>> by_rate(t.card_unmet.begin(),
                                                                                       t.card_unmet.end());
    std::stable_sort(by_rate.begin(), by_rate.end(), [](const auto& a, const auto& b) {
        return a.second.first * b.second.second > b.second.first * a.second.second;
    });
    Json card_rows = Json::array();
    for (const auto& [card, c] : by_rate) {
        Json row = share(c.first, c.second, s);
        row["card"] = card;
        card_rows.push_back(row);
    }
    j["cards"] = card_rows;
    return j;
}

std::string one_decimal(double value) {
    std::ostringstream out;
    out.setf(std::ios::fixed);
    out.precision(1);
    out << value;
    return out.str();
}

std::string percent(double share) { return one_decimal(100 * share) + " %"; }

// The share in per cent and, for a sample, its interval between `open` and `close`.
std::string share_with_interval(const Json& s, const std::string& open, const std::string& close) {
    std::string t = percent(s["share"].get<double>());
    if (s.contains("low"))
        t += open + one_decimal(100 * s["low"].get<double>()) + "–" +
             one_decimal(100 * s["high"].get<double>()) + close;
    return t;
}

// "12.3 % (10.1-14.8 %)" for a sample, "12.3 %" for a census.
std::string share_text(const Json& s) { return share_with_interval(s, " (", " %)"); }

// A table cell: the share, and under it the interval in small print.
std::string cell_text(const Json& s) { return share_with_interval(s, "<br><small>", "</small>"); }

struct Bar {
    std::string label;
    Json share;  // as share(): "share", and "low"/"high" for a sample
    std::string colour = "#4a7fb5";
};

// A horizontal bar chart: one row per bar, the share as a bar, its interval as a whisker.
std::string bar_chart(const std::string& title, const std::vector<Bar>& bars) {
    const double label_w = 210, bar_w = 330, row_h = 22, top = 28;
    const double height = top + row_h * static_cast<double>(bars.size()) + 10;
    SvgCanvas svg;
    svg.out << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"680\" height=\"" << num(height)
            << "\" viewBox=\"0 0 680 " << num(height) << "\" role=\"img\" aria-label=\"" << xml_escape(title)
            << "\">\n";
    svg.text(4, 18, title, 14, "font-weight=\"bold\"");
    svg.out << "<line x1=\"" << num(label_w) << "\" y1=\"" << num(top - 4) << "\" x2=\"" << num(label_w)
            << "\" y2=\"" << num(height - 6) << "\" stroke=\"#888\"/>\n";
    for (std::size_t i = 0; i < bars.size(); ++i) {
        const Bar& b = bars[i];
        const double y = top + row_h * static_cast<double>(i), v = b.share["share"].get<double>();
        svg.text(label_w - 6, y + 15, b.label, 12, "text-anchor=\"end\"");
        svg.out << "<rect x=\"" << num(label_w) << "\" y=\"" << num(y + 4) << "\" width=\"" << num(bar_w * v)
                << "\" height=\"" << num(row_h - 8) << "\" fill=\"" << b.colour << "\"/>\n";
        double end = label_w + bar_w * v;
        if (b.share.contains("low")) {
            const double lo = label_w + bar_w * b.share["low"].get<double>();
            const double hi = label_w + bar_w * b.share["high"].get<double>(), mid = y + row_h / 2;
            svg.out << "<path d=\"M" << num(lo) << " " << num(mid) << "H" << num(hi) << "M" << num(lo) << " "
                    << num(mid - 5) << "V" << num(mid + 5) << "M" << num(hi) << " " << num(mid - 5) << "V"
                    << num(mid + 5) << "\" stroke=\"#222\" fill=\"none\"/>\n";
            end = std::max(end, hi);
        }
        svg.text(end + 6, y + 15, share_text(b.share), 11);
    }
    svg.out << "</svg>\n";
    return svg.out.str();
}

std::string level_title(const Json& l) {
    const std::string name = l["level"].get<std::string>();
    return name == "basic" ? "Basic level" : "Level " + name;
}

std::string level_heading(const Json& l) {
    std::ostringstream out;
    out << l["challenges"].get<std::int64_t>();
    if (l["sample"].get<bool>()) {
        out << " challenges drawn uniformly (seed";
        for (const auto& seed : l["seeds"]) out << " " << seed.get<std::uint64_t>();
        out << ") from the level's " << l["of"].get<std::int64_t>()
            << " distinct challenges; intervals are 95 % Wilson intervals";
    } else {
        out << " of the level's " << l["of"].get<std::int64_t>() << " distinct challenges"
            << (l["complete"].get<bool>() ? " (the whole level: shares are exact)"
                                          : " (INCOMPLETE: shares describe the challenges present only)");
    }
    return out.str();
}

void level_section(std::ostringstream& out, const Json& l) {
    const std::string id = "level-" + l["level"].get<std::string>();
    out << "<section id=\"" << id << "\">\n<h2>" << xml_escape(level_title(l)) << "</h2>\n<p>"
        << xml_escape(level_heading(l)) << ".</p>\n";
    // What is missing or there twice, one line each (nothing for a run without gaps).
    if (const std::string gaps = l["gaps_text"].get<std::string>(); !gaps.empty()) {
        std::string html = xml_escape(gaps);
        for (std::size_t at; (at = html.find('\n')) != std::string::npos;) html.replace(at, 1, "<br>");
        out << "<p class=\"gaps\">" << html << "</p>\n";
    }
    out << "<ul>\n<li>mean penalty " << num(l["mean_penalty"].get<double>())
        << "</li>\n<li>the optimum gives up a task: " << xml_escape(share_text(l["give_up"]))
        << "</li>\n<li>unique optimum: " << xml_escape(share_text(l["unique"])) << "</li>\n</ul>\n";
    std::vector<Bar> penalties;
    for (const auto& p : l["penalties"])
        penalties.push_back({"penalty " + std::to_string(p["penalty"].get<int>()), p});
    out << bar_chart("Penalty distribution", penalties);
    const std::vector<Bar> shares = {{"gives up a task", l["give_up"], "#c0504d"},
                                     {"unique optimum", l["unique"], "#9bbb59"}};
    out << bar_chart("Optimum", shares);
    if (l["rated"].get<std::int64_t>() > 0) {
        std::vector<Bar> tiers;
        for (const auto& t : l["tiers"]) tiers.push_back({t["tier"].get<std::string>(), t, "#8064a2"});
        out << bar_chart("Difficulty tiers (" + std::to_string(l["rated"].get<std::int64_t>()) + " rated)",
                         tiers);
    } else {
        out << "<p>No line records a difficulty tier.</p>\n";
    }
    std::vector<Bar> cards;
    for (const auto& c : l["cards"]) cards.push_back({c["card"].get<std::string>(), c, "#f79646"});
    out << bar_chart("Give-up rate of each card's column", cards) << "</section>\n";
}

void comparison_section(std::ostringstream& out, const Json& levels) {
    out << "<section id=\"comparison\">\n<h2>The levels side by side</h2>\n<table>\n<tr><th>level</th><th>"
           "challenges</th><th>distinct</th><th>mean penalty</th><th>gives up</th><th>unique</th>";
    for (const auto& tier : kDifficultyLevels) out << "<th>" << tier.name << "</th>";
    out << "</tr>\n";
    std::vector<Bar> give_up, unique;
    for (const auto& l : levels) {
        const std::string name = l["level"].get<std::string>();
        out << "<tr><td><a href=\"#level-" << name << "\">" << name << "</a>"
            << (l["sample"].get<bool>() ? " (sample)" : "") << "</td><td>"
            << l["challenges"].get<std::int64_t>() << "</td><td>" << l["of"].get<std::int64_t>()
            << "</td><td>" << num(l["mean_penalty"].get<double>()) << "</td><td>" << cell_text(l["give_up"])
            << "</td><td>" << cell_text(l["unique"]) << "</td>";
        for (const auto& t : l["tiers"])
            out << "<td>" << (l["rated"].get<std::int64_t>() ? cell_text(t) : "–") << "</td>";
        out << "</tr>\n";
        const std::string label = name == "basic" ? "basic level" : "level " + name;
        give_up.push_back({label, l["give_up"], "#c0504d"});
        unique.push_back({label, l["unique"], "#9bbb59"});
    }
    out << "</table>\n"
        << bar_chart("The optimum gives up a task", give_up) << bar_chart("The optimum is unique", unique)
        << "</section>\n";
}

std::string report_html(const Json& levels) {
    std::ostringstream out;
    out << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Xalapa census report</title>\n"
           "<style>body{font-family:sans-serif;max-width:60em;margin:1em auto;padding:0 1em}"
           "table{border-collapse:collapse;font-size:90%}td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}"
           "svg{display:block;margin:0.5em 0}</style></head><body>\n<h1>Xalapa census report</h1>\n"
           "<p>Figures describe tlaloc's own board sides and cards (reconstructions, not the printed ones). "
           "Every penalty is a proved optimum.</p>\n";
    comparison_section(out, levels);
    for (const auto& l : levels) level_section(out, l);
    out << "</body></html>\n";
    return out.str();
}

}  // namespace

Json census_report(const std::vector<std::pair<std::string, std::string>>& files, const Catalogue& cat,
                   std::string& html) {
    Json levels = Json::array();
    for (const auto& [level, run] : read_census_runs(files, cat)) levels.push_back(level_numbers(run));
    html = report_html(levels);
    return {{"levels", levels}};
}

}  // namespace tlaloc::xalapa
