// Diffing two IN lists that differ by one item, at 10k / 100k / 1M items: parse, normalize and score,
// split into the stages, one run each (large inputs; a warm repeat would measure the same thing).
// The peer is qdiff itself before set-like atoms were compared by hashing: an edit distance over the
// joined item text, 4.4 s at 10,000 items and 94 s at 40,000 (issue 18); `scale` is the time per item
// relative to the smallest list, 1.0 for linear growth.
//   in_list_bench [--max N]
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "qdiff/diff.hpp"
#include "qdiff/parse.hpp"

namespace {

std::string in_list_query(size_t items, size_t changed_item) {
    std::string q = "SELECT name FROM t WHERE id IN (";
    q.reserve(items * 9 + 64);
    for (size_t i = 0; i < items; ++i) {
        if (i) q += ", ";
        q += std::to_string(i == changed_item ? items + i : i);
    }
    return q + ")";
}

double ms_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

int main(int argc, char** argv) {
    size_t max_items = 1'000'000;
    for (int i = 1; i + 1 < argc; ++i)
        if (std::string(argv[i]) == "--max") max_items = std::stoul(argv[++i]);
    const qdiff::Profile profile = qdiff::load_profile("full");
    double first_per_item = 0;
    for (size_t items = 10'000; items <= max_items; items *= 10) {
        std::string expected = in_list_query(items, items), generated = in_list_query(items, items / 2);
        auto start = std::chrono::steady_clock::now();
        qdiff::ParseOptions options{.language = qdiff::Language::Sql, .max_bytes = 64u << 20};
        qdiff::ParseResult e = qdiff::parse(std::move(expected), options);
        qdiff::ParseResult g = qdiff::parse(std::move(generated), options);
        double parse_ms = ms_since(start);
        if (!e.ok() || !g.ok()) {
            std::fprintf(stderr, "in_list_bench: the %zu-item query does not parse\n", items);
            return 1;
        }
        start = std::chrono::steady_clock::now();
        qdiff::DiffResult r =
            qdiff::diff(*e.script(), qdiff::Language::Sql, *g.script(), qdiff::Language::Sql, profile);
        double diff_ms = ms_since(start);
        double per_item = (parse_ms + diff_ms) / static_cast<double>(items);
        if (first_per_item == 0) first_per_item = per_item;
        std::printf(
            "{\"tool\": \"qdiff\", \"items\": %zu, \"parse_ms\": %.1f, \"normalize_and_diff_ms\": %.1f, "
            "\"score\": %.6f, \"scale\": %.2f}\n",
            items, parse_ms, diff_ms, r.score, per_item / first_per_item);
        std::fflush(stdout);
    }
    return 0;
}
