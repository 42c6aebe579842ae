#include "model/common/InputError.h"

#include <cstdio>

namespace tlaloc {

// Text from the input (a key, a name, a file name) may hold line breaks or terminal escapes: they are
// written as escapes, so the message stays the one line the CLI promises.
static std::string one_line(const std::string& text) {
    std::string out;
    for (unsigned char c : text) {
        if (c == '\n') {
            out += "\\n";
        } else if (c == '\r') {
            out += "\\r";
        } else if (c < 0x20 || c == 0x7f) {
            char escaped[8];
            std::snprintf(escaped, sizeof escaped, "\\x%02x", c);
            out += escaped;
        } else {
            out += static_cast<char>(c);
        }
    }
    return out;
}

// Input echoed in a message (a 5 MB card name) is cut short: the line stays readable.
static std::string shortened(const std::string& text) {
    constexpr std::size_t kMost = 400;
    if (text.size() <= kMost) return text;
    std::size_t cut = kMost;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80)
        --cut;  // not inside a UTF-8 character
    return text.substr(0, cut) + "... (" + std::to_string(text.size()) + " characters)";
}

static std::string compose(const std::string& file, const std::string& place, const std::string& what) {
    std::string out = file.empty() ? std::string("<input>") : shortened(file);
    if (!place.empty()) out += ": " + shortened(place);
    return one_line(out + ": " + shortened(what));
}

InputError::InputError(std::string file, std::string place, const std::string& what)
    : std::runtime_error(compose(file, place, what)), file_(std::move(file)), place_(std::move(place)) {}

}  // namespace tlaloc
