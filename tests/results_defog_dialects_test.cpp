// Other dialects' gold on SQLite: defog's questions_gen_{postgres,bigquery,snowflake,tsql,mysql}.csv answer the
// questions of questions_gen_sqlite.csv in each dialect. Each dialect's gold, printed in SQLite's spelling
// (stages/results/sqlite_spelling.hpp), runs on the real database (the dump loaded into SQLite) against the
// SQLite gold of the same question: the two agree when some answer of each gives the same rows. What does
// not agree is reported by cause: `differ` (both ran, other rows), `dialect` (a construct SQLite cannot
// spell), `parse` (the gold does not parse in its dialect), `sqlite error` (the spelled gold fails on
// SQLite), `gold fails` (the SQLite gold fails). Answers written as `{a, b}` column templates are not SQL:
// they are skipped and counted. All eleven databases, in about a second.
#include <unistd.h>
#include <catch2/catch.hpp>
#include <filesystem>
#include <iostream>
#include <map>
#include <set>
#include <sstream>

#include "qdiff/parse.hpp"
#include "stages/results/compare.hpp"
#include "stages/results/postgres_dump.hpp"
#include "stages/results/results_stage.hpp"
#include "stages/results/sqlite_spelling.hpp"
#include "support/corpus.hpp"

using namespace qdiff;
using namespace qdiff::results;
namespace fs = std::filesystem;

namespace {

using Gold = std::map<std::pair<std::string, std::string>, std::string>;  // (db, question) -> query cell

Gold read_gold(const std::string& file) {
    Gold out;
    auto rows = testing::read_csv(testing::corpus_dir() / "sql/defog" / file);
    std::map<std::string, size_t> column;
    for (size_t i = 0; i < rows[0].size(); ++i) column[rows[0][i]] = i;
    for (size_t r = 1; r < rows.size(); ++r)
        out[{rows[r][column.at("db_name")], rows[r][column.at("question")]}] = rows[r][column.at("query")];
    return out;
}

// The answers of a cell, split on `;` (defog's separator; no gold query has a `;` in a string).
std::vector<std::string> answers(const std::string& cell) {
    std::vector<std::string> out;
    std::stringstream in(cell);
    for (std::string answer; std::getline(in, answer, ';');)
        if (answer.find_first_not_of(" \t\r\n") != std::string::npos) out.push_back(answer);
    return out;
}

struct Tally {
    size_t questions = 0, agree = 0, differ = 0, templates_only = 0, template_answers = 0;
    std::map<std::string, size_t> undecided;  // cause -> questions
    std::vector<std::string> not_agreeing;    // "cause db: question\n    detail"
    size_t compared() const { return questions - templates_only; }
};

struct Databases {
    fs::path scratch;
    std::map<std::string, std::string> files;
    Databases() {
        std::string pattern = (fs::temp_directory_path() / "qdiff-defog-dialects-XXXXXX").string();
        REQUIRE(mkdtemp(pattern.data()));
        scratch = pattern;
    }
    ~Databases() {
        std::error_code ignored;
        fs::remove_all(scratch, ignored);
    }
    const std::string& file(const std::string& db) {
        auto it = files.find(db);
        if (it != files.end()) return it->second;
        std::string dump = testing::read_file(testing::corpus_dir() / "sql/defog/databases" / (db + ".sql"));
        std::string path = (scratch / (db + ".sqlite")).string();
        REQUIRE(build_sqlite_from_postgres_dump(dump, path) == "");
        return files[db] = path;
    }
};

// One answer's run: the result, or why there is none (cause, detail).
struct Run {
    std::string cause, detail;
    ExecResult result;
};

Run run_in_sqlite(const std::string& db_file, Dialect dialect, const std::string& sql) {
    Run out;
    ParseResult parsed = parse(sql, ParseOptions{.language = Language::Sql, .dialect = dialect});
    if (!parsed.ok()) {
        out.cause = "parse";
        out.detail = parsed.first_error();
        return out;
    }
    // a real database, as sqlite:PATH: its date columns, a division by zero that fails
    SqliteSpelling lite = sqlite_spelling(sql, parsed, /*zero_divisor_fails=*/true, sqlite_date_columns(db_file));
    if (!lite.untranslatable.empty()) {
        out.cause = "dialect";
        out.detail = lite.untranslatable;
        return out;
    }
    out.result = execute_sqlite(db_file, lite.sql, ExecLimits{10, 100000});
    if (out.result.status != ExecStatus::Ok) {
        out.cause = "sqlite error";
        out.detail = out.result.error + "\n      " + lite.sql;
    }
    return out;
}

Tally measure(Dialect dialect, const std::string& file, const std::set<std::string>& databases, Databases& dbs) {
    Tally tally;
    const Gold sqlite = read_gold("questions_gen_sqlite.csv"), gold = read_gold(file);
    for (const auto& [key, cell] : gold) {
        const auto& [db, question] = key;
        auto lite = sqlite.find(key);
        if (lite == sqlite.end() || (!databases.empty() && !databases.count(db))) continue;
        ++tally.questions;
        std::vector<std::string> sql;
        for (const std::string& a : answers(cell)) {
            if (a.find('{') != std::string::npos)
                ++tally.template_answers;
            else
                sql.push_back(a);
        }
        if (sql.empty()) {
            ++tally.templates_only;
            continue;
        }
        const std::string& db_file = dbs.file(db);
        std::vector<std::pair<std::string, ExecResult>> expected;  // the SQLite gold answers that ran
        std::string gold_error;
        for (const std::string& a : answers(lite->second)) {
            ExecResult r = execute_sqlite(db_file, a, ExecLimits{10, 100000});
            if (r.status == ExecStatus::Ok)
                expected.emplace_back(a, std::move(r));
            else
                gold_error = r.error;
        }
        std::string cause, detail;
        bool agreed = false;
        for (const std::string& a : sql) {
            Run run = run_in_sqlite(db_file, dialect, a);
            // An answer that ran and differs says why over one that failed; else the first failure does.
            if (!run.cause.empty() || expected.empty()) {
                if (cause.empty()) {
                    cause = run.cause.empty() ? "gold fails" : run.cause;
                    detail = run.cause.empty() ? gold_error : run.detail;
                }
                continue;
            }
            for (const auto& [lite_sql, lite_result] : expected) {
                ResultOrder order = result_order(lite_sql, Language::Sql, Dialect::Sqlite);
                Comparison c = compare_results(lite_result.result, run.result.result, order.ordered, MatchMode::F1,
                                               1e-6, order.keys);
                if (c.score == 1.0) {
                    agreed = true;
                    break;
                }
                cause = "differ";
                detail = c.explanation + "\n      " + a + "\n      vs " + lite_sql;
            }
            if (agreed) break;
        }
        if (agreed) {
            ++tally.agree;
            continue;
        }
        if (cause == "differ")
            ++tally.differ;
        else
            ++tally.undecided[cause];
        tally.not_agreeing.push_back(cause + " " + db + ": " + question + "\n      " + detail);
    }
    return tally;
}

void report(std::string_view dialect, const Tally& t) {
    std::cout << "defog " << dialect << " gold vs SQLite gold on SQLite: " << t.questions << " questions, "
              << t.templates_only << " only as {a, b} templates (" << t.template_answers
              << " template answers skipped); of " << t.compared() << ": agree " << t.agree << ", differ " << t.differ;
    for (const auto& [cause, n] : t.undecided) std::cout << ", " << cause << " " << n;
    std::cout << "\n";
    for (const auto& m : t.not_agreeing) std::cout << "  " << m << "\n";
}

// The thresholds are the measured numbers (README, issue 27): before the date spellings, of the questions
// compared, postgres agreed on 145 of 167, bigquery 185 of 209, snowflake 126 of 132, tsql 187 of 209, mysql
// 183 of 208; after them 161, 204, 129, 205, 204; after issue 27's residue (PERCENTILE_CONT, CONVERT's styles,
// the database's date columns for `date - date`) 164, 205, 130, 206, 204. What still does not agree, by cause:
//  - differ, the golds differ: T-SQL's DATEDIFF(DAY, ..), MySQL's DATEDIFF, BigQuery's DATE_DIFF and
//    PostgreSQL's DATE(ts) - date count whole days where the SQLite gold counts fractions of days (broker);
//    BigQuery's TIMESTAMP_TRUNC(.., WEEK) starts on Sunday where the question asks for ISO weeks
//    (car_dealership); PostgreSQL's gold keeps 'Martin' out (academic) and returns one name column where the
//    SQLite gold returns two (car_dealership); MySQL's `date - date` subtracts the numbers YYYYMMDD, not days
//    (advising, car_dealership: the MySQL gold is not in days);
//  - differ, the SQLite gold misses the data's month names: yelp's dump writes them by PostgreSQL's
//    TO_CHAR(.., 'Month'), blank-padded to 9 characters ('April    '), which T-SQL's TRY_CONVERT(DATE, '01 ' +
//    month + ' 2000', 106) reads and the SQLite gold's CASE month WHEN 'April' does not (yelp, last 10 months);
//  - differ, texts SQLite reads as no date: T-SQL's DATEPART(month, '1 ' + month + ' 2021') (T-SQL's own
//    reading of text as a date has no SQLite spelling) and Snowflake's ('2021-' || month || '-01')::date
//    (yelp); MySQL's UNIX_TIMESTAMP(ts - ts) (ewallet);
//  - dialect: BigQuery's `date - date`, an INTERVAL (advising, car_dealership); Snowflake's TO_DATE(..,
//    'MONTH') (MONTH is no Snowflake format element: MMMM is the month's name, MON its first three letters).
// (ewallet's median, PERCENTILE_CONT in PostgreSQL, BigQuery and T-SQL, agrees as the SQLite gold: for "today"
// both find no row; on the data's own day, 2023-06-07, all three give the SQLite gold's 164.485.)
struct DialectFile {
    Dialect dialect;
    const char* name;
    const char* file;
    size_t min_agree, max_dialect;
};
const DialectFile kDialects[] = {
    {Dialect::Postgres, "postgres", "questions_gen_postgres.csv", 164, 0},
    {Dialect::Bigquery, "bigquery", "questions_gen_bigquery.csv", 205, 2},
    {Dialect::Snowflake, "snowflake", "questions_gen_snowflake.csv", 130, 1},
    {Dialect::Tsql, "tsql", "questions_gen_tsql.csv", 206, 0},
    {Dialect::Mysql, "mysql", "questions_gen_mysql.csv", 204, 0},
};

}  // namespace

TEST_CASE("defog dialects: each dialect's gold agrees with the SQLite gold on SQLite", "[results][dialect][corpus]") {
    QDIFF_REQUIRE_CORPUS_PART("sql/defog");
    Databases dbs;
    for (const DialectFile& d : kDialects) {
        Tally t = measure(d.dialect, d.file, {}, dbs);
        report(d.name, t);
        INFO(d.name);
        CHECK(t.compared() >= 130);
        CHECK(t.agree >= d.min_agree);
        CHECK(t.undecided["dialect"] <= d.max_dialect);
    }
}
