// Both queries on N synthesized databases, and the verdict (README.md, "Verdicts").
//
// - equal: the results agree on every database (compare_results in F1 mode scores 1: every expected
//   row found, no extra row, order kept when the expected query orders; and the same number of
//   columns wherever there are rows), and the data reached the expected result (it has rows on some
//   database and is not the same on all of them);
// - different: some database separates them; the first one found is shrunk (shrink.cpp) into the
//   counterexample;
// - undecided: the expected query fails on synthesized data (it may use what SQLite lacks, or the
//   schema does not match it), both results are empty everywhere, or the expected result never
//   changes with the data: agreement then proves nothing;
// - error: the generated query fails while the expected one runs.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <functional>

#include "stages/results/normalize_value.hpp"
#include "stages/results/synth/shrink.hpp"
#include "stages/results/synth/synth.hpp"
#include "qdiff/ast.hpp"
#include "support/strings.hpp"

namespace qdiff::results::synth {
namespace {

bool same_rows(const ResultSet& a, const ResultSet& b) {
    if (a.columns.size() != b.columns.size() || a.rows.size() != b.rows.size()) return false;
    for (size_t i = 0; i < a.rows.size(); ++i)
        for (size_t j = 0; j < a.rows[i].size(); ++j)
            if (!(a.rows[i][j] == b.rows[i][j])) return false;
    return true;
}

// Whether a plain counterexample separates the queries only through the order SQLite happens to
// scan tied rows in: with every table's rows stored in reverse order, the two queries agree, or the
// expected result changes and both have as many rows. Real data, with fewer ties, may not show such a
// difference (the ties kind).
bool depends_on_row_order(const Counterexample& c, const std::string& expected_sql, const std::string& generated_sql,
                          const Judging& judging, const SynthOptions& options) {
    SynthDatabase reversed = c.data;
    bool moved = false;
    for (SynthTable& t : reversed.tables) {
        moved |= t.rows.size() > 1;
        std::reverse(t.rows.begin(), t.rows.end());
    }
    if (!moved) return false;
    auto results = run_on(reversed, {expected_sql, generated_sql}, options.limits);
    if (results[0].status != ExecStatus::Ok || results[1].status != ExecStatus::Ok) return false;
    // (A changed expected result is a tie when both results have as many rows: LIMIT 3 without ORDER BY
    // keeps other rows, and still three against the other query's four.)
    if (!separates(results[0].result, results[1].result, judging)) return true;
    return separates(c.expected, results[0].result, judging).has_value() &&
           results[0].result.rows.size() == results[1].result.rows.size();
}

// Whether a column is named as an identifier (id, alignment_id, CustomerID) and is a key or a
// reference somewhere in the schema, or is not in it under that name at all (a join's alias).
bool key_like(const Schema& schema, const std::string& column) {
    if (!support::to_lower(column).ends_with("id")) return false;
    bool known = false;
    for (const Table& t : schema.tables) {
        for (const Column& c : t.columns)
            if (support::iequals(c.name, column)) {
                known = true;
                if (c.primary_key) return true;
            }
        for (const ForeignKey& fk : t.foreign_keys) {
            for (const std::string& c : fk.columns)
                if (support::iequals(c, column)) return true;
            for (const std::string& c : fk.referenced_columns)
                if (support::iequals(c, column)) return true;
        }
    }
    return !known || support::to_lower(column).ends_with("_id") || support::iequals(column, "id");
}

// A key value one query writes (`alignment_id = 3`) where the other names the row by a text
// (`alignment = 'Neutral'`): whether key 3 is 'Neutral' is a fact of the real data, which
// synthesized data can only guess. Returns the column and value, or "".
std::string key_literal_for_a_name(const Schema& schema, const ParseResult& expected, const ParseResult& generated) {
    LiteralHints e, g;
    collect_hints(expected, e);
    collect_hints(generated, g);
    auto names_by_text = [](const LiteralHints& h) {
        for (const auto& [column, values] : h.literals)
            for (const Value& v : values)
                if (std::holds_alternative<std::string>(v)) return true;
        return false;
    };
    for (auto [one, other] : {std::pair{&g, &e}, {&e, &g}}) {
        if (!names_by_text(*other)) continue;
        for (const auto& [column, values] : one->literals) {
            if (!key_like(schema, column)) continue;
            // The other query compares the column with no literal at all (it names the row otherwise).
            if (other->find_literals(column)) continue;
            for (const Value& v : values)
                if (const auto* i = std::get_if<int64_t>(&v); i && *i > 0)
                    return column + " = " + std::to_string(*i);
        }
    }
    return "";
}

// The statement a query's result comes from (the last one).
const ast::Query* top_query(const ParseResult& parsed) {
    if (!parsed.ok() || parsed.script()->statements.empty()) return nullptr;
    return ast::dyn_cast<ast::Query>(parsed.script()->statements.back());
}

// Where `sql` says LIMIT for `q`: the keyword before the limit's expression (npos when the text is not
// the one parsed, or the LIMIT is spelled otherwise: TOP, FETCH FIRST).
size_t limit_keyword(const std::string& sql, const ast::Query& q) {
    if (!q.limit || q.limit->span.begin > sql.size()) return std::string::npos;
    std::string before = support::to_lower(sql.substr(0, q.limit->span.begin));
    size_t at = before.rfind("limit");
    if (at == std::string::npos || (q.offset && q.offset->span.begin < q.limit->span.begin && q.offset->span.begin < at))
        return std::string::npos;
    if (!q.order_by.empty() && q.order_by.back()->span.end > at) return std::string::npos;
    return at;
}

// The query with its ORDER BY made total by every result column, ascending or descending: where
// rows tie on the query's own keys at the LIMIT's cut, the two pick different rows.
std::string with_tie_breaker(const std::string& sql, size_t limit_at, size_t columns, bool descending) {
    std::string keys;
    for (size_t i = 1; i <= std::min<size_t>(columns, 6); ++i)
        keys += ", " + std::to_string(i) + (descending ? " DESC" : " ASC");
    return sql.substr(0, limit_at) + keys.substr(0) + " " + sql.substr(limit_at);
}

bool row_in(const std::vector<Value>& row, const ResultSet& set) {
    return std::any_of(set.rows.begin(), set.rows.end(), [&](const std::vector<Value>& other) { return other == row; });
}

// Whether a plain counterexample separates the queries through rows that tie on an ORDER BY .. LIMIT's
// keys at the cut (ORDER BY count(*) DESC LIMIT 1 against every row with the maximum count, or
// against the same with another GROUP BY, when two counts tie): some query's result changes with a
// tie-breaker (every result column, ascending or descending), and with the same tie-breaker in both
// the queries agree; or only one query has the LIMIT, and its rows are all among the other's. Real
// data, with fewer ties, may not show it: the ties kind.
bool ties_at_limit_cut(const Counterexample& c, const std::string& expected_sql, const ParseResult& expected,
                       const std::string& generated_sql, const ParseResult& generated, const Judging& judging,
                       const SynthOptions& options) {
    const ast::Query* qe = top_query(expected);
    const ast::Query* qg = top_query(generated);
    auto cut = [](const ast::Query* q, const std::string& sql) {
        return q && q->limit && !q->order_by.empty() ? limit_keyword(sql, *q) : std::string::npos;
    };
    const size_t at_e = cut(qe, expected_sql), at_g = cut(qg, generated_sql);
    if (at_e == std::string::npos && at_g == std::string::npos) return false;
    const size_t columns = std::max<size_t>(1, std::max(c.expected.columns.size(), c.generated.columns.size()));
    auto variant = [&](const std::string& sql, size_t at, bool descending) {
        return at == std::string::npos ? sql : with_tie_breaker(sql, at, columns, descending);
    };
    auto results = run_on(c.data,
                          {variant(expected_sql, at_e, false), variant(expected_sql, at_e, true),
                           variant(generated_sql, at_g, false), variant(generated_sql, at_g, true)},
                          options.limits);
    for (const ExecResult& r : results)
        if (r.status != ExecStatus::Ok) return false;
    Judging as_sets = judging;
    as_sets.ordered = false;
    bool tie_e = separates(results[0].result, results[1].result, as_sets).has_value();
    bool tie_g = separates(results[2].result, results[3].result, as_sets).has_value();
    if (!tie_e && !tie_g) return false;  // no tie at the cut
    if (!separates(results[0].result, results[2].result, judging) || !separates(results[1].result, results[3].result, judging))
        return true;
    // One LIMIT against every tied row: the limited rows are among the other's.
    if ((at_e == std::string::npos) != (at_g == std::string::npos)) {
        const ResultSet& own = at_e != std::string::npos ? c.expected : c.generated;
        const ResultSet& other = at_e != std::string::npos ? c.generated : c.expected;
        return !own.rows.empty() &&
               std::all_of(own.rows.begin(), own.rows.end(), [&](const auto& row) { return row_in(row, other); });
    }
    return false;
}

// A value as SQL text, for a query compared with it (nullopt for a value that cannot be spelled: NaN).
std::optional<std::string> sql_literal(const Value& v) {
    if (std::holds_alternative<Null>(v)) return "NULL";
    if (const auto* i = std::get_if<int64_t>(&v)) return std::to_string(*i);
    if (const auto* d = std::get_if<double>(&v)) {
        if (!std::isfinite(*d)) return std::nullopt;
        char text[40];
        std::snprintf(text, sizeof text, "%.17g", *d);
        return std::string(text);
    }
    std::string out = "'";
    for (char ch : std::get<std::string>(v)) out += ch == '\'' ? std::string("''") : std::string(1, ch);
    return out + "'";
}

// The expected query with its ORDER BY extended by a preference for the rows of `wanted` (the first of them
// first, then the next, ...), compared by its own select list's expressions: among rows that tie on the
// query's own keys, those of `wanted` come first. Nullopt where the query cannot be spelled so: no ORDER BY
// .. LIMIT at its top, a set operation (its ORDER BY names result columns only), `*` in its select list,
// select expressions the text does not hold, or a result of another width or too many rows.
std::optional<std::string> preferring_rows(const std::string& sql, const ast::Query& q, const ResultSet& wanted,
                                           double tolerance) {
    const size_t at = q.limit && !q.order_by.empty() ? limit_keyword(sql, q) : std::string::npos;
    if (at == std::string::npos || !q.set_ops.empty() || q.projection.empty() ||
        q.projection.size() != wanted.columns.size() || wanted.rows.empty() || wanted.rows.size() > 50)
        return std::nullopt;
    std::vector<std::string> items;
    for (const ast::SelectItem* item : q.projection) {
        if (!item || !item->expr || ast::dyn_cast<ast::Star>(item->expr)) return std::nullopt;
        const Span span = item->expr->span;
        if (span.begin >= span.end || span.end > sql.size()) return std::nullopt;
        items.push_back("(" + sql.substr(span.begin, span.size()) + ")");
    }
    std::string preference = "CASE";
    for (size_t r = 0; r < wanted.rows.size(); ++r) {
        std::string same;
        for (size_t i = 0; i < items.size(); ++i) {
            auto literal = sql_literal(wanted.rows[r][i]);
            if (!literal) return std::nullopt;
            std::string term = items[i] + " IS " + *literal;
            // A real computed another way (a sum over a subquery) may differ in its last digits.
            if (const auto* d = std::get_if<double>(&wanted.rows[r][i])) {
                char bound[40];
                std::snprintf(bound, sizeof bound, "%.17g", tolerance * std::max(1.0, std::fabs(*d)));
                term = "(" + term + " OR abs(" + items[i] + " - " + *literal + ") <= " + bound + ")";
            }
            same += (i ? " AND " : "") + term;
        }
        preference += " WHEN " + same + " THEN " + std::to_string(r);
    }
    preference += " ELSE " + std::to_string(wanted.rows.size()) + " END";
    return sql.substr(0, at) + ", " + preference + " " + sql.substr(at);
}

// Whether `other` is a result the query `sql` itself may return on `data`: the query has an ORDER BY ..
// LIMIT at its top, and with its ORDER BY preferring the rows of `other` among the rows that tie on its own
// keys, it returns `other`.
bool another_cut_of(const SynthDatabase& data, const std::string& sql, const ParseResult& parsed,
                    const ResultSet& other, const Judging& judging, const SynthOptions& options) {
    const ast::Query* q = top_query(parsed);
    if (!q) return false;
    auto preferring = preferring_rows(sql, *q, other, judging.tolerance);
    if (!preferring) return false;
    auto results = run_on(data, {*preferring}, options.limits);
    return results[0].status == ExecStatus::Ok && !separates(results[0].result, other, judging);
}

// Scalar subqueries (`x = (SELECT y FROM t WHERE ...)`) of either query that return more than one row
// on the counterexample's data (SQLite takes the first): real data, where the subquery names one
// row, may not. Correlated ones do not run alone and are left out.
bool scalar_subquery_over_rows(const Counterexample& c, const std::string& sql, const ParseResult& parsed,
                               const SynthOptions& options) {
    if (!parsed.ok()) return false;
    std::vector<std::string> counts;
    std::function<void(const ast::Node&)> walk = [&](const ast::Node& n) {
        if (const auto* sub = ast::dyn_cast<ast::SubqueryExpr>(&n); sub && sub->query) {
            Span span = sub->query->span;
            if (span.end <= sql.size() && span.begin < span.end && counts.size() < 4)
                counts.push_back("SELECT COUNT(*) FROM (" + sql.substr(span.begin, span.size()) + ")");
        }
        ast::for_each_child(n, walk);
    };
    walk(*parsed.script());
    if (counts.empty()) return false;
    for (const ExecResult& r : run_on(c.data, counts, options.limits))
        if (r.status == ExecStatus::Ok && !r.result.rows.empty() && !r.result.rows[0].empty())
            if (const auto* n = std::get_if<int64_t>(&r.result.rows[0][0]); n && *n > 1) return true;
    return false;
}

}  // namespace

// The LIMIT that bounds a query's result: its own, or that of the block it only projects or sorts (KQL's
// `take 3 | project a` and `top 3 by x | project a` wrap the limited block in a new one, as does SQL's
// `SELECT a FROM (SELECT .. LIMIT 3)`); null when none does.
const ast::Expr* result_limit(const ast::Query* q) {
    while (q) {
        if (q->limit) return q->limit;
        bool passes_rows_through = q->sources.size() == 1 && q->joins.empty() && !q->filter && q->group_by.empty() &&
                                   q->aggregations.empty() && !q->having && q->distinct == ast::DistinctKind::None &&
                                   q->set_ops.empty() && !q->offset && !q->qualify && q->search.empty();
        if (!passes_rows_through) return nullptr;
        const auto* derived = ast::dyn_cast<ast::DerivedTable>(q->sources.front());
        q = derived ? derived->query : nullptr;
    }
    return nullptr;
}

bool cut_by_one_limit(const Counterexample& c, const ParseResult& expected, const ParseResult& generated) {
    const ast::Expr* expected_limit = result_limit(top_query(expected));
    const ast::Expr* generated_limit = result_limit(top_query(generated));
    if (!top_query(expected) || !top_query(generated) || bool(expected_limit) == bool(generated_limit)) return false;
    const ResultSet& limited = expected_limit ? c.expected : c.generated;
    const ResultSet& other = expected_limit ? c.generated : c.expected;
    return !limited.rows.empty() && other.rows.size() > limited.rows.size() &&
           limited.columns.size() == other.columns.size() &&
           std::all_of(limited.rows.begin(), limited.rows.end(), [&](const auto& row) { return row_in(row, other); });
}

// Only the tables the queries name, for the counterexample (all of them when no name matches).
SynthDatabase involved_tables(const SynthDatabase& db, const LiteralHints& hints) {
    SynthDatabase out;
    for (const SynthTable& t : db.tables)
        for (const std::string& name : hints.tables)
            if (support::iequals(t.name, name)) {
                out.tables.push_back(t);
                break;
            }
    return out.tables.empty() ? db : out;
}

std::string_view verdict_name(Verdict v) {
    switch (v) {
        case Verdict::Equal: return "equal";
        case Verdict::Different: return "different";
        case Verdict::Undecided: return "undecided";
        case Verdict::Error: return "error";
    }
    return "?";
}

Judging judging_for(bool ordered, const std::vector<size_t>& order_keys, const SynthOptions& options) {
    return {ordered, order_keys, options.tolerance, options.as_sets, options.positional_columns};
}

std::optional<std::string> separates(const ResultSet& expected, const ResultSet& generated, const Judging& judging) {
    Comparison cmp = compare_results(expected, generated, judging.ordered, judging.as_sets ? MatchMode::Set : MatchMode::F1,
                                     judging.tolerance, judging.order_keys, judging.positional);
    bool rows = !expected.rows.empty() || !generated.rows.empty();
    if (cmp.score >= 1 - 1e-12 && !(rows && expected.columns.size() != generated.columns.size())) return std::nullopt;
    if (cmp.score >= 1 - 1e-12)
        return "the generated result has " + std::to_string(generated.columns.size()) + " columns, the expected " +
               std::to_string(expected.columns.size());
    return cmp.explanation;
}

namespace {

// Results the judging calls equal that differ in a number's last digits (x * 100 / n against
// x / n * 100, a sum in another row order): "" when they are equal exactly too, else which numbers
// differ (the first pair at one position that agrees within the tolerance; else the exact comparison's
// own account, as for rows a set comparison matched in another order).
std::string rounding_difference(const ResultSet& expected, const ResultSet& generated, const Judging& judging) {
    Judging exact = judging;
    exact.tolerance = 0;
    std::optional<std::string> why = separates(expected, generated, exact);
    if (!why) return "";
    std::string numbers;
    if (expected.rows.size() == generated.rows.size())
        for (size_t row = 0; row < expected.rows.size() && numbers.empty(); ++row)
            for (size_t col = 0; col < expected.rows[row].size() && col < generated.rows[row].size(); ++col) {
                // (read as the comparison reads them: normalize_value, values_equal)
                const NormalValue e = normalize_value(expected.rows[row][col]);
                const NormalValue g = normalize_value(generated.rows[row][col]);
                if (e.kind != NormalValue::Kind::Number || g.kind != NormalValue::Kind::Number ||
                    e.number == g.number || !values_equal(e, g, judging.tolerance))
                    continue;
                char pair[96];
                std::snprintf(pair, sizeof pair, "expected %.17g, generated %.17g", e.number, g.number);
                numbers = std::string(pair) + " (row " + std::to_string(row + 1) + ", column " +
                          std::to_string(col + 1) + ")";
                break;
            }
    char tolerance[32];
    std::snprintf(tolerance, sizeof tolerance, "%g", judging.tolerance);
    return std::string("numbers agree within the tolerance ") + tolerance + " but not exactly: " +
           (numbers.empty() ? *why : numbers) +
           " (the same numbers computed in another order round differently; a comparison without tolerance, "
           "such as BIRD's evaluation script makes, counts that as a difference)";
}

}  // namespace

SynthOutcome compare_on_synthesized(const Schema& declared, const std::string& expected_sql,
                                    const ParseResult& expected, const std::string& generated_sql,
                                    const ParseResult& generated, bool ordered, const std::vector<size_t>& order_keys,
                                    const SynthOptions& options) {
    const auto start = std::chrono::steady_clock::now();
    const Schema schema = with_implied_keys(declared);
    SynthOutcome out;
    LiteralHints hints;
    collect_hints(expected, hints);
    collect_hints(generated, hints);
    const bool reads_differ = read_signature(expected) != read_signature(generated);
    const std::vector<DataKind> kinds = kinds_for(hints);
    const size_t first_round = kPlainDatabases + kinds.size();
    const size_t at_least = options.databases;
    const size_t at_most = std::max(options.databases, options.max_databases);
    const Judging judging = judging_for(ordered, order_keys, options);
    std::optional<ResultSet> first_expected;
    bool expected_varies = false;
    // Results that `separates` tells apart are still no difference where both queries leave the choice
    // among the same tied rows to the order SQLite scans them in (one query twice, spelled two ways): each
    // result is another cut of the other query's ties, and neither query is more right than the other.
    // Not where only one result is a cut of the other query's ties: a tie-breaker the expected query lacks
    // (`ORDER BY age DESC, name LIMIT 3`) picks one of its cuts on purpose, and real data, which ties too,
    // shows the expected query another (the ties kind, below). Nor on plain data, which is to show what real
    // data shows: rows that tie there make it a difference of the ties kind (below); where every row ties
    // (counts of one row per group, under ORDER BY the count DESC against ASC) any two cuts would pass.
    const bool both_cut = [&] {
        const ast::Query* e = top_query(expected);
        const ast::Query* g = top_query(generated);
        return e && e->limit && !e->order_by.empty() && g && g->limit && !g->order_by.empty();
    }();
    // (another cut keeps as many rows as the other result, or, as sets, has rows where the other has: a
    // cheap test before each query runs again)
    const NoDifference another_cut = [&](const SynthDatabase& data, const ResultSet& expected_result,
                                         const ResultSet& generated_result) {
        const bool rows_fit = judging.as_sets ? !expected_result.rows.empty() && !generated_result.rows.empty()
                                              : expected_result.rows.size() == generated_result.rows.size();
        return both_cut && rows_fit && another_cut_of(data, expected_sql, expected, generated_result, judging, options) &&
               another_cut_of(data, generated_sql, generated, expected_result, judging, options);
    };
    for (size_t i = 0; i < at_most; ++i) {
        if (i >= at_least) {
            // Adaptive effort: past the minimum, go on only while something is left to learn.
            double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            bool untried_kind = i < first_round;
            bool unreached = out.nonempty_results == 0 || !expected_varies;
            if (seconds >= options.max_seconds || !(untried_kind || reads_differ || unreached)) break;
        }
        const DataKind kind = kind_of_database(hints, i);
        SynthDatabase db = generate_database(schema, hints, options.seed, i, kind);
        auto results = run_on(db, {expected_sql, generated_sql}, options.limits);
        ++out.databases_run;
        if (results[0].status != ExecStatus::Ok) {
            out.verdict = Verdict::Undecided;
            out.undecided_cause = "expected_fails";
            out.reason =
                "the expected query fails on synthesized database " + std::to_string(i) + ": " + results[0].error;
            return out;
        }
        if (results[1].status != ExecStatus::Ok) {
            out.verdict = Verdict::Error;
            out.timed_out = results[1].status == ExecStatus::Timeout;
            out.reason =
                "the generated query fails on synthesized database " + std::to_string(i) + ": " + results[1].error;
            return out;
        }
        if (!results[0].result.rows.empty() || !results[1].result.rows.empty()) ++out.nonempty_results;
        if (!first_expected)
            first_expected = results[0].result;
        else if (!same_rows(*first_expected, results[0].result))
            expected_varies = true;
        auto why = separates(results[0].result, results[1].result, judging);
        if (!why && out.rounding.empty() && judging.tolerance > 0) {
            out.rounding = rounding_difference(results[0].result, results[1].result, judging);
            if (!out.rounding.empty()) out.rounding = "on database " + std::to_string(i) + ", " + out.rounding;
        }
        if (why && kind != DataKind::Plain && another_cut(db, results[0].result, results[1].result)) {
            ++out.tied_cuts;
            why.reset();
        }
        if (why) {
            Counterexample c{i, std::move(db), std::move(results[0].result), std::move(results[1].result), *why};
            // Ties are judged on the whole database (shrunk, most differences come down to a tie).
            std::optional<Counterexample> whole;
            if (kind == DataKind::Plain) whole = c;
            shrink(c, schema, expected_sql, generated_sql, judging, options,
                   kind == DataKind::Plain ? NoDifference{} : another_cut);
            DataKind found = kind;
            std::string because;
            // A plain database has fan-out (two rows referring to one), as real data often has but
            // not always: COUNT(x) against COUNT(DISTINCT x) over a join, a join to a table of
            // details. When the shrunk counterexample needs it, plain data without fan-out decides:
            // a difference there is plain; none, where the expected result has rows, makes it a
            // difference of duplicated references (the duplicates kind: edge cases only).
            // (Not where a query filters groups by an aggregate, HAVING SUM(x) < 30000 per customer:
            // groups of several rows under one referenced row are what it reads, on real data too.)
            const bool having_groups = std::any_of(hints.goals.begin(), hints.goals.end(),
                                                   [](const LiteralHints::Goal& g) { return g.group_rows > 0; });
            if (kind == DataKind::Plain && !having_groups && has_fan_out(schema, hints, c.data)) {
                bool reached = false;
                std::optional<Counterexample> plain;
                for (size_t j = 0; j < kPlainDatabases && !plain; ++j) {
                    SynthDatabase flat = generate_database(schema, hints, options.seed, j, DataKind::Plain, false);
                    auto flat_results = run_on(flat, {expected_sql, generated_sql}, options.limits);
                    ++out.databases_run;
                    if (flat_results[0].status != ExecStatus::Ok || flat_results[1].status != ExecStatus::Ok) break;
                    reached |= !flat_results[0].result.rows.empty();
                    if (auto flat_why = separates(flat_results[0].result, flat_results[1].result, judging)) {
                        plain = Counterexample{j, std::move(flat), std::move(flat_results[0].result),
                                               std::move(flat_results[1].result), *flat_why};
                        shrink(*plain, schema, expected_sql, generated_sql, judging, options);
                    }
                }
                if (plain)
                    c = std::move(*plain);
                else if (reached) {
                    found = DataKind::FanOut;
                    because = "plain data separates them only with two rows referring to one; ";
                }
            }
            // A plain difference that shows through ties or duplicates real data seldom has is that
            // kind's, unless a later plain database shows it without them.
            auto scalar_over_rows = [&](const Counterexample& x) {
                return scalar_subquery_over_rows(x, expected_sql, expected, options) ||
                       scalar_subquery_over_rows(x, generated_sql, generated, options);
            };
            const std::string scalar_because =
                "a scalar subquery returns several rows on this data (SQLite takes the first); ";
            auto edge_cause = [&](const Counterexample& x,
                                  const Counterexample& x_whole) -> std::optional<std::pair<DataKind, std::string>> {
                if (scalar_over_rows(x)) return std::pair{DataKind::ScalarSubquery, scalar_because};
                if (depends_on_row_order(x, expected_sql, generated_sql, judging, options))
                    return std::pair{DataKind::Ties, std::string("the results depend on the order of rows that tie "
                                                                 "(ORDER BY .. LIMIT, a LIMIT or a scalar subquery over "
                                                                 "several rows); ")};
                if (ties_at_limit_cut(x_whole, expected_sql, expected, generated_sql, generated, judging, options))
                    return std::pair{DataKind::Ties, std::string("rows tie on the ORDER BY keys at the LIMIT's cut; ")};
                if (cut_by_one_limit(x, expected, generated))
                    return std::pair{DataKind::LimitCut,
                                     std::string("more rows pass the filters than one query's LIMIT keeps, and the "
                                                 "other has no LIMIT; ")};
                return std::nullopt;
            };
            if (found == DataKind::Plain)
                if (auto cause = edge_cause(c, whole && whole->database == c.database ? *whole : c)) {
                    std::optional<Counterexample> plain;
                    for (size_t j = i + 1; j < kPlainDatabases && !plain; ++j) {
                        SynthDatabase other = generate_database(schema, hints, options.seed, j, DataKind::Plain);
                        auto other_results = run_on(other, {expected_sql, generated_sql}, options.limits);
                        ++out.databases_run;
                        if (other_results[0].status != ExecStatus::Ok || other_results[1].status != ExecStatus::Ok) break;
                        if (auto other_why = separates(other_results[0].result, other_results[1].result, judging)) {
                            Counterexample x{j, std::move(other), std::move(other_results[0].result),
                                             std::move(other_results[1].result), *other_why};
                            Counterexample x_whole = x;
                            shrink(x, schema, expected_sql, generated_sql, judging, options);
                            if (!edge_cause(x, x_whole) && !has_fan_out(schema, hints, x.data)) plain = std::move(x);
                        }
                    }
                    if (plain)
                        c = std::move(*plain);
                    else {
                        found = cause->first;
                        because = cause->second;
                    }
                }
            if (found == DataKind::Duplicates && scalar_over_rows(c)) {
                found = DataKind::ScalarSubquery;
                because = scalar_because;
            }
            // Plain data that separates a key value from a name says nothing about the real data, where the
            // key may well be that row's: a difference of its own kind, which the verdict weighs.
            if (found == DataKind::Plain)
                if (std::string key = key_literal_for_a_name(schema, expected, generated); !key.empty()) {
                    found = DataKind::KeyLiteral;
                    because = "one query names a row by its key (" + key +
                              ") where the other names it by a value: whether they are the same row is a fact of the "
                              "real data; ";
                }
            c.data = involved_tables(c.data, hints);
            out.verdict = Verdict::Different;
            out.kind = found;
            out.edge_cases_only = found != DataKind::Plain;
            out.reason = "different on synthesized database " + std::to_string(c.database) + " (" +
                         std::string(kind_name(found)) + (out.edge_cases_only ? ": edge cases only" : "") +
                         ", shrunk to " + support::counted(c.data.row_count(), "row") + "): " + because + c.explanation;
            out.counterexample = std::move(c);
            return out;
        }
    }
    if (out.nonempty_results == 0) {
        out.verdict = Verdict::Undecided;
        out.undecided_cause = "both_empty";
        out.reason = "both results are empty on all " + std::to_string(out.databases_run) +
                     " synthesized databases: nothing was tested";
    } else if (!expected_varies && out.databases_run > 1) {
        out.verdict = Verdict::Undecided;
        out.undecided_cause = "expected_constant";
        out.reason = "the results agree, but the expected result is the same on all " +
                     std::to_string(out.databases_run) + " synthesized databases: the data never reached it";
    } else {
        out.verdict = Verdict::Equal;
        out.reason = "the results agree on all " + std::to_string(out.databases_run) + " synthesized databases";
        if (out.tied_cuts > 0)
            out.reason += " (on " + std::to_string(out.tied_cuts) +
                          " up to rows that tie at both queries' ORDER BY .. LIMIT: each returned another cut of "
                          "the other's ties)";
        if (!out.rounding.empty()) out.reason += "; " + out.rounding;
    }
    return out;
}

}  // namespace qdiff::results::synth
