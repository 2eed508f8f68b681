// kql-no-time-filter: a time-partitioned table (one with a datetime column a query should bound,
// Timestamp/TimeGenerated) read without any filter on one of its datetime columns: Kusto then scans
// the table's whole retention.
#include <algorithm>
#include <set>

#include "lint/kql/analysis.hpp"
#include "lint/rule.hpp"
#include "lint/sql/analysis.hpp"

namespace qdiff::linting::rules {

void kql_no_time_filter(LintContext& ctx) {
    std::set<const Table*> reported;
    for (const kql::TableUse& u : ctx.kql->tables) {
        if (!u.table || !u.table->time_partitioned) continue;
        const auto& filtered = ctx.kql->time_filtered;
        if (std::find(filtered.begin(), filtered.end(), u.table) != filtered.end()) continue;
        if (!reported.insert(u.table).second) continue;
        std::string time_column = "its datetime column";
        for (const Column& c : u.table->columns)
            if (c.type == ColumnType::DateTime) {
                time_column = c.name;
                break;
            }
        Span at = sql::name_span(ctx.source(), u.ref->span, u.ref->name.back().text);
        ctx.report(make_diagnostic(DiagId::KqlNoTimeFilter, at, {u.table->name, time_column}));
    }
}

}  // namespace qdiff::linting::rules
