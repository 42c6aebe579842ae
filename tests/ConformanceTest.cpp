// Checks every registered game passes (cli/GameRegistry.h), in the spirit of a shared game
// conformance suite: a new game gets them by registering. Every sample file parses, writes and parses
// back to the same value; the solver agrees with the evaluator on random instances; and each class of
// bad input (malformed JSON, a wrong type, a number out of range, an unknown name, deep nesting) is
// one line on stderr naming the file, exit 2, nothing on stdout. A JSON-lines format is mutated on
// its first line, written as a file of that one line.
#include <fnmatch.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <set>

#include "cli/GameRegistry.h"
#include "tests/support/CliRun.h"
#include "tests/support/ScratchDir.h"
#include "tests/support/TestScale.h"

using namespace tlaloc;
using namespace tlaloc::cli;
using tlaloc::test_support::run_tlaloc_split;
namespace fs = std::filesystem;

namespace {

const fs::path kSource = TLALOC_SOURCE_DIR;

// A format's sample files: plain paths, or a file-name pattern in a folder ("dir/*-map.json"), sorted.
std::vector<fs::path> samples_of(const FileFormat& format) {
    std::vector<fs::path> out;
    for (const auto& s : format.samples) {
        fs::path path = kSource / s;
        std::string pattern = path.filename().string();
        if (pattern.find('*') == std::string::npos) {
            out.push_back(path);
            continue;
        }
        std::vector<fs::path> in_dir;
        for (const auto& e : fs::directory_iterator(path.parent_path()))
            if (fnmatch(pattern.c_str(), e.path().filename().c_str(), 0) == 0) in_dir.push_back(e.path());
        std::sort(in_dir.begin(), in_dir.end());
        out.insert(out.end(), in_dir.begin(), in_dir.end());
    }
    return out;
}

// The sample (its first line, for JSON lines) with every relative file reference made absolute, so a
// mutated copy elsewhere still finds the files it names (and fails only for the mutation).
Json standalone(const FileFormat& format, const fs::path& file) {
    std::ifstream in(file);
    std::string first_line;
    if (format.json_lines) std::getline(in, first_line);
    Json j = format.json_lines ? Json::parse(first_line) : Json::parse(in);
    std::function<void(Json&)> fix = [&](Json& v) {
        if (v.is_string()) {
            auto s = v.get<std::string>();
            std::error_code ec;
            if (s.size() > 5 && s.ends_with(".json") && fs::is_regular_file(file.parent_path() / s, ec))
                v = fs::weakly_canonical(file.parent_path() / s).string();
        } else if (v.is_structured()) {
            for (auto& e : v) fix(e);
        }
    };
    fix(j);
    return j;
}

struct Leaf {
    Json::json_pointer where;
    std::string key;  // the last object key on the way to it (what a good message names)
};

// Every string or number in the document, with the object key nearest to it.
void leaves(const Json& v, const Json::json_pointer& at, const std::string& key, std::vector<Leaf>& out) {
    if (v.is_object()) {
        for (auto it = v.begin(); it != v.end(); ++it) leaves(it.value(), at / it.key(), it.key(), out);
    } else if (v.is_array()) {
        for (std::size_t i = 0; i < v.size(); ++i) leaves(v[i], at / i, key, out);
    } else if (v.is_string() || v.is_number()) {
        out.push_back({at, key});
    }
}

// Keys whose strings are free text or file names: any value is accepted there, by design.
// (Lake ids and player names are names the file itself introduces.)
const std::set<std::string> kFreeText = {"id",     "name",  "note",  "description", "edition",
                                         "source", "title", "map",   "board",       "profile",
                                         "level",  "owner", "lakes", "players"};

// A (mutated) document as a file of the format: indented, or one line for JSON lines.
std::string file_text(const FileFormat& format, const Json& doc) {
    return format.json_lines ? doc.dump() + "\n" : doc.dump(1);
}

std::string command_for(const FileFormat& format, const fs::path& file) {
    std::string cmd = format.command;
    cmd.replace(cmd.find("{}"), 2, "'" + file.string() + "'");
    return cmd;
}

// Where the first number of a JSON text starts (a digit outside any string), or npos.
std::size_t first_number(const std::string& text) {
    bool in_string = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (in_string && text[i] == '\\')
            ++i;
        else if (text[i] == '"')
            in_string = !in_string;
        else if (!in_string && text[i] >= '0' && text[i] <= '9')
            return i;
    }
    return std::string::npos;
}

// Runs the format's command on `text` and expects exit 2 with one line naming the file (and `element`).
void expect_rejected(const FileFormat& format, const std::string& text, const std::string& what,
                     const std::string& element = "") {
    static int n = 0;
    fs::path file = test_support::scratch_dir("conformance") / ("case-" + std::to_string(++n) + ".json");
    std::ofstream(file) << text;
    auto r = run_tlaloc_split(command_for(format, file));
    SCOPED_TRACE(format.name + ", " + what + ": " + command_for(format, file));
    EXPECT_EQ(r.code, 2) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find(file.filename().string()), std::string::npos) << r.err;
    if (!element.empty()) {
        EXPECT_NE(r.err.find(element), std::string::npos) << r.err;
    }
    EXPECT_EQ(r.out, "");
}

TEST(Conformance, EveryGameFolderIsRegistered) {
    std::set<std::string> registered;
    for (const auto& g : games()) registered.insert(g.name);
    for (const char* layer : {"model", "puzzles"}) {
        for (const auto& e : fs::directory_iterator(kSource / layer)) {
            std::string name = e.path().filename().string();
            if (e.is_directory() && name != "common") {
                EXPECT_TRUE(registered.count(name))
                    << layer << "/" << name << " has no entry in cli/GameRegistry.cpp";
            }
        }
    }
    for (const auto& name : registered) EXPECT_TRUE(fs::is_directory(kSource / "model" / name)) << name;
}

TEST(Conformance, EachEntryRegistersItsCommandsAndFacts) {
    for (const auto& g : games()) {
        CLI::App app;
        g.add_commands(app);
        EXPECT_NO_THROW(app.get_subcommand(g.name)) << g.name;
        EXPECT_EQ(g.facts.name, g.name);
        EXPECT_FALSE(g.facts.counts.empty()) << g.name << ": no component counts for claims";
        EXPECT_FALSE(g.formats.empty()) << g.name << ": no file format";
    }
}

TEST(Conformance, SamplesParseWriteAndParseBackToTheSameValue) {
    for (const auto& g : games()) {
        for (const auto& format : g.formats) {
            auto files = samples_of(format);
            EXPECT_FALSE(files.empty()) << g.name << " " << format.name << ": no sample files";
            if (!format.round_trip) continue;
            for (const auto& f : files) EXPECT_EQ(format.round_trip(f), "") << f;
        }
    }
}

TEST(Conformance, SolverAgreesWithTheEvaluatorOnRandomInstances) {
    for (const auto& g : games()) {
        if (!g.random_check) continue;
        for (std::uint64_t seed = 1; seed <= 25; ++seed)
            EXPECT_EQ(g.random_check(seed), "") << g.name << " seed " << seed;
    }
}

TEST(Conformance, MalformedJsonHugeNumbersAndDeepNestingAreOneLineExit2) {
    for (const auto& g : games()) {
        for (const auto& format : g.formats) {
            if (format.command.empty()) continue;
            std::string text = file_text(format, standalone(format, samples_of(format).at(0)));
            expect_rejected(format, text.substr(0, text.size() / 2), "cut in half");
            expect_rejected(format, "", "empty file");
            expect_rejected(format, std::string(100000, '[') + std::string(100000, ']'), "nested 10^5 deep");
            // The first number of the file (outside strings) replaced by one beyond double's range.
            auto digit = first_number(text);
            if (digit != std::string::npos) {
                auto end = text.find_first_not_of("0123456789.", digit);
                expect_rejected(format, text.substr(0, digit) + "1e999" + text.substr(end), "1e999");
            }
        }
    }
}

TEST(Conformance, WrongTypesHugeValuesAndUnknownNamesNameTheElement) {
    for (const auto& g : games()) {
        for (const auto& format : g.formats) {
            if (format.command.empty()) continue;
            Json doc = standalone(format, samples_of(format).at(0));
            std::vector<Leaf> all;
            leaves(doc, Json::json_pointer(), "", all);
            // Up to 60 leaves spread over the file, skipping free text (12 at the sanitizer run's small
            // scale: each is two runs of the instrumented program).
            const std::size_t most = tlaloc::test_support::small_test_scale() ? 12 : 60;
            std::vector<Leaf> picked;
            std::copy_if(all.begin(), all.end(), std::back_inserter(picked),
                         [](const Leaf& l) { return !kFreeText.count(l.key); });
            std::size_t step = std::max<std::size_t>(1, picked.size() / most);
            for (std::size_t i = 0; i < picked.size(); i += step) {
                const Leaf& leaf = picked[i];
                Json wrong = doc;
                bool was_string = wrong[leaf.where].is_string();
                wrong[leaf.where] = was_string ? Json(12345) : Json(true);
                expect_rejected(format, file_text(format, wrong), "wrong type at " + leaf.where.to_string(),
                                leaf.key);
                Json huge = doc;
                huge[leaf.where] = was_string ? Json("no-such-name-in-any-game") : Json(4e18);
                expect_rejected(format, file_text(format, huge), "bad value at " + leaf.where.to_string(),
                                leaf.key);
            }
        }
    }
}

}  // namespace
