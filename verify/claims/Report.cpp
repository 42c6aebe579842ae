#include "verify/claims/Report.h"

#include <iomanip>
#include <sstream>

#include "model/common/Markup.h"
#include "model/common/Statistics.h"

namespace tlaloc::verify {

namespace {

constexpr int kBarWidth = 30;  // characters of a text bar

const char* mark(Status s) {
    switch (s) {
        case Status::True:
            return "✓";
        case Status::False:
            return "✗";
        default:
            return "?";
    }
}

struct Tally {
    int t = 0, f = 0, u = 0, restated = 0;
    int total() const { return t + f + u; }
    void add(const FileReport& r) {
        t += r.count(Status::True);
        f += r.count(Status::False);
        u += r.count(Status::Unchecked);
        restated += r.restated();
    }
};

// A restated claim is true but proves nothing: it is marked and counted apart.
const char* mark(const ClaimResult& c) {
    return c.status == Status::True && !c.restates.empty() ? "=" : mark(c.status);
}

std::string restated_note(const ClaimResult& c) {
    return c.restates.empty() ? "" : " [restates " + c.restates + ", a constant typed from the book]";
}

Tally tally_of(const FileReport& r) {
    Tally n;
    n.add(r);
    return n;
}

std::string counts(const Tally& n) {
    return std::to_string(n.t) + " true (" + std::to_string(n.t - n.restated) + " verified, " +
           std::to_string(n.restated) + " restating a constant), " + std::to_string(n.f) + " false, " +
           std::to_string(n.u) + " unchecked";
}

// `width` characters: # true, x false, ? unchecked, each at least one when there is any.
std::string text_bar(const Tally& n) {
    if (n.total() == 0) return "[" + std::string(kBarWidth, ' ') + "]";
    auto share = [&](int k) { return k == 0 ? 0 : std::max(1, k * kBarWidth / n.total()); };
    int f = share(n.f), u = share(n.u);
    int t = std::max(0, kBarWidth - f - u);
    return "[" + std::string(t, '#') + std::string(f, 'x') + std::string(u, '?') + "]";
}

std::string heading(const FileReport& r) {
    std::string out = r.file + " — " + r.game;
    if (!r.edition.empty()) out += ", edition " + r.edition;
    if (!r.source.empty()) out += " (" + r.source + ")";
    out += r.map.empty() ? ", no map" : ", map " + r.map;
    return out;
}

bool is_problem(const ClaimResult& c) { return c.status != Status::True; }

std::string where(const ClaimResult& c) {
    return c.place_in_book.empty() ? "" : " (" + c.place_in_book + ")";
}

std::string claim_line(const ClaimResult& c) {
    return std::string(mark(c)) + " " + c.id + " [" + c.kind + "]" + where(c) + ": " + c.evidence +
           restated_note(c);
}

std::string strict_note(const ReportOptions& o) {
    return o.strict ? " (strict: unchecked claims count as failures)" : "";
}

std::string comparison_title(const EditionComparison& cmp) {
    return cmp.game + ": edition " + cmp.edition_a + " vs " + cmp.edition_b;
}

std::string plural(std::size_t n, const std::string& word) {
    return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

std::string percent(double rate) {
    std::ostringstream out;
    out << std::fixed << std::setprecision(1) << rate * 100 << " %";
    return out.str();
}

// "first player wins 36.2 % [34.1 %, 38.3 %] of 2000 games (3 players); fair 33.3 %: favoured"
std::string analysis_figure(const Analysis& a) {
    const auto [low, high] = wilson_interval(a.hits, a.trials);
    return a.measure + " " + percent(static_cast<double>(a.hits) / static_cast<double>(a.trials)) + " [" +
           percent(low) + ", " + percent(high) + "] of " + std::to_string(a.trials) + " games (" +
           plural(static_cast<std::size_t>(a.players), "player") + "); fair " + percent(a.fair) + ": " +
           analysis_verdict(a);
}

constexpr const char* kAnalysesTitle =
    "analyses (measured by play; not claims, never counted as true or false)";

void analyses_text(std::ostringstream& out, const FileReport& r, const std::string& indent) {
    if (r.analyses.empty()) return;
    out << indent << kAnalysesTitle << ":\n";
    for (const auto& a : r.analyses) {
        out << indent << "  ~ " << a.id << (a.place_in_book.empty() ? "" : " (" + a.place_in_book + ")")
            << ": " << a.question << "\n"
            << indent << "    " << analysis_figure(a) << "\n"
            << indent << "    measured by: " << a.command << "\n";
        if (!a.note.empty()) out << indent << "    " << a.note << "\n";
    }
}

}  // namespace

int failures(const FileReport& report, const ReportOptions& options) {
    return report.count(Status::False) + (options.strict ? report.count(Status::Unchecked) : 0);
}

std::string report_text(const FileReport& report, const ReportOptions& options) {
    std::ostringstream out;
    const Tally n = tally_of(report);
    out << heading(report) << "\n  " << text_bar(n) << " " << counts(n) << strict_note(options) << "\n";
    if (n.f + n.u > 0) {
        out << "  problems:\n";
        for (const auto& r : report.results)
            if (is_problem(r)) out << "    " << claim_line(r) << "\n";
        out << "  claims:\n";
    }
    for (const auto& r : report.results) out << "  " << (n.f + n.u > 0 ? "  " : "") << claim_line(r) << "\n";
    analyses_text(out, report, "  ");
    return out.str();
}

std::string comparison_text(const EditionComparison& cmp) {
    std::ostringstream out;
    out << "compare " << cmp.game << " " << cmp.edition_a << " (" << cmp.file_a << ") with " << cmp.edition_b
        << " (" << cmp.file_b << "): ";
    if (cmp.differences.empty()) {
        out << "no differences\n";
        return out.str();
    }
    out << plural(cmp.differences.size(), "difference") << "\n";
    for (const auto& d : cmp.differences)
        out << "  ≠ " << (d.id.empty() ? "(file)" : d.id) << " [" << d.what << "]: " << d.detail << "\n";
    return out.str();
}

std::string report_text(const std::vector<FileReport>& reports,
                        const std::vector<EditionComparison>& comparisons, const ReportOptions& options) {
    std::ostringstream out;
    Tally all;
    std::size_t width = 3, diffs = 0;
    for (const auto& r : reports) {
        all.add(r);
        width = std::max(width, r.file.size());
    }
    for (const auto& c : comparisons) diffs += c.differences.size();
    out << "summary" << strict_note(options) << ":\n";
    for (const auto& r : reports) {
        const Tally n = tally_of(r);
        out << "  " << r.file << std::string(width - r.file.size(), ' ') << "  " << text_bar(n) << " "
            << counts(n) << "\n";
    }
    out << "  all" << std::string(width - 3, ' ') << "  " << text_bar(all) << " " << counts(all) << "\n";
    for (const auto& c : comparisons)
        out << "  " << comparison_title(c) << ": " << plural(c.differences.size(), "difference") << "\n";
    if (all.f + all.u > 0) {
        out << "problems (" << all.f << " false, " << all.u << " unchecked):\n";
        for (const auto& r : reports)
            for (const auto& c : r.results)
                if (is_problem(c))
                    out << "  " << mark(c.status) << " " << r.file << " " << c.id << where(c) << ": "
                        << c.evidence << "\n";
    }
    out << "\ndetails:\n";
    for (const auto& r : reports) {
        out << heading(r) << "\n";
        for (const auto& c : r.results) out << "  " << claim_line(c) << "\n";
        analyses_text(out, r, "  ");
        out << "\n";
    }
    for (const auto& c : comparisons) out << comparison_text(c) << "\n";
    out << "total: " << plural(reports.size(), "file") << ", " << all.t << " claims true, " << all.f
        << " false, " << all.u << " unchecked; " << plural(comparisons.size(), "edition comparison")
        << " with " << plural(diffs, "difference") << strict_note(options) << "\n";
    return out.str();
}

Json report_json(const FileReport& report) {
    Json claims = Json::array();
    for (const auto& r : report.results) {
        Json c = {{"id", r.id},
                  {"kind", r.kind},
                  {"status", to_string(r.status)},
                  {"evidence", r.evidence},
                  {"restated", !r.restates.empty()}};
        if (!r.place_in_book.empty()) c["where"] = r.place_in_book;
        Json cells = Json::array();
        for (const auto& f : r.cells) {
            if (f.problem.empty()) continue;
            Json cell = {{"size", f.size},
                         {"bonus", f.bonus},
                         {"printed", f.printed ? Json(*f.printed) : Json("-")},
                         {"problem", f.problem}};
            if (f.arithmetic) cell["arithmetic"] = *f.arithmetic;
            if (f.occurs) cell["occurs"] = *f.occurs;
            if (!f.witness.empty()) cell["witness"] = f.witness;
            cells.push_back(cell);
        }
        if (!cells.empty()) c["wrong_cells"] = cells;
        claims.push_back(c);
    }
    Json analyses = Json::array();
    for (const auto& a : report.analyses) {
        const auto [low, high] = wilson_interval(a.hits, a.trials);
        analyses.push_back({{"id", a.id},
                            {"question", a.question},
                            {"where", a.place_in_book},
                            {"measure", a.measure},
                            {"players", a.players},
                            {"hits", a.hits},
                            {"trials", a.trials},
                            {"rate", static_cast<double>(a.hits) / static_cast<double>(a.trials)},
                            {"low", low},
                            {"high", high},
                            {"fair", a.fair},
                            {"verdict", analysis_verdict(a)},
                            {"command", a.command}});
    }
    return {{"file", report.file},
            {"analyses", analyses},
            {"game", report.game},
            {"edition", report.edition},
            {"map", report.map.empty() ? Json(nullptr) : Json(report.map)},
            {"claims", claims},
            {"summary",
             {{"true", report.count(Status::True)},
              {"verified", report.verified()},
              {"restated", report.restated()},
              {"false", report.count(Status::False)},
              {"unchecked", report.count(Status::Unchecked)}}}};
}

Json comparison_json(const EditionComparison& cmp) {
    Json diffs = Json::array();
    for (const auto& d : cmp.differences)
        diffs.push_back({{"id", d.id}, {"what", d.what}, {"detail", d.detail}});
    return {
        {"game", cmp.game},           {"a", cmp.file_a},     {"b", cmp.file_b}, {"edition_a", cmp.edition_a},
        {"edition_b", cmp.edition_b}, {"differences", diffs}};
}

namespace {

const char* kStyle =
    "body{font-family:sans-serif;max-width:72em;margin:2em auto;padding:0 1em;line-height:1.4}\n"
    "table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #999;padding:.2em .5em;"
    "vertical-align:top;text-align:left}\n"
    "table.domains td{text-align:center;min-width:2em}td.bad{background:#f4a6a6;font-weight:bold}\n"
    ".true{color:#176f2c}.false{color:#b00020;font-weight:bold}.unchecked{color:#8a6d00;font-weight:bold}.restated{color:#555}\n"
    ".bar{display:flex;width:18em;height:1em;border:1px solid #666;background:#eee}\n"
    ".bar span{display:block;height:100%}.bar .t{background:#3c9a52}.bar .f{background:#c62828}"
    ".bar .u{background:#e0b000}\n"
    "tr.overall td{font-weight:bold}nav ul{margin:.2em 0}.where,.nowrap,td.true,td.false,td.unchecked{white-space:nowrap}\n"
    ".verdict{font-size:1.1em;padding:.5em;border-left:.4em solid #c62828;background:#fbeaea}\n"
    ".verdict.ok{border-color:#3c9a52;background:#eaf6ec}\n"
    "h4.analyses{color:#1f4e8c;margin-bottom:.2em}p.analyses{margin:.2em 0;color:#333}"
    "table.analyses{border-left:.4em solid #1f4e8c}table.analyses td{background:#f1f5fb}td.finding{font-weight:bold}\n";

std::string file_anchor(std::size_t i) { return "file-" + std::to_string(i + 1); }
std::string claim_anchor(std::size_t i, std::size_t j) {
    return file_anchor(i) + "-claim-" + std::to_string(j + 1);
}

std::string html_bar(const Tally& n) {
    std::ostringstream out;
    out << "<div class=\"bar\" role=\"img\" aria-label=\"" << counts(n) << "\">";
    const std::pair<const char*, int> parts[] = {{"t", n.t}, {"f", n.f}, {"u", n.u}};
    for (const auto& [cls, k] : parts) {
        if (k > 0 && n.total() > 0)
            out << "<span class=\"" << cls << "\" style=\"width:" << (100.0 * k / n.total()) << "%\"></span>";
    }
    out << "</div>";
    return out.str();
}

std::string count_cells(const Tally& n) {
    return "<td class=\"true\">" + std::to_string(n.t) + "</td><td class=\"false\">" + std::to_string(n.f) +
           "</td><td class=\"unchecked\">" + std::to_string(n.u) + "</td>";
}

void html_table(std::ostringstream& out, const ClaimResult& r) {
    int columns = 0;
    for (const auto& c : r.cells) columns = std::max(columns, c.bonus + 1);
    out << "<table class=\"domains\"><tr><th>territories \\ bonus</th>";
    for (int k = 0; k < columns; ++k) out << "<th>" << k << "</th>";
    out << "</tr>\n";
    int row = 0;
    for (const auto& c : r.cells) {
        if (c.size != row) {
            if (row) out << "</tr>\n";
            row = c.size;
            out << "<tr><th>" << row << "</th>";
        }
        std::string title = c.problem.empty() ? (c.witness.empty() ? "" : "occurs: " + c.witness) : c.problem;
        out << "<td class=\"" << (c.problem.empty() ? "ok" : "bad") << "\" title=\"" << xml_escape(title)
            << "\">" << (c.printed ? std::to_string(*c.printed) : std::string("-")) << "</td>";
    }
    if (row) out << "</tr>\n";
    out << "</table>\n";
}

void html_contents(std::ostringstream& out, const std::vector<FileReport>& reports,
                   const std::vector<EditionComparison>& comparisons) {
    out << "<nav id=\"contents\"><h2>Contents</h2><ul>\n<li><a href=\"#summary\">Summary</a></li>\n"
        << "<li><a href=\"#problems\">Problems</a></li>\n<li><a href=\"#details\">Claims by file</a><ul>\n";
    for (std::size_t i = 0; i < reports.size(); ++i)
        out << "<li><a href=\"#" << file_anchor(i) << "\">" << xml_escape(reports[i].file) << "</a></li>\n";
    out << "</ul></li>\n";
    if (!comparisons.empty()) {
        out << "<li><a href=\"#comparisons\">Edition comparisons</a><ul>\n";
        for (std::size_t i = 0; i < comparisons.size(); ++i)
            out << "<li><a href=\"#comparison-" << i + 1 << "\">"
                << xml_escape(comparison_title(comparisons[i])) << "</a></li>\n";
        out << "</ul></li>\n";
    }
    out << "</ul></nav>\n";
}

void html_summary(std::ostringstream& out, const std::vector<FileReport>& reports,
                  const std::vector<EditionComparison>& comparisons, const ReportOptions& options) {
    Tally all;
    int failed = 0;
    for (const auto& r : reports) {
        all.add(r);
        failed += failures(r, options);
    }
    out << "<section id=\"summary\"><h2>Summary</h2>\n<p class=\"verdict" << (failed ? "" : " ok") << "\">"
        << (failed ? plural(failed, "claim") + " fail" + (failed == 1 ? "s" : "")
                   : std::string("Every claim holds"))
        << xml_escape(strict_note(options)) << ": " << counts(all) << " in " << plural(reports.size(), "file")
        << ".</p>\n<table><tr><th>file</th><th>game</th><th></th><th>true</th><th>false</th><th>unchecked</th></tr>\n";
    for (std::size_t i = 0; i < reports.size(); ++i) {
        const auto& r = reports[i];
        const Tally n = tally_of(r);
        out << "<tr><td><a href=\"#" << file_anchor(i) << "\">" << xml_escape(r.file) << "</a></td><td>"
            << xml_escape(r.game + (r.edition.empty() ? "" : " (" + r.edition + ")")) << "</td><td>"
            << html_bar(n) << "</td>" << count_cells(n) << "</tr>\n";
    }
    out << "<tr class=\"overall\"><td>all files</td><td></td><td>" << html_bar(all) << "</td>"
        << count_cells(all) << "</tr>\n</table>\n";
    if (!comparisons.empty()) {
        out << "<p>Edition comparisons: ";
        for (std::size_t i = 0; i < comparisons.size(); ++i)
            out << (i ? "; " : "") << "<a href=\"#comparison-" << i + 1 << "\">"
                << xml_escape(comparison_title(comparisons[i])) << "</a>, "
                << plural(comparisons[i].differences.size(), "difference");
        out << ".</p>\n";
    }
    out << "</section>\n";
}

void html_problems(std::ostringstream& out, const std::vector<FileReport>& reports) {
    out << "<section id=\"problems\"><h2>Problems</h2>\n";
    std::ostringstream rows;
    int n = 0;
    for (std::size_t i = 0; i < reports.size(); ++i) {
        for (std::size_t j = 0; j < reports[i].results.size(); ++j) {
            const auto& c = reports[i].results[j];
            if (!is_problem(c)) continue;
            ++n;
            rows << "<tr><td class=\"" << to_string(c.status) << "\">" << mark(c.status) << " "
                 << to_string(c.status) << "</td><td class=\"nowrap\"><a href=\"#" << file_anchor(i) << "\">"
                 << xml_escape(reports[i].file) << "</a></td><td class=\"nowrap\"><a href=\"#"
                 << claim_anchor(i, j) << "\">" << xml_escape(c.id) << "</a></td><td class=\"where\">"
                 << xml_escape(c.place_in_book) << "</td><td>" << xml_escape(c.evidence) << "</td></tr>\n";
        }
    }
    if (n == 0)
        out << "<p>None: every claim is true.</p>\n";
    else
        out << "<p>" << plural(n, "claim") << " false or unchecked, in file order.</p>\n"
            << "<table><tr><th>status</th><th>file</th><th>claim</th><th>where in the book</th><th>evidence</th>"
               "</tr>\n"
            << rows.str() << "</table>\n";
    out << "</section>\n";
}

// A game's analyses: a table of their own under its claims, marked as measured by play.
void html_analyses(std::ostringstream& out, const FileReport& r) {
    if (r.analyses.empty()) return;
    out << "<h4 class=\"analyses\">Analyses: measured by play, not claims</h4>\n"
        << "<p class=\"analyses\">Questions a passage of the book raises, answered by seeded games of tlaloc's bots "
           "(95 % Wilson intervals). They are never true or false and are not in the counts above.</p>\n"
        << "<table class=\"analyses\">\n<tr><th>question</th><th>where in the book</th><th>measured</th>"
           "<th>verdict</th><th>command</th></tr>\n";
    for (const auto& a : r.analyses) {
        const auto [low, high] = wilson_interval(a.hits, a.trials);
        out << "<tr id=\"analysis-" << xml_escape(a.id) << "\"><td>" << xml_escape(a.question);
        if (!a.note.empty()) out << "<br><small>" << xml_escape(a.note) << "</small>";
        out << "</td><td class=\"where\">" << xml_escape(a.place_in_book) << "</td><td>"
            << xml_escape(a.measure) << " <b>"
            << percent(static_cast<double>(a.hits) / static_cast<double>(a.trials)) << "</b> ["
            << percent(low) << ", " << percent(high) << "]<br><small>" << a.hits << " of " << a.trials
            << " games, " << plural(static_cast<std::size_t>(a.players), "player") << "; fair "
            << percent(a.fair) << "</small></td><td class=\"finding\">" << xml_escape(analysis_verdict(a))
            << "</td><td><code>" << xml_escape(a.command) << "</code></td></tr>\n";
    }
    out << "</table>\n";
}

void html_details(std::ostringstream& out, const std::vector<FileReport>& reports) {
    out << "<section id=\"details\"><h2>Claims by file</h2>\n";
    for (std::size_t i = 0; i < reports.size(); ++i) {
        const auto& r = reports[i];
        out << "<h3 id=\"" << file_anchor(i) << "\">" << xml_escape(heading(r)) << "</h3>\n<p>"
            << xml_escape(counts(tally_of(r))) << "</p>\n<table>\n"
            << "<tr><th></th><th>claim</th><th>kind</th><th>where in the book</th><th>evidence</th></tr>\n";
        for (std::size_t j = 0; j < r.results.size(); ++j) {
            const auto& c = r.results[j];
            out << "<tr id=\"" << claim_anchor(i, j) << "\"><td class=\""
                << (c.restates.empty() ? to_string(c.status) : "restated") << "\">" << mark(c) << " "
                << (c.restates.empty() ? to_string(c.status) : "true, restated") << "</td><td>"
                << xml_escape(c.id) << "</td><td>" << xml_escape(c.kind) << "</td><td class=\"where\">"
                << xml_escape(c.place_in_book) << "</td><td>" << xml_escape(c.evidence + restated_note(c));
            if (!c.note.empty()) out << "<br><small>" << xml_escape(c.note) << "</small>";
            if (!c.cells.empty()) html_table(out, c);
            out << "</td></tr>\n";
        }
        out << "</table>\n";
        html_analyses(out, r);
    }
    out << "</section>\n";
}

void html_comparisons(std::ostringstream& out, const std::vector<EditionComparison>& comparisons) {
    if (comparisons.empty()) return;
    out << "<section id=\"comparisons\"><h2>Edition comparisons</h2>\n";
    for (std::size_t i = 0; i < comparisons.size(); ++i) {
        const auto& cmp = comparisons[i];
        out << "<h3 id=\"comparison-" << i + 1 << "\">" << xml_escape(comparison_title(cmp)) << "</h3>\n<p>"
            << xml_escape(cmp.file_a) << " and " << xml_escape(cmp.file_b) << "</p>\n";
        if (cmp.differences.empty()) {
            out << "<p>No differences.</p>\n";
            continue;
        }
        out << "<table><tr><th>claim</th><th>difference</th><th>detail</th></tr>\n";
        for (const auto& d : cmp.differences)
            out << "<tr><td>" << xml_escape(d.id) << "</td><td>" << xml_escape(d.what) << "</td><td>"
                << xml_escape(d.detail) << "</td></tr>\n";
        out << "</table>\n";
    }
    out << "</section>\n";
}

}  // namespace

std::string report_html(const std::vector<FileReport>& reports,
                        const std::vector<EditionComparison>& comparisons, const ReportOptions& options) {
    std::ostringstream out;
    out << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        << "<title>tlaloc rulebook verification</title>\n<style>\n"
        << kStyle << "</style></head><body>\n<h1>Rulebook verification</h1>\n";
    html_summary(out, reports, comparisons, options);
    html_problems(out, reports);
    html_contents(out, reports, comparisons);
    html_details(out, reports);
    html_comparisons(out, comparisons);
    out << "</body></html>\n";
    return out.str();
}

}  // namespace tlaloc::verify
