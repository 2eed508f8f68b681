// SQL name resolution for the linter: every query block with the relations it can see, every column
// reference with what it resolved to. The rules read these facts instead of resolving names again.
#pragma once
#include <deque>
#include <string>
#include <unordered_map>
#include <vector>

#include "qdiff/lint.hpp"

namespace qdiff::linting::sql {

// A relation visible in a query block: a schema table, a CTE, a derived table, a table function.
struct Source {
    const ast::Relation* relation = nullptr;
    std::string_view name;                  // the alias, else the table name
    const Table* table = nullptr;           // the schema table, when it is one
    std::vector<std::string_view> columns;  // known columns (schema, CTE or derived table output)
    bool columns_known = false;             // false: any column name is accepted
    bool unknown_table = false;             // names a table the schema does not have

    bool has_column(std::string_view column) const;
};

enum class Clause : uint8_t { Select, On, Where, GroupBy, Having, OrderBy, Other };

struct Block {
    const ast::Query* query = nullptr;
    const Block* parent = nullptr;  // the enclosing block, for correlated references
    bool is_subquery = false;       // nested in an expression or a FROM item
    bool is_cte = false;
    bool is_set_branch = false;            // the 2nd.. query of a UNION/INTERSECT/EXCEPT
    std::deque<Source> sources;            // a deque: resolutions point into it while it grows
    std::vector<std::string> coalesced;    // USING / NATURAL join columns (lower case): not ambiguous
    std::vector<std::string_view> output;  // output column names, in order ("" when unnamed)
    bool output_known = true;

    const Source* find_source(std::string_view name) const;
};

enum class Resolved : uint8_t {
    Column,         // a column of a source of this block
    OuterColumn,    // a column of an enclosing block (correlated)
    OutputAlias,    // a select-list alias (ORDER BY, and GROUP BY/HAVING/WHERE where the dialect allows)
    StringLiteral,  // a double-quoted "name" that names no column: a string in SQLite and MySQL
    Unchecked,      // a source's columns are unknown, so any name is accepted
    Unknown,
    Ambiguous,
    UnknownQualifier
};

struct ColumnResolution {
    const ast::ColumnRef* ref = nullptr;
    const Block* block = nullptr;
    Clause clause = Clause::Other;
    Resolved status = Resolved::Unchecked;
    const Source* source = nullptr;         // Column / OuterColumn
    const Column* column = nullptr;         // the schema column, when the source is a schema table
    std::vector<std::string_view> matches;  // Ambiguous: the sources that have the column
    std::string suggestion;                 // Unknown: the nearest column name in scope; UnknownQualifier: the
                                            // table or alias in scope meant
};

struct UnknownTableRef {
    const ast::TableRef* ref = nullptr;
    std::string suggestion;
};

struct Analysis {
    std::deque<Block> blocks;  // every query block (stable addresses), outer blocks first
    std::vector<ColumnResolution> columns;
    std::vector<UnknownTableRef> unknown_tables;
    std::vector<std::string_view> used_ctes;  // names of CTEs referenced in a FROM (lower-case compare)
    std::unordered_map<const ast::ColumnRef*, size_t> column_index;

    const ColumnResolution* resolution(const ast::ColumnRef& ref) const;
    // The coarse type of an expression: a schema column's type, a literal's type, else Unknown.
    ColumnType type_of(const ast::Expr* e) const;
};

Analysis analyze(const ast::Script& script, const SourceText& source, const LintOptions& options);

// Helpers shared by the rules.
bool is_aggregate(const ast::FunctionCall& call);
// An aggregate call anywhere in the expression (nested queries excluded).
bool has_aggregate(const ast::Node* n);
// Aggregates (or HAVING) without GROUP BY: the block yields one row.
bool single_row_aggregate(const ast::Query& q);
std::string_view function_name(const ast::FunctionCall& call);
// The nearest of `candidates` to `name` (diagnostics::closest_name), or else the one candidate that is
// `name` shortened or lengthened by a `_suffix`; "" when none fits. `case_variants`: whether a candidate
// differing from `name` only in case counts (not in SQL, where it would have matched).
std::string nearest_name(std::string_view name, const std::vector<std::string_view>& candidates,
                         bool case_variants = false);
// The span of the last occurrence of `name` inside `within` (a column's name inside `T1.name`), else
// `within`: fix-its replace just the name.
Span name_span(const SourceText& source, Span within, std::string_view name);
// Splits an AND tree into its conjuncts.
void conjuncts(const ast::Expr* e, std::vector<const ast::Expr*>& out);
// Calls f on every node of the expression tree under `n`, not descending into nested queries.
template <class F>
void for_each_in_expr(const ast::Node* n, F&& f) {
    if (n == nullptr) return;
    f(*n);
    ast::for_each_child(*n, [&](const ast::Node& child) {
        if (!ast::isa<ast::Query>(&child)) for_each_in_expr(&child, f);
    });
}

// Calls f on every node of the block's conditions: WHERE, HAVING and the ON of its joins.
template <class F>
void for_each_condition_node(const ast::Query& q, F&& f) {
    for_each_in_expr(q.filter, f);
    for_each_in_expr(q.having, f);
    for (const ast::Join* j : q.joins) for_each_in_expr(j->condition, f);
}

}  // namespace qdiff::linting::sql
