#include "puzzles/azteka/RandomPosition.h"

#include "model/azteka/Rules.h"

namespace tlaloc::azteka {

Position random_position(std::mt19937& rng, const std::string& variant, int plies, int any_action_one_in) {
    for (;;) {
        Game g = start_game(Position(profile_named(variant)));
        for (int i = 0; i < plies && !g.over(); ++i) {
            auto actions = legal_actions(g);
            std::vector<Action> places;
            for (auto& a : actions)
                if (a.kind == ActionKind::Place) places.push_back(a);
            auto& pool =
                (!places.empty() && rng() % static_cast<unsigned>(any_action_one_in) != 0) ? places : actions;
            apply(g, pool[rng() % pool.size()]);
        }
        if (!g.over() && !g.birth_pending) return g.position;
    }
}

}  // namespace tlaloc::azteka
