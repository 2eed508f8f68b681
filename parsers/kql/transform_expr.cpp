// Scalar expressions, literals and names.
//   - `==` Eq, `!=`/`<>` NotEq, `=~` EqualsCi; string operators map to their BinaryOp (has, has_cs,
//     contains, startswith, ...; `like` is case-insensitive: ILike, `likecs` is Like);
//   - negated forms (`!has`, `!contains`, `notlike`, `!~`, `!in`, `!between`) are Unary(Not, positive);
//   - `in`/`!in`/`in~` are InList (InSubquery for one tabular item), `has_any`/`has_all` are Binary
//     with a Tuple on the right; `* has "x"` has a Star on the left;
//   - `a.b.c` is a ColumnRef path, other member accesses are FieldAccess, `a[i]` a Subscript;
//   - unary minus binds to the primary in the grammar, so `-a.b` comes out as `(-a).b` and is
//     rotated back to `-(a.b)` here;
//   - literals: strings unescaped (adjacent strings concatenated), numbers as written, timespans as
//     written (`1h`), `datetime(...)`/`timespan(...)`/`guid(...)`/`long(...)`... the text inside the
//     parentheses, `dynamic(...)` compact JSON.
#include <cctype>

#include "parsers/kql/transformer.hpp"
#include "qdiff/ast_print.hpp"
#include "support/strings.hpp"

namespace qdiff::parsers::kql {

using namespace ast;

// ---- names, spans, text ------------------------------------------------------------------------

std::string_view Transformer::canonical(antlr4::ParserRuleContext* c, size_t from) {
    std::string out;
    std::string_view previous;
    antlr4::Token* stop = c->getStop();
    if (!stop) return {};
    for (size_t i = from; i <= stop->getTokenIndex(); ++i) {
        antlr4::Token* t = tokens_.get(i);
        if (t->getChannel() != antlr4::Token::DEFAULT_CHANNEL || t->getType() == antlr4::Token::EOF) continue;
        std::string_view piece = ctx_.source.slice(span(t));
        // `datetime` then `(` on the next line are two tokens; glued they would lex as one literal.
        static constexpr std::string_view typed[] = {"datetime", "date",  "time",    "timespan", "guid",
                                                     "uniqueid", "bool",  "boolean", "int",      "int32",
                                                     "long",     "int64", "real",    "double",   "decimal"};
        bool typed_word = false;
        for (std::string_view w : typed) typed_word |= previous == w;
        bool glue = previous.empty() || piece == ")" || piece == "," || piece == "]" || previous == "(" ||
                    previous == "[" || (piece == "[" && previous != ",") ||
                    (piece == "(" && previous != "," && previous != "=" && !typed_word);
        if (!glue) out += ' ';
        out += piece;
        previous = piece;
    }
    return copy(out);
}

Name Transformer::name(G::NameContext* c) {
    if (auto* b = alt<G::BracketedNameContext>(c)) return {string_value(b->stringLiteral()), true};
    return {text(c), false};
}

Name Transformer::name(G::DeclNameContext* c) {
    if (c->name()) return name(c->name());
    return {text(c), false};
}

// ---- literals ----------------------------------------------------------------------------------

Literal* Transformer::make_literal(antlr4::ParserRuleContext* c, LiteralType type, std::string_view text) {
    auto* l = make<Literal>(c);
    l->type = type;
    l->text = text;
    return l;
}

static void append_utf8(std::string& out, uint32_t cp) {
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        if (cp >= 0xD800 && cp <= 0xDFFF) cp = 0xFFFD;
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

// The value of one string token: prefix and quotes removed, escapes resolved.
static std::string string_token_value(std::string_view t) {
    if (!t.empty() && (t[0] == 'h' || t[0] == 'H')) t.remove_prefix(1);
    std::string out;
    if (t.starts_with("```") || t.starts_with("~~~")) return std::string(t.substr(3, t.size() - 6));
    if (t.starts_with("@")) {
        char q = t[1];
        std::string_view inner = t.substr(2, t.size() - 3);
        for (size_t i = 0; i < inner.size(); ++i) {
            out += inner[i];
            if (inner[i] == q && i + 1 < inner.size() && inner[i + 1] == q) ++i;
        }
        return out;
    }
    std::string_view inner = t.substr(1, t.size() - 2);
    for (size_t i = 0; i < inner.size(); ++i) {
        if (inner[i] != '\\' || i + 1 >= inner.size()) {
            out += inner[i];
            continue;
        }
        char n = inner[++i];
        switch (n) {
            case 'n': out += '\n'; break;
            case 't': out += '\t'; break;
            case 'r': out += '\r'; break;
            case 'u': {
                uint32_t cp = 0;
                size_t k = 0;
                for (; k < 4 && i + 1 + k < inner.size() && std::isxdigit(static_cast<unsigned char>(inner[i + 1 + k]));
                     ++k)
                    cp = cp * 16 + static_cast<uint32_t>(
                                       std::isdigit(static_cast<unsigned char>(inner[i + 1 + k]))
                                           ? inner[i + 1 + k] - '0'
                                           : (std::tolower(static_cast<unsigned char>(inner[i + 1 + k])) - 'a' + 10));
                if (k == 4) {
                    append_utf8(out, cp);
                    i += 4;
                } else {
                    out += "\\u";
                }
                break;
            }
            default: out += n;
        }
    }
    return out;
}

std::string_view Transformer::string_value(G::StringLiteralContext* c) {
    auto pieces = c->STRING_LITERAL();
    if (pieces.size() == 1) {
        std::string_view t = ctx_.source.slice(span(pieces[0]->getSymbol()));
        if (t.size() >= 2 && (t[0] == '"' || t[0] == '\'') && t.find('\\') == std::string_view::npos)
            return t.substr(1, t.size() - 2);
    }
    std::string out;
    for (auto* p : pieces) out += string_token_value(ctx_.source.slice(span(p->getSymbol())));
    return copy(out);
}

std::string Transformer::json(G::JsonValueContext* c) {
    std::string out;
    if (auto* o = alt<G::JsonObjectContext>(c)) {
        out += '{';
        bool first = true;
        for (auto* m : o->jsonMember()) {
            if (!first) out += ',';
            first = false;
            support::append_double_quoted(
                out, string_token_value(ctx_.source.slice(span(m->STRING_LITERAL()->getSymbol()))));
            out += ':';
            out += json(m->jsonValue());
        }
        out += '}';
    } else if (auto* a = alt<G::JsonArrayContext>(c)) {
        out += '[';
        bool first = true;
        for (auto* v : a->jsonValue()) {
            if (!first) out += ',';
            first = false;
            out += json(v);
        }
        out += ']';
    } else if (auto* n = alt<G::JsonNumberContext>(c)) {
        if (n->MINUS()) out += '-';
        antlr4::tree::TerminalNode* t = n->INT_LITERAL()    ? n->INT_LITERAL()
                                        : n->REAL_LITERAL() ? n->REAL_LITERAL()
                                                            : n->HEX_LITERAL();
        out += ctx_.source.slice(span(t->getSymbol()));
    } else if (auto* s = alt<G::JsonStringContext>(c)) {
        support::append_double_quoted(out, string_value(s->stringLiteral()));
    } else if (auto* d = alt<G::JsonDynamicContext>(c)) {
        out += json(d->jsonValue());
    } else {
        out += text(c);  // true, false, null, timespans and typed literals as written
    }
    return out;
}

static std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

Literal* Transformer::literal(G::LiteralContext* c) {
    if (auto* s = alt<G::StringLiteralValueContext>(c))
        return make_literal(c, LiteralType::String, string_value(s->stringLiteral()));
    if (alt<G::IntLiteralValueContext>(c) || alt<G::HexLiteralValueContext>(c))
        return make_literal(c, LiteralType::Integer, text(c));
    if (alt<G::RealLiteralValueContext>(c)) return make_literal(c, LiteralType::Decimal, text(c));
    if (auto* t = alt<G::TrailingDotRealLiteralValueContext>(c))
        return make_literal(c, LiteralType::Decimal, copy(std::string(t->INT_LITERAL()->getText()) + "."));
    if (alt<G::TimespanLiteralValueContext>(c)) return make_literal(c, LiteralType::Timespan, text(c));
    if (alt<G::BoolLiteralValueContext>(c)) return make_literal(c, LiteralType::Boolean, text(c));
    if (alt<G::NullLiteralValueContext>(c)) return make_literal(c, LiteralType::Null, {});
    if (auto* d = alt<G::DynamicLiteralValueContext>(c))
        return make_literal(c, LiteralType::Dynamic, copy(json(d->jsonValue())));
    // TYPED_LITERAL: type [ \t]* ( raw text )
    std::string_view t = text(c);
    size_t open = t.find('(');
    std::string_view type = trim(t.substr(0, open));
    std::string_view inner = trim(t.substr(open + 1, t.size() - open - 2));
    LiteralType lt = LiteralType::Keyword;
    if (type == "datetime" || type == "date")
        lt = LiteralType::Datetime;
    else if (type == "timespan" || type == "time")
        lt = LiteralType::Timespan;
    else if (type == "guid" || type == "uniqueid")
        lt = LiteralType::Guid;
    else if (type == "bool" || type == "boolean")
        lt = LiteralType::Boolean;
    else if (type == "int" || type == "int32" || type == "long" || type == "int64")
        lt = LiteralType::Integer;
    else
        lt = LiteralType::Decimal;  // real, double, decimal
    // datetime("2024-01-01") is datetime(2024-01-01): the quotes are optional around a date or a guid
    if ((lt == LiteralType::Datetime || lt == LiteralType::Guid) && inner.size() >= 2 &&
        (inner.front() == '\'' || inner.front() == '"') && inner.back() == inner.front())
        inner = trim(inner.substr(1, inner.size() - 2));
    return make_literal(c, lt, inner);
}

antlrcpp::Any Transformer::visitLiteralPrimary(G::LiteralPrimaryContext* c) { return done(literal(c->literal()), c); }

// ---- primaries ---------------------------------------------------------------------------------

antlrcpp::Any Transformer::visitPrimaryExpression(G::PrimaryExpressionContext* c) {
    result_ = expr(c->primary());
    return {};
}

antlrcpp::Any Transformer::visitNamePrimary(G::NamePrimaryContext* c) {
    auto* r = make<ColumnRef>(c);
    r->path = list(std::vector<Name>{name(c->name())});
    return done(r, c);
}

// Forms without a node of their own keep their spelling as one name: it prints back as written.
antlrcpp::Any Transformer::visitDataScopedNamePrimary(G::DataScopedNamePrimaryContext* c) {
    auto* r = make<ColumnRef>(c);
    r->path = list(std::vector<Name>{{canonical(c), false}});
    return done(r, c);
}

antlrcpp::Any Transformer::visitEntityGroupPrimary(G::EntityGroupPrimaryContext* c) {
    auto* r = make<ColumnRef>(c);
    r->path = list(std::vector<Name>{{canonical(c), false}});
    return done(r, c);
}

antlrcpp::Any Transformer::visitTypeofPrimary(G::TypeofPrimaryContext* c) {
    return done(
        call(c, "typeof", {make_literal(c->typeofArgument(), LiteralType::Keyword, canonical(c->typeofArgument()))}),
        c);
}

antlrcpp::Any Transformer::visitDatatablePrimary(G::DatatablePrimaryContext* c) {
    auto* q = make<Query>(c);
    q->sources = list(std::vector<Relation*>{datatable(c->datatableExpression())});
    auto* s = make<SubqueryExpr>(c);
    s->query = q;
    return done(s, c);
}

// `(x)` is x; `(T | where ...)` is a subquery.
antlrcpp::Any Transformer::visitParenthesizedPrimary(G::ParenthesizedPrimaryContext* c) {
    Expr* scalar = nullptr;
    if (!is_tabular(c->pipeExpression(), scalar)) {
        result_ = scalar;
        return {};
    }
    auto* s = make<SubqueryExpr>(c);
    s->query = pipeline(c->pipeExpression());
    return done(s, c);
}

FunctionCall* Transformer::call(antlr4::ParserRuleContext* c, std::string_view fn, std::vector<Expr*> args) {
    auto* f = make<FunctionCall>(c);
    f->name = list(std::vector<Name>{{fn, false}});
    f->args = list(args);
    return f;
}

Expr* Transformer::argument(G::PipeExpressionContext* c) {
    Expr* scalar = nullptr;
    if (!is_tabular(c, scalar)) return scalar;
    auto* s = make<SubqueryExpr>(c);
    s->query = pipeline(c);
    return s;
}

List<Expr*> Transformer::arguments(G::ArgumentListContext* c) {
    if (!c) return {};
    std::vector<Expr*> args;
    for (auto* a : c->argument()) {
        if (auto* n = alt<G::NamedArgumentContext>(a)) {
            auto* arg = make<NamedArg>(a);
            arg->name = name(n->declName());
            arg->value = expr(n->expr());
            args.push_back(arg);
        } else if (alt<G::StarArgumentContext>(a)) {
            args.push_back(make<Star>(a));
        } else {
            args.push_back(argument(alt<G::PositionalArgumentContext>(a)->pipeExpression()));
        }
    }
    return list(args);
}

antlrcpp::Any Transformer::visitFunctionCallPrimary(G::FunctionCallPrimaryContext* c) {
    auto* f = make<FunctionCall>(c);
    f->name = list(std::vector<Name>{name(c->name())});
    f->args = arguments(c->argumentList());
    // `not(p)` is KQL's logical negation, spelled as a function: the same node as `!contains`' NOT, so
    // that `not(a contains 'x')` and `a !contains 'x'` meet (the printer writes it back as `not(...)`).
    if (f->name[0].text == "not" && !f->name[0].quoted && f->args.size() == 1 && !isa<NamedArg>(f->args[0]) &&
        !isa<Star>(f->args[0]))
        return done(not_(f->args[0], c), c);
    return done(f, c);
}

// ---- postfix forms (with the unary rotation) ---------------------------------------------------

static bool rooted_in_unary(G::ExprContext* e) {
    for (;;) {
        if (alt<G::UnaryExpressionContext>(e)) return true;
        if (auto* m = alt<G::MemberAccessContext>(e))
            e = m->expr();
        else if (auto* m = alt<G::MethodCallContext>(e))
            e = m->expr();
        else if (auto* i = alt<G::IndexAccessContext>(e))
            e = i->expr(0);
        else
            return false;
    }
}

Expr* Transformer::postfix(antlr4::ParserRuleContext* c, G::ExprContext* base_ctx,
                           Expr* (Transformer::*build)(antlr4::ParserRuleContext*, Expr*)) {
    Expr* base = expr(base_ctx);
    if (rooted_in_unary(base_ctx)) {
        if (auto* u = dyn_cast<Unary>(base); u && (u->op == UnaryOp::Negate || u->op == UnaryOp::Plus)) {
            auto* rotated = make<Unary>(c);
            rotated->op = u->op;
            rotated->operand = (this->*build)(c, u->operand);
            rotated->operand->span = {u->operand->span.begin, span(c).end};
            return rotated;
        }
    }
    return (this->*build)(c, base);
}

Expr* Transformer::member(antlr4::ParserRuleContext* c, Expr* base) {
    auto* m = static_cast<G::MemberAccessContext*>(c);
    Name field = word(m->identifier());
    if (auto* ref = dyn_cast<ColumnRef>(base)) {
        auto* r = make<ColumnRef>(c);
        std::vector<Name> path(ref->path.begin(), ref->path.end());
        path.push_back(field);
        r->path = list(path);
        return r;
    }
    auto* f = make<FieldAccess>(c);
    f->base = base;
    f->field = field;
    return f;
}

Expr* Transformer::index(antlr4::ParserRuleContext* c, Expr* base) {
    auto* s = make<Subscript>(c);
    s->base = base;
    s->index = expr(static_cast<G::IndexAccessContext*>(c)->expr(1));
    return s;
}

Expr* Transformer::method(antlr4::ParserRuleContext* c, Expr* base) {
    auto* m = static_cast<G::MethodCallContext*>(c);
    auto* f = make<FunctionCall>(c);
    std::vector<Name> path;
    if (auto* ref = dyn_cast<ColumnRef>(base))
        path.assign(ref->path.begin(), ref->path.end());
    else
        path.push_back({copy(to_kql(*base)), false});
    path.push_back(word(m->identifier()));
    f->name = list(path);
    f->args = arguments(m->argumentList());
    return f;
}

antlrcpp::Any Transformer::visitMemberAccess(G::MemberAccessContext* c) {
    result_ = postfix(c, c->expr(), &Transformer::member);
    return {};
}
antlrcpp::Any Transformer::visitIndexAccess(G::IndexAccessContext* c) {
    result_ = postfix(c, c->expr(0), &Transformer::index);
    return {};
}
antlrcpp::Any Transformer::visitMethodCall(G::MethodCallContext* c) {
    result_ = postfix(c, c->expr(), &Transformer::method);
    return {};
}

antlrcpp::Any Transformer::visitUnaryExpression(G::UnaryExpressionContext* c) {
    auto* u = make<Unary>(c);
    u->op = c->MINUS() ? UnaryOp::Negate : UnaryOp::Plus;
    u->operand = expr(c->primary());
    return done(u, c);
}

// ---- operators ---------------------------------------------------------------------------------

Expr* Transformer::not_(Expr* e, antlr4::ParserRuleContext* c) {
    auto* u = make<Unary>(c);
    u->op = UnaryOp::Not;
    u->operand = e;
    return u;
}

Expr* Transformer::binary(antlr4::ParserRuleContext* c, BinaryOp op, bool negated, G::ExprContext* lhs,
                          G::ExprContext* rhs) {
    auto* b = make<Binary>(c);
    b->op = op;
    b->lhs = expr(lhs);
    b->rhs = expr(rhs);
    return negated ? not_(b, c) : b;
}

static size_t operator_token(antlr4::ParserRuleContext* c, size_t child) {
    auto* t = c->children[child];
    if (auto* term = kind_cast<antlr4::tree::TerminalNode>(t)) return term->getSymbol()->getType();
    return static_cast<antlr4::ParserRuleContext*>(t)->getStart()->getType();
}

struct OpMapping {
    BinaryOp op;
    bool negated;
};

static OpMapping comparison_op(size_t token) {
    using L = qdiff_gen::KqlParser;
    switch (token) {
        case L::EQEQ: return {BinaryOp::Eq, false};
        case L::NEQ:
        case L::NEQ2: return {BinaryOp::NotEq, false};
        case L::EQTILDE: return {BinaryOp::EqualsCi, false};
        case L::BANGTILDE: return {BinaryOp::EqualsCi, true};
        case L::LT: return {BinaryOp::Lt, false};
        case L::LE: return {BinaryOp::LtEq, false};
        case L::GT: return {BinaryOp::Gt, false};
        case L::GE: return {BinaryOp::GtEq, false};
        case L::STAR: return {BinaryOp::Mul, false};
        case L::SLASH: return {BinaryOp::Div, false};
        case L::PERCENT: return {BinaryOp::Mod, false};
        case L::PLUS: return {BinaryOp::Add, false};
        case L::MINUS: return {BinaryOp::Sub, false};
        case L::HAS: return {BinaryOp::Has, false};
        case L::NOT_HAS: return {BinaryOp::Has, true};
        case L::HAS_CS: return {BinaryOp::HasCs, false};
        case L::NOT_HAS_CS: return {BinaryOp::HasCs, true};
        case L::HASPREFIX: return {BinaryOp::HasPrefix, false};
        case L::NOT_HASPREFIX: return {BinaryOp::HasPrefix, true};
        case L::HASPREFIX_CS: return {BinaryOp::HasPrefixCs, false};
        case L::NOT_HASPREFIX_CS: return {BinaryOp::HasPrefixCs, true};
        case L::HASSUFFIX: return {BinaryOp::HasSuffix, false};
        case L::NOT_HASSUFFIX: return {BinaryOp::HasSuffix, true};
        case L::HASSUFFIX_CS: return {BinaryOp::HasSuffixCs, false};
        case L::NOT_HASSUFFIX_CS: return {BinaryOp::HasSuffixCs, true};
        case L::CONTAINS: return {BinaryOp::Contains, false};
        case L::NOT_CONTAINS:
        case L::NOTCONTAINS: return {BinaryOp::Contains, true};
        case L::CONTAINS_CS:
        case L::CONTAINSCS: return {BinaryOp::ContainsCs, false};
        case L::NOT_CONTAINS_CS:
        case L::NOTCONTAINSCS: return {BinaryOp::ContainsCs, true};
        case L::STARTSWITH: return {BinaryOp::StartsWith, false};
        case L::NOT_STARTSWITH: return {BinaryOp::StartsWith, true};
        case L::STARTSWITH_CS: return {BinaryOp::StartsWithCs, false};
        case L::NOT_STARTSWITH_CS: return {BinaryOp::StartsWithCs, true};
        case L::ENDSWITH: return {BinaryOp::EndsWith, false};
        case L::NOT_ENDSWITH: return {BinaryOp::EndsWith, true};
        case L::ENDSWITH_CS: return {BinaryOp::EndsWithCs, false};
        case L::NOT_ENDSWITH_CS: return {BinaryOp::EndsWithCs, true};
        case L::LIKE: return {BinaryOp::ILike, false};
        case L::NOTLIKE: return {BinaryOp::ILike, true};
        case L::LIKECS: return {BinaryOp::Like, false};
        case L::NOTLIKECS: return {BinaryOp::Like, true};
        default: return {BinaryOp::Eq, false};
    }
}

#define QDIFF_KQL_BINARY(Alt)                                         \
    antlrcpp::Any Transformer::visit##Alt(G::Alt##Context* c) {       \
        OpMapping m = comparison_op(operator_token(c, 1));            \
        result_ = binary(c, m.op, m.negated, c->expr(0), c->expr(1)); \
        return {};                                                    \
    }
QDIFF_KQL_BINARY(MultiplicativeExpression)
QDIFF_KQL_BINARY(AdditiveExpression)
QDIFF_KQL_BINARY(RelationalExpression)
QDIFF_KQL_BINARY(EqualityExpression)
QDIFF_KQL_BINARY(StringOperatorExpression)
#undef QDIFF_KQL_BINARY

antlrcpp::Any Transformer::visitAnyColumnExpression(G::AnyColumnExpressionContext* c) {
    OpMapping m = comparison_op(operator_token(c, 1));
    auto* b = make<Binary>(c);
    b->op = m.op;
    b->lhs = make_at<Star>(span(c->STAR()->getSymbol()));
    b->rhs = expr(c->expr());
    result_ = m.negated ? not_(b, c) : b;
    return {};
}

antlrcpp::Any Transformer::visitMatchesRegexExpression(G::MatchesRegexExpressionContext* c) {
    result_ = binary(c, BinaryOp::MatchesRegex, false, c->expr(0), c->expr(1));
    return {};
}

antlrcpp::Any Transformer::visitAndExpression(G::AndExpressionContext* c) {
    result_ = chain(c, BinaryOp::And, [](G::AndExpressionContext* link) {
        return std::pair<antlr4::ParserRuleContext*, antlr4::ParserRuleContext*>{link->expr(0), link->expr(1)};
    });
    return {};
}

antlrcpp::Any Transformer::visitOrExpression(G::OrExpressionContext* c) {
    result_ = chain(c, BinaryOp::Or, [](G::OrExpressionContext* link) {
        return std::pair<antlr4::ParserRuleContext*, antlr4::ParserRuleContext*>{link->expr(0), link->expr(1)};
    });
    return {};
}

antlrcpp::Any Transformer::visitBetweenExpression(G::BetweenExpressionContext* c) {
    auto* b = make<Between>(c);
    b->expr = expr(c->expr(0));
    b->low = expr(c->expr(1));
    b->high = expr(c->expr(2));
    result_ = c->NOT_BETWEEN() ? not_(b, c) : static_cast<Expr*>(b);
    return {};
}

antlrcpp::Any Transformer::visitInExpression(G::InExpressionContext* c) {
    Expr* lhs = expr(c->expr());
    std::vector<Expr*> items;
    for (auto* p : c->pipeExpression()) items.push_back(argument(p));
    if (c->HAS_ANY() || c->HAS_ALL()) {
        auto* b = make<Binary>(c);
        b->op = c->HAS_ANY() ? BinaryOp::HasAny : BinaryOp::HasAll;
        b->lhs = lhs;
        auto* t = make<Tuple>(c);
        t->items = list(items);
        b->rhs = t;
        return done(b, c);
    }
    bool negated = c->NOT_IN() || c->NOT_IN_CI();
    bool ci = c->IN_CI() || c->NOT_IN_CI();
    Expr* e = nullptr;
    if (!ci && items.size() == 1 && isa<SubqueryExpr>(items[0])) {
        auto* s = make<InSubquery>(c);
        s->expr = lhs;
        s->query = cast<SubqueryExpr>(*items[0]).query;
        e = s;
    } else {
        auto* in = make<InList>(c);
        in->case_insensitive = ci;
        in->expr = lhs;
        in->items = list(items);
        e = in;
    }
    result_ = negated ? not_(e, c) : e;
    return {};
}

}  // namespace qdiff::parsers::kql
