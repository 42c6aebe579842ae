// A Xalapa player board: a grid of fields, each with a background, 0–2 symbols and 0–3 lines.
// Boards are data (JSON); the 12 shipped sides live in puzzles/xalapa/boards/.
#pragma once
#include <bitset>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "model/common/Json.h"

namespace tlaloc::xalapa {

inline constexpr int kMaxSide = 12;
inline constexpr int kMaxFields = kMaxSide * kMaxSide;

// A set of fields of one board, indexed row * cols + col.
using CellSet = std::bitset<kMaxFields>;

enum class Symbol : std::uint8_t { Cactus = 0, Gecko, Bird };
enum class Line : std::uint8_t { Red = 0, Yellow, Blue };
inline constexpr const char* kSymbolNames[] = {"cactus", "gecko", "bird"};
inline constexpr const char* kLineNames[] = {"red", "yellow", "blue"};

struct Field {
    std::uint8_t symbols = 0;  // bit per Symbol
    std::uint8_t lines = 0;    // bit per Line
    bool black = false;

    bool has(Symbol s) const { return symbols >> static_cast<int>(s) & 1; }
    bool has(Line l) const { return lines >> static_cast<int>(l) & 1; }
    int symbol_count() const { return __builtin_popcount(symbols); }
};

struct Cell {
    int row = 0, col = 0;
    bool operator==(const Cell&) const = default;
};

struct Board {
    std::string id;
    int rows = 0, cols = 0;
    bool top_left_black = true;
    std::vector<Field> fields;  // row-major

    int size() const { return rows * cols; }
    int index(Cell c) const { return c.row * cols + c.col; }
    Cell cell(int index) const { return {index / cols, index % cols}; }
    bool contains(Cell c) const { return c.row >= 0 && c.row < rows && c.col >= 0 && c.col < cols; }
    const Field& at(Cell c) const { return fields[index(c)]; }
    CellSet all_fields() const;
};

// "bird+cactus/blue" → Field (background not included); throws InputError at `where`.
Field parse_field(const std::string& text, const JsonPlace& where);
std::string field_to_string(const Field& field);

Board parse_board(const JsonPlace& where);
Board load_board(const std::filesystem::path& file);
Json board_to_json(const Board& board);

}  // namespace tlaloc::xalapa
