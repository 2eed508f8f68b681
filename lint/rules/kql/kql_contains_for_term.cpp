// kql-contains-for-term: `contains "term"` where the literal is one whole term (letters and digits,
// at least 3 of them, the length Kusto indexes): `has` finds it through the term index instead of
// scanning every value. `has` matches whole terms only, hence a warning with a fix-it, not an error.
#include <cctype>

#include "lint/kql/analysis.hpp"
#include "lint/rule.hpp"

namespace qdiff::linting::rules {
namespace {

bool whole_term(std::string_view s) {
    if (s.size() < 3) return false;
    for (char c : s)
        if (!std::isalnum(static_cast<unsigned char>(c))) return false;
    return true;
}

}  // namespace

void kql_contains_for_term(LintContext& ctx) {
    kql::for_each_node(ctx.script, [&](const ast::Node& n) {
        auto* bin = ast::dyn_cast<ast::Binary>(&n);
        if (!bin || (bin->op != ast::BinaryOp::Contains && bin->op != ast::BinaryOp::ContainsCs)) return;
        auto* lit = ast::dyn_cast<ast::Literal>(bin->rhs);
        if (!lit || lit->type != ast::LiteralType::String || !whole_term(lit->text) || !bin->lhs) return;
        // The operator as written, between the operands (contains, contains_cs, containscs, !contains...).
        std::string_view text = ctx.source().text();
        std::string_view between = text.substr(bin->lhs->span.end, lit->span.begin - bin->lhs->span.end);
        size_t at = between.find("contains");
        if (at == std::string_view::npos) return;
        size_t end = at + 8;
        while (end < between.size() && (std::isalnum(static_cast<unsigned char>(between[end])) || between[end] == '_'))
            ++end;
        std::string_view written = between.substr(at, end - at);
        std::string replacement = bin->op == ast::BinaryOp::ContainsCs ? "has_cs" : "has";
        Span op{bin->lhs->span.end + uint32_t(at), bin->lhs->span.end + uint32_t(end)};
        Diagnostic d = make_diagnostic(DiagId::KqlContainsForTerm, op, {written, lit->text, replacement});
        d.fixits.push_back({op, replacement});
        ctx.report(std::move(d));
    });
}

}  // namespace qdiff::linting::rules
