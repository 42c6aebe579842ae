// What a printed domain table says about any map it could be true of, derived mechanically (the
// smallest connected set holding k territories of one type, for each k) and checked on a map.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "model/aztlan/Map.h"
#include "verify/claims/Checker.h"
#include "verify/claims/ClaimsFile.h"

namespace tlaloc::verify {

struct Implication {
    // SmallestSet: the table's first value in column k; NeverWithin: column k is all '-';
    // NoTouch / NoBorder: plain-word consequences about borders.
    enum class Shape { SmallestSet, NeverWithin, NoTouch, NoBorder } shape = Shape::SmallestSet;
    int bonus = 0;     // k: territories of one type
    int smallest = 0;  // SmallestSet: smallest domain size the table allows for k; NeverWithin: rows printed
    std::string statement;      // in plain words
    std::optional<bool> holds;  // on the map, when one was given
    std::string evidence;       // witness or counter-example on the map
};

std::vector<Implication> implications_of(const std::vector<std::vector<TableCell>>& table);
// Checks each statement on ctx.map: the table's cells by enumeration, the plain-word consequences
// ("no two of one type touch", "no territory borders k of one type") directly on the borders.
void check_implications(std::vector<Implication>& implications, const CheckContext& ctx);

}  // namespace tlaloc::verify
