// The balance report as text and as a page of bar charts (inline SVG).
#include <cstdio>
#include <sstream>

#include "model/common/Markup.h"
#include "session/common/Balance.h"

namespace tlaloc::session {

namespace {

std::string percent(double v) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.1f %%", 100 * v);
    return buffer;
}

std::string number(double v) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.1f", v);
    return buffer;
}

// "53.1 % [50.9 %, 55.3 %] (1062/2000)"
std::string rate_text(const Json& r) {
    return percent(r.at("rate").get<double>()) + " [" + percent(r.at("low").get<double>()) + ", " +
           percent(r.at("high").get<double>()) + "] (" + std::to_string(r.at("hits").get<std::int64_t>()) +
           "/" + std::to_string(r.at("trials").get<std::int64_t>()) + ")";
}

std::string mean_text(const Json& m) {
    return number(m.at("mean").get<double>()) + " [" + number(m.at("low").get<double>()) + ", " +
           number(m.at("high").get<double>()) + "], min " + number(m.at("min").get<double>()) + ", max " +
           number(m.at("max").get<double>());
}

std::string title(const Json& run) {
    std::string t =
        run.at("game").get<std::string>() + ", " + std::to_string(run.at("players").get<int>()) + " players";
    const std::string variant = run.at("variant").get<std::string>();
    if (!variant.empty()) t += ", " + variant;
    if (!run.at("compare").get<std::string>().empty())
        t += " against " + run.at("compare").get<std::string>();
    std::string bots;
    for (const Json& b : run.at("bots")) bots += (bots.empty() ? "" : ",") + b.get<std::string>();
    return t + "; bots " + bots + " (seats rotated); seed " +
           std::to_string(run.at("seed").get<std::uint64_t>());
}

}  // namespace

std::string balance_text(const Json& report) {
    std::ostringstream out;
    const Json& run = report.at("run");
    out << "balance: " << title(run) << "\n";
    out << "games: " << report.at("games").get<std::int64_t>();
    if (!report.at("complete").get<bool>())
        out << " of " << report.at("expected").get<std::int64_t>() << " (incomplete)";
    out << "   (rates with 95 % Wilson intervals; means with 95 % normal intervals)\n";
    const Json& seats = report.at("seats");
    for (std::size_t p = 0; p < seats.size(); ++p)
        out << "  seat " << p + 1 << " wins    " << rate_text(seats[p]) << "\n";
    out << "  first player wins " << rate_text(report.at("first_player")) << "\n";
    for (const auto& [bot, r] : report.at("bots").items())
        out << "  " << bot << " wins   " << rate_text(r) << "\n";
    out << "  draws           " << rate_text(report.at("draws")) << "\n";
    out << "  length (" << run.at("length_unit").get<std::string>() << ") " << mean_text(report.at("length"))
        << "\n";
    out << "  winning margin  " << mean_text(report.at("margin")) << "\n";
    if (report.value("redone", std::int64_t{0}) > 0)
        out << "  played again from the same deal after a bot reached a dead end: "
            << report.at("redone").get<std::int64_t>() << " games\n";
    if (report.contains("abandoned") && !report.at("abandoned").empty()) {
        out << "  left out of the rates: " << report.at("abandoned").size()
            << " games the bots drove into a dead end of the game's adapter every time (seeds";
        for (const Json& s : report.at("abandoned")) out << " " << s.get<std::uint64_t>();
        out << ")\n";
    }
    if (report.contains("winner_changes"))
        out << "  winner changes under " << run.at("compare").get<std::string>() << ": "
            << rate_text(report.at("winner_changes")) << "\n";
    return out.str();
}

namespace {

// One horizontal bar per rate, its interval as a whisker, a line at 50 %.
std::string bar_chart(const std::string& caption, const std::vector<std::pair<std::string, Json>>& bars) {
    const int row = 28, left = 170, width = 420, height = row * static_cast<int>(bars.size()) + 30;
    std::ostringstream svg;
    svg << "<figure><figcaption>" << xml_escape(caption)
        << "</figcaption>\n<svg xmlns=\"http://www.w3.org/2000/svg\" "
        << "width=\"" << left + width + 150 << "\" height=\"" << height << "\" role=\"img\" aria-label=\""
        << xml_escape(caption) << "\">\n";
    for (std::size_t i = 0; i < bars.size(); ++i) {
        const Json& r = bars[i].second;
        const int y = 10 + row * static_cast<int>(i);
        const auto x = [&](double v) { return left + static_cast<int>(v * width); };
        svg << "<text x=\"" << left - 8 << "\" y=\"" << y + 15 << "\" text-anchor=\"end\">"
            << xml_escape(bars[i].first) << "</text>";
        svg << "<rect x=\"" << left << "\" y=\"" << y + 3 << "\" width=\""
            << x(r.at("rate").get<double>()) - left << "\" height=\"16\" fill=\"#4a7ab5\"/>";
        svg << "<line x1=\"" << x(r.at("low").get<double>()) << "\" x2=\"" << x(r.at("high").get<double>())
            << "\" y1=\"" << y + 11 << "\" y2=\"" << y + 11 << "\" stroke=\"#111\" stroke-width=\"2\"/>";
        svg << "<text x=\"" << left + width + 8 << "\" y=\"" << y + 15 << "\">"
            << percent(r.at("rate").get<double>()) << "</text>\n";
    }
    const int mid = left + width / 2, bottom = height - 18;
    svg << "<line x1=\"" << mid << "\" x2=\"" << mid << "\" y1=\"5\" y2=\"" << bottom
        << "\" stroke=\"#b33\" stroke-dasharray=\"4 3\"/><text x=\"" << mid << "\" y=\"" << height - 4
        << "\" text-anchor=\"middle\">50 %</text>\n</svg></figure>\n";
    return svg.str();
}

}  // namespace

std::string balance_html(const Json& report) {
    std::ostringstream page;
    const Json& run = report.at("run");
    page << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Balance: "
         << xml_escape(title(run))
         << "</title>\n<style>body{font-family:sans-serif;margin:2em;max-width:60em}"
         << "svg text{font-size:13px}pre{background:#f4f4f4;padding:1em}</style></head><body>\n";
    page << "<h1>Balance: " << xml_escape(title(run)) << "</h1>\n";
    std::vector<std::pair<std::string, Json>> seats;
    for (std::size_t p = 0; p < report.at("seats").size(); ++p)
        seats.push_back({"seat " + std::to_string(p + 1), report.at("seats")[p]});
    seats.push_back({"first player", report.at("first_player")});
    seats.push_back({"draw", report.at("draws")});
    page << bar_chart("Wins per seat, of the first player, and draws (95 % intervals)", seats);
    std::vector<std::pair<std::string, Json>> bots;
    for (const auto& [bot, r] : report.at("bots").items()) bots.push_back({bot, r});
    if (report.contains("winner_changes")) bots.push_back({"winner changes", report.at("winner_changes")});
    page << bar_chart("Wins per bot (share of its seats)", bots);
    page << "<h2>The table</h2>\n<pre>" << xml_escape(balance_text(report)) << "</pre>\n</body></html>\n";
    return page.str();
}

}  // namespace tlaloc::session
