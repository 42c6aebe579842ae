#include "model/common/Json.h"

#include "model/common/Text.h"

#include <array>
#include <cerrno>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>

#include <fcntl.h>
#include <unistd.h>

namespace tlaloc {

namespace {
// Turns nlohmann's byte offset into "line L, column C" of the text.
std::string line_and_column(const std::string& text, std::size_t byte) {
    std::size_t line = 1, column = 1;
    for (std::size_t i = 0; i < text.size() && i + 1 < byte; ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

// Where a text's first parse error is (a byte offset, as nlohmann counts it): the parse that
// builds the value throws out_of_range without it, a SAX pass reports it.
struct ErrorLocator {
    std::size_t byte = 0;
    bool null() { return true; }
    bool boolean(bool) { return true; }
    bool number_integer(Json::number_integer_t) { return true; }
    bool number_unsigned(Json::number_unsigned_t) { return true; }
    bool number_float(Json::number_float_t, const Json::string_t&) { return true; }
    bool string(Json::string_t&) { return true; }
    bool binary(Json::binary_t&) { return true; }
    bool start_object(std::size_t) { return true; }
    bool key(Json::string_t&) { return true; }
    bool end_object() { return true; }
    bool start_array(std::size_t) { return true; }
    bool end_array() { return true; }
    bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception&) {
        byte = position;
        return false;
    }
};
}  // namespace

std::vector<JsonLine> parse_json_lines(const std::string& name, const std::string& content,
                                       const std::string& what) {
    std::vector<JsonLine> out;
    std::istringstream in(content);
    std::string text;
    int line_no = 0;
    while (std::getline(in, text)) {
        ++line_no;
        if (text.find_first_not_of(" \t\r") == std::string::npos) continue;
        std::string where = name + ":" + std::to_string(line_no);
        Json j = parse_json_text(text, where);
        out.push_back({std::move(where), std::move(j)});
    }
    if (out.empty()) throw InputError(name, "", "holds no " + what);
    return out;
}

std::string json_text(const Json& j, int indent) {
    return j.dump(indent, ' ', false, Json::error_handler_t::replace);
}

Json parse_json_text(const std::string& text, const std::string& file) {
    if (text.size() > kMaxJsonBytes)
        throw InputError(file, "",
                         "is " + std::to_string(text.size()) + " bytes; JSON input is limited to " +
                             std::to_string(kMaxJsonBytes) + " bytes");
    // Nesting deeper than any tlaloc format needs is refused while parsing, before it is built; so
    // is a key given twice in one object (JSON leaves it open which one counts).
    std::vector<std::set<std::string>> keys;  // the keys met so far in each object being read
    auto depth_limit = [&](int depth, Json::parse_event_t event, Json& parsed) {
        if (depth >= kMaxJsonDepth &&  // depth counts from 0: the 65th level is at depth 64
            (event == Json::parse_event_t::object_start || event == Json::parse_event_t::array_start))
            throw InputError(file, "", "nested deeper than " + std::to_string(kMaxJsonDepth) + " levels");
        if (event == Json::parse_event_t::object_start) keys.emplace_back();
        if (event == Json::parse_event_t::object_end && !keys.empty()) keys.pop_back();
        if (event == Json::parse_event_t::key && !keys.empty() && parsed.is_string() &&
            !keys.back().insert(parsed.get<std::string>()).second)
            throw InputError(
                file, "",
                "malformed JSON: the key \"" + parsed.get<std::string>() + "\" appears twice in one object");
        return true;
    };
    try {
        return Json::parse(text, depth_limit);
    } catch (const Json::out_of_range& e) {
        // A number beyond double's range ("1e999"): the exception gives no position, a SAX pass
        // over the text finds it; the text names the number.
        std::string what = e.what();
        auto quote = what.find('\'');
        ErrorLocator locator;
        Json::sax_parse(text, &locator);
        throw InputError(file, locator.byte > 0 ? line_and_column(text, locator.byte) : "",
                         "a number is out of range" +
                             (quote == std::string::npos ? std::string() : ": " + what.substr(quote)));
    } catch (const Json::parse_error& e) {
        std::string what = e.what();
        // nlohmann's text starts with "[json.exception.parse_error.101] parse error at line ..., ...: "
        auto colon = what.find(": ", what.find("parse error"));
        std::string reason = colon == std::string::npos ? what : what.substr(colon + 2);
        throw InputError(file, line_and_column(text, e.byte), "malformed JSON: " + reason);
    }
}

std::string read_json_input_file(const std::filesystem::path& file) {
    std::error_code ec;
    if (!std::filesystem::exists(file, ec)) throw InputError(file.string(), "", "no such file");
    if (std::filesystem::is_directory(file, ec))
        throw InputError(file.string(), "", "is a folder, not a file");
    std::ifstream in(file, std::ios::binary);
    if (!in) throw InputError(file.string(), "", "cannot be read");
    // Reading stops just past the limit, so a huge file or an endless one (a path such as
    // /dev/zero written in a challenge's "board") is refused without filling the memory first.
    std::string text;
    std::array<char, 1 << 16> chunk;
    while (text.size() <= kMaxJsonBytes && in.read(chunk.data(), chunk.size()).gcount() > 0)
        text.append(chunk.data(), static_cast<std::size_t>(in.gcount()));
    if (text.size() > kMaxJsonBytes) {
        auto size = std::filesystem::file_size(file, ec);
        throw InputError(file.string(), "",
                         "is " + (ec ? "more than " + std::to_string(kMaxJsonBytes) : std::to_string(size)) +
                             " bytes; JSON input is limited to " + std::to_string(kMaxJsonBytes) + " bytes");
    }
    return text;
}

Json load_json_file(const std::filesystem::path& file) {
    return parse_json_text(read_json_input_file(file), file.string());
}

std::string json_type_name(const Json& value) {
    switch (value.type()) {
        case Json::value_t::null:
            return "null";
        case Json::value_t::object:
            return "an object";
        case Json::value_t::array:
            return "an array";
        case Json::value_t::string:
            return "a string";
        case Json::value_t::boolean:
            return "a boolean";
        case Json::value_t::number_integer:
        case Json::value_t::number_unsigned:
            return "an integer";
        case Json::value_t::number_float:
            return "a number with a fraction";
        default:
            return "a value";
    }
}

void JsonPlace::fail(const std::string& what) const { throw InputError(file_, path_, what); }

JsonPlace JsonPlace::at(const std::string& key) const {
    expect_object();
    auto it = value_->find(key);
    if (it == value_->end()) {
        throw InputError(file_, path_.empty() ? std::string("top level") : path_, "missing \"" + key + "\"");
    }
    return JsonPlace(*it, file_, path_.empty() ? key : path_ + "." + key);
}

std::optional<JsonPlace> JsonPlace::get(const std::string& key) const {
    expect_object();
    auto it = value_->find(key);
    if (it == value_->end()) return std::nullopt;
    return JsonPlace(*it, file_, path_.empty() ? key : path_ + "." + key);
}

JsonPlace JsonPlace::at(std::size_t index) const {
    expect_array();
    if (index >= value_->size()) fail("has no element " + std::to_string(index));
    return JsonPlace((*value_)[index], file_, path_ + "[" + std::to_string(index) + "]");
}

std::size_t JsonPlace::size() const {
    expect_array();
    return value_->size();
}

void JsonPlace::expect_object() const {
    if (!value_->is_object()) fail("expected an object, found " + json_type_name(*value_));
}

void JsonPlace::expect_array() const {
    if (!value_->is_array()) fail("expected an array, found " + json_type_name(*value_));
}

void JsonPlace::expect_only_keys(const std::vector<std::string>& known) const {
    expect_object();
    for (auto it = value_->begin(); it != value_->end(); ++it) {
        bool ok = false;
        for (const auto& k : known) ok = ok || k == it.key();
        if (!ok) {
            std::string list;
            for (const auto& k : known) list += (list.empty() ? "" : ", ") + k;
            fail("unknown key \"" + it.key() + "\"" + did_you_mean(it.key(), known) +
                 " (expected one of: " + list + ")");
        }
    }
}

std::string JsonPlace::as_string() const {
    if (!value_->is_string()) fail("expected a string, found " + json_type_name(*value_));
    return value_->get<std::string>();
}

std::int64_t JsonPlace::as_int(std::int64_t min, std::int64_t max) const {
    if (value_->is_number_float()) {
        double d = value_->get<double>();
        // Range first: converting a double beyond int64 (1e300) to an integer is undefined.
        if (!(d >= static_cast<double>(min) && d <= static_cast<double>(max)))
            fail(value_->dump() + " is out of range " + std::to_string(min) + ".." + std::to_string(max));
        if (d != static_cast<double>(static_cast<std::int64_t>(d)))
            fail("expected a whole number, found " + value_->dump());
    } else if (!value_->is_number_integer()) {
        fail("expected a whole number, found " + json_type_name(*value_));
    }
    std::int64_t v;
    if (value_->is_number_unsigned()) {
        auto u = value_->get<std::uint64_t>();
        if (u > static_cast<std::uint64_t>(max))
            fail(std::to_string(u) + " is out of range " + std::to_string(min) + ".." + std::to_string(max));
        v = static_cast<std::int64_t>(u);
    } else if (value_->is_number_float()) {
        v = static_cast<std::int64_t>(value_->get<double>());
    } else {
        v = value_->get<std::int64_t>();
    }
    if (v < min || v > max)
        fail(std::to_string(v) + " is out of range " + std::to_string(min) + ".." + std::to_string(max));
    return v;
}

bool JsonPlace::as_bool() const {
    if (!value_->is_boolean()) fail("expected true or false, found " + json_type_name(*value_));
    return value_->get<bool>();
}

std::vector<JsonPlace> JsonPlace::items() const {
    expect_array();
    std::vector<JsonPlace> out;
    out.reserve(value_->size());
    for (std::size_t i = 0; i < value_->size(); ++i) out.push_back(at(i));
    return out;
}

void write_file_atomically(const std::filesystem::path& file, const std::string& text) {
    std::error_code ec;
    // A link is followed: the file it names is replaced, not the link.
    std::filesystem::path target = file;
    if (std::filesystem::is_symlink(std::filesystem::symlink_status(file, ec))) {
        target = std::filesystem::weakly_canonical(file, ec);
        if (ec) throw InputError(file.string(), "", "is a link that cannot be followed");
    }
    const auto status = std::filesystem::status(target, ec);
    if (std::filesystem::is_directory(status)) throw InputError(file.string(), "", "is a folder, not a file");
    // Something that is not a plain file (/dev/stdout, a pipe, a device) is written to as it is:
    // renaming a file onto it would replace it.
    if (std::filesystem::exists(status) && !std::filesystem::is_regular_file(status)) {
        std::ofstream out(target, std::ios::binary);
        if (!out) throw InputError(file.string(), "", "cannot be written");
        out << text;
        out.flush();
        if (!out) throw InputError(file.string(), "", "writing failed");
        return;
    }
    // A plain file (or none yet): the text goes to a new file of its own beside it, which replaces it
    // only once it is whole.
    std::filesystem::path tmp;
    int fd = -1;
    for (int attempt = 0; attempt < 100 && fd < 0; ++attempt) {
        tmp = target;
        tmp += ".tmp-tlaloc-" + std::to_string(::getpid()) + "-" + std::to_string(attempt);
        fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd < 0 && errno != EEXIST) break;
    }
    if (fd < 0) throw InputError(file.string(), "", "cannot be written");
    const char* at = text.data();
    std::size_t left = text.size();
    bool ok = true;
    while (ok && left > 0) {
        const ssize_t n = ::write(fd, at, left);
        if (n < 0 && errno == EINTR) continue;
        ok = n > 0;
        if (ok) {
            at += n;
            left -= static_cast<std::size_t>(n);
        }
    }
    ok = ::close(fd) == 0 && ok;
    if (!ok) {
        std::filesystem::remove(tmp, ec);
        throw InputError(file.string(), "", "writing failed");
    }
    std::filesystem::rename(tmp, target, ec);
    if (ec) {
        std::filesystem::remove(tmp, ec);
        throw InputError(file.string(), "", "cannot be written");
    }
}

std::filesystem::path resolve_relative(const std::filesystem::path& containing_file,
                                       const std::string& path) {
    std::filesystem::path p(path);
    if (p.is_absolute()) return p;
    return containing_file.parent_path() / p;
}

std::filesystem::path data_dir() {
    if (const char* env = std::getenv("TLALOC_DATA"); env && *env) return env;
    return TLALOC_SOURCE_DIR;
}

}  // namespace tlaloc
