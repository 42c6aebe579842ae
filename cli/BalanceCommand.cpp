#include "cli/BalanceCommand.h"

#include <unistd.h>

#include <chrono>
#include <iostream>
#include <memory>
#include <set>
#include <sstream>

#include "cli/Commands.h"
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
    bool json = false, teams = false;
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

std::string lines_text(const Json& header, const std::vector<session::GameRecord>& records) {
    std::string text = header.dump() + "\n";
    for (const auto& r : records) text += session::record_to_json(r).dump() + "\n";
    return text;
}

void print_report(const Json& report, const BalanceArgs& a) {
    if (!a.html.empty()) write_file_atomically(a.html, session::balance_html(report));
    std::cout << (a.json ? report.dump(2) + "\n" : session::balance_text(report));
}

void run_balance(const BalanceArgs& a) {
    BalanceOptions o = options_of(a);
    const bool terminal = ::isatty(STDERR_FILENO) != 0;
    const auto start = std::chrono::steady_clock::now();
    if (terminal)
        o.progress = [&](std::int64_t done, std::int64_t total) {
            const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            std::cerr << "\rbalance: " << done << "/" << total << " games, " << static_cast<int>(s) << " s"
                      << std::flush;
        };
    bool complete = true;
    const std::vector<session::GameRecord> records = session::play_balance(o, complete);
    if (terminal) std::cerr << "\n";
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const Json header = session::run_header(o);
    const std::int64_t mine = (o.games - o.shard + o.shards - 1) / o.shards;
    Json report = session::balance_report(header, records, mine);
    report["seconds"] = seconds;
    report["games_per_second"] = seconds > 0 ? static_cast<double>(records.size()) / seconds : 0.0;
    if (!complete)
        std::cerr << a.command << " balance: --timeout reached after " << records.size() << " of " << mine
                  << " games; the report covers those\n";
    if (!a.out.empty()) write_file_atomically(a.out, lines_text(header, records));
    print_report(report, a);
}

// Reads shard files: one run (headers equal but for the shard), each shard once, each game once.
void run_merge(const BalanceArgs& a) {
    Json header;
    std::set<std::int64_t> shards_seen, games_seen;
    std::int64_t shards = 0;
    std::vector<session::GameRecord> records;
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
    }
    std::vector<std::string> missing;
    for (std::int64_t k = 0; k < shards; ++k)
        if (!shards_seen.count(k)) missing.push_back(std::to_string(k) + "/" + std::to_string(shards));
    if (!missing.empty())
        std::cerr << a.command << " balance merge: missing shards " << joined(missing) << "\n";
    std::sort(records.begin(), records.end(), [](const auto& x, const auto& y) { return x.index < y.index; });
    header["shard"] = "0/1";
    Json report = session::balance_report(header, records, header.at("games").get<std::int64_t>());
    report["missing_shards"] = missing;
    print_report(report, a);
}

}  // namespace

void add_balance_command(CLI::App& group, const std::string& game, const std::string& command) {
    auto a = std::make_shared<BalanceArgs>();
    a->game = game;
    a->command = command;
    const std::string tlaloc = "tlaloc " + command + " balance";
    auto* cmd = group.add_subcommand(
        "balance",
        "Plays seeded games between bots with the seats rotated (each bot in each seat on the same deal) and reports\n"
        "win rates per seat, per bot and for the first player, draws, game length and winning margins, with 95 %\n"
        "intervals. Bots: mcts (the search bot), best, greedy, random. Shards: --shard K/N --out FILE, then 'balance merge'.\n"
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
    cmd->add_option("--out", a->out, "write the run's games as JSON lines (for 'balance merge')")
        ->check(output_path());
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
        "Merges the --out files of a sharded run and reports the whole table; names missing shards.\n"
        "Example: " +
            tlaloc + " merge shard0.jsonl shard1.jsonl");
    merge->add_option("FILE", a->files, "balance files (balance --shard K/N --out FILE)")->required();
    merge->add_flag("--json", a->json, "print JSON");
    merge->add_option("--html", a->html, "write the report as a page with bar charts")->check(output_path());
    merge->callback([a] { run_merge(*a); });
}

}  // namespace tlaloc::cli
