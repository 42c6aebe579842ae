#include "puzzles/xalapa/Book.h"

#include <sstream>

#include "model/xalapa/Evaluation.h"
#include "puzzles/xalapa/Render.h"

namespace tlaloc::xalapa {

namespace {

// Screen: grey desk with white sheets; print: one sheet per A4 page.
constexpr const char* kStyle = R"(
@page { size: A4; margin: 12mm; }
* { box-sizing: border-box; }
body { margin: 0; background: #e6e2da; color: #222; font-family: "DejaVu Sans", Verdana, Arial, sans-serif; }
.sheet { background: #fff; width: 190mm; min-height: 270mm; margin: 8mm auto; padding: 10mm 10mm 8mm;
         box-shadow: 0 1px 6px rgba(0,0,0,.25); break-after: page; page-break-after: always; }
.sheet:last-child { break-after: auto; page-break-after: auto; }
h1 { font-size: 30pt; margin: 30mm 0 4mm; letter-spacing: .5px; }
.author { font-size: 15pt; margin: 0 0 4mm; }
h2 { font-size: 18pt; margin: 0 0 2mm; }
h3 { font-size: 13pt; margin: 8mm 0 2mm; }
.meta { color: #555; font-size: 10.5pt; margin: 0 0 4mm; }
.sheet svg { display: block; width: 100%; height: auto; }
.legend svg { max-width: 150mm; margin: 2mm 0; }
.answer { margin-top: 6mm; font-size: 12pt; }
.answer span { display: inline-block; border-bottom: 1px solid #888; width: 40mm; margin: 0 3mm; }
.notes { font-size: 10.5pt; line-height: 1.45; }
.notes li { margin-bottom: 1mm; }
table.levels { border-collapse: collapse; font-size: 10pt; margin-top: 2mm; }
table.levels td { border-top: 1px solid #ccc; padding: 1.5mm 3mm 1.5mm 0; vertical-align: top; }
@media print {
  body { background: none; }
  .sheet { margin: 0; width: auto; min-height: 0; padding: 0; box-shadow: none; }
}
)";

std::string difficulty_name(int level) {
    if (level < 0 || level >= static_cast<int>(kDifficultyLevels.size())) return "?";
    return kDifficultyLevels[level].name;
}

std::string plural(std::int64_t n, const std::string& one, const std::string& many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

void title_page(std::ostringstream& o, const std::vector<BookEntry>& entries, const BookSettings& s) {
    o << "<section class=\"sheet title\">\n<h1>" << xml_escape(s.title) << "</h1>\n";
    if (!s.author.empty()) o << "<p class=\"author\">" << xml_escape(s.author) << "</p>\n";
    o << "<p class=\"meta\">" << plural(static_cast<std::int64_t>(entries.size()), "puzzle", "puzzles");
    if (!s.made.empty()) o << " · " << xml_escape(s.made);
    o << "</p>\n";
    o << "<h3>How to play</h3>\n<ul class=\"notes\">\n"
      << "<li>Put oracle stones on fields of the board, at most one per field (at most 8 stones unless a puzzle says "
         "otherwise).</li>\n"
      << "<li>Each card column is a challenge: a number over a feature asks for exactly that many stones on fields "
         "with the feature; two features ask for as many stones on the one as on the other (none on both counts). "
         "A field with two symbols or two lines counts for each.</li>\n"
      << "<li>The position card asks for its stones in exactly that arrangement somewhere on the board; you may turn "
         "it, not mirror it. Its stones count for every other challenge too.</li>\n"
      << "<li>Penalty = stones placed + 3 for every challenge not met. Find the lowest penalty: sometimes giving a "
         "challenge up is cheaper than meeting it.</li>\n"
      << "</ul>\n<div class=\"legend\">" << render_legend_svg("legend") << "</div>\n";
    if (!s.hide_difficulty) {
        o << "<h3>Difficulty</h3>\n<table class=\"levels\">\n";
        for (const auto& level : kDifficultyLevels)
            o << "<tr><td><b>" << xml_escape(level.name) << "</b></td><td>" << xml_escape(level.meaning)
              << "</td></tr>\n";
        o << "</table>\n";
    }
    o << "<p class=\"meta\" style=\"margin-top:8mm\">Made by tlaloc: every solution is proved optimal by a "
         "solver and re-checked by a plain evaluator.</p>\n</section>\n";
}

// One puzzle on its own page: the picture without stones and room for the answer.
void puzzle_page(std::ostringstream& o, const BookEntry& p, std::size_t k, std::size_t count,
                 const Catalogue& catalogue, const BookSettings& s) {
    RenderOptions opt;
    opt.catalogue = &catalogue;
    opt.heading = false;
    opt.id_prefix = "p" + std::to_string(k + 1);
    o << "<section class=\"sheet puzzle\" id=\"puzzle-" << k + 1 << "\">\n<h2>Puzzle " << k + 1
      << "</h2>\n<p class=\"meta\">" << xml_escape(p.source) << " · at most " << p.challenge.max_stones
      << " stones";
    if (!s.hide_difficulty) o << " · difficulty " << xml_escape(difficulty_name(p.rating.level));
    o << " · " << plural(p.challenge.task_count(), "challenge", "challenges") << "</p>\n"
      << render_svg(p.challenge, opt)
      << "<p class=\"answer\">Your stones:<span></span> Your penalty:<span></span></p>\n<p class=\"meta\">Solution on page "
      << count + k + 2 << ".</p>\n</section>\n";
}

// A puzzle's solution: the proved optimum drawn with its stones, why each stone is there (when
// given), and how to get the puzzle again.
void solution_page(std::ostringstream& o, const BookEntry& p, std::size_t k, const Catalogue& catalogue) {
    const Evaluation& e = p.solution.evaluation;
    RenderOptions opt;
    opt.catalogue = &catalogue;
    opt.heading = false;
    opt.id_prefix = "s" + std::to_string(k + 1);
    opt.stones = p.solution.stones;
    opt.outcome = true;
    o << "<section class=\"sheet solution\" id=\"solution-" << k + 1 << "\">\n<h2>Solution " << k + 1
      << "</h2>\n<p class=\"meta\">"
      << "lowest penalty " << e.penalty << " = " << plural(e.stones, "stone", "stones") << " + "
      << p.challenge.disfavor << " × " << e.unmet << " unmet (proved: no answer scores less) · ";
    if (p.rating.optimal_sets_more)
        o << "more than " << p.rating.optimal_sets << " best answers";
    else
        o << (p.rating.optimal_sets == 1 ? std::string("the only best answer")
                                         : std::to_string(p.rating.optimal_sets) + " best answers");
    o << " · difficulty " << xml_escape(difficulty_name(p.rating.level)) << "</p>\n"
      << render_svg(p.challenge, opt);
    if (!p.why.empty()) {
        o << "<h3>Why these stones</h3>\n<ul class=\"notes why\">\n";
        for (const auto& line : p.why) o << "<li>" << xml_escape(line) << "</li>\n";
        o << "</ul>\n";
    }
    if (!p.again.empty()) o << "<p class=\"meta\">" << xml_escape(p.again) << "</p>\n";
    o << "</section>\n";
}

}  // namespace

std::vector<std::string> stone_reasons(const Challenge& ch, const Solution& solution, const CellSet& forced) {
    std::vector<std::string> out;
    const Evaluation with = evaluate(ch, solution.stones);
    for (int i = 0; i < ch.board.rows * ch.board.cols; ++i) {
        if (!solution.stones.test(i)) continue;
        const Cell c = ch.board.cell(i);
        CellSet lifted = solution.stones;
        lifted.reset(i);
        const Evaluation without = evaluate(ch, lifted);
        std::vector<std::string> lost;
        for (std::size_t t = 0; t < ch.tasks.size(); ++t)
            if (with.tasks[t].met && !without.tasks[t].met)
                lost.push_back("task " + std::to_string(t + 1) + " (" + ch.tasks[t].describe() + ")");
        if (ch.formation && with.formation_met && !without.formation_met) lost.push_back("the formation");
        std::string line = "row " + std::to_string(c.row) + ", column " + std::to_string(c.col) + ": ";
        line += forced.test(i) ? "in every best answer"
                               : "one of several choices (other best answers differ here)";
        if (lost.empty()) {
            line += "; it meets no task alone";
        } else {
            line += "; without it, ";
            for (std::size_t k = 0; k < lost.size(); ++k)
                line += (k == 0 ? "" : k + 1 == lost.size() ? " and " : ", ") + lost[k];
            line += lost.size() == 1 ? " is no longer met" : " are no longer met";
        }
        out.push_back(line);
    }
    return out;
}

BookEntry solve_book_entry(ChallengeSolver& solver, const Challenge& ch, std::string source, bool why) {
    Solution best = solver.solve(ch);
    Rating rating = rate(solver, ch, best);
    BookEntry e{ch, best, rating, std::move(source), {}, {}};
    if (why) e.why = stone_reasons(ch, best, solver.optimal_sets(ch, best, 1000).forced);
    return e;
}

BookEntry book_entry(const GeneratedPuzzle& p) {
    BookEntry e{p.deal.challenge, p.solution, p.rating, {}, {}, {}};
    e.source = "level " + std::string(to_string(p.deal_options.level)) + " · board " + p.deal.cards().board;
    e.again = "Deal it again: tlaloc xalapa deal --level " + std::string(to_string(p.deal_options.level)) +
              " --seed " + std::to_string(p.deal_options.seed) +
              (p.deal_options.board.empty() ? "" : " --board " + p.deal_options.board);
    return e;
}

// The pictures draw each column as the two cards the deal named (a dealt challenge carries them), as
// they lie in the box; a challenge without cards is drawn from its tasks.
std::string book_html(const std::vector<BookEntry>& entries, const BookSettings& s,
                      const Catalogue& catalogue) {
    std::ostringstream o;
    o << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n<title>"
      << xml_escape(s.title) << "</title>\n<style>" << kStyle << "</style>\n</head>\n<body>\n";
    title_page(o, entries, s);
    for (std::size_t k = 0; k < entries.size(); ++k)
        puzzle_page(o, entries[k], k, entries.size(), catalogue, s);
    for (std::size_t k = 0; k < entries.size(); ++k) solution_page(o, entries[k], k, catalogue);
    o << "</body>\n</html>\n";
    return o.str();
}

}  // namespace tlaloc::xalapa
