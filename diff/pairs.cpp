// Scoring many (expected, generated) pairs on all cores. Each pair is compared (compare.hpp) on
// its own (its own arenas and ANTLR parser objects; the generated static DFA cache is shared, see
// scripts/tsan_diff_pairs.sh), and writes only its own result slot, so the order of completion does
// not matter and the results equal a single-threaded run.
#include <algorithm>
#include <atomic>
#include <exception>
#include <system_error>
#include <thread>

#include "qdiff/compare.hpp"

namespace qdiff {
namespace {

PairScore score_pair(const PairInput& input, CompareOptions options) {
    options.language = input.generated_language;
    options.expected_language = input.expected_language;
    options.dialect = input.dialect;
    Comparison c = compare(input.expected, input.generated, options);
    PairScore out;
    out.expected_source = c.expected.shared_source();
    out.generated_source = c.generated.shared_source();
    out.expected_diagnostics = c.expected.diagnostics();
    out.generated_diagnostics = c.generated.diagnostics();
    if (!c.ok()) {
        out.error = !c.expected.ok() && !c.generated.ok() ? "neither query parses"
                    : !c.expected.ok()                    ? "the expected query does not parse"
                                                          : "the generated query does not parse";
        return out;
    }
    out.result = std::move(*c.result);
    out.ok = true;
    return out;
}

}  // namespace

std::vector<PairScore> diff_pairs(const std::vector<PairInput>& pairs, const Profile& profile, unsigned threads) {
    CompareOptions options;
    options.profile = std::shared_ptr<const Profile>(std::shared_ptr<const Profile>(), &profile);  // not owned
    return diff_pairs(pairs, options, threads);
}

std::vector<PairScore> diff_pairs(const std::vector<PairInput>& pairs, const CompareOptions& options,
                                  unsigned threads) {
    std::vector<PairScore> results(pairs.size());
    std::atomic<size_t> next{0};
    auto work = [&] {
        for (size_t i = next++; i < pairs.size(); i = next++) {
            try {
                results[i] = score_pair(pairs[i], options);
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
