// write-in-read-query: INSERT, UPDATE, DELETE, DDL, or a command that writes (ALTER, TRUNCATE, GRANT,
// MERGE...), at the top level or as a data-modifying CTE. Generated queries are expected to read.
#include "lint/rule.hpp"
#include "lint/sql/analysis.hpp"

namespace qdiff::linting::rules {
namespace {

std::string_view write_verb(const ast::Statement& s) {
    switch (s.kind) {
        case ast::Kind::Insert: return "INSERT";
        case ast::Kind::Update: return "UPDATE";
        case ast::Kind::Delete: return "DELETE";
        case ast::Kind::CreateTable: return "CREATE TABLE";
        case ast::Kind::CreateView: return "CREATE VIEW";
        case ast::Kind::CreateIndex: return "CREATE INDEX";
        case ast::Kind::Drop: return "DROP";
        case ast::Kind::Command: {
            auto& c = ast::cast<ast::Command>(s);
            if (c.body) return write_verb(*c.body);
            return c.writes ? c.verb : std::string_view();
        }
        default: return {};
    }
}

}  // namespace

void write_statement(LintContext& ctx) {
    for (const ast::Statement* s : ctx.script.statements) {
        std::string_view verb = write_verb(*s);
        if (!verb.empty()) ctx.report(make_diagnostic(DiagId::LintWriteInReadQuery, s->span, {verb}));
    }
    for (const sql::Block& b : ctx.sql->blocks)
        for (const ast::Cte* cte : b.query->ctes)
            if (cte->statement && !write_verb(*cte->statement).empty())
                ctx.report(
                    make_diagnostic(DiagId::LintWriteInReadQuery, cte->statement->span, {write_verb(*cte->statement)}));
}

}  // namespace qdiff::linting::rules
