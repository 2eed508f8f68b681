// Lowers the SQL parse tree into the unified AST: one method per labelled alternative of the grammar
// (grammars/sql/SqlParser.g4), each returning our own nodes. Statements, queries and expressions live
// in transform_statements.cpp, transform_query.cpp and transform_expr.cpp.
#pragma once
#include <string>
#include <vector>

#include "SqlParser.h"
#include "SqlParserBaseVisitor.h"
#include "parsers/common/transformer_base.hpp"

namespace qdiff::parsers::sql {

using G = qdiff_gen::SqlParser;

// The labelled alternatives the transformer lowers, one visit method each, by the file that holds
// them. X(Label) stands for `visitLabel(G::LabelContext*)`: the list declares the methods and fills
// the dispatch table (Transformer::dispatch).
#define QDIFF_SQL_STATEMENT_ALTERNATIVES(X)                                                                       \
    X(ExplainStatement)                                                                                           \
    X(SelectStatement) X(WithStatement) X(InsertStmt) X(UpdateStmt) X(DeleteStmt) X(MergeStmt) X(CreateTableStmt) \
        X(CreateViewStmt) X(CreateIndexStmt) X(CreateSchemaStmt) X(DropStmt) X(AlterTableStmt) X(TruncateStmt)    \
            X(GrantStatement) X(RevokeStatement) X(PragmaStatement) X(AttachStatement) X(DetachStatement)         \
                X(TransactionStmt) X(SetStatement) X(UseStatement) X(ShowStatement) X(VacuumStatement)            \
                    X(AnalyzeStatement) X(DeclareStatement) X(CreateFunctionStmt)
#define QDIFF_SQL_QUERY_ALTERNATIVES(X)                                                                          \
    X(SelectCore)                                                                                                \
    X(ValuesQuery) X(ParenthesizedQuery) X(NamedTable) X(DerivedTable) X(TableFunction) X(ParenthesizedTableRef) \
        X(FromFirstCore) X(StageTable) X(PivotStatementCore) X(UnpivotStatementCore)
#define QDIFF_SQL_EXPR_ALTERNATIVES(X)                                                                                 \
    X(NotExpr)                                                                                                         \
    X(AndExpr) X(XorExpr) X(OrExpr) X(ValueExpression) X(NumberLiteralExpr) X(StringLiteralExpr) X(NullLiteralExpr)    \
        X(BooleanLiteralExpr) X(ParameterExpr) X(CaseExpr) X(CastExpr) X(ConvertUsingExpr) X(ExtractExpr)              \
            X(SubstringForExpr) X(SubstringFromExpr) X(PositionExpr) X(TrimFromExpr) X(ExistsExpr) X(ArrayLiteralExpr) \
                X(BracketListExpr) X(MatchAgainstExpr) X(TextSearchMatchExpr) X(QuantifiedLikeExpr)                    \
                    X(ArraySingleNameExpr) X(ArraySubqueryExpr) X(RowConstructorExpr) X(IntervalExpr)                  \
                        X(TypedLiteralExpr) X(CurrentValueExpr) X(DefaultValueExpr) X(SubqueryExpr) X(ParenExpr)       \
                            X(FunctionCallExpr) X(ColumnRefExpr) X(SubscriptExpr) X(PgCastExpr) X(CollateExpr)         \
                                X(UnaryExpr) X(AtTimeZoneExpr) X(PowerExpr) X(MultiplicativeExpr) X(AdditiveExpr)      \
                                    X(JsonExpr) X(ConcatExpr) X(DistanceExpr) X(BitwiseExpr) X(InSubqueryExpr)         \
                                        X(InListExpr) X(BetweenExpr) X(LikeExpr) X(LikeEscapeExpr) X(RegexMatchExpr)   \
                                            X(ComparisonExpr) X(QuantifiedComparisonExpr) X(IsLiteralExpr)             \
                                                X(IsDistinctFromExpr) X(IsExpr) X(NullTestPostfixExpr)                 \
                                                    X(PathAccessExpr) X(TypedArrayExpr) X(StructExpr)         \
                                                        X(StructLiteralExpr) X(InUnnestExpr)
#define QDIFF_SQL_ALTERNATIVES(X) \
    QDIFF_SQL_STATEMENT_ALTERNATIVES(X) QDIFF_SQL_QUERY_ALTERNATIVES(X) QDIFF_SQL_EXPR_ALTERNATIVES(X)

class Transformer : public TransformerBase<qdiff_gen::SqlParserBaseVisitor> {
public:
    Transformer(ParseContext& ctx, antlr4::TokenStream& tokens) : TransformerBase(ctx, tokens) {}

    ast::Script* script(G::SqlScriptContext* c);

#define QDIFF_SQL_DECLARE_VISIT(Label) antlrcpp::Any visit##Label(G::Label##Context* c) override;
    QDIFF_SQL_ALTERNATIVES(QDIFF_SQL_DECLARE_VISIT)
#undef QDIFF_SQL_DECLARE_VISIT

protected:
    // Calls the visit method of c's alternative through a table, not through accept(): accept()
    // finds the visitor with a dynamic_cast, which costs more than the rest of most visits.
    void dispatch(antlr4::ParserRuleContext* c) override;

private:
    friend struct TransformerAccess;

    // ---- statements
    ast::Statement* statement(G::StatementContext* c);
    ast::Insert* insert(G::InsertStatementContext* c);
    ast::Update* update(G::UpdateStatementContext* c);
    ast::Delete* delete_(G::DeleteStatementContext* c);
    ast::Command* merge(G::MergeStatementContext* c);
    ast::ColumnDef* column_definition(G::ColumnDefinitionContext* c);
    ast::Expr* default_value(G::DefaultValueContext* c);
    ast::Constraint* column_constraint(G::ColumnConstraintContext* c);
    ast::Constraint* table_constraint(G::TableConstraintContext* c);
    ast::List<ast::Assignment*> assignments(G::AssignmentListContext* c);
    ast::List<ast::SelectItem*> returning(G::ReturningClauseContext* c);
    ast::Command* command(antlr4::ParserRuleContext* c, std::string verb, bool writes,
                          ast::List<ast::Name> target = {});

    // ---- queries
    ast::Query* query(G::QueryContext* c);
    ast::Query* query_expression(G::QueryExpressionContext* c);
    ast::Query* query_body(G::QueryBodyContext* c);
    ast::Query* wrap(ast::Query* inner);
    ast::List<ast::Cte*> with_clause(G::WithClauseContext* c, bool& recursive);
    ast::Query* select_core(antlr4::ParserRuleContext* c);  // SelectCore and FromFirstCore
    ast::SelectItem* select_item(G::SelectItemContext* c);
    ast::Star* star(antlr4::ParserRuleContext* c, const std::vector<G::StarModifierContext*>& modifiers);
    void from_clause(G::FromClauseContext* c, ast::List<ast::Relation*>& sources, ast::List<ast::Join*>& joins);
    ast::Relation* table_ref(G::TableRefContext* c, std::vector<ast::Join*>& joins);
    ast::Relation* table_ref_as_relation(G::TableRefContext* c);
    ast::List<ast::SelectItem*> pivot_values(const std::vector<G::PivotValueContext*>& values);
    std::vector<ast::SelectItem*> pivot_aggregates(const std::vector<G::PivotAggregateContext*>& aggregates);
    ast::Query* select_star_from(antlr4::ParserRuleContext* c, ast::Relation* source);
    ast::Join* join(G::JoinClauseContext* c);
    ast::Relation* table_operator(G::TableOperatorContext* c, ast::Relation* source);
    ast::Expr* expr_of_signed_number(G::SignedNumberContext* c);
    void time_travel(G::TimeTravelContext* c, ast::TableRef& t);
    void table_alias(G::TableAliasContext* c, ast::Name& alias, ast::List<ast::Name>& columns);
    ast::List<ast::Expr*> group_by(G::GroupByClauseContext* c);
    ast::List<ast::OrderItem*> order_by(G::OrderByClauseContext* c);
    ast::OrderItem* order_item(G::OrderItemContext* c);
    void limit_clause(G::LimitClauseContext* c, ast::Query& q);
    void fetch_clause(G::FetchClauseContext* c, ast::Query& q);
    ast::ValuesTable* values(G::ValuesClauseContext* c);

    // ---- expressions
    ast::List<ast::Expr*> exprs(G::ExprListContext* c);
    ast::List<ast::Expr*> exprs(const std::vector<G::ExprContext*>& items);
    ast::Expr* binary(antlr4::ParserRuleContext* c, ast::BinaryOp op);
    ast::Expr* binary(antlr4::ParserRuleContext* c, ast::BinaryOp op, antlr4::ParserRuleContext* lhs,
                      antlr4::ParserRuleContext* rhs);
    ast::Expr* negate_if(bool negated, ast::Expr* e, antlr4::ParserRuleContext* c);
    ast::Expr* negate(antlr4::ParserRuleContext* c, ast::Expr* operand);  // arithmetic minus
    ast::Expr* with_sign(antlr4::Token* sign, antlr4::ParserRuleContext* c, ast::Expr* quantity);
    ast::Expr* quantified_operand(G::QueryContext* subquery, G::ExprContext* array);
    ast::FunctionCall* function_call(G::FunctionCallContext* c);
    ast::Expr* function_arg(G::FunctionArgContext* c);
    ast::Expr* null_treatment(G::NullTreatmentContext* c);
    static bool takes_lambda(const ast::List<ast::Name>& function);
    ast::Expr* lambda_from_arrow(ast::Expr* arg);
    ast::FunctionCall* call(antlr4::ParserRuleContext* c, std::string_view name, std::vector<ast::Expr*> args);
    ast::WindowSpec* window_spec(G::WindowSpecContext* c);
    ast::WindowFrame* frame(G::FrameClauseContext* c);
    ast::Literal* literal(antlr4::ParserRuleContext* c, ast::LiteralType type, std::string_view text);
    ast::Literal* keyword(antlr4::ParserRuleContext* c, std::string_view text);
    ast::Literal* number(antlr4::ParserRuleContext* c, antlr4::Token* value);
    ast::Literal* string_literal(antlr4::ParserRuleContext* c, antlr4::Token* value);
    std::string_view string_value(G::StringContext* c) { return string_value(c->getStart()); }
    std::string_view string_value(antlr4::Token* value);
    std::string_view data_type(G::DataTypeContext* c);

    // ---- names and spans
    ast::Name name(G::IdentifierContext* c);
    ast::List<ast::Name> qualified_name(G::QualifiedNameContext* c);
    ast::List<ast::Name> names(const std::vector<G::IdentifierContext*>& ids);
    ast::ColumnRef* column_named(G::IdentifierContext* id);  // the one-part column `id`

    // Token texts of a subtree joined by single spaces, upper case, no space around ( ) , [ ].
    std::string canonical_tokens(antlr4::ParserRuleContext* c);
    std::string canonical_tokens(size_t first_token, size_t last_token);
    // BigQuery ARRAY<..>[..], STRUCT<..>(..): `value` cast to the type written from c's start to `closing` (the `>`).
    ast::Cast* cast_to_written_type(ast::Expr* value, antlr4::ParserRuleContext* c, antlr4::Token* closing);
    const DialectTraits& dialect() const { return traits(ctx_.options.dialect); }
    // Syntax that only some dialects accept: a dialect-feature error at `at` in the others.
    void require(DialectFeature feature, antlr4::Token* at);
    // `base.f.g`: the fields read from a subscript's element or a call's result.
    ast::Expr* field_accesses(ast::Expr* base, const std::vector<G::IdentifierContext*>& fields);
};

}  // namespace qdiff::parsers::sql
