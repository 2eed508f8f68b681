// The KQL front end on the whole KQL corpus: identity (parse → to_kql → parse gives an equal AST),
// acceptance equal to Microsoft's Kusto.Language (committed verdicts, and optionally a live run of
// Kusto.Language in Node), and --lang auto detection.
#include <catch2/catch.hpp>

#include <array>
#include <cstdio>
#include <sstream>

#include "kql_support.hpp"
#include "qdiff/ast_print.hpp"

using namespace qdiff;
using namespace qdiff::testing::kql;

namespace {

std::vector<char> read_verdicts(const CorpusFile& f) {
    std::ifstream in(std::filesystem::path(QDIFF_TEST_DATA_DIR) / "kql/verdicts" / f.verdicts);
    std::vector<char> out;
    std::string line;
    while (std::getline(in, line))
        if (!line.empty() && line[0] != '#') out.push_back(line[0]);
    return out;
}

std::string first_error(const ParseResult& r) {
    for (const auto& d : r.diagnostics())
        if (d.severity == Severity::Error) return std::string(d.code()) + ": " + d.message;
    return "?";
}

}  // namespace

TEST_CASE("KQL identity holds on the whole corpus", "[kql][corpus]") {
    QDIFF_REQUIRE_KQL_CORPUS();
    size_t total = 0, checked = 0, failures = 0;
    std::ostringstream report;
    for (const auto& f : corpus_files()) {
        for (const auto& rec : read_records(f)) {
            ++total;
            ParseResult first = parse_kql(rec.text);
            if (!first.ok()) continue;
            ++checked;
            std::string printed = to_kql(*first.script());
            ParseResult second = parse_kql(printed);
            bool same = second.ok() && ast::equal(first.script(), second.script());
            if (!same && ++failures <= 10) {
                report << "\n-- " << rec.origin << "\n" << rec.text << "\n=> " << printed << "\n";
                if (!second.ok())
                    report << "   reparse: " << first_error(second) << "\n";
                else
                    report << "   first:  " << to_sexpr(*first.script())
                           << "\n   second: " << to_sexpr(*second.script()) << "\n";
            }
        }
    }
    INFO(report.str());
    WARN("KQL identity: " << checked - failures << "/" << checked << " accepted queries (" << total << " records)");
    CHECK(checked > 2000);
    CHECK(failures == 0);
}

TEST_CASE("KQL acceptance equals Kusto.Language's on the corpus", "[kql][corpus]") {
    QDIFF_REQUIRE_KQL_CORPUS();
    for (const auto& f : corpus_files()) {
        auto records = read_records(f);
        auto verdicts = read_verdicts(f);
        REQUIRE(records.size() == verdicts.size());
        size_t queries = 0, commands = 0, kusto_ok = 0, ours_ok = 0, agree = 0;
        std::ostringstream report;
        for (size_t i = 0; i < records.size(); ++i) {
            ParseResult r = parse_kql(records[i].text);
            if (is_command(r)) {
                ++commands;
                continue;
            }
            ++queries;
            bool kusto = verdicts[i] == '1';
            CHECK(verdicts[i] != 'c');  // every Kusto command is one for us too
            kusto_ok += kusto;
            ours_ok += r.ok();
            if (kusto == r.ok())
                ++agree;
            else
                report << "\n-- " << records[i].origin
                       << (r.ok() ? " we accept, Kusto rejects" : " we reject: " + first_error(r));
        }
        INFO(report.str());
        WARN(f.relative << ": " << queries << " queries (" << commands
                        << " management commands skipped); Kusto accepts " << kusto_ok << ", we accept " << ours_ok
                        << "; agreement " << agree << "/" << queries);
        CHECK(agree == queries);
    }
}

// Re-runs Kusto.Language itself when Node and the npm package are there (the committed verdicts are
// its output): `npm install @kusto/language-service-next` into .cache/node, or KUSTO_LANGUAGE_PKG.
TEST_CASE("KQL acceptance equals a live Kusto.Language run", "[kql][corpus][node]") {
    QDIFF_REQUIRE_KQL_CORPUS();
    std::filesystem::path source = QDIFF_SOURCE_DIR;
    const char* env = std::getenv("KUSTO_LANGUAGE_PKG");
    std::filesystem::path pkg =
        env ? std::filesystem::path(env) : source / ".cache/node/node_modules/@kusto/language-service-next";
    if (std::system("node --version > /dev/null 2>&1") != 0 ||
        !std::filesystem::exists(pkg / "Kusto.Language.Bridge.min.js")) {
        WARN("node or @kusto/language-service-next not available (looked in " << pkg << "): live comparison skipped");
        return;
    }
    for (const auto& f : corpus_files()) {
        std::string command = "node '" + (source / "tests/kql_grammar/kusto_verdicts.js").string() + "' --pkg '" +
                              pkg.string() + "' < '" + (kql_corpus_dir() / f.relative).string() + "'";
        FILE* pipe = popen(command.c_str(), "r");
        REQUIRE(pipe);
        std::string output;
        std::array<char, 65536> buffer;
        for (size_t n; (n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0;) output.append(buffer.data(), n);
        REQUIRE(pclose(pipe) == 0);
        auto records = read_records(f);
        std::istringstream lines(output);
        size_t i = 0, agree = 0, queries = 0;
        for (std::string line; std::getline(lines, line) && i < records.size(); ++i) {
            auto verdict = nlohmann::json::parse(line);
            ParseResult r = parse_kql(records[i].text);
            if (is_command(r)) continue;
            ++queries;
            if (verdict["ok"].get<bool>() == r.ok()) ++agree;
        }
        CHECK(i == records.size());
        WARN(f.relative << " (live Kusto.Language): agreement " << agree << "/" << queries);
        CHECK(agree == queries);
    }
}

TEST_CASE("auto-detection finds KQL on the whole KQL corpus", "[kql][corpus][detect]") {
    QDIFF_REQUIRE_KQL_CORPUS();
    size_t total = 0, kql = 0;
    std::ostringstream report;
    for (const auto& f : corpus_files()) {
        for (const auto& rec : read_records(f)) {
            ParseResult r = parse_kql(rec.text);
            if (!r.ok() && !is_command(r)) continue;  // only queries Kusto accepts, and commands
            ++total;
            if (detect_language(rec.text) == Language::Kql)
                ++kql;
            else
                report << "\n-- " << rec.origin << ": " << rec.text.substr(0, 120);
        }
    }
    INFO(report.str());
    WARN("KQL detected on " << kql << "/" << total);
    CHECK(kql == total);
}

// KQL detection must not take SQL or Weaviate queries for KQL.
TEST_CASE("auto-detection keeps SQL and Weaviate corpora apart from KQL", "[kql][corpus][detect]") {
    QDIFF_REQUIRE_KQL_CORPUS();
    auto check = [&](const std::filesystem::path& part, bool tsv, const std::string& field, Language expected) {
        if (!testing::corpus_has(part)) return;
        const std::filesystem::path file = testing::corpus_dir() / part;
        std::ifstream in(file);
        size_t total = 0, right = 0;
        std::ostringstream report;
        for (std::string line; std::getline(in, line);) {
            if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
            std::string text = line;
            if (tsv)
                text = line.substr(0, line.find('\t'));
            else {
                auto json = nlohmann::json::parse(line, nullptr, false);
                if (!json.is_object() || !json.contains(field) || !json[field].is_string()) continue;
                text = json[field].get<std::string>();
            }
            ++total;
            if (detect_language(text) == expected)
                ++right;
            else if (report.tellp() < 2000)
                report << "\n-- " << text.substr(0, 120);
        }
        INFO(file << report.str());
        WARN(file.filename() << ": " << right << "/" << total << " detected as " << language_name(expected));
        CHECK(right == total);
    };
    check("sql/spider/gold.tsv", true, "", Language::Sql);
    check("sql/bird/gold.tsv", true, "", Language::Sql);
    check("weaviate/acceptance/graphql.jsonl", false, "code", Language::Weaviate);
}
