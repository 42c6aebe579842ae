#include "cli/XalapaPrint.h"

namespace tlaloc::cli {

using namespace xalapa;

Json cells_to_json(const Board& board, const CellSet& cells) {
    Json out = Json::array();
    for (int i = 0; i < board.size(); ++i)
        if (cells.test(i)) out.push_back({board.cell(i).row, board.cell(i).col});
    return out;
}

std::string cells_to_text(const Board& board, const CellSet& cells) {
    std::string out;
    for (int i = 0; i < board.size(); ++i)
        if (cells.test(i)) {
            if (!out.empty()) out += " ";
            out += "[" + std::to_string(board.cell(i).row) + "," + std::to_string(board.cell(i).col) + "]";
        }
    return out.empty() ? "none" : out;
}

void print_board(std::ostream& out, const Board& board, const CellSet& stones, const CellSet& marked) {
    // Each field is 7 characters: stone, up to two symbols, up to three lines; black fields are
    // padded with ':' so the chessboard stays visible without colour.
    const std::string rule = [&] {
        std::string r = "    +";
        for (int c = 0; c < board.cols; ++c) r += "-------+";
        return r;
    }();
    out << "    ";
    for (int c = 0; c < board.cols; ++c) out << "   " << (c < 10 ? " " : "") << c << "   ";
    out << "\n" << rule << "\n";
    for (int r = 0; r < board.rows; ++r) {
        out << (r < 10 ? "  " : " ") << r << " |";
        for (int c = 0; c < board.cols; ++c) {
            const Field& f = board.at({r, c});
            int i = board.index({r, c});
            char pad = f.black ? ':' : ' ';
            std::string text;
            text += stones.test(i) ? '@' : (marked.test(i) ? '*' : pad);
            std::string sym;
            if (f.has(Symbol::Cactus)) sym += 'C';
            if (f.has(Symbol::Gecko)) sym += 'G';
            if (f.has(Symbol::Bird)) sym += 'B';
            sym.resize(2, pad);
            std::string lines;
            if (f.has(Line::Red)) lines += 'r';
            if (f.has(Line::Yellow)) lines += 'y';
            if (f.has(Line::Blue)) lines += 'b';
            lines.resize(3, pad);
            text += sym + pad + lines;
            out << text << "|";
        }
        out << "\n" << rule << "\n";
    }
    out << "    @ stone  C cactus  G gecko  B bird  r/y/b red/yellow/blue line  ':' black field\n";
}

void print_tasks(std::ostream& out, const Challenge& ch, const Evaluation& e) {
    if (ch.formation) {
        out << "  " << (e.formation_met ? "met  " : "UNMET") << "  formation of "
            << ch.formation->cells.size() << " stones (" << to_string(ch.orientations) << ")\n";
    }
    for (std::size_t i = 0; i < ch.tasks.size(); ++i) {
        const Task& t = ch.tasks[i];
        const TaskOutcome& o = e.tasks[i];
        out << "  " << (o.met ? "met  " : "UNMET") << "  task " << i + 1 << ": " << t.describe() << "  (";
        if (t.kind == Task::Kind::Same)
            out << o.count << " vs " << o.other_count;
        else
            out << o.count << " placed";
        out << ")";
        if (!t.label.empty()) out << "  [" << t.label << "]";
        out << "\n";
    }
}

Json solution_to_json(const Challenge& ch, const Solution& s) {
    const Evaluation& e = s.evaluation;
    Json tasks = Json::array();
    for (std::size_t i = 0; i < ch.tasks.size(); ++i) {
        Json t{{"count", e.tasks[i].count}, {"met", e.tasks[i].met}};
        if (ch.tasks[i].kind == Task::Kind::Same) t["other_count"] = e.tasks[i].other_count;
        tasks.push_back(t);
    }
    Json j{{"penalty", e.penalty},     {"stones", cells_to_json(ch.board, s.stones)},
           {"unmet", e.unmet_tasks()}, {"formation_met", e.formation_met},
           {"optimal", s.optimal},     {"stone_count", e.stones},
           {"unmet_count", e.unmet},   {"tasks", tasks}};
    if (!ch.formation) j["formation_met"] = nullptr;
    return j;
}

Json rating_to_json(const Rating& r) {
    return Json{{"difficulty", kDifficultyLevels[r.level].name},
                {"optimum", r.optimum},
                {"stones", r.stones},
                {"unmet", r.unmet},
                {"optimal_sets", r.optimal_sets},
                {"optimal_sets_more", r.optimal_sets_more},
                {"smallest_conflict", r.smallest_conflict},
                {"conflict", r.conflict},
                {"sum_of_single_task_stones", r.sum_of_single_task_stones}};
}

}  // namespace tlaloc::cli
