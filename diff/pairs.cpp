// Scoring many (expected, generated) pairs on all cores. Each pair is parsed, normalized and diffed on
// its own (its own arenas and ANTLR parser objects; the generated static DFA cache is shared, see
// scripts/tsan_diff_pairs.sh), and writes only its own result slot, so the order of completion does
// not matter and the results equal a single-threaded run.
#include <algorithm>
#include <atomic>
#include <exception>
#include <system_error>
#include <thread>

#include "qdiff/diff.hpp"

namespace qdiff {
namespace {

PairScore score_pair(const PairInput& input, const Profile& profile) {
    PairScore out;
    ParseOptions options;
    options.dialect = input.dialect;
    options.language = input.expected_language;
    options.source_name = "expected";
    ParseResult expected = parse(input.expected, options);
    options.language = input.generated_language;
    options.source_name = "generated";
    ParseResult generated = parse(input.generated, options);
    out.expected_source = expected.shared_source();
    out.generated_source = generated.shared_source();
    out.expected_diagnostics = expected.diagnostics();
    out.generated_diagnostics = generated.diagnostics();
    if (!expected.ok() || !generated.ok()) {
        out.error = !expected.ok() && !generated.ok() ? "neither query parses"
                    : !expected.ok()                  ? "the expected query does not parse"
                                                      : "the generated query does not parse";
        return out;
    }
    out.result = diff(*expected.script(), expected.language(), *generated.script(), generated.language(), profile,
                      DiffOptions{.dialect = input.dialect, .normalize_off = {}, .schema = nullptr});
    out.ok = true;
    return out;
}

}  // namespace

std::vector<PairScore> diff_pairs(const std::vector<PairInput>& pairs, const Profile& profile, unsigned threads) {
    std::vector<PairScore> results(pairs.size());
    std::atomic<size_t> next{0};
    auto work = [&] {
        for (size_t i = next++; i < pairs.size(); i = next++) {
            try {
                results[i] = score_pair(pairs[i], profile);
            } catch (const std::exception& e) {  // a record is never lost: it carries the failure
                results[i] = PairScore{};
                results[i].error = std::string("internal error: ") + e.what();
            } catch (...) {
                results[i] = PairScore{};
                results[i].error = "internal error";
            }
        }
    };
    if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
    threads = static_cast<unsigned>(std::min<size_t>(threads, std::max<size_t>(1, pairs.size())));
    std::vector<std::jthread> helpers;
    try {
        for (unsigned t = 1; t < threads; ++t) helpers.emplace_back(work);
    } catch (const std::system_error&) {
        // no more threads to be had: the ones running (and this one) share the rest
    }
    work();
    helpers.clear();  // joins
    return results;
}

}  // namespace qdiff
