// unused-cte: a WITH item no FROM clause refers to.
#include "lint/rule.hpp"
#include "lint/sql/analysis.hpp"
#include "support/strings.hpp"

namespace qdiff::linting::rules {

void unused_cte(LintContext& ctx) {
    for (const sql::Block& b : ctx.sql->blocks)
        for (const ast::Cte* cte : b.query->ctes) {
            bool used = false;
            for (std::string_view name : ctx.sql->used_ctes) used = used || support::iequals(name, cte->name.text);
            if (!used) ctx.report(make_diagnostic(DiagId::LintUnusedCte, cte->span, {cte->name.text}));
        }
}

}  // namespace qdiff::linting::rules
