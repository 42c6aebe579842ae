#include "cli/XalapaAtlacoya.h"

#include <iostream>
#include <memory>
#include <string>

#include "cli/Timeout.h"
#include "model/common/InputError.h"
#include "model/common/Json.h"
#include "model/xalapa/Challenge.h"
#include "puzzles/xalapa/Atlacoya.h"

namespace tlaloc::cli {

using namespace tlaloc::xalapa;

namespace {

struct AdviseOptions {
    std::string file;
    int tokens = 0;
    bool json = false;
    unsigned timeout = 60;
};

Json optional_int(const std::optional<int>& v) { return v ? Json(*v) : Json(nullptr); }

Json advice_to_json(const AtlacoyaAdvice& advice) {
    Json bids = Json::array();
    for (const BidAdvice& b : advice.bids) {
        Json j = {{"bid", b.bid}, {"possible", b.stones.has_value()}, {"stones", optional_int(b.stones)}};
        if (advice.tokens > 0) {
            j["tokens_needed"] = optional_int(b.tokens_needed);
            Json cover = Json::array();
            for (int t : b.cover) cover.push_back(t + 1);
            j["cover"] = b.tokens_needed ? cover : Json(nullptr);
            j["stones_with_cover"] = optional_int(b.stones_with_cover);
        }
        bids.push_back(j);
    }
    Json out = {{"bids", bids}};
    if (advice.tokens > 0) {
        out["tokens"] = advice.tokens;
        Json best = nullptr;
        for (const BidAdvice& b : advice.bids)
            if (advice.best_bid && b.bid == *advice.best_bid) {
                Json cover = Json::array();
                for (int t : b.cover) cover.push_back(t + 1);
                best = {{"bid", b.bid}, {"cover", cover}, {"stones", *b.stones_with_cover}};
            }
        out["best"] = best;
    }
    return out;
}

std::string cover_text(const std::vector<int>& cover) {
    std::string out;
    for (int t : cover) out += (out.empty() ? "" : ", ") + std::to_string(t + 1);
    return out;
}

void print_advice_text(const Challenge& row, const AtlacoyaAdvice& advice) {
    std::cout << "the row, in order:\n";
    for (std::size_t t = 0; t < row.tasks.size(); ++t)
        std::cout << "  " << t + 1 << ". " << row.tasks[t].describe() << "\n";
    if (row.formation) std::cout << "  and the formation, for every bid\n";
    for (const BidAdvice& b : advice.bids) {
        std::cout << "bid " << b.bid << ": ";
        if (b.stones)
            std::cout << "possible with " << *b.stones << " stone" << (*b.stones == 1 ? "" : "s");
        else
            std::cout << "impossible within " << row.max_stones << " stones";
        if (advice.tokens > 0 && !b.stones) {
            if (b.tokens_needed)
                std::cout << "; with " << *b.tokens_needed << " token" << (*b.tokens_needed == 1 ? "" : "s")
                          << " on challenge " << cover_text(b.cover) << ", " << *b.stones_with_cover
                          << " stones";
            else
                std::cout << "; not even with " << advice.tokens << " tokens";
        }
        std::cout << "\n";
    }
    if (advice.tokens > 0)
        std::cout << "highest bid with up to " << advice.tokens
                  << " tokens: " << (advice.best_bid ? std::to_string(*advice.best_bid) : std::string("none"))
                  << "\n";
}

void run_advise(const AdviseOptions& opt) {
    Challenge row = load_challenge(opt.file);
    if (row.tasks.size() < static_cast<std::size_t>(kAtlacoyaLowestBid))
        throw InputError(opt.file, "tasks", "an Atlacoya row needs at least 2 tasks (the lowest bid is 2)");
    const solver::Deadline deadline(opt.timeout);
    ChallengeSolver solver;
    solver.set_deadline(&deadline);
    AtlacoyaAdvice advice =
        naming(opt.file, opt.timeout, [&] { return advise_bids(solver, row, opt.tokens); });
    if (opt.json)
        std::cout << advice_to_json(advice).dump() << "\n";
    else
        print_advice_text(row, advice);
}

void add_advise(CLI::App& atlacoya) {
    auto opt = std::make_shared<AdviseOptions>();
    auto* cmd = atlacoya.add_subcommand(
        "advise",
        "For each bid b (2 to 7): can the row's first b tasks all be met at once within max_stones,\n"
        "and with how few stones (proved). With --tokens T: the fewest challenges to cover with\n"
        "tokens for each bid, and the highest bid that T tokens make possible.\n"
        "Example: tlaloc xalapa atlacoya advise puzzles/xalapa/challenges/atlacoya-1.json --tokens 1");
    cmd->add_option("ROW", opt->file, "challenge JSON file whose tasks, in order, are the row")->required();
    cmd->add_option("--tokens", opt->tokens, "penalty tokens that may cover failed challenges (0-7)")
        ->capture_default_str()
        ->check(CLI::Range(0, 7));
    cmd->add_flag("--json", opt->json, "print the advice as one JSON object");
    add_timeout(*cmd, opt->timeout);
    cmd->callback([opt] { run_advise(*opt); });
}

}  // namespace

void add_xalapa_atlacoya_commands(CLI::App& xalapa) {
    auto* atlacoya = xalapa.add_subcommand(
        "atlacoya", "The Atlacoya variant: bid how many challenges of the row you will meet, in order.");
    atlacoya->require_subcommand(1);
    add_advise(*atlacoya);
}

}  // namespace tlaloc::cli
