// kql-search-all-tables: `search "x"` without a table, `search *`, `union *` (or any table
// wildcard): the query reads every table of the database.
#include "lint/kql/analysis.hpp"
#include "lint/rule.hpp"

namespace qdiff::linting::rules {

void kql_search_all_tables(LintContext& ctx) {
    for (const ast::Node* scan : ctx.kql->all_table_scans) {
        std::string what = ast::isa<ast::Search>(scan) ? "search without a table"
                                                       : "'" + std::string(ctx.source().slice(scan->span)) + "'";
        ctx.report(make_diagnostic(DiagId::KqlSearchAllTables, scan->span, {what}));
    }
}

}  // namespace qdiff::linting::rules
