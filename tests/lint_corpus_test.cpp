// The linter on Spider: no false errors on the 1034 gold queries, and on the predictions, name errors
// exactly where SQLite itself rejects the query for a missing column or table.
#include <map>

#include <sqlite3.h>
#include <catch2/catch.hpp>

#include "qdiff/lint.hpp"
#include "support/corpus.hpp"

using namespace qdiff;
using namespace qdiff::testing;

namespace {

struct SpiderCase {
    std::string query;
    std::string db_id;
};

std::vector<SpiderCase> spider_cases(const std::string& predictions) {
    std::vector<SpiderCase> out;
    for (const std::string& line : read_lines(corpus_dir() / "sql/spider/gold.tsv")) {
        size_t tab = line.rfind('\t');
        out.push_back({line.substr(0, tab), line.substr(tab + 1)});
    }
    if (!predictions.empty()) {
        std::vector<std::string> lines = read_lines(corpus_dir() / "sql/spider" / predictions);
        REQUIRE(lines.size() == out.size());
        for (size_t i = 0; i < lines.size(); ++i) out[i].query = lines[i];
    }
    return out;
}

class SpiderSchemas {
public:
    const Schema& get(const std::string& db_id) {
        auto it = cache_.find(db_id);
        if (it == cache_.end()) {
            SchemaLoadResult r = load_schema((corpus_dir() / "sql/spider/tables.json").string(), db_id);
            INFO("db_id " << db_id);
            REQUIRE(r.schema);
            it = cache_.emplace(db_id, std::move(*r.schema)).first;
        }
        return it->second;
    }

private:
    std::map<std::string, Schema> cache_;
};

LintResult lint_spider(const SpiderCase& c, const Schema& schema, std::string name) {
    ParseOptions po;
    po.language = Language::Sql;
    po.dialect = Dialect::Sqlite;
    po.source_name = std::move(name);
    ParseResult parsed = parse(c.query, po);
    LintOptions lo;
    lo.schema = &schema;
    lo.dialect = Dialect::Sqlite;
    return lint(parsed, lo);
}

// SQLite's own verdict: prepares the query against empty tables with the schema's columns.
std::string sqlite_error(const Schema& schema, const std::string& query) {
    sqlite3* db = nullptr;
    sqlite3_open(":memory:", &db);
    for (const Table& t : schema.tables) {
        std::string ddl = "CREATE TABLE \"" + t.name + "\" (";
        for (size_t i = 0; i < t.columns.size(); ++i) ddl += (i ? ", \"" : "\"") + t.columns[i].name + "\"";
        sqlite3_exec(db, (ddl + ")").c_str(), nullptr, nullptr, nullptr);
    }
    sqlite3_stmt* statement = nullptr;
    int rc = sqlite3_prepare_v2(db, query.c_str(), -1, &statement, nullptr);
    std::string message = rc == SQLITE_OK ? "" : sqlite3_errmsg(db);
    sqlite3_finalize(statement);
    sqlite3_close(db);
    return message;
}

bool syntax_error(const LintResult& r) {
    for (const Diagnostic& d : r.diagnostics)
        if (d.severity == Severity::Error && diag_info(d.id).group == "syntax") return true;
    return false;
}

void print_counts(const std::string& title, const std::map<std::string, int>& counts) {
    std::string out = title + "\n";
    for (const auto& [code, n] : counts) out += "  " + code + ": " + std::to_string(n) + "\n";
    WARN(out);
}

}  // namespace

TEST_CASE("Spider dev gold: zero lint errors against tables.json", "[lint][lint-corpus][corpus]") {
    QDIFF_REQUIRE_CORPUS();
    SpiderSchemas schemas;
    std::map<std::string, int> counts;
    int errors = 0;
    std::vector<SpiderCase> cases = spider_cases("");
    REQUIRE(cases.size() == 1034);
    for (size_t i = 0; i < cases.size(); ++i) {
        LintResult r = lint_spider(cases[i], schemas.get(cases[i].db_id), "gold.tsv:" + std::to_string(i + 1));
        for (const Diagnostic& d : r.diagnostics) {
            ++counts[std::string(d.code()) + " (" + std::string(severity_name(d.severity)) + ")"];
            if (d.severity == Severity::Error) {
                ++errors;
                UNSCOPED_INFO("gold.tsv:" << i + 1 << " [" << cases[i].db_id << "] " << d.code() << ": " << d.message);
            }
        }
    }
    print_counts("Spider gold, diagnostics by code:", counts);
    CHECK(errors == 0);
}

TEST_CASE("Spider predictions: name errors agree with SQLite's own name resolution", "[lint][lint-corpus][corpus]") {
    QDIFF_REQUIRE_CORPUS();
    SpiderSchemas schemas;
    for (const std::string file : {"pred.sql", "pred-dailsql-gpt4.sql"}) {
        std::map<std::string, int> counts;
        int compared = 0, agreed = 0, sqlite_name_errors = 0, with_errors = 0;
        std::vector<SpiderCase> cases = spider_cases(file);
        for (size_t i = 0; i < cases.size(); ++i) {
            const Schema& schema = schemas.get(cases[i].db_id);
            std::string origin = file + ":" + std::to_string(i + 1);
            LintResult r = lint_spider(cases[i], schema, origin);
            bool ours = false;
            for (const Diagnostic& d : r.diagnostics) {
                ++counts[std::string(d.code()) + " (" + std::string(severity_name(d.severity)) + ")"];
                ours = ours || d.id == DiagId::LintUnknownColumn || d.id == DiagId::LintUnknownQualifier ||
                       d.id == DiagId::LintUnknownTable;
            }
            with_errors += has_errors(r.diagnostics);
            std::string message = sqlite_error(schema, cases[i].query);
            bool theirs = message.starts_with("no such column") || message.starts_with("no such table");
            sqlite_name_errors += theirs;
            // Queries SQLite cannot parse (or we cannot) tell nothing about name resolution.
            if (syntax_error(r) || (!message.empty() && !theirs)) continue;
            ++compared;
            if (ours == theirs)
                ++agreed;
            else
                UNSCOPED_INFO(origin << ": qdiff " << (ours ? "reports" : "misses") << " a name error; SQLite: '"
                                     << message << "': " << cases[i].query);
        }
        print_counts(file + ", diagnostics by code (" + std::to_string(with_errors) + " of " +
                         std::to_string(cases.size()) +
                         " queries with errors; SQLite: " + std::to_string(sqlite_name_errors) +
                         " name errors; agreement " + std::to_string(agreed) + "/" + std::to_string(compared) + "):",
                     counts);
        CHECK(compared > 1000);
        CHECK(agreed == compared);
        CHECK(with_errors * 10 < static_cast<int>(cases.size()));  // errors are a minority
    }
}
