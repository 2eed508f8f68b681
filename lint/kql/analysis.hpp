// KQL name resolution for the linter: the columns that flow through each pipeline (project, extend,
// summarize, join, union, mv-expand, parse, project-away/-rename/-keep, let-bound tabular
// expressions...), every table and column reference with what it resolved to. Works on the unified
// AST: parsers/kql folds a pipeline into Query blocks whose parts run in a fixed order (sources,
// joins, search, filter, aggregation, having, projection, distinct, union, order, limit, options), so
// walking one block's parts in that order replays the operators.
#pragma once
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "qdiff/lint.hpp"

namespace qdiff::linting::kql {

// A column flowing out of an operator.
struct FlowColumn {
    std::string name;
    ColumnType type = ColumnType::Unknown;
    const Table* origin = nullptr;  // the schema table it was read from, while it keeps its values
};

// A column removed by an operator: a later reference to it is reported with that operator.
struct DroppedColumn {
    std::string name;
    std::string by;  // the operator's name as written ("project", "summarize", "project-away"...)
    Span at;         // the operator
};

struct Columns {
    std::vector<FlowColumn> list;
    std::vector<DroppedColumn> dropped;
    bool open = false;  // some columns are unknown (no schema, a plugin, an unanalysed operator)

    const FlowColumn* find(std::string_view name) const;  // case-sensitive, as Kusto
    void add(FlowColumn c);                               // replaces a column of the same name
    void remove(std::string_view name, const std::string& by, Span at);
};

enum class Clause : uint8_t { Filter, JoinCondition, GroupBy, Other };

enum class Resolved : uint8_t {
    Column,     // a column of the operator's input
    Scalar,     // a let-bound scalar or a function parameter
    Unchecked,  // the input's columns are not all known
    Unknown,
    Dropped,  // removed by an earlier operator of the pipeline
};

struct ColumnUse {
    std::string_view name;
    Span span;  // the reference (just the name for join `on` names)
    Clause clause = Clause::Other;
    Resolved status = Resolved::Unchecked;
    FlowColumn column;                       // Column: what it resolved to
    std::string suggestion;                  // Unknown: the nearest column in scope
    const DroppedColumn* dropped = nullptr;  // Dropped: the operator that removed it (owned by Analysis)
};

struct TableUse {
    const ast::TableRef* ref = nullptr;
    const Table* table = nullptr;  // the schema table, when it is one
    bool unknown = false;          // not in the schema and not a let-bound name
    std::string suggestion;
};

struct Analysis {
    std::vector<TableUse> tables;
    std::vector<ColumnUse> columns;
    std::vector<const ast::Query*> blocks;          // every pipeline block, outer blocks first
    std::vector<const ast::Query*> results;         // the last block of each top-level query statement
    std::vector<const Table*> time_filtered;        // tables whose datetime columns some filter reads
    std::vector<const ast::Node*> all_table_scans;  // `search *`, `union *`, `find` without `in`
    std::unordered_map<const ast::ColumnRef*, size_t> column_index;
    std::vector<std::unique_ptr<DroppedColumn>> dropped_storage;

    const ColumnUse* use(const ast::ColumnRef& ref) const;
    // A resolved column's type, a literal's type, else Unknown.
    ColumnType type_of(const ast::Expr* e) const;
};

Analysis analyze(const ast::Script& script, const SourceText& source, const LintOptions& options);

// Calls f on every node under `n` (nested pipelines included), parents first.
template <class F>
void for_each_node(const ast::Node& n, F&& f) {
    f(n);
    ast::for_each_child(n, [&](const ast::Node& child) { for_each_node(child, f); });
}

// The coarse type of a Kusto type name (datatable columns, `parse` captures): string, long, int,
// real, double, decimal, bool, datetime, timespan, guid, dynamic.
ColumnType kusto_type(std::string_view name);

}  // namespace qdiff::linting::kql
