// Reading JSON input with errors that name the file and the element: JsonPlace is a value together
// with where it sits ("tasks[2].count"), so every typed read can say exactly what is wrong.
#pragma once
#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "model/common/InputError.h"

namespace tlaloc {

using Json = nlohmann::json;

// Limits on any JSON input, checked before anything is built from it (docs/architecture.md).
inline constexpr std::size_t kMaxJsonBytes = 64u << 20;  // 64 MiB
inline constexpr int kMaxJsonDepth = 64;
// The largest integer every JSON reader reads exactly (a double's 53-bit mantissa): the bound on
// seeds written to logs.
inline constexpr std::int64_t kMaxExactJsonInteger = (std::int64_t{1} << 53) - 1;

// Parses a file; a missing/unreadable file, a syntax error, a file over kMaxJsonBytes, nesting over
// kMaxJsonDepth or a number beyond double's range throws InputError (with line and column where known).
Json load_json_file(const std::filesystem::path& file);
// The text of a JSON or JSON-lines input file, with load_json_file's checks (missing, a folder,
// unreadable, over kMaxJsonBytes: InputError); parsing is the caller's.
std::string read_json_input_file(const std::filesystem::path& file);
// Parses text that came from `file` (used for error messages only).
Json parse_json_text(const std::string& text, const std::string& file);
// JSON text for output: bytes that are not UTF-8 (a file name may hold them) are written as U+FFFD
// rather than failing; indent as Json::dump's (-1: one line).
std::string json_text(const Json& j, int indent = -1);

// One line of a JSON-lines file, parsed, with its place ("FILE:LINE") for messages.
struct JsonLine {
    std::string where;
    Json json;
};
// Every non-blank line of `content` (from the file `name`), each parsed as parse_json_text does;
// `what` names the lines for the error when there are none ("census lines").
std::vector<JsonLine> parse_json_lines(const std::string& name, const std::string& content,
                                       const std::string& what);

class JsonPlace {
public:
    JsonPlace(const Json& value, std::string file, std::string path = "")
        : value_(&value), file_(std::move(file)), path_(std::move(path)) {}

    const Json& json() const { return *value_; }
    const std::string& file() const { return file_; }
    const std::string& path() const { return path_; }

    [[noreturn]] void fail(const std::string& what) const;

    bool is_object() const { return value_->is_object(); }
    bool is_array() const { return value_->is_array(); }
    bool is_string() const { return value_->is_string(); }
    bool is_null() const { return value_->is_null(); }
    bool has(const std::string& key) const { return value_->is_object() && value_->contains(key); }

    // Member access; `at` fails when the key is missing, `get` returns nullopt.
    JsonPlace at(const std::string& key) const;
    std::optional<JsonPlace> get(const std::string& key) const;
    JsonPlace at(std::size_t index) const;
    std::size_t size() const;  // array length (fails when not an array)

    void expect_object() const;
    void expect_array() const;
    // Fails when the object has a key outside `known` (catches typos such as "at_lest").
    void expect_only_keys(const std::vector<std::string>& known) const;

    std::string as_string() const;
    std::int64_t as_int(std::int64_t min, std::int64_t max) const;
    bool as_bool() const;
    std::vector<JsonPlace> items() const;  // array elements (fails when not an array)

private:
    const Json* value_;
    std::string file_, path_;
};

// Short description of a JSON value's type for messages ("a string", "an array", ...).
std::string json_type_name(const Json& value);

// Writes the whole file or nothing: the text goes to a new temporary file beside it that is renamed
// onto it. A link is followed (its target is replaced); a path that is not a plain file (a pipe,
// /dev/stdout) is written to directly; a folder is refused.
void write_file_atomically(const std::filesystem::path& file, const std::string& text);

// Resolves a path written inside `containing_file` relative to that file's folder.
std::filesystem::path resolve_relative(const std::filesystem::path& containing_file, const std::string& path);

// Folder holding the shipped data (puzzles/, verify/rulebooks/): $TLALOC_DATA, else the source tree.
std::filesystem::path data_dir();

}  // namespace tlaloc
