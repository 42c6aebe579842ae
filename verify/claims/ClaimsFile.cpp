#include "verify/claims/ClaimsFile.h"

#include "model/common/Statistics.h"

#include <array>
#include <map>
#include <set>
#include <type_traits>
#include <utility>

#include "model/common/Statistics.h"
#include "model/common/Text.h"

namespace tlaloc::verify {

namespace {

constexpr std::int64_t kBig = 1'000'000;  // no printed number in a rulebook comes near this
constexpr std::int64_t kMaxDomain = 1000;

// Keys any claim may carry for people, never read by the checker.
const std::vector<std::string> kProseKeys = {"note",    "description", "source", "page",
                                             "section", "text",        "quote"};

std::vector<std::string> with_prose(std::vector<std::string> keys) {
    keys.insert(keys.end(), kProseKeys.begin(), kProseKeys.end());
    return keys;
}

int read_int(const JsonPlace& p) { return static_cast<int>(p.as_int(-kBig, kBig)); }

TableCell read_cell(const JsonPlace& p) {
    if (p.is_null()) return std::nullopt;
    // Transcribers copy the book's dash literally; accept it as the empty cell it stands for.
    if (p.is_string()) {
        std::string s = p.as_string();
        if (s == "-" || s == "–" || s == "—") return std::nullopt;
        p.fail("expected a number, null or \"-\", found \"" + s + "\"");
    }
    return read_int(p);
}

DomainTableClaim parse(std::type_identity<DomainTableClaim>, const JsonPlace& c) {
    DomainTableClaim claim;
    c.expect_only_keys(with_prose({"id", "kind", "table"}));
    auto rows = c.at("table").items();
    if (rows.empty()) c.at("table").fail("a domain table needs at least one row");
    if (rows.size() > 100) c.at("table").fail("more than 100 rows (domain sizes) is not a rulebook table");
    for (const auto& row : rows) {
        auto cells = row.items();
        if (cells.empty() || cells.size() > 7)
            row.fail("a row has columns for 0..6 bonus territories: 1 to 7 cells, found " +
                     std::to_string(cells.size()));
        std::vector<TableCell> r;
        for (const auto& cell : cells) r.push_back(read_cell(cell));
        claim.table.push_back(std::move(r));
    }
    return claim;
}

DomainScoreClaim parse(std::type_identity<DomainScoreClaim>, const JsonPlace& c) {
    DomainScoreClaim claim;
    c.expect_only_keys(with_prose({"id", "kind", "bonus_domains", "total", "points", "card", "bonus_type"}));
    for (const auto& d : c.at("bonus_domains").items()) {
        if (d.size() != 2) d.fail("a domain is [size, bonus count]");
        int size = static_cast<int>(d.at(0).as_int(1, kMaxDomain));
        // More bonus territories than territories is a false claim, not a typo: the checker says so.
        int bonus = static_cast<int>(d.at(1).as_int(0, kMaxDomain));
        claim.domains.emplace_back(size, bonus);
    }
    claim.total = read_int(c.at("total"));
    if (auto pts = c.get("points")) {
        std::vector<int> v;
        for (const auto& p : pts->items()) v.push_back(read_int(p));
        if (v.size() != claim.domains.size())
            pts->fail("lists " + std::to_string(v.size()) + " points for " +
                      std::to_string(claim.domains.size()) + " domains");
        claim.points = std::move(v);
    }
    if (auto card = c.get("card")) card->as_int(4, 9);
    if (auto type = c.get("bonus_type")) type->as_string();
    return claim;
}

ValueTableClaim parse(std::type_identity<ValueTableClaim>, const JsonPlace& c) {
    ValueTableClaim claim;
    c.expect_only_keys(with_prose({"id", "kind", "rule", "values", "players", "supply"}));
    claim.table = c.at("rule").as_string();
    auto values = c.at("values");
    values.expect_object();
    if (values.json().empty()) values.fail("a value table needs at least one entry");
    for (auto it = values.json().begin(); it != values.json().end(); ++it) {
        claim.values.emplace_back(it.key(), read_int(values.at(it.key())));
    }
    if (auto p = c.get("players")) claim.players = static_cast<int>(p->as_int(1, 100));
    if (auto s = c.get("supply")) claim.supply = static_cast<int>(s->as_int(0, kBig));
    return claim;
}

SumClaim parse(std::type_identity<SumClaim>, const JsonPlace& c) {
    SumClaim claim;
    c.expect_only_keys(with_prose({"id", "kind", "parts", "total", "component"}));
    auto parts = c.at("parts").items();
    if (parts.empty()) c.at("parts").fail("a sum needs at least one part");
    if (parts.size() > 1000) c.at("parts").fail("more than 1000 parts");
    for (const auto& part : parts) {
        std::vector<int> factors;
        if (part.is_array()) {
            // [21, 5] reads "21 × 5": products keep per-family and per-player counts visible.
            auto items = part.items();
            if (items.empty() || items.size() > 4) part.fail("a product part has 1 to 4 factors");
            for (const auto& f : items) factors.push_back(static_cast<int>(f.as_int(0, 100000)));
            double product = 1;  // in double: four factors of 100000 overflow a 64-bit integer
            for (int f : factors) product *= f;
            if (product > kBig) part.fail("a product above " + std::to_string(kBig));
        } else {
            factors.push_back(read_int(part));
        }
        claim.parts.push_back(std::move(factors));
    }
    claim.total = read_int(c.at("total"));
    if (auto comp = c.get("component")) claim.component = comp->as_string();
    return claim;
}

RuleClaim parse(std::type_identity<RuleClaim>, const JsonPlace& c) {
    RuleClaim claim;
    c.expect_only_keys(with_prose({"id", "kind", "rule", "value"}));
    claim.rule = c.at("rule").as_string();
    claim.value = c.at("value").as_string();
    return claim;
}

CountClaim parse(std::type_identity<CountClaim>, const JsonPlace& c) {
    CountClaim claim;
    c.expect_only_keys(with_prose({"id", "kind", "component", "value"}));
    claim.component = c.at("component").as_string();
    claim.value = read_int(c.at("value"));
    return claim;
}

SupplyClaim parse(std::type_identity<SupplyClaim>, const JsonPlace& c) {
    SupplyClaim claim;
    c.expect_only_keys(
        with_prose({"id", "kind", "needed", "per_player", "players", "available", "component"}));
    bool listed = c.has("needed");
    bool per_player = c.has("per_player") || c.has("players");
    if (listed == per_player)
        c.fail("a supply claim states either \"needed\" or \"per_player\" with \"players\"");
    if (listed) {
        auto items = c.at("needed").items();
        if (items.empty() || items.size() > 1000) c.at("needed").fail("lists 1 to 1000 amounts");
        for (const auto& n : items) claim.needed.push_back(static_cast<int>(n.as_int(0, kBig)));
    } else {
        claim.per_player = static_cast<int>(c.at("per_player").as_int(0, kBig));
        claim.players = static_cast<int>(c.at("players").as_int(1, 1000));
    }
    claim.available = static_cast<int>(c.at("available").as_int(0, kBig));
    if (auto comp = c.get("component")) claim.component = comp->as_string();
    return claim;
}

IdenticalSidesClaim parse(std::type_identity<IdenticalSidesClaim>, const JsonPlace& c) {
    IdenticalSidesClaim claim;
    c.expect_only_keys(with_prose({"id", "kind", "sides"}));
    auto sides = c.at("sides").items();
    if (sides.size() < 2 || sides.size() > 100) c.at("sides").fail("names 2 to 100 board sides");
    for (const auto& side : sides) claim.sides.push_back(side.as_string());
    return claim;
}

RoundScoreClaim parse(std::type_identity<RoundScoreClaim>, const JsonPlace& c) {
    RoundScoreClaim claim;
    c.expect_only_keys(with_prose({"id", "kind", "challenges", "stones", "unmet", "penalty"}));
    claim.challenges = static_cast<int>(c.at("challenges").as_int(1, 100));
    claim.stones = static_cast<int>(c.at("stones").as_int(0, 1000));
    claim.unmet = static_cast<int>(c.at("unmet").as_int(0, claim.challenges));
    claim.penalty = static_cast<int>(c.at("penalty").as_int(0, kBig));
    return claim;
}

template <std::size_t... I>
constexpr std::array<const char*, sizeof...(I)> kind_names(std::index_sequence<I...>) {
    return {std::variant_alternative_t<I, ClaimBody>::kName...};
}
constexpr auto kKindNames = kind_names(std::make_index_sequence<std::variant_size_v<ClaimBody>>());

std::string kind_list() {
    std::string out;
    for (const char* k : kKindNames) out += (out.empty() ? "" : ", ") + std::string(k);
    return out;
}

// Finds the kind named `name` among ClaimBody's alternatives and parses it; a kind without a
// `parse` overload above does not compile.
template <std::size_t I = 0>
ClaimBody parse_body(const std::string& name, const JsonPlace& c) {
    if constexpr (I == std::variant_size_v<ClaimBody>) {
        c.at("kind").fail("unknown claim kind \"" + name + "\"" +
                          did_you_mean(name, {std::begin(kKindNames), std::end(kKindNames)}) +
                          " (expected one of: " + kind_list() + ")");
    } else {
        using Kind = std::variant_alternative_t<I, ClaimBody>;
        if (name == Kind::kName) return parse(std::type_identity<Kind>{}, c);
        return parse_body<I + 1>(name, c);
    }
}

// The catalog entry of the game a file names (its "game").
const GameFacts& game_of(const JsonPlace& game, const GameCatalog& games) {
    std::string name = game.as_string(), known;
    std::vector<std::string> names;
    for (const auto& g : games) {
        if (g.name == name) return g;
        known += (known.empty() ? "" : ", ") + g.name;
        names.push_back(g.name);
    }
    game.fail("unknown game \"" + name + "\"" + did_you_mean(name, names) + " (expected one of: " + known +
              ")");
}

// Where the book states the claim, for reports: "page 7", "last page", "section Scoring", both, or "".
// The page may be a number or text; older files may hold anything there, which is shown as written.
std::string place_in_book(const JsonPlace& c) {
    auto text = [](const Json& j) { return j.is_string() ? j.get<std::string>() : j.dump(); };
    std::string out;
    if (auto p = c.get("page")) {
        std::string page = text(p->json());
        out = p->json().is_number() || page.find("page") == std::string::npos ? "page " + page : page;
    }
    if (auto s = c.get("section")) out += (out.empty() ? "section " : ", section ") + text(s->json());
    return out;
}

Analysis parse_analysis(const JsonPlace& a, std::set<std::string>& ids) {
    a.expect_only_keys({"id", "question", "page", "section", "measure", "players", "hits", "trials", "fair",
                        "command", "note"});
    Analysis out;
    out.id = a.at("id").as_string();
    if (out.id.empty()) a.at("id").fail("an analysis id must not be empty");
    if (!ids.insert(out.id).second) a.at("id").fail("duplicate id \"" + out.id + "\" (claims and analyses)");
    out.question = a.at("question").as_string();
    out.place_in_book = place_in_book(a);
    out.measure = a.at("measure").as_string();
    out.players = static_cast<int>(a.at("players").as_int(1, 100));
    out.trials = a.at("trials").as_int(1, 1000000000);
    out.hits = a.at("hits").as_int(0, out.trials);
    const JsonPlace fair = a.at("fair");
    if (!fair.json().is_number() || fair.json().get<double>() < 0 || fair.json().get<double>() > 1)
        fair.fail("expected a rate from 0 to 1");
    out.fair = fair.json().get<double>();
    out.command = a.at("command").as_string();
    if (out.command.rfind("tlaloc ", 0) != 0)
        a.at("command").fail("expected the tlaloc command that measured it");
    if (auto n = a.get("note")) out.note = n->as_string();
    return out;
}

}  // namespace

std::string analysis_verdict(const Analysis& a) {
    const auto [low, high] = wilson_interval(a.hits, a.trials);
    if (low > a.fair) return "favoured";
    if (high < a.fair) return "disfavoured";
    return "no measurable difference";
}

const std::vector<std::string>& prose_keys() { return kProseKeys; }

std::string normalise_entry_key(const std::string& key) {
    static const std::map<std::string, std::string> roman = {
        {"I", "1"}, {"II", "2"}, {"III", "3"}, {"IV", "4"}, {"V", "5"}, {"VI", "6"}, {"VII", "7"}};
    auto it = roman.find(key);
    return it == roman.end() ? key : it->second;
}

const char* Claim::kind() const { return kKindNames[body.index()]; }

ClaimsFile parse_claims(const JsonPlace& root, const GameCatalog& games) {
    root.expect_only_keys(
        {"game", "edition", "source", "map", "profile", "claims", "analyses", "note", "description"});
    ClaimsFile out;
    out.file = root.file();
    out.facts = &game_of(root.at("game"), games);
    out.game = out.facts->name;
    if (auto e = root.get("edition")) out.edition = e->as_string();
    if (auto s = root.get("source")) out.source = s->as_string();
    if (auto m = root.get("map")) {
        std::string path = m->as_string();
        if (path.empty()) m->fail("the map path is empty");
        out.map = resolve_relative(root.file(), path);
    }
    if (auto p = root.get("profile")) {
        std::string path = p->as_string();
        if (path.empty()) p->fail("the profile path is empty");
        out.profile = resolve_relative(root.file(), path);
    }
    if (auto d = root.get("note")) d->as_string();
    if (auto d = root.get("description")) d->as_string();

    std::set<std::string> ids;
    for (const auto& c : root.at("claims").items()) {
        c.expect_object();
        Claim claim;
        claim.place = c.path();
        claim.json = c.json();
        auto id = c.at("id");
        claim.id = id.as_string();
        if (claim.id.empty()) id.fail("a claim id must not be empty");
        if (!ids.insert(claim.id).second) id.fail("duplicate claim id \"" + claim.id + "\"");
        for (const char* key : {"note", "description"}) {
            if (auto n = c.get(key)) claim.note = n->as_string();
        }
        claim.place_in_book = place_in_book(c);
        claim.body = parse_body(c.at("kind").as_string(), c);
        out.claims.push_back(std::move(claim));
    }
    if (auto analyses = root.get("analyses"))
        for (const auto& a : analyses->items()) out.analyses.push_back(parse_analysis(a, ids));
    return out;
}

ClaimsFile load_claims_file(const std::filesystem::path& file, const GameCatalog& games) {
    Json root = load_json_file(file);
    return parse_claims(JsonPlace(root, file.string()), games);
}

}  // namespace tlaloc::verify
