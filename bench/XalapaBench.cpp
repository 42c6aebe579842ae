// Median time per Xalapa challenge (load + solve + proof + re-check), solved from files in one
// process, over two sets: "dealt" = level-2 deals from the shipped cards and boards (6 columns +
// a 4-stone formation = 7 tasks, mostly "as many on A as on B"), "random" = random 6x6 boards with
// 6-7 random tasks (conjunctions, at least / at most / exactly 0-3, a few "as many") and a random
// 4-stone formation. Variants run side by side on the same files so machine noise hits them alike.
// Usage: XalapaBench [COUNT=1000] [SEED=1] [dealt|random|both]
#include <z3++.h>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "model/xalapa/Evaluation.h"
#include "puzzles/xalapa/Deal.h"
#include "puzzles/xalapa/RandomChallenge.h"
#include "solver/xalapa/ChallengeSolver.h"

using namespace tlaloc;
using namespace tlaloc::xalapa;
using Clock = std::chrono::steady_clock;

namespace {

// The baseline the speed work started from: a fresh context and z3::optimize per challenge, sums of ite.
int one_shot_optimize(const Challenge& ch) {
    z3::context ctx;
    z3::optimize opt(ctx);
    ChallengeFields fields(ch);
    z3::expr_vector x(ctx);
    z3::expr stones = ctx.int_val(0);
    for (int i = 0; i < ch.board.size(); ++i) {
        x.push_back(ctx.bool_const(("x" + std::to_string(i)).c_str()));
        stones = stones + z3::ite(x[i], ctx.int_val(1), ctx.int_val(0));
    }
    opt.add(stones <= ch.max_stones);
    z3::expr penalty = stones;
    auto count = [&](const CellSet& s) {
        z3::expr e = ctx.int_val(0);
        for (int i = 0; i < ch.board.size(); ++i)
            if (s.test(i)) e = e + z3::ite(x[i], ctx.int_val(1), ctx.int_val(0));
        return e;
    };
    for (std::size_t t = 0; t < ch.tasks.size(); ++t) {
        z3::expr met =
            ch.tasks[t].kind == Task::Kind::Same
                ? count(fields.feature[t]) == count(fields.other[t])
                : (count(fields.feature[t]) >= ch.tasks[t].lo && count(fields.feature[t]) <= ch.tasks[t].hi);
        penalty = penalty + z3::ite(met, ctx.int_val(0), ctx.int_val(ch.disfavor));
    }
    if (ch.formation) {
        z3::expr_vector options(ctx);
        for (const auto& p : fields.placements) {
            z3::expr_vector all(ctx);
            for (int i = 0; i < ch.board.size(); ++i)
                if (p.test(i)) all.push_back(x[i]);
            options.push_back(z3::mk_and(all));
        }
        penalty = penalty + z3::ite(z3::mk_or(options), ctx.int_val(0), ctx.int_val(ch.disfavor));
    }
    opt.minimize(penalty);
    opt.check();
    return opt.get_model().eval(penalty, true).get_numeral_int();
}

// The same fresh context, but the penalty as soft constraints (Z3's MaxSAT engine, maxres):
// each task met weighs `disfavor`, each field left empty weighs 1. Pseudo-Boolean task rules.
int one_shot_maxsat(const Challenge& ch) {
    z3::context ctx;
    z3::optimize opt(ctx);
    ChallengeFields fields(ch);
    z3::expr_vector x(ctx);
    for (int i = 0; i < ch.board.size(); ++i) x.push_back(ctx.bool_const(("x" + std::to_string(i)).c_str()));
    opt.add(z3::atmost(x, static_cast<unsigned>(ch.max_stones)));
    auto on = [&](const CellSet& s) {
        z3::expr_vector v(ctx);
        for (int i = 0; i < ch.board.size(); ++i)
            if (s.test(i)) v.push_back(x[i]);
        return v;
    };
    for (std::size_t t = 0; t < ch.tasks.size(); ++t) {
        z3::expr met = ctx.bool_const(("met" + std::to_string(t)).c_str());
        const Task& task = ch.tasks[t];
        if (task.kind == Task::Kind::Same) {
            z3::expr_vector terms(ctx);
            std::vector<int> coeffs;
            for (int i = 0; i < ch.board.size(); ++i) {
                int k = fields.feature[t].test(i) - fields.other[t].test(i);
                if (k != 0) {
                    terms.push_back(x[i]);
                    coeffs.push_back(k);
                }
            }
            if (!terms.empty()) opt.add(z3::implies(met, z3::pbeq(terms, coeffs.data(), 0)));
        } else {
            z3::expr_vector v = on(fields.feature[t]);
            if (task.lo > static_cast<int>(v.size()))
                opt.add(!met);
            else {
                if (task.lo > 0) opt.add(z3::implies(met, z3::atleast(v, static_cast<unsigned>(task.lo))));
                if (task.hi < static_cast<int>(v.size()))
                    opt.add(z3::implies(met, z3::atmost(v, static_cast<unsigned>(task.hi))));
            }
        }
        opt.add_soft(met, static_cast<unsigned>(ch.disfavor));
    }
    if (ch.formation) {
        z3::expr met = ctx.bool_const("formation");
        z3::expr_vector options(ctx);
        for (const auto& p : fields.placements) options.push_back(z3::mk_and(on(p)));
        opt.add(z3::implies(met, z3::mk_or(options)));
        opt.add_soft(met, static_cast<unsigned>(ch.disfavor));
    }
    for (int i = 0; i < ch.board.size(); ++i) opt.add_soft(!x[i], 1);
    opt.check();
    z3::model m = opt.get_model();
    CellSet s;
    for (int i = 0; i < ch.board.size(); ++i)
        if (m.eval(x[i], true).is_true()) s.set(i);
    return evaluate(ch, fields, s).penalty;
}

struct Stats {
    std::string name;
    std::vector<double> ms;
};

void report(const Stats& s) {
    auto v = s.ms;
    std::sort(v.begin(), v.end());
    double sum = 0;
    for (double d : v) sum += d;
    std::printf("%-34s n=%zu  median %.3f ms  p90 %.3f ms  max %.3f ms  mean %.3f ms\n", s.name.c_str(),
                v.size(), v[v.size() / 2], v[v.size() * 9 / 10], v.back(), sum / v.size());
}

}  // namespace

int main(int argc, char** argv) {
    int count = argc > 1 ? std::stoi(argv[1]) : 1000;
    std::uint64_t seed = argc > 2 ? std::stoull(argv[2]) : 1;
    int disagreements = 0;
    auto dir = std::filesystem::temp_directory_path() / ("tlaloc-xalapa-bench-" + std::to_string(seed));
    std::filesystem::create_directories(dir);
    std::string which = argc > 3 ? argv[3] : "both";
    for (std::string set : {"dealt", "random"}) {
        if (which != "both" && which != set) continue;
        std::mt19937_64 rng(seed);
        Catalogue catalogue = load_catalogue();
        std::vector<std::filesystem::path> files;
        for (int i = 0; i < count; ++i) {
            Challenge ch;
            if (set == "dealt") {
                DealOptions d;
                d.level = Level::Two;
                d.seed = seed * 1000003 + i;
                ch = deal(catalogue, d).challenge;
            } else {
                RandomChallengeOptions o;
                o.min_tasks = 6;
                o.max_tasks = 7;
                o.formation_cells = 4;
                ch = random_challenge(rng, o);
            }
            files.push_back(dir / ("c" + std::to_string(i) + ".json"));
            write_file_atomically(files.back(), challenge_to_json(ch).dump());
        }
        ChallengeSolver simple(SolverBackend::Simple), smt(SolverBackend::Smt), sat(SolverBackend::SatCore);
        Stats s_simple{"default (reused simple SMT kernel)", {}}, s_smt{"reused combined SMT solver", {}},
            s_sat{"reused QF_FD SAT+PB solver", {}}, s_opt{"fresh z3::optimize, sums of ite", {}},
            s_maxsat{"fresh z3::optimize, soft constraints", {}};
        int checks = 0, unmet = 0;
        auto time = [](Stats& s, const std::function<int()>& f) {
            auto t0 = Clock::now();
            int r = f();
            s.ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
            return r;
        };
        bool with_baseline = count <= 2000;
        // First the default alone over all files, as `tlaloc xalapa solve FILE...` runs them (no other
        // solver between two challenges to evict its caches); then all variants interleaved.
        Stats s_alone{"default, alone (as `solve FILE...`)", {}};
        {
            ChallengeSolver alone;
            for (const auto& f : files)
                time(s_alone, [&] { return alone.solve(load_challenge(f)).evaluation.penalty; });
        }
        for (const auto& f : files) {
            int a = time(s_simple, [&] {
                Solution s = simple.solve(load_challenge(f));
                checks += s.solver_checks;
                unmet += s.evaluation.unmet > 0;
                return s.evaluation.penalty;
            });
            int b = time(s_smt, [&] { return smt.solve(load_challenge(f)).evaluation.penalty; });
            int c = time(s_sat, [&] { return sat.solve(load_challenge(f)).evaluation.penalty; });
            int d = with_baseline ? time(s_opt, [&] { return one_shot_optimize(load_challenge(f)); }) : a;
            int e = with_baseline ? time(s_maxsat, [&] { return one_shot_maxsat(load_challenge(f)); }) : a;
            disagreements += (a != b) + (a != c) + (a != d) + (a != e);
        }
        std::printf("\n[%s] %d challenges (6x6, 6-7 tasks + 4-stone formation, rotate); seed %llu\n",
                    set.c_str(), count, static_cast<unsigned long long>(seed));
        report(s_alone);
        report(s_simple);
        report(s_smt);
        report(s_sat);
        if (with_baseline) {
            report(s_opt);
            report(s_maxsat);
        }
        std::printf(
            "solver checks per challenge (default): %.2f; optimum gives up a task in %d of %d; disagreements: %d\n",
            static_cast<double>(checks) / count, unmet, count, disagreements);
    }
    std::filesystem::remove_all(dir);
    return disagreements == 0 ? 0 : 1;
}
