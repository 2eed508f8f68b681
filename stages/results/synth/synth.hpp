// Results without the user's database (issue 12): small SQLite databases synthesized from the schema
// and the literals of both queries, both queries run on each in the read-only sandbox, and a verdict:
// equal on every database, different (with a counterexample shrunk to few rows), or undecided.
// README.md in this directory says how the data is drawn and when a case is undecided.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "qdiff/parse.hpp"
#include "qdiff/schema.hpp"
#include "stages/results/compare.hpp"
#include "stages/results/result_set.hpp"

namespace qdiff::results::synth {

// ---- synthesized data ------------------------------------------------------------------------------

struct SynthTable {
    std::string name;
    std::vector<std::string> columns;
    std::vector<std::string> declared_types;  // as CREATE TABLE spells them (the schema's, or one from the type)
    std::vector<std::vector<Value>> rows;
    // Columns rows of other tables refer to (declared or implied by a join): indexed, so that SQLite
    // plans a many-way join through them (Match joined to Player eleven times) by lookups, not as a
    // product of full scans.
    std::vector<std::string> indexed;
};

struct SynthDatabase {
    std::vector<SynthTable> tables;  // in the schema's order
    size_t row_count() const;
};

// Values the queries care about, by column name (lower case, any table): their literals and the
// neighbours of each, strings a LIKE pattern matches, IN-list items.
// What the queries read and how, for targeted rows. Names are lower case; a column is named
// without its table, and a table by its name (aliases resolved through `aliases`).
struct LiteralHints {
    // `a.x = b.y` or `x IN (SELECT y FROM b)`: rows of a refer to rows of b as a foreign key would
    // (left_table / right_table are "" when the column was not qualified).
    struct Link {
        std::string left_table, left_column, right_table, right_column;
    };
    std::vector<std::pair<std::string, std::vector<Value>>> by_column;  // literals and their neighbours
    std::vector<std::pair<std::string, std::vector<Value>>> literals;   // the literals alone
    std::vector<std::pair<std::string, std::vector<Value>>> edge_values;  // for the boundary databases only
    // Literals an aggregate's condition compares a column with (`SUM(CASE WHEN gender = 'F' ..)`, `SUM(x = 'a')`,
    // IIF): on the case data a goal's rows hold them in turn, so that the row in another case meets the condition.
    std::vector<std::pair<std::string, std::vector<Value>>> conditional_values;
    std::vector<Value> loose;                 // literals not compared with a column
    std::vector<std::string> date_columns;    // columns a date function reads: they get date texts
    std::vector<std::string> substr_columns;  // columns SUBSTR reads (dates when a literal looks like one)
    // SUBSTR(x, 5, 2): the month of a date written 'YYYYMM' (BIRD's yearmonth.Date '201206'); in 'YYYY-MM-DD'
    // it is at 6.
    std::vector<std::string> month_at_five_columns;
    // Columns read as seconds since 1970 (datetime(x, 'unixepoch'), FROM_UNIXTIME(x)): they get such numbers,
    // their date literals as seconds too.
    std::vector<std::string> epoch_columns;
    // Columns a query reads as a date and more (SUBSTR(x, 1, 10), x LIKE '2010-02-22%'): they hold a date and
    // a time ('2010-02-22 00:00:00', as BIRD's european football data does), their date literals too.
    std::vector<std::string> datetime_columns;
    std::vector<std::string> tables;          // tables the queries name
    std::vector<std::pair<size_t, std::string>> tables_by_query;  // (query, table): which query names it
    std::vector<std::pair<std::string, std::string>> aliases;  // alias -> table
    std::vector<std::string> read_columns;    // every column the queries name
    std::vector<std::string> order_columns;   // under ORDER BY before a LIMIT (and GROUP BY keys ordered by an aggregate)
    std::vector<std::string> order_key_columns;  // under ORDER BY before a LIMIT only: unique on all but the ties data
    // A column an ORDER BY key before a LIMIT ranks rows by, itself or summed, averaged, or its extreme
    // (`ORDER BY SUM(T2.Consumption) DESC`), and whether the first rank is its largest value.
    std::vector<std::pair<std::string, bool>> ranked_columns;
    std::vector<std::string> case_columns;    // compared with a string by =, <>, LIKE, GLOB or IN
    std::vector<std::string> cast_columns;    // under CAST, /, %, ROUND and the like
    std::vector<std::string> grouped_columns; // under GROUP BY: a category on real data (plain data repeats its texts)
    std::vector<std::string> aggregated_columns;  // under COUNT, SUM, AVG or TOTAL: where a NULL counts or not
    // Under SUM, AVG, TOTAL or arithmetic (through a CAST): a text column there holds numbers as text,
    // as real data does (BIRD's `fastestLapSpeed` '202.484'); 'x 1' would be 0 in every row.
    std::vector<std::string> number_columns;
    // Columns whose goal value the nulls data may replace by a NULL: one compared by <> with a literal (a NULL
    // fails `x <> 'a'` too: against `x <> 'a' OR x IS NULL`), and one a HAVING compares through AVG, MIN or MAX
    // (a NULL beside a row that satisfies it keeps the group: `HAVING AVG(cost) > 50` against SUM / COUNT(*)).
    std::vector<std::string> goal_null_columns;
    // `x > (SELECT AVG(y) ...)`: x and y; the boundary data gives them one value in every row, so
    // that rows equal the average (`>` against `>=`), which real data seldom shows.
    std::vector<std::string> average_columns;
    std::vector<Link> links;
    // What one query block's filters select (its WHERE and ON conditions; a goal per branch of its
    // first OR, and one more for the third item of an IN list; HAVING over the block's rows): a value
    // per column that satisfies each comparison with a literal (or a simple arithmetic one: `a * 2 >
    // 10`, `a - b > 0`), and another that does too (`x > 30`: 31 and 32; `x = 'a'`: 'a' twice). The
    // generator makes a few rows of each table hold them, so that on plain data every query's filters
    // select rows (issue 29, "targeted rows").
    struct Goal {
        struct Term {
            std::string table, column;  // table "" when unqualified: the first of `tables` that has the column
            std::string alias;          // as qualified (lower case): one table joined twice has two rows to satisfy
            Value value, other;
            Value edge;  // for the boundary data: the literal of an ordering, a pattern's wildcards filled, a neighbour
            // Values that fail the comparison (`x > 30`: 30 and 29), for the no-match data (rows there,
            // none selected); empty: any value of the column's own domain, away from the literals, fails.
            std::vector<Value> misses;
            bool numeric = false;  // solved arithmetic (`a * 2 > 10`): only for a number column, not a date
            // Two columns compared by an ordering (`v.day > e.hired`) as dates: only for a date column
            // (a number column gets the solved arithmetic's term).
            bool dated = false;
            // `SUBSTR(x, 7, 2) = '45'`: the value holds the literal at that place ('xxxxxx45'); only for a text
            // column that holds no dates (a date's parts are the date terms').
            bool placed = false;
        };
        std::vector<std::string> tables;  // the block's own tables (aliases resolved)
        std::vector<Term> terms;
        // `x.c = y.k` in the block: the referring column c meets the row of alias y (which colour row
        // eye_colour_id and hair_colour_id each point at when colour is joined twice).
        std::vector<std::pair<std::string, std::string>> joined;  // column, alias
        size_t copies = 2;  // rows per table: one more than a small LIMIT of the block, else two
        size_t block = 0;   // goals of one block (the branches of an OR) share the number
        size_t query = 0;   // which query (the order collect_hints read them in)
        // HAVING: rows of one group the block's HAVING selects (`COUNT(*) > 15`: 16; 0 without a
        // HAVING the goal satisfies), in the block's table no other of its tables refers to; they hold
        // one value in the GROUP BY columns (table "" when unqualified, column) and refer to one row.
        size_t group_rows = 0;
        std::vector<std::pair<std::string, std::string>> group_columns;
        // `COUNT(DISTINCT x) > 2`: the group's rows hold a different x each (table "" when unqualified).
        std::vector<std::pair<std::string, std::string>> distinct_columns;
        // The HAVING compares an AVG, MIN or MAX (`HAVING AVG(cost) > 50`): a row of another group joining the
        // goal's would move what it reads (the nulls data keeps other rows out of the NULL group).
        bool having_average = false;
        // The block groups and orders by an aggregate before a LIMIT (`GROUP BY c.id ORDER BY
        // SUM(y.amount) LIMIT 1`; no HAVING group): its GROUP BY columns and the columns its ordering
        // sums (table "" when unqualified). Where the two queries group by different columns, the
        // duplicates data regroups (generate.cpp, Generator::regroup_copy): two referenced rows alike but
        // for their keys and a third unlike them, whose groups weigh so that merging the first two changes
        // the top.
        bool regroup = false;
        std::vector<std::pair<std::string, std::string>> regroup_by, regroup_summed;
        // A block that orders its groups by an aggregate before a LIMIT (directly, or an outer block through
        // a CTE's or derived table's column) gets a second goal: one group of two rows, beside the first
        // goal's groups of one, so that the groups it orders differ as on real data. Not on the data that
        // regroups (its groups are weighed for that).
        bool group_of_two = false;
        // `x IN (SELECT y FROM b WHERE ..)` in the block (not NOT IN): the referring column x (lower case) and
        // the block of the subquery's goal, whose rows the goal's rows refer to through x (each copy to that
        // goal's copy), so that the rows both blocks' filters select meet, as on real data.
        std::vector<std::pair<std::string, size_t>> in_links;
    };
    std::vector<Goal> goals;
    // Blocks with a LIMIT of 2..20 and no filter of their own (their tables, one row more than the LIMIT):
    // the goals of those tables get as many rows, so that the LIMIT cuts.
    std::vector<std::pair<std::vector<std::string>, size_t>> limited_blocks;
    // Blocks that only regroup (no filter, no HAVING): their goals serve the regrouping data alone, so
    // that other data keeps the goals it had.
    std::vector<Goal> regroup_goals;
    // A block without a filter that aggregates a condition (`SUM(IIF(A3 = 'east Bohemia', A16, 0))`): a goal
    // for the case data alone (generate_database), whose copies hold the condition's literals in turn.
    std::vector<Goal> case_goals;
    // Referring columns each query's blocks join on (Goal::joined of every block, its goal kept or not).
    std::vector<std::pair<size_t, std::string>> joined_by_query;
    // GROUP BY columns per query (query 0 is the first collect_hints read), any block.
    std::vector<std::pair<size_t, std::string>> grouped_by_query;
    // Both queries read, and a block orders its groups by an aggregate before a LIMIT (Goal::regroup).
    bool regrouping_block() const;
    // The two queries group by different columns, and a block orders its groups by an aggregate before
    // a LIMIT: the duplicates data regroups.
    bool regroups() const;
    // The columns under COUNT or SUM in each query's ORDER BY of a regrouping block ("*" for COUNT(*)).
    std::vector<std::pair<size_t, std::string>> ordered_aggregates;
    // The columns one query's ordering aggregates and the other's does not (COUNT(hero_id) against
    // COUNT(power_id), COUNT(*) against COUNT(x)), where a block regroups: the nulls data's regrouping
    // makes them NULL in the heaviest group.
    std::vector<std::string> regroup_nulls() const;
    size_t queries = 0;          // how many queries collect_hints has read
    // The columns each query's goals compare (query 0 is the first collect_hints read), repeated goals
    // included: one query filtering on a column the other does not gets the no-match data.
    std::vector<std::pair<size_t, std::string>> filtered_columns;
    bool groups = false;         // DISTINCT, GROUP BY, set operations, count/sum/avg
    bool joins = false;          // joins, several sources, IN (subquery)
    bool ordered_limit = false;  // ORDER BY .. LIMIT
    bool casts = false;          // CAST, division, rounding
    const std::vector<Value>* find(const std::string& column) const;
    const std::vector<Value>* find_literals(const std::string& column) const;
    const std::vector<Value>* find_edge(const std::string& column) const;
    bool is_date_column(const std::string& column) const;
    bool is_epoch_column(const std::string& column) const;
    static bool reads(const std::vector<std::string>& columns, const std::string& column);
};

// Adds the literals of one parsed query (both queries go into one set of hints).
void collect_hints(const ParseResult& parsed, LiteralHints& hints);
// What one query reads (tables, columns, literals by column, and the functions, operators and
// DISTINCTs over its columns), sorted: two queries that read the same things differ only in how they
// combine them (join order, aliases, nesting).
std::vector<std::string> read_signature(const ParseResult& parsed);

// 'YYYY-MM-DD': a whole date as SQLite's date functions write it.
bool looks_like_whole_date(std::string_view text);

// What a database is for (README.md, "Kinds of database"). Plain databases look like real data; each
// other kind adds one sort of row that tells queries apart and leaves the rest plain.
// The last four name a difference, not a database: one that plain or duplicated data shows only through two
// rows referring to one (fan-out, which real data often has), only because a scalar subquery returns
// several rows (a name real data seldom repeats), only because one query names a row by a key value
// where the other names it by a value (whether they are the same row is a fact of the real data), or only
// because more rows pass the filters than one query's LIMIT keeps (whether real data holds that many is
// its fact): the verdict weighs each by its kind.
enum class DataKind : uint8_t {
    Plain, Nulls, Duplicates, Ties, Empty, Dangling, Case, Boundary, Cast, FanOut, ScalarSubquery, KeyLiteral,
    LimitCut
};
std::string_view kind_name(DataKind kind);

// Databases 0 .. kPlainDatabases-1 are plain; then one database of each kind the queries give a use
// for (kinds_for), in DataKind's order (two empty ones where one query filters on a column the other
// does not: an empty table and no match); then the kinds again, with other draws.
constexpr size_t kPlainDatabases = 3;
std::vector<DataKind> kinds_for(const LiteralHints& hints);
DataKind kind_of_database(const LiteralHints& hints, size_t index);
bool is_plain_database(size_t index);

// The schema with the key a table without a declared one names for itself: `id`, `<table>_id`,
// `<table>id`, or a one-word table's initial and `id` (author.aid, not author.oid; not
// domain_publication.did), unless the column is a declared foreign key (an examination's patient ID). Real
// data holds each such value once (defog's dumps declare no keys: COUNT(DISTINCT course.course_id) against
// COUNT(course.course_id) from course is no difference).
Schema with_implied_keys(const Schema& schema);

// Database number `index` of a run seeded with `seed`, of the given kind (by default the one
// kind_of_database assigns): the same inputs give the same database.
// `fan_out` false: every referenced row has at most one referencing row (judge.cpp tells a difference
// that needs two rows referring to one from one that plain data shows without them).
SynthDatabase generate_database(const Schema& schema, const LiteralHints& hints, uint64_t seed, size_t index,
                                DataKind kind, bool fan_out = true);
// Whether some table of `db` has two rows referring to the same row (a declared or an implied reference).
bool has_fan_out(const Schema& schema, const LiteralHints& hints, const SynthDatabase& db);
SynthDatabase generate_database(const Schema& schema, const LiteralHints& hints, uint64_t seed, size_t index);

// ---- running and judging ---------------------------------------------------------------------------

// Adaptive effort: `databases` run always; more, up to `max_databases` and `max_seconds`, while no
// difference is found and a kind of database has not run yet, the queries read different things, or
// the data has not reached the expected result.
struct SynthOptions {
    size_t databases = 8;
    size_t max_databases = 16;
    double max_seconds = 1.5;
    uint64_t seed = 1;
    ExecLimits limits{2, 10000};
    double tolerance = 1e-6;
    // The results mode's comparison (results_stage.hpp): `set` compares sets of rows, as BIRD does;
    // every other mode asks for the same bag (in order when the expected query orders).
    bool as_sets = false;
    bool positional_columns = false;
    size_t max_shrink_runs = 200;  // query pairs spent shrinking a counterexample
    double max_shrink_seconds = 2;
};

enum class Verdict : uint8_t { Equal, Different, Undecided, Error };
std::string_view verdict_name(Verdict v);

struct Counterexample {
    size_t database = 0;  // which of the N databases it was shrunk from
    SynthDatabase data;   // only the tables the queries name, after shrinking
    ResultSet expected, generated;
    std::string explanation;  // the comparison's, on this database
};

struct SynthOutcome {
    Verdict verdict = Verdict::Undecided;
    std::string reason;
    bool timed_out = false;  // Error: the generated query ran out of time
    // Different only on edge-case databases (NULLs, duplicates, ties, empty tables): the queries are
    // not equivalent, but data like the real one may not tell them apart.
    bool edge_cases_only = false;
    DataKind kind = DataKind::Plain;  // Different: the kind of the database that separated them
    // Undecided: "expected_fails", "both_empty" or "expected_constant" (a key value in one
    // query where the other names the row by a value: only the real data tells).
    std::string undecided_cause;
    size_t databases_run = 0;
    size_t nonempty_results = 0;  // databases where either result had rows
    // Databases where the generated result differs from the expected one only as another cut of the
    // expected query's own ORDER BY .. LIMIT through rows that tie on its keys (each one a right answer).
    size_t tied_cuts = 0;
    // The first database where numbers agree only within the tolerance, and which ("" when every database
    // agrees exactly); said of an Equal verdict, not weighed: on BIRD's labels such pairs are mostly right.
    std::string rounding;
    std::optional<Counterexample> counterexample;
};

// Whether a counterexample separates the queries only by a LIMIT (or KQL take) one of them has and the
// other has not: the limited result's rows are all among the other's, which has more. Real data may hold no
// more rows that pass the filters than the LIMIT keeps (five Demi-God heroes under LIMIT 5): `limit_cut`.
bool cut_by_one_limit(const Counterexample& c, const ParseResult& expected, const ParseResult& generated);

// Runs both SQL queries on synthesized databases for `schema`. `ordered`/`order_keys` as for
// compare_results (the expected query's ORDER BY).
SynthOutcome compare_on_synthesized(const Schema& schema, const std::string& expected_sql, const ParseResult& expected,
                                    const std::string& generated_sql, const ParseResult& generated, bool ordered,
                                    const std::vector<size_t>& order_keys, const SynthOptions& options);

// The query with its engine's NULL order stated on each ORDER BY key that leaves it unsaid, where that
// engine's differs from SQLite's (PostgreSQL's `ORDER BY age` is `ORDER BY age NULLS LAST` there);
// nothing when the text needs no change. `parsed` is `sql` parsed (its dialect names the engine).
std::optional<std::string> with_stated_null_order(const std::string& sql, const ParseResult& parsed);
// The query with each LIKE against a string literal spelled as the case-sensitive GLOB that matches the
// same texts, when its engine's LIKE is case-sensitive (PostgreSQL, DuckDB, Snowflake, BigQuery) and
// SQLite's is not; nothing when the text needs no change.
std::optional<std::string> with_case_sensitive_like(const std::string& sql, const ParseResult& parsed);

// Builds `data` in a fresh in-memory SQLite database, locks it down and runs each query on it.
std::vector<ExecResult> run_on(const SynthDatabase& data, const std::vector<std::string>& queries,
                               const ExecLimits& limits);

// Text for people: each table's rows, then both results.
std::string format_counterexample(const Counterexample& c);
// The same as JSON text: {"database", "tables": [{"name", "columns", "rows"}], "expected", "generated", "explanation"}.
std::string counterexample_json(const Counterexample& c);

}  // namespace qdiff::results::synth
