#include "cli/GameRegistry.h"

namespace tlaloc::cli {

const std::vector<GameEntry>& games() {
    // Adding a game: its folders, its cli/<Game>Game.cpp, and one line here.
    static const std::vector<GameEntry> all = {
        xalapa_game(),
        aztlan_game(),
        azteka_game(),
        akelarre_game(),
    };
    return all;
}

std::string written_difference(const Json& first, const Json& second) {
    if (first == second) return "";
    Json patch = Json::diff(first, second);
    return "written twice, the texts differ at " + patch.at(0).value("path", std::string("/")) + ": " +
           patch.at(0).dump();
}

const GameEntry* find_game(const std::string& name) {
    for (const auto& g : games()) {
        if (g.name == name) return &g;
    }
    return nullptr;
}

const verify::GameCatalog& claim_catalog() {
    static const verify::GameCatalog catalog = [] {
        verify::GameCatalog out;
        for (const auto& g : games()) out.push_back(g.facts);
        return out;
    }();
    return catalog;
}

}  // namespace tlaloc::cli
