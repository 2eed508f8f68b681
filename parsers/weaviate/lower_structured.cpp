// Lowering of the structured query JSON (the Weaviate AST-evaluation shape) to the unified AST.
#include <fmt/format.h>

#include "ast/semantics/operators.hpp"
#include "lower_support.hpp"

namespace qdiff::weaviate::lowering {

bool weaviate_operator(std::string_view op, ast::BinaryOp& out) {
    // The structured query JSON may also write an operator as SQL does.
    static constexpr std::pair<std::string_view, ast::BinaryOp> symbols[] = {
        {"=", ast::BinaryOp::Eq},      {"!=", ast::BinaryOp::NotEq}, {">", ast::BinaryOp::Gt},
        {">=", ast::BinaryOp::GtEq},   {"<", ast::BinaryOp::Lt},     {"<=", ast::BinaryOp::LtEq},
        {"LIKE", ast::BinaryOp::Like},
    };
    for (const auto& [symbol, binary] : symbols)
        if (symbol == op) {
            out = binary;
            return true;
        }
    for (const semantics::BinaryOperator& o : semantics::binary_operators())
        if (!o.weaviate_spelling.empty() && o.weaviate_spelling == op) {
            out = o.op;
            return true;
        }
    return false;
}

namespace {

/// Structured metric names spelled as the GraphQL Aggregate fields, so both shapes compare.
std::string_view graphql_metric(std::string_view m) {
    struct Entry {
        std::string_view structured, graphql;
    };
    static constexpr Entry table[] = {
        {"COUNT", "count"},
        {"TYPE", "type"},
        {"MIN", "minimum"},
        {"MAX", "maximum"},
        {"MEAN", "mean"},
        {"MEDIAN", "median"},
        {"MODE", "mode"},
        {"SUM", "sum"},
        {"TOP_OCCURRENCES", "topOccurrences"},
        {"TOTAL_TRUE", "totalTrue"},
        {"TOTAL_FALSE", "totalFalse"},
        {"PERCENTAGE_TRUE", "percentageTrue"},
        {"PERCENTAGE_FALSE", "percentageFalse"},
    };
    for (const auto& e : table) {
        if (e.structured == m) return e.graphql;
    }
    return m;
}

}  // namespace

ast::Script* lower_structured(const StructuredQuery& sq, Builder& b) {
    auto* q = b.make<ast::Query>(sq.span);
    auto* t = b.make<ast::TableRef>(sq.collection_span);
    t->name = b.list(std::vector<ast::Name>{b.name(sq.collection)});
    q->sources = b.list(std::vector<ast::Relation*>{t});

    if (sq.search_query) {
        // The evaluation executes search_query as a hybrid search.
        auto* s = b.make<ast::Search>(sq.search_span);
        s->search = ast::SearchKind::Hybrid;
        s->query = b.literal(ast::LiteralType::String, *sq.search_query, sq.search_span);
        q->search = b.list(std::vector<ast::Search*>{s});
    }

    std::vector<ast::Expr*> filters;
    for (const auto& f : sq.filters) {
        auto* bin = b.make<ast::Binary>(f.span);
        if (!weaviate_operator(f.op, bin->op)) continue;  // validated by read_structured_query
        bin->lhs = b.column({f.property}, f.property_span);
        switch (f.type) {
            case PropertyType::integer: {
                const std::string text = f.value.kind == JsonKind::integer ? std::to_string(f.value.integer)
                                                                           : fmt::format("{}", f.value.number);
                bin->rhs =
                    b.literal(f.value.kind == JsonKind::integer ? ast::LiteralType::Integer : ast::LiteralType::Decimal,
                              text, f.value.span);
                break;
            }
            case PropertyType::text:
                bin->rhs = b.literal(ast::LiteralType::String, f.value.string, f.value.span);
                break;
            case PropertyType::boolean:
                bin->rhs = b.literal(ast::LiteralType::Boolean, f.value.boolean ? "true" : "false", f.value.span);
                break;
        }
        filters.push_back(bin);
    }
    if (!filters.empty()) q->filter = b.chain(ast::BinaryOp::And, filters, sq.span);

    std::vector<ast::SelectItem*> aggs;
    for (const auto& a : sq.aggregations) {
        std::vector<ast::Expr*> args{b.column({a.property}, a.property_span)};
        if (a.top_occurrences_limit) {
            args.push_back(
                b.named("limit", b.literal(ast::LiteralType::Integer, std::to_string(*a.top_occurrences_limit), a.span),
                        a.span));
        }
        auto* si = b.make<ast::SelectItem>(a.span);
        si->expr = b.call({graphql_metric(a.metric)}, args, a.span);
        // The slot the query used (integer/text/boolean aggregation): the published metric compares
        // slot by slot, and COUNT or TYPE alone cannot tell which (diff/components.cpp reads it back).
        si->alias = b.name(std::string(property_type_name(a.type)) + "_property_aggregation");
        aggs.push_back(si);
    }
    q->aggregations = b.list(aggs);
    if (sq.groupby_property) {
        q->group_by = b.list(std::vector<ast::Expr*>{b.column({*sq.groupby_property}, sq.groupby_span)});
    }
    auto* script = b.make<ast::Script>(sq.span);
    script->statements = b.list(std::vector<ast::Statement*>{q});
    return script;
}

}  // namespace qdiff::weaviate::lowering
