// kql-default-join-kind: `join` without kind= is innerunique in Kusto: it deduplicates the left side
// on the join key before joining, which silently drops rows for readers who expect SQL's inner join.
#include "lint/kql/analysis.hpp"
#include "lint/rule.hpp"

namespace qdiff::linting::rules {
namespace {

bool is_lookup(const ast::Join& j) {
    for (const ast::Expr* option : j.options)
        if (auto* named = ast::dyn_cast<ast::NamedArg>(option); named && named->name.text == "lookup") return true;
    return false;
}

}  // namespace

void kql_default_join_kind(LintContext& ctx) {
    std::string_view text = ctx.source().text();
    for (const ast::Query* q : ctx.kql->blocks) {
        for (const ast::Join* j : q->joins) {
            if (j->join != ast::JoinKind::InnerUnique || is_lookup(*j) || !j->right) continue;
            // The operator's text up to its right side: `join kind=innerunique (` says it on purpose.
            size_t bar = text.rfind('|', j->right->span.begin);
            size_t from = bar == std::string_view::npos ? 0 : bar;
            std::string_view head = text.substr(from, j->right->span.begin - from);
            if (head.find("kind") != std::string_view::npos) continue;
            size_t at = head.find("join");
            Span op = at == std::string_view::npos ? j->span : Span{uint32_t(from + at), uint32_t(from + at + 4)};
            Diagnostic d = make_diagnostic(DiagId::KqlDefaultJoinKind, op);
            d.fixits.push_back({op, "join kind=inner"});
            ctx.report(std::move(d));
        }
    }
}

}  // namespace qdiff::linting::rules
