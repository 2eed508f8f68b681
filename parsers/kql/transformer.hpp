// Lowers the KQL parse tree (grammars/kql/KqlParser.g4) into the unified AST: one method per labelled
// alternative, each returning our own nodes. A pipeline `T | op | op ...` folds into one ast::Query
// while it can; an operator that cannot be folded wraps the block built so far as a DerivedTable
// source of a new Query (see transform_operators.cpp for the folding rules).
//
// Files: transform_statements.cpp (statements, let, functions), transform_sources.cpp (pipeline
// sources: tables, print, range, datatable, search), transform_operators.cpp (where, project,
// extend, summarize, sort, top, take, distinct, and the operators kept as options),
// transform_join_union.cpp (join, lookup, union), transform_expr.cpp (scalar expressions, literals,
// names).
#pragma once
#include <string>
#include <vector>

#include "KqlParser.h"
#include "KqlParserBaseVisitor.h"
#include "parsers/common/transformer_base.hpp"

namespace qdiff::parsers::kql {

using G = qdiff_gen::KqlParser;

// Folding stages of a Query, in the order its parts apply (and print).
enum Stage : int {
    kSource = 0,
    kJoin,
    kSearch,
    kFilter,
    kAggregate,
    kHaving,
    kProject,
    kDistinct,
    kUnion,
    kOrder,
    kLimit,
    kOptions
};
int stage_of(const ast::Query& q);
// Options that belong to one operator carry its name as a prefix: "summarize.hint.strategy",
// "union.withsource". Unprefixed options are whole operators kept as options (mv-expand, render...).
bool is_operator_parameter(const ast::Expr* option);

class Transformer : public TransformerBase<qdiff_gen::KqlParserBaseVisitor> {
public:
    Transformer(ParseContext& ctx, antlr4::TokenStream& tokens) : TransformerBase(ctx, tokens) {}

    ast::Script* script(G::QueryStatementsContext* c);

    // ---- tabular operators (transform_operators.cpp, transform_join_union.cpp): each one takes the
    // block in cur_ and leaves the resulting block in cur_.
    antlrcpp::Any visitWhereOp(G::WhereOpContext* c) override;
    antlrcpp::Any visitProjectOp(G::ProjectOpContext* c) override;
    antlrcpp::Any visitProjectAwayOp(G::ProjectAwayOpContext* c) override;
    antlrcpp::Any visitProjectKeepOp(G::ProjectKeepOpContext* c) override;
    antlrcpp::Any visitProjectRenameOp(G::ProjectRenameOpContext* c) override;
    antlrcpp::Any visitProjectReorderOp(G::ProjectReorderOpContext* c) override;
    antlrcpp::Any visitExtendOp(G::ExtendOpContext* c) override;
    antlrcpp::Any visitSummarizeOp(G::SummarizeOpContext* c) override;
    antlrcpp::Any visitCountOp(G::CountOpContext* c) override;
    antlrcpp::Any visitDistinctOp(G::DistinctOpContext* c) override;
    antlrcpp::Any visitTakeOp(G::TakeOpContext* c) override;
    antlrcpp::Any visitTopOp(G::TopOpContext* c) override;
    antlrcpp::Any visitSortOp(G::SortOpContext* c) override;
    antlrcpp::Any visitJoinOp(G::JoinOpContext* c) override;
    antlrcpp::Any visitLookupOp(G::LookupOpContext* c) override;
    antlrcpp::Any visitUnionOp(G::UnionOpContext* c) override;
    antlrcpp::Any visitSearchOp(G::SearchOpContext* c) override;
    antlrcpp::Any visitMvExpandOp(G::MvExpandOpContext* c) override;
    antlrcpp::Any visitParseOp(G::ParseOpContext* c) override;
    antlrcpp::Any visitParseWhereOp(G::ParseWhereOpContext* c) override;
    antlrcpp::Any visitRenderOp(G::RenderOpContext* c) override;
    antlrcpp::Any visitAsOp(G::AsOpContext* c) override;
    antlrcpp::Any visitInvokeOp(G::InvokeOpContext* c) override;
    antlrcpp::Any visitEvaluateOp(G::EvaluateOpContext* c) override;
    antlrcpp::Any visitSampleOp(G::SampleOpContext* c) override;
    antlrcpp::Any visitSerializeOp(G::SerializeOpContext* c) override;
    antlrcpp::Any visitGetSchemaOp(G::GetSchemaOpContext* c) override;
    // Operators kept whole as an option: NamedArg{operator, Keyword literal with its text}.
#define QDIFF_KQL_RAW_OPERATORS(X)                                                                                  \
    X(ProjectByNamesOp)                                                                                             \
    X(TopNestedOp) X(TopHittersOp) X(MvApplyOp) X(ParseKvOp) X(MakeSeriesOp) X(FindOp)   \
        X(SampleDistinctOp) X(PartitionOp) X(ForkOp) X(FacetOp) X(ScanOp) X(ConsumeOp) X(ReduceOp) X(MacroExpandOp) \
            X(MakeGraphOp) X(GraphMatchOp) X(GraphShortestPathsOp) X(GraphToTableOp) X(GraphMarkComponentsOp)       \
                X(PrintOp)
#define QDIFF_KQL_DECLARE_RAW(Alt) antlrcpp::Any visit##Alt(G::Alt##Context* c) override;
    QDIFF_KQL_RAW_OPERATORS(QDIFF_KQL_DECLARE_RAW)
#undef QDIFF_KQL_DECLARE_RAW

    // ---- scalar expressions (transform_expr.cpp)
    antlrcpp::Any visitMethodCall(G::MethodCallContext* c) override;
    antlrcpp::Any visitMemberAccess(G::MemberAccessContext* c) override;
    antlrcpp::Any visitIndexAccess(G::IndexAccessContext* c) override;
    antlrcpp::Any visitPrimaryExpression(G::PrimaryExpressionContext* c) override;
    antlrcpp::Any visitAnyColumnExpression(G::AnyColumnExpressionContext* c) override;
    antlrcpp::Any visitUnaryExpression(G::UnaryExpressionContext* c) override;
    antlrcpp::Any visitMultiplicativeExpression(G::MultiplicativeExpressionContext* c) override;
    antlrcpp::Any visitAdditiveExpression(G::AdditiveExpressionContext* c) override;
    antlrcpp::Any visitRelationalExpression(G::RelationalExpressionContext* c) override;
    antlrcpp::Any visitEqualityExpression(G::EqualityExpressionContext* c) override;
    antlrcpp::Any visitStringOperatorExpression(G::StringOperatorExpressionContext* c) override;
    antlrcpp::Any visitMatchesRegexExpression(G::MatchesRegexExpressionContext* c) override;
    antlrcpp::Any visitInExpression(G::InExpressionContext* c) override;
    antlrcpp::Any visitBetweenExpression(G::BetweenExpressionContext* c) override;
    antlrcpp::Any visitAndExpression(G::AndExpressionContext* c) override;
    antlrcpp::Any visitOrExpression(G::OrExpressionContext* c) override;
    antlrcpp::Any visitLiteralPrimary(G::LiteralPrimaryContext* c) override;
    antlrcpp::Any visitParenthesizedPrimary(G::ParenthesizedPrimaryContext* c) override;
    antlrcpp::Any visitTypeofPrimary(G::TypeofPrimaryContext* c) override;
    antlrcpp::Any visitDatatablePrimary(G::DatatablePrimaryContext* c) override;
    antlrcpp::Any visitEntityGroupPrimary(G::EntityGroupPrimaryContext* c) override;
    antlrcpp::Any visitFunctionCallPrimary(G::FunctionCallPrimaryContext* c) override;
    antlrcpp::Any visitDataScopedNamePrimary(G::DataScopedNamePrimaryContext* c) override;
    antlrcpp::Any visitNamePrimary(G::NamePrimaryContext* c) override;

private:
    // ---- construction beyond TransformerBase
    template <class T>
    T* make_at(Span s) {
        T* n = arena_.make<T>();
        n->span = s;
        return n;
    }
    template <class T>
    ast::List<T> append(ast::List<T> a, const std::vector<T>& b) {
        std::vector<T> all(a.begin(), a.end());
        all.insert(all.end(), b.begin(), b.end());
        return list(all);
    }

    // ---- statements (transform_statements.cpp)
    std::vector<ast::Statement*> statements(const std::vector<G::StatementContext*>& items);
    ast::Statement* expression_statement(G::PipeExpressionContext* c);
    ast::Command* command(G::StatementContext* c);
    ast::Lambda* function_definition(G::FunctionDefinitionContext* c);
    ast::ColumnDef* parameter(G::FunctionParameterContext* c);
    ast::Node* function_body(G::FunctionBodyContext* c);

    // ---- sources and blocks (transform_sources.cpp)
    ast::Query* pipeline(G::PipeExpressionContext* c);
    ast::Query* source(G::PipeSourceContext* c);
    void apply(G::PipeOperatorContext* op);
    bool is_tabular(G::PipeExpressionContext* c, ast::Expr*& scalar);
    ast::Query* query_of(ast::Expr* e, Span at);
    ast::Relation* relation_of(ast::Expr* e);
    bool is_relation_like(const ast::Expr* e) const;
    ast::Query* print_source(G::PrintOperatorContext* c);
    ast::TableFunction* range_source(G::RangeOperatorContext* c);
    ast::ValuesTable* datatable(G::DatatableExpressionContext* c);
    ast::Query* search(G::SearchOperatorContext* c, ast::Query* into);
    ast::Expr* search_predicate(G::SearchPredicateContext* c);
    ast::TableFunction* raw_source(antlr4::ParserRuleContext* c);

    // ---- operators (transform_operators.cpp)
    ast::Query* wrap(ast::Query* inner, antlr4::ParserRuleContext* at);
    ast::Expr* where_condition(G::NamedExpressionContext* c);
    ast::Name declared_names(G::TupleAssignedExpressionContext* c);
    void add_option(ast::Query* q, ast::Expr* option);
    void add_parameters(ast::Query* q, std::string_view op, const std::vector<G::HintParameterContext*>& hints);
    antlrcpp::Any raw_operator(antlr4::ParserRuleContext* c);
    antlrcpp::Any option_operator(antlr4::ParserRuleContext* c, ast::Expr* value);
    antlrcpp::Any project_columns(antlr4::ParserRuleContext* c, ast::ColumnsOp op,
                                  const std::vector<G::ColumnPatternContext*>& patterns);
    antlrcpp::Any parse_operator(antlr4::ParserRuleContext* c, bool where,
                                 const std::vector<G::OperatorParameterContext*>& params, G::ExprContext* source,
                                 G::ParsePatternContext* pattern);
    ast::SelectItem* select_item(G::NamedExpressionContext* c);
    ast::Expr* group_key(G::NamedExpressionContext* c);
    ast::OrderItem* sort_item(G::SortExpressionContext* c);
    ast::Expr* column_pattern(G::ColumnPatternContext* c);
    ast::Expr* and_(ast::Expr* a, ast::Expr* b);
    ast::NamedArg* parameter_arg(G::OperatorParameterContext* c, std::string_view prefix = {});
    ast::NamedArg* hint_arg(G::HintParameterContext* c, std::string_view prefix);
    ast::Expr* option_value(G::OptionValueContext* c);

    // ---- join and union (transform_join_union.cpp)
    antlrcpp::Any join(antlr4::ParserRuleContext* c, const std::vector<G::OperatorParameterContext*>& params,
                       G::ExprContext* right, G::JoinConditionContext* condition, bool lookup);
    ast::Query* union_table(G::UnionTableContext* c);
    void add_union(ast::Query* q, G::UnionOperatorContext* c, size_t first_table);

    // ---- expressions (transform_expr.cpp)
    ast::Expr* binary(antlr4::ParserRuleContext* c, ast::BinaryOp op, bool negated, G::ExprContext* lhs,
                      G::ExprContext* rhs);
    ast::Expr* not_(ast::Expr* e, antlr4::ParserRuleContext* c);
    ast::Expr* postfix(antlr4::ParserRuleContext* c, G::ExprContext* base,
                       ast::Expr* (Transformer::*build)(antlr4::ParserRuleContext*, ast::Expr*));
    ast::Expr* member(antlr4::ParserRuleContext* c, ast::Expr* base);
    ast::Expr* index(antlr4::ParserRuleContext* c, ast::Expr* base);
    ast::Expr* method(antlr4::ParserRuleContext* c, ast::Expr* base);
    ast::List<ast::Expr*> arguments(G::ArgumentListContext* c);
    ast::Expr* argument(G::PipeExpressionContext* c);
    ast::Literal* literal(G::LiteralContext* c);
    ast::Literal* make_literal(antlr4::ParserRuleContext* c, ast::LiteralType type, std::string_view text);
    std::string_view string_value(G::StringLiteralContext* c);
    std::string json(G::JsonValueContext* c);
    ast::FunctionCall* call(antlr4::ParserRuleContext* c, std::string_view name, std::vector<ast::Expr*> args);

    // ---- names and text
    ast::Name name(G::NameContext* c);
    ast::Name name(G::DeclNameContext* c);
    ast::Name word(antlr4::ParserRuleContext* c) { return {text(c), false}; }
    // The tokens of a subtree from token index `from` on, joined by single spaces (no space inside
    // brackets or before commas): a spelling that lexes back to the same tokens.
    std::string_view canonical(antlr4::ParserRuleContext* c, size_t from);
    std::string_view canonical(antlr4::ParserRuleContext* c) { return canonical(c, c->getStart()->getTokenIndex()); }
    std::string_view copy(std::string_view s) { return arena_.copy(s); }
    void count_fold(antlr4::ParserRuleContext* at);

    ast::Query* cur_ = nullptr;  // the block the operator being visited applies to
    uint32_t folds_ = 0;         // ANDed wheres and wraps in this pipeline: each one deepens the tree
};

}  // namespace qdiff::parsers::kql
