// compare() (include/qdiff/compare.hpp): the one place that turns two texts into a scored, explained diff.
#include "qdiff/compare.hpp"

#include <map>
#include <stdexcept>

#include "diff/diff_json.hpp"
#include "qdiff/diff_render.hpp"

namespace qdiff {
namespace {

// A side that does not parse: the reason for the 0 it scores.
void add_failure(std::vector<std::string>& failures, std::string_view side, const ParseResult& r) {
    if (r.ok()) return;
    size_t errors = 0;
    for (const Diagnostic& d : r.diagnostics()) errors += d.severity == Severity::Error;
    std::string reason = "the ";
    reason.append(side).append(" query does not parse (").append(std::to_string(errors));
    reason.append(errors == 1 ? " error" : " errors").append("): scored 0");
    failures.push_back(std::move(reason));
}

}  // namespace

std::string_view default_profile_name(Language expected, Language generated, ProfileUse use) {
    if (expected == generated && expected != Language::Auto)
        return use == ProfileUse::Batch ? traits(expected).batch_profile : traits(expected).diff_profile;
    return use == ProfileUse::Batch ? "execution" : "full";
}

std::shared_ptr<const Profile> builtin_profile(std::string_view name) {
    // All of them at once, on first use: a handful of small documents, and no lock afterwards.
    static const std::map<std::string, std::shared_ptr<const Profile>, std::less<>> loaded = [] {
        std::map<std::string, std::shared_ptr<const Profile>, std::less<>> all;
        for (const std::string& builtin : builtin_profile_names())
            all.emplace(builtin, std::make_shared<const Profile>(load_profile(builtin)));
        return all;
    }();
    if (auto it = loaded.find(name); it != loaded.end()) return it->second;
    std::string known;
    for (const auto& [builtin, profile] : loaded) known += (known.empty() ? "" : ", ") + builtin;
    throw std::runtime_error("unknown profile '" + std::string(name) + "' (built in: " + known + ")");
}

Comparison compare(std::string expected, std::string generated, const CompareOptions& options) {
    ParseOptions parse_options;
    parse_options.dialect = options.dialect;
    parse_options.language = options.expected_language.value_or(options.language);
    parse_options.source_name = options.expected_name;
    ParseResult expected_parse = parse(std::move(expected), parse_options);
    parse_options.language = options.language;
    parse_options.source_name = options.generated_name;
    ParseResult generated_parse = parse(std::move(generated), parse_options);
    return compare(std::move(expected_parse), std::move(generated_parse), options);
}

Comparison compare(ParseResult expected, ParseResult generated, const CompareOptions& options) {
    std::shared_ptr<const Profile> profile =
        options.profile ? options.profile
                        : builtin_profile(default_profile_name(expected.language(), generated.language(), options.use));
    Comparison c{.expected = std::move(expected),
                 .generated = std::move(generated),
                 .profile = std::move(profile),
                 .result = std::nullopt,
                 .failures = {}};
    add_failure(c.failures, "expected", c.expected);
    add_failure(c.failures, "generated", c.generated);
    if (!c.failures.empty()) return c;
    c.result = diff_parsed(c.expected, c.generated, *c.profile, options);
    return c;
}

DiffResult diff_parsed(const ParseResult& expected, const ParseResult& generated, const Profile& profile,
                       const CompareOptions& options) {
    return diff(*expected.script(), expected.language(), *generated.script(), generated.language(), profile,
                DiffOptions{.dialect = options.dialect, .normalize_off = options.normalize_off, .schema = options.schema});
}

nlohmann::ordered_json comparison_json(const Comparison& c) {
    nlohmann::ordered_json j;
    if (c.result) {
        j = diff_json(*c.result, c.expected.source(), c.generated.source());
    } else {
        j["score"] = 0.0;
        j["ok"] = false;
        j["profile"] = c.profile->name;
        j["reasons"] = c.failures;
    }
    j["diagnostics"] = diff_diagnostics_json(c.expected, c.generated);  // also the warnings of queries that parse
    return j;
}

std::string to_json(const Comparison& comparison) { return comparison_json(comparison).dump(); }

std::string to_text(const Comparison& c) {
    if (c.result) return to_text(*c.result, c.expected.source(), c.generated.source());
    std::string text = "score 0.000 (profile " + c.profile->name + ")\n";
    for (const std::string& reason : c.failures) text += "  " + reason + '\n';
    return text;
}

}  // namespace qdiff
