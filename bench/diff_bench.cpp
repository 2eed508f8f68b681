// Parse + normalize + diff throughput of qdiff on (gold, prediction) pairs, on one thread and on all
// cores; bench/diff_vs_sqlglot.sh runs it beside sqlglot.diff.diff on the same pairs.
//   diff_bench [--passes N] [--threads N] [--profile NAME] [--explain] GOLD.tsv PRED.sql
// Line i of GOLD (first TAB field) is scored against line i of PRED. --explain also renders each
// result's JSON explanation (what `qdiff diff --format json` and Python's diff(explain=True) return),
// on the calling thread.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "qdiff/compare.hpp"
#include "qdiff/diff_render.hpp"

namespace {

std::vector<std::string> read_lines(const std::string& path) {
    std::vector<std::string> lines;
    std::ifstream in(path);
    if (!in) {
        std::fprintf(stderr, "diff_bench: cannot read %s\n", path.c_str());
        std::exit(2);
    }
    for (std::string line; std::getline(in, line);) lines.push_back(line.substr(0, line.find('\t')));
    return lines;
}

struct Run {
    double cold_us = 0, warm_us = 1e300;  // per pair, wall clock
    double warm_cpu_us = 1e300;           // per pair, CPU time of the process (all threads): robust on a busy machine
    size_t unscored = 0;
    size_t explained_bytes = 0;  // --explain: the JSON explanations' total size
    std::vector<double> scores;
};

Run time_runs(const std::vector<qdiff::PairInput>& pairs, const qdiff::Profile& profile, unsigned threads, int passes,
              bool explain) {
    using clock = std::chrono::steady_clock;
    Run run;
    for (int pass = 0; pass <= passes; ++pass) {
        auto start = clock::now();
        std::clock_t cpu_start = std::clock();
        std::vector<qdiff::PairScore> results = qdiff::diff_pairs(pairs, profile, threads);
        size_t explained_bytes = 0;  // printed, so that the rendering cannot be optimised away
        if (explain)
            for (const auto& r : results)
                if (r.ok) explained_bytes += qdiff::to_json(r.result, *r.expected_source, *r.generated_source).size();
        double us = std::chrono::duration<double, std::micro>(clock::now() - start).count() / pairs.size();
        double cpu_us = 1e6 * static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC / pairs.size();
        if (pass == 0) {
            run.cold_us = us;
            run.explained_bytes = explained_bytes;
            for (auto& r : results) {
                run.unscored += r.ok ? 0 : 1;
                run.scores.push_back(r.ok ? r.result.score : -1);
            }
        } else {
            run.warm_us = std::min(run.warm_us, us);
            run.warm_cpu_us = std::min(run.warm_cpu_us, cpu_us);
        }
    }
    return run;
}

void print(const Run& run, unsigned threads, size_t pairs, bool explain) {
    std::printf(
        "{\"tool\": \"qdiff\", \"explain\": %s, \"explained_bytes\": %zu, \"threads\": %u, \"pairs\": %zu, "
        "\"unscored\": %zu, \"cold_us\": %.2f, \"warm_us\": %.2f, \"warm_cpu_us\": %.2f, \"pairs_per_s\": %.0f}\n",
        explain ? "true" : "false", run.explained_bytes, threads, pairs, run.unscored, run.cold_us, run.warm_us, run.warm_cpu_us, 1e6 / run.warm_us);
    std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
    int passes = 3;
    unsigned threads = std::max(1u, std::thread::hardware_concurrency());
    std::string profile_name = "full";
    bool explain = false;
    std::vector<std::string> files;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "--passes" && i + 1 < argc)
            passes = std::stoi(argv[++i]);
        else if (a == "--threads" && i + 1 < argc)
            threads = static_cast<unsigned>(std::stoul(argv[++i]));
        else if (a == "--profile" && i + 1 < argc)
            profile_name = argv[++i];
        else if (a == "--explain")
            explain = true;
        else
            files.push_back(a);
    }
    if (files.size() != 2) {
        std::fprintf(stderr, "usage: diff_bench [--passes N] [--threads N] [--profile NAME] [--explain] GOLD.tsv PRED.sql\n");
        return 2;
    }
    std::vector<std::string> gold = read_lines(files[0]), pred = read_lines(files[1]);
    std::vector<qdiff::PairInput> pairs;
    for (size_t i = 0; i < std::min(gold.size(), pred.size()); ++i)
        pairs.push_back({gold[i], pred[i], qdiff::Language::Sql, qdiff::Language::Sql});
    qdiff::Profile profile = qdiff::load_profile(profile_name);

    Run single = time_runs(pairs, profile, 1, passes, explain);
    print(single, 1, pairs.size(), explain);
    if (threads > 1) {
        Run all = time_runs(pairs, profile, threads, passes, explain);
        print(all, threads, pairs.size(), explain);
        if (all.scores != single.scores) {
            std::fprintf(stderr, "diff_bench: scores differ between 1 and %u threads\n", threads);
            return 1;
        }
    }
}
