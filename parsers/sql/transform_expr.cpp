// Expressions: operators, predicates, function calls, windows, literals, types and names.
#include <cctype>

#include "parsers/sql/transformer.hpp"
#include "support/strings.hpp"

namespace qdiff::parsers::sql {

using namespace ast;

// ---- names and spans ----------------------------------------------------------------------------

// Quoted names drop their quotes and un-double the closing quote: "a""b" -> a"b.
static std::string_view unquote(Arena& arena, std::string_view t, char close) {
    std::string_view inner = t.substr(1, t.size() - 2);
    std::string doubled(2, close);
    if (inner.find(doubled) == std::string_view::npos) return inner;
    std::string out;
    for (size_t i = 0; i < inner.size(); ++i) {
        out += inner[i];
        if (inner[i] == close && i + 1 < inner.size() && inner[i + 1] == close) ++i;
    }
    return arena.copy(out);
}

// The alternative of an identifier is the type of its one token.
Name Transformer::name(G::IdentifierContext* c) {
    std::string_view t = text(c);
    switch (c->getStart()->getType()) {
        case G::QUOTED_IDENTIFIER: return {unquote(arena_, t, '"'), true};
        case G::BACKTICK_IDENTIFIER: return {unquote(arena_, t, '`'), true};
        case G::BRACKET_IDENTIFIER: return {unquote(arena_, t, ']'), true};
        default: return {t, false};
    }
}

List<Name> Transformer::names(const std::vector<G::IdentifierContext*>& ids) {
    std::vector<Name> out;
    out.reserve(ids.size());
    for (auto* id : ids) out.push_back(name(id));
    return list(out);
}

ColumnRef* Transformer::column_named(G::IdentifierContext* id) {
    auto* ref = make<ColumnRef>(id);
    ref->path = list(std::vector<Name>{name(id)});
    return ref;
}

List<Name> Transformer::qualified_name(G::QualifiedNameContext* c) {
    return c ? names(rule_children<G::IdentifierContext>(c, G::RuleIdentifier)) : List<Name>{};
}

std::string Transformer::canonical_tokens(antlr4::ParserRuleContext* c) {
    return canonical_tokens(c->getStart()->getTokenIndex(), c->getStop()->getTokenIndex());
}

std::string Transformer::canonical_tokens(size_t first, size_t last) {
    std::string out;
    std::string_view previous;
    for (size_t i = first; i <= last; ++i) {
        antlr4::Token* t = tokens_.get(i);
        if (t->getChannel() != antlr4::Token::DEFAULT_CHANNEL) continue;
        std::string_view piece = ctx_.source.slice(token_span(ctx_.source, t));
        bool glue = piece == "(" || piece == ")" || piece == "," || piece == "[" || piece == "]" || piece == "<" ||
                    piece == ">" || previous == "(" || previous == "," || previous == "[" || previous == "<" ||
                    previous.empty();
        if (!glue) out += ' ';
        out += (piece.front() == '"' || piece.front() == '`') ? std::string(piece) : support::to_upper(piece);
        previous = piece;
    }
    return out;
}

std::string_view Transformer::data_type(G::DataTypeContext* c) {
    if (!c) return {};
    bool angles = false, parens = false;
    for (size_t i = c->getStart()->getTokenIndex(); i <= c->getStop()->getTokenIndex(); ++i) {
        antlr4::Token* t = tokens_.get(i);
        if (t->getType() == G::LT && !angles) {
            require(DialectFeature::AngleBracketTypes, t);  // ARRAY<T>, STRUCT<...>
            angles = true;
        } else if ((t->getType() == G::STRUCT || t->getType() == G::UNION) && !parens &&
                   tokens_.get(i + 1)->getType() == G::LPAREN) {
            require(DialectFeature::ParenStructTypes, t);  // DuckDB STRUCT(a T), UNION(a T)
            parens = true;
        }
    }
    return arena_.copy(canonical_tokens(c));
}

void Transformer::require(DialectFeature feature, antlr4::Token* at) {
    if (dialect().has(feature)) return;
    ctx_.diagnostics.push_back(
        make_diagnostic(DiagId::DialectFeature, span(at), {feature_description(feature), dialect().name}));
}

// ---- literals ----------------------------------------------------------------------------------

Literal* Transformer::literal(antlr4::ParserRuleContext* c, LiteralType type, std::string_view text) {
    auto* l = make<Literal>(c);
    l->type = type;
    l->text = text;
    return l;
}

Literal* Transformer::keyword(antlr4::ParserRuleContext* c, std::string_view text) {
    return literal(c, LiteralType::Keyword, arena_.copy(text));
}

// The value of a string literal: quotes removed, escapes resolved.
std::string_view Transformer::string_value(antlr4::Token* value) {
    std::string_view t = ctx_.source.slice(span(value));
    auto backslash_escapes = [&](std::string_view inner, char quote = '\'') {
        std::string out;
        for (size_t i = 0; i < inner.size(); ++i) {
            if (inner[i] == '\\' && i + 1 < inner.size()) {
                char n = inner[++i];
                out += n == 'n'   ? '\n'
                       : n == 't' ? '\t'
                       : n == 'r' ? '\r'
                       : n == 'b' ? '\b'
                       : n == 'f' ? '\f'
                       : n == '0' ? '\0'
                                  : n;
            } else if (inner[i] == quote && i + 1 < inner.size() && inner[i + 1] == quote) {
                out += quote;
                ++i;
            } else {
                out += inner[i];
            }
        }
        return arena_.copy(out);
    };
    switch (value->getType()) {
        case G::STRING: {
            // The dialect's lexing also makes r'..' (raw), '''..''' / """..""" and ".." strings (BigQuery).
            if (t[0] == 'r' || t[0] == 'R') return t.substr(2, t.size() - 3);
            const char quote = t[0];
            const size_t quotes =
                dialect().lexing.triple_quoted_strings && t.size() >= 6 && t[1] == quote && t[2] == quote ? 3 : 1;
            std::string_view inner = t.substr(quotes, t.size() - 2 * quotes);
            // MySQL, BigQuery and Snowflake resolve backslash escapes in ordinary strings; the standard does not.
            if (dialect().backslash_escapes && inner.find('\\') != std::string_view::npos)
                return backslash_escapes(inner, quote);
            if (quotes == 3) return inner;
            return unquote(arena_, t, quote);
        }
        case G::NATIONAL_STRING: return unquote(arena_, t.substr(1), '\'');
        case G::ESCAPE_STRING: return backslash_escapes(t.substr(2, t.size() - 3));
        case G::DOLLAR_STRING: {
            size_t tag = t.find('$', 1) + 1;  // $tag$body$tag$
            return t.substr(tag, t.size() - 2 * tag);
        }
        default: return t;  // X'..' and B'..' keep their spelling
    }
}

Literal* Transformer::number(antlr4::ParserRuleContext* c, antlr4::Token* value) {
    return literal(c, value->getType() == G::DECIMAL_LITERAL ? LiteralType::Decimal : LiteralType::Integer,
                   ctx_.source.slice(span(value)));
}

// X'..' and B'..' strings keep their spelling as keywords: their value is not text.
Literal* Transformer::string_literal(antlr4::ParserRuleContext* c, antlr4::Token* value) {
    if (value->getType() == G::HEX_STRING || value->getType() == G::BIT_STRING)
        return literal(c, LiteralType::Keyword, ctx_.source.slice(span(value)));
    return literal(c, LiteralType::String, string_value(value));
}

antlrcpp::Any Transformer::visitNumberLiteralExpr(G::NumberLiteralExprContext* c) {
    return done(number(c, c->value), c);
}
antlrcpp::Any Transformer::visitStringLiteralExpr(G::StringLiteralExprContext* c) {
    return done(string_literal(c, c->value), c);
}
antlrcpp::Any Transformer::visitNullLiteralExpr(G::NullLiteralExprContext* c) {
    return done(literal(c, LiteralType::Null, {}), c);
}
antlrcpp::Any Transformer::visitBooleanLiteralExpr(G::BooleanLiteralExprContext* c) {
    return done(literal(c, LiteralType::Boolean, c->value->getType() == G::TRUE_ ? "true" : "false"), c);
}

antlrcpp::Any Transformer::visitParameterExpr(G::ParameterExprContext* c) {
    auto* p = make<Parameter>(c);
    p->text = text(c);
    return done(p, c);
}

antlrcpp::Any Transformer::visitDefaultValueExpr(G::DefaultValueExprContext* c) {
    return done(keyword(c, "DEFAULT"), c);
}

antlrcpp::Any Transformer::visitTypedLiteralExpr(G::TypedLiteralExprContext* c) {
    auto* cast_ = make<Cast>(c);
    cast_->expr = string_literal(c->string(), c->string()->getStart());
    cast_->type = arena_.copy(support::to_upper(c->op->getText()));
    return done(cast_, c);
}

// INTERVAL '1 year' and INTERVAL '3' MONTH are literals; INTERVAL n DAY with a computed n is a call.
antlrcpp::Any Transformer::visitIntervalExpr(G::IntervalExprContext* c) {
    std::string unit = c->intervalUnit() ? std::string(text(c->intervalUnit())) : std::string();
    G::IntervalValueContext* v = c->intervalValue();
    std::string value;
    if (auto* s = alt<G::IntervalStringContext>(v)) {
        value = string_value(s->string());
    } else if (auto* n = alt<G::IntervalNumberContext>(v)) {
        value = std::string(n->sign ? n->sign->getText() : "") + std::string(text(n->number()));
    } else {
        std::vector<Expr*> args;
        if (auto* p = alt<G::IntervalParenExprContext>(v)) {
            args.push_back(with_sign(p->sign, p, expr(p->expr())));
        } else if (auto* p = alt<G::IntervalParameterContext>(v)) {
            auto* param = make<Parameter>(p);
            param->text = text(p);
            args.push_back(param);
        } else if (auto* f = alt<G::IntervalFunctionCallContext>(v)) {
            args.push_back(with_sign(f->sign, f, function_call(f->functionCall())));
        } else if (auto* col = alt<G::IntervalColumnContext>(v)) {
            auto* ref = make<ColumnRef>(col);
            ref->path = names(col->identifier());
            args.push_back(with_sign(col->sign, col, ref));
        }
        if (!unit.empty()) args.push_back(keyword(c->intervalUnit(), unit));
        return done(call(c, "INTERVAL", std::move(args)), c);
    }
    if (!unit.empty()) value += " " + unit;
    return done(literal(c, LiteralType::Interval, arena_.copy(value)), c);
}

// The alternative of a likeOperator is the type of its first token.
static BinaryOp like_op(G::LikeOperatorContext* c) {
    switch (c->getStart()->getType()) {
        case G::ILIKE: return BinaryOp::ILike;
        case G::GLOB: return BinaryOp::Glob;
        case G::REGEXP:
        case G::RLIKE: return BinaryOp::Regexp;
        case G::MATCH: return BinaryOp::Match;
        case G::SIMILAR: return BinaryOp::SimilarTo;
        default: return BinaryOp::Like;
    }
}

// ---- boolean connectives -----------------------------------------------------------------------

// `lhs op rhs` alternatives (whatever tokens stand between): the operands are the first and last
// children, which saves the generated accessors' child scans.
Expr* Transformer::binary(antlr4::ParserRuleContext* c, BinaryOp op) {
    return binary(c, op, static_cast<antlr4::ParserRuleContext*>(c->children.front()),
                  static_cast<antlr4::ParserRuleContext*>(c->children.back()));
}

Expr* Transformer::binary(antlr4::ParserRuleContext* c, BinaryOp op, antlr4::ParserRuleContext* lhs,
                          antlr4::ParserRuleContext* rhs) {
    auto* b = make<Binary>(c);
    b->op = op;
    b->lhs = expr(lhs);
    b->rhs = expr(rhs);
    return b;
}

Expr* Transformer::negate_if(bool negated, Expr* e, antlr4::ParserRuleContext* c) {
    if (!negated) return e;
    auto* n = make<Unary>(c);
    n->op = UnaryOp::Not;
    n->operand = e;
    return n;
}

Expr* Transformer::negate(antlr4::ParserRuleContext* c, Expr* operand) {
    auto* u = make<Unary>(c);
    u->op = UnaryOp::Negate;
    u->operand = operand;
    return u;
}

// The sign before a computed INTERVAL quantity (MySQL `INTERVAL -(n) DAY`) applies to the quantity,
// as it would before the same expression anywhere else.
Expr* Transformer::with_sign(antlr4::Token* sign, antlr4::ParserRuleContext* c, Expr* quantity) {
    if (!sign) return quantity;
    if (sign->getType() == G::MINUS_SIGN) return negate(c, quantity);
    auto* u = make<Unary>(c);
    u->op = UnaryOp::Plus;
    u->operand = quantity;
    return u;
}

antlrcpp::Any Transformer::visitNotExpr(G::NotExprContext* c) { return done(negate_if(true, expr(c->expr()), c), c); }
// Operands of a binary alternative: its first and last children.
static std::pair<antlr4::ParserRuleContext*, antlr4::ParserRuleContext*> outer_operands(antlr4::ParserRuleContext* c) {
    return {static_cast<antlr4::ParserRuleContext*>(c->children.front()),
            static_cast<antlr4::ParserRuleContext*>(c->children.back())};
}

antlrcpp::Any Transformer::visitAndExpr(G::AndExprContext* c) {
    return done(chain(c, BinaryOp::And, outer_operands), c);
}
antlrcpp::Any Transformer::visitXorExpr(G::XorExprContext* c) { return done(binary(c, BinaryOp::Xor), c); }
antlrcpp::Any Transformer::visitOrExpr(G::OrExprContext* c) { return done(chain(c, BinaryOp::Or, outer_operands), c); }
antlrcpp::Any Transformer::visitValueExpression(G::ValueExpressionContext* c) {
    result_ = expr(first_child<G::ValueExprContext>(c, G::RuleValueExpr));
    return {};
}

// ---- primaries ---------------------------------------------------------------------------------

antlrcpp::Any Transformer::visitCaseExpr(G::CaseExprContext* c) {
    auto* e = make<Case>(c);
    e->operand = expr(c->operand);
    std::vector<When*> whens;
    for (auto* w : rule_children<G::CaseWhenContext>(c, G::RuleCaseWhen)) {
        auto* when = make<When>(w);
        when->condition = expr(w->condition);
        when->result = expr(w->result);
        whens.push_back(when);
    }
    e->whens = list(whens);
    e->else_ = expr(c->elseExpr);
    return done(e, c);
}

antlrcpp::Any Transformer::visitCastExpr(G::CastExprContext* c) {
    auto* e = make<Cast>(c);
    e->expr = expr(first_child<G::ExprContext>(c, G::RuleExpr));
    e->type = data_type(first_child<G::DataTypeContext>(c, G::RuleDataType));
    e->try_cast = c->op->getType() == G::TRY_CAST || c->op->getType() == G::SAFE_CAST;
    if (c->op->getType() == G::SAFE_CAST) require(DialectFeature::SafeCast, c->op);
    return done(e, c);
}

antlrcpp::Any Transformer::visitPgCastExpr(G::PgCastExprContext* c) {
    auto* e = make<Cast>(c);
    e->expr = expr(c->valueExpr());
    e->type = data_type(c->dataType());
    return done(e, c);
}

antlrcpp::Any Transformer::visitConvertUsingExpr(G::ConvertUsingExprContext* c) {
    return done(
        call(c, "CONVERT", {expr(c->expr()), keyword(c->identifier(), "USING " + std::string(text(c->identifier())))}),
        c);
}

FunctionCall* Transformer::call(antlr4::ParserRuleContext* c, std::string_view fn, std::vector<Expr*> args) {
    auto* f = make<FunctionCall>(c);
    f->name = list(std::vector<Name>{{fn, false}});
    f->args = list(args);
    return f;
}

antlrcpp::Any Transformer::visitExtractExpr(G::ExtractExprContext* c) {
    G::ExtractFieldContext* field = c->extractField();
    std::string unit;
    if (auto* s = alt<G::ExtractFieldStringContext>(field))
        unit = string_value(s->string());
    else
        unit = text(field);
    return done(call(c, "EXTRACT", {keyword(field, support::to_upper(unit)), expr(c->expr())}), c);
}

// SUBSTRING(x FROM a FOR b) is SUBSTRING(x, a, b); without FROM the start is 1.
antlrcpp::Any Transformer::visitSubstringForExpr(G::SubstringForExprContext* c) {
    auto operands = c->expr();
    std::vector<Expr*> args{expr(operands[0])};
    if (operands.size() == 3)
        args.push_back(expr(operands[1]));
    else
        args.push_back(literal(operands[0], LiteralType::Integer, "1"));
    args.push_back(expr(operands.back()));
    return done(call(c, "SUBSTRING", std::move(args)), c);
}

antlrcpp::Any Transformer::visitSubstringFromExpr(G::SubstringFromExprContext* c) {
    return done(call(c, "SUBSTRING", {expr(c->expr(0)), expr(c->expr(1))}), c);
}

antlrcpp::Any Transformer::visitPositionExpr(G::PositionExprContext* c) {
    return done(call(c, "POSITION", {expr(c->valueExpr(0)), expr(c->valueExpr(1))}), c);
}

// TRIM([LEADING|TRAILING|BOTH] [chars] FROM x): the specification is explicit (BOTH by default) when
// characters are given, so that TRIM(c FROM x) never reads as trim(c, x).
antlrcpp::Any Transformer::visitTrimFromExpr(G::TrimFromExprContext* c) {
    std::vector<Expr*> args;
    if (c->trimSpec)
        args.push_back(literal(c, LiteralType::Keyword, arena_.copy(support::to_upper(c->trimSpec->getText()))));
    else if (c->chars)
        args.push_back(literal(c, LiteralType::Keyword, "BOTH"));
    if (c->chars) args.push_back(expr(c->chars));
    auto values = c->valueExpr();
    args.push_back(expr(values.back()));
    return done(call(c, "TRIM", std::move(args)), c);
}

antlrcpp::Any Transformer::visitExistsExpr(G::ExistsExprContext* c) {
    auto* e = make<Exists>(c);
    e->query = query(first_child<G::QueryContext>(c, G::RuleQuery));
    return done(e, c);
}

antlrcpp::Any Transformer::visitArrayLiteralExpr(G::ArrayLiteralExprContext* c) {
    auto* a = make<Array>(c);
    a->items = exprs(c->exprList());
    return done(a, c);
}

// BigQuery ARRAY<INT64>[1, 2]: the array cast to its declared type.
antlrcpp::Any Transformer::visitTypedArrayExpr(G::TypedArrayExprContext* c) {
    require(DialectFeature::AngleBracketTypes, c->LT()->getSymbol());
    auto* a = make<Array>(c);
    a->items = exprs(c->exprList());
    return done(cast_to_written_type(a, c, c->GT()->getSymbol()), c);
}

Cast* Transformer::cast_to_written_type(Expr* value, antlr4::ParserRuleContext* c, antlr4::Token* closing) {
    auto* cast = make<Cast>(c);
    cast->expr = value;
    cast->type = arena_.copy(canonical_tokens(c->getStart()->getTokenIndex(), closing->getTokenIndex()));
    return cast;
}

// BigQuery STRUCT(1 AS a, x), STRUCT<a INT64>(1): a call of STRUCT whose named fields are NamedArgs
// (cast to the declared type when there is one).
antlrcpp::Any Transformer::visitStructExpr(G::StructExprContext* c) {
    require(DialectFeature::StructLiterals, c->getStart());
    std::vector<Expr*> args;
    for (auto* arg : c->structArg()) {
        Expr* value = expr(arg->expr());
        if (!arg->identifier()) {
            args.push_back(value);
            continue;
        }
        auto* named = make<NamedArg>(arg);
        named->name = name(arg->identifier());
        named->value = value;
        args.push_back(named);
    }
    FunctionCall* f = call(c, ctx_.source.slice(span(c->STRUCT()->getSymbol())), std::move(args));
    Expr* value = f;
    if (c->LT()) {
        require(DialectFeature::AngleBracketTypes, c->LT()->getSymbol());
        value = cast_to_written_type(f, c, c->GT()->getSymbol());
    }
    if (c->fields.empty()) return done(value, c);
    value->span = {value->span.begin, span(c->RPAREN()->getSymbol()).end};
    return done(field_accesses(value, c->fields), c);
}

// DuckDB {'a': 1, b: x}: the same STRUCT call as BigQuery's STRUCT(1 AS a, x AS b).
antlrcpp::Any Transformer::visitStructLiteralExpr(G::StructLiteralExprContext* c) {
    require(DialectFeature::StructLiterals, c->getStart());
    std::vector<Expr*> args;
    for (auto* entry : c->structEntry()) {
        auto* named = make<NamedArg>(entry);
        named->name = entry->key ? Name{string_value(entry->key), false} : name(entry->identifier());
        named->value = expr(entry->expr());
        args.push_back(named);
    }
    return done(call(c, "STRUCT", std::move(args)), c);
}

// ARRAY[x] where the lexer saw a T-SQL bracketed name.
antlrcpp::Any Transformer::visitArraySingleNameExpr(G::ArraySingleNameExprContext* c) {
    std::string_view t = text(c);
    size_t open = t.find('[');
    auto* ref = make<ColumnRef>(c);
    ref->path = list(std::vector<Name>{{t.substr(open + 1, t.size() - open - 2), false}});
    auto* a = make<Array>(c);
    a->items = list(std::vector<Expr*>{ref});
    return done(a, c);
}

antlrcpp::Any Transformer::visitArraySubqueryExpr(G::ArraySubqueryExprContext* c) {
    auto* sub = make<SubqueryExpr>(c);
    sub->query = query(c->query());
    return done(call(c, "ARRAY", {sub}), c);
}

// [1, 2]: a bracketed list (the rows of ARRAY[[1, 2], [3, 4]]).
antlrcpp::Any Transformer::visitBracketListExpr(G::BracketListExprContext* c) {
    auto* a = make<Array>(c);
    a->items = exprs(c->exprList());
    return done(a, c);
}

// MySQL MATCH (columns) AGAINST (text [modifier]): MATCH((columns), text[, modifier]).
antlrcpp::Any Transformer::visitMatchAgainstExpr(G::MatchAgainstExprContext* c) {
    auto* columns = make<Tuple>(c->exprList());
    columns->items = exprs(c->exprList());
    std::vector<Expr*> args{columns, expr(c->valueExpr())};
    if (auto* modifier = c->fullTextModifier())
        args.push_back(keyword(modifier, support::to_upper(support::fold_whitespace(text(modifier)))));
    return done(call(c, "MATCH", std::move(args)), c);
}

antlrcpp::Any Transformer::visitTextSearchMatchExpr(G::TextSearchMatchExprContext* c) {
    return done(binary(c, BinaryOp::TextMatch), c);
}

// The parenthesised operand of ANY/ALL: a subquery, or an array expression.
Expr* Transformer::quantified_operand(G::QueryContext* subquery, G::ExprContext* array) {
    if (!subquery) return expr(array);
    auto* sub = make<SubqueryExpr>(subquery);
    sub->query = query(subquery);
    return sub;
}

// a [NOT] LIKE ANY|ALL (...)
antlrcpp::Any Transformer::visitQuantifiedLikeExpr(G::QuantifiedLikeExprContext* c) {
    auto* q = make<Quantified>(c);
    q->op = like_op(c->likeOperator());
    q->quantifier = c->quantifier->getType() == G::ALL ? Quantifier::All : Quantifier::Any;
    q->lhs = expr(c->valueExpr());
    if (c->query()) {
        q->rhs = quantified_operand(c->query(), nullptr);
    } else if (auto items = c->exprList()->expr(); items.size() == 1) {
        q->rhs = expr(items[0]);
    } else {  // Snowflake `x ILIKE ANY ('a%', 'b%')`: a list of patterns
        auto* t = make<Tuple>(c->exprList());
        t->items = exprs(c->exprList());
        q->rhs = t;
    }
    return done(negate_if(c->NOT() != nullptr, q, c), c);
}

// Snowflake `v:field.sub` is GET_PATH(v, 'field.sub').
antlrcpp::Any Transformer::visitPathAccessExpr(G::PathAccessExprContext* c) {
    require(DialectFeature::PathAccess, c->PATH_COLON()->getSymbol());
    std::string path;
    for (auto* id : c->identifier()) {
        if (!path.empty()) path += '.';
        path += text(id);
    }
    return done(call(c, "GET_PATH", {expr(c->valueExpr()), literal(c, LiteralType::String, arena_.copy(path))}), c);
}

antlrcpp::Any Transformer::visitRowConstructorExpr(G::RowConstructorExprContext* c) {
    auto* t = make<Tuple>(c);
    t->items = exprs(c->exprList());
    return done(t, c);
}

// Niladic keywords print bare: CURRENT_DATE, CURRENT_TIMESTAMP(3).
antlrcpp::Any Transformer::visitCurrentValueExpr(G::CurrentValueExprContext* c) {
    std::vector<Expr*> args;
    if (auto* precision = c->INTEGER_LITERAL())
        args.push_back(
            literal(c, LiteralType::Integer, text(c).substr(text(c).find('(') + 1, precision->getText().size())));
    return done(call(c, arena_.copy(support::to_upper(c->op->getText())), std::move(args)), c);
}

antlrcpp::Any Transformer::visitSubqueryExpr(G::SubqueryExprContext* c) {
    auto* e = make<SubqueryExpr>(c);
    e->query = query(first_child<G::QueryContext>(c, G::RuleQuery));
    return done(e, c);
}

// Parentheses group; they create no node. Several expressions make a row value.
antlrcpp::Any Transformer::visitParenExpr(G::ParenExprContext* c) {
    auto items = rule_children<G::ExprContext>(c, G::RuleExpr);
    if (items.size() == 1) {
        result_ = c->fields.empty() ? expr(items[0]) : field_accesses(expr(items[0]), c->fields);
        return {};
    }
    auto* t = make<Tuple>(c);
    t->items = exprs(items);
    if (!c->fields.empty()) return done(field_accesses(t, c->fields), c);
    return done(t, c);
}

antlrcpp::Any Transformer::visitFunctionCallExpr(G::FunctionCallExprContext* c) {
    Expr* call = function_call(first_child<G::FunctionCallContext>(c, G::RuleFunctionCall));
    result_ = c->fields.empty() ? call : field_accesses(call, c->fields);
    return {};
}

Expr* Transformer::field_accesses(Expr* base, const std::vector<G::IdentifierContext*>& fields) {
    for (G::IdentifierContext* field : fields) {
        auto* access = arena_.make<FieldAccess>();
        access->span = {base->span.begin, span(field).end};
        access->base = base;
        access->field = name(field);
        base = access;
    }
    return base;
}

antlrcpp::Any Transformer::visitColumnRefExpr(G::ColumnRefExprContext* c) {
    auto* ref = make<ColumnRef>(c);
    ref->path = names(rule_children<G::IdentifierContext>(c, G::RuleIdentifier));
    return done(ref, c);
}

// ---- postfix and prefix --------------------------------------------------------------------------

antlrcpp::Any Transformer::visitSubscriptExpr(G::SubscriptExprContext* c) {
    auto* s = make<Subscript>(c);
    s->base = expr(c->valueExpr());
    s->slice = c->COLON() != nullptr;
    s->index = expr(s->slice ? c->lower : c->index);
    s->upper = expr(c->upper);
    if (c->fields.empty()) return done(s, c);
    s->span = {s->span.begin, span(c->RBRACKET()->getSymbol()).end};
    return done(field_accesses(s, c->fields), c);
}

antlrcpp::Any Transformer::visitCollateExpr(G::CollateExprContext* c) {
    auto* b = make<Binary>(c);
    b->op = BinaryOp::Collate;
    b->lhs = expr(c->valueExpr());
    b->rhs = keyword(c->collationName(), text(c->collationName()));
    return done(b, c);
}

antlrcpp::Any Transformer::visitUnaryExpr(G::UnaryExprContext* c) {
    auto* u = make<Unary>(c);
    switch (c->op->getType()) {
        case G::MINUS_SIGN: u->op = UnaryOp::Negate; break;
        case G::PLUS: u->op = UnaryOp::Plus; break;
        case G::TILDE: u->op = UnaryOp::BitNot; break;
        default: u->op = UnaryOp::Not; break;  // MySQL `!`
    }
    u->operand = expr(c->valueExpr());
    return done(u, c);
}

antlrcpp::Any Transformer::visitAtTimeZoneExpr(G::AtTimeZoneExprContext* c) {
    return done(binary(c, BinaryOp::AtTimeZone), c);
}

// ---- arithmetic and other operators --------------------------------------------------------------

// `^` is exponentiation in PostgreSQL and exclusive or in MySQL and T-SQL; DuckDB's `**` is exponentiation.
antlrcpp::Any Transformer::visitPowerExpr(G::PowerExprContext* c) {
    BinaryOp op = dialect().caret_is_xor && c->op->getType() == G::CARET ? BinaryOp::BitXor : BinaryOp::Power;
    return done(binary(c, op), c);
}

antlrcpp::Any Transformer::visitMultiplicativeExpr(G::MultiplicativeExprContext* c) {
    BinaryOp op = BinaryOp::Mul;
    switch (c->op->getType()) {
        case G::SLASH: op = BinaryOp::Div; break;
        case G::PERCENT_SIGN:
        case G::MOD: op = BinaryOp::Mod; break;
        case G::DIV:
        case G::DOUBLE_SLASH: op = BinaryOp::IntDiv; break;
        default: break;
    }
    return done(binary(c, op), c);
}

antlrcpp::Any Transformer::visitAdditiveExpr(G::AdditiveExprContext* c) {
    BinaryOp op = c->op->getType() == G::PLUS ? BinaryOp::Add : BinaryOp::Sub;
    return done(binary(c, op), c);
}

antlrcpp::Any Transformer::visitJsonExpr(G::JsonExprContext* c) {
    BinaryOp op = BinaryOp::JsonGet;
    switch (c->op->getType()) {
        case G::JSON_EXTRACT_TEXT: op = BinaryOp::JsonGetText; break;
        case G::JSON_PATH: op = BinaryOp::JsonPath; break;
        case G::JSON_PATH_TEXT: op = BinaryOp::JsonPathText; break;
        case G::CONTAINS: op = BinaryOp::JsonContains; break;
        case G::CONTAINED_BY: op = BinaryOp::JsonContainedBy; break;
        case G::QUESTION: op = BinaryOp::JsonHasKey; break;
        case G::QUESTION_PIPE: op = BinaryOp::JsonHasAny; break;
        case G::QUESTION_AMP: op = BinaryOp::JsonHasAll; break;
        case G::AMP_AMP: op = dialect().amp_amp_is_and ? BinaryOp::And : BinaryOp::Overlap; break;
        default: break;
    }
    return done(binary(c, op), c);
}

// `||` is concatenation, except in MySQL where it is OR.
antlrcpp::Any Transformer::visitConcatExpr(G::ConcatExprContext* c) {
    BinaryOp op = dialect().pipes_are_or ? BinaryOp::Or : BinaryOp::Concat;
    return done(binary(c, op), c);
}

// `<=>` is pgvector's cosine distance, except in MySQL where it is null-safe equality.
antlrcpp::Any Transformer::visitDistanceExpr(G::DistanceExprContext* c) {
    switch (c->op->getType()) {
        case G::L2_DISTANCE: return done(binary(c, BinaryOp::VectorL2), c);
        case G::NEG_INNER_PRODUCT: return done(binary(c, BinaryOp::VectorInnerProduct), c);
        default: break;
    }
    if (dialect().spaceship_is_null_safe_equal) return done(negate_if(true, binary(c, BinaryOp::IsDistinctFrom), c), c);
    return done(binary(c, BinaryOp::VectorCosine), c);
}

antlrcpp::Any Transformer::visitBitwiseExpr(G::BitwiseExprContext* c) {
    BinaryOp op = BinaryOp::BitAnd;
    switch (c->op->getType()) {
        case G::SHIFT_LEFT: op = BinaryOp::ShiftLeft; break;
        case G::SHIFT_RIGHT: op = BinaryOp::ShiftRight; break;
        case G::PIPE: op = BinaryOp::BitOr; break;
        default: break;
    }
    return done(binary(c, op), c);
}

// ---- predicates ---------------------------------------------------------------------------------

antlrcpp::Any Transformer::visitInSubqueryExpr(G::InSubqueryExprContext* c) {
    auto* e = make<InSubquery>(c);
    e->expr = expr(static_cast<antlr4::ParserRuleContext*>(c->children.front()));
    e->query = query(first_child<G::QueryContext>(c, G::RuleQuery));
    return done(negate_if(has_token(c, G::NOT), e, c), c);
}

// BigQuery `x IN UNNEST(arr)`: `x IN (SELECT * FROM UNNEST(arr))`, which it means, and which BigQuery
// reads back to the same tree.
antlrcpp::Any Transformer::visitInUnnestExpr(G::InUnnestExprContext* c) {
    require(DialectFeature::InUnnest, c->IN()->getSymbol());
    FunctionCall* call = function_call(c->unnest);
    if (!c->unnest->name || support::to_upper(text(c->unnest->name)) != "UNNEST")
        ctx_.diagnostics.push_back(make_diagnostic(DiagId::SyntaxError, span(c->unnest),
                                                   {"IN takes a list in parentheses, a subquery or UNNEST(array)"}));
    auto* source = make<TableFunction>(c->unnest);
    source->call = call;
    auto* item = make<SelectItem>(c->unnest);
    item->expr = make<Star>(c->unnest);
    auto* q = make<Query>(c->unnest);
    q->projection = list(std::vector<SelectItem*>{item});
    q->sources = list(std::vector<Relation*>{source});
    auto* e = make<InSubquery>(c);
    e->expr = expr(static_cast<antlr4::ParserRuleContext*>(c->children.front()));
    e->query = q;
    return done(negate_if(has_token(c, G::NOT), e, c), c);
}

antlrcpp::Any Transformer::visitInListExpr(G::InListExprContext* c) {
    auto* e = make<InList>(c);
    e->expr = expr(static_cast<antlr4::ParserRuleContext*>(c->children.front()));
    e->items = exprs(first_child<G::ExprListContext>(c, G::RuleExprList));
    return done(negate_if(has_token(c, G::NOT), e, c), c);
}

antlrcpp::Any Transformer::visitBetweenExpr(G::BetweenExprContext* c) {
    auto* e = make<Between>(c);
    e->expr = expr(static_cast<antlr4::ParserRuleContext*>(c->children.front()));
    e->symmetric = has_token(c, G::SYMMETRIC);
    e->low = expr(c->lower);
    e->high = expr(c->upper);
    return done(negate_if(has_token(c, G::NOT), e, c), c);
}

antlrcpp::Any Transformer::visitLikeExpr(G::LikeExprContext* c) {
    Expr* e = binary(c, like_op(first_child<G::LikeOperatorContext>(c, G::RuleLikeOperator)));
    return done(negate_if(has_token(c, G::NOT), e, c), c);
}

// The grammar reads `a LIKE p ESCAPE e` as (a LIKE p) ESCAPE e; the escape goes with its pattern:
// Like(a, Escape(p, e)), under the NOT of NOT LIKE.
antlrcpp::Any Transformer::visitLikeEscapeExpr(G::LikeEscapeExprContext* c) {
    Expr* like = expr(c->valueExpr(0));
    Expr* target = like;
    if (auto* n = dyn_cast<Unary>(target); n && n->op == UnaryOp::Not) target = n->operand;
    auto* b = dyn_cast<Binary>(target);
    if (!b || !(b->op == BinaryOp::Like || b->op == BinaryOp::ILike || b->op == BinaryOp::SimilarTo) ||
        (isa<Binary>(b->rhs) && cast<Binary>(*b->rhs).op == BinaryOp::Escape)) {
        ctx_.diagnostics.push_back(
            make_diagnostic(DiagId::SyntaxError, span(c), {"ESCAPE applies only to LIKE, ILIKE and SIMILAR TO"}));
        result_ = like;
        return {};
    }
    auto* esc = make<Binary>(c);
    esc->op = BinaryOp::Escape;
    esc->lhs = b->rhs;
    esc->rhs = expr(c->valueExpr(1));
    esc->span = {esc->lhs->span.begin, esc->rhs->span.end};
    b->rhs = esc;
    like->span = span(c);
    result_ = like;
    return {};
}

antlrcpp::Any Transformer::visitRegexMatchExpr(G::RegexMatchExprContext* c) {
    size_t t = c->op->getType();
    BinaryOp op = (t == G::IMATCH || t == G::NOT_IMATCH) ? BinaryOp::IRegexp : BinaryOp::Regexp;
    Expr* e = binary(c, op);
    return done(negate_if(t == G::NOT_MATCH || t == G::NOT_IMATCH, e, c), c);
}

static BinaryOp comparison_op(antlr4::Token* op) {
    switch (op->getType()) {
        case G::NOT_EQ: return BinaryOp::NotEq;
        case G::LT: return BinaryOp::Lt;
        case G::LE: return BinaryOp::LtEq;
        case G::GT: return BinaryOp::Gt;
        case G::GE: return BinaryOp::GtEq;
        default: return BinaryOp::Eq;
    }
}

antlrcpp::Any Transformer::visitComparisonExpr(G::ComparisonExprContext* c) {
    return done(binary(c, comparison_op(c->op)), c);
}

antlrcpp::Any Transformer::visitQuantifiedComparisonExpr(G::QuantifiedComparisonExprContext* c) {
    auto* q = make<Quantified>(c);
    q->op = comparison_op(c->op);
    q->quantifier = c->quantifier->getType() == G::ALL ? Quantifier::All : Quantifier::Any;
    q->lhs = expr(c->valueExpr());
    q->rhs = quantified_operand(c->query(), c->expr());
    return done(q, c);
}

antlrcpp::Any Transformer::visitIsLiteralExpr(G::IsLiteralExprContext* c) {
    auto* u = make<Unary>(c);
    switch (c->value->getType()) {
        case G::TRUE_: u->op = UnaryOp::IsTrue; break;
        case G::FALSE_: u->op = UnaryOp::IsFalse; break;
        case G::UNKNOWN: u->op = UnaryOp::IsUnknown; break;
        default: u->op = UnaryOp::IsNull; break;
    }
    u->operand = expr(static_cast<antlr4::ParserRuleContext*>(c->children.front()));
    return done(negate_if(has_token(c, G::NOT), u, c), c);
}

antlrcpp::Any Transformer::visitIsDistinctFromExpr(G::IsDistinctFromExprContext* c) {
    Expr* e = binary(c, BinaryOp::IsDistinctFrom);
    return done(negate_if(has_token(c, G::NOT), e, c), c);
}

// SQLite's `a IS b` is `a IS NOT DISTINCT FROM b`. The grammar also reaches this alternative for
// `a IS [NOT] NULL|TRUE|FALSE` (the two alternatives match the same tokens): those are the tests.
antlrcpp::Any Transformer::visitIsExpr(G::IsExprContext* c) {
    auto* lhs = static_cast<antlr4::ParserRuleContext*>(c->children.front());
    Expr* rhs = expr(static_cast<antlr4::ParserRuleContext*>(c->children.back()));
    bool negated = has_token(c, G::NOT);
    if (auto* l = dyn_cast<Literal>(rhs); l && (l->type == LiteralType::Null || l->type == LiteralType::Boolean)) {
        auto* u = make<Unary>(c);
        u->op = l->type == LiteralType::Null ? UnaryOp::IsNull : l->text == "true" ? UnaryOp::IsTrue : UnaryOp::IsFalse;
        u->operand = expr(lhs);
        return done(negate_if(negated, u, c), c);
    }
    auto* b = make<Binary>(c);
    b->op = BinaryOp::IsDistinctFrom;
    b->lhs = expr(lhs);
    b->rhs = rhs;
    return done(negate_if(!negated, b, c), c);
}

// Postfix null tests: `x ISNULL` and `x NOTNULL` (PostgreSQL, SQLite) and `x NOT NULL` (SQLite).
// The alternative labels either `op` or `notNull`, never both. Elsewhere they are a dialect error
// whose fix-it spells the standard test, the usual cause being a missing space (`xIS NOT NULL`).
antlrcpp::Any Transformer::visitNullTestPostfixExpr(G::NullTestPostfixExprContext* c) {
    bool is_not_null = c->notNull != nullptr || c->op->getType() == G::NOTNULL;
    bool allowed = dialect().has(c->notNull ? DialectFeature::PostfixNotNull : DialectFeature::PostfixNullTest);
    if (!allowed) {
        Span test{span(c->valueExpr()).end, span(c).end};
        std::string_view what = c->notNull    ? "the postfix null test `x NOT NULL`"
                                : is_not_null ? "the postfix null test `x NOTNULL`"
                                              : "the postfix null test `x ISNULL`";
        Diagnostic d = make_diagnostic(DiagId::DialectFeature, test, {what, dialect().name});
        d.fixits.push_back({test, is_not_null ? " IS NOT NULL" : " IS NULL"});
        ctx_.diagnostics.push_back(std::move(d));
    }
    auto* u = make<Unary>(c);
    u->op = UnaryOp::IsNull;
    u->operand = expr(c->valueExpr());
    return done(negate_if(is_not_null, u, c), c);
}

// ---- lists, calls, windows ---------------------------------------------------------------------

List<Expr*> Transformer::exprs(G::ExprListContext* c) {
    return c ? exprs(rule_children<G::ExprContext>(c, G::RuleExpr)) : List<Expr*>{};
}

List<Expr*> Transformer::exprs(const std::vector<G::ExprContext*>& items) {
    std::vector<Expr*> out;
    out.reserve(items.size());
    for (auto* item : items) out.push_back(expr(item));
    return list(out);
}

FunctionCall* Transformer::function_call(G::FunctionCallContext* c) {
    auto* f = make<FunctionCall>(c);
    if (c->name)
        f->name = qualified_name(c->name);
    else
        f->name = list(std::vector<Name>{{ctx_.source.slice(span(c->keywordName)), false}});
    std::vector<Expr*> args;
    std::vector<OrderItem*> arg_order;
    ChildrenByRule parts(c);
    auto* function_args = parts.first<G::FunctionArgsContext>(G::RuleFunctionArgs);
    if (auto* star = alt<G::StarArgsContext>(function_args)) {
        args.push_back(make<Star>(star));
    } else if (auto* a = alt<G::ExprArgsContext>(function_args)) {
        ChildrenByRule arg_parts(a);
        f->distinct = alt<G::SetDistinctContext>(arg_parts.first<G::SetQuantifierContext>(G::RuleSetQuantifier));
        bool lambdas = dialect().arrow_is_lambda && takes_lambda(f->name);
        for (auto* arg : rule_children<G::FunctionArgContext>(a, G::RuleFunctionArg)) {
            Expr* lowered = function_arg(arg);
            args.push_back(lambdas ? lambda_from_arrow(lowered) : lowered);
        }
        auto* nulls = arg_parts.first<G::NullTreatmentContext>(G::RuleNullTreatment);
        if (!nulls) nulls = parts.first<G::NullTreatmentContext>(G::RuleNullTreatment);
        if (nulls) args.push_back(null_treatment(nulls));
        if (auto* order = arg_parts.first<G::OrderByClauseContext>(G::RuleOrderByClause)) {
            auto items = order_by(order);
            arg_order.assign(items.begin(), items.end());
        }
        if (a->limit) {  // BigQuery ARRAY_AGG(x ORDER BY y LIMIT n): an argument named limit
            require(DialectFeature::AggregateLimit, a->LIMIT()->getSymbol());
            auto* named = make<NamedArg>(a->limit);
            named->name = {"limit", false};
            named->value = expr(a->limit);
            args.push_back(named);
        }
        if (auto* separator = arg_parts.first<G::StringContext>(G::RuleString)) {
            auto* named = make<NamedArg>(separator);
            named->name = {"separator", false};
            named->value = literal(separator, LiteralType::String, string_value(separator));
            args.push_back(named);
        }
    }
    if (auto* within = parts.first<G::WithinGroupClauseContext>(G::RuleWithinGroupClause)) {
        auto items = order_by(within->orderByClause());
        arg_order.insert(arg_order.end(), items.begin(), items.end());
    }
    f->args = list(args);
    f->arg_order = list(arg_order);
    if (auto* filter = parts.first<G::FilterClauseContext>(G::RuleFilterClause)) f->filter = expr(filter->expr());
    if (auto* over = parts.first<G::OverClauseContext>(G::RuleOverClause)) {
        if (auto* named = alt<G::NamedWindowOverContext>(over)) {
            f->over = make<WindowSpec>(named);
            f->over->base = name(named->identifier());
        } else {
            f->over = window_spec(static_cast<G::InlineWindowOverContext*>(over)->windowSpec());
        }
    }
    return f;
}

// IGNORE NULLS / RESPECT NULLS, inside the parentheses or after them: an argument named nulls.
Expr* Transformer::null_treatment(G::NullTreatmentContext* c) {
    auto* named = make<NamedArg>(c);
    named->name = {"nulls", false};
    named->value = keyword(c, c->IGNORE() ? "IGNORE NULLS" : "RESPECT NULLS");
    return named;
}

Expr* Transformer::function_arg(G::FunctionArgContext* arg) {
    if (auto* p = alt<G::PositionalArgContext>(arg)) return expr(static_cast<antlr4::ParserRuleContext*>(p->children.front()));
    if (auto* n = alt<G::NamedArgContext>(arg)) {
        auto* named = make<NamedArg>(n);
        named->name = n->argName ? name(n->argName) : Name{arena_.copy(n->outerName->getText()), false};
        named->value = expr(n->expr());
        return named;
    }
    if (auto* l = alt<G::KeywordLambdaArgContext>(arg)) {  // the same Lambda as DuckDB's `x -> body`
        require(DialectFeature::LambdaKeyword, l->LAMBDA()->getSymbol());
        auto* lambda = make<Lambda>(l);
        std::vector<ColumnDef*> params;
        for (auto* id : l->identifier()) {
            auto* p = make<ColumnDef>(id);
            p->name = name(id);
            params.push_back(p);
        }
        lambda->params = list(params);
        lambda->body = expr(l->expr());
        return lambda;
    }
    auto* s = static_cast<G::QualifiedStarArgContext*>(arg);
    auto* star = make<Star>(s);
    star->qualifier = names(s->qualifiedStar()->identifier());
    return star;
}

// The list functions that take a lambda (DuckDB list_transform(l, x -> x + 1), Snowflake FILTER).
bool Transformer::takes_lambda(const List<Name>& function) {
    static constexpr std::string_view kNames[] = {
        "list_transform", "array_transform", "list_apply", "array_apply", "apply", "transform",
        "list_filter",    "array_filter",    "filter",     "list_reduce", "array_reduce", "reduce",
    };
    if (function.size() != 1 || function[0].quoted) return false;
    for (std::string_view n : kNames)
        if (support::iequals(function[0].text, n)) return true;
    return false;
}

// `x -> body` / `(a, b) -> body` in an argument of a lambda-taking function. The grammar reads the
// arrow as the JSON operator, which binds tighter than comparisons and AND: `x -> x > 1` parses as
// `(x -> x) > 1`. The arrow therefore sits on the leftmost spine of the argument; the lambda's body
// is the argument with the arrow replaced by its right operand.
Expr* Transformer::lambda_from_arrow(Expr* arg) {
    Expr** slot = &arg;
    for (;;) {
        Expr* e = *slot;
        if (auto* b = dyn_cast<Binary>(e)) {
            if (b->op == BinaryOp::JsonGet) break;
            slot = &b->lhs;
        } else if (auto* between = dyn_cast<Between>(e)) {
            slot = &between->expr;
        } else if (auto* in = dyn_cast<InList>(e)) {
            slot = &in->expr;
        } else if (auto* u = dyn_cast<Unary>(e); u && u->op != UnaryOp::Not && u->op != UnaryOp::Negate &&
                                                 u->op != UnaryOp::Plus && u->op != UnaryOp::BitNot) {
            slot = &u->operand;  // postfix IS NULL, IS TRUE, ...
        } else {
            return arg;
        }
    }
    auto* arrow = &cast<Binary>(**slot);
    std::vector<ColumnDef*> params;
    auto param = [&](Expr* e) {
        auto* ref = dyn_cast<ColumnRef>(e);
        if (!ref || ref->path.size() != 1) return false;
        auto* p = arena_.make<ColumnDef>();
        p->span = ref->span;
        p->name = ref->path[0];
        params.push_back(p);
        return true;
    };
    if (auto* tuple = dyn_cast<Tuple>(arrow->lhs)) {
        for (Expr* item : tuple->items)
            if (!param(item)) return arg;
    } else if (!param(arrow->lhs)) {
        return arg;
    }
    Span whole = arg->span;
    *slot = arrow->rhs;
    auto* lambda = arena_.make<Lambda>();
    lambda->span = whole;
    lambda->params = list(params);
    lambda->body = arg;
    return lambda;
}

WindowSpec* Transformer::window_spec(G::WindowSpecContext* c) {
    auto* w = make<WindowSpec>(c);
    if (c->baseWindow) w->base = name(c->baseWindow);
    w->partition_by = exprs(c->exprList());
    w->order_by = order_by(c->orderByClause());
    w->frame = frame(c->frameClause());
    return w;
}

WindowFrame* Transformer::frame(G::FrameClauseContext* c) {
    if (!c) return nullptr;
    auto* f = make<WindowFrame>(c);
    switch (c->unit->getType()) {
        case G::RANGE: f->unit = FrameUnit::Range; break;
        case G::GROUPS: f->unit = FrameUnit::Groups; break;
        default: f->unit = FrameUnit::Rows; break;
    }
    auto bound = [&](G::FrameBoundContext* b, FrameBound& kind, Expr*& offset) {
        if (alt<G::UnboundedPrecedingContext>(b))
            kind = FrameBound::UnboundedPreceding;
        else if (alt<G::UnboundedFollowingContext>(b))
            kind = FrameBound::UnboundedFollowing;
        else if (alt<G::CurrentRowBoundContext>(b))
            kind = FrameBound::CurrentRow;
        else if (auto* p = alt<G::OffsetPrecedingContext>(b)) {
            kind = FrameBound::Preceding;
            offset = expr(p->valueExpr());
        } else if (auto* f2 = alt<G::OffsetFollowingContext>(b)) {
            kind = FrameBound::Following;
            offset = expr(f2->valueExpr());
        }
    };
    auto bounds = c->frameBound();
    bound(bounds[0], f->start, f->start_offset);
    if (bounds.size() > 1) bound(bounds[1], f->end, f->end_offset);
    if (auto* ex = c->frameExclusion()) {
        if (ex->GROUP())
            f->exclude = FrameExclude::Group;
        else if (ex->TIES())
            f->exclude = FrameExclude::Ties;
        else if (ex->OTHERS())
            f->exclude = FrameExclude::NoOthers;
        else
            f->exclude = FrameExclude::CurrentRow;
    }
    return f;
}

}  // namespace qdiff::parsers::sql
