#include "model/xalapa/Feature.h"

#include "model/common/Text.h"

namespace tlaloc::xalapa {

bool atom_holds(Atom atom, const Board& board, Cell cell) {
    const Field& f = board.at(cell);
    bool outer = cell.row == 0 || cell.col == 0 || cell.row == board.rows - 1 || cell.col == board.cols - 1;
    switch (atom) {
        case Atom::Cactus:
            return f.has(Symbol::Cactus);
        case Atom::Gecko:
            return f.has(Symbol::Gecko);
        case Atom::Bird:
            return f.has(Symbol::Bird);
        case Atom::Red:
            return f.has(Line::Red);
        case Atom::Yellow:
            return f.has(Line::Yellow);
        case Atom::Blue:
            return f.has(Line::Blue);
        case Atom::Black:
            return f.black;
        case Atom::White:
            return !f.black;
        case Atom::Corner:
            return (cell.row == 0 || cell.row == board.rows - 1) &&
                   (cell.col == 0 || cell.col == board.cols - 1);
        case Atom::Edge:
            return outer;
        case Atom::Double:
            return f.symbol_count() >= 2;
        case Atom::Blank:
            return f.symbol_count() == 0;
        case Atom::Lineless:
            return f.lines == 0;
        case Atom::Any:
            return true;
    }
    return false;
}

std::string Feature::name() const {
    std::string out;
    for (Atom a : atoms) out += (out.empty() ? "" : "&") + std::string(kAtomNames[static_cast<int>(a)]);
    return out;
}

bool Feature::holds(const Board& board, Cell cell) const {
    for (Atom a : atoms)
        if (!atom_holds(a, board, cell)) return false;
    return true;
}

CellSet Feature::cells(const Board& board) const {
    CellSet out;
    for (int i = 0; i < board.size(); ++i)
        if (holds(board, board.cell(i))) out.set(i);
    return out;
}

Feature parse_feature(const std::string& text, const JsonPlace& where) {
    Feature feature;
    std::size_t start = 0;
    for (;;) {
        auto pos = text.find('&', start);
        std::string part = text.substr(start, pos - start);
        int found = -1;
        for (int i = 0; i < kAtomCount; ++i)
            if (part == kAtomNames[i]) found = i;
        if (found < 0) {
            std::string known;
            for (const char* n : kAtomNames) known += (known.empty() ? "" : " ") + std::string(n);
            where.fail("unknown feature \"" + part + "\"" + (part == text ? "" : " in \"" + text + "\"") +
                       did_you_mean(part, {std::begin(kAtomNames), std::end(kAtomNames)}) +
                       " (features: " + known + ", or a conjunction such as gecko&red)");
        }
        feature.atoms.push_back(static_cast<Atom>(found));
        if (pos == std::string::npos) break;
        start = pos + 1;
    }
    return feature;
}

}  // namespace tlaloc::xalapa
