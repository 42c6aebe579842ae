// The cards in a challenge picture: each challenge column as its two card faces (the cards a deal
// named, or faces that say the task) and the position card with its formation.
#pragma once
#include <optional>
#include <string>

#include "model/xalapa/Evaluation.h"
#include "puzzles/xalapa/Catalogue.h"
#include "puzzles/xalapa/SvgCanvas.h"

namespace tlaloc::xalapa {

// One face of a challenge column as printed on its card: a number ("2", "at most 1") or a feature.
struct CardFace {
    std::string number;              // the big print of a number face ("2"); "" for a feature face
    std::string qualifier;           // small print above the number: "", "at most", "at least", "2 to"
    std::optional<Feature> feature;  // a feature face
    std::string deck;                // "novice", "intermediate", "expert", "printed" or "" (unknown)
};
struct ColumnFaces {
    CardFace top, bottom;
};
// The faces of task `index`: the challenge's dealt cards when a catalogue is given and the named
// cards make exactly this task, otherwise derived from the task.
ColumnFaces column_faces(const Challenge& challenge, int index, const Catalogue* catalogue);

// Challenge column `index` as a card whose top-left corner is (x, y): its two faces, the task in
// words and, with an outcome, the stones counted and a met/unmet mark.
void draw_column_card(SvgCanvas& svg, const Challenge& challenge, int index, const Catalogue* catalogue,
                      double x, double y, const Evaluation* outcome);

// The position card (the challenge must have a formation) whose top-left corner is (x, y), with a
// met/unmet mark when there is an outcome. Returns the card's height.
double draw_position_card(SvgCanvas& svg, const Challenge& challenge, double x, double y,
                          const Evaluation* outcome);

}  // namespace tlaloc::xalapa
