#include "model/common/InputError.h"

#include <cstdio>

namespace tlaloc {

// Text from the input (a key, a name, a file name) may hold line breaks or terminal escapes: they are
// written as escapes, so the message stays the one line the CLI promises.
// The length of the well-formed UTF-8 character starting at text[i], 0 when the bytes there are not one.
static std::size_t utf8_length(const std::string& text, std::size_t i) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char c = byte(i);
    const std::size_t n = c >= 0xF0 && c <= 0xF4 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 && c <= 0xDF ? 2 : 0;
    if (n == 0 || i + n > text.size()) return 0;
    for (std::size_t k = 1; k < n; ++k)
        if ((byte(i + k) & 0xC0) != 0x80) return 0;
    if (n == 3 && ((c == 0xE0 && byte(i + 1) < 0xA0) || (c == 0xED && byte(i + 1) >= 0xA0))) return 0;
    if (n == 4 && ((c == 0xF0 && byte(i + 1) < 0x90) || (c == 0xF4 && byte(i + 1) >= 0x90))) return 0;
    return n;
}

static std::string one_line(const std::string& text) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c >= 0x80) {
            // Well-formed UTF-8 is kept (names in any language); any other byte is written as an escape,
            // so the message is valid text.
            if (const std::size_t n = utf8_length(text, i)) {
                out.append(text, i, n);
                i += n - 1;
            } else {
                char escaped[8];
                std::snprintf(escaped, sizeof escaped, "\\x%02x", c);
                out += escaped;
            }
            continue;
        }
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
