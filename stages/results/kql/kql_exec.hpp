// Running a KQL query without a cluster (issue 30): an interpreter of KQL's tabular core over the
// unified AST that the KQL front end lowers to, on in-memory tables. README.md in this directory says
// why it evaluates directly instead of translating to SQLite, which operators and functions are in the
// core, and how each semantic that differs from SQL is kept.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "qdiff/parse.hpp"
#include "stages/results/kql/kql_value.hpp"
#include "stages/results/result_set.hpp"

namespace qdiff::results::kql {

struct KqlColumn {
    std::string name;
    KType type = KType::String;
};

struct KqlTable {
    std::string name;
    std::vector<KqlColumn> columns;
    std::vector<std::vector<KValue>> rows;  // each row has columns.size() values
};

// The tables a query may name (case-sensitive names, as in Kusto).
struct KqlDatabase {
    std::vector<KqlTable> tables;
    const KqlTable* find(std::string_view name) const;
};

// 2024-01-15T12:00:00Z: the instant now() and ago() read unless the caller pins another; both queries
// of a case always see the same one.
constexpr int64_t kDefaultNowTicks = 19737LL * 86400 * 10'000'000 + 12LL * 3600 * 10'000'000;

struct KqlRunOptions {
    int64_t now_ticks = kDefaultNowTicks;
    ExecLimits limits;
};

struct KqlRunResult {
    ExecResult exec;                 // status Ok with the rows, or Error with the reason
    std::vector<std::string> types;  // one KQL type name per result column
    bool unsupported = false;        // the error names a construct outside the core
    std::string construct;           // that construct ("operator mv-apply", "function geo_distance_2points")
};

// Runs the last tabular statement of a parsed KQL query on `db`. The interpreter only reads: nothing a
// query does can reach files, the network or the process; the deadline and the row cap of `limits`
// bound its time and the size of every intermediate table.
KqlRunResult run_kql(const ParseResult& parsed, const KqlDatabase& db, const KqlRunOptions& options);
// Parses `query` as KQL first (a syntax error is an Error with the first diagnostic).
KqlRunResult run_kql(const std::string& query, const KqlDatabase& db, const KqlRunOptions& options);

}  // namespace qdiff::results::kql
