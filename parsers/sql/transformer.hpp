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

class Transformer : public TransformerBase<qdiff_gen::SqlParserBaseVisitor> {
public:
    Transformer(ParseContext& ctx, antlr4::TokenStream& tokens) : TransformerBase(ctx, tokens) {}

    ast::Script* script(G::SqlScriptContext* c);

    // ---- statements (transform_statements.cpp)
    antlrcpp::Any visitExplainStatement(G::ExplainStatementContext* c) override;
    antlrcpp::Any visitSelectStatement(G::SelectStatementContext* c) override;
    antlrcpp::Any visitWithStatement(G::WithStatementContext* c) override;
    antlrcpp::Any visitInsertStmt(G::InsertStmtContext* c) override;
    antlrcpp::Any visitUpdateStmt(G::UpdateStmtContext* c) override;
    antlrcpp::Any visitDeleteStmt(G::DeleteStmtContext* c) override;
    antlrcpp::Any visitMergeStmt(G::MergeStmtContext* c) override;
    antlrcpp::Any visitCreateTableStmt(G::CreateTableStmtContext* c) override;
    antlrcpp::Any visitCreateViewStmt(G::CreateViewStmtContext* c) override;
    antlrcpp::Any visitCreateIndexStmt(G::CreateIndexStmtContext* c) override;
    antlrcpp::Any visitCreateSchemaStmt(G::CreateSchemaStmtContext* c) override;
    antlrcpp::Any visitDropStmt(G::DropStmtContext* c) override;
    antlrcpp::Any visitAlterTableStmt(G::AlterTableStmtContext* c) override;
    antlrcpp::Any visitTruncateStmt(G::TruncateStmtContext* c) override;
    antlrcpp::Any visitGrantStatement(G::GrantStatementContext* c) override;
    antlrcpp::Any visitRevokeStatement(G::RevokeStatementContext* c) override;
    antlrcpp::Any visitPragmaStatement(G::PragmaStatementContext* c) override;
    antlrcpp::Any visitAttachStatement(G::AttachStatementContext* c) override;
    antlrcpp::Any visitDetachStatement(G::DetachStatementContext* c) override;
    antlrcpp::Any visitTransactionStmt(G::TransactionStmtContext* c) override;
    antlrcpp::Any visitSetStatement(G::SetStatementContext* c) override;
    antlrcpp::Any visitUseStatement(G::UseStatementContext* c) override;
    antlrcpp::Any visitShowStatement(G::ShowStatementContext* c) override;
    antlrcpp::Any visitVacuumStatement(G::VacuumStatementContext* c) override;
    antlrcpp::Any visitAnalyzeStatement(G::AnalyzeStatementContext* c) override;

    // ---- queries (transform_query.cpp)
    antlrcpp::Any visitSelectCore(G::SelectCoreContext* c) override;
    antlrcpp::Any visitValuesQuery(G::ValuesQueryContext* c) override;
    antlrcpp::Any visitParenthesizedQuery(G::ParenthesizedQueryContext* c) override;
    antlrcpp::Any visitNamedTable(G::NamedTableContext* c) override;
    antlrcpp::Any visitDerivedTable(G::DerivedTableContext* c) override;
    antlrcpp::Any visitTableFunction(G::TableFunctionContext* c) override;
    antlrcpp::Any visitParenthesizedTableRef(G::ParenthesizedTableRefContext* c) override;

    // ---- expressions (transform_expr.cpp)
    antlrcpp::Any visitNotExpr(G::NotExprContext* c) override;
    antlrcpp::Any visitAndExpr(G::AndExprContext* c) override;
    antlrcpp::Any visitXorExpr(G::XorExprContext* c) override;
    antlrcpp::Any visitOrExpr(G::OrExprContext* c) override;
    antlrcpp::Any visitValueExpression(G::ValueExpressionContext* c) override;
    antlrcpp::Any visitNumberLiteralExpr(G::NumberLiteralExprContext* c) override;
    antlrcpp::Any visitStringLiteralExpr(G::StringLiteralExprContext* c) override;
    antlrcpp::Any visitNullLiteralExpr(G::NullLiteralExprContext* c) override;
    antlrcpp::Any visitBooleanLiteralExpr(G::BooleanLiteralExprContext* c) override;
    antlrcpp::Any visitParameterExpr(G::ParameterExprContext* c) override;
    antlrcpp::Any visitCaseExpr(G::CaseExprContext* c) override;
    antlrcpp::Any visitCastExpr(G::CastExprContext* c) override;
    antlrcpp::Any visitConvertUsingExpr(G::ConvertUsingExprContext* c) override;
    antlrcpp::Any visitExtractExpr(G::ExtractExprContext* c) override;
    antlrcpp::Any visitSubstringForExpr(G::SubstringForExprContext* c) override;
    antlrcpp::Any visitSubstringFromExpr(G::SubstringFromExprContext* c) override;
    antlrcpp::Any visitPositionExpr(G::PositionExprContext* c) override;
    antlrcpp::Any visitTrimFromExpr(G::TrimFromExprContext* c) override;
    antlrcpp::Any visitExistsExpr(G::ExistsExprContext* c) override;
    antlrcpp::Any visitArrayLiteralExpr(G::ArrayLiteralExprContext* c) override;
    antlrcpp::Any visitBracketListExpr(G::BracketListExprContext* c) override;
    antlrcpp::Any visitMatchAgainstExpr(G::MatchAgainstExprContext* c) override;
    antlrcpp::Any visitTextSearchMatchExpr(G::TextSearchMatchExprContext* c) override;
    antlrcpp::Any visitQuantifiedLikeExpr(G::QuantifiedLikeExprContext* c) override;
    antlrcpp::Any visitArraySingleNameExpr(G::ArraySingleNameExprContext* c) override;
    antlrcpp::Any visitArraySubqueryExpr(G::ArraySubqueryExprContext* c) override;
    antlrcpp::Any visitRowConstructorExpr(G::RowConstructorExprContext* c) override;
    antlrcpp::Any visitIntervalExpr(G::IntervalExprContext* c) override;
    antlrcpp::Any visitTypedLiteralExpr(G::TypedLiteralExprContext* c) override;
    antlrcpp::Any visitCurrentValueExpr(G::CurrentValueExprContext* c) override;
    antlrcpp::Any visitDefaultValueExpr(G::DefaultValueExprContext* c) override;
    antlrcpp::Any visitSubqueryExpr(G::SubqueryExprContext* c) override;
    antlrcpp::Any visitParenExpr(G::ParenExprContext* c) override;
    antlrcpp::Any visitFunctionCallExpr(G::FunctionCallExprContext* c) override;
    antlrcpp::Any visitColumnRefExpr(G::ColumnRefExprContext* c) override;
    antlrcpp::Any visitSubscriptExpr(G::SubscriptExprContext* c) override;
    antlrcpp::Any visitPgCastExpr(G::PgCastExprContext* c) override;
    antlrcpp::Any visitCollateExpr(G::CollateExprContext* c) override;
    antlrcpp::Any visitUnaryExpr(G::UnaryExprContext* c) override;
    antlrcpp::Any visitAtTimeZoneExpr(G::AtTimeZoneExprContext* c) override;
    antlrcpp::Any visitPowerExpr(G::PowerExprContext* c) override;
    antlrcpp::Any visitMultiplicativeExpr(G::MultiplicativeExprContext* c) override;
    antlrcpp::Any visitAdditiveExpr(G::AdditiveExprContext* c) override;
    antlrcpp::Any visitJsonExpr(G::JsonExprContext* c) override;
    antlrcpp::Any visitConcatExpr(G::ConcatExprContext* c) override;
    antlrcpp::Any visitDistanceExpr(G::DistanceExprContext* c) override;
    antlrcpp::Any visitBitwiseExpr(G::BitwiseExprContext* c) override;
    antlrcpp::Any visitInSubqueryExpr(G::InSubqueryExprContext* c) override;
    antlrcpp::Any visitInListExpr(G::InListExprContext* c) override;
    antlrcpp::Any visitBetweenExpr(G::BetweenExprContext* c) override;
    antlrcpp::Any visitLikeExpr(G::LikeExprContext* c) override;
    antlrcpp::Any visitLikeEscapeExpr(G::LikeEscapeExprContext* c) override;
    antlrcpp::Any visitRegexMatchExpr(G::RegexMatchExprContext* c) override;
    antlrcpp::Any visitComparisonExpr(G::ComparisonExprContext* c) override;
    antlrcpp::Any visitQuantifiedComparisonExpr(G::QuantifiedComparisonExprContext* c) override;
    antlrcpp::Any visitIsLiteralExpr(G::IsLiteralExprContext* c) override;
    antlrcpp::Any visitIsDistinctFromExpr(G::IsDistinctFromExprContext* c) override;
    antlrcpp::Any visitIsExpr(G::IsExprContext* c) override;
    antlrcpp::Any visitNullTestPostfixExpr(G::NullTestPostfixExprContext* c) override;

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
    ast::Command* command(antlr4::ParserRuleContext* c, std::string verb, bool writes, ast::List<ast::Name> target = {});

    // ---- queries
    ast::Query* query(G::QueryContext* c);
    ast::Query* query_expression(G::QueryExpressionContext* c);
    ast::Query* query_body(G::QueryBodyContext* c);
    ast::Query* wrap(ast::Query* inner);
    ast::List<ast::Cte*> with_clause(G::WithClauseContext* c, bool& recursive);
    ast::SelectItem* select_item(G::SelectItemContext* c);
    void from_clause(G::FromClauseContext* c, ast::List<ast::Relation*>& sources, ast::List<ast::Join*>& joins);
    ast::Relation* table_ref(G::TableRefContext* c, std::vector<ast::Join*>& joins);
    ast::Relation* table_ref_as_relation(G::TableRefContext* c);
    ast::Join* join(G::JoinClauseContext* c);
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
    ast::Expr* quantified_operand(G::QueryContext* subquery, G::ExprContext* array);
    ast::FunctionCall* function_call(G::FunctionCallContext* c);
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

    // Token texts of a subtree joined by single spaces, upper case, no space around ( ) , [ ].
    std::string canonical_tokens(antlr4::ParserRuleContext* c);
    bool dialect_is(Dialect d) const { return ctx_.options.dialect == d; }
};

}  // namespace qdiff::parsers::sql
