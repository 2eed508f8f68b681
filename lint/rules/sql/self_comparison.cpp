// self-comparison: a column compared with itself (`T1.id = T1.id`), typically a join condition
// written with the wrong alias: always true (or never, for <>) apart from NULLs.
#include "ast/semantics/operators.hpp"
#include "lint/rule.hpp"
#include "lint/sql/analysis.hpp"
#include "support/strings.hpp"

namespace qdiff::linting::rules {

void self_comparison(LintContext& ctx) {
    for (const sql::Block& b : ctx.sql->blocks) {
        auto visit = [&](const ast::Node& n) {
            auto* bin = ast::dyn_cast<ast::Binary>(&n);
            if (!bin || !semantics::is_plain_comparison(bin->op)) return;
            auto* l = ast::dyn_cast<ast::ColumnRef>(bin->lhs);
            auto* r = ast::dyn_cast<ast::ColumnRef>(bin->rhs);
            if (!l || !r) return;
            const sql::ColumnResolution* lr = ctx.sql->resolution(*l);
            const sql::ColumnResolution* rr = ctx.sql->resolution(*r);
            if (lr && rr && lr->source && lr->source == rr->source &&
                support::iequals(l->path.back().text, r->path.back().text))
                ctx.report(make_diagnostic(DiagId::LintSelfComparison, bin->span, {ctx.source().slice(l->span)}));
        };
        sql::for_each_condition_node(*b.query, visit);
    }
}

}  // namespace qdiff::linting::rules
