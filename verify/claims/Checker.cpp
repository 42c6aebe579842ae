#include "verify/claims/Checker.h"

#include <algorithm>
#include <functional>
#include <numeric>
#include <sstream>

#include "model/aztlan/Scoring.h"
#include "model/aztlan/TerritorySet.h"
#include "model/common/Text.h"

namespace tlaloc::verify {

namespace {

template <class Map>
std::string name_list(const Map& m) {
    std::string out;
    for (const auto& [name, v] : m) out += (out.empty() ? "" : ", ") + name;
    return out;
}

template <class... Maps>
std::vector<std::string> names_of(const Maps&... maps) {
    std::vector<std::string> out;
    (..., [&] {
        for (const auto& [name, v] : maps) out.push_back(name);
    }());
    return out;
}

std::string cell_name(int n, int k) {
    return "(" + std::to_string(n) + " territories, " + std::to_string(k) + " bonus)";
}
std::string printed(const TableCell& c) { return c ? std::to_string(*c) : std::string("-"); }

// Lists at most `limit` problems in full and counts the rest, so a broken table stays readable.
std::string join_problems(const std::vector<std::string>& problems, std::size_t limit = 6) {
    std::string out;
    for (std::size_t i = 0; i < problems.size() && i < limit; ++i) out += (i ? "; " : "") + problems[i];
    if (problems.size() > limit) out += "; and " + std::to_string(problems.size() - limit) + " more";
    return out;
}

std::string describe_witness(const aztlan::Map& map, const aztlan::DomainWitness& w) {
    std::string out = std::string(aztlan::to_string(w.type)) + " counted as bonus in {";
    for (std::size_t i = 0; i < w.territories.size(); ++i) {
        int t = w.territories[i];
        out += (i ? ", " : "") + map.territories[t].id;
        if (map.territories[t].type == w.type) out += "*";
    }
    return out + "}";
}

// The reading of a domain without the bonus type that the file's edition profile fixes (the
// rulebooks' zero when there is no profile), so that an example is scored under its own edition.
aztlan::DomainWithoutBonus no_bonus_reading(const CheckContext& ctx) {
    if (ctx.profile) {
        auto it = ctx.profile->rules.find("domain_without_bonus");
        if (it != ctx.profile->rules.end() && it->second == "base") return aztlan::DomainWithoutBonus::Base;
    }
    return aztlan::DomainWithoutBonus::Zero;
}

void check(const DomainTableClaim& c, const ClaimsFile&, const CheckContext& ctx, ClaimResult& r) {
    const aztlan::DomainWithoutBonus reading = no_bonus_reading(ctx);
    const aztlan::DomainTable* computed = nullptr;
    if (ctx.map) computed = &domain_table_on_map(ctx, static_cast<int>(c.table.size()));
    std::vector<std::string> problems;
    int arithmetic_cells = 0;
    for (std::size_t row = 0; row < c.table.size(); ++row) {
        for (std::size_t col = 0; col < c.table[row].size(); ++col) {
            CellFinding f;
            f.size = static_cast<int>(row) + 1;
            f.bonus = static_cast<int>(col);
            f.printed = c.table[row][col];
            if (f.bonus <= f.size) f.arithmetic = aztlan::domain_value(f.size, f.bonus, reading);
            if (f.printed) {
                ++arithmetic_cells;
                if (!f.arithmetic) {
                    f.problem = "printed " + printed(f.printed) + ", but a domain of " +
                                std::to_string(f.size) + " cannot hold " + std::to_string(f.bonus) +
                                " bonus territories";
                } else if (*f.printed != *f.arithmetic) {
                    f.problem =
                        "printed " + printed(f.printed) + ", but " + std::to_string(f.size) + " + " +
                        std::to_string(f.bonus) + "² gives " + std::to_string(*f.arithmetic) +
                        (f.bonus == 0 ? reading == aztlan::DomainWithoutBonus::Zero
                                            ? " (no bonus territory scores 0)"
                                            : " (no bonus territory keeps its size, under the profile)"
                                      : "");
                }
            }
            if (computed) {
                bool occurs = f.size <= computed->max_size && computed->achievable[f.size - 1][f.bonus];
                f.occurs = occurs;
                if (occurs) f.witness = describe_witness(*ctx.map, *computed->witness[f.size - 1][f.bonus]);
                if (!f.printed && occurs && f.problem.empty()) {
                    f.problem = "printed '-', but it occurs on map " + ctx.map_name + ": " + f.witness;
                } else if (f.printed && !occurs && f.problem.empty()) {
                    f.problem = "printed " + printed(f.printed) + ", but no connected set of " +
                                std::to_string(f.size) + " territories on map " + ctx.map_name +
                                " holds exactly " + std::to_string(f.bonus) +
                                " of one type (every connected set of up to " +
                                std::to_string(computed->max_size) + " territories enumerated)";
                }
            }
            if (!f.problem.empty()) problems.push_back(cell_name(f.size, f.bonus) + ": " + f.problem);
            r.cells.push_back(std::move(f));
        }
    }
    std::string cells = std::to_string(r.cells.size()) + " cells";
    if (!problems.empty()) {
        r.status = Status::False;
        r.evidence = std::to_string(problems.size()) + " of " + cells + " wrong: " + join_problems(problems);
    } else if (!computed) {
        r.status = Status::Unchecked;
        r.evidence =
            "arithmetic (n + k², 0 without bonus) holds in all " + std::to_string(arithmetic_cells) +
            " printed values; which cells can occur needs a map (--map, or \"map\" in the claims file)";
    } else {
        r.status = Status::True;
        r.evidence = "all " + cells + " hold on map " + ctx.map_name +
                     ": every value is n + k² and occurs, every '-' "
                     "is a combination no connected set of up to " +
                     std::to_string(computed->max_size) + " territories realises";
    }
}

void check(const DomainScoreClaim& c, const ClaimsFile& file, const CheckContext& ctx, ClaimResult& r) {
    const int per_type = file.facts->counts.at("territories_per_type");
    const aztlan::DomainWithoutBonus reading = no_bonus_reading(ctx);
    std::vector<std::string> problems, terms;
    long sum = 0;
    for (std::size_t i = 0; i < c.domains.size(); ++i) {
        auto [n, k] = c.domains[i];
        std::string name =
            "domain " + std::to_string(i + 1) + " [" + std::to_string(n) + ", " + std::to_string(k) + "]";
        if (k > n) {
            problems.push_back(name + " holds more bonus territories than territories");
            continue;
        }
        if (k > per_type)
            problems.push_back(name + ": the board has only " + std::to_string(per_type) +
                               " territories of each type");
        int pts = aztlan::domain_value(n, k, reading);
        sum += pts;
        terms.push_back(std::to_string(pts));
        if (c.points && (*c.points)[i] != pts) {
            problems.push_back(name + " is printed as " + std::to_string((*c.points)[i]) +
                               " points, the model scores " + std::to_string(pts));
        }
    }
    std::string computed =
        (terms.empty()
             ? std::string("0")
             : std::accumulate(std::next(terms.begin()), terms.end(), terms.front(),
                               [](const std::string& a, const std::string& b) { return a + " + " + b; })) +
        " = " + std::to_string(sum);
    if (problems.empty() && sum != c.total)
        problems.push_back("printed total " + std::to_string(c.total) + ", the model scores " + computed);
    const std::string under = ctx.profile
                                  ? " (under " + ctx.profile->file + ": a domain without bonus scores " +
                                        (reading == aztlan::DomainWithoutBonus::Zero ? "0" : "its size") + ")"
                                  : "";
    r.status = problems.empty() ? Status::True : Status::False;
    r.evidence = problems.empty() ? "the model scores " + computed + under : join_problems(problems) + under;
}

void check(const ValueTableClaim& c, const ClaimsFile& file, const CheckContext& ctx, ClaimResult& r) {
    const std::string& game = file.game;
    // The edition profile's engine tables first (played under that edition), then the model's own.
    Tables tables = file.facts->tables;
    if (ctx.profile)
        for (const auto& [name, table] : ctx.profile->tables) tables[name] = table;
    std::string name = c.table;
    if (c.players && !tables.count(name)) name += "_" + std::to_string(*c.players) + "p";
    auto it = tables.find(name);
    if (it == tables.end()) {
        r.status = Status::Unchecked;
        r.evidence = "the " + game + " model has no table \"" + name + "\"" +
                     did_you_mean(name, names_of(tables)) + " (it has: " + name_list(tables) + ")";
        return;
    }
    const auto& model = it->second;
    std::vector<std::string> problems;
    long total = 0;
    for (const auto& [key, value] : c.values) {
        total += value;
        auto m = model.find(normalise_entry_key(key));
        if (m == model.end())
            problems.push_back("entry \"" + key + "\": the model's table has no such entry" +
                               did_you_mean(key, names_of(model)) + " (entries: " + name_list(model) + ")");
        else if (m->second != value)
            problems.push_back("entry \"" + key + "\": printed " + std::to_string(value) +
                               ", the model has " + std::to_string(m->second));
    }
    std::string fit;
    if (c.supply) {
        fit = "; the values add up to " + std::to_string(total) + " of a supply of " +
              std::to_string(*c.supply);
        if (total > *c.supply)
            problems.push_back("the values add up to " + std::to_string(total) +
                               ", more than the supply of " + std::to_string(*c.supply));
    }
    r.status = problems.empty() ? Status::True : Status::False;
    r.evidence = problems.empty()
                     ? std::to_string(c.values.size()) + " of the model's " + std::to_string(model.size()) +
                           " entries of " + name + ", all equal" + fit
                     : join_problems(problems);
}

std::string format_parts(const std::vector<std::vector<int>>& parts) {
    std::string out;
    for (const auto& part : parts) {
        std::string p;
        for (int f : part) p += (p.empty() ? "" : " × ") + std::to_string(f);
        out += (out.empty() ? "" : " + ") + p;
    }
    return out;
}

void check(const SumClaim& c, const ClaimsFile& file, const CheckContext&, ClaimResult& r) {
    const std::string& game = file.game;
    long total = 0;
    std::vector<int> flat;
    for (const auto& part : c.parts) {
        long p = 1;
        for (int f : part) p *= f;
        total += p;
        flat.push_back(static_cast<int>(p));
    }
    std::vector<std::string> problems;
    std::string computed = format_parts(c.parts) + " = " + std::to_string(total);
    if (total != c.total)
        problems.push_back("printed total " + std::to_string(c.total) + ", but " + computed);
    std::string model_note;
    if (!c.component.empty()) {
        const Counts& counts = file.facts->counts;
        const Tables& tables = file.facts->tables;
        if (auto ct = counts.find(c.component); ct != counts.end()) {
            model_note = "; the model's " + c.component + " is " + std::to_string(ct->second);
            if (ct->second != c.total)
                problems.push_back("the model's " + c.component + " is " + std::to_string(ct->second) +
                                   ", not " + std::to_string(c.total));
        } else if (auto tb = tables.find(c.component); tb != tables.end()) {
            std::vector<int> model_parts;
            long model_total = 0;
            for (const auto& [k, v] : tb->second) {
                model_parts.push_back(v);
                model_total += v;
            }
            model_note = "; the model's " + c.component + " adds up to " + std::to_string(model_total);
            if (model_total != c.total)
                problems.push_back("the model's " + c.component + " adds up to " +
                                   std::to_string(model_total) + ", not " + std::to_string(c.total));
            auto a = flat, b = model_parts;
            std::sort(a.begin(), a.end());
            std::sort(b.begin(), b.end());
            if (a.size() == b.size() && a != b)
                problems.push_back("the parts differ from the model's " + c.component + " (" +
                                   name_list(tb->second) + ")");
        } else {
            r.status = Status::Unchecked;
            r.evidence = computed + "; but the " + game + " model has no count or table \"" + c.component +
                         "\"" + did_you_mean(c.component, names_of(counts, tables));
            if (total != c.total) {
                r.status = Status::False;
                r.evidence = problems.front();
            }
            return;
        }
    }
    r.status = problems.empty() ? Status::True : Status::False;
    r.evidence = problems.empty() ? computed + model_note : join_problems(problems);
}

void check(const CountClaim& c, const ClaimsFile& file, const CheckContext&, ClaimResult& r) {
    const std::string& game = file.game;
    const Counts& counts = file.facts->counts;
    auto it = counts.find(c.component);
    if (it == counts.end()) {
        r.status = Status::Unchecked;
        r.evidence = "the " + game + " model has no count \"" + c.component + "\"" +
                     did_you_mean(c.component, names_of(counts)) + " (it has: " + name_list(counts) + ")";
        return;
    }
    r.status = it->second == c.value ? Status::True : Status::False;
    r.evidence = "printed " + std::to_string(c.value) + ", the model's " + c.component + " is " +
                 std::to_string(it->second);
}

void check(const SupplyClaim& c, const ClaimsFile& file, const CheckContext&, ClaimResult& r) {
    const std::string& game = file.game;
    long needed = 0;
    std::string how;
    if (c.per_player) {
        needed = static_cast<long>(*c.per_player) * *c.players;
        how = std::to_string(*c.per_player) + " per player × " + std::to_string(*c.players) +
              " players = " + std::to_string(needed);
    } else {
        for (int n : c.needed) {
            how += (how.empty() ? "" : " + ") + std::to_string(n);
            needed += n;
        }
        how += " = " + std::to_string(needed);
    }
    std::vector<std::string> problems;
    std::string line = "needs " + how + ", " + std::to_string(c.available) + " available";
    if (needed > c.available)
        problems.push_back(line + ": " + std::to_string(needed - c.available) + " short");
    if (!c.component.empty()) {
        const Counts& counts = file.facts->counts;
        auto it = counts.find(c.component);
        if (it == counts.end())
            problems.push_back("the " + game + " model has no count \"" + c.component + "\"" +
                               did_you_mean(c.component, names_of(counts)));
        else if (it->second != c.available)
            problems.push_back("the model's " + c.component + " is " + std::to_string(it->second) + ", not " +
                               std::to_string(c.available));
    }
    r.status = problems.empty() ? Status::True : Status::False;
    r.evidence = problems.empty()
                     ? line + (needed < c.available ? " (" + std::to_string(c.available - needed) + " spare)"
                                                    : " (exactly enough)")
                     : join_problems(problems);
}

void check(const IdenticalSidesClaim& c, const ClaimsFile& file, const CheckContext&, ClaimResult& r) {
    const GameFacts& facts = *file.facts;
    if (!facts.compare_sides || !facts.sides) {
        r.status = Status::Unchecked;
        r.evidence = "the " + file.game + " model has no board sides to compare";
        return;
    }
    const std::vector<std::string> known = facts.sides();
    for (const std::string& side : c.sides)
        if (std::find(known.begin(), known.end(), side) == known.end()) {
            r.status = Status::Unchecked;
            r.evidence =
                "the " + file.game + " model has no board side \"" + side + "\"" + did_you_mean(side, known);
            return;
        }
    std::vector<std::string> proofs, problems;
    for (std::size_t i = 1; i < c.sides.size(); ++i) {
        const SidesVerdict v = facts.compare_sides(c.sides.front(), c.sides[i]);
        (v.identical ? proofs : problems).push_back(v.evidence);
    }
    r.status = problems.empty() ? Status::True : Status::False;
    r.evidence = join_problems(problems.empty() ? proofs : problems);
}

void check(const RoundScoreClaim& c, const ClaimsFile& file, const CheckContext&, ClaimResult& r) {
    const GameFacts& facts = *file.facts;
    const RoundScore score = facts.score_round
                                 ? facts.score_round(c.challenges, c.stones, c.unmet)
                                 : RoundScore{std::nullopt, "the " + file.game + " model scores no rounds"};
    if (!score.penalty) {
        r.status = Status::Unchecked;
        r.evidence = score.evidence;
        return;
    }
    r.status = *score.penalty == c.penalty ? Status::True : Status::False;
    r.evidence = score.evidence + (*score.penalty == c.penalty ? "" : ", not " + std::to_string(c.penalty));
}

// Profiles spell readings as "bottom-pyramid"; claims may too.
std::string normalise_reading(std::string v) {
    for (const char* suffix : {"-pyramid", "_pyramid", " pyramid"}) {
        std::string s = suffix;
        if (v.size() > s.size() && v.compare(v.size() - s.size(), s.size(), s) == 0)
            v.resize(v.size() - s.size());
    }
    return v;
}

void check(const RuleClaim& c, const ClaimsFile& file, const CheckContext& ctx, ClaimResult& r) {
    const RuleReading* spec = nullptr;
    for (const auto& s : file.facts->rules) {
        if (s.name == c.rule) spec = &s;
    }
    if (!spec) {
        std::string known;
        std::vector<std::string> names;
        for (const auto& s : file.facts->rules) {
            known += (known.empty() ? "" : ", ") + s.name;
            names.push_back(s.name);
        }
        r.status = Status::Unchecked;
        r.evidence = "the " + file.game + " model has no rule \"" + c.rule + "\"" +
                     did_you_mean(c.rule, names) + (known.empty() ? "" : " (it has: " + known + ")");
        return;
    }
    std::string reading = normalise_reading(c.value);
    if (std::find(spec->readings.begin(), spec->readings.end(), reading) == spec->readings.end()) {
        std::string known;
        for (const auto& v : spec->readings) known += (known.empty() ? "" : ", ") + v;
        r.status = Status::Unchecked;
        r.evidence = "\"" + c.value + "\" is not a reading the model knows for " + c.rule +
                     did_you_mean(reading, spec->readings) + " (" + known + ")";
        return;
    }
    std::vector<std::string> problems;
    std::string basis;
    std::optional<std::string> model;
    if (ctx.profile) {
        if (auto it = ctx.profile->rules.find(c.rule); it != ctx.profile->rules.end()) {
            model = normalise_reading(it->second);
            basis = "the edition profile " + ctx.profile->file;
        }
    }
    if (!model && (model = spec->model_reading())) basis = "the model's scoring";
    if (model && *model != reading)
        problems.push_back(basis + " reads " + c.rule + " as " + *model + ", not " + reading);
    if (spec->contradictions) {
        for (const auto& why : spec->contradictions(file, reading))
            problems.push_back("internal inconsistency: " + why);
    }
    if (!problems.empty()) {
        r.status = Status::False;
        r.evidence = join_problems(problems);
    } else if (model) {
        r.status = Status::True;
        r.evidence = basis + " reads it as " + *model +
                     (spec->contradictions ? ", and no other claim of this file contradicts it" : "");
    } else {
        r.status = Status::Unchecked;
        r.evidence = "the model leaves " + c.rule +
                     " to the edition profile, and there is none for edition \"" + file.edition + "\"";
    }
}

}  // namespace

const char* to_string(Status status) {
    switch (status) {
        case Status::True:
            return "true";
        case Status::False:
            return "false";
        default:
            return "unchecked";
    }
}

const aztlan::DomainTable& domain_table_on_map(const CheckContext& ctx, int rows) {
    int size = std::max(1, std::min(rows, ctx.map->size()));
    auto it = ctx.tables->find(size);
    if (it == ctx.tables->end())
        it = ctx.tables->emplace(size, aztlan::compute_domain_table(*ctx.map, size)).first;
    return it->second;
}

namespace {

// The model constant a claim compares with the book when that is all it does (a count, a table without
// a supply to fit, a rule reading no other claim can contradict) and the model types it rather than
// derives it; "" otherwise.
std::string restated_constant(const Claim& claim, const GameFacts& facts) {
    if (const auto* c = claim.as<CountClaim>())
        return facts.counts.count(c->component) && !facts.derived.count(c->component) ? c->component : "";
    if (const auto* c = claim.as<ValueTableClaim>()) {
        if (c->supply) return "";
        std::string name = c->table;
        if (c->players && !facts.tables.count(name)) name += "_" + std::to_string(*c->players) + "p";
        return facts.tables.count(name) && !facts.derived.count(name) ? name : "";
    }
    if (const auto* c = claim.as<RuleClaim>()) {
        for (const auto& rule : facts.rules) {
            if (rule.name == c->rule && !rule.contradictions && !facts.derived.count(rule.name))
                return rule.name;
        }
    }
    return "";
}

}  // namespace

int FileReport::restated() const {
    return static_cast<int>(std::count_if(results.begin(), results.end(), [](const ClaimResult& r) {
        return r.status == Status::True && !r.restates.empty();
    }));
}

int FileReport::verified() const { return count(Status::True) - restated(); }

int FileReport::count(Status status) const {
    return static_cast<int>(std::count_if(results.begin(), results.end(),
                                          [&](const ClaimResult& r) { return r.status == status; }));
}

FileReport check_claims(const ClaimsFile& claims, const CheckContext& context) {
    FileReport report;
    report.file = claims.file;
    report.game = claims.game;
    report.edition = claims.edition;
    report.source = claims.source;
    report.map = context.map ? context.map_name : "";
    report.analyses = claims.analyses;
    for (const auto& c : claims.claims) {
        ClaimResult r;
        r.id = c.id;
        r.kind = c.kind();
        r.note = c.note;
        r.place_in_book = c.place_in_book;
        std::visit(
            [&](const auto& body) {
                using Kind = std::decay_t<decltype(body)>;
                if (Kind::kGame && claims.game != Kind::kGame) {
                    r.status = Status::Unchecked;
                    r.evidence = std::string(Kind::kName) + " claims are about " + Kind::kGame +
                                 "; this file is about " + claims.game;
                } else {
                    check(body, claims, context, r);
                }
            },
            c.body);
        if (r.status == Status::True) r.restates = restated_constant(c, *claims.facts);
        report.results.push_back(std::move(r));
    }
    return report;
}

LoadedClaims load_for_checking(const std::filesystem::path& claims_file, const GameCatalog& games,
                               const std::optional<std::filesystem::path>& map_override) {
    LoadedClaims out;
    out.claims = load_claims_file(claims_file, games);
    std::optional<std::filesystem::path> map_file = map_override ? map_override : out.claims.map;
    if (map_file) {
        out.map = std::make_unique<aztlan::Map>(aztlan::load_map(*map_file));
        if (out.map->size() > aztlan::kMaxBitsetTerritories)  // the domain table's limit, checked up front
            throw InputError(map_file->string(), "territories",
                             "the domain table supports maps of at most 64 territories (this one has " +
                                 std::to_string(out.map->size()) + ")");
        out.context.map = out.map.get();
        out.context.map_name = out.map->id.empty() ? map_file->filename().string() : out.map->id;
    }
    const GameFacts& facts = *out.claims.facts;
    std::optional<std::filesystem::path> profile = out.claims.profile;
    if (!profile && facts.shipped_profile && !out.claims.edition.empty())
        profile = facts.shipped_profile(out.claims.edition);
    if (profile) {
        if (!facts.read_profile)
            throw InputError(out.claims.file, "profile",
                             "the " + facts.name + " model has no edition profiles");
        out.context.profile = facts.read_profile(*profile);
    }
    return out;
}

}  // namespace tlaloc::verify
