// KQL rules and pipeline name resolution: one failing and one passing fixture per rule code
// (tests/data/lint/kql/<code>.bad.kql / .good.kql), the columns each operator lets through, and the
// NL2KQL gold queries linted against their own schemas.
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include <catch2/catch.hpp>

#include "support/corpus.hpp"
#include "support/kql_weaviate_fixtures.hpp"
#include "support/lint_fixtures.hpp"

using namespace qdiff;
using qdiff::testing::all_codes;
using qdiff::testing::codes;
using qdiff::testing::has;
using qdiff::testing::lint_kql;

namespace {

std::vector<std::string> errors(const std::string& kql) {
    std::vector<std::string> out;
    for (const Diagnostic& d : lint_kql(kql).diagnostics)
        if (d.severity == Severity::Error) out.emplace_back(d.code());
    return out;
}

// The KQL rules report these shared codes too.
const std::vector<std::string> kSharedCodes = {"unknown-table", "unknown-column", "type-mismatch"};

}  // namespace

TEST_CASE("every KQL lint code fires on its bad fixture and not on its good one", "[lint][lint-kql]") {
    std::filesystem::path dir = std::filesystem::path(QDIFF_TEST_DATA_DIR) / "lint" / "kql";
    std::vector<std::string> kql_codes = kSharedCodes;
    for (const DiagInfo& info : diag_catalogue())
        if (info.group == "lint" && std::string_view(info.code).starts_with("kql-")) kql_codes.emplace_back(info.code);
    for (const std::string& code : kql_codes) {
        INFO("code " << code);
        REQUIRE(std::filesystem::exists(dir / (code + ".bad.kql")));
        REQUIRE(std::filesystem::exists(dir / (code + ".good.kql")));
        LintResult bad = lint_kql(qdiff::testing::read_file(dir / (code + ".bad.kql")));
        LintResult good = lint_kql(qdiff::testing::read_file(dir / (code + ".good.kql")));
        INFO("bad: " << all_codes(bad) << "| good: " << all_codes(good));
        CHECK(has(bad, code));
        CHECK_FALSE(has(good, code));
        CHECK_FALSE(has_errors(good.diagnostics));
    }
    CHECK(kql_codes.size() >= 11);
}

TEST_CASE("KQL name resolution: the columns each operator lets through", "[lint][lint-kql]") {
    using V = std::vector<std::string>;
    // project keeps only what it names; extend adds; a later operator sees the result.
    CHECK(errors("SecurityEvent | project Account | where EventID == 1") == V{"kql-column-dropped"});
    CHECK(errors("SecurityEvent | extend a = 1, b = a + 1 | where b > 1 and EventID > 0") == V{});
    CHECK(errors("SecurityEvent | project A = Account | where A == 'x'") == V{});
    CHECK(errors("SecurityEvent | project A = Account | where Account == 'x'") == V{"kql-column-dropped"});
    // summarize: the keys and the aggregates, with Kusto's default names.
    CHECK(errors("SecurityEvent | summarize count(), dcount(Computer) by Account | where count_ > 1 and "
                 "dcount_Computer > 2") == V{});
    CHECK(errors("SecurityEvent | summarize n = count() by bin(TimeGenerated, 1h) | project TimeGenerated, n") == V{});
    CHECK(errors("SecurityEvent | summarize n = count() by Account | project Computer") == V{"kql-column-dropped"});
    CHECK(errors("SecurityEvent | summarize arg_max(TimeGenerated, *) by Computer | project Account, EventID") == V{});
    CHECK(errors("SecurityEvent | summarize make_set(Account) by Computer | project set_Account") == V{});
    // project-away, project-rename, project-keep, project-reorder.
    CHECK(errors("SecurityEvent | project-away Account | project Computer") == V{});
    CHECK(errors("SecurityEvent | project-away Acc* | project Account") == V{"kql-column-dropped"});
    CHECK(errors("SecurityEvent | project-rename Who = Account | project Who, Computer") == V{});
    CHECK(errors("SecurityEvent | project-rename Who = Account | project Account") == V{"kql-column-dropped"});
    CHECK(errors("SecurityEvent | project-keep Account | project Computer") == V{"kql-column-dropped"});
    CHECK(errors("SecurityEvent | project-reorder Account | project Computer") == V{});
    // join: both sides, $left/$right, the right side's clashing names get the suffix 1; semi keeps the left.
    CHECK(errors("SecurityEvent | join kind=inner (SigninLogs) on $left.IpAddress == $right.IPAddress "
                 "| project Account, UserPrincipalName, TimeGenerated1") == V{});
    CHECK(errors("SecurityEvent | join kind=inner (SigninLogs) on $left.IpAddress == $right.IpAddress") ==
          V{"unknown-column"});
    CHECK(errors("SecurityEvent | join kind=leftsemi (SigninLogs) on TimeGenerated | project UserPrincipalName") ==
          V{"unknown-column"});
    CHECK(errors("SecurityEvent | join kind=rightsemi (SigninLogs) on TimeGenerated | project Account") ==
          V{"kql-column-dropped"});
    CHECK(errors("SecurityEvent | lookup (Watchlist | project IpAddress = SearchKey, ItemStatus) on IpAddress | "
                 "project ItemStatus") == V{});
    // union, mv-expand, parse, let-bound tabular expressions, materialize.
    CHECK(errors("union SecurityEvent, SigninLogs | project Account, UserPrincipalName") == V{});
    CHECK(errors("SigninLogs | mv-expand Loc = LocationDetails | project Loc") == V{});
    CHECK(errors("union withsource=SourceTable SecurityEvent, SigninLogs | project SourceTable, Account") == V{});
    CHECK(errors("let f = (T:(Account:string)) { T | project Account };\nf(SecurityEvent) | take 1") == V{});
    CHECK(errors("SecurityEvent | parse Activity with Code:int \" - \" Text | project Code, Text") == V{});
    // mv-expand and parse are typed: their parameters, `to typeof`, and a parse of an expression are read.
    CHECK(errors("SigninLogs | mv-expand kind=array with_itemindex=i Loc = LocationDetails to typeof(string) limit 3 | "
                 "project i, Loc") == V{});
    CHECK(errors("SigninLogs | mv-expand kind=array Loc = LocationDetails | project Nope") == V{"unknown-column"});
    CHECK(errors("SigninLogs | mv-expand kind=array Nope | take 1") == V{"unknown-column"});
    CHECK(errors("SecurityEvent | parse tostring(Activity) with Code:int \" - \" * | project Code") == V{});
    CHECK(errors("SecurityEvent | parse tostring(Nope) with Code:int \" - \" * | project Code") == V{"unknown-column"});
    CHECK(errors("SecurityEvent | parse-where kind=regex Activity with Code:int \" - \" Text | project Code, Nope") ==
          V{"unknown-column"});
    // project-rename: the old name is dropped, the new one resolves.
    CHECK(errors("SecurityEvent | project-rename Who = Account | project Who") == V{});
    CHECK(errors("SecurityEvent | project-rename Who = Account | project Account") == V{"kql-column-dropped"});
    CHECK(errors("let failures = SigninLogs | where ResultType != '0' | project UserPrincipalName;\n"
                 "failures | project UserPrincipalName") == V{});
    CHECK(errors("let failures = SigninLogs | project UserPrincipalName;\nfailures | project IPAddress") ==
          V{"kql-column-dropped"});
    CHECK(errors("let failures = SigninLogs | project UserPrincipalName;\nfailures | project Nope") ==
          V{"unknown-column"});
    // A tabular let used as a value (x in (names)), and Kusto's capitalised bool literals.
    CHECK(errors("let names = SigninLogs | distinct UserPrincipalName;\nSecurityEvent | where Account in (names) | "
                 "take 1") == V{});
    CHECK(errors("SecurityEvent | where (EventID > 1) == True | take 1") == V{});
    // search across the database: any column may follow.
    CHECK(errors("search \"x\" | where Anything == 1 | take 1") == V{});
    CHECK(errors("let m = materialize(SecurityEvent | project Account);\nm | project Account") == V{});
    CHECK(errors("let threshold = 5;\nSecurityEvent | where EventID > threshold | take 1") == V{});
    CHECK(errors("SecurityEvent | where Account in (SigninLogs | project UserPrincipalName) | take 1") == V{});
    CHECK(errors("SecurityEvent | where Account in (SigninLogs | project Account) | take 1") == V{"unknown-column"});
    CHECK(errors("SecurityEvent | top 5 by EventID | project Account") == V{});
    CHECK(errors("range x from 1 to 5 step 1 | project x") == V{});
    CHECK(errors("datatable(a:long, b:string)[1, 'x'] | project a, b") == V{});
    CHECK(errors("datatable(a:long, b:string)[1, 'x'] | project c") == V{"unknown-column"});
    // Names are case-sensitive in Kusto; the suggestion fixes the case.
    LintResult wrong_case = lint_kql("securityevent | take 1");
    auto unknown_table = std::find_if(wrong_case.diagnostics.begin(), wrong_case.diagnostics.end(),
                                      [](const Diagnostic& d) { return d.code() == "unknown-table"; });
    REQUIRE(unknown_table != wrong_case.diagnostics.end());
    REQUIRE(unknown_table->fixits.size() == 1);
    CHECK(unknown_table->fixits[0].replacement == "SecurityEvent");
    // Unanalysed operators (plugins, make-series) accept any column after them, without false errors.
    CHECK(errors("SecurityEvent | evaluate bag_unpack(Activity) | project Anything") == V{});
    // Other databases' tables are not in the schema.
    CHECK(errors("database('other').SomeTable | take 1") == V{});
}

TEST_CASE("KQL diagnostics point at the name and at the operator that dropped it", "[lint][lint-kql]") {
    std::string q = "SecurityEvent | project Account | where Computer == 'x'";
    LintResult r = lint_kql(q);
    auto it = std::find_if(r.diagnostics.begin(), r.diagnostics.end(),
                           [](const Diagnostic& d) { return d.code() == "kql-column-dropped"; });
    REQUIRE(it != r.diagnostics.end());
    CHECK(q.substr(it->span.begin, it->span.size()) == "Computer");
    REQUIRE(it->notes.size() == 1);
    CHECK(q.substr(it->notes[0].span.begin, it->notes[0].span.size()) == "project Account");
    CHECK(it->message.find("'project'") != std::string::npos);

    LintResult typo = lint_kql("SecurityEvent | where Acount == 'x' | take 1");
    REQUIRE(typo.diagnostics.size() >= 1);
    auto unknown = std::find_if(typo.diagnostics.begin(), typo.diagnostics.end(),
                                [](const Diagnostic& d) { return d.code() == "unknown-column"; });
    REQUIRE(unknown != typo.diagnostics.end());
    CHECK(unknown->fixits.at(0).replacement == "Account");
}

TEST_CASE("KQL time filters count wherever the pipeline filters on the table's datetime", "[lint][lint-kql]") {
    CHECK_FALSE(has(lint_kql("DeviceProcessEvents\n| where Timestamp > ago(7d)\n| where FileName has 'x'\n| take 1"),
                    "kql-no-time-filter"));
    CHECK_FALSE(has(lint_kql("SecurityEvent | project Account, TimeGenerated | where TimeGenerated > ago(1h) | take 1"),
                    "kql-no-time-filter"));
    CHECK(has(lint_kql("SecurityEvent | extend T = now() | where T > ago(1h) | take 1"), "kql-no-time-filter"));
}

TEST_CASE("KQL join keys point at the key in the on list", "[lint][lint-kql]") {
    std::string q = "SecurityEvent | join kind=inner (SigninLogs) on Account";
    LintResult r = lint_kql(q);
    auto it = std::find_if(r.diagnostics.begin(), r.diagnostics.end(),
                           [](const Diagnostic& d) { return d.code() == "unknown-column"; });
    REQUIRE(it != r.diagnostics.end());
    CHECK(it->span.begin == q.rfind("Account"));
    CHECK(it->span.size() == 7);
}

TEST_CASE("KQL rules without a schema report nothing about names", "[lint][lint-kql]") {
    LintResult r = lint_kql("Anything | project whatever | where x == 1", nullptr);
    CHECK_FALSE(has_errors(r.diagnostics));
}

// NL2KQL gold records whose errors are real: origin -> the errors expected. Each entry names the
// evidence (what the schema file lacks).
// Sentinel_Schema.json has 23 tables, none of CommonSecurityLog, AzureActivity, WindowsFirewall,
// SigninLogs, DnsEvents; it has UserType only in IdentityInfo, not in AADNonInteractiveUserSignInLogs.
const std::map<std::string, std::string> kWrongGold = {
    {"kql/nl2kql/Sentinel_Evaluation.jsonl:1", "unknown-table 'CommonSecurityLog' "},
    {"kql/nl2kql/Sentinel_Evaluation.jsonl:31", "unknown-table 'AzureActivity' "},
    {"kql/nl2kql/Sentinel_Evaluation.jsonl:64", "unknown-table 'WindowsFirewall' "},
    {"kql/nl2kql/Sentinel_Evaluation.jsonl:96", "unknown-column 'UserType' "},
    {"kql/nl2kql/Sentinel_Evaluation.jsonl:99", "unknown-column 'UserType' "},
    {"kql/nl2kql/Sentinel_Evaluation.jsonl:105", "unknown-table 'AzureActivity' "},
    {"kql/nl2kql/Sentinel_Evaluation.jsonl:108", "unknown-table 'SigninLogs' "},
    {"kql/nl2kql/Sentinel_Evaluation.jsonl:129", "unknown-table 'AzureActivity' "},
    {"kql/nl2kql/Sentinel_Evaluation.jsonl:149", "unknown-table 'AzureActivity' "},
    {"kql/nl2kql/Sentinel_Evaluation.jsonl:167", "unknown-table 'DnsEvents' unknown-table 'AzureActivity' "},
};

// The NL2KQL gold queries against their own schemas: no false errors. Every error that remains is
// listed here with the evidence that the gold query itself is wrong; warnings are counted by code.
TEST_CASE("NL2KQL gold queries lint without errors against their schemas", "[lint][lint-kql][corpus]") {
    QDIFF_REQUIRE_CORPUS_PART("kql/nl2kql");
    std::map<std::string, int> warnings;
    std::vector<std::string> unexpected;
    int queries = 0;
    int known_bad = 0;
    for (const char* set : {"Defender", "Sentinel"}) {
        std::filesystem::path dir = qdiff::testing::corpus_dir() / "kql" / "nl2kql";
        Schema schema = qdiff::testing::read_nl2kql_schema(dir / (std::string(set) + "_Schema.json"));
        for (const auto& q : qdiff::testing::read_jsonl_field(
                 std::filesystem::path("kql") / "nl2kql" / (std::string(set) + "_Evaluation.jsonl"), "baseline")) {
            ++queries;
            LintResult r = lint_kql(q.text, &schema);
            std::string found;
            for (const Diagnostic& d : r.diagnostics) {
                if (d.severity == Severity::Warning) ++warnings[std::string(d.code())];
                if (d.severity != Severity::Error) continue;
                std::string_view name = std::string_view(q.text).substr(d.span.begin, d.span.size());
                found += std::string(d.code()) + " '" + std::string(name) + "' ";
            }
            if (found.empty()) continue;
            if (auto known = kWrongGold.find(q.origin); known != kWrongGold.end() && known->second == found) {
                ++known_bad;
                continue;
            }
            unexpected.push_back(q.origin + ": " + found);
        }
    }
    std::cout << "NL2KQL gold: " << queries << " queries, " << known_bad << " with errors the gold itself has\n";
    for (const auto& [code, n] : warnings) std::cout << "  warning " << code << ": " << n << "\n";
    for (const std::string& u : unexpected) std::cout << "  unexpected error: " << u << "\n";
    CHECK(queries == 427);
    CHECK(unexpected.empty());
    CHECK(known_bad == int(kWrongGold.size()));  // each listed gold error is still found
}

namespace {

bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The first occurrence of `word` as a whole name outside string literals, at or after `from`.
size_t find_name(const std::string& text, const std::string& word, size_t from = 0) {
    char quote = 0;
    for (size_t i = 0; i < text.size(); ++i) {
        char c = text[i];
        if (quote) {
            if (c == '\\')
                ++i;
            else if (c == quote)
                quote = 0;
            continue;
        }
        if (c == '"' || c == '\'') {
            quote = c;
            continue;
        }
        if (i >= from && text.compare(i, word.size(), word) == 0 && (i == 0 || !word_char(text[i - 1])) &&
            (i + word.size() == text.size() || !word_char(text[i + word.size()])))
            return i;
    }
    return std::string::npos;
}

std::string near_miss(const std::string& name) {
    return name.substr(0, name.size() / 2) + name.substr(name.size() / 2 + 1);
}

// The unknown names we report: tables, columns, and columns used after the operator that dropped them.
std::set<std::string> unknown_names(const std::string& text, const LintResult& r) {
    std::set<std::string> names;
    for (const Diagnostic& d : r.diagnostics)
        if (d.code() == "unknown-table" || d.code() == "unknown-column" || d.code() == "kql-column-dropped")
            names.insert(text.substr(d.span.begin, d.span.size()));
    return names;
}

struct PeerCase {
    std::string set, origin, kind, query, expected;  // expected: the name a mutation must be reported by
};

// The gold queries and three mutations, the input of the agreement with Kusto.Language
// (bench/kusto_lint_peer.sh): a table renamed to a near miss, a column renamed to a near miss, a
// column used after `project` dropped it.
std::vector<PeerCase> peer_cases() {
    std::vector<PeerCase> cases;
    for (std::string set : {"Defender", "Sentinel"}) {
        std::filesystem::path dir = qdiff::testing::corpus_dir() / "kql" / "nl2kql";
        Schema schema = qdiff::testing::read_nl2kql_schema(dir / (set + "_Schema.json"));
        std::set<std::string> all_columns;
        for (const Table& t : schema.tables)
            for (const Column& c : t.columns) all_columns.insert(c.name);
        std::set<std::string> dropped_done;
        for (const auto& q : qdiff::testing::read_jsonl_field(
                 std::filesystem::path("kql") / "nl2kql" / (set + "_Evaluation.jsonl"), "baseline")) {
            cases.push_back({set, q.origin, "gold", q.text, ""});
            const Table* table = nullptr;
            size_t at = std::string::npos;
            for (const Table& t : schema.tables) {
                size_t found = find_name(q.text, t.name);
                if (found < at) {
                    at = found;
                    table = &t;
                }
            }
            if (!table) continue;
            std::string missed = near_miss(table->name);
            if (std::none_of(schema.tables.begin(), schema.tables.end(),
                             [&](const Table& t) { return t.name == missed; })) {
                std::string m = q.text;
                m.replace(at, table->name.size(), missed);
                cases.push_back({set, q.origin, "table", m, missed});
            }
            for (const Column& c : table->columns) {
                if (c.name.size() < 5) continue;
                size_t col = find_name(q.text, c.name, at + table->name.size());
                std::string cmissed = near_miss(c.name);
                if (col == std::string::npos || all_columns.count(cmissed) ||
                    find_name(q.text, cmissed) != std::string::npos)
                    continue;
                std::string m = q.text;
                m.replace(col, c.name.size(), cmissed);
                cases.push_back({set, q.origin, "column", m, cmissed});
                break;
            }
            if (table->columns.size() >= 2 && dropped_done.insert(table->name).second) {
                const std::string& kept = table->columns[0].name;
                const std::string& gone = table->columns[1].name;
                cases.push_back({set, q.origin, "dropped",
                                 table->name + "\n| project " + kept + "\n| where isnotempty(" + gone + ")\n| take 10",
                                 gone});
            }
        }
    }
    return cases;
}

}  // namespace

// Our side of the agreement with Kusto.Language, and what must hold without it: every mutation is
// reported, by the name it broke. With QDIFF_KUSTO_PEER_OUT set, the cases and our verdicts are
// written there as JSON lines for bench/kusto_lint_peer.sh.
TEST_CASE("KQL mutations of the NL2KQL gold: near-miss tables and columns, dropped columns",
          "[lint][lint-kql][corpus]") {
    QDIFF_REQUIRE_CORPUS_PART("kql/nl2kql");
    std::map<std::string, Schema> schemas;
    std::filesystem::path dir = qdiff::testing::corpus_dir() / "kql" / "nl2kql";
    for (std::string set : {"Defender", "Sentinel"})
        schemas[set] = qdiff::testing::read_nl2kql_schema(dir / (set + "_Schema.json"));
    std::map<std::string, std::pair<int, int>> caught;  // kind -> (caught, total)
    std::vector<std::string> missed;
    const char* out_path = std::getenv("QDIFF_KUSTO_PEER_OUT");
    std::ofstream out;
    if (out_path) out.open(out_path);
    for (const PeerCase& c : peer_cases()) {
        LintResult r = lint_kql(c.query, &schemas[c.set]);
        std::set<std::string> ours = unknown_names(c.query, r);
        if (out_path)
            out << nlohmann::json{{"set", c.set},
                                  {"origin", c.origin},
                                  {"kind", c.kind},
                                  {"query", c.query},
                                  {"ours", std::vector<std::string>(ours.begin(), ours.end())}}
                       .dump()
                << "\n";
        if (c.kind == "gold") continue;
        auto& [hit, total] = caught[c.kind];
        ++total;
        if (ours.count(c.expected))
            ++hit;
        else
            missed.push_back(c.origin + " " + c.kind + " '" + c.expected + "'");
    }
    for (const auto& [kind, n] : caught)
        std::cout << "mutations " << kind << ": " << n.first << " / " << n.second << " reported\n";
    for (const std::string& m : missed) std::cout << "  not reported: " << m << "\n";
    for (const auto& [kind, n] : caught) {
        INFO(kind);
        CHECK(n.second >= 20);
        CHECK(n.first >= n.second * 98 / 100);
    }
}
