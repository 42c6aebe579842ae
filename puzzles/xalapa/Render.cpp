#include "puzzles/xalapa/Render.h"

#include "model/xalapa/Evaluation.h"
#include "puzzles/xalapa/BoardPicture.h"
#include "puzzles/xalapa/CardPictures.h"
#include "puzzles/xalapa/Glyphs.h"
#include "puzzles/xalapa/RenderLayout.h"
#include "puzzles/xalapa/SvgCanvas.h"

namespace tlaloc::xalapa {

namespace {

// The <svg> element's opening tag and the definitions its pieces refer to.
void open_picture(SvgCanvas& svg, const char* cls, double width, double height) {
    svg.out << "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"" << cls << "\" viewBox=\"0 0 "
            << num(width) << " " << num(height) << "\" width=\"" << num(width) << "\" height=\""
            << num(height) << "\" font-family=\"DejaVu Sans, Verdana, Arial, sans-serif\">\n";
    defs(svg);
}

// The title (the option's, else the challenge's id) and a line with the board and the scoring.
void draw_heading(SvgCanvas& svg, const Challenge& ch, const std::string& title_option) {
    std::string title = title_option;
    if (title.empty() && ch.id) title = *ch.id;
    if (title.empty()) title = "Xalapa challenge";
    svg.text(kMargin, kMargin + 18, title, 22, "font-weight=\"bold\" fill=\"#222\"");
    std::string sub = "board " + (ch.board.id.empty() ? std::string("inline") : ch.board.id) +
                      " · penalty = stones + " + std::to_string(ch.disfavor) + " × unmet · at most " +
                      std::to_string(ch.max_stones) + " stones";
    svg.text(kMargin, kMargin + 38, sub, 12.5, "fill=\"#555\"");
}

void draw_penalty(SvgCanvas& svg, const Challenge& ch, const Evaluation& ev, double x, double y) {
    svg.out << "<g class=\"penalty\">\n";
    svg.text(x, y + 22, "penalty " + std::to_string(ev.penalty), 24, "font-weight=\"bold\" fill=\"#222\"");
    svg.text(x, y + 44,
             std::to_string(ev.stones) + (ev.stones == 1 ? " stone" : " stones") + " + " +
                 std::to_string(ch.disfavor) + " × " + std::to_string(ev.unmet) + " unmet",
             13, "fill=\"#444\"");
    svg.out << "</g>\n";
}

void draw_rules(SvgCanvas& svg, const Challenge& ch, double x, double y) {
    auto lines = wrap("Place at most " + std::to_string(ch.max_stones) +
                          " stones, one per field. Each challenge you do not meet costs " +
                          std::to_string(ch.disfavor) + "; each stone costs 1. Aim for the lowest penalty.",
                      34);
    for (std::size_t i = 0; i < lines.size(); ++i)
        svg.text(x, y + 16 + 16.0 * i, lines[i], 12, "fill=\"#444\"");
}

// Beside the board: the position card, then the penalty (with an outcome) or, for a picture
// without stones, the rules in short.
void draw_panel(SvgCanvas& svg, const Challenge& ch, const PictureLayout& l, bool has_stones,
                const Evaluation* outcome) {
    double y = l.board_y;
    if (ch.formation) y += draw_position_card(svg, ch, l.panel_x, y, outcome) + 22;
    if (outcome)
        draw_penalty(svg, ch, *outcome, l.panel_x, y);
    else if (!has_stones)
        draw_rules(svg, ch, l.panel_x, y);
}

}  // namespace

std::string render_svg(const Challenge& ch, const RenderOptions& opt) {
    SvgCanvas svg;
    svg.id = opt.id_prefix.empty() ? "x" : opt.id_prefix;
    std::optional<Evaluation> ev;
    if (opt.stones && opt.outcome) ev = evaluate(ch, *opt.stones);
    const Evaluation* outcome = ev ? &*ev : nullptr;
    const int columns = static_cast<int>(ch.tasks.size());
    const PictureLayout layout = picture_layout(ch.board, columns, opt.heading);

    open_picture(svg, "xalapa", layout.width, layout.height);
    svg.out << "<rect width=\"" << num(layout.width) << "\" height=\"" << num(layout.height)
            << "\" fill=\"#fff\"/>\n";
    if (opt.heading) draw_heading(svg, ch, opt.title);
    draw_board(svg, ch.board, layout, opt.stones);
    draw_panel(svg, ch, layout, opt.stones.has_value(), outcome);
    for (int i = 0; i < columns; ++i)
        draw_column_card(svg, ch, i, opt.catalogue, card_x(i), layout.cards_y, outcome);
    svg.out << "</svg>\n";
    return svg.out.str();
}

std::string render_legend_svg(const std::string& id_prefix) {
    SvgCanvas svg;
    svg.id = id_prefix.empty() ? "x" : id_prefix;
    auto& o = svg.out;
    const double w = 680, h = 76;
    open_picture(svg, "xalapa-legend", w, h);
    double x = 8;
    for (int s = 0; s < 3; ++s, x += 96) {
        use_symbol(svg, static_cast<Symbol>(s), x, 6, 44, "symbol");
        svg.text(x + 22, 66, kSymbolNames[s], 12, "text-anchor=\"middle\" fill=\"#333\"");
    }
    for (int l = 0; l < 3; ++l) {
        double y = 16 + l * 18;
        o << "<path d=\"M" << num(x) << " " << num(y) << " q 14 -10 28 0 t 28 0\" fill=\"none\" stroke=\""
          << kLineColours[l] << "\" stroke-width=\"6\" stroke-linecap=\"round\"/>\n";
        svg.text(x + 64, y + 4, std::string(kLineNames[l]) + " line", 12, "fill=\"#333\"");
    }
    x += 150;
    o << "<rect x=\"" << num(x) << "\" y=\"6\" width=\"44\" height=\"44\" fill=\"#3a3531\"/><rect x=\""
      << num(x + 44) << "\" y=\"6\" width=\"44\" height=\"44\" fill=\"#f5efe3\" stroke=\"#999\"/>\n";
    svg.text(x + 44, 66, "black · white field", 12, "text-anchor=\"middle\" fill=\"#333\"");
    x += 150;
    stone(svg, x + 22, 28, 20, "stone");
    svg.text(x + 22, 66, "oracle stone", 12, "text-anchor=\"middle\" fill=\"#333\"");
    o << "</svg>\n";
    return o.str();
}

}  // namespace tlaloc::xalapa
