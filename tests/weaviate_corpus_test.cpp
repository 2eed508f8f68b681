// Corpus check of the Weaviate front end on queries nobody on this project wrote
// (see ../shared/corpus/MANIFEST.md). Skips, with a message, when the corpus is absent (fails instead
// under QDIFF_REQUIRE_CORPUS, as in CI: support/corpus.hpp).
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "parsers/common/model_output.hpp"
#include "parsers/weaviate/frontend.hpp"
#include "qdiff/parse.hpp"
#include "support/corpus.hpp"

using namespace qdiff::weaviate;
using qdiff::Diagnostic;
using qdiff::render_text;
using qdiff::Severity;
using qdiff::SourceText;
namespace fs = std::filesystem;

namespace {

std::vector<nlohmann::json> read_jsonl(const fs::path& p) {
    std::vector<nlohmann::json> out;
    std::ifstream in(p);
    std::string line;
    while (std::getline(in, line)) {
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        out.push_back(nlohmann::json::parse(line));
    }
    return out;
}

std::string first_error(std::string_view text, const WeaviateDocument& d) {
    std::vector<Diagnostic> errors;
    for (const auto& x : d.diagnostics) {
        if (x.severity == Severity::Error) errors.push_back(x);
    }
    return render_text(errors, SourceText(std::string(text)));
}

struct Rate {
    std::size_t total = 0;
    std::size_t ok = 0;
    double percent() const { return total ? 100.0 * static_cast<double>(ok) / static_cast<double>(total) : 100.0; }
};

// A rate measured on the corpus when the assertion was written (ok of total records). The rate may
// drop by at most kMarginPoints percentage points before the test fails, and the set must still
// hold at least as many records (a file read short is not a pass).
struct Measured {
    std::size_t ok;
    std::size_t total;
};
constexpr double kMarginPoints = 0.25;

void check_rate(const std::string& what, const Rate& r, Measured m) {
    const double measured = 100.0 * static_cast<double>(m.ok) / static_cast<double>(m.total);
    INFO(what << ": " << r.ok << "/" << r.total << " (" << r.percent() << "%), measured " << m.ok << "/" << m.total
              << " (" << measured << "%)");
    CHECK(r.total >= m.total);
    CHECK(r.percent() >= measured - kMarginPoints);
}

/// The whole pipeline: qdiff::parse with the Weaviate front end, lowering included.
qdiff::ParseResult parse_weaviate(std::string text) {
    qdiff::ParseOptions o;
    o.language = qdiff::Language::Weaviate;
    return qdiff::parse(std::move(text), o);
}

std::string first_project_error(const qdiff::ParseResult& r) {
    for (const auto& d : r.diagnostics()) {
        if (d.severity == qdiff::Severity::Error) return qdiff::render_text(d, r.source());
    }
    return {};
}

Rate check_outputs(const fs::path& file, const char* field, Rate* lowered = nullptr) {
    Rate r;
    for (const auto& rec : read_jsonl(file)) {
        const std::string text = rec.at(field).get<std::string>();
        ++r.total;
        auto doc = parse_document(qdiff::parsers::unwrap_model_output(text).text);  // fences go before any front end
        if (lowered) {
            ++lowered->total;
            auto full = parse_weaviate(text);
            if (full.ok()) {
                ++lowered->ok;
            } else if (doc.ok()) {
                WARN("LOWERING FAILED " << file.filename().string() << " #" << r.total << ":\n"
                                        << text << "\n"
                                        << first_project_error(full));
            }
        }
        if (doc.ok()) {
            ++r.ok;
        } else {
            WARN("FAILED " << file.filename().string() << " #" << r.total << ":\n"
                           << text << "\n"
                           << first_error(text, doc));
        }
    }
    return r;
}

}  // namespace

/// True when the text ends inside a construct: a fragment of Go string concatenation that the
/// corpus extraction cut off (e.g. "{ Aggregate { " + className + ...), not a query.
bool is_truncated_fragment(std::string_view code) {
    int depth = 0;
    bool in_string = false;
    for (std::size_t i = 0; i < code.size(); ++i) {
        const char c = code[i];
        if (in_string) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                in_string = false;
            continue;
        }
        if (c == '"')
            in_string = true;
        else if (c == '{' || c == '(' || c == '[')
            ++depth;
        else if (c == '}' || c == ')' || c == ']')
            --depth;
    }
    return depth > 0;
}

/// Fills Go printf verbs with plausible values chosen from the surrounding text.
std::string fill_printf(const std::string& code) {
    std::string out;
    for (std::size_t i = 0; i < code.size(); ++i) {
        if (code[i] != '%' || i + 1 >= code.size()) {
            out.push_back(code[i]);
            continue;
        }
        std::size_t v = i + 1;
        while (v < code.size() && std::string_view("+-# 0123456789.").find(code[v]) != std::string_view::npos) ++v;
        const char verb = v < code.size() ? code[v] : ' ';
        if (verb == '%') {
            out.push_back('%');
            ++i;
            continue;
        }
        if (verb != 's' && verb != 'd' && verb != 'v' && verb != 'f' && verb != 'q') {
            out.push_back(code[i]);
            continue;
        }
        i = v;
        const char prev = out.empty() ? ' ' : out.back();
        const char next = i + 1 < code.size() ? code[i + 1] : ' ';
        const std::size_t after_pos = code.find_first_not_of(" \t\r\n", i + 1);
        const char next_token = after_pos == std::string::npos ? ' ' : code[after_pos];
        std::string before = out.substr(out.size() > 40 ? out.size() - 40 : 0);
        while (!before.empty() && (before.back() == ' ' || before.back() == '\t' || before.back() == '\n'))
            before.pop_back();
        auto ends_with = [&](std::string_view s) {
            return before.size() >= s.size() && before.compare(before.size() - s.size(), s.size(), s) == 0;
        };
        if (verb == 'd') {
            out += "1";
        } else if (verb == 'f') {
            out += "0.5";
        } else if (verb == 'q') {
            out += "\"Value\"";
        } else if (verb == 'v') {
            out += ends_with("valueBoolean:") ? "true" : ends_with("vector:") ? "[0.1, 0.2]" : "1";
        } else if (prev == '"' || next == '"' || (prev == '"' && next == '\\')) {
            out += "Value";  // inside a string literal
        } else if (ends_with("operator:")) {
            out += "Equal";
        } else if (ends_with("order:")) {
            out += "asc";
        } else if (ends_with("where:")) {
            out += "{path:[\"name\"], operator:Equal, valueText:\"Value\"}";
        } else if (ends_with("vector:")) {
            out += "[0.1, 0.2]";
        } else if (ends_with("... on") || ends_with("{") || ends_with("Get") || ends_with("Aggregate")) {
            out += "SomeClass";  // a class name
        } else if (prev == '%' || (!out.empty() && std::isalnum(static_cast<unsigned char>(prev)) && next == '{')) {
            out += "";
        } else if (ends_with("(") || next_token == ')') {
            out += "limit: 1 ";  // an optional argument such as `sort: [...]`
        } else if (ends_with(",") && (next == '}' || next == ')')) {
            out += "valueInt: 1";  // an operand fragment such as `operator: %s, %s}`
        } else {
            out += "";  // an optional argument or selection fragment
        }
    }
    return out;
}

// The outputs of Gorilla's Weaviate GraphQL dataset that its authors kept (clean-RETRY) and its
// training split: parsed by the document parser (after the model-output unwrapping every front end
// does) and by the whole pipeline, lowering included. Each failure is listed with its file and record.
TEST_CASE("corpus: gorilla GraphQL outputs parse", "[weaviate][corpus]") {
    QDIFF_REQUIRE_CORPUS_PART("weaviate/gorilla-graphql");
    const fs::path dir = qdiff::testing::corpus_dir() / "weaviate" / "gorilla-graphql";
    // Measured 2026-11-26: every output parses and lowers.
    struct OutputFile {
        const char* name;
        Measured parsed, lowered;
    };
    const OutputFile files[] = {
        {"clean-RETRY-WeaviateGorillaGQLDataset.json", {141, 141}, {141, 141}},
        {"WithoutRetrieval-APISplit-Train-20.json", {829, 829}, {829, 829}},
    };
    for (const OutputFile& f : files) {
        INFO(f.name);
        REQUIRE(fs::exists(dir / f.name));
        Rate lowered;
        const Rate r = check_outputs(dir / f.name, "output", &lowered);
        WARN(f.name << ": " << r.ok << "/" << r.total << " parse (" << r.percent() << "%), " << lowered.ok << "/"
                    << lowered.total << " parse and lower to the AST (" << lowered.percent() << "%)");
        check_rate(std::string(f.name) + " parse", r, f.parsed);
        check_rate(std::string(f.name) + " lower", lowered, f.lowered);
    }
}

// GraphQL extracted from Weaviate's own acceptance tests (Go). Records the extraction cut off inside
// a Go string concatenation are not queries: they are counted apart, listed by file and line, and
// must be rejected with a diagnostic.
TEST_CASE("corpus: Weaviate acceptance-test GraphQL parses", "[weaviate][corpus]") {
    QDIFF_REQUIRE_CORPUS_PART("weaviate/acceptance/graphql.jsonl");
    const fs::path file = qdiff::testing::corpus_dir() / "weaviate" / "acceptance" / "graphql.jsonl";
    Rate r;
    Rate lowered;
    std::vector<std::string> fragments;
    for (const auto& rec : read_jsonl(file)) {
        const std::string origin = rec.at("path").get<std::string>() + ":" + std::to_string(rec.at("line").get<int>());
        std::string code = rec.at("code").get<std::string>();
        // has_printf misses one record that uses "%+v" (local_aggregate_test.go:1010).
        if (rec.value("has_printf", false) || code.find("%+v") != std::string::npos) code = fill_printf(code);
        auto doc = parse_document(code);
        if (is_truncated_fragment(code)) {
            // Not a query; it must still be rejected with a diagnostic, not crash.
            fragments.push_back(origin);
            INFO("truncated fragment " << origin);
            CHECK_FALSE(doc.ok());
            continue;
        }
        ++r.total;
        auto full = parse_weaviate(code);
        ++lowered.total;
        if (full.ok()) {
            ++lowered.ok;
        } else if (doc.ok()) {
            WARN("LOWERING FAILED " << origin << ":\n" << code << "\n" << first_project_error(full));
        }
        if (doc.ok()) {
            ++r.ok;
        } else {
            WARN("FAILED " << origin << ":\n" << code << "\n" << first_error(code, doc));
        }
    }
    for (const std::string& origin : fragments)
        std::cout << "[weaviate acceptance] truncated extraction fragment, not a query: " << origin << "\n";
    WARN("acceptance/graphql.jsonl: " << r.ok << "/" << r.total << " complete queries parse (" << r.percent() << "%); "
                                      << lowered.ok << "/" << lowered.total << " lower to the AST ("
                                      << lowered.percent() << "%); " << fragments.size()
                                      << " truncated extraction fragments rejected");
    // Measured 2026-11-26: 427 complete queries, all parse and lower; 5 fragments.
    check_rate("acceptance parse", r, {427, 427});
    check_rate("acceptance lower", lowered, {427, 427});
    CHECK(fragments.size() == 5);
}

// The outputs the Gorilla dataset's authors set aside (failed-RETRY): what the front end rejects and
// why. Both ways are a change to look at: rejecting more may be a false rejection, rejecting fewer
// lets a broken query through. Each rejection is listed with its record.
TEST_CASE("corpus: failed-RETRY outputs, rejections by diagnostic kind", "[weaviate][corpus]") {
    QDIFF_REQUIRE_CORPUS_PART("weaviate/gorilla-graphql/failed-RETRY-WeaviateGorillaGQLDataset.json");
    const std::string name = "failed-RETRY-WeaviateGorillaGQLDataset.json";
    const fs::path file = qdiff::testing::corpus_dir() / "weaviate" / "gorilla-graphql" / name;
    std::map<std::string, std::size_t> by_code;
    std::map<std::string, std::size_t> by_project_code;
    std::map<std::string, std::size_t> warnings;
    Rate parsed, lowered;
    for (const auto& rec : read_jsonl(file)) {
        const std::string text = rec.at("output").get<std::string>();
        ++parsed.total;
        ++lowered.total;
        auto full = parse_weaviate(text);
        for (const auto& d : full.diagnostics()) {
            if (d.severity == qdiff::Severity::Warning) ++warnings[std::string(d.code())];
        }
        if (full.ok()) {
            ++lowered.ok;
        } else {
            WARN("REJECTED " << name << " #" << lowered.total << ": " << first_project_error(full));
            for (const auto& d : full.diagnostics()) {
                if (d.severity == qdiff::Severity::Error) {
                    ++by_project_code[std::string(d.code())];
                    break;
                }
            }
        }
        // The document parser alone, on the text the front end sees (code fences and prose removed).
        auto doc = parse_document(qdiff::parsers::unwrap_model_output(text).text);
        if (doc.ok()) {
            ++parsed.ok;
            continue;
        }
        WARN("SYNTAX " << name << " #" << parsed.total << ": " << first_error(text, doc));
        for (const auto& d : doc.diagnostics) {
            if (d.severity == Severity::Error) {
                ++by_code[std::string(d.code())];
                break;
            }
        }
    }
    std::ostringstream report;
    report << name << ": the document parser rejects " << parsed.total - parsed.ok << " of " << parsed.total;
    for (const auto& [code, n] : by_code) report << "\n  " << code << ": " << n;
    report << "\nafter lowering to the AST, rejected " << lowered.total - lowered.ok << " of " << lowered.total;
    for (const auto& [code, n] : by_project_code) report << "\n  " << code << ": " << n;
    report << "\nwarnings on accepted and rejected queries:";
    for (const auto& [code, n] : warnings) report << "\n  " << code << ": " << n;
    WARN(report.str());
    // Measured 2026-11-26 (412 outputs): the document parser accepts all; lowering rejects 13, each an
    // unknown where operator (Equals, Contains, ...); 58 outputs carry prose the front end ignores.
    check_rate("failed-RETRY parse", parsed, {412, 412});
    check_rate("failed-RETRY lower", lowered, {399, 412});
    CHECK(lowered.percent() <= 100.0 * 399 / 412 + kMarginPoints);
    CHECK(by_project_code.size() == 1);
    CHECK(by_project_code.count("weaviate-unknown-operator") == 1);
    CHECK(warnings["prose-ignored"] >= 56);
    CHECK(warnings["prose-ignored"] <= 60);
}
