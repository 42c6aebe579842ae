#include "verify/claims/Ledger.h"

#include <cctype>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include "verify/claims/ClaimsFile.h"

namespace tlaloc::verify {

namespace fs = std::filesystem;

namespace {

// Ids and test names are plain words: a typo with a space or an empty string is bad input.
std::string plain_word(const JsonPlace& where, const std::string& what) {
    std::string s = where.as_string();
    if (s.empty() || s.size() > 200) where.fail(what + " must be 1-200 characters");
    for (char c : s) {
        if (std::isspace(static_cast<unsigned char>(c))) where.fail(what + " \"" + s + "\" holds a space");
    }
    return s;
}

std::string prose(const JsonPlace& where, const std::string& what) {
    std::string s = where.as_string();
    if (s.find_first_not_of(" \t\n") == std::string::npos) where.fail(what + " is empty");
    return s;
}

std::vector<std::string> word_list(const JsonPlace& where, const std::string& what) {
    std::vector<std::string> out;
    for (const auto& item : where.items()) out.push_back(plain_word(item, what));
    if (out.empty()) where.fail("lists no " + what + " (leave the key out instead)");
    return out;
}

LedgerStatement parse_statement(const JsonPlace& s) {
    s.expect_object();
    s.expect_only_keys(
        {"id", "page", "statement", "claims", "tests", "decision", "pending", "contradicted", "note"});
    LedgerStatement st;
    st.place = s.path();
    st.id = plain_word(s.at("id"), "id");
    st.page = prose(s.at("page"), "page");
    st.statement = prose(s.at("statement"), "statement");
    if (auto c = s.get("claims")) st.claims = word_list(*c, "claim id");
    if (auto t = s.get("tests")) {
        st.tests = word_list(*t, "test name");
        for (std::size_t i = 0; i < st.tests.size(); ++i) {
            const std::string& name = st.tests[i];
            auto dot = name.find('.');
            if (dot == std::string::npos || dot == 0 || dot + 1 == name.size() ||
                name.find('.', dot + 1) != std::string::npos)
                t->at(i).fail("test name \"" + name + "\" is not Suite.Name");
        }
    }
    if (auto d = s.get("decision")) st.decision = prose(*d, "decision");
    if (auto p = s.get("pending")) st.pending = prose(*p, "pending");
    if (auto c = s.get("contradicted")) st.contradicted = c->as_bool();
    if (auto n = s.get("note")) n->as_string();
    return st;
}

}  // namespace

Ledger load_ledger(const fs::path& file) {
    Json json = load_json_file(file);
    JsonPlace root(json, file.string());
    root.expect_object();
    root.expect_only_keys({"book", "edition", "source", "claims", "note", "statements"});
    Ledger ledger;
    ledger.file = file.string();
    ledger.book = plain_word(root.at("book"), "book");
    if (ledger.book != file.stem().string())
        root.at("book").fail("\"" + ledger.book + "\" differs from the file's name \"" +
                             file.stem().string() + "\"");
    for (const char* key : {"edition", "source", "note"}) {
        if (auto v = root.get(key)) v->as_string();
    }
    std::string claims = "../rulebooks/" + ledger.book + ".json";
    if (auto c = root.get("claims")) claims = prose(*c, "claims");
    ledger.claims_file = resolve_relative(file, claims);
    std::map<std::string, std::string> seen;
    for (const auto& s : root.at("statements").items()) {
        LedgerStatement st = parse_statement(s);
        auto [it, fresh] = seen.emplace(st.id, st.place);
        if (!fresh) s.at("id").fail("\"" + st.id + "\" is already the id of " + it->second);
        ledger.statements.push_back(std::move(st));
    }
    if (ledger.statements.empty()) root.at("statements").fail("lists no statements");
    return ledger;
}

std::set<std::string> test_names_in(const fs::path& tests_dir) {
    std::set<std::string> names;
    std::error_code ec;
    if (!fs::is_directory(tests_dir, ec)) return names;
    static const std::regex test_macro(R"(\bTEST(?:_F|_P)?\s*\(\s*(\w+)\s*,\s*(\w+)\s*\))");
    for (const auto& entry : fs::directory_iterator(tests_dir, ec)) {
        if (entry.path().extension() != ".cpp") continue;
        std::ifstream in(entry.path());
        std::stringstream text;
        text << in.rdbuf();
        const std::string s = text.str();
        for (std::sregex_iterator m(s.begin(), s.end(), test_macro), end; m != end; ++m)
            names.insert((*m)[1].str() + "." + (*m)[2].str());
    }
    return names;
}

BookCoverage ledger_coverage(const Ledger& ledger, const GameCatalog& games,
                             const std::set<std::string>& tests) {
    ClaimsFile claims = load_claims_file(ledger.claims_file, games);
    std::set<std::string> claim_ids;
    for (const auto& c : claims.claims) claim_ids.insert(c.id);
    BookCoverage cov;
    cov.file = fs::path(ledger.file).filename().string();
    cov.book = ledger.book;
    const std::string claims_name = ledger.claims_file.filename().string();
    for (const auto& st : ledger.statements) {
        ++cov.statements;
        const std::string where = st.place + " (" + st.id + "): ";
        for (const auto& id : st.claims) {
            if (!claim_ids.count(id))
                cov.problems.push_back(where + "no claim \"" + id + "\" in " + claims_name);
        }
        for (const auto& name : st.tests) {
            if (!tests.count(name)) cov.problems.push_back(where + "no test \"" + name + "\" in tests/");
        }
        if (!st.claims.empty())
            ++cov.claimed;
        else if (!st.tests.empty())
            ++cov.tested;
        else if (!st.decision.empty())
            ++cov.decided;
        else {
            ++cov.uncovered;
            cov.uncovered_ids.push_back(st.id);
        }
        if (st.contradicted) ++cov.contradicted;
        if (!st.pending.empty()) cov.pending.emplace_back(st.id, st.pending);
    }
    return cov;
}

}  // namespace tlaloc::verify
