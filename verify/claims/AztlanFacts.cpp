#include "verify/claims/AztlanFacts.h"

#include <algorithm>
#include <stdexcept>

#include "model/aztlan/Components.h"
#include "model/aztlan/DomainTable.h"
#include "model/aztlan/Game.h"
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

void add_engine_tables(const aztlan::Profile& profile, Tables& tables);

// An edition profile's readings, and the engine's tables played under it.
EditionReadings read_profile(const std::filesystem::path& file) {
    aztlan::Profile profile = aztlan::load_profile(file);
    EditionReadings out{file.filename().string(),
                        {{"domain_without_bonus", aztlan::to_string(profile.domain_without_bonus)},
                         {"tie_break", aztlan::to_string(profile.tie_break)},
                         {"eagle_jaguar", aztlan::to_string(profile.eagle_jaguar)},
                         {"eagle_jaguar_from_removed", profile.eagle_jaguar_from_removed ? "yes" : "no"}},
                        {}};
    // Without the shipped map (a broken install) the engine's claims stay unchecked.
    try {
        add_engine_tables(profile, out.tables);
    } catch (const std::exception&) {
        out.tables.clear();
    }
    return out;
}

std::optional<std::filesystem::path> shipped_profile(const std::string& edition) {
    if (!aztlan::is_profile_name(edition)) return std::nullopt;
    auto file = aztlan::shipped_profile_file(edition);
    std::error_code ec;
    if (!std::filesystem::is_regular_file(file, ec)) return std::nullopt;
    return file;
}

// ---- Facts read off games the rules engine plays ----

// A plain game: every player puts every pawn on the first territory and plays the power cards of
// `cards` (per player, per age) in order, coexists where they win and plays no prosperity card.
// With different cards each age has one sole strongest, who draws a card (the deck unshuffled:
// Blessings on top, so what is drawn stays in hand as ordinary cards).
aztlan::Game plain_game(const aztlan::Map& map, const aztlan::Profile& profile, int players,
                        const std::vector<std::vector<int>>& cards) {
    std::vector<int> stack(players);
    for (int p = 0; p < players; ++p) stack[p] = p;
    aztlan::Game game(map, profile, players, stack, aztlan::prosperity_deck());
    aztlan::AgeScript script;
    script.places.assign(game.sides().size(), std::vector<int>(aztlan::pawns_per_age(players, 1), 0));
    script.decisions.assign(players, {{0, aztlan::Decision::Coexist}});
    while (!game.over()) {
        script.cards.clear();
        for (int p = 0; p < players; ++p) script.cards.push_back(cards[p][game.age() - 1]);
        if (auto refused = aztlan::play_scripted_age(game, script)) throw std::logic_error(*refused);
    }
    return game;
}

}  // namespace

ConflictExample play_conflict_example_a_e(const aztlan::Map& map, const aztlan::Profile& profile) {
    auto at = [&map](const char* id) {
        auto t = map.index_of(id);
        if (!t) throw std::invalid_argument(std::string("the map has no territory ") + id);
        return *t;
    };
    const int A = at("T01"), B = at("T06"), C = at("T11"), D = at("T16"), E = at("T21");
    // Each tribe's own ground, away from the contested five: red's three cities, yellow's city and
    // two neighbours, green's mountain next to E (its pawns walk into E in age II), a spare for blue.
    const int red1 = at("T17"), red2 = at("T19"), red3 = at("T30"), yellow1 = at("T04"), yellow2 = at("T27"),
              yellow3 = at("T28"), green = at("T12"), blue = at("T02");
    ConflictExample ex{
        aztlan::Game(map, profile, 4, {0, 1, 2, 3}, aztlan::prosperity_deck()), {A, B, C, D, E}, {}};
    aztlan::AgeScript first;
    first.cards = {9, 9, 9, 9};
    first.places = {{red1, red2, red3, red1, red2, red3, red1},
                    {yellow1, yellow2, yellow3, yellow1, yellow1, yellow1, yellow1},
                    std::vector<int>(7, green),
                    {E, E, E, E, E, D, D}};
    ex.refused = aztlan::play_scripted_age(ex.game, first);
    if (ex.refused) return ex;
    aztlan::AgeScript second;
    second.cards = {6, 8, 5, 7};
    second.places = {{A, A, C, red1, red1, red1},
                     {B, C, yellow1, yellow1, yellow1, yellow1},
                     {A, D, D, E, E, E},
                     {B, blue, blue, blue, blue, blue}};
    second.moves = {{}, {}, {{0, {green, E}}, {1, {green, E}}, {2, {green, E}}, {3, {green, E}}}, {}};
    second.decisions = {{}, {{B, aztlan::Decision::Coexist}}, {}, {}};
    ex.refused = aztlan::play_scripted_age(ex.game, second);
    return ex;
}

namespace {

// For each of A..E, the place in age II's turn order (1 = most VP) of the player who settled it;
// 0 for a tie, which nobody settles; -1 when the engine found no conflict there.
void add_conflict_example_table(const aztlan::Map& map, const aztlan::Profile& profile, Tables& tables) {
    const ConflictExample ex = play_conflict_example_a_e(map, profile);
    if (ex.refused || ex.game.ages().size() < 2) return;
    const aztlan::ConflictPhase& phase = ex.game.ages()[1].conflicts;
    for (std::size_t i = 0; i < ex.territories.size(); ++i) {
        int settled_by = -1;
        for (const aztlan::Conflict& c : phase.conflicts) {
            if (c.territory != ex.territories[i]) continue;
            settled_by = c.outcome == aztlan::ConflictOutcome::Tie
                             ? 0
                             : static_cast<int>(std::find(phase.order.begin(), phase.order.end(), c.winner) -
                                                phase.order.begin()) +
                                   1;
        }
        tables["engine_conflict_example_settlers"][std::string(1, static_cast<char>('A' + i))] = settled_by;
    }
}

// Engine-played tables under `profile`: pawns taken per age, the alliance player 1 moves each age
// (two players), cards drawn per coexistence by number of enemies, points per prosperity card kept
// (by how many a player kept, Offerings included) and Blessing points by territories of the god's
// type held.
void add_engine_tables(const aztlan::Profile& profile, Tables& tables) {
    const aztlan::Map map = aztlan::load_map(data_dir() / "puzzles" / "aztlan" / "aztlan.json");
    const std::vector<std::vector<int>> cards = {
        {9, 8, 4, 5, 6}, {4, 5, 9, 6, 7}, {5, 6, 7, 9, 8}, {6, 4, 5, 7, 9}};
    for (int players = 2; players <= 4; ++players) {
        aztlan::Game game = plain_game(map, profile, players, cards);
        auto& taken = tables["engine_pawns_per_age_" + std::to_string(players) + "p"];
        for (const auto& age : game.ages()) taken[std::to_string(age.age)] = age.taken.front();
        int drawn = 0;
        for (const auto& d : game.ages().front().drawn) drawn += static_cast<int>(d.size());
        tables["engine_cards_per_coexistence"][std::to_string(players - 1)] = drawn;
        if (players == 2) {
            aztlan::Game two = aztlan::Game::seeded(map, game.profile(), 2, 1);
            for (int age = 1; age <= aztlan::kAges; ++age) {
                while (two.age() < age) {
                    aztlan::Action a;
                    a.player = two.to_act();
                    a.phase = two.phase();
                    if (a.phase == aztlan::Phase::Alliance) a.alliance = a.player;
                    if (a.phase == aztlan::Phase::Choice) a.card = cards[a.player][two.age() - 1];
                    if (a.phase == aztlan::Phase::Development) a.place = 0;
                    if (a.phase == aztlan::Phase::Conflict) a = aztlan::scripted_conflict_action(two, {});
                    two.apply(a);
                }
                tables["engine_alliance_control_2p"][std::to_string(age)] = two.side_of(0) + 1;
            }
        }
        if (players == 3) {
            for (int p = 0; p < players; ++p) {
                const int kept = static_cast<int>(game.seats()[p].hand.size());
                if (kept)
                    tables["engine_points_per_cards_kept"][std::to_string(kept)] =
                        game.final_scores()[p].cards_in_hand;
            }
        }
    }
    add_conflict_example_table(map, profile, tables);
    // Blessings: one player holding n of the 6 jungles (and nothing else), with and without Mixcoatl's.
    aztlan::MapGraph graph(map);
    for (int n = 1; n <= 6; ++n) {
        aztlan::PlayerPosition p;
        p.card = 9;
        p.pawns.assign(map.size(), 0);
        int placed = 0;
        for (int t = 0; t < map.size() && placed < n; ++t)
            if (map.territories[t].type == aztlan::TerritoryType::Jungle) p.pawns[t] = 1, ++placed;
        int without = aztlan::score_player(graph, profile, p).points;
        p.play.push_back({aztlan::ProsperityCard::BlessingMixcoatl, std::nullopt});
        tables["engine_blessing_points"][std::to_string(n)] =
            aztlan::score_player(graph, profile, p).points - without;
    }
}
// Counts the model derives instead of typing them: the territories of the shipped map, the prosperity
// cards and pawns a seeded game deals out, the ages a game plays and the player counts it accepts.
void add_derived_counts(Counts& counts) {
    const aztlan::Map map = aztlan::load_map(data_dir() / "puzzles" / "aztlan" / "aztlan.json");
    std::map<aztlan::TerritoryType, int> per_type;
    for (const auto& t : map.territories) ++per_type[t.type];
    counts["territories"] = map.size();
    counts["territory_types"] = static_cast<int>(per_type.size());
    int least = map.size(), most = 0;
    for (const auto& [type, n] : per_type) least = std::min(least, n), most = std::max(most, n);
    counts["territories_per_type"] = least == most ? least : 0;  // 0: the types differ in size
    const aztlan::Profile profile = aztlan::load_profile(aztlan::shipped_profile_file("de"));
    const aztlan::Game four = aztlan::Game::seeded(map, profile, 4, 1);
    counts["prosperity_cards"] = static_cast<int>(four.initial_deck().size());
    counts["offering_cards"] = static_cast<int>(std::count(
        four.initial_deck().begin(), four.initial_deck().end(), aztlan::ProsperityCard::OfferingToTheGods));
    int pawns = 0;
    for (const auto& side : four.sides()) pawns += side.pawns;
    counts["pawns"] = pawns;
    counts["pawns_per_tribe"] = four.sides().front().pawns;
    counts["pawns_per_alliance"] = aztlan::Game::seeded(map, profile, 2, 1).sides().front().pawns;
    const std::vector<std::vector<int>> cards = {
        {9, 8, 4, 5, 6}, {4, 5, 9, 6, 7}, {5, 6, 7, 9, 8}, {6, 4, 5, 7, 9}};
    counts["ages"] = static_cast<int>(plain_game(map, profile, 4, cards).ages().size());
    int fewest_players = 0, most_players = 0;
    for (int players = 1; players <= 6; ++players) {
        try {
            aztlan::Game::seeded(map, profile, players, 1);
        } catch (const std::invalid_argument&) {
            continue;
        }
        if (!fewest_players) fewest_players = players;
        most_players = players;
    }
    counts["players_min"] = fewest_players;
    counts["players_max"] = most_players;
}

}  // namespace

GameFacts aztlan_claim_facts() {
    GameFacts facts;
    facts.name = "aztlan";
    facts.counts = aztlan::component_counts();
    facts.tables = aztlan::component_tables();
    for (int k = 0; k <= aztlan::kMaxBonusColumn; ++k)
        facts.tables["bonus_points"][std::to_string(k)] = bonus_points(k);
    // Without the shipped map or profiles (a broken install) the derived counts stay unchecked. The
    // engine's tables are played under each claims file's own edition profile (read_profile).
    try {
        add_derived_counts(facts.counts);
        facts.derived = {"territories",    "territory_types", "territories_per_type", "prosperity_cards",
                         "offering_cards", "pawns",           "pawns_per_tribe",      "pawns_per_alliance",
                         "ages",           "players_min",     "players_max"};
    } catch (const std::exception&) {}
    // Computed from a rule, or played by the engine: a printed table can disagree with them.
    for (const auto& [name, table] : facts.tables) {
        if (name == "bonus_points" || name == "offerings" || name.rfind("engine_", 0) == 0)
            facts.derived.insert(name);
    }
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
        // Whether Eagle and Jaguar Warriors, with an empty supply, may bring back a removed pawn.
        {"eagle_jaguar_from_removed", {"yes", "no"}, [] { return std::optional<std::string>(); }, {}},
    };
    facts.read_profile = read_profile;
    facts.shipped_profile = shipped_profile;
    return facts;
}

}  // namespace tlaloc::verify
