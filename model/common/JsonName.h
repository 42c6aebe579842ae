// Reading an enum from a JSON string through the enum's name table (model/common/NameTable.h).
#pragma once
#include <cstddef>
#include <string>

#include "model/common/Json.h"
#include "model/common/NameTable.h"

namespace tlaloc {

// The enum value a string names; anything else fails naming the choices.
template <class Enum, std::size_t N>
Enum read_name(const JsonPlace& where, const NameTable<Enum, N>& names) {
    const std::string text = where.as_string();
    if (auto value = names.parse(text)) return *value;
    where.fail("expected " + names.choices() + ", found \"" + text + "\"");
}

}  // namespace tlaloc
