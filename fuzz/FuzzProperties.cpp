#include "fuzz/FuzzProperties.h"

#include <fnmatch.h>
#include <unistd.h>
#include <z3++.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <queue>
#include <set>
#include <sstream>
#include <typeinfo>

#include "cli/GameRegistry.h"
#include "cli/StudioApi.h"
#include "model/akelarre/Turn.h"
#include "model/azteka/Diagram.h"
#include "model/azteka/Rules.h"
#include "model/aztlan/Conflicts.h"
#include "model/aztlan/DomainTable.h"
#include "model/aztlan/Profile.h"
#include "model/aztlan/Scoring.h"
#include "model/aztlan/TerritorySet.h"
#include "model/common/InputError.h"
#include "model/xalapa/Challenge.h"
#include "model/xalapa/Evaluation.h"
#include "puzzles/aztlan/GameLog.h"
#include "puzzles/xalapa/Census.h"
#include "puzzles/xalapa/CensusReport.h"
#include "puzzles/xalapa/SevenDayLog.h"
#include "session/GameLog.h"
#include "solver/akelarre/TurnSearch.h"
#include "solver/common/SearchLimit.h"
#include "solver/xalapa/ChallengeSolver.h"
#include "verify/claims/Checker.h"
#include "verify/claims/Report.h"

namespace tlaloc::fuzz {

namespace fs = std::filesystem;

namespace {

const fs::path kSource = TLALOC_SOURCE_DIR;
const char* const kInputName = "fuzz-input.json";

// Solving is the costly part of an execution: the fuzzers solve only inputs of the shipped size.
constexpr int kMaxSolvedFields = 36;           // a 6x6 Xalapa board
constexpr int kMaxSolvedTasks = 6;             // tasks plus the formation
constexpr std::size_t kMaxBestPlayCards = 10;  // Akelarre: hand and table cards together
constexpr std::uint64_t kMaxDomainSets = 200000;

[[noreturn]] void violated(const std::string& what) { throw PropertyViolation(what); }

// The registry's "parse, write, parse again" hook of one game's format.
void check_round_trip(const std::string& game, const std::string& format, const fs::path& file) {
    for (const auto& f : cli::find_game(game)->formats) {
        if (f.name != format || !f.round_trip) continue;
        std::string difference = f.round_trip(file);
        if (!difference.empty()) violated("read, written and read back: " + difference);
    }
}

std::string read_all(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// `tlaloc <game> replay FILE` for a log in the session's envelope (session/GameLog): a log is read
// whole (or refused with an InputError); the log of a game it calls legal, written again from its
// actions, is legal too, with as many actions.
void exercise_envelope_log(const std::string& game, const fs::path& file) {
    const session::ReadLog log = session::read_log(game, file.string(), read_all(file));
    const session::LogCheck r = session::replay_log(log);
    if (r.wrong) return;
    std::vector<std::string> actions;
    for (const session::LoggedAction& a : log.actions) actions.push_back(a.action);
    const session::LogCheck again =
        session::replay_log(session::read_log(game, "again", session::log_text(log.game, actions)));
    if (again.wrong || again.actions != r.actions)
        violated("a legal " + game + " log written again is another game");
}

// ---- Xalapa ----

void exercise_xalapa_board(const fs::path& file) { check_round_trip("xalapa", "board", file); }

// `tlaloc xalapa solve`: the optimum's stones, scored again by the evaluator, give its penalty, and
// it is no worse than leaving the board empty.
void exercise_xalapa_challenge(const fs::path& file) {
    xalapa::Challenge ch = xalapa::load_challenge(file);
    check_round_trip("xalapa", "challenge", file);
    xalapa::Evaluation empty = xalapa::evaluate(ch, xalapa::CellSet{});
    if (empty.penalty != empty.stones + ch.disfavor * empty.unmet)
        violated("the empty board's penalty is not stones + disfavor x unmet");
    if (ch.board.size() > kMaxSolvedFields || ch.task_count() > kMaxSolvedTasks) return;
    static xalapa::ChallengeSolver solver;
    xalapa::Solution best = solver.solve(ch);
    xalapa::Evaluation again = xalapa::evaluate(ch, best.stones);
    if (!best.optimal) violated("the solver did not prove its optimum");
    if (again.penalty != best.evaluation.penalty || !again.within_limit)
        violated("the evaluator gives penalty " + std::to_string(again.penalty) +
                 " for the solver's stones, not " + std::to_string(best.evaluation.penalty));
    if (empty.within_limit && best.evaluation.penalty > empty.penalty)
        violated("the optimum " + std::to_string(best.evaluation.penalty) +
                 " is worse than the empty board's " + std::to_string(empty.penalty));
}

// `tlaloc xalapa census summarize FILE --json` and `census report FILE --html OUT --json`.
void exercise_xalapa_census(const fs::path& file) {
    static const xalapa::Catalogue catalogue = xalapa::load_catalogue();
    std::string text, html;
    Json summary = xalapa::summarize_census({{file.string(), read_all(file)}}, catalogue, text);
    (void)summary.dump();
    Json report = xalapa::census_report({{file.string(), read_all(file)}}, catalogue, html);
    (void)report.dump();
}

void exercise_atlacoya_log(const fs::path& file) { exercise_envelope_log("atlacoya", file); }

// `tlaloc xalapa replay FILE`: a seven-day log is read whole (or refused with an InputError); a game it
// calls legal has 2-6 players and 7 days.
void exercise_play_log(const fs::path& file) {
    static xalapa::ChallengeSolver solver;
    const xalapa::SevenDayReplay r =
        xalapa::replay_seven_days(solver, xalapa::shipped_catalogue(), file.string(), read_all(file));
    if (!r.wrong && (r.players < 2 || r.players > 6 || r.days != 7))
        violated("a legal game without its seats or days");
}

void exercise_akelarre_log(const fs::path& file) { exercise_envelope_log("akelarre", file); }

// ---- Aztlán ----

// A witness of a domain-table cell is a connected set of n distinct territories, k of its type.
void check_witness(const aztlan::Map& map, int n, int k, const aztlan::DomainWitness& w) {
    std::set<int> members(w.territories.begin(), w.territories.end());
    int of_type = 0;
    for (int t : members) of_type += map.territories.at(t).type == w.type;
    std::set<int> reached = {*members.begin()};
    std::queue<int> todo;
    todo.push(*members.begin());
    while (!todo.empty()) {
        for (int next : map.territories[todo.front()].neighbors)
            if (members.count(next) && reached.insert(next).second) todo.push(next);
        todo.pop();
    }
    if (static_cast<int>(members.size()) != n || of_type != k || reached != members)
        violated("the domain table's witness for n=" + std::to_string(n) + ", k=" + std::to_string(k) +
                 " is not a connected set of n territories with k of its type");
}

// `tlaloc aztlan table FILE --max-size 4`, with a smaller enumeration limit.
void exercise_aztlan_map(const fs::path& file) {
    aztlan::Map map = aztlan::load_map(file);
    check_round_trip("aztlan", "map", file);
    if (map.size() > aztlan::kMaxBitsetTerritories) return;  // the CLI refuses these as bad input
    aztlan::DomainTable table;
    try {
        table = aztlan::compute_domain_table(map, 4, {}, kMaxDomainSets);
    } catch (const aztlan::DomainTableLimit&) {
        return;  // the CLI reports it as bad input, naming the file
    }
    for (int n = 1; n <= table.max_size; ++n)
        for (int k = 0; k <= aztlan::kMaxBonusColumn; ++k)
            if (table.achievable[n - 1][k]) check_witness(map, n, k, table.witness[n - 1][k].value());
}

// `tlaloc aztlan score` and `tlaloc aztlan conflicts`: the points add up and domains do not overlap.
void exercise_aztlan_position(const fs::path& file) {
    aztlan::Position pos = aztlan::load_position(file);
    aztlan::MapGraph graph(pos.map);
    for (const auto& s : aztlan::score_age(graph, pos)) {
        int sum = 0;
        std::set<int> seen;
        for (const auto& d : s.domains) {
            sum += d.points;
            for (int t : d.territories)
                if (!seen.insert(t).second) violated(s.name + "'s domains overlap");
        }
        if (sum != s.domain_points || s.points != s.domain_points + s.blessing_points)
            violated(s.name + "'s points do not add up");
    }
    (void)aztlan::resolve_conflicts(pos);
}

// An edition profile, as `tlaloc verify` reads it for a claims file's "profile".
void exercise_aztlan_profile(const fs::path& file) { (void)aztlan::load_profile(file); }

void exercise_aztlan_game_log(const fs::path& file) { exercise_envelope_log("aztlan", file); }

// ---- claims ----

// `tlaloc verify rulebook FILE` (text and --json).
void exercise_claims(const fs::path& file) {
    auto loaded = verify::load_for_checking(file, cli::claim_catalog());
    verify::FileReport report = verify::check_claims(loaded.claims, loaded.context);
    (void)verify::report_json(report).dump();
    (void)verify::report_text(report);
}

// ---- Azteka ----

// `tlaloc azteka show`, and every legal action of the position is legal to the engine when played.
void exercise_azteka_position(const fs::path& file) {
    azteka::Position pos = azteka::load_position(file);
    check_round_trip("azteka", "position", file);
    (void)azteka::draw_circle(pos);
    for (int i = 0; i < pos.profile->sides; ++i) (void)azteka::goal_met(pos, static_cast<azteka::Side>(i));
    azteka::Game game = azteka::start_game(pos);
    for (const auto& action : azteka::legal_actions(game)) {
        if (auto why = azteka::why_illegal(game, action))
            violated("legal_actions offers \"" + azteka::describe(action) + "\", which is illegal: " + *why);
        azteka::Game after = game;
        azteka::apply(after, action);
    }
}

void exercise_azteka_match_log(const fs::path& file) { exercise_envelope_log("azteka", file); }

// ---- Akelarre ----

// `tlaloc akelarre best FILE --timeout 1` on small turns: the best play (or, out of time, the best
// found so far) replays legally, within its bound.
void exercise_akelarre_turn(const fs::path& file) {
    akelarre::TurnPosition turn = akelarre::load_turn(file);
    std::size_t cards = turn.hand.size();
    for (const auto& p : turn.places) cards += p.cards.size();
    if (cards > kMaxBestPlayCards) return;
    akelarre::TurnSearchResult best;
    try {
        akelarre::TurnSearchOptions options;
        options.answer_out_of_time = true;  // as the CLI: out of time, the best play found so far
        best = akelarre::search_turn(turn, options, solver::Deadline(1));
    } catch (const solver::SearchLimitReached&) {
        return;  // the memory limit: the CLI's exit code 3, a valid answer
    }
    if (best.outcome.played > best.bound.played || best.outcome.points > best.bound.points)
        violated("the best play passes its own bound");
    if (auto why = akelarre::why_illegal(turn, best.outcome.moves))
        violated("the best play is illegal: " + *why);
    akelarre::TurnOutcome again = akelarre::replay_turn(turn, best.outcome.moves);
    if (again.played != best.outcome.played || again.points != best.outcome.points)
        violated("replaying the best play gives other numbers");
}

// The message the CLI would print: one line, naming the file it is about.
std::string input_error_problem(const InputError& e) {
    std::string what = e.what();
    if (what.find_first_of("\n\r") != std::string::npos) return "InputError of more than one line: " + what;
    if (e.file().empty()) return "InputError naming no file: " + what;
    return "";
}

// The studio's request handler, fed the way its HTTP server would: the first line is "METHOD PATH"
// (with an optional "?key=value&..." query), the rest the body. Whatever comes, the answer is a
// status the API documents, and every refusal is {"error": "tlaloc: ..."} on one line; a 500 is a bug.
void exercise_studio_api(const fs::path& file) {
    struct DataFolder {  // where saves go; removed at exit
        fs::path dir = fs::temp_directory_path() / ("tlaloc-fuzz-studio-" + std::to_string(::getpid()));
        DataFolder() { fs::create_directories(dir); }
        ~DataFolder() {
            std::error_code ignored;
            fs::remove_all(dir, ignored);
        }
    };
    static const DataFolder data;
    static const cli::StudioApi api(cli::StudioSettings{data.dir, cli::studio_assets_dir(), 2, 1 << 16});
    const std::string text = read_all(file);
    const auto eol = text.find('\n');
    const std::string head = text.substr(0, eol);
    cli::StudioRequest r;
    r.body = eol == std::string::npos ? "" : text.substr(eol + 1);
    const auto space = head.find(' ');
    r.method = head.substr(0, space);
    std::string target = space == std::string::npos ? "" : head.substr(space + 1);
    const auto question = target.find('?');
    r.path = target.substr(0, question);
    if (question != std::string::npos) {
        std::istringstream query(target.substr(question + 1));
        for (std::string pair; std::getline(query, pair, '&');) {
            const auto eq = pair.find('=');
            r.query[pair.substr(0, eq)] = eq == std::string::npos ? "" : pair.substr(eq + 1);
        }
    }
    const cli::StudioResponse out = api.handle(r);
    static const std::set<int> documented = {200, 400, 404, 405, 413, 503};
    if (!documented.count(out.status))
        throw PropertyViolation("status " + std::to_string(out.status) + ": " + out.body);
    if (out.status == 200) return;
    const Json j = Json::parse(out.body);
    if (!j.is_object() || !j.contains("error") || !j["error"].is_string())
        throw PropertyViolation("a refusal without {\"error\": ...}: " + out.body);
    const std::string error = j["error"];
    if (error.find('\n') != std::string::npos)
        throw PropertyViolation("an error of more than one line: " + error);
    if (out.status == 400 && error.rfind("tlaloc: ", 0) != 0)
        throw PropertyViolation("a 400 without the CLI's line: " + error);
}

// A copy of the source tree made of symbolic links, per process, in which the folders an input is
// written to are real: the input sees the shipped files around it, and the tree stays untouched.
class ScratchTree {
public:
    ScratchTree() {
        const char* tmp = std::getenv("TMPDIR");
        root_ = fs::path(tmp && *tmp ? tmp : "/tmp") / ("tlaloc-fuzz-" + std::to_string(::getpid()));
        fs::remove_all(root_);
        fs::create_directories(root_);
    }
    ~ScratchTree() {
        std::error_code ignored;
        fs::remove_all(root_, ignored);
    }
    ScratchTree(const ScratchTree&) = delete;
    ScratchTree& operator=(const ScratchTree&) = delete;

    fs::path input_file(const FuzzFormat& format) {
        fs::path folder = root_ / format.folder;
        if (prepared_.insert(format.name).second) {
            fs::path source = kSource, copy = root_;
            link_entries(source, copy);
            for (const auto& part : fs::path(format.folder)) {
                source /= part;
                copy /= part;
                // A link made for another format is replaced by a real folder: writing through it
                // would write into the source tree.
                if (fs::is_symlink(copy)) fs::remove(copy);
                fs::create_directories(copy);
                link_entries(source, copy);
            }
            // Seeds from other folders may name their own neighbours ("example-14-map.json").
            for (const auto& seed : seed_files(format)) link_entries(seed.parent_path(), copy);
            // A link to a source file of the input's name would be written through.
            fs::remove(folder / kInputName);
            if (fs::canonical(folder).string().rfind(fs::canonical(root_).string(), 0) != 0)
                throw std::logic_error("the scratch folder " + folder.string() + " leads out of " +
                                       root_.string());
        }
        return folder / kInputName;
    }

private:
    // Links every entry of `source` into `copy`, keeping what is there already.
    static void link_entries(const fs::path& source, const fs::path& copy) {
        for (const auto& entry : fs::directory_iterator(source)) {
            std::error_code ec;
            fs::path link = copy / entry.path().filename();
            if (fs::symlink_status(link, ec).type() == fs::file_type::not_found)
                fs::create_symlink(entry.path(), link);
        }
    }

    fs::path root_;
    std::set<std::string> prepared_;
};

// What a command computes from a file of a registered format, re-checked, keyed by the fuzz format's
// name; a registered format without an entry here is fuzzed by its round trip alone.
const std::map<std::string, Exercise>& format_properties() {
    static const std::map<std::string, Exercise> all = {
        {"xalapa-board", exercise_xalapa_board},         {"xalapa-challenge", exercise_xalapa_challenge},
        {"xalapa-census", exercise_xalapa_census},       {"xalapa-atlacoya-log", exercise_atlacoya_log},
        {"xalapa-play-log", exercise_play_log},          {"aztlan-map", exercise_aztlan_map},
        {"aztlan-position", exercise_aztlan_position},   {"aztlan-profile", exercise_aztlan_profile},
        {"aztlan-game-log", exercise_aztlan_game_log},   {"azteka-position", exercise_azteka_position},
        {"azteka-match-log", exercise_azteka_match_log}, {"akelarre-turn", exercise_akelarre_turn},
        {"akelarre-game-log", exercise_akelarre_log},
    };
    return all;
}

// The folder of a sample path ("puzzles/xalapa/boards/*.json": "puzzles/xalapa/boards").
std::string folder_of(const std::string& sample) { return fs::path(sample).parent_path().string(); }

}  // namespace

const std::vector<FuzzFormat>& fuzz_formats() {
    static const std::vector<FuzzFormat> all = [] {
        std::vector<FuzzFormat> out;
        for (const cli::GameEntry& game : cli::games()) {
            for (const cli::FileFormat& f : game.formats) {
                FuzzFormat format;
                format.name = game.name + "-" + f.name;
                format.game = game.name;
                format.folder = f.samples.empty() ? "" : folder_of(f.samples.front());
                format.seeds = f.samples;
                const auto property = format_properties().find(format.name);
                if (property != format_properties().end()) {
                    format.exercise = property->second;
                } else if (f.round_trip) {
                    format.exercise = [game = game.name, name = f.name](const fs::path& file) {
                        check_round_trip(game, name, file);
                    };
                }
                out.push_back(std::move(format));
            }
        }
        // tlaloc's own formats, not a game's.
        out.push_back({"claims", "", "verify/rulebooks", {"verify/rulebooks/*.json"}, exercise_claims});
        out.push_back(
            {"studio-api", "", "tests/data/studio", {"tests/data/studio/*.request"}, exercise_studio_api});
        return out;
    }();
    return all;
}

std::string fuzz_target_name(const std::string& format) {
    std::string target;
    bool upper = true;
    for (char c : format) {
        if (c == '-') {
            upper = true;
            continue;
        }
        target += upper ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
        upper = false;
    }
    return target + "Fuzz";
}

std::vector<std::string> properties_without_a_format() {
    std::vector<std::string> out;
    for (const auto& [name, exercise] : format_properties())
        if (!find_fuzz_format(name)) out.push_back(name);
    return out;
}

const FuzzFormat* find_fuzz_format(const std::string& name) {
    for (const auto& f : fuzz_formats())
        if (f.name == name) return &f;
    return nullptr;
}

std::vector<fs::path> seed_files(const FuzzFormat& format) {
    std::vector<fs::path> out;
    for (const auto& s : format.seeds) {
        fs::path path = kSource / s;
        std::string pattern = path.filename().string();
        std::error_code ec;
        if (pattern.find('*') == std::string::npos) {
            if (fs::is_regular_file(path, ec)) out.push_back(path);
            continue;
        }
        if (!fs::is_directory(path.parent_path(), ec)) continue;
        for (const auto& e : fs::directory_iterator(path.parent_path()))
            if (fnmatch(pattern.c_str(), e.path().filename().c_str(), 0) == 0) out.push_back(e.path());
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

std::string property_violation(const FuzzFormat& format, const std::string& bytes) {
    static ScratchTree tree;
    fs::path file = tree.input_file(format);
    {
        std::ofstream out(file, std::ios::binary | std::ios::trunc);
        out << bytes;
    }
    if (!format.exercise)
        return "no property to check: neither one in fuzz/FuzzProperties.cpp nor a round trip in the registry";
    try {
        format.exercise(file);
        return "";
    } catch (const InputError& e) {
        return input_error_problem(e);
    } catch (const PropertyViolation& e) {
        return std::string("an answer does not re-check: ") + e.what();
    } catch (const z3::exception& e) {
        return std::string("z3::exception (exit 4, internal error): ") + e.msg();
    } catch (const std::exception& e) {
        return std::string("not an InputError but ") + typeid(e).name() +
               " (exit 4, internal error): " + e.what();
    }
}

int fuzz_initialize(const std::string& format_name, int argc, char** argv) {
    const FuzzFormat* format = find_fuzz_format(format_name);
    if (!format) {
        std::fprintf(stderr, "fuzz: no format \"%s\"\n", format_name.c_str());
        std::abort();
    }
    for (int i = 1; i < argc; ++i) {
        std::error_code ec;
        if (argv[i][0] == '-' || !fs::is_directory(argv[i], ec)) continue;
        for (const auto& seed : seed_files(*format)) {
            fs::path copy = fs::path(argv[i]) / ("seed-" + seed.filename().string());
            if (fs::exists(copy, ec)) continue;
            fs::path part = copy;
            part += ".part-" + std::to_string(::getpid());
            fs::copy_file(seed, part, fs::copy_options::overwrite_existing, ec);
            if (!ec) fs::rename(part, copy, ec);
        }
        break;
    }
    return 0;
}

int fuzz_one_input(const std::string& format_name, const std::uint8_t* data, std::size_t size) {
    static const FuzzFormat* format = find_fuzz_format(format_name);
    if (!format) {
        std::fprintf(stderr, "fuzz: no format \"%s\"\n", format_name.c_str());
        std::abort();
    }
    std::string problem = property_violation(*format, std::string(reinterpret_cast<const char*>(data), size));
    if (!problem.empty()) {
        std::fprintf(stderr, "\nfuzz %s: %s\n", format_name.c_str(), problem.c_str());
        std::abort();
    }
    return 0;
}

}  // namespace tlaloc::fuzz
