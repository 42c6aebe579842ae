#include "cli/BalanceCommand.h"

#include <chrono>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <sstream>

#include "cli/Commands.h"
#include "cli/Progress.h"
#include "cli/ShardOutput.h"
#include "model/common/InputError.h"
#include "puzzles/common/Bots.h"
#include "puzzles/xalapa/Census.h"
#include "session/common/Balance.h"

namespace tlaloc::cli {

namespace {

using session::BalanceOptions;

struct BalanceArgs {
    std::string game, command;
    int players = 2;
    std::int64_t games = 200;
    std::uint64_t seed = 1;
    std::string bots = "mcts,greedy", variant, compare, shard = "0/1", out, html;
    int iterations = 200;
    std::string playout;  // default: greedy for Azteka (measured stronger there), else random
    bool json = false, teams = false, resume = false, dry_run = false;
    unsigned timeout = 0;
    std::vector<std::string> files;  // merge
};

std::vector<std::string> split(const std::string& text) {
    std::vector<std::string> out;
    std::stringstream in(text);
    for (std::string item; std::getline(in, item, ',');) out.push_back(item);
    if (!text.empty() && text.back() == ',') out.push_back("");
    return out;
}

std::string joined(const std::vector<std::string>& items) {
    std::string out;
    for (const std::string& s : items)
        out += (out.empty() ? "" : ", ") + (s.empty() ? std::string("\"\"") : s);
    return out;
}

// The options as the library takes them; a bad one is one InputError naming the option.
BalanceOptions options_of(const BalanceArgs& a) {
    BalanceOptions o;
    o.spec.game = a.game;
    o.spec.players = a.players;
    const std::vector<std::string> variants = session::variants_of(a.game);
    o.spec.variant = a.teams ? "teams" : a.variant.empty() ? variants.front() : a.variant;
    const auto counts = session::player_counts_of(a.game);
    if (std::find(counts.begin(), counts.end(), a.players) == counts.end())
        throw InputError("", "--players",
                         a.command + " is not played by " + std::to_string(a.players) + " players");
    if (!a.compare.empty()) {
        const std::vector<std::string> pair = split(a.compare);
        if (pair.size() != 2)
            throw InputError("", "--compare", "expected two variants A,B, found \"" + a.compare + "\"");
        o.spec.variant = pair[0];
        o.compare = pair[1];
    }
    for (const std::string& v : {o.spec.variant, o.compare})
        if ((&v == &o.spec.variant || !v.empty()) &&
            std::find(variants.begin(), variants.end(), v) == variants.end())
            throw InputError("", a.compare.empty() ? "--variant" : "--compare",
                             "unknown variant \"" + v + "\" of " + a.command + " (" + joined(variants) + ")");
    if ((o.spec.variant == "teams" || o.compare == "teams") && a.players != 4)
        throw InputError("", "--teams", "the team game is played by 4 players");
    if (a.bots.empty()) throw InputError("", "--bots", "name at least one bot");
    for (BotName bot : read_bots(a.bots, session::session_bot_names(), "--bots", std::cerr))
        o.bots.push_back(*session::parse_session_bot(to_string(bot)));
    const auto shard = xalapa::parse_shard(a.shard);
    if (!shard)
        throw InputError("", "--shard", "expected K/N with 0 <= K < N, e.g. 0/4, found \"" + a.shard + "\"");
    std::tie(o.shard, o.shards) = *shard;
    o.games = a.games;
    o.seed = a.seed;
    o.mcts.iterations = a.iterations;
    const std::string playout = !a.playout.empty() ? a.playout : a.game == "azteka" ? "greedy" : "random";
    if (playout != "random" && playout != "greedy")
        throw InputError("", "--playout", "expected random or greedy, found \"" + playout + "\"");
    o.mcts.playout = playout == "greedy" ? session::OwnBot::Greedy : session::OwnBot::Random;
    o.deadline = solver::Deadline(a.timeout);
    return o;
}

void print_report(const Json& report, const BalanceArgs& a) {
    if (!a.html.empty()) write_file_atomically(a.html, session::balance_html(report));
    std::cout << (a.json ? report.dump(2) + "\n" : session::balance_text(report));
}

// With --resume: the games this shard finished before, read back from --out. The file must be this
// run's: its first line this run's header, then this shard's games in order (a game of another seed,
// rotation or shard is refused with its line). A last line cut by a kill is dropped.
struct BalanceResume {
    std::vector<session::GameRecord> records;
    std::size_t keep_bytes = 0;
    bool header = false;  // the header line is there already
    bool cut = false;
};

BalanceResume resume_point(const std::string& out, const BalanceOptions& o, const Json& header) {
    BalanceResume r;
    const std::string content = resume_content(out);
    const CompleteLines complete = complete_lines(content);
    r.cut = complete.cut;
    r.keep_bytes = complete.bytes;
    if (complete.bytes == 0) return r;  // not even the header is complete: begin afresh
    const std::vector<JsonLine> lines =
        parse_json_lines(out, content.substr(0, complete.bytes), "balance lines");
    if (lines.front().json != header) {
        std::string differs = "its first line is not a balance header";
        if (lines.front().json.is_object())
            for (const auto& [key, value] : header.items())
                if (!lines.front().json.contains(key) || lines.front().json[key] != value) {
                    differs = "its " + key + " is " +
                              (lines.front().json.contains(key) ? lines.front().json[key].dump() : "absent") +
                              ", this run's " + value.dump();
                    break;
                }
        throw InputError(lines.front().where, "", "belongs to another balance run (" + differs + ")");
    }
    r.header = true;
    const std::int64_t mine = session::shard_games(o);
    for (std::size_t i = 1; i < lines.size(); ++i) {
        session::GameRecord g = session::record_from_json(JsonPlace(lines[i].json, lines[i].where));
        const std::int64_t want = session::shard_game(o, static_cast<std::int64_t>(i - 1));
        if (static_cast<std::int64_t>(i) > mine)
            throw InputError(lines[i].where, "",
                             "is one game more than the " + std::to_string(mine) + " of shard " +
                                 header.at("shard").get<std::string>());
        if (g.index != want)
            throw InputError(lines[i].where, "index",
                             "game " + std::to_string(g.index) + " where this shard's game " +
                                 std::to_string(want) + " comes next");
        const session::GameRecord dealt = [&] {
            session::GameRecord d;
            d.seed = o.seed + static_cast<std::uint64_t>(want / o.spec.players);
            d.rotation = static_cast<int>(want % o.spec.players);
            return d;
        }();
        if (g.seed != dealt.seed || g.rotation != dealt.rotation)
            throw InputError(lines[i].where, "seed",
                             "game " + std::to_string(want) + " of this run is dealt from seed " +
                                 std::to_string(dealt.seed) + " with rotation " +
                                 std::to_string(dealt.rotation));
        r.records.push_back(std::move(g));
    }
    return r;
}

void run_balance(const BalanceArgs& a) {
    BalanceOptions o = options_of(a);
    if (a.resume && a.out.empty())
        throw InputError("", "--resume", "continues an --out file; give --out FILE");
    const Json header = session::run_header(o);
    const BalanceResume from = a.resume ? resume_point(a.out, o, header) : BalanceResume{};
    if (a.dry_run) {  // the options (and a file to --resume) checked, nothing played or written
        Json plan = header;
        plan["shard_games"] = session::shard_games(o);
        plan["games_done"] = from.records.size();
        std::cout << plan.dump(a.json ? 2 : -1) << "\n";
        return;
    }
    const std::string what = a.command + " balance" + (o.shards > 1 ? " shard " + a.shard : "");
    catch_stop_signals();
    std::optional<LineSink> sink;
    if (!a.out.empty()) {
        sink.emplace(a.out, a.resume, from.keep_bytes);
        if (!from.header) sink->write(header.dump() + "\n");
        if (!from.records.empty() || from.cut)
            std::cerr << what << ": " << from.records.size() << " games already in " << a.out
                      << (from.cut ? " (a cut last line dropped)" : "") << ", continuing\n";
        o.on_game = [&](const session::GameRecord& r) {
            sink->write(session::record_to_json(r).dump() + "\n");
        };
    }
    const auto start = std::chrono::steady_clock::now();
    // On a terminal, one line rewritten in place; in a job's log (a shard), a full line every 5 seconds.
    ProgressLine progress(what, {.log_every = std::chrono::seconds(o.shards > 1 ? 5 : 0)});
    const std::int64_t before = static_cast<std::int64_t>(from.records.size());
    o.done_before = before;
    o.progress = [&](std::int64_t done, std::int64_t total) { progress.count(done, total, "games", before); };
    o.stop = [] { return stop_signal() != 0; };
    bool complete = true;
    std::vector<session::GameRecord> records = from.records;
    for (session::GameRecord& r : session::play_balance(o, complete)) records.push_back(std::move(r));
    progress.clear();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const std::int64_t mine = session::shard_games(o);
    Json report = session::balance_report(header, records, mine);
    report["seconds"] = seconds;
    const double played = static_cast<double>(records.size()) - static_cast<double>(before);
    report["games_per_second"] = seconds > 0 ? played / seconds : 0.0;
    const std::string kept = a.out.empty() ? "" : ", every one written to " + a.out;
    if (const int signal = stop_signal()) {
        std::cerr << what << ": stopped by " << stop_signal_name(signal) << " with " << records.size()
                  << " of " << mine << " games done" << kept
                  << (a.out.empty() ? "" : "; the same command with --resume continues from there") << "\n";
        set_exit_code(128 + signal);
    } else if (!complete) {
        std::cerr << what << ": --timeout reached after " << records.size() << " of " << mine << " games"
                  << kept << "; the report covers those\n";
    }
    sink.reset();
    print_report(report, a);
}

// Reads shard files: one run (headers equal but for the shard), each shard once, each game once. A
// shard that is absent or has fewer games than its share (stopped, not yet resumed) is named, in the
// report and on standard error, and the merge exits 1 after printing the report of what is there.
void run_merge(const BalanceArgs& a) {
    Json header;
    std::set<std::int64_t> shards_seen, games_seen;
    std::int64_t shards = 0;
    std::vector<session::GameRecord> records;
    std::map<std::int64_t, std::int64_t> games_of;  // shard -> games in its file
    for (const std::string& file : a.files) {
        const std::vector<JsonLine> lines =
            parse_json_lines(file, read_json_input_file(file), "balance lines");
        Json h = lines.front().json;
        if (!h.is_object() || h.value("kind", "") != "balance" || !h.contains("shard") ||
            !h["shard"].is_string())
            throw InputError(lines.front().where, "",
                             "is not a balance header (write it with balance --out)");
        const auto shard = xalapa::parse_shard(h["shard"].get<std::string>());
        if (!shard) throw InputError(lines.front().where, "shard", "expected K/N");
        h.erase("shard");
        if (header.is_null()) header = h, shards = shard->second;
        if (h != header || shard->second != shards)
            throw InputError(lines.front().where, "", "is a shard of another run than " + a.files.front());
        if (!shards_seen.insert(shard->first).second)
            throw InputError(
                file, "shard",
                "shard " + std::to_string(shard->first) + "/" + std::to_string(shards) + " is given twice");
        for (std::size_t i = 1; i < lines.size(); ++i) {
            session::GameRecord r = session::record_from_json(JsonPlace(lines[i].json, lines[i].where));
            if (r.index % shards != shard->first || !games_seen.insert(r.index).second)
                throw InputError(
                    lines[i].where, "index",
                    "game " + std::to_string(r.index) + " is not this shard's or is given twice");
            records.push_back(std::move(r));
        }
        games_of[shard->first] = static_cast<std::int64_t>(lines.size()) - 1;
    }
    const std::int64_t games = header.at("games").get<std::int64_t>();
    std::vector<std::string> missing, incomplete;
    for (std::int64_t k = 0; k < shards; ++k) {
        const std::string name = std::to_string(k) + "/" + std::to_string(shards);
        const std::int64_t share = games > k ? (games - k + shards - 1) / shards : 0;
        if (!shards_seen.count(k))
            missing.push_back(name);
        else if (games_of[k] < share)
            incomplete.push_back(name + " (" + std::to_string(games_of[k]) + " of " + std::to_string(share) +
                                 " games)");
    }
    if (!missing.empty())
        std::cerr << a.command << " balance merge: missing shards " << joined(missing) << "\n";
    if (!incomplete.empty())
        std::cerr << a.command << " balance merge: incomplete shards " << joined(incomplete)
                  << " (continue them with --resume)\n";
    std::sort(records.begin(), records.end(), [](const auto& x, const auto& y) { return x.index < y.index; });
    header["shard"] = "0/1";
    Json report = session::balance_report(header, records, games);
    report["missing_shards"] = missing;
    report["incomplete_shards"] = incomplete;
    print_report(report, a);
    if (!missing.empty() || !incomplete.empty()) set_exit_code(1);
}

// Strong play by default: each game's strongest bot as measured against greedy (docs/balance.md):
// the search bot in Aztlán, the lookahead of `best` in Azteka and Akelarre, and in Atlacoya greedy
// itself (its search bot is weaker at any affordable budget).
std::string strongest_bots(const std::string& game) {
    if (game == "aztlan") return "mcts,greedy";
    return game == "atlacoya" ? "greedy" : "best,greedy";
}

}  // namespace

void add_balance_command(CLI::App& group, const std::string& game, const std::string& command) {
    auto a = std::make_shared<BalanceArgs>();
    a->game = game;
    a->command = command;
    a->bots = strongest_bots(game);
    const std::string tlaloc = "tlaloc " + command + " balance";
    auto* cmd = group.add_subcommand(
        "balance",
        "Plays seeded games between bots with the seats rotated (each bot in each seat on the same deal) and reports\n"
        "win rates per seat, per bot and for the first player, draws, game length and winning margins, with 95 %\n"
        "intervals. Bots: mcts (the search bot), best, greedy, random. Shards: --shard K/N --out FILE [--resume], then 'balance merge'.\n"
        "Example: " +
            tlaloc +
            " --games 200 --players 2 --bots mcts,greedy --json\n"
            "Example: " +
            tlaloc + " --games 2000 --bots greedy --html balance.html");
    cmd->add_option("--games", a->games,
                    "games in the whole run (game g: seed + g/P, seats rotated by g mod P)")
        ->capture_default_str()
        ->check(CLI::Range(std::int64_t{1}, std::int64_t{100000000}));
    cmd->add_option("--players", a->players, "players per game")
        ->capture_default_str()
        ->check(CLI::Range(2, 6));
    cmd->add_option("--bots", a->bots, "bots in seat order, rotated: mcts, best, greedy, random")
        ->capture_default_str();
    cmd->add_option("--seed", a->seed, "seed of the first deal")
        ->capture_default_str()
        ->check(whole_number_at_most(kMaxExactJsonInteger));
    cmd->add_option("--iterations", a->iterations, "the mcts bot's playouts per move")
        ->capture_default_str()
        ->check(CLI::Range(1, 1000000));
    cmd->add_option("--playout", a->playout, "the mcts bot's playouts: random or greedy")
        ->capture_default_str();
    const std::vector<std::string> variants = session::variants_of(game);
    if (game == "aztlan") {
        cmd->add_option("--profile,--variant", a->variant, "edition profile: de or it");
        cmd->add_option("--compare-profiles,--compare", a->compare,
                        "two profiles A,B (de,it): the same games under both");
    } else if (variants.size() > 1) {
        cmd->add_option("--variant", a->variant, "variant: " + joined(variants));
        cmd->add_option("--compare-variants,--compare", a->compare,
                        "two variants A,B: the same games under both");
        if (game == "akelarre")
            cmd->add_flag("--teams", a->teams, "the team game (4 players; variant teams)");
    }
    cmd->add_option("--shard", a->shard, "play only games g with g mod N = K")->capture_default_str();
    cmd->add_option(
           "--out", a->out,
           "write the run's games as JSON lines as they end (for 'balance merge'); SIGTERM or SIGINT "
           "stops after the game in hand (exit 143 or 130)")
        ->check(output_path());
    cmd->add_flag(
        "--dry-run", a->dry_run,
        "check the options (and the file --resume would continue), print the run's header line with "
        "the shard's number of games, and play nothing");
    cmd->add_flag("--resume", a->resume,
                  "continue the --out file of this very run after its last complete game (a cut last line "
                  "is dropped)");
    cmd->add_option("--html", a->html, "write the report as a page with bar charts")->check(output_path());
    cmd->add_flag("--json", a->json, "print JSON");
    cmd->add_option(
           "--timeout", a->timeout,
           "seconds: stop starting games after this; the report keeps the games that finished (0: no limit)")
        ->capture_default_str()
        ->check(CLI::Range(0u, 604800u));
    cmd->callback([a] {
        if (a->files.empty()) run_balance(*a);
    });
    auto* merge = cmd->add_subcommand(
        "merge",
        "Merges the --out files of a sharded run and reports the whole table. Shards that are missing or have fewer\n"
        "games than their share are named, and the merge then exits 1 (after the report of what is there).\n"
        "Example: " +
            tlaloc + " merge shard0.jsonl shard1.jsonl");
    merge->add_option("FILE", a->files, "balance files (balance --shard K/N --out FILE)")->required();
    merge->add_flag("--json", a->json, "print JSON");
    merge->add_option("--html", a->html, "write the report as a page with bar charts")->check(output_path());
    merge->callback([a] { run_merge(*a); });
}

}  // namespace tlaloc::cli
