// `tlaloc xalapa census`: one shard of a level's census, written line by line so that a stopped
// shard keeps its finished lines and continues with --resume; census count, summarize and report.
#include "cli/XalapaCensus.h"

#include <fcntl.h>
#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <iterator>
#include <memory>
#include <optional>
#include <sstream>
#include <thread>

#include "cli/Commands.h"
#include "cli/Progress.h"
#include "cli/ShardOutput.h"
#include "cli/Timeout.h"
#include "puzzles/xalapa/Atlas.h"
#include "puzzles/xalapa/Catalogue.h"
#include "puzzles/xalapa/Census.h"
#include "puzzles/xalapa/CensusReport.h"
#include "solver/common/SearchLimit.h"

namespace tlaloc::cli {

using namespace xalapa;

Level level_option(const std::string& name) {
    auto level = parse_level(name);
    if (!level) throw InputError("", "--level", "unknown level \"" + name + "\" (basic, 1, 2, 3, 4, 5)");
    return *level;
}

namespace {

struct CensusOptions {
    std::string level = "basic", shard = "0/1", out;
    std::int64_t limit = -1;
    std::optional<std::int64_t> sample;  // draws; none: every item
    std::uint64_t seed = 1;
    bool no_tier = false, resume = false;
    unsigned timeout = 0;  // a whole shard runs for many minutes: no limit unless asked
};

struct CensusSummarizeOptions {
    std::vector<std::string> files;
    bool json = false;
};

struct CensusCountOptions {
    std::string level;  // "" = every level
    bool json = false;
};

struct CensusReportOptions {
    std::vector<std::string> files;
    std::string html;
    bool json = false;
};

// "K/N": this run takes the items whose index mod N is K.
std::pair<std::int64_t, std::int64_t> shard_option(const std::string& shard) {
    const auto parsed = parse_shard(shard);
    if (!parsed)
        throw InputError("", "--shard",
                         "expected K/N with 0 <= K < N <= 2^40, e.g. 0/4, found \"" + shard + "\"");
    return *parsed;
}

// The work of one shard: census items (index mod N = K) or sample draws (draw mod N = K).
struct CensusWork {
    std::int64_t k = 0, n = 1, total = 0, limit = -1;
    std::int64_t mine() const {
        std::int64_t m = total > k ? (total - k + n - 1) / n : 0;
        return limit >= 0 ? std::min(m, limit) : m;
    }
};

// With --resume, how far the shard got: the lines of `out` (a file that does not exist yet: none).
CensusResume resume_point(const CensusOptions& o, const Catalogue& catalogue, const CensusShardSpec& spec) {
    if (!o.resume) return {};
    return census_resume_point(o.out, resume_content(o.out), catalogue, spec);
}

// After SIGTERM or SIGINT: the note saying how far the shard got, and exit 128 + the signal, as a
// shell reports a process the signal ended (not 0: the shard is not done).
bool stopped_by_signal(const CensusOptions& o, std::int64_t done, std::int64_t mine, const LineSink& sink) {
    const int signal = stop_signal();
    if (!signal) return false;
    std::cerr << "census shard " << o.shard << ": stopped by " << stop_signal_name(signal) << " with " << done
              << " of " << mine << " items done, every one written to " << sink.where()
              << (o.out.empty() ? "" : "; the same command with --resume continues from there") << "\n";
    set_exit_code(128 + signal);
    return true;
}

void run_census(const CensusOptions& o) {
    const Level level = level_option(o.level);
    auto [k, n] = shard_option(o.shard);
    if (o.sample && (*o.sample < 1 || *o.sample > 1000000000))
        throw InputError("", "--sample",
                         "expected 1 to 1000000000 draws, found " + std::to_string(*o.sample));
    Catalogue catalogue = load_catalogue();
    const LevelAtlas atlas(catalogue, level);
    const bool sampling = o.sample.has_value();
    const CensusWork work{k, n, sampling ? *o.sample : atlas.count(), o.limit};
    const std::int64_t mine = work.mine();
    const CensusShardSpec spec{&atlas, sampling, !o.no_tier, o.seed, k, n};
    const CensusResume from = resume_point(o, catalogue, spec);
    if (from.lines > mine)
        throw InputError(o.out, "",
                         "holds " + std::to_string(from.lines) + " lines, more than the " +
                             std::to_string(mine) + " of shard " + o.shard +
                             (o.limit >= 0 ? " with this --limit" : ""));
    catch_stop_signals();
    const solver::Deadline deadline(o.timeout);
    ChallengeSolver solver;
    solver.set_deadline(&deadline);
    LineSink sink(o.out, o.resume, from.keep_bytes);
    if (from.lines > 0 || from.cut)
        std::cerr << "census shard " << o.shard << ": " << from.lines << " lines already in " << o.out
                  << (from.cut ? " (a cut last line dropped)" : "") << ", continuing\n";
    auto start = std::chrono::steady_clock::now();
    // On a terminal, one line rewritten in place; in a job's log, a full line every 5 seconds.
    ProgressLine progress("census shard " + o.shard, {.log_every = std::chrono::seconds(5)});
    std::int64_t done = from.lines;
    for (std::int64_t i = k + from.lines * n; done < mine; i += n) {
        if (stop_signal() != 0) progress.clear();
        if (stopped_by_signal(o, done, mine, sink)) return;
        CensusRecordOptions record{!o.no_tier, sampling, o.seed, i, std::pair{k, n}};
        const std::int64_t index = sampling ? sample_index(o.seed, i, atlas.count()) : i;
        try {
            if (deadline.passed()) throw solver::SearchLimitReached();
            sink.write(json_text(census_record(solver, catalogue, atlas.item(index), atlas.count(), record)) +
                       "\n");
        } catch (solver::SearchLimitReached& e) {
            e.set_best_so_far(std::to_string(done) + " of " + std::to_string(mine) +
                              " items of the shard solved, every one written to " + sink.where() +
                              (o.out.empty() ? "" : " (continue with --resume)"));
            e.set_context("census shard " + o.shard, o.timeout);
            throw;
        }
        ++done;
        progress.count(done, mine, "challenges", from.lines);
    }
    progress.clear();
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::cerr << "census shard " << o.shard << ": " << done - from.lines << " challenges in " << secs
              << " s (" << (secs > 0 ? (done - from.lines) / secs : 0) << "/s)\n";
}

void run_census_count(const CensusCountOptions& o) {
    std::vector<Level> levels;
    if (!o.level.empty())
        levels.push_back(level_option(o.level));
    else
        for (const char* name : kLevelNames) levels.push_back(*parse_level(name));
    const Catalogue catalogue = load_catalogue();
    Json rows = Json::array();
    std::ostringstream text;
    text << "level  board classes  position classes  task sets per column group  distinct challenges\n";
    for (Level level : levels) {
        const LevelCount c = count_level(catalogue, level);
        Json groups = Json::array();
        std::string group_text;
        for (BigCount g : c.groups) {
            groups.push_back(to_decimal(g));
            group_text += (group_text.empty() ? "" : " x ") + to_decimal(g);
        }
        const std::string total = to_decimal(c.challenges);
        Json row{{"level", to_string(level)},
                 {"board_classes", c.boards},
                 {"position_classes", c.positions},
                 {"column_groups", groups}};
        // A count past 2^63 stays exact as a decimal string.
        if (c.challenges <= BigCount{INT64_MAX})
            row["challenges"] = static_cast<std::int64_t>(c.challenges);
        else
            row["challenges"] = total;
        rows.push_back(row);
        text << std::left << std::setw(7) << to_string(level) << std::setw(15) << c.boards << std::setw(18)
             << c.positions << std::setw(28) << group_text << total << "\n";
    }
    if (o.json)
        std::cout << json_text(Json{{"levels", rows}}) << "\n";
    else
        std::cout << text.str();
}

std::vector<std::pair<std::string, std::string>> read_census_files(const std::vector<std::string>& names) {
    std::vector<std::pair<std::string, std::string>> files;
    for (const auto& f : names) files.push_back({f, read_json_input_file(f)});
    return files;
}

void run_census_summarize(const CensusSummarizeOptions& o) {
    std::string text;
    Json summary = summarize_census(read_census_files(o.files), load_catalogue(), text);
    if (o.json)
        std::cout << json_text(summary) << "\n";
    else
        std::cout << text;
}

void run_census_report(const CensusReportOptions& o) {
    std::string html;
    Json numbers = census_report(read_census_files(o.files), load_catalogue(), html);
    write_file_atomically(o.html, html);
    if (o.json) std::cout << json_text(numbers) << "\n";
}

// `census show`: one challenge of the census numbering (a line's level and index) as a challenge file.
struct CensusShowOptions {
    std::string level, out;
    std::int64_t index = 0;
};

void run_census_show(const CensusShowOptions& o) {
    const Level level = level_option(o.level);
    const Catalogue& catalogue = shipped_catalogue();
    const LevelAtlas atlas(catalogue, level);
    if (o.index < 0 || o.index >= atlas.count())
        throw InputError("command line", "--index",
                         std::to_string(o.index) + " is out of range: level " + o.level + " has " +
                             std::to_string(atlas.count()) + " challenges, numbered 0 to " +
                             std::to_string(atlas.count() - 1));
    Json j = challenge_to_json(atlas_challenge(catalogue, atlas.item(o.index)));
    j["level"] = to_string(level);
    j["source"] = "census level " + std::string(to_string(level)) + ", index " + std::to_string(o.index);
    emit(o.out, json_text(j, 1) + "\n");
}

void add_census_subcommands(CLI::App& census) {
    auto show_opt = std::make_shared<CensusShowOptions>();
    auto* show =
        census.add_subcommand("show",
                              "Write one challenge of a level's census numbering (a census line's level "
                              "and index) as a challenge file.\n"
                              "Example: tlaloc xalapa census show --level basic --index 1234 --out c.json");
    show->add_option("--level", show_opt->level, "basic, 1, 2, 3, 4 or 5")->required();
    show->add_option("--index", show_opt->index, "the challenge's index (0 to the level's count - 1)")
        ->required();
    show->add_option("--out", show_opt->out, "write the challenge here (default: stdout)")
        ->check(output_path());
    show->callback([show_opt] { run_census_show(*show_opt); });

    auto count_opt = std::make_shared<CensusCountOptions>();
    auto* count = census.add_subcommand("count",
                                        "The exact number of distinct challenges at each level.\n"
                                        "Example: tlaloc xalapa census count --level 2 --json");
    count->add_option("--level", count_opt->level, "basic, 1, 2, 3, 4 or 5 (default: every level)");
    count->add_flag("--json", count_opt->json, "the counts as JSON");
    count->callback([count_opt] { run_census_count(*count_opt); });

    auto summarize_opt = std::make_shared<CensusSummarizeOptions>();
    auto* summarize = census.add_subcommand("summarize",
                                            "Merge census files into one report.\n"
                                            "Example: tlaloc xalapa census summarize shard*.jsonl");
    summarize->add_option("FILE", summarize_opt->files, "census JSON-lines files")->required();
    summarize->add_flag("--json", summarize_opt->json, "the summary as JSON");
    summarize->callback([summarize_opt] { run_census_summarize(*summarize_opt); });

    auto report_opt = std::make_shared<CensusReportOptions>();
    auto* report = census.add_subcommand(
        "report",
        "An HTML page of charts for every level in census or sample files, with the levels side by side.\n"
        "Example: tlaloc xalapa census report level1-*.jsonl level2-*.jsonl --html report.html");
    report->add_option("FILE", report_opt->files, "census JSON-lines files")->required();
    report->add_option("--html", report_opt->html, "write the page here (atomically)")
        ->required()
        ->check(output_path());
    report->add_flag("--json", report_opt->json, "also print the report's numbers as JSON");
    report->callback([report_opt] { run_census_report(*report_opt); });
}

// `census` runs a shard unless one of its subcommands was given instead.
void add_census(CLI::App& xalapa) {
    auto opt = std::make_shared<CensusOptions>();
    auto* census = xalapa.add_subcommand(
        "census",
        "Solve every distinct challenge of a level, or a uniform sample of them (sharded); count, summarize, "
        "report.\n"
        "Lines are written as they are solved; SIGTERM or SIGINT stops after the item in hand (exit 143 or "
        "130) and --resume continues.\n"
        "Example: tlaloc xalapa census --level basic --shard 0/2 --out shard0.jsonl --resume\n"
        "         tlaloc xalapa census --level 3 --sample 200 --seed 1 --out level3.jsonl\n"
        "         tlaloc xalapa census summarize shard0.jsonl shard1.jsonl");
    census->add_option("--level", opt->level, "basic, 1, 2, 3, 4 or 5");
    census->add_option("--shard", opt->shard,
                       "K/N: this run solves the items (or draws) whose number mod N is K (0-based)");
    census->add_option("--out", opt->out, "write the JSON lines here (default: stdout)")
        ->check(output_path());
    census->add_option("--limit", opt->limit, "solve at most this many items of the shard (for trials)")
        ->check(whole_number_at_most(kMaxExactJsonInteger));
    census->add_option("--sample", opt->sample,
                       "draw this many challenges uniformly (with replacement) instead of every one");
    census->add_option("--seed", opt->seed, "the sample's seed: same seed and shard, same lines")
        ->check(whole_number_at_most(kMaxExactJsonInteger));
    census->add_flag("--no-tier", opt->no_tier, "do not rate each challenge's difficulty (faster)");
    census->add_flag("--resume", opt->resume,
                     "continue the --out file of this same shard after its last complete line (none yet: "
                     "start it)");
    add_timeout(*census, opt->timeout);
    census->get_option("--timeout")
        ->description(
            "seconds the whole shard may take (0: no limit); out of time: one line on stderr, exit 3, the "
            "finished lines kept");
    add_census_subcommands(*census);
    census->callback([opt, census] {
        if (census->get_subcommands().empty()) run_census(*opt);
    });
}

}  // namespace

void add_xalapa_census_commands(CLI::App& xalapa) { add_census(xalapa); }

}  // namespace tlaloc::cli
