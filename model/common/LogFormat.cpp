#include "model/common/LogFormat.h"

#include <algorithm>
#include <set>

namespace tlaloc {

std::string log_format_text(const LogFormat& format) {
    return std::string(format.name) + "/" + std::to_string(format.version);
}

void check_log_format(const JsonPlace& setup, const LogFormat& format) {
    setup.expect_object();
    std::string again = std::string("play the game again from its seed (") + format.command;
    if (const auto seed = setup.get("seed"); seed && seed->json().is_number_integer())
        again += " --seed " + seed->json().dump();
    again += " ...) and replay the new log";
    const auto given = setup.get("format");
    if (!given)
        setup.fail("a log of version 1 of " + std::string(format.name) +
                   " (written before logs named their format; rules have been corrected since), and this "
                   "tlaloc replays version " +
                   std::to_string(format.version) + ": " + again);
    const std::string text = given->as_string();
    const std::size_t slash = text.rfind('/');
    const std::string name = text.substr(0, slash);
    if (slash == std::string::npos || name != format.name) {
        given->fail(
            "expected \"" + log_format_text(format) + "\", found \"" + text + "\"" +
            (slash == std::string::npos || name.rfind("tlaloc-", 0) != 0 ? "" : " (a log of another game)"));
    }
    const std::string version = text.substr(slash + 1);
    if (version == std::to_string(format.version)) return;
    const bool older = !version.empty() && version.size() < 6 &&
                       version.find_first_not_of("0123456789") == std::string::npos &&
                       std::stoi(version) < format.version;
    given->fail("a log of version " + version + " of " + format.name + ", and this tlaloc replays version " +
                std::to_string(format.version) +
                (older ? ": " + again : " (a log from a newer tlaloc: replay it with that one)"));
}

void expect_log_kind(const JsonPlace& line, const std::string& kind) {
    const JsonPlace k = line.at("kind");
    if (k.as_string() != kind)
        k.fail("expected a \"" + kind + "\" line here, found \"" + k.as_string() + "\"");
}

std::string shown_in_log(const Json& value) {
    constexpr std::size_t kMost = 200;
    std::string text = value.dump();
    if (text.size() <= kMost) return text;
    std::size_t cut = kMost;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80)
        --cut;  // not inside a character
    return text.substr(0, cut) + "... (" + std::to_string(text.size()) + " characters)";
}

std::optional<std::string> first_differing_key(const Json& recorded, const Json& derived,
                                               const std::vector<std::string>& keys,
                                               const std::string& source) {
    for (const std::string& key : keys) {
        const Json r = recorded.contains(key) ? recorded.at(key) : Json(nullptr);
        const Json d = derived.contains(key) ? derived.at(key) : Json(nullptr);
        if (r != d) return key + " recorded " + shown_in_log(r) + ", " + source + " " + shown_in_log(d);
    }
    return std::nullopt;
}

std::optional<std::string> first_json_difference(const Json& recorded, const Json& derived,
                                                 const std::string& path, const std::string& source) {
    if (recorded == derived) return std::nullopt;
    if (recorded.is_object() && derived.is_object()) {
        std::set<std::string> keys;
        for (auto it = recorded.begin(); it != recorded.end(); ++it) keys.insert(it.key());
        for (auto it = derived.begin(); it != derived.end(); ++it) keys.insert(it.key());
        for (const std::string& key : keys) {
            const std::string at = path.empty() ? key : path + "." + key;
            if (!recorded.contains(key))
                return at + " is missing, " + source + " " + shown_in_log(derived.at(key));
            if (!derived.contains(key)) return at + " is recorded, but " + source + " none";
            if (auto d = first_json_difference(recorded.at(key), derived.at(key), at, source)) return d;
        }
    }
    if (recorded.is_array() && derived.is_array()) {
        for (std::size_t i = 0; i < std::min(recorded.size(), derived.size()); ++i)
            if (auto d = first_json_difference(recorded[i], derived[i], path + "[" + std::to_string(i) + "]",
                                               source))
                return d;
        return path + " recorded " + std::to_string(recorded.size()) + " entries, " + source + " " +
               std::to_string(derived.size());
    }
    return path + " recorded " + shown_in_log(recorded) + ", " + source + " " + shown_in_log(derived);
}

void expect_log_form(const JsonPlace& got, const Json& like) {
    switch (like.type()) {
        case Json::value_t::object: {
            std::vector<std::string> keys;
            for (auto it = like.begin(); it != like.end(); ++it) keys.push_back(it.key());
            got.expect_only_keys(keys);
            for (auto it = like.begin(); it != like.end(); ++it)
                expect_log_form(got.at(it.key()), it.value());
            break;
        }
        case Json::value_t::array: {
            const std::vector<JsonPlace> items = got.items();
            for (std::size_t i = 0; i < items.size() && i < like.size(); ++i)
                expect_log_form(items[i], like[i]);
            break;
        }
        case Json::value_t::string:
            got.as_string();
            break;
        case Json::value_t::boolean:
            got.as_bool();
            break;
        case Json::value_t::number_integer:
        case Json::value_t::number_unsigned:
            got.as_int(-kMaxExactJsonInteger, kMaxExactJsonInteger);
            break;
        case Json::value_t::number_float:
            if (!got.json().is_number()) got.fail("expected a number, found " + json_type_name(got.json()));
            break;
        default:
            break;
    }
}

}  // namespace tlaloc
