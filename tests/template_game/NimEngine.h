// The template game: three-pile Nim as a whole game behind session::Engine, written by following
// CONTRIBUTING.md's "Adding a game" for the session layer, as small as a game can be. It shows what an
// adapter owes the shared search, balance runs and conformance test (tests/SessionEngineTest.cpp runs
// it next to the real games), and stays out of the shipped program.
//
// Rules: 2 players take turns; a turn takes 1 or more objects from one pile; who takes the last
// object wins. The seed deals the piles (1-7 objects each) and who begins. An action is a JSON object,
// as a log would record it: {"pile": 0, "take": 2}.
#pragma once
#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "model/common/Json.h"
#include "session/common/Engine.h"

namespace tlaloc::template_game {

// The rules engine (a real game keeps it in model/<game>/): the state, why an action is refused,
// and applying one; no bots, no text.
struct NimState {
    std::vector<int> piles;
    int to_move = 0;
    int winner = -1;  // once over
    int turns = 0;
    int first = 0;
};

struct NimAction {
    int pile = 0, take = 0;
};

inline std::optional<std::string> why_illegal(const NimState& s, const NimAction& a) {
    if (s.winner >= 0) return "the game is over";
    if (a.pile < 0 || a.pile >= static_cast<int>(s.piles.size()))
        return "there is no pile " + std::to_string(a.pile);
    if (a.take < 1) return "a turn takes at least one object";
    if (a.take > s.piles[static_cast<std::size_t>(a.pile)])
        return "pile " + std::to_string(a.pile) + " holds only " +
               std::to_string(s.piles[static_cast<std::size_t>(a.pile)]);
    return std::nullopt;
}

inline void apply(NimState& s, const NimAction& a) {
    s.piles[static_cast<std::size_t>(a.pile)] -= a.take;
    ++s.turns;
    if (std::all_of(s.piles.begin(), s.piles.end(), [](int p) { return p == 0; }))
        s.winner = s.to_move;
    else
        s.to_move = 1 - s.to_move;
}

// The adapter (a real game keeps it in session/<game>/<Game>Engine.{h,cpp}).
class NimEngine : public session::Engine {
public:
    explicit NimEngine(std::uint64_t seed) {
        session::Rng rng(seed);
        for (int p = 0; p < 3; ++p) state_.piles.push_back(1 + static_cast<int>(rng() % 7));
        state_.first = state_.to_move = static_cast<int>(rng() % 2);
        dealt_piles_ = state_.piles;
    }

    std::unique_ptr<Engine> clone() const override { return std::make_unique<NimEngine>(*this); }
    int players() const override { return 2; }
    int to_act() const override { return over() ? -1 : state_.to_move; }
    bool over() const override { return state_.winner >= 0; }

    std::vector<std::string> legal_actions() const override {
        std::vector<std::string> out;
        if (over()) return out;
        for (std::size_t p = 0; p < state_.piles.size(); ++p)
            for (int take = 1; take <= state_.piles[p]; ++take)
                out.push_back(text({static_cast<int>(p), take}));
        return out;
    }

    std::vector<int> scores() const override {  // 1 for the winner
        std::vector<int> out(2, 0);
        if (over()) out[static_cast<std::size_t>(state_.winner)] = 1;
        return out;
    }
    std::vector<int> winners() const override {
        return over() ? std::vector<int>{state_.winner} : std::vector<int>{};
    }
    int first_player() const override { return state_.first; }
    int length() const override { return state_.turns; }
    const char* length_unit() const override { return "turns"; }
    const NimState& state() const { return state_; }

    // What its log records beside the actions (session/GameLog): the piles and the first player the
    // seed dealt, read strictly; the winner's last pile emptied settles nothing more to record.
    Json dealt() const override { return {{"piles", dealt_piles_}, {"first", state_.first + 1}}; }
    void read_dealt(const JsonPlace& dealt) const override {
        dealt.expect_only_keys({"piles", "first"});
        for (const JsonPlace& p : dealt.at("piles").items()) p.as_int(0, 7);
        dealt.at("first").as_int(1, 2);
    }
    std::optional<std::string> unreadable(const std::string& action) const override {
        if (parse(action)) return std::nullopt;
        return "not a Nim action: expected {\"pile\": P, \"take\": N}";
    }

    // random: any legal action; greedy (= best): a move to a position of nim-sum 0 when there is one,
    // else one object from the largest pile.
    std::string own_bot_action(session::OwnBot bot, session::Rng& rng) const override {
        if (bot == session::OwnBot::Random) {
            const std::vector<std::string> legal = legal_actions();
            return legal[rng() % legal.size()];
        }
        int sum = 0;
        for (int p : state_.piles) sum ^= p;
        for (std::size_t p = 0; p < state_.piles.size(); ++p)
            if (sum != 0 && (state_.piles[p] ^ sum) < state_.piles[p])
                return text({static_cast<int>(p), state_.piles[p] - (state_.piles[p] ^ sum)});
        const auto largest =
            std::max_element(state_.piles.begin(), state_.piles.end()) - state_.piles.begin();
        return text({static_cast<int>(largest), 1});
    }

protected:
    std::optional<std::string> why_illegal_one(const std::string& action) const override {
        const std::optional<NimAction> a = parse(action);
        if (!a) return "not a Nim action: expected {\"pile\": P, \"take\": N}";
        return template_game::why_illegal(state_, *a);
    }
    void apply_one(const std::string& action) override {
        const std::optional<NimAction> a = parse(action);
        if (!a || template_game::why_illegal(state_, *a))
            throw std::logic_error("illegal Nim action " + action);
        template_game::apply(state_, *a);
    }

private:
    static std::string text(const NimAction& a) { return Json{{"pile", a.pile}, {"take", a.take}}.dump(); }
    static std::optional<NimAction> parse(const std::string& action) {
        const Json j = Json::parse(action, nullptr, false);
        if (!j.is_object() || j.size() != 2 || !j.contains("pile") || !j.contains("take") ||
            !j["pile"].is_number_integer() || !j["take"].is_number_integer())
            return std::nullopt;
        const auto pile = j["pile"].get<std::int64_t>(), take = j["take"].get<std::int64_t>();
        if (pile < -1 || pile > 100 || take < -1 || take > 100) return NimAction{-1, -1};
        return NimAction{static_cast<int>(pile), static_cast<int>(take)};
    }

    NimState state_;
    std::vector<int> dealt_piles_;
};

}  // namespace tlaloc::template_game
