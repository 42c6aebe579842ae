// An enum's names written once: one constexpr table per enum gives the name of a value, the value of
// a name, and the list of names for a message. Its entries must follow the enum's order from 0, which
// a static_assert beside each table checks (`in_order()`), together with the count of the enum's
// values, so that a value added to the enum without a name does not compile.
#pragma once
#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace tlaloc {

template <class Enum, std::size_t N>
class NameTable {
public:
    constexpr explicit NameTable(std::array<std::pair<Enum, std::string_view>, N> entries)
        : entries_(entries) {}

    static constexpr std::size_t size() { return N; }

    // True when entry i names the value i, for every i.
    constexpr bool in_order() const {
        for (std::size_t i = 0; i < N; ++i)
            if (static_cast<std::size_t>(entries_[i].first) != i) return false;
        return true;
    }

    constexpr const char* name(Enum value) const {
        const auto i = static_cast<std::size_t>(value);
        return i < N ? entries_[i].second.data() : "?";
    }

    std::optional<Enum> parse(std::string_view text) const {
        for (const auto& [value, name] : entries_)
            if (name == text) return value;
        return std::nullopt;
    }

    // "\"a\", \"b\" or \"c\"", for a message naming what is expected.
    std::string choices() const {
        std::string out;
        for (std::size_t i = 0; i < N; ++i) {
            if (i > 0) out += i + 1 == N ? " or " : ", ";
            out += "\"" + std::string(entries_[i].second) + "\"";
        }
        return out;
    }

private:
    std::array<std::pair<Enum, std::string_view>, N> entries_;
};

}  // namespace tlaloc
