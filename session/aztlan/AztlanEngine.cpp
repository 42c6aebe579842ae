#include "session/aztlan/AztlanEngine.h"

#include <algorithm>
#include <map>
#include <mutex>
#include <sstream>
#include <stdexcept>

#include "puzzles/aztlan/GameBots.h"
#include "puzzles/aztlan/GameLog.h"
#include "puzzles/aztlan/MapPicture.h"

namespace tlaloc::session {

namespace {

using namespace aztlan;

const Profile& profile_of(const std::string& id) {
    static std::mutex lock;
    static std::map<std::string, Profile> loaded;
    std::lock_guard<std::mutex> hold(lock);
    auto found = loaded.find(id);
    if (found != loaded.end()) return found->second;
    Json none = Json::object();
    try {
        return loaded.emplace(id, load_named_profile(id, JsonPlace(none, "--profile"))).first->second;
    } catch (const InputError& e) {
        throw std::invalid_argument(e.what());
    }
}

Game seeded_game(int players, const std::string& profile, std::uint64_t seed) {
    if (players < kMinGamePlayers || players > kMaxGamePlayers)
        throw std::invalid_argument("Aztlán is played by 2 to 4 players");
    return Game::seeded(game_map(), profile_of(profile), players, seed);
}

// Development actions: every territory for the pawn, Eagle and Jaguar's extra pawn or not, and no
// move or any move of a pawn of the side (after the placement).
std::vector<Action> development_candidates(const Game& game, Action a) {
    std::vector<Action> out;
    const int side = game.side_of(a.player);
    for (int t = 0; t < game.map().size(); ++t) {
        a.place = t;
        a.eagle.reset();
        a.move.reset();
        if (game.why_illegal(a)) continue;  // the pawn cannot go there at all
        std::vector<std::optional<int>> eagles = {std::nullopt};
        for (int e : game.eagle_targets(a.player, t)) eagles.push_back(e);
        std::vector<std::optional<std::pair<int, int>>> moves = {std::nullopt};
        for (const auto& m : game.moves_of(side)) moves.push_back(m);
        for (int n : game.map().territories[t].neighbors) moves.push_back(std::make_pair(t, n));
        for (const auto& e : eagles)
            for (const auto& m : moves) {
                a.eagle = e;
                a.move = m;
                out.push_back(a);
            }
    }
    return out;
}

std::vector<Action> conflict_candidates(const Game& game, Action a) {
    std::vector<Action> out;
    const std::vector<std::optional<Decision>> decisions = {std::nullopt, Decision::Defeat,
                                                            Decision::Coexist};
    std::vector<int> territories = game.conflicts_to_settle(a.player);
    if (game.open_conflict()) territories = {game.open_conflict()->territory};
    for (int t : territories)
        for (const std::optional<ProsperityCard> card :
             {std::optional<ProsperityCard>(), std::optional(ProsperityCard::GreatTlatoani),
              std::optional(ProsperityCard::SacredGames)})
            for (const auto& d : decisions) {
                a.territory = t;
                a.play.clear();
                if (card) a.play.push_back({*card, t});
                a.decision = d;
                out.push_back(a);
            }
    return out;
}

std::vector<Action> scoring_candidates(const Game& game, Action a) {
    const std::vector<ProsperityCard> kinds = {
        ProsperityCard::BlessingMixcoatl, ProsperityCard::BlessingTepeyollotl,
        ProsperityCard::BlessingXipeTotec, ProsperityCard::RaftsAndCanoes};
    std::vector<Action> out;
    const Seat& seat = game.seats()[a.player];
    std::vector<std::optional<TerritoryType>> bonuses = {std::nullopt};
    if (!game.profile().bonus_type_of(seat.card))
        for (int t = 0; t < kTerritoryTypeCount; ++t) bonuses.push_back(static_cast<TerritoryType>(t));
    for (unsigned mask = 0; mask < (1u << kinds.size()); ++mask) {
        a.play.clear();
        bool held = true;
        for (std::size_t k = 0; k < kinds.size(); ++k)
            if (mask & (1u << k)) {
                held = held && std::count(seat.hand.begin(), seat.hand.end(), kinds[k]) > 0;
                a.play.push_back({kinds[k], std::nullopt});
            }
        if (!held) continue;
        for (const auto& b : bonuses) {
            a.bonus = b;
            out.push_back(a);
        }
    }
    return out;
}

std::vector<Action> candidates(const Game& game) {
    Action a;
    a.player = game.to_act();
    a.phase = game.phase();
    std::vector<Action> out;
    switch (a.phase) {
        case Phase::Alliance:
            for (std::size_t s = 0; s < game.sides().size(); ++s)
                out.push_back(a), out.back().alliance = int(s);
            return out;
        case Phase::Choice:
            for (int c = kLowestCard; c <= kHighestCard; ++c) out.push_back(a), out.back().card = c;
            return out;
        case Phase::Development:
            return development_candidates(game, a);
        case Phase::Conflict:
            return conflict_candidates(game, a);
        case Phase::Scoring:
            return scoring_candidates(game, a);
        default:
            return out;
    }
}

}  // namespace

AztlanEngine::AztlanEngine(int players, const std::string& profile, std::uint64_t seed)
    : game_(seeded_game(players, profile, seed)) {
    first_ = game_.turn_order().front();
    if (game_.phase() == Phase::Choice) choice_start_ = std::make_shared<const Game>(game_);
}

std::string AztlanEngine::text(const Action& a) const {
    Json line = action_line(game_, a);
    line.erase("kind");
    line.erase("age");
    return line.dump();
}

std::vector<std::string> AztlanEngine::legal_actions() const {
    std::vector<std::string> out;
    if (over()) return out;
    for (const Action& a : legal_aztlan_actions(game_)) out.push_back(text(a));
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

std::optional<Action> AztlanEngine::checked(const std::string& action, std::string& why) const {
    if (over()) return why = "the game is over", std::nullopt;
    const Json parsed = Json::parse(action, nullptr, false);
    if (!parsed.is_object())
        return why = "not an Aztlán action (a JSON object with \"phase\" and \"player\")", std::nullopt;
    try {
        Action a = parse_action(game_, JsonPlace(parsed, "action"));
        if (auto refused = game_.why_illegal(a)) return why = *refused, std::nullopt;
        return a;
    } catch (const InputError& e) {
        return why = e.what(), std::nullopt;
    }
}

std::optional<std::string> AztlanEngine::why_illegal_one(const std::string& action) const {
    std::string why;
    if (checked(action, why)) return std::nullopt;
    return why;
}

// Read and checked once: the state is unchanged when the action is refused.
void AztlanEngine::apply_one(const std::string& action) {
    std::string why;
    const std::optional<Action> a = checked(action, why);
    if (!a) throw std::logic_error("aztlan: " + why);
    step(*a);
}

void AztlanEngine::step(const Action& a) {
    const Phase before = game_.phase();
    const std::size_t ages = game_.ages().size();
    game_.apply(a);
    ended_age_ = ages > 0 && (game_.ages().size() > ages || game_.over()) ? static_cast<int>(ages) - 1 : -1;
    ++actions_;
    if (before == Phase::Choice) choices_.push_back(a);
    if (game_.phase() == Phase::Choice && before != Phase::Choice) {
        choice_start_ = std::make_shared<const Game>(game_);
        choices_.clear();
    }
}

Json AztlanEngine::dealt() const { return dealt_json(game_); }

void AztlanEngine::read_dealt(const JsonPlace& dealt) const {
    dealt.expect_only_keys({"stack", "deck"});
    for (const JsonPlace& p : dealt.at("stack").items()) p.as_int(1, players());
    for (const JsonPlace& c : dealt.at("deck").items())
        if (!prosperity_card_from_string(c.as_string()))
            c.fail("unknown prosperity card \"" + c.as_string() + "\"");
}

Json AztlanEngine::settled() const {
    if (ended_age_ < 0) return nullptr;
    Json age = age_line(game_, game_.ages()[static_cast<std::size_t>(ended_age_)]);
    age.erase("kind");
    return age;
}

Json AztlanEngine::final_account() const {
    if (!over()) return Json::object();
    Json end = end_line(game_);
    end.erase("kind");
    return end;
}

std::vector<Rng> AztlanEngine::bot_rngs(std::uint64_t seed) const {
    Rng seeds(seed ^ 0x9E3779B97F4A7C15ULL);
    std::vector<Rng> out;
    for (int p = 0; p < players(); ++p) out.emplace_back(seeds());
    return out;
}

std::optional<std::string> AztlanEngine::unreadable(const std::string& action) const {
    const Json parsed = Json::parse(action, nullptr, false);
    if (!parsed.is_object()) return "not an Aztlán action (a JSON object with \"phase\" and \"player\")";
    try {
        (void)parse_action(game_, JsonPlace(parsed, ""));
    } catch (const InputError& e) {
        return std::string(e.what());
    }
    return std::nullopt;
}

std::vector<int> AztlanEngine::scores() const {
    std::vector<int> out;
    for (const FinalScore& f : game_.final_scores()) out.push_back(f.total);
    if (out.empty())
        for (const Seat& s : game_.seats()) out.push_back(s.vp);
    return out;
}

std::vector<int> AztlanEngine::winners() const {
    if (!over()) return {};
    return {game_.ranking().front()};
}

std::string AztlanEngine::own_bot_action(OwnBot bot, Rng& rng) const {
    return text(bot_action(game_, bot == OwnBot::Random ? GameBot::Random : GameBot::Greedy, rng));
}

// Outside development every legal action; in development the greedy bot's action, the same
// without its move, and a few of the random bot's.
std::vector<std::string> AztlanEngine::search_actions(Rng& rng) const {
    if (game_.phase() != Phase::Development) return legal_actions();
    Action greedy = bot_action(game_, GameBot::Greedy, rng);
    std::vector<std::string> out = {text(greedy)};
    greedy.move.reset();
    out.push_back(text(greedy));
    for (int i = 0; i < 6; ++i) out.push_back(text(bot_action(game_, GameBot::Random, rng)));
    std::vector<std::string> unique;
    for (std::string& a : out)
        if (std::find(unique.begin(), unique.end(), a) == unique.end()) unique.push_back(std::move(a));
    return unique;
}

void AztlanEngine::play_out(Rng& rng) {
    while (!game_.over()) step(bot_action(game_, GameBot::Random, rng));
}

// In a choice phase, the cards the others chose before the seat are drawn again among the cards
// each had not used (the choice is made again from the age's start).
std::unique_ptr<Engine> AztlanEngine::determinize(int seat, Rng& rng) const {
    auto out = std::make_unique<AztlanEngine>(*this);
    if (game_.phase() != Phase::Choice || choices_.empty() || !choice_start_) return out;
    Game g = *choice_start_;
    for (Action a : choices_) {
        if (a.player != seat) {
            std::vector<int> unused;
            for (int c = kLowestCard; c <= kHighestCard; ++c)
                if (!g.seats()[a.player].used[c - kLowestCard]) unused.push_back(c);
            a.card = unused[rng() % unused.size()];
        }
        g.apply(a);
    }
    out->game_ = std::move(g);
    return out;
}

std::string AztlanEngine::stage_label() const {
    if (over()) return "the end";
    return "age " + std::to_string(game_.age()) + ", " + to_string(game_.phase());
}

std::string AztlanEngine::describe() const { return describe_aztlan(game_, -1); }

std::string AztlanEngine::describe_for(int viewer) const { return describe_aztlan(game_, viewer); }

// viewer -1: everything; else the other players' prosperity cards as a count and, while power cards
// are being chosen, the others' cards as "being chosen" (they are revealed together).
std::string describe_aztlan(const Game& game, int viewer) {
    std::ostringstream out;
    const Map& map = game.map();
    if (game.over())
        out << "the game is over\n";
    else
        out << "age " << game.age() << ", " << to_string(game.phase()) << "; to act: player "
            << game.to_act() + 1 << "\n";
    for (int p = 0; p < game.players(); ++p) {
        const Seat& seat = game.seats()[static_cast<std::size_t>(p)];
        out << "  player " << p + 1;
        if (game.phase() != Phase::Alliance) out << " (" << game.sides()[game.side_of(p)].name << ")";
        out << ": " << seat.vp << " VP";
        const bool open = viewer < 0 || game.over() || p == viewer;
        if (!open && game.phase() == Phase::Choice)
            out << ", power card being chosen";
        else if (seat.card)
            out << ", power card " << seat.card;
        out << "; cards in hand:";
        if (seat.hand.empty())
            out << " none";
        else if (!open)
            out << " " << seat.hand.size() << " (not shown)";
        else
            for (ProsperityCard c : seat.hand) out << " " << to_string(c);
        out << "\n";
    }
    for (const Side& side : game.sides()) {
        out << "  " << side.name << " pawns: " << side.on_board() << " on the map";
        std::string where;
        for (int t = 0; t < map.size(); ++t)
            if (side.board[static_cast<std::size_t>(t)] > 0)
                where += (where.empty() ? "" : " ") + map.territories[static_cast<std::size_t>(t)].id +
                         (side.board[static_cast<std::size_t>(t)] > 1
                              ? "x" + std::to_string(side.board[static_cast<std::size_t>(t)])
                              : "");
        if (!where.empty()) out << " (" << where << ")";
        out << ", " << side.supply << " in the supply, " << side.hand << " in hand, " << side.removed
            << " removed\n";
    }
    out << "  prosperity deck: " << game.deck().size() << " cards, discarded: " << game.discard().size()
        << "\n";
    if (game.over()) {
        int place = 1;
        for (int p : game.ranking())
            out << "  " << place++ << ". player " << p + 1 << ": "
                << game.final_scores()[static_cast<std::size_t>(p)].total << " VP\n";
    }
    return out.str();
}

namespace {

// The picture's tribe colours in words (puzzles/aztlan/MapPicture's palette).
std::string colour_word(const std::string& hex) {
    static const std::map<std::string, std::string> words = {
        {"#f2c200", "yellow"}, {"#d62828", "red"},    {"#1f5fd1", "blue"},   {"#238b45", "green"},
        {"#262626", "black"},  {"#7b2cbf", "purple"}, {"#f77f00", "orange"}, {"#f5f5f5", "white"}};
    auto it = words.find(hex);
    return it == words.end() ? hex : it->second;
}

}  // namespace

std::string AztlanEngine::picture_svg() const {
    MapPictureOptions options;
    options.notes.push_back(over() ? "the game is over" : stage_label());
    std::string vp;
    for (int p = 0; p < game_.players(); ++p)
        vp += (p ? ", " : "") + std::string("player ") + std::to_string(p + 1) + " " +
              std::to_string(game_.seats()[static_cast<std::size_t>(p)].vp) + " VP";
    options.notes.push_back(vp);
    const Position position = game_.position();
    const std::vector<std::string> colours = player_colours(position.players);
    std::string key;
    for (std::size_t s = 0; s < position.players.size(); ++s)
        key += (s ? ", " : "pawns: ") + position.players[s].name + " " + colour_word(colours[s]);
    options.notes.push_back(key);
    return map_svg(position, options);
}

std::vector<Action> legal_aztlan_actions(const Game& game) {
    std::vector<Action> out;
    if (game.over()) return out;
    for (const Action& a : candidates(game))
        if (!game.why_illegal(a)) out.push_back(a);
    return out;
}

std::string short_aztlan_action(const Game& game, const Action& a) {
    const auto id = [&](int t) { return game.map().territories[static_cast<std::size_t>(t)].id; };
    std::string out;
    const auto cards = [&] {
        for (const PlayedCard& c : a.play)
            out += std::string(" ") + to_string(c.card) + (c.territory ? "@" + id(*c.territory) : "");
    };
    switch (a.phase) {
        case Phase::Alliance:
            return "alliance " + game.sides()[static_cast<std::size_t>(a.alliance)].name;
        case Phase::Choice:
            return "card " + std::to_string(a.card);
        case Phase::Development:
            out = "place " + id(a.place);
            if (a.eagle) out += " eagle " + id(*a.eagle);
            if (a.move) out += " move " + id(a.move->first) + "-" + id(a.move->second);
            return out;
        case Phase::Conflict:
            if (a.decision) {
                out =
                    "settle " + id(a.territory) + (*a.decision == Decision::Defeat ? " defeat" : " coexist");
                cards();
            } else {
                out = "answer " + id(a.territory);
                cards();
                if (a.play.empty()) out += " nothing";
            }
            return out;
        case Phase::Scoring:
            out = "score";
            cards();
            if (a.bonus) out += std::string(" bonus ") + to_string(*a.bonus);
            return out;
        default:
            return "?";
    }
}

}  // namespace tlaloc::session
