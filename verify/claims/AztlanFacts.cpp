#include "verify/claims/AztlanFacts.h"

#include "model/aztlan/Components.h"
#include "model/aztlan/DomainTable.h"
#include "model/aztlan/Profile.h"
#include "model/aztlan/Scoring.h"
#include "verify/claims/ClaimsFile.h"

namespace tlaloc::verify {

namespace {

// The bonus a domain's k bonus territories add: what the model's scoring gives beyond the base.
int bonus_points(int k) { return k == 0 ? 0 : aztlan::domain_points(k, k) - k; }

std::string printed(const TableCell& c) { return c ? std::to_string(*c) : std::string("-"); }

// Under `reading` of a domain without bonus, the claims of the file whose printed values disagree.
std::vector<std::string> no_bonus_contradictions(const ClaimsFile& file, const std::string& reading) {
    auto points = [&](int n, int k) {
        return k == 0 ? (reading == "base" ? n : 0) : aztlan::domain_points(n, k);
    };
    std::vector<std::string> out;
    for (const auto& other : file.claims) {
        if (const auto* t = other.as<DomainTableClaim>()) {
            std::vector<int> rows;
            for (std::size_t row = 0; row < t->table.size(); ++row) {
                const auto& cell = t->table[row][0];
                if (cell && *cell != points(static_cast<int>(row) + 1, 0)) rows.push_back(int(row) + 1);
            }
            if (!rows.empty()) {
                out.push_back("\"" + other.id + "\" prints " + printed(t->table[rows[0] - 1][0]) +
                              " for a domain of " + std::to_string(rows[0]) +
                              " without bonus where this reading gives " +
                              std::to_string(points(rows[0], 0)) + " (" + std::to_string(rows.size()) +
                              " rows of column 0 disagree)");
            }
        } else if (const auto* d = other.as<DomainScoreClaim>()) {
            bool has_zero = false;
            long sum = 0;
            for (auto [n, k] : d->domains) {
                has_zero = has_zero || k == 0;
                sum += k <= n ? points(n, k) : 0;
            }
            if (has_zero && sum != d->total) {
                out.push_back("\"" + other.id + "\" totals " + std::to_string(d->total) +
                              " where this reading gives " + std::to_string(sum));
            }
        }
    }
    return out;
}

EditionReadings read_profile(const std::filesystem::path& file) {
    aztlan::Profile profile = aztlan::load_profile(file);
    return {file.filename().string(),
            {{"domain_without_bonus", aztlan::to_string(profile.domain_without_bonus)},
             {"tie_break", aztlan::to_string(profile.tie_break)},
             {"eagle_jaguar", aztlan::to_string(profile.eagle_jaguar)}}};
}

std::optional<std::filesystem::path> shipped_profile(const std::string& edition) {
    if (!aztlan::is_profile_name(edition)) return std::nullopt;
    auto file = aztlan::shipped_profile_file(edition);
    std::error_code ec;
    if (!std::filesystem::is_regular_file(file, ec)) return std::nullopt;
    return file;
}

}  // namespace

GameFacts aztlan_claim_facts() {
    GameFacts facts;
    facts.name = "aztlan";
    facts.counts = aztlan::component_counts();
    facts.tables = aztlan::component_tables();
    for (int k = 0; k <= aztlan::kMaxBonusColumn; ++k)
        facts.tables["bonus_points"][std::to_string(k)] = bonus_points(k);
    facts.rules = {
        {"domain_without_bonus",
         {"zero", "base"},
         [] { return std::optional<std::string>(aztlan::domain_points(1, 0) == 0 ? "zero" : "base"); },
         no_bonus_contradictions},
        {"tie_break", {"top", "bottom"}, [] { return std::optional<std::string>(); }, {}},
        // Where Eagle and Jaguar Warriors' extra pawn may go: left to the profile, played by the engine.
        {"eagle_jaguar",
         {"same-territory", "any-territory"},
         [] { return std::optional<std::string>(); },
         {}},
    };
    facts.read_profile = read_profile;
    facts.shipped_profile = shipped_profile;
    return facts;
}

}  // namespace tlaloc::verify
