// The studio's routes. Each handler reads its whole request through the typed JSON layer first (bad
// input throws InputError before any solving), then asks the same functions the CLI commands use.
#include "cli/StudioApi.h"

#include <z3++.h>
#include <algorithm>
#include <cctype>
#include <fstream>
#include <mutex>
#include <sstream>

#include "cli/Commands.h"
#include "cli/StudioFolder.h"
#include "cli/StudioPlay.h"
#include "cli/StudioReplay.h"
#include "cli/XalapaAnswers.h"
#include "cli/XalapaPrint.h"
#include "model/common/Text.h"
#include "puzzles/xalapa/Book.h"
#include "puzzles/xalapa/Render.h"
#include "solver/common/SearchLimit.h"

namespace tlaloc::cli {

using namespace xalapa;

namespace {

// The name a request body goes by in error messages (where the CLI names the file).
constexpr const char* kBodyName = "request";
constexpr int kMaxGenerateCount = 20;

// Text taken from a request (a path, a query value, the bytes a JSON parse error quotes) need not be
// UTF-8; such bytes are written as U+FFFD rather than failing the answer.
StudioResponse json_response(int status, const Json& j) {
    return {status, "application/json", j.dump(-1, ' ', false, Json::error_handler_t::replace) + "\n"};
}

StudioResponse error_response(int status, const std::string& message) {
    return json_response(status, Json{{"error", message}});
}

Json body_json(const StudioRequest& r) { return parse_json_text(r.body, kBodyName); }

std::string read_text(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in) throw InputError(file.string(), "", "cannot read this file");
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// A challenge from a request. Its "board" is inline, a shipped side's id ("sun-front"), or a path
// as the shipped challenges write it ("../boards/sun-front.json"); a path must stay among the shipped
// boards, so a request cannot make the studio read any other file.
Challenge challenge_read(const JsonPlace& where, const Catalogue& catalogue) {
    where.expect_object();
    const std::filesystem::path boards = data_dir() / "puzzles" / "xalapa" / "boards";
    const std::filesystem::path beside = data_dir() / "puzzles" / "xalapa" / "challenges" / "request.json";
    if (!where.has("board") || !where.at("board").is_string()) return parse_challenge(where, beside);
    const JsonPlace board = where.at("board");
    const std::string ref = board.as_string();
    if (const BoardSide* side = catalogue.board(ref)) {
        Json copy = where.json();
        copy["board"] = board_to_json(side->board);
        return parse_challenge(JsonPlace(copy, where.file(), where.path()), beside);
    }
    std::error_code ec;
    auto resolved = std::filesystem::weakly_canonical(resolve_relative(beside, ref), ec);
    auto root = std::filesystem::weakly_canonical(boards, ec);
    if (ec || resolved.parent_path() != root || !std::filesystem::is_regular_file(resolved, ec))
        board.fail("\"" + ref +
                   "\" is not a shipped board: give the board inline, a side's id (e.g. \"sun-front\") or "
                   "\"../boards/<id>.json\"");
    return parse_challenge(where, beside);
}

// The same, with the dealt cards it names checked against the catalogue.
Challenge challenge_from(const JsonPlace& where, const Catalogue& catalogue) {
    Challenge ch = challenge_read(where, catalogue);
    check_dealt_cards(where, catalogue);
    return ch;
}

// A request's "challenge" member (solve and rate take the challenge as the whole body instead).
Challenge challenge_member(const JsonPlace& body, const Catalogue& catalogue) {
    return challenge_from(body.at("challenge"), catalogue);
}

std::optional<CellSet> stones_member(const JsonPlace& body, const Board& board) {
    auto stones = body.get("stones");
    if (!stones || stones->is_null()) return std::nullopt;
    return stones_from_json(*stones, board);
}

// A query parameter as a bounded whole number ("?cap=50"), or `fallback` when absent.
std::int64_t query_int(const StudioRequest& r, const std::string& key, std::int64_t fallback, std::int64_t lo,
                       std::int64_t hi) {
    auto it = r.query.find(key);
    if (it == r.query.end()) return fallback;
    Json j = parse_json_text(it->second, "query");
    return JsonPlace(j, "query", key).as_int(lo, hi);
}

bool query_flag(const StudioRequest& r, const std::string& key) {
    auto it = r.query.find(key);
    if (it == r.query.end()) return false;
    if (it->second == "1" || it->second == "true" || it->second.empty()) return true;
    if (it->second == "0" || it->second == "false") return false;
    throw InputError("query", key, "expected 1 or 0, found \"" + it->second + "\"");
}

template <class F>
auto under_limit(unsigned seconds, F&& body) {
    const solver::Deadline deadline(seconds);
    try {
        return body(deadline);
    } catch (solver::SearchLimitReached& e) {
        e.set_context(kBodyName, seconds);
        throw;
    }
}

// ---- shipped components ----

StudioResponse boards(const Catalogue& catalogue) {
    Json list = Json::array();
    for (const auto& side : catalogue.boards)
        list.push_back({{"id", side.id}, {"board", board_to_json(side.board)}});
    return json_response(200, Json{{"boards", list}});
}

StudioResponse shipped_file(const std::string& name) {
    return json_response(200, load_json_file(data_dir() / "puzzles" / "xalapa" / name));
}

// The shipped sample challenges, boards inline, by file name.
StudioResponse shipped_challenges() {
    std::vector<std::filesystem::path> files;
    for (const auto& entry :
         std::filesystem::directory_iterator(data_dir() / "puzzles" / "xalapa" / "challenges"))
        if (entry.path().extension() == ".json") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    Json list = Json::array();
    for (const auto& f : files)
        list.push_back({{"name", f.stem().string()}, {"challenge", challenge_to_json(load_challenge(f))}});
    return json_response(200, Json{{"challenges", list}});
}

StudioResponse features() {
    Json words = Json::array();
    for (const char* name : kAtomNames) words.push_back(name);
    Json levels = Json::array();
    for (const auto& l : kDifficultyLevels) levels.push_back({{"name", l.name}, {"meaning", l.meaning}});
    return json_response(200, Json{{"features", words}, {"difficulties", levels}, {"levels", kLevelNames}});
}

// ---- questions about one challenge ----

StudioResponse solve(const StudioRequest& r, const Catalogue& catalogue, unsigned seconds) {
    const bool all = query_flag(r, "all");
    const std::int64_t cap = query_int(r, "cap", 1000, 1, 1000000);
    Json j = body_json(r);
    Challenge ch = challenge_from(JsonPlace(j, kBodyName), catalogue);
    SolveAnswer answer = under_limit(seconds, [&](const solver::Deadline& deadline) {
        ChallengeSolver solver;
        solver.set_deadline(&deadline);
        return solve_challenge(solver, ch, all, cap);
    });
    return json_response(200, solve_answer_json(ch, answer, kBodyName));
}

// The plain evaluator's verdict on the player's stones: per task the counts and met/unmet.
StudioResponse evaluate_stones(const StudioRequest& r, const Catalogue& catalogue) {
    Json j = body_json(r);
    JsonPlace body(j, kBodyName);
    body.expect_only_keys({"challenge", "stones"});
    Challenge ch = challenge_member(body, catalogue);
    Solution mine;
    mine.stones = stones_member(body, ch.board).value_or(CellSet{});
    mine.evaluation = evaluate(ch, mine.stones);
    Json out = solution_to_json(ch, mine);
    out.erase("optimal");
    out["within_limit"] = mine.evaluation.within_limit;
    out["max_stones"] = ch.max_stones;
    out["disfavor"] = ch.disfavor;
    for (std::size_t t = 0; t < ch.tasks.size(); ++t) out["tasks"][t]["describe"] = ch.tasks[t].describe();
    return json_response(200, out);
}

StudioResponse explain_challenge(const StudioRequest& r, const Catalogue& catalogue, unsigned seconds) {
    Json j = body_json(r);
    JsonPlace body(j, kBodyName);
    body.expect_only_keys({"challenge", "stones"});
    Challenge ch = challenge_member(body, catalogue);
    auto proposed = stones_member(body, ch.board);
    Explanation x = under_limit(seconds, [&](const solver::Deadline& d) { return explain(ch, proposed, d); });
    return json_response(200, explanation_json(ch, x));
}

// The rating, with what the author view shows beside it: is the optimum unique, the task texts.
StudioResponse rate_challenge(const StudioRequest& r, const Catalogue& catalogue, unsigned seconds) {
    Json j = body_json(r);
    Challenge ch = challenge_from(JsonPlace(j, kBodyName), catalogue);
    Rating rating = under_limit(seconds, [&](const solver::Deadline& deadline) {
        ChallengeSolver solver;
        solver.set_deadline(&deadline);
        return rate(solver, ch);
    });
    Json out = rating_to_json(rating);
    out["unique"] = rating.optimal_sets == 1 && !rating.optimal_sets_more;
    out["meaning"] = kDifficultyLevels[rating.level].meaning;
    Json names = Json::array();
    for (const auto& t : ch.tasks) names.push_back(t.describe());
    if (ch.formation) names.push_back("the formation");
    out["task_names"] = names;
    return json_response(200, out);
}

StudioResponse render(const StudioRequest& r, const Catalogue& catalogue, unsigned seconds) {
    Json j = body_json(r);
    JsonPlace body(j, kBodyName);
    body.expect_only_keys({"challenge", "stones", "solution"});
    Challenge ch = challenge_member(body, catalogue);
    xalapa::RenderOptions opt;
    opt.catalogue = &catalogue;
    opt.stones = stones_member(body, ch.board);
    opt.outcome = opt.stones.has_value();
    if (auto s = body.get("solution"); s && s->as_bool()) {
        opt.stones = under_limit(seconds, [&](const solver::Deadline& deadline) {
            ChallengeSolver solver;
            solver.set_deadline(&deadline);
            return solver.solve(ch).stones;
        });
        opt.outcome = true;
    }
    return {200, "image/svg+xml", render_svg(ch, opt)};
}

// ---- new challenges ----

StudioResponse deal_round(const StudioRequest& r, const Catalogue& catalogue) {
    Json j = body_json(r);
    JsonPlace body(j, kBodyName);
    body.expect_only_keys({"level", "seed", "board", "position_side", "expert_columns"});
    xalapa::DealOptions d;
    auto level = parse_level(body.at("level").as_string());
    if (!level) body.at("level").fail("unknown level (basic, 1, 2, 3, 4, 5)");
    d.level = *level;
    if (auto s = body.get("seed")) d.seed = static_cast<std::uint64_t>(s->as_int(0, std::int64_t{1} << 53));
    if (auto b = body.get("board")) d.board = b->as_string();
    if (auto p = body.get("position_side")) d.position_side = static_cast<int>(p->as_int(0, 4));
    if (auto e = body.get("expert_columns")) d.expert_columns = e->as_bool();
    return json_response(200, deal_to_json(deal(catalogue, d), d));
}

// The task a column of two cards makes (a card id or "printed-1", "printed-2" each), as the deal reads
// it; the pinned task JSON is what challenge_to_json writes for it.
StudioResponse column(const StudioRequest& r, const Catalogue& catalogue) {
    Json j = body_json(r);
    JsonPlace body(j, kBodyName);
    body.expect_only_keys({"top", "bottom"});
    DealtColumn cards{body.at("top").as_string(), body.at("bottom").as_string()};
    auto task = find_column_task(catalogue, cards);
    if (!task)
        body.fail("\"" + cards.top + "\" over \"" + cards.bottom +
                  "\" names a card the catalogue does not have");
    Challenge one;
    one.board = catalogue.boards.front().board;
    one.tasks = {*task};
    return json_response(200,
                         Json{{"task", challenge_to_json(one)["tasks"][0]}, {"describe", task->describe()}});
}

StudioResponse generate_list(const StudioRequest& r, const Catalogue& catalogue, unsigned seconds) {
    Json j = body_json(r);
    JsonPlace body(j, kBodyName);
    body.expect_only_keys({"level", "count", "seed", "unique", "difficulty", "max_deals"});
    xalapa::GenerateOptions g;
    auto level = parse_level(body.at("level").as_string());
    if (!level) body.at("level").fail("unknown level (basic, 1, 2, 3, 4, 5)");
    g.level = *level;
    if (auto c = body.get("count")) g.count = static_cast<int>(c->as_int(1, kMaxGenerateCount));
    if (auto s = body.get("seed")) g.seed = static_cast<std::uint64_t>(s->as_int(0, std::int64_t{1} << 53));
    if (auto u = body.get("unique")) g.unique = u->as_bool();
    g.max_attempts = 2000;
    if (auto m = body.get("max_deals")) g.max_attempts = m->as_int(1, 100000);
    if (auto d = body.get("difficulty"); d && !d->is_null()) {
        int index = difficulty_index(d->as_string());
        if (index < 0) d->fail("unknown difficulty (direct, combine, give-up, deep)");
        g.difficulty = index;
    }
    auto puzzles = under_limit(seconds, [&](const solver::Deadline& deadline) {
        g.deadline = &deadline;
        ChallengeSolver solver;
        return generate(catalogue, g, solver);
    });
    Json list = Json::array();
    for (const auto& p : puzzles) list.push_back(generated_puzzle_json(p));
    return json_response(200, Json{{"challenges", list}, {"asked", g.count}});
}

// ---- the data folder ----

// The largest saved file the studio reads back (a book of 200 challenges is about 400 KB).
constexpr std::size_t kMaxSavedFile = 8 << 20;

// <name><suffix> in the data folder. Names are plain words (letters, digits, '-', '_'), so no path can
// leave the folder; the folder itself opens nothing through a link (StudioFolder).
std::string data_name(const JsonPlace& name, const std::string& suffix) {
    const std::string text = name.as_string();
    bool plain = !text.empty() && text.size() <= 64 && text[0] != '-';
    for (unsigned char c : text) plain = plain && (std::isalnum(c) || c == '-' || c == '_');
    if (!plain) name.fail("a name is 1 to 64 letters, digits, '-' or '_' (no paths)");
    return text + suffix;
}

// Writes are refused where a link stands, for a clear answer; the rename would replace the link itself.
void refuse_link(const StudioFolder& folder, const JsonPlace& name, const std::string& file) {
    if (folder.is_link(file))
        name.fail("\"" + file + "\" is a symbolic link; the studio keeps to its data folder");
}

StudioResponse save(const StudioRequest& r, const StudioFolder& folder, const Catalogue& catalogue) {
    Json j = body_json(r);
    JsonPlace body(j, kBodyName);
    body.expect_only_keys({"name", "challenge"});
    Challenge ch = challenge_member(body, catalogue);
    const std::string json_file = data_name(body.at("name"), ".json");
    const std::string svg_file = data_name(body.at("name"), ".svg");
    refuse_link(folder, body.at("name"), json_file);
    refuse_link(folder, body.at("name"), svg_file);
    xalapa::RenderOptions opt;
    opt.catalogue = &catalogue;
    const std::string svg = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + render_svg(ch, opt);
    folder.write(json_file, challenge_to_json(ch).dump(1) + "\n");
    folder.write(svg_file, svg);
    return json_response(200, Json{{"saved", {json_file, svg_file}}});
}

// Changes to books one at a time: two at once would each read the old book and one would be lost.
std::mutex& books_lock() {
    static std::mutex books;
    return books;
}

// A book is DATA/<book>.book.json: {"challenges": [...]}, each in the pinned format.
StudioResponse add_to_book(const StudioRequest& r, const StudioFolder& folder, const Catalogue& catalogue) {
    Json j = body_json(r);
    JsonPlace body(j, kBodyName);
    body.expect_only_keys({"book", "challenge"});
    Challenge ch = challenge_member(body, catalogue);
    const std::string file = data_name(body.at("book"), ".book.json");
    refuse_link(folder, body.at("book"), file);
    const std::lock_guard hold(books_lock());
    Json book{{"challenges", Json::array()}};
    if (auto text = folder.read(file, kMaxSavedFile)) {
        Json old = parse_json_text(*text, file);
        JsonPlace place(old, file);
        place.expect_only_keys({"challenges"});
        for (auto& c : place.at("challenges").items())
            book["challenges"].push_back(challenge_to_json(challenge_from(c, catalogue)));
    }
    if (book["challenges"].size() >= 200) body.fail("a book holds at most 200 challenges");
    book["challenges"].push_back(challenge_to_json(ch));
    const std::string text = book.dump(1) + "\n";
    if (text.size() > kMaxSavedFile)
        body.fail("the book would be over " + std::to_string(kMaxSavedFile) +
                  " bytes, more than the studio reads back");
    folder.write(file, text);
    return json_response(200, Json{{"book", file}, {"challenges", book["challenges"].size()}});
}

// A saved book's challenges as the file holds them (404 when there is no such book).
std::optional<Json> saved_book(const StudioFolder& folder, const std::string& file) {
    auto text = folder.read(file, kMaxSavedFile);
    if (!text) return std::nullopt;
    Json book = parse_json_text(*text, file);
    JsonPlace place(book, file);
    place.expect_only_keys({"challenges"});
    place.at("challenges").expect_array();
    return book;
}

// POST /api/xalapa/book-order {"book", "order": [i, ...]}: the book's challenges in a new order (a
// permutation of 0..n-1).
StudioResponse book_order(const StudioRequest& r, const StudioFolder& folder) {
    Json j = body_json(r);
    JsonPlace body(j, kBodyName);
    body.expect_only_keys({"book", "order"});
    const std::string file = data_name(body.at("book"), ".book.json");
    const std::lock_guard hold(books_lock());
    auto book = saved_book(folder, file);
    if (!book) return error_response(404, "no such saved book");
    const Json& old = (*book)["challenges"];
    const auto order = body.at("order").items();
    if (order.size() != old.size())
        body.at("order").fail("must list each of the book's " + std::to_string(old.size()) +
                              " challenges once");
    std::vector<bool> seen(old.size(), false);
    Json reordered = Json::array();
    for (const auto& i : order) {
        const auto k = static_cast<std::size_t>(i.as_int(0, static_cast<std::int64_t>(old.size()) - 1));
        if (seen[k]) i.fail("lists challenge " + std::to_string(k) + " twice");
        seen[k] = true;
        reordered.push_back(old[k]);
    }
    folder.write(file, Json{{"challenges", reordered}}.dump(1) + "\n");
    return json_response(200, Json{{"book", file}, {"challenges", reordered.size()}});
}

// POST /api/xalapa/book-print {"book", "title"?, "author"?, "why"?, "hide_difficulty"?}: the printable
// book of a saved book, the very pages `tlaloc xalapa book FILE` writes (HTML).
StudioResponse book_print(const StudioRequest& r, const StudioFolder& folder, const Catalogue& catalogue,
                          unsigned seconds) {
    Json j = body_json(r);
    JsonPlace body(j, kBodyName);
    body.expect_only_keys({"book", "title", "author", "why", "hide_difficulty"});
    const std::string name = body.at("book").as_string();
    const std::string file = data_name(body.at("book"), ".book.json");
    BookSettings settings;
    if (auto t = body.get("title")) settings.title = t->as_string();
    if (auto a = body.get("author")) settings.author = a->as_string();
    if (auto h = body.get("hide_difficulty")) settings.hide_difficulty = h->as_bool();
    const bool why = body.get("why") && body.at("why").as_bool();
    auto book = saved_book(folder, file);
    if (!book) return error_response(404, "no such saved book");
    JsonPlace place(*book, file);
    std::vector<Challenge> challenges;
    for (auto& c : place.at("challenges").items()) challenges.push_back(challenge_from(c, catalogue));
    if (challenges.empty())
        return error_response(400, "tlaloc: " + file + ": the book holds no challenge yet");
    settings.made = "from the studio book " + name;
    std::vector<BookEntry> entries = under_limit(seconds, [&](const solver::Deadline& deadline) {
        ChallengeSolver solver;
        solver.set_deadline(&deadline);
        std::vector<BookEntry> out;
        for (std::size_t k = 0; k < challenges.size(); ++k)
            out.push_back(solve_book_entry(solver, challenges[k], file + " #" + std::to_string(k + 1), why));
        return out;
    });
    return {200, "text/html; charset=utf-8", book_html(entries, settings, catalogue)};
}

// GET /api/xalapa/saved: the names; ?name=X one saved challenge; ?book=X one book.
StudioResponse saved(const StudioRequest& r, const StudioFolder& folder) {
    for (const auto& [key, suffix] : {std::pair{"name", ".json"}, std::pair{"book", ".book.json"}}) {
        auto it = r.query.find(key);
        if (it == r.query.end()) continue;
        Json name = it->second;
        const std::string file = data_name(JsonPlace(name, "query", key), suffix);
        auto text = folder.read(file, kMaxSavedFile);
        if (!text) return error_response(404, "no such saved file");
        return json_response(200, parse_json_text(*text, file));
    }
    Json names = Json::array(), books = Json::array();
    for (const std::string& f : folder.list()) {
        if (f.starts_with(".")) continue;
        if (f.ends_with(".book.json"))
            books.push_back(f.substr(0, f.size() - 10));
        else if (f.ends_with(".json"))
            names.push_back(f.substr(0, f.size() - 5));
    }
    return json_response(200, Json{{"challenges", names}, {"books", books}});
}

// ---- the page ----

StudioResponse asset(const StudioSettings& s, const std::string& path) {
    static const std::map<std::string, std::pair<std::string, std::string>> files = {
        {"/", {"index.html", "text/html; charset=utf-8"}},
        {"/index.html", {"index.html", "text/html; charset=utf-8"}},
        {"/studio.css", {"studio.css", "text/css; charset=utf-8"}},
        {"/studio.js", {"studio.js", "text/javascript; charset=utf-8"}},
        {"/studio-race.js", {"studio-race.js", "text/javascript; charset=utf-8"}},
        {"/studio-replay.js", {"studio-replay.js", "text/javascript; charset=utf-8"}},
        {"/studio-games.js", {"studio-games.js", "text/javascript; charset=utf-8"}}};
    auto it = files.find(path);
    if (it == files.end()) return error_response(404, "no such page: " + path);
    return {200, it->second.second, read_text(s.assets / it->second.first)};
}

}  // namespace

namespace {

// A header's value as a message may quote it: at most 80 bytes.
std::string quoted(const std::string& value) {
    return "\"" + (value.size() > 80 ? value.substr(0, 80) + "..." : value) + "\"";
}

}  // namespace

std::vector<std::string> studio_host_names(const std::string& host, int port) {
    const std::string suffix = ":" + std::to_string(port);
    std::vector<std::string> bare = {"127.0.0.1", "localhost", "[::1]"};
    std::string given = lower_case(host);
    if (given.find(':') != std::string::npos && given.front() != '[') given = "[" + given + "]";
    if (std::find(bare.begin(), bare.end(), given) == bare.end()) bare.push_back(given);
    std::vector<std::string> names;
    for (const auto& b : bare) {
        names.push_back(b + suffix);
        if (port == 80) names.push_back(b);  // the default port may be left out
    }
    return names;
}

std::optional<StudioResponse> refused_at_door(const StudioRequest& r, const std::vector<std::string>& hosts) {
    auto header = [&](const char* name) -> const std::string* {
        auto it = r.headers.find(name);
        return it == r.headers.end() ? nullptr : &it->second;
    };
    auto known = [&](const std::string& value, const std::string& prefix) {
        const std::string v = lower_case(value);
        return std::any_of(hosts.begin(), hosts.end(), [&](const std::string& h) { return v == prefix + h; });
    };
    const std::string* host = header("host");
    if (!host) return error_response(403, "a request must name the studio's address in Host");
    if (!known(*host, ""))
        return error_response(403, "Host " + quoted(*host) +
                                       " is not an address this studio serves (a web page of another "
                                       "site cannot use it)");
    if (const std::string* origin = header("origin"); origin && !known(*origin, "http://"))
        return error_response(403, "requests from another site's page (Origin " + quoted(*origin) +
                                       ") are refused; open the studio's own page");
    if (const std::string* site = header("sec-fetch-site"); site && lower_case(*site) == "cross-site")
        return error_response(403,
                              "requests from another site's page are refused; open the studio's own page");
    if (r.method == "POST") {
        const std::string* type = header("content-type");
        const std::string media = type ? trim_blanks(lower_case(type->substr(0, type->find(';')))) : "";
        if (media != "application/json")
            return error_response(415, "a POST to the studio must be sent as Content-Type: application/json" +
                                           (type ? " (found " + quoted(*type) + ")" : std::string()));
    }
    return std::nullopt;
}

std::filesystem::path studio_assets_dir() { return data_dir() / "puzzles" / "xalapa" / "studio"; }

StudioApi::StudioApi(StudioSettings settings)
    : settings_(std::move(settings)),
      catalogue_(std::make_shared<const Catalogue>(load_catalogue())),
      folder_(std::make_shared<const StudioFolder>(settings_.data)) {}

StudioResponse StudioApi::route(const StudioRequest& r) const {
    const Catalogue& c = *catalogue_;
    const unsigned t = settings_.timeout;
    const std::string& p = r.path;
    if (!p.starts_with("/api/")) {
        if (r.method != "GET") return error_response(405, "the page is read with GET");
        return asset(settings_, p);
    }
    if (r.method == "GET") {
        if (p == "/api/xalapa/boards") return boards(c);
        if (p == "/api/xalapa/cards") return shipped_file("cards.json");
        if (p == "/api/xalapa/positions") return shipped_file("positions.json");
        if (p == "/api/xalapa/features") return features();
        if (p == "/api/xalapa/challenges") return shipped_challenges();
        if (p == "/api/xalapa/saved") return saved(r, *folder_);
        if (p == "/api/replays") return json_response(200, saved_game_logs(*folder_));
    } else if (r.method == "POST") {
        if (p == "/api/xalapa/solve") return solve(r, c, t);
        if (p == "/api/xalapa/evaluate") return evaluate_stones(r, c);
        if (p == "/api/xalapa/explain") return explain_challenge(r, c, t);
        if (p == "/api/xalapa/rate") return rate_challenge(r, c, t);
        if (p == "/api/xalapa/render") return render(r, c, t);
        if (p == "/api/xalapa/deal") return deal_round(r, c);
        if (p == "/api/xalapa/column") return column(r, c);
        if (p == "/api/xalapa/generate") return generate_list(r, c, t);
        if (p == "/api/xalapa/save") return save(r, *folder_, c);
        if (p == "/api/xalapa/book") return add_to_book(r, *folder_, c);
        if (p == "/api/xalapa/book-order") return book_order(r, *folder_);
        if (p == "/api/xalapa/book-print") return book_print(r, *folder_, c, t);
        if (p == "/api/xalapa/play") return json_response(200, seven_day_step(body_json(r), kBodyName, c, t));
        if (p == "/api/replay")
            return json_response(200, replay_request(body_json(r), kBodyName, *folder_, t));
        if (p == "/api/game") return json_response(200, table_request(body_json(r), kBodyName, t));
    }
    return error_response(404, "no such API call: " + r.method + " " + p + " (see docs/studio.md)");
}

StudioResponse StudioApi::handle(const StudioRequest& r) const {
    if (r.body.size() > settings_.max_body)
        return error_response(413,
                              "the request body is over " + std::to_string(settings_.max_body) + " bytes");
    try {
        return route(r);
    } catch (const InputError& e) {
        return error_response(400, error_line(e));
    } catch (const solver::SearchLimitReached& e) {
        return error_response(503, error_line(e));
    } catch (const z3::exception& e) {
        return error_response(500, "tlaloc: internal error (a bug in tlaloc; please report it): from Z3: " +
                                       std::string(e.msg()));
    } catch (const std::exception& e) {
        return error_response(
            500, "tlaloc: internal error (a bug in tlaloc; please report it): " + std::string(e.what()));
    }
}

}  // namespace tlaloc::cli
