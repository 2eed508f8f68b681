// JSON parsing throughput: qdiff's PEGTL JSON parser (positioned tree) vs nlohmann::json (Debian),
// on the same documents in the same run.
//
//   weaviate_json_bench [CORPUS_DIR] [--reps N]
//
// Documents: every record (line) of the gorilla-graphql JSONL files and of acceptance/graphql.jsonl,
// the same records joined into one large JSON array per file, and a set of structured query JSON
// documents. Prints MB/s for both parsers and the ratio (ours / nlohmann; > 1 means faster).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "parsers/weaviate/document.hpp"
#include "parsers/weaviate/frontend.hpp"

#ifndef QDIFF_CORPUS_DIR
#define QDIFF_CORPUS_DIR "../shared/corpus"
#endif

namespace fs = std::filesystem;
using clock_type = std::chrono::steady_clock;

namespace {

std::vector<std::string> read_lines(const fs::path& p) {
    std::vector<std::string> out;
    std::ifstream in(p);
    std::string line;
    while (std::getline(in, line)) {
        if (line.find_first_not_of(" \t\r") != std::string::npos) out.push_back(line);
    }
    return out;
}

std::vector<std::string> structured_documents() {
    std::vector<std::string> docs;
    const char* collections[] = {"Book", "Article", "JeopardyQuestion", "PodClip", "HistoricalEvent"};
    for (int i = 0; i < 200; ++i) {
        std::string d =
            "{\n  \"corresponding_natural_language_query\": \"Show the books about robots with fewer than " +
            std::to_string(100 + i) + " pages\",\n";
        d += "  \"target_collection\": \"" + std::string(collections[i % 5]) + "\",\n";
        d += i % 3 ? "  \"search_query\": \"robots and aliens\",\n" : "  \"search_query\": null,\n";
        d +=
            i % 2
                ? "  \"integer_property_filter\": {\"property_name\": \"pageCount\", \"operator\": \"<\", \"value\": " +
                      std::to_string(i) + "},\n"
                : "  \"integer_property_filter\": null,\n";
        d += "  \"text_property_filter\": {\"property_name\": \"title\", \"operator\": \"LIKE\", \"value\": "
             "\"*robot\\u00e9*\"},\n";
        d += "  \"boolean_property_filter\": null,\n";
        d += "  \"integer_property_aggregation\": {\"property_name\": \"pageCount\", \"metrics\": \"MEAN\"},\n";
        d += "  \"text_property_aggregation\": {\"property_name\": \"title\", \"metrics\": \"TOP_OCCURRENCES\", "
             "\"top_occurrences_limit\": 5},\n";
        d += "  \"boolean_property_aggregation\": null,\n";
        d += "  \"groupby_property\": \"author\"\n}";
        docs.push_back(std::move(d));
    }
    return docs;
}

struct Set {
    std::string name;
    std::vector<std::string> docs;
    std::size_t bytes() const {
        std::size_t n = 0;
        for (const auto& d : docs) n += d.size();
        return n;
    }
};

template <typename F>
double best_seconds(int reps, F&& f) {
    double best = 1e100;
    for (int r = 0; r < reps; ++r) {
        const auto t0 = clock_type::now();
        f();
        const std::chrono::duration<double> dt = clock_type::now() - t0;
        best = std::min(best, dt.count());
    }
    return best;
}

}  // namespace

int main(int argc, char** argv) {
    fs::path corpus = QDIFF_CORPUS_DIR;
    int reps = 5;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--reps" && i + 1 < argc) {
            reps = std::stoi(argv[++i]);
        } else {
            corpus = a;
        }
    }
    std::vector<Set> sets;
    const fs::path gorilla = corpus / "weaviate" / "gorilla-graphql";
    if (fs::exists(gorilla)) {
        for (const auto& e : fs::directory_iterator(gorilla)) {
            if (e.path().extension() != ".json") continue;
            Set lines{e.path().filename().string() + " (records)", read_lines(e.path())};
            std::string joined = "[";
            for (std::size_t i = 0; i < lines.docs.size(); ++i) joined += (i ? ",\n" : "") + lines.docs[i];
            joined += "]";
            sets.push_back(std::move(lines));
            sets.push_back(Set{e.path().filename().string() + " (one array)", {std::move(joined)}});
        }
    }
    const fs::path acceptance = corpus / "weaviate" / "acceptance" / "graphql.jsonl";
    if (fs::exists(acceptance)) sets.push_back(Set{"acceptance/graphql.jsonl (records)", read_lines(acceptance)});
    sets.push_back(Set{"structured query JSON (200 docs)", structured_documents()});
    std::sort(sets.begin(), sets.end(), [](const Set& a, const Set& b) { return a.name < b.name; });

    std::printf("%-58s %9s %12s %12s %7s\n", "documents", "MB", "qdiff MB/s", "nlohmann MB/s", "ratio");
    double total_ours = 0;
    double total_theirs = 0;
    std::size_t total_bytes = 0;
    for (const auto& s : sets) {
        std::size_t sink = 0;
        // Both must accept the same documents (sanity check).
        for (const auto& d : s.docs) {
            const bool ours = qdiff::weaviate::parse_json(d).value.has_value();
            const bool theirs = !nlohmann::json::parse(d, nullptr, false).is_discarded();
            if (ours != theirs) std::fprintf(stderr, "disagreement in %s\n", s.name.c_str());
        }
        const double ours = best_seconds(reps, [&] {
            for (const auto& d : s.docs) sink += qdiff::weaviate::parse_json(d).value->span.end;
        });
        const double theirs = best_seconds(reps, [&] {
            for (const auto& d : s.docs) sink += nlohmann::json::parse(d, nullptr, false).size();
        });
        const double mb = static_cast<double>(s.bytes()) / 1e6;
        std::printf("%-58s %9.2f %12.1f %12.1f %7.2f\n", s.name.c_str(), mb, mb / ours, mb / theirs, theirs / ours);
        total_ours += ours;
        total_theirs += theirs;
        total_bytes += s.bytes();
        if (sink == 42) std::puts("");
    }
    const double mb = static_cast<double>(total_bytes) / 1e6;
    std::printf("%-58s %9.2f %12.1f %12.1f %7.2f\n", "TOTAL", mb, mb / total_ours, mb / total_theirs,
                total_theirs / total_ours);

    // GraphQL (no peer in Debian): the gorilla outputs and the acceptance queries, fences included.
    std::vector<std::string> queries;
    for (const auto& s : sets) {
        if (s.name.find("(records)") == std::string::npos) continue;
        for (const auto& d : s.docs) {
            auto r = qdiff::weaviate::parse_json(d);
            if (!r.value) continue;
            for (const char* field : {"output", "code"}) {
                if (const auto* v = r.value->find(field); v && v->kind == qdiff::weaviate::JsonKind::string)
                    queries.push_back(v->string);
            }
        }
    }
    std::size_t qbytes = 0;
    for (const auto& q : queries) qbytes += q.size();
    std::size_t sink = 0;
    const double t = best_seconds(reps, [&] {
        for (const auto& q : queries) sink += qdiff::weaviate::parse_document(q).diagnostics.size();
    });
    std::printf("\nGraphQL documents: %zu queries, %.2f MB, %.1f MB/s, %.1f us per query%s\n", queries.size(),
                static_cast<double>(qbytes) / 1e6, static_cast<double>(qbytes) / 1e6 / t,
                t * 1e6 / static_cast<double>(queries.size()), sink == 1 ? " " : "");
    return 0;
}
