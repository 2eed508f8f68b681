// kql-datetime-group-without-bin: `summarize ... by Timestamp`: a datetime key makes one group per
// distinct instant, almost never the intent; bin(Timestamp, 1h) groups by period.
#include "lint/kql/analysis.hpp"
#include "lint/rule.hpp"

namespace qdiff::linting::rules {

void kql_datetime_group_without_bin(LintContext& ctx) {
    for (const ast::Query* q : ctx.kql->blocks) {
        for (const ast::Expr* key : q->group_by) {
            const ast::Expr* value = key;
            if (auto* named = ast::dyn_cast<ast::NamedArg>(key)) value = named->value;
            auto* ref = ast::dyn_cast<ast::ColumnRef>(value);
            if (!ref || ctx.kql->type_of(ref) != ColumnType::DateTime) continue;
            std::string_view name = ctx.source().slice(ref->span);
            Diagnostic d = make_diagnostic(DiagId::KqlDatetimeGroupWithoutBin, ref->span, {name});
            d.fixits.push_back({ref->span, "bin(" + std::string(name) + ", 1h)"});
            ctx.report(std::move(d));
        }
    }
}

}  // namespace qdiff::linting::rules
