// The features an oracle card names ("gecko", "corner", "gecko&red"): each selects a set of
// fields on a given board. A conjunction selects the fields that have every part.
#pragma once
#include <string>
#include <vector>

#include "model/xalapa/Board.h"

namespace tlaloc::xalapa {

enum class Atom {
    Cactus,
    Gecko,
    Bird,
    Red,
    Yellow,
    Blue,
    Black,
    White,
    Corner,
    Edge,
    Double,
    Blank,
    Lineless,
    Any
};
inline constexpr const char* kAtomNames[] = {"cactus", "gecko", "bird",     "red",    "yellow",
                                             "blue",   "black", "white",    "corner", "edge",
                                             "double", "blank", "lineless", "any"};
inline constexpr int kAtomCount = 14;

struct Feature {
    std::vector<Atom> atoms;  // all must hold; never empty

    std::string name() const;  // "gecko&red"
    bool holds(const Board& board, Cell cell) const;
    CellSet cells(const Board& board) const;
    bool operator==(const Feature&) const = default;
};

bool atom_holds(Atom atom, const Board& board, Cell cell);
// Parses "gecko&red"; throws InputError at `where` naming the unknown part.
Feature parse_feature(const std::string& text, const JsonPlace& where);

}  // namespace tlaloc::xalapa
