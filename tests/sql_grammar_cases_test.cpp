// The SQL grammar's own case files (tests/sql_grammar/cases), run through qdiff::parse (generic
// dialect) on every test run: each line of accept.txt (one query per line, every construct the
// grammar covers) parses and its canonical text parses back to an equal AST; each line of reject.txt
// is rejected; each query of reject_positions.tsv (LINE:COLUMN, a TAB, the query; ANTLR's 0-based
// column) is rejected at that place. tests/sql_grammar/run_acceptance.sh runs the same files through
// the bare grammar, with the corpora, for the numbers in grammars/sql/NOTES.md.
//
// Where qdiff::parse knowingly differs from the bare grammar, the line is listed below with the
// reason, and the test checks that it still differs: a fixed line must leave its list.
#include <catch2/catch.hpp>

#include <filesystem>
#include <iostream>
#include <map>
#include <set>
#include <sstream>

#include "qdiff/ast_print.hpp"
#include "qdiff/parse.hpp"
#include "support/corpus.hpp"

using namespace qdiff;

namespace {

const std::filesystem::path kCases = std::filesystem::path(QDIFF_SOURCE_DIR) / "tests/sql_grammar/cases";

struct CaseLine {
    std::string origin;  // file:line
    std::string text;
};

// The file's lines, numbered from 1; a missing or empty file fails the test, not skips it.
std::vector<CaseLine> read_cases(const std::string& name) {
    std::vector<std::string> lines = testing::read_lines(kCases / name);
    INFO(kCases / name);
    REQUIRE(!lines.empty());
    std::vector<CaseLine> out;
    for (size_t i = 0; i < lines.size(); ++i) {
        INFO(name << ":" << i + 1 << " is empty");
        REQUIRE(!lines[i].empty());
        out.push_back({name + ":" + std::to_string(i + 1), lines[i]});
    }
    return out;
}

ParseResult parse_sql(const std::string& text, Dialect dialect = Dialect::Generic) {
    return parse(text, {.language = Language::Sql, .dialect = dialect});
}

// accept.txt lines qdiff::parse rejects.
const std::map<std::string, std::string> kNotAccepted = {
    {";", "an input without a statement is an empty-input error, by design"},
};
// accept.txt lines whose canonical text does not parse back to an equal AST.
const std::map<std::string, std::string> kNoIdentity = {
    {"INSERT INTO t (a) VALUES (1) ON CONFLICT (a) DO NOTHING", "the AST does not keep ON CONFLICT"},
    {"INSERT INTO t (a) VALUES (1) ON CONFLICT ON CONSTRAINT t_pkey DO NOTHING", "the AST does not keep ON CONFLICT"},
    {"INSERT OR REPLACE INTO t VALUES (1)", "the AST does not keep INSERT's conflict clause"},
    {"INSERT OR IGNORE INTO t VALUES (1)", "the AST does not keep INSERT's conflict clause"},
    {"INSERT IGNORE INTO t VALUES (1)", "the AST does not keep INSERT's conflict clause"},
    {"REPLACE INTO t (a) VALUES (1)", "the AST does not keep REPLACE (it prints INSERT)"},
    {"UPDATE a JOIN b ON a.id = b.id SET a.x = b.x WHERE b.y > 1", "the AST does not keep UPDATE's joins"},
};
// reject.txt lines the generic dialect accepts (it takes the union of the dialects: BigQuery,
// Snowflake and DuckDB allow a comma after the last select item); they are checked in PostgreSQL's.
const std::set<std::string> kGenericAccepts = {"SELECT a, FROM t", "SELECT a,"};

const Diagnostic* first_error(const ParseResult& r) {
    for (const Diagnostic& d : r.diagnostics())
        if (d.severity == Severity::Error) return &d;
    return nullptr;
}

std::string describe(const ParseResult& r) {
    const Diagnostic* d = first_error(r);
    if (!d) return "no error";
    LineCol at = r.source().position(d->span.begin);
    return std::string(d->code()) + " at " + std::to_string(at.line) + ":" + std::to_string(at.column) + ": " +
           d->message;
}

}  // namespace

TEST_CASE("every line of the SQL grammar's accept.txt parses and round-trips", "[sql][grammar-cases]") {
    const std::vector<CaseLine> cases = read_cases("accept.txt");
    size_t accepted = 0, identical = 0;
    std::ostringstream failures;
    size_t unexpected = 0;
    for (const CaseLine& c : cases) {
        ParseResult first = parse_sql(c.text);
        const bool known_reject = kNotAccepted.count(c.text) > 0;
        if (!first.ok()) {
            if (known_reject) {
                std::cout << "[accept.txt] known rejection " << c.origin << ": " << c.text << "\n    "
                          << kNotAccepted.at(c.text) << "\n";
                continue;
            }
            ++unexpected;
            failures << "\n-- " << c.origin << " rejected: " << describe(first) << "\n   " << c.text;
            continue;
        }
        ++accepted;
        if (known_reject) {
            ++unexpected;
            failures << "\n-- " << c.origin << " parses now: remove it from kNotAccepted\n   " << c.text;
        }
        std::string canonical = to_sql(*first.script());
        ParseResult second = parse_sql(canonical);
        const bool same = second.ok() && ast::equal(first.script(), second.script());
        const bool known_loss = kNoIdentity.count(c.text) > 0;
        identical += same;
        if (same && known_loss) {
            ++unexpected;
            failures << "\n-- " << c.origin << " round-trips now: remove it from kNoIdentity\n   " << c.text;
        } else if (!same && known_loss) {
            std::cout << "[accept.txt] known identity failure " << c.origin << ": " << c.text << "\n    "
                      << kNoIdentity.at(c.text) << "\n";
        } else if (!same) {
            ++unexpected;
            failures << "\n-- " << c.origin << " canonical text "
                     << (second.ok() ? "parses to another AST" : "is rejected: " + describe(second)) << "\n   "
                     << c.text << "\n=> " << canonical;
        }
    }
    INFO(failures.str());
    WARN("accept.txt: " << accepted << "/" << cases.size() << " parse (" << kNotAccepted.size()
                        << " known rejections), " << identical
                        << " parse back from their canonical text to an equal AST (" << kNoIdentity.size()
                        << " known failures)");
    CHECK(accepted + kNotAccepted.size() == cases.size());
    CHECK(identical + kNoIdentity.size() == accepted);
    CHECK(unexpected == 0);
}

TEST_CASE("every line of the SQL grammar's reject.txt is rejected", "[sql][grammar-cases]") {
    const std::vector<CaseLine> cases = read_cases("reject.txt");
    std::ostringstream accepted;
    size_t rejected = 0;
    for (const CaseLine& c : cases) {
        ParseResult r = parse_sql(c.text, kGenericAccepts.count(c.text) ? Dialect::Postgres : Dialect::Generic);
        if (kGenericAccepts.count(c.text) && parse_sql(c.text).ok() == false)
            accepted << "\n-- " << c.origin
                     << " is rejected in the generic dialect now: remove it from kGenericAccepts";
        else if (!r.ok() && first_error(r))
            ++rejected;
        else
            accepted << "\n-- " << c.origin << " accepted: " << c.text;
    }
    INFO(accepted.str());
    CHECK(rejected == cases.size());
}

TEST_CASE("reject_positions.tsv: each broken query is rejected where the file says", "[sql][grammar-cases]") {
    const std::vector<CaseLine> cases = read_cases("reject_positions.tsv");
    std::ostringstream wrong;
    size_t right = 0;
    for (const CaseLine& c : cases) {
        const size_t tab = c.text.find('\t');
        INFO(c.origin << " has no TAB");
        REQUIRE(tab != std::string::npos);
        const std::string expected = c.text.substr(0, tab), query = c.text.substr(tab + 1);
        ParseResult r = parse_sql(query, kGenericAccepts.count(query) ? Dialect::Postgres : Dialect::Generic);
        const Diagnostic* d = first_error(r);
        std::string got = "accepted";
        if (!r.ok() && d) {
            LineCol at = r.source().position(d->span.begin);
            got = std::to_string(at.line) + ":" + std::to_string(at.column - 1);  // 1-based -> ANTLR's 0-based
        }
        // The dialect check points at the comma itself, where the grammar stops at the next token.
        const std::string want = kGenericAccepts.count(query) ? "1:" + std::to_string(query.rfind(',')) : expected;
        if (got == want)
            ++right;
        else
            wrong << "\n-- " << c.origin << ": expected " << want << ", got " << got << " (" << describe(r) << ")\n   "
                  << query;
    }
    INFO(wrong.str());
    CHECK(right == cases.size());
}
