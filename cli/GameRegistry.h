// Every game tlaloc knows, in one list: its CLI commands, the facts its rulebook claims are checked
// against, and the hooks of the shared conformance tests. The CLI, the claims parser and checker (via
// claim_catalog) and tests/ConformanceTest.cpp iterate this list; nothing else names the games.
#pragma once
#include <CLI/CLI.hpp>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "model/common/Json.h"
#include "verify/claims/GameFacts.h"

namespace tlaloc::cli {

// One input file format of a game, with what the conformance tests need to exercise it. The fuzz
// targets are made from this list too (fuzz/FuzzProperties.cpp: format "<game>-<name>", its seeds the
// samples, its inputs written into the folder of the first sample).
struct FileFormat {
    std::string name;  // "challenge"
    // Shipped and fixture files, relative to the source tree; "dir/*.json" takes a folder's files.
    // The first one's folder is where such files live (relative paths inside them resolve there).
    std::vector<std::string> samples;
    // Parses the file, writes it and parses the text again: "" when the two readings are equal, else
    // what differs. A bad file throws InputError.
    std::function<std::string(const std::filesystem::path& file)> round_trip;
    // A command that reads one such file, with "{}" standing for the file: "xalapa solve {}".
    std::string command;
    // Each line of the file is one JSON document (JSON lines) rather than the file being one.
    bool json_lines = false;
};

struct GameEntry {
    std::string name;  // the CLI group ("tlaloc xalapa ...") and the "game" of claims files
    std::function<void(CLI::App& app)> add_commands;
    verify::GameFacts facts;
    std::vector<FileFormat> formats;
    // A random instance made from `seed` on which two independent routes to one answer must agree (the
    // game's solver and its own evaluator or rules engine, or two unrelated algorithms): "" when they
    // do, else what differs. Empty: the game has nothing to cross-check.
    std::function<std::string(std::uint64_t seed)> random_check;
};

// For round_trip hooks: "" when `first` (written from the file's reading) equals `second` (written
// from the reading of `first`), else the first place where they differ.
std::string written_difference(const Json& first, const Json& second);

// The registry: one line per game in cli/GameRegistry.cpp; each entry is built in cli/<Game>Game.cpp.
const std::vector<GameEntry>& games();
const GameEntry* find_game(const std::string& name);
// The claims facts of every registered game, for verify/ (which may not include the CLI layer).
const verify::GameCatalog& claim_catalog();

GameEntry xalapa_game();
GameEntry aztlan_game();
GameEntry azteka_game();
GameEntry akelarre_game();

}  // namespace tlaloc::cli
