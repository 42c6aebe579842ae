#include "verify/claims/Report.h"

#include "model/common/Markup.h"

#include <sstream>

namespace tlaloc::verify {

namespace {

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

std::string heading(const FileReport& r) {
    std::string out = r.file + " — " + r.game;
    if (!r.edition.empty()) out += ", edition " + r.edition;
    if (!r.source.empty()) out += " (" + r.source + ")";
    out += r.map.empty() ? ", no map" : ", map " + r.map;
    return out;
}

// A restated claim is true but proves nothing: it is marked and counted apart.
const char* mark(const ClaimResult& c) {
    return c.status == Status::True && !c.restates.empty() ? "=" : mark(c.status);
}

std::string restated_note(const ClaimResult& c) {
    return c.restates.empty() ? "" : " [restates " + c.restates + ", a constant typed from the book]";
}

std::string summary(const FileReport& r) {
    return std::to_string(r.count(Status::True)) + " true (" + std::to_string(r.verified()) + " verified, " +
           std::to_string(r.restated()) + " restating a constant), " +
           std::to_string(r.count(Status::False)) + " false, " + std::to_string(r.count(Status::Unchecked)) +
           " unchecked";
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

}  // namespace

std::string report_text(const FileReport& report) {
    std::ostringstream out;
    out << heading(report) << "\n";
    for (const auto& r : report.results) {
        out << "  " << mark(r) << " " << r.id << " [" << r.kind << "]: " << r.evidence << restated_note(r)
            << "\n";
    }
    out << "  " << summary(report) << "\n";
    return out.str();
}

std::string comparison_text(const EditionComparison& cmp) {
    std::ostringstream out;
    out << "compare " << cmp.edition_a << " (" << cmp.file_a << ") with " << cmp.edition_b << " ("
        << cmp.file_b << "): ";
    if (cmp.differences.empty()) {
        out << "no differences\n";
        return out.str();
    }
    out << cmp.differences.size() << " difference" << (cmp.differences.size() == 1 ? "" : "s") << "\n";
    for (const auto& d : cmp.differences)
        out << "  ≠ " << (d.id.empty() ? "(file)" : d.id) << " [" << d.what << "]: " << d.detail << "\n";
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
    return {{"file", report.file},
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
    return {{"a", cmp.file_a},
            {"b", cmp.file_b},
            {"edition_a", cmp.edition_a},
            {"edition_b", cmp.edition_b},
            {"differences", diffs}};
}

std::string report_html(const std::vector<FileReport>& reports,
                        const std::vector<EditionComparison>& comparisons) {
    std::ostringstream out;
    out << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>tlaloc rulebook verification</title>\n<style>\n"
           "body{font-family:sans-serif;max-width:70em;margin:2em auto;padding:0 1em}\n"
           "table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #999;padding:.2em .5em}\n"
           "table.domains td{text-align:center;min-width:2em}td.bad{background:#f4a6a6;font-weight:bold}\n"
           ".true{color:#176f2c}.false{color:#b00020;font-weight:bold}.unchecked{color:#8a6d00}.restated{color:#555}\n"
           "</style></head><body>\n<h1>Rulebook verification</h1>\n";
    for (const auto& r : reports) {
        out << "<h2>" << xml_escape(heading(r)) << "</h2>\n<p>" << xml_escape(summary(r)) << "</p>\n<table>\n"
            << "<tr><th></th><th>claim</th><th>kind</th><th>evidence</th></tr>\n";
        for (const auto& c : r.results) {
            out << "<tr><td class=\"" << (c.restates.empty() ? to_string(c.status) : "restated") << "\">"
                << mark(c) << " " << (c.restates.empty() ? to_string(c.status) : "true, restated")
                << "</td><td>" << xml_escape(c.id) << "</td><td>" << xml_escape(c.kind) << "</td><td>"
                << xml_escape(c.evidence + restated_note(c));
            if (!c.note.empty()) out << "<br><small>" << xml_escape(c.note) << "</small>";
            if (!c.cells.empty()) html_table(out, c);
            out << "</td></tr>\n";
        }
        out << "</table>\n";
    }
    for (const auto& cmp : comparisons) {
        out << "<h2>" << xml_escape(cmp.edition_a) << " vs " << xml_escape(cmp.edition_b) << "</h2>\n";
        if (cmp.differences.empty())
            out << "<p>No differences.</p>\n";
        else {
            out << "<table><tr><th>claim</th><th>difference</th><th>detail</th></tr>\n";
            for (const auto& d : cmp.differences)
                out << "<tr><td>" << xml_escape(d.id) << "</td><td>" << xml_escape(d.what) << "</td><td>"
                    << xml_escape(d.detail) << "</td></tr>\n";
            out << "</table>\n";
        }
    }
    out << "</body></html>\n";
    return out.str();
}

}  // namespace tlaloc::verify
