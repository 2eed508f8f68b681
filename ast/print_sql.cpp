// The canonical SQL-ish printer. One spelling per construct, so that two equal ASTs print the same
// text and the SQL front end lowers the text back to an equal AST:
//   - negations print in their SQL form: Not(Like) as `a NOT LIKE b`, Not(IsNull) as `a IS NOT NULL`;
//   - parentheses follow precedence, and every operand of the less common operators is parenthesised;
//   - special call syntax comes back for EXTRACT(f FROM x), POSITION(a IN b), TRIM(LEADING FROM x);
//   - TOP n PERCENT / WITH TIES print as TOP, other limits as LIMIT/OFFSET; in T-SQL, which has no
//     LIMIT, as TOP (n), or OFFSET .. ROWS FETCH NEXT .. ROWS ONLY with an offset or a set operation;
//   - a Query that is only `SELECT * FROM (VALUES ...)` prints as VALUES.
// to_sqlite prints a query of another dialect as SQLite runs it instead (the "SQLite spelling"
// section below): that text is for running, not for parsing back.
// KQL and Weaviate nodes print in a readable SQL-like form; they do not parse back as SQL.
#include <cctype>

#include "ast/semantics/operators.hpp"
#include "qdiff/ast_print.hpp"
#include "support/strings.hpp"

namespace qdiff {
namespace {

using namespace ast;

using P = semantics::SqlPrecedence;

// Negations with an SQL spelling of their own.
bool has_negated_form(const Expr* e) {
    if (auto* b = dyn_cast<Binary>(e)) return !semantics::binary_operator(b->op).sql_negated.empty();
    if (auto* u = dyn_cast<Unary>(e))
        return u->op == UnaryOp::IsNull || u->op == UnaryOp::IsTrue || u->op == UnaryOp::IsFalse ||
               u->op == UnaryOp::IsUnknown;
    return isa<InList>(e) || isa<InSubquery>(e) || isa<Between>(e) || isa<Exists>(e);
}

P precedence(const Expr* e) {
    switch (e->kind) {
        case Kind::Binary: return semantics::binary_operator(cast<Binary>(*e).op).sql;
        case Kind::Unary: {
            const auto& u = cast<Unary>(*e);
            if (u.op == UnaryOp::Not)
                return has_negated_form(u.operand) && !isa<Exists>(u.operand) ? precedence(u.operand) : P::Not;
            if (u.op == UnaryOp::Negate || u.op == UnaryOp::Plus || u.op == UnaryOp::BitNot) return P::Unary;
            return P::Is;
        }
        case Kind::Between:
        case Kind::InList:
        case Kind::InSubquery:
        case Kind::Quantified: return P::Compare;
        case Kind::NamedArg: return P::Or;
        default: return P::Atom;
    }
}

// As the SQL lexer reads a name: ASCII letters, digits, '_', '$' and any non-ASCII byte, except the
// two non-ASCII characters it reads as whitespace (U+00A0 and U+FEFF).
bool is_plain_identifier(std::string_view s) {
    if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
    if (s.find("\xC2\xA0") != std::string_view::npos || s.find("\xEF\xBB\xBF") != std::string_view::npos) return false;
    for (char c : s) {
        auto u = static_cast<unsigned char>(c);
        if (!(std::isalnum(u) || u == '_' || u == '$' || u >= 0x80)) return false;
    }
    return true;
}

// A BigQuery wildcard table name `events_*` (lowered unquoted, with its star).
static bool is_wildcard_table(std::string_view s) {
    return s.size() > 1 && s.back() == '*' && is_plain_identifier(s.substr(0, s.size() - 1));
}

// A BigQuery project name written unquoted with dashes, `my-project-2`, as the lexer reads it: a
// name, then dashes each followed by letters, digits or underscores.
static bool is_dashed_name(std::string_view s) {
    size_t dash = s.find('-');
    if (dash == std::string_view::npos || !is_plain_identifier(s.substr(0, dash))) return false;
    for (size_t i = dash; i < s.size(); ++i) {
        bool word = std::isalnum(static_cast<unsigned char>(s[i])) || s[i] == '_';
        if (!(word || (s[i] == '-' && i + 1 < s.size() && s[i + 1] != '-'))) return false;
    }
    return s.back() != '-';
}

class SqlPrinter {
public:
    std::string out;
    bool escape_backslashes = false;  // the dialect reads a backslash in '...' as an escape (MySQL, BigQuery)
    bool time_travel_after_alias = false;  // BigQuery: `t AS a FOR SYSTEM_TIME AS OF ts`
    // DuckDB: lambdas as `lambda x: body`, which it reads in any function's arguments (its `x -> body`
    // is a lambda only in the list functions', see Transformer::takes_lambda)
    bool lambda_keyword = false;
    bool top_for_limits = false;  // T-SQL: no LIMIT (TOP, or OFFSET .. FETCH)
    // to_sqlite: SQLite's spelling of each construct, with the meaning it has in `source`; the first
    // construct SQLite has no spelling for is named in `untranslatable`.
    bool sqlite_target = false;
    Dialect source = Dialect::Generic;
    std::string untranslatable;

    // T-SQL: the limit of a plain SELECT prints as TOP (n).
    bool limit_as_top(const Query& q) const {
        return top_for_limits && q.limit && !q.offset && q.set_ops.empty();
    }

    void node(const Node& n) {
        if (auto* e = dyn_cast<Expr>(&n)) return expr(e);
        if (auto* r = dyn_cast<Relation>(&n)) return relation(*r);
        switch (n.kind) {
            case Kind::Script: {
                const auto& s = cast<Script>(n);
                for (uint32_t i = 0; i < s.statements.size(); ++i) {
                    if (i) out += ";\n";
                    node(*s.statements[i]);
                }
                return;
            }
            case Kind::Query: return query(cast<Query>(n));
            case Kind::Insert: return insert(cast<Insert>(n));
            case Kind::Update: return update(cast<Update>(n));
            case Kind::Delete: return delete_(cast<Delete>(n));
            case Kind::CreateTable: return create_table(cast<CreateTable>(n));
            case Kind::CreateView: return create_view(cast<CreateView>(n));
            case Kind::CreateIndex: return create_index(cast<CreateIndex>(n));
            case Kind::Drop: return drop(cast<Drop>(n));
            case Kind::Command: return command(cast<Command>(n));
            case Kind::Let: {
                const auto& l = cast<Let>(n);
                out += "LET ";
                name(l.name);
                out += " = ";
                if (l.value) node(*l.value);
                return;
            }
            case Kind::SelectItem: return select_item(cast<SelectItem>(n));
            case Kind::OrderItem: return order_item(cast<OrderItem>(n));
            case Kind::Join: return join(cast<Join>(n));
            case Kind::Cte: return cte(cast<Cte>(n));
            case Kind::WindowSpec: return window_spec(cast<WindowSpec>(n));
            case Kind::ColumnDef: return column_def(cast<ColumnDef>(n));
            case Kind::Constraint: return constraint(cast<Constraint>(n));
            case Kind::Search: return search(cast<Search>(n));
            default: out += kind_name(n.kind); return;
        }
    }

private:
    void name(const Name& n) {
        if (!n.quoted && (is_plain_identifier(n.text) || is_wildcard_table(n.text) || is_dashed_name(n.text) ||
                          n.text.starts_with('@'))) {
            out += n.text;  // BigQuery `events_*` and `my-project`, a Snowflake stage `@stage/path`
            return;
        }
        out += '"';
        for (char c : n.text) {
            if (c == '"') out += '"';
            out += c;
        }
        out += '"';
    }
    void names(const List<Name>& parts, std::string_view separator = ".") {
        for (uint32_t i = 0; i < parts.size(); ++i) {
            if (i) out += separator;
            name(parts[i]);
        }
    }
    void string(std::string_view s) {
        out += '\'';
        for (char c : s) {
            if (c == '\'' || (c == '\\' && escape_backslashes)) out += c;
            out += c;
        }
        out += '\'';
    }
    template <class T, class F>
    void comma_list(const List<T>& items, F&& each) {
        for (uint32_t i = 0; i < items.size(); ++i) {
            if (i) out += ", ";
            each(items[i]);
        }
    }

    void parenthesized(const Tuple& t) {
        out += '(';
        exprs(t.items);
        out += ')';
    }

    // GROUPING SETS' `(a)` and `()` are sets of keys, not row values: bare parentheses
    void grouping_sets(const List<Expr*>& items) {
        comma_list(items, [&](const Expr* e) {
            if (auto* t = dyn_cast<Tuple>(e))
                parenthesized(*t);
            else
                expr(e);
        });
    }

    // GROUP BY's `()` is the empty grouping; `ROW(a)` there stays a row value
    void group_by(const List<Expr*>& items) {
        comma_list(items, [&](const Expr* e) {
            if (auto* t = dyn_cast<Tuple>(e); t && t->items.empty())
                out += "()";
            else
                expr(e);
        });
    }

    void exprs(const List<Expr*>& items) {
        comma_list(items, [&](const Expr* e) { expr(e); });
    }
    void alias(const Name& a, const List<Name>& columns) {
        if (a.empty()) return;
        out += " AS ";
        name(a);
        if (!columns.empty()) {
            out += " (";
            names(columns, ", ");
            out += ')';
        }
    }

    // ---- expressions ----

    void operand(const Expr* e, P parent, bool parenthesise_equal) {
        P p = precedence(e);
        bool wrap = p < parent || (p == parent && parenthesise_equal) || (parent == P::Other && p != P::Atom) ||
                    (parent == P::Compare && p == P::Other);
        if (wrap) out += '(';
        expr(e);
        if (wrap) out += ')';
    }

    void expr(const Expr* e) {
        if (!e) {
            out += "NULL";
            return;
        }
        switch (e->kind) {
            case Kind::ColumnRef: return names(cast<ColumnRef>(*e).path);
            case Kind::Star: {
                const auto& s = cast<Star>(*e);
                if (!s.qualifier.empty()) {
                    names(s.qualifier);
                    out += '.';
                }
                out += s.pattern.empty() ? std::string_view("*") : s.pattern;
                if (!s.except.empty() || !s.replace.empty()) cannot("* EXCEPT / * REPLACE");
                if (!s.except.empty()) {
                    out += " EXCEPT (";
                    names(s.except, ", ");
                    out += ')';
                }
                if (!s.replace.empty()) {
                    out += " REPLACE (";
                    comma_list(s.replace, [&](const SelectItem* item) {
                        expr(item->expr);
                        out += " AS ";
                        name(item->alias);
                    });
                    out += ')';
                }
                return;
            }
            case Kind::Literal: return literal(cast<Literal>(*e));
            case Kind::Parameter: out += cast<Parameter>(*e).text; return;
            case Kind::FunctionCall: return function_call(cast<FunctionCall>(*e));
            case Kind::Unary: return unary(cast<Unary>(*e));
            case Kind::Binary: return binary(cast<Binary>(*e), false);
            case Kind::Between: return between(cast<Between>(*e), false);
            case Kind::InList: return in_list(cast<InList>(*e), false);
            case Kind::InSubquery: return in_subquery(cast<InSubquery>(*e), false);
            case Kind::Quantified: {
                const auto& q = cast<Quantified>(*e);
                cannot("ANY / ALL comparisons");
                operand(q.lhs, P::Compare, true);
                out += ' ';
                out += enum_name(q.op);
                out += q.quantifier == Quantifier::Any ? " ANY " : " ALL ";
                if (isa<SubqueryExpr>(q.rhs)) {
                    expr(q.rhs);
                } else if (isa<Tuple>(q.rhs) &&
                           (q.op == BinaryOp::Like || q.op == BinaryOp::ILike)) {  // LIKE ANY ('a%', 'b%')
                    out += '(';
                    exprs(cast<Tuple>(*q.rhs).items);
                    out += ')';
                } else {
                    out += '(';
                    expr(q.rhs);
                    out += ')';
                }
                return;
            }
            case Kind::Exists: return exists(cast<Exists>(*e), false);
            case Kind::SubqueryExpr:
                out += '(';
                query(*cast<SubqueryExpr>(*e).query);
                out += ')';
                return;
            case Kind::Case: return case_(cast<Case>(*e));
            case Kind::Cast: {
                const auto& c = cast<Cast>(*e);
                if (sqlite_target) return sqlite_cast(c);
                out += c.try_cast ? "TRY_CAST(" : "CAST(";
                expr(c.expr);
                out += " AS ";
                out += c.type;
                out += ')';
                return;
            }
            case Kind::Tuple: {
                // `(x)` reads back as x alone, so a row of fewer than two values needs its keyword
                const auto& t = cast<Tuple>(*e);
                if (t.items.size() < 2) cannot("ROW(..) of one value");
                if (t.items.size() < 2) out += "ROW";
                return parenthesized(t);
            }
            case Kind::Array:
                cannot("arrays");
                out += "ARRAY[";
                exprs(cast<Array>(*e).items);
                out += ']';
                return;
            case Kind::Subscript: {
                const auto& s = cast<Subscript>(*e);
                cannot("subscripts [..]");
                operand(s.base, P::Atom, false);
                out += '[';
                if (s.index) expr(s.index);
                if (s.slice) {
                    out += ':';
                    if (s.upper) expr(s.upper);
                }
                out += ']';
                return;
            }
            case Kind::FieldAccess: {
                const auto& f = cast<FieldAccess>(*e);
                cannot("field access (x).f");
                out += '(';
                expr(f.base);
                out += ").";
                name(f.field);
                return;
            }
            case Kind::NamedArg: {
                const auto& n = cast<NamedArg>(*e);
                cannot("named arguments");
                name(n.name);
                out += " => ";
                expr(n.value);
                return;
            }
            case Kind::GroupingSet: {
                const auto& g = cast<GroupingSet>(*e);
                cannot("GROUPING SETS / ROLLUP / CUBE");
                out += g.grouping == GroupingKind::Rollup ? "ROLLUP("
                       : g.grouping == GroupingKind::Cube ? "CUBE("
                                                          : "GROUPING SETS(";
                if (g.grouping == GroupingKind::Sets)
                    grouping_sets(g.items);
                else
                    exprs(g.items);
                out += ')';
                return;
            }
            case Kind::Lambda: {
                const auto& l = cast<Lambda>(*e);
                cannot("lambdas");
                if (is_arrow_lambda(l) && lambda_keyword) {  // DuckDB `lambda a, b: body`
                    out += "lambda ";
                    comma_list(l.params, [&](const ColumnDef* p) { name(p->name); });
                    out += ": ";
                    expr(static_cast<const Expr*>(l.body));
                    return;
                }
                if (is_arrow_lambda(l)) {  // DuckDB / Snowflake `x -> body`, `(a, b) -> body`
                    if (l.params.size() != 1) out += '(';
                    comma_list(l.params, [&](const ColumnDef* p) { name(p->name); });
                    if (l.params.size() != 1) out += ')';
                    out += " -> (";
                    expr(static_cast<const Expr*>(l.body));
                    out += ')';
                    return;
                }
                out += '(';
                comma_list(l.params, [&](const ColumnDef* p) { column_def(*p); });
                out += ") { ";
                if (l.body) node(*l.body);
                out += " }";
                return;
            }
            default: out += kind_name(e->kind);
        }
    }

    static bool is_arrow_lambda(const Lambda& l) {
        if (!l.body || !isa<Expr>(l.body) || l.params.empty()) return false;
        for (const ColumnDef* p : l.params)
            if (!p->type.empty() || !p->constraints.empty()) return false;
        return true;
    }

    void literal(const Literal& l) {
        switch (l.type) {
            case LiteralType::Integer:
            case LiteralType::Decimal: out += l.text; return;
            case LiteralType::String: string(l.text); return;
            case LiteralType::Boolean: out += support::iequals(l.text, "true") ? "TRUE" : "FALSE"; return;
            case LiteralType::Null: out += "NULL"; return;
            case LiteralType::Interval:
                cannot("INTERVAL");
                out += "INTERVAL ";
                string(l.text);
                return;
            case LiteralType::Keyword: out += l.text; return;
            // KQL literal forms, readable rather than SQL.
            case LiteralType::Timespan:
            case LiteralType::Datetime:
            case LiteralType::Dynamic:
            case LiteralType::Guid: return kql_literal(l);
        }
    }

    void kql_literal(const Literal& l) {
        cannot("KQL literals");
        switch (l.type) {
            case LiteralType::Timespan:
                out += "timespan(";
                out += l.text;
                out += ')';
                return;
            case LiteralType::Datetime:
                out += "datetime(";
                out += l.text;
                out += ')';
                return;
            case LiteralType::Dynamic:
                out += "dynamic(";
                out += l.text;
                out += ')';
                return;
            case LiteralType::Guid:
                out += "guid(";
                out += l.text;
                out += ')';
                return;
            default: return;
        }
    }

    bool function_is(const FunctionCall& f, std::string_view n) {
        return f.name.size() == 1 && !f.name[0].quoted && support::iequals(f.name[0].text, n);
    }
    static bool is_keyword_literal(const Expr* e) {
        auto* l = dyn_cast<Literal>(e);
        return l && l->type == LiteralType::Keyword;
    }

    static bool is_niladic_keyword(const FunctionCall& f) {
        if (f.name.size() != 1 || f.name[0].quoted) return false;
        for (std::string_view k :
             {"CURRENT_DATE", "CURRENT_TIME", "CURRENT_TIMESTAMP", "LOCALTIME", "LOCALTIMESTAMP", "CURRENT_USER"})
            if (f.name[0].text == k) return true;
        return false;
    }

    void function_call(const FunctionCall& f) {
        if (sqlite_target && sqlite_function(f)) return;
        if (is_niladic_keyword(f) && f.args.empty() && !f.over) {
            out += f.name[0].text;
            return;
        }
        if (function_is(f, "INTERVAL") && !f.args.empty()) {  // INTERVAL (n) DAY with a computed n
            cannot("INTERVAL");
            out += "INTERVAL (";
            expr(f.args[0]);
            out += ')';
            if (f.args.size() > 1) {
                out += ' ';
                expr(f.args[1]);
            }
            return;
        }
        names(f.name);
        out += '(';
        if (function_is(f, "EXTRACT") && f.args.size() == 2 && is_keyword_literal(f.args[0])) {
            expr(f.args[0]);
            out += " FROM ";
            expr(f.args[1]);
        } else if (function_is(f, "CONVERT") && f.args.size() == 2 && is_keyword_literal(f.args[1]) &&
                   cast<Literal>(*f.args[1]).text.starts_with("USING ")) {
            expr(f.args[0]);
            out += ' ';
            expr(f.args[1]);
        } else if (function_is(f, "MATCH") && f.args.size() >= 2 && isa<Tuple>(f.args[0])) {
            exprs(cast<Tuple>(*f.args[0]).items);
            out += ") AGAINST (";
            expr(f.args[1]);
            if (f.args.size() > 2) {
                out += ' ';
                expr(f.args[2]);
            }
        } else if (function_is(f, "POSITION") && f.args.size() == 2) {
            operand(f.args[0], P::Compare, true);
            out += " IN ";
            operand(f.args[1], P::Compare, true);
        } else if (function_is(f, "TRIM") && !f.args.empty() && is_keyword_literal(f.args[0])) {
            expr(f.args[0]);  // LEADING | TRAILING | BOTH
            out += ' ';
            if (f.args.size() == 3) {
                expr(f.args[1]);
                out += ' ';
            }
            out += "FROM ";
            expr(f.args.back());
        } else {
            if (f.distinct) out += "DISTINCT ";
            // BigQuery's aggregate LIMIT is lowered to a last argument named limit, IGNORE NULLS to one
            // named nulls before it.
            size_t n = f.args.size();
            const NamedArg* limit = trailing_named(f.args, n, "limit");
            const NamedArg* nulls = trailing_named(f.args, n, "nulls");
            bool is_struct = function_is(f, "STRUCT");  // BigQuery STRUCT(1 AS a), DuckDB {'a': 1}
            if (is_struct) cannot("STRUCT");
            if (limit || nulls) cannot("LIMIT / IGNORE NULLS in an aggregate's arguments");
            // (SQLite reads an ORDER BY among an aggregate's arguments from 3.44 on; the linked one is older.)
            if (!f.arg_order.empty()) cannot("ORDER BY in an aggregate's arguments");
            for (size_t i = 0; i < n; ++i) {
                if (i) out += ", ";
                if (const auto* field = dyn_cast<NamedArg>(f.args[i]); field && is_struct) {
                    expr(field->value);
                    out += " AS ";
                    name(field->name);
                    continue;
                }
                expr(f.args[i]);
            }
            if (nulls) {
                out += ' ';
                expr(nulls->value);
            }
            if (!f.arg_order.empty()) {
                out += " ORDER BY ";
                comma_list(f.arg_order, [&](const OrderItem* o) { order_item(*o); });
            }
            if (limit) {
                out += " LIMIT ";
                expr(limit->value);
            }
        }
        out += ')';
        call_suffix(f);
    }

    // FILTER (WHERE ..) and OVER (..) after a call's arguments.
    void call_suffix(const FunctionCall& f) {
        if (f.filter) {
            out += " FILTER (WHERE ";
            expr(f.filter);
            out += ')';
        }
        if (f.over) {
            out += " OVER ";
            const WindowSpec& w = *f.over;
            if (!w.base.empty() && w.partition_by.empty() && w.order_by.empty() && !w.frame) {
                name(w.base);
            } else {
                window_spec(w);
            }
        }
    }

    // The last of args[0, n) when it is an argument with this name (then n counts it out).
    static const NamedArg* trailing_named(const List<Expr*>& args, size_t& n, std::string_view name) {
        const NamedArg* a = n == 0 ? nullptr : dyn_cast<NamedArg>(args[static_cast<uint32_t>(n - 1)]);
        if (!a || a->name.quoted || a->name.text != name) return nullptr;
        --n;
        return a;
    }

    void unary(const Unary& u) {
        switch (u.op) {
            case UnaryOp::Not:
                if (auto* b = dyn_cast<Binary>(u.operand); b && has_negated_form(b)) return binary(*b, true);
                if (auto* b = dyn_cast<Between>(u.operand)) return between(*b, true);
                if (auto* i = dyn_cast<InList>(u.operand)) return in_list(*i, true);
                if (auto* i = dyn_cast<InSubquery>(u.operand)) return in_subquery(*i, true);
                if (auto* x = dyn_cast<Exists>(u.operand)) return exists(*x, true);
                if (auto* is = dyn_cast<Unary>(u.operand); is && has_negated_form(is)) return postfix_is(*is, true);
                out += "NOT ";
                operand(u.operand, P::Not, false);
                return;
            case UnaryOp::Negate:
            case UnaryOp::Plus:
            case UnaryOp::BitNot:
                out += enum_name(u.op);
                // `- -1` must not print as `--1`, a comment.
                if (isa<Unary>(u.operand)) out += ' ';
                operand(u.operand, P::Unary, false);
                return;
            default: return postfix_is(u, false);
        }
    }

    void postfix_is(const Unary& u, bool negated) {
        operand(u.operand, P::Is, true);
        std::string_view text = enum_name(u.op);  // "IS NULL"
        if (sqlite_target && u.op == UnaryOp::IsUnknown) text = "IS NULL";  // (SQLite has no UNKNOWN: NULL is it)
        out += negated ? " IS NOT" : " IS";
        out += text.substr(2);
    }

    void binary(const Binary& b, bool negated) {
        if (sqlite_target && sqlite_binary(b)) return;
        const semantics::BinaryOperator& info = semantics::binary_operator(b.op);
        P p = info.sql;
        operand(b.lhs, p, !info.associative && p != P::Additive && p != P::Multiplicative);
        out += ' ';
        std::string_view spelling = negated ? info.sql_negated : semantics::sql_spelling(b.op);  // NOT LIKE, ...
        // SQLite's LIKE already ignores the case of ASCII letters (sqlite.org/lang_expr.html, "The LIKE,
        // GLOB, REGEXP, MATCH, and extract operators": case-insensitive for ASCII unless
        // case_sensitive_like is on, and not for other letters, as ILIKE's locale may be).
        if (sqlite_target && b.op == BinaryOp::ILike) spelling = negated ? "NOT LIKE" : "LIKE";
        out += spelling;
        out += ' ';
        if (b.op == BinaryOp::Like || b.op == BinaryOp::ILike || b.op == BinaryOp::SimilarTo) {
            // `a LIKE b ESCAPE c` keeps the escape with the pattern.
            if (auto* esc = dyn_cast<Binary>(b.rhs); esc && esc->op == BinaryOp::Escape) {
                operand(esc->lhs, p, true);
                out += " ESCAPE ";
                operand(esc->rhs, p, true);
                return;
            }
        }
        operand(b.rhs, p, true);
    }

    void between(const Between& b, bool negated) {
        operand(b.expr, P::Compare, true);
        out += negated ? " NOT BETWEEN " : " BETWEEN ";
        if (b.symmetric) out += "SYMMETRIC ";
        operand(b.low, P::Compare, true);
        out += " AND ";
        operand(b.high, P::Compare, true);
    }

    void in_list(const InList& i, bool negated) {
        operand(i.expr, P::Compare, true);
        out += negated ? " NOT IN (" : " IN (";
        exprs(i.items);
        out += ')';
    }

    void in_subquery(const InSubquery& i, bool negated) {
        operand(i.expr, P::Compare, true);
        out += negated ? " NOT IN (" : " IN (";
        query(*i.query);
        out += ')';
    }

    void exists(const Exists& x, bool negated) {
        out += negated ? "NOT EXISTS (" : "EXISTS (";
        query(*x.query);
        out += ')';
    }

    void case_(const Case& c) {
        out += "CASE";
        if (c.operand) {
            out += ' ';
            expr(c.operand);
        }
        for (const When* w : c.whens) {
            out += " WHEN ";
            expr(w->condition);
            out += " THEN ";
            expr(w->result);
        }
        if (c.else_) {
            out += " ELSE ";
            expr(c.else_);
        }
        out += " END";
    }

    // ---- relations and clauses ----

    void relation(const Relation& r) {
        switch (r.kind) {
            case Kind::TableRef: {
                const auto& t = cast<TableRef>(r);
                if (!t.as_of.empty()) cannot("time travel (FOR SYSTEM_TIME, AT, BEFORE)");
                names(t.name);
                if (!time_travel_after_alias) time_travel(t);
                alias(t.alias, t.column_aliases);
                if (time_travel_after_alias) time_travel(t);
                return;
            }
            case Kind::DerivedTable: {
                const auto& d = cast<DerivedTable>(r);
                if (d.lateral) cannot("LATERAL");
                if (d.lateral) out += "LATERAL ";
                out += '(';
                query(*d.query);
                out += ')';
                alias(d.alias, d.column_aliases);
                return;
            }
            case Kind::TableFunction: {
                const auto& t = cast<TableFunction>(r);
                if (t.lateral) cannot("LATERAL");
                if (function_is(*t.call, "UNNEST")) cannot("UNNEST");
                if (t.lateral) out += "LATERAL ";
                FunctionCall call = *t.call;
                size_t n = call.args.size();
                const NamedArg* offset = trailing_named(call.args, n, "with_offset");
                call.args = List<Expr*>(call.args.begin(), static_cast<uint32_t>(n));
                function_call(call);
                alias(t.alias, t.column_aliases);
                if (offset) {  // BigQuery UNNEST(a) AS x WITH OFFSET AS i
                    out += " WITH OFFSET";
                    if (const auto* position = dyn_cast<ColumnRef>(offset->value)) {
                        out += " AS ";
                        names(position->path);
                    }
                }
                return;
            }
            case Kind::ValuesTable: {
                const auto& v = cast<ValuesTable>(r);
                out += '(';
                values(v);
                out += ')';
                alias(v.alias, v.column_aliases);
                return;
            }
            case Kind::PivotTable: return pivot(cast<PivotTable>(r));
            case Kind::SampledTable: {
                const auto& t = cast<SampledTable>(r);
                cannot("TABLESAMPLE");
                relation(*t.source);
                out += " TABLESAMPLE ";
                if (!t.method.empty()) {
                    out += t.method;
                    out += ' ';
                }
                out += '(';
                expr(t.size);
                out += t.rows ? " ROWS)" : " PERCENT)";
                if (t.seed) {
                    out += " REPEATABLE (";
                    expr(t.seed);
                    out += ')';
                }
                alias(t.alias, t.column_aliases);
                return;
            }
            case Kind::JoinedTable: {
                const auto& j = cast<JoinedTable>(r);
                out += '(';
                relation(*j.first);
                for (const Join* join_ : j.joins) join(*join_);
                out += ')';
                if (!j.alias.empty()) alias(j.alias, {});
                return;
            }
            default: out += kind_name(r.kind);
        }
    }

    void time_travel(const TableRef& t) {
        if (t.as_of.empty()) return;
        if (t.as_of.starts_with("SYSTEM_TIME")) {
            out += " FOR SYSTEM_TIME ";
            std::string_view range = t.as_of.substr(std::string_view("SYSTEM_TIME").size());
            if (range.empty()) {
                out += "AS OF ";
                expr(t.as_of_value);
            } else if (range == " ALL") {
                out += "ALL";
            } else {
                bool contained = range == " CONTAINED IN";
                out += range.substr(1);
                out += contained ? " (" : " ";
                expr(t.as_of_value);
                out += contained ? ", " : range == " FROM" ? " TO " : " AND ";
                expr(t.as_of_end);
                if (contained) out += ')';
            }
            return;
        }
        size_t space = t.as_of.find(' ');  // Snowflake "AT TIMESTAMP" → AT(TIMESTAMP => value)
        out += ' ';
        out += t.as_of.substr(0, space);
        out += '(';
        out += t.as_of.substr(space + 1);
        out += " => ";
        expr(t.as_of_value);
        out += ')';
    }

    void pivot(const PivotTable& p) {
        cannot(p.unpivot ? "UNPIVOT" : "PIVOT");
        relation(*p.source);
        out += p.unpivot ? (p.include_nulls ? " UNPIVOT INCLUDE NULLS (" : " UNPIVOT (") : " PIVOT (";
        if (p.unpivot && p.values.size() != 1) out += '(';
        comma_list(p.values, [&](const SelectItem* s) { select_item(*s); });
        if (p.unpivot && p.values.size() != 1) out += ')';
        out += " FOR ";
        if (p.columns.size() != 1) out += '(';
        exprs(p.columns);
        if (p.columns.size() != 1) out += ')';
        out += " IN (";
        if (p.in_any) {
            out += "ANY";
            if (!p.in_order.empty()) {
                out += " ORDER BY ";
                comma_list(p.in_order, [&](const OrderItem* o) { order_item(*o); });
            }
        } else if (p.in_query) {
            query(*p.in_query);
        } else {
            comma_list(p.in, [&](const SelectItem* s) { select_item(*s); });
        }
        out += ')';
        if (p.default_on_null) {
            out += " DEFAULT ON NULL (";
            expr(p.default_on_null);
            out += ')';
        }
        out += ')';
        alias(p.alias, p.column_aliases);
    }

    void values(const ValuesTable& v) {
        out += "VALUES ";
        comma_list(v.rows, [&](const Tuple* row) { parenthesized(*row); });
    }

    void join(const Join& j) {
        out += ' ';
        if (j.natural) out += "NATURAL ";
        switch (j.join) {
            case JoinKind::Inner: out += "JOIN "; break;
            case JoinKind::Left: out += "LEFT JOIN "; break;
            case JoinKind::Right: out += "RIGHT JOIN "; break;
            case JoinKind::Full: out += "FULL JOIN "; break;
            case JoinKind::Cross: out += "CROSS JOIN "; break;
            case JoinKind::CrossApply:
                cannot("CROSS APPLY");
                out += "CROSS APPLY ";
                break;
            case JoinKind::OuterApply:
                cannot("OUTER APPLY");
                out += "OUTER APPLY ";
                break;
            default:
                cannot("semi, anti and other KQL joins");
                out += support::to_upper(enum_name(j.join));
                out += " JOIN ";
                break;
        }
        relation(*j.right);
        if (j.condition) {
            out += " ON ";
            expr(j.condition);
        } else if (!j.using_columns.empty()) {
            out += " USING (";
            names(j.using_columns, ", ");
            out += ')';
        }
    }

    void select_item(const SelectItem& s) {
        expr(s.expr);
        if (!s.alias.empty()) {
            out += " AS ";
            name(s.alias);
        }
    }

    // A lone unqualified `*` in GROUP BY or ORDER BY is ALL (DuckDB, Snowflake).
    static bool is_all(const Expr* e) {
        const auto* s = dyn_cast<Star>(e);
        return s && s->qualifier.empty() && s->pattern.empty() && s->except.empty() && s->replace.empty();
    }

    void order_item(const OrderItem& o) {
        if (is_all(o.expr)) cannot("ORDER BY ALL");
        if (is_all(o.expr))
            out += "ALL";
        else
            expr(o.expr);
        if (o.dir == SortDir::Asc) out += " ASC";
        if (o.dir == SortDir::Desc) out += " DESC";
        if (o.nulls == NullsOrder::First) out += " NULLS FIRST";
        if (o.nulls == NullsOrder::Last) out += " NULLS LAST";
    }

    void cte(const Cte& c) {
        name(c.name);
        if (!c.columns.empty()) {
            out += " (";
            names(c.columns, ", ");
            out += ')';
        }
        out += " AS ";
        if (c.materialization == Materialization::Materialized) out += "MATERIALIZED ";
        if (c.materialization == Materialization::NotMaterialized) out += "NOT MATERIALIZED ";
        out += '(';
        if (c.query)
            query(*c.query);
        else if (c.statement)
            node(*c.statement);
        out += ')';
    }

    void frame_bound(FrameBound b, const Expr* offset) {
        switch (b) {
            case FrameBound::UnboundedPreceding: out += "UNBOUNDED PRECEDING"; return;
            case FrameBound::Preceding:
                expr(offset);
                out += " PRECEDING";
                return;
            case FrameBound::CurrentRow: out += "CURRENT ROW"; return;
            case FrameBound::Following:
                expr(offset);
                out += " FOLLOWING";
                return;
            case FrameBound::UnboundedFollowing: out += "UNBOUNDED FOLLOWING"; return;
            case FrameBound::None: return;
        }
    }

    void window_spec(const WindowSpec& w) {
        out += '(';
        bool space = false;
        auto sep = [&] {
            if (space) out += ' ';
            space = true;
        };
        if (!w.base.empty()) {
            sep();
            name(w.base);
        }
        if (!w.partition_by.empty()) {
            sep();
            out += "PARTITION BY ";
            exprs(w.partition_by);
        }
        if (!w.order_by.empty()) {
            sep();
            out += "ORDER BY ";
            comma_list(w.order_by, [&](const OrderItem* o) { order_item(*o); });
        }
        if (const WindowFrame* f = w.frame) {
            sep();
            out += support::to_upper(enum_name(f->unit));
            out += ' ';
            if (f->end == FrameBound::None) {
                frame_bound(f->start, f->start_offset);
            } else {
                out += "BETWEEN ";
                frame_bound(f->start, f->start_offset);
                out += " AND ";
                frame_bound(f->end, f->end_offset);
            }
            switch (f->exclude) {
                case FrameExclude::None: break;
                case FrameExclude::CurrentRow: out += " EXCLUDE CURRENT ROW"; break;
                case FrameExclude::Group: out += " EXCLUDE GROUP"; break;
                case FrameExclude::Ties: out += " EXCLUDE TIES"; break;
                case FrameExclude::NoOthers: out += " EXCLUDE NO OTHERS"; break;
            }
        }
        out += ')';
    }

    void search(const Search& s) {
        out += "SEARCH ";
        out += support::to_upper(enum_name(s.search));
        out += '(';
        if (s.query) expr(s.query);
        if (!s.properties.empty()) {
            out += " IN (";
            exprs(s.properties);
            out += ')';
        }
        for (const Expr* o : s.options) {
            out += ", ";
            expr(o);
        }
        out += ')';
    }

    // `SELECT * FROM (VALUES ...)` with nothing else is how VALUES statements are kept.
    static bool is_bare_values(const Query& q) {
        return q.projection.size() == 1 && isa<Star>(q.projection[0]->expr) &&
               cast<Star>(*q.projection[0]->expr).qualifier.empty() && q.projection[0]->alias.empty() &&
               q.sources.size() == 1 && isa<ValuesTable>(q.sources[0]) &&
               cast<ValuesTable>(*q.sources[0]).alias.empty() && q.joins.empty() && !q.filter && q.group_by.empty() &&
               !q.having && q.distinct == DistinctKind::None && q.search.empty() && q.aggregations.empty() &&
               !q.qualify && q.windows.empty();
    }

    static bool needs_parentheses_as_operand(const Query& q) {
        return !q.set_ops.empty() || !q.order_by.empty() || q.limit || q.offset || !q.ctes.empty();
    }

    void query_core(const Query& q) {
        if (is_bare_values(q)) {
            values(cast<ValuesTable>(*q.sources[0]));
            return;
        }
        out += "SELECT ";
        if (sqlite_target) {  // TOP n is LIMIT n there (query below); the rest has no SQLite spelling
            if (q.limit && q.limit_percent) cannot("TOP .. PERCENT");
            if (q.limit && q.limit_with_ties) cannot("WITH TIES");
            if (q.distinct == DistinctKind::DistinctOn) cannot("DISTINCT ON");
            if (!q.search.empty()) cannot("search clauses");
            if (q.qualify) cannot("QUALIFY");
            for (const Expr* o : q.options)
                if (auto* option = dyn_cast<NamedArg>(o); option && option->name.text == "select_as")
                    cannot("SELECT AS STRUCT / VALUE");
                else if (option && option->name.text == "into")
                    cannot("SELECT .. INTO");
        }
        if (!sqlite_target && q.limit &&
            (q.limit_percent || (q.limit_with_ties && !q.offset) || limit_as_top(q))) {
            out += "TOP (";
            expr(q.limit);
            out += ')';
            if (q.limit_percent) out += " PERCENT";
            if (q.limit_with_ties) out += " WITH TIES";
            out += ' ';
        }
        if (q.distinct == DistinctKind::Distinct) out += "DISTINCT ";
        if (q.distinct == DistinctKind::DistinctOn) {
            out += "DISTINCT ON (";
            exprs(q.distinct_on);
            out += ") ";
        }
        for (const Expr* o : q.options) {
            if (auto* as = dyn_cast<NamedArg>(o); as && as->name.text == "select_as") {
                out += "AS ";
                expr(as->value);
                out += ' ';
            }
        }
        if (q.projection.empty() && q.aggregations.empty()) out += '*';
        comma_list(q.projection, [&](const SelectItem* s) { select_item(*s); });
        if (!q.aggregations.empty()) {
            if (!q.projection.empty()) out += ", ";
            comma_list(q.aggregations, [&](const SelectItem* s) { select_item(*s); });
        }
        for (const Expr* o : q.options) {
            if (auto* into = dyn_cast<NamedArg>(o); into && into->name.text == "into") {
                out += " INTO ";
                expr(into->value);
            }
        }
        if (!q.sources.empty()) {
            out += " FROM ";
            comma_list(q.sources, [&](const Relation* r) { relation(*r); });
            for (const Join* j : q.joins) join(*j);
        }
        if (!q.search.empty()) {
            out += " WHERE ";
            for (uint32_t i = 0; i < q.search.size(); ++i) {
                if (i) out += " AND ";
                search(*q.search[i]);
            }
            if (q.filter) out += " AND ";
        }
        if (q.filter) {
            if (q.search.empty()) out += " WHERE ";
            expr(q.filter);
        }
        if (!q.group_by.empty()) {
            out += " GROUP BY ";
            if (q.group_by.size() == 1 && is_all(q.group_by[0])) cannot("GROUP BY ALL");
            if (q.group_by.size() == 1 && is_all(q.group_by[0]))
                out += "ALL";
            else
                group_by(q.group_by);
        }
        if (q.having) {
            out += " HAVING ";
            expr(q.having);
        }
        if (!q.windows.empty()) {
            out += " WINDOW ";
            comma_list(q.windows, [&](const WindowDef* w) {
                name(w->name);
                out += " AS ";
                window_spec(*w->spec);
            });
        }
        if (q.qualify) {
            out += " QUALIFY ";
            expr(q.qualify);
        }
    }

    void query(const Query& q) {
        if (!q.ctes.empty()) {
            out += q.recursive ? "WITH RECURSIVE " : "WITH ";
            comma_list(q.ctes, [&](const Cte* c) { cte(*c); });
            out += ' ';
        }
        // Set operations apply left to right; INTERSECT binds tighter in SQL, so a prefix that
        // holds a UNION or EXCEPT is parenthesised before an INTERSECT follows it.
        size_t prefix_start = out.size();
        query_core(q);
        bool prefix_has_union = false;
        for (const SetOp* s : q.set_ops) {
            // (SQLite applies compound operators left to right at one precedence, as the AST means them,
            // and reads no parenthesised operand.)
            if (s->op == SetOpKind::Intersect && prefix_has_union && !sqlite_target) {
                out.insert(prefix_start, 1, '(');
                out += ')';
            }
            if (s->op != SetOpKind::Intersect) prefix_has_union = true;
            out += ' ';
            out += support::to_upper(enum_name(s->op));
            if (s->all) out += " ALL";
            out += ' ';
            if (needs_parentheses_as_operand(*s->query) && sqlite_target) {
                out += "SELECT * FROM (";
                query(*s->query);
                out += ')';
            } else if (needs_parentheses_as_operand(*s->query)) {
                out += '(';
                query(*s->query);
                out += ')';
            } else {
                query_core(*s->query);
            }
        }
        if (!q.order_by.empty()) {
            out += " ORDER BY ";
            comma_list(q.order_by, [&](const OrderItem* o) { order_item(*o); });
        }
        // WITH TIES after an OFFSET has only the standard's form: OFFSET .. ROWS FETCH NEXT .. ROWS WITH TIES
        const bool fetch_with_ties = q.limit && q.limit_with_ties && q.offset && !q.limit_percent;
        if (fetch_with_ties || (top_for_limits && !limit_as_top(q) && !q.limit_percent && !q.limit_with_ties &&
                                (q.offset || q.limit))) {
            out += " OFFSET ";
            if (q.offset)
                expr(q.offset);
            else
                out += '0';
            out += " ROWS";
            if (q.limit) {
                out += " FETCH NEXT ";
                expr(q.limit);
                out += q.limit_with_ties ? " ROWS WITH TIES" : " ROWS ONLY";
            }
            return;
        }
        if (sqlite_target && q.limit) {
            out += " LIMIT ";
            expr(q.limit);
        } else if (q.limit && !q.limit_percent && !q.limit_with_ties && !limit_as_top(q)) {
            out += " LIMIT ";
            expr(q.limit);
        }
        if (sqlite_target && q.offset && !q.limit) out += " LIMIT -1";  // SQLite's OFFSET follows a LIMIT
        if (q.offset) {
            out += " OFFSET ";
            expr(q.offset);
        }
    }

    // ---- other statements ----

    void returning(const List<SelectItem*>& items) {
        if (items.empty()) return;
        out += " RETURNING ";
        comma_list(items, [&](const SelectItem* s) { select_item(*s); });
    }

    void assignments(const List<Assignment*>& items) {
        comma_list(items, [&](const Assignment* a) {
            names(a->column);
            out += " = ";
            expr(a->value);
        });
    }

    void insert(const Insert& i) {
        out += "INSERT INTO ";
        names(i.table);
        if (!i.alias.empty()) {
            out += " AS ";
            name(i.alias);
        }
        if (!i.columns.empty()) {
            out += " (";
            names(i.columns, ", ");
            out += ')';
        }
        if (i.default_values) out += " DEFAULT VALUES";
        if (i.source) {
            out += ' ';
            query(*i.source);
        }
        if (!i.on_conflict_set.empty()) {
            out += " ON CONFLICT DO UPDATE SET ";
            assignments(i.on_conflict_set);
        }
        returning(i.returning);
    }

    void with(const List<Cte*>& ctes) {
        if (ctes.empty()) return;
        out += "WITH ";
        comma_list(ctes, [&](const Cte* c) { cte(*c); });
        out += ' ';
    }

    void update(const Update& u) {
        with(u.ctes);
        out += "UPDATE ";
        relation(*u.table);
        out += " SET ";
        assignments(u.assignments);
        if (!u.from.empty()) {
            out += " FROM ";
            comma_list(u.from, [&](const Relation* r) { relation(*r); });
            for (const Join* j : u.joins) join(*j);
        }
        if (u.filter) {
            out += " WHERE ";
            expr(u.filter);
        }
        returning(u.returning);
    }

    void delete_(const Delete& d) {
        with(d.ctes);
        out += "DELETE FROM ";
        relation(*d.table);
        if (!d.using_.empty()) {
            out += " USING ";
            comma_list(d.using_, [&](const Relation* r) { relation(*r); });
        }
        if (d.filter) {
            out += " WHERE ";
            expr(d.filter);
        }
        returning(d.returning);
    }

    void constraint(const Constraint& c) {
        if (c.constraint == ConstraintKind::Other) {  // MySQL's index in CREATE TABLE: KEY name (columns)
            out += "KEY";
            if (!c.name.empty()) {
                out += ' ';
                name(c.name);
            }
            if (!c.columns.empty()) {
                out += " (";
                names(c.columns, ", ");
                out += ')';
            }
            return;
        }
        if (!c.name.empty()) {
            out += "CONSTRAINT ";
            name(c.name);
            out += ' ';
        }
        auto columns = [&](const List<Name>& cols) {
            if (cols.empty()) return;
            out += " (";
            names(cols, ", ");
            out += ')';
        };
        switch (c.constraint) {
            case ConstraintKind::PrimaryKey:
                out += "PRIMARY KEY";
                columns(c.columns);
                return;
            case ConstraintKind::Unique:
                out += "UNIQUE";
                columns(c.columns);
                return;
            case ConstraintKind::ForeignKey:
                if (!c.columns.empty()) {
                    out += "FOREIGN KEY";
                    columns(c.columns);
                    out += ' ';
                }
                out += "REFERENCES ";
                names(c.ref_table);
                columns(c.ref_columns);
                return;
            case ConstraintKind::NotNull: out += "NOT NULL"; return;
            case ConstraintKind::Null: out += "NULL"; return;
            case ConstraintKind::Default:
                // The grammar takes a literal, a call or a parenthesised expression here.
                out += "DEFAULT ";
                if (isa<Literal>(c.expr) || isa<FunctionCall>(c.expr)) {
                    expr(c.expr);
                } else {
                    out += '(';
                    expr(c.expr);
                    out += ')';
                }
                return;
            case ConstraintKind::Check:
                out += "CHECK (";
                expr(c.expr);
                out += ')';
                return;
            case ConstraintKind::AutoIncrement: out += "AUTOINCREMENT"; return;
            case ConstraintKind::Collate:
                out += "COLLATE ";
                expr(c.expr);
                return;
            case ConstraintKind::Generated:
                out += "GENERATED ALWAYS AS (";
                expr(c.expr);
                out += ')';
                return;
            case ConstraintKind::Other: return;  // printed above
        }
    }

    void column_def(const ColumnDef& c) {
        name(c.name);
        if (!c.type.empty()) {
            out += ' ';
            out += c.type;
        }
        for (const Constraint* k : c.constraints) {
            out += ' ';
            constraint(*k);
        }
    }

    void create_table(const CreateTable& t) {
        out += t.temporary ? "CREATE TEMPORARY TABLE " : "CREATE TABLE ";
        if (t.if_not_exists) out += "IF NOT EXISTS ";
        names(t.name);
        if (!t.columns.empty() || !t.constraints.empty()) {
            out += " (";
            comma_list(t.columns, [&](const ColumnDef* c) { column_def(*c); });
            for (uint32_t i = 0; i < t.constraints.size(); ++i) {
                if (i || !t.columns.empty()) out += ", ";
                constraint(*t.constraints[i]);
            }
            out += ')';
        }
        if (t.as_query) {
            out += " AS ";
            query(*t.as_query);
        }
    }

    void create_view(const CreateView& v) {
        out += "CREATE ";
        if (v.or_replace) out += "OR REPLACE ";
        if (v.temporary) out += "TEMPORARY ";
        if (v.materialized) out += "MATERIALIZED ";
        out += "VIEW ";
        if (v.if_not_exists) out += "IF NOT EXISTS ";
        names(v.name);
        if (!v.columns.empty()) {
            out += " (";
            names(v.columns, ", ");
            out += ')';
        }
        out += " AS ";
        query(*v.query);
    }

    void create_index(const CreateIndex& i) {
        out += i.unique ? "CREATE UNIQUE INDEX " : "CREATE INDEX ";
        if (i.if_not_exists) out += "IF NOT EXISTS ";
        if (!i.name.empty()) {  // PostgreSQL names an unnamed index itself
            name(i.name);
            out += ' ';
        }
        out += "ON ";
        names(i.table);
        out += " (";
        comma_list(i.columns, [&](const OrderItem* o) { order_item(*o); });
        out += ')';
        if (i.filter) {
            out += " WHERE ";
            expr(i.filter);
        }
    }

    void drop(const Drop& d) {
        out += "DROP ";
        out += d.object;
        if (d.if_exists) out += " IF EXISTS";
        out += ' ';
        comma_list(d.targets, [&](const TableRef* t) { names(t->name); });
        if (d.cascade) out += " CASCADE";
    }

    void command(const Command& c) {
        out += c.verb;
        if (c.body) {
            out += ' ';
            node(*c.body);
        } else if (!c.text.empty()) {
            out += ' ';
            out += c.text;
        }
    }

    // ---- SQLite spelling (to_sqlite) ----

    void cannot(std::string_view what) {
        if (sqlite_target && untranslatable.empty()) untranslatable = what;
    }

    // `/` divides as real numbers in these engines (MySQL, BigQuery, Snowflake: a decimal or FLOAT64
    // result; DuckDB since 0.8), as SQLite's does only when an operand is real: 5 / 2 is 2.5 there, 2 in SQLite.
    bool source_divides_as_reals() const {
        return source == Dialect::Mysql || source == Dialect::Bigquery || source == Dialect::Snowflake ||
               source == Dialect::Duckdb;
    }

    void parenthesized_expr(const Expr* e) {
        out += '(';
        expr(e);
        out += ')';
    }

    // The operators SQLite spells otherwise or lacks; false when `b` prints as it is.
    bool sqlite_binary(const Binary& b) {
        switch (b.op) {
            case BinaryOp::Div:
                if (!source_divides_as_reals()) return false;
                out += "CAST(";
                expr(b.lhs);
                out += " AS REAL) / ";
                operand(b.rhs, P::Multiplicative, true);
                return true;
            case BinaryOp::IntDiv:  // MySQL's DIV truncates the quotient
                out += "CAST(";
                parenthesized_expr(b.lhs);
                out += " / ";
                parenthesized_expr(b.rhs);
                out += " AS INTEGER)";
                return true;
            case BinaryOp::BitXor:  // a ^ b is (a | b) - (a & b) in two's complement
                out += "((";
                parenthesized_expr(b.lhs);
                out += " | ";
                parenthesized_expr(b.rhs);
                out += ") - (";
                parenthesized_expr(b.lhs);
                out += " & ";
                parenthesized_expr(b.rhs);
                out += "))";
                return true;
            case BinaryOp::Power:
                out += "pow(";
                expr(b.lhs);
                out += ", ";
                expr(b.rhs);
                out += ')';
                return true;
            case BinaryOp::Xor:  // MySQL's logical XOR: NULL when either side is
                out += "((";
                parenthesized_expr(b.lhs);
                out += " <> 0) <> (";
                parenthesized_expr(b.rhs);
                out += " <> 0))";
                return true;
            case BinaryOp::Add: case BinaryOp::Sub: case BinaryOp::Mul: case BinaryOp::Mod: case BinaryOp::Concat:
            case BinaryOp::BitAnd: case BinaryOp::BitOr: case BinaryOp::ShiftLeft: case BinaryOp::ShiftRight:
            case BinaryOp::Eq: case BinaryOp::NotEq: case BinaryOp::Lt: case BinaryOp::LtEq: case BinaryOp::Gt:
            case BinaryOp::GtEq: case BinaryOp::IsDistinctFrom: case BinaryOp::And: case BinaryOp::Or:
            case BinaryOp::Like: case BinaryOp::ILike: case BinaryOp::Glob: case BinaryOp::Regexp:
            case BinaryOp::Match: case BinaryOp::Escape: case BinaryOp::Collate: case BinaryOp::JsonGet:
            case BinaryOp::JsonGetText:
                return false;
            default:
                cannot(semantics::sql_spelling(b.op));
                return false;
        }
    }

    // The type a CAST names, for SQLite, whose CAST goes by the type's affinity (sqlite.org/datatype3.html,
    // 3.1: INT -> INTEGER; CHAR, CLOB, TEXT -> TEXT; REAL, FLOA, DOUB -> REAL; else NUMERIC): names that
    // would land in the wrong one are spelled as the one they mean.
    static std::string_view sqlite_cast_type(std::string_view base, std::string_view type) {
        if (base == "STRING" || base == "JSON" || base == "VARIANT" || base == "UUID") return "TEXT";
        if (base == "BOOL" || base == "BOOLEAN" || base == "BIT" || base == "SIGNED" || base == "UNSIGNED" ||
            base == "SIGNED INTEGER" || base == "UNSIGNED INTEGER")
            return "INTEGER";
        if (base == "BYTES" || base == "BINARY" || base == "VARBINARY" || base == "BYTEA") return "BLOB";
        return type;
    }

    static bool has_integer_affinity(std::string_view type) { return type.find("INT") != std::string_view::npos; }
    static bool has_text_affinity(std::string_view type) {
        return type.find("CHAR") != std::string_view::npos || type.find("CLOB") != std::string_view::npos ||
               type.find("TEXT") != std::string_view::npos;
    }

    void sqlite_cast(const Cast& c) {
        std::string type = support::to_upper(c.type);
        std::string base = type.substr(0, type.find('('));
        while (!base.empty() && base.back() == ' ') base.pop_back();
        // Dates and times are text in SQLite: a date literal is its text, a cast to a date its date function
        // (which gives NULL for what is not a date, as TRY_CAST does).
        std::string_view date_function = base == "DATE" ? "date"
                                         : base == "TIME" ? "time"
                                         : base.starts_with("TIMESTAMP") || base.starts_with("DATETIME") ||
                                                   base == "SMALLDATETIME"
                                             ? "datetime"
                                             : "";
        if (!date_function.empty()) {
            const auto* text = dyn_cast<Literal>(c.expr);
            if (text && text->type == LiteralType::String) return literal(*text);  // DATE '2020-01-01'
            out += date_function;
            return parenthesized_expr(c.expr);
        }
        if (type.find_first_of("<[") != std::string::npos || base.starts_with("ARRAY") || base.starts_with("STRUCT") ||
            base.starts_with("MAP"))
            cannot("CAST to a composite type");
        std::string_view target = sqlite_cast_type(base, c.type);
        // TRY_CAST and SAFE_CAST give NULL where CAST fails; SQLite's CAST never fails (CAST('a' AS INT) is 0),
        // so only a cast to text, which cannot fail, keeps their meaning.
        if (c.try_cast && !has_text_affinity(support::to_upper(target))) cannot("TRY_CAST / SAFE_CAST");
        // Casting 2.5 to an integer rounds it in every engine here but SQL Server and SQLite, which truncate.
        bool rounds = has_integer_affinity(support::to_upper(target)) && source != Dialect::Tsql;
        out += "CAST(";
        if (rounds) {
            out += "ROUND(";
            expr(c.expr);
            out += ')';
        } else {
            expr(c.expr);
        }
        out += " AS ";
        out += target;
        out += ')';
    }

    void call(std::string_view name, const List<Expr*>& args) {
        out += name;
        out += '(';
        exprs(args);
        out += ')';
    }

    // EXTRACT's fields as strftime formats: the integer strftime('%Y', d) spells.
    static std::string_view strftime_format(std::string_view field) {
        std::string f = support::to_upper(field);
        if (f == "YEAR") return "%Y";
        if (f == "MONTH") return "%m";
        if (f == "DAY") return "%d";
        if (f == "HOUR") return "%H";
        if (f == "MINUTE") return "%M";
        if (f == "SECOND") return "%S";
        if (f == "DOW") return "%w";  // 0 is Sunday in PostgreSQL's DOW and in %w
        if (f == "DOY") return "%j";
        return "";
    }

    void date_part(std::string_view format, const Expr* e) {
        out += "CAST(strftime('";
        out += format;
        out += "', ";
        expr(e);
        out += ") AS INTEGER)";
    }

    // Functions SQLite spells otherwise (or lacks, with a spelling of their meaning); false when `f`
    // prints as it is. Functions SQLite lacks and this does not know still print: SQLite then says which.
    bool sqlite_function(const FunctionCall& f) {
        if (f.name.size() != 1 || f.name[0].quoted) return false;
        const std::string n = support::to_lower(f.name[0].text);
        const List<Expr*>& a = f.args;
        const bool plain = !f.distinct && f.arg_order.empty() && !f.filter && !f.over;
        if (!plain && n != "countif" && n != "count_if" && n != "string_agg" && n != "listagg") return false;
        auto two = [&](std::string_view name, const Expr* x, const Expr* y) {
            out += name;
            out += '(';
            expr(x);
            out += ", ";
            expr(y);
            out += ')';
        };
        if ((n == "isnull" || n == "nvl") && a.size() == 2) {  // T-SQL ISNULL(a, b), Snowflake NVL
            call("IFNULL", a);
        } else if (n == "isnull" && a.size() == 1) {  // MySQL ISNULL(x)
            out += '(';
            postfix_is_null(a[0]);
            out += ')';
        } else if ((n == "iff" || n == "if") && a.size() == 3) {
            call("IIF", a);
        } else if (n == "len" && a.size() == 1 && source == Dialect::Tsql) {
            out += "LENGTH(RTRIM(";  // T-SQL's LEN leaves trailing spaces out
            expr(a[0]);
            out += ", ' '))";
        } else if ((n == "len" || n == "char_length" || n == "character_length") && a.size() == 1) {
            call("LENGTH", a);
        } else if ((n == "charindex" || n == "position") && a.size() == 2) {  // (needle, haystack)
            two("INSTR", a[1], a[0]);
        } else if (n == "strpos" && a.size() == 2) {
            call("INSTR", a);
        } else if (n == "concat" && !a.empty()) {
            // SQLite's || gives NULL for a NULL operand, as MySQL's, BigQuery's and Snowflake's CONCAT do;
            // PostgreSQL's and SQL Server's CONCAT read NULL as ''.
            bool skip_nulls = traits(source).concat_nulls != ConcatNulls::Propagate;
            out += '(';
            for (uint32_t i = 0; i < a.size(); ++i) {
                if (i) out += " || ";
                if (skip_nulls) {
                    out += "COALESCE(";
                    expr(a[i]);
                    out += ", '')";
                } else {
                    parenthesized_expr(a[i]);
                }
            }
            out += ')';
        } else if ((n == "now" || n == "getdate" || n == "sysdatetime" || n == "current_timestamp") && a.empty()) {
            out += "CURRENT_TIMESTAMP";
        } else if ((n == "curdate" || n == "current_date") && a.empty()) {
            out += "CURRENT_DATE";
        } else if ((n == "year" || n == "month" || n == "day") && a.size() == 1) {
            date_part(n == "year" ? "%Y" : n == "month" ? "%m" : "%d", a[0]);
        } else if (n == "extract" && a.size() == 2 && is_keyword_literal(a[0])) {
            std::string_view field = cast<Literal>(*a[0]).text;
            if (support::iequals(field, "QUARTER")) {
                out += "((";
                date_part("%m", a[1]);
                out += " + 2) / 3)";
            } else if (std::string_view format = strftime_format(field); !format.empty()) {
                date_part(format, a[1]);
            } else {
                cannot("EXTRACT of this field");
                return false;
            }
        } else if ((n == "countif" || n == "count_if") && a.size() == 1 && !f.distinct && f.arg_order.empty()) {
            out += "COUNT(CASE WHEN ";  // counts the rows where the condition holds, 0 over none
            expr(a[0]);
            out += " THEN 1 END)";
            call_suffix(f);
        } else if ((n == "string_agg" || n == "listagg") && (a.size() == 1 || a.size() == 2) && f.arg_order.empty()) {
            out += "GROUP_CONCAT(";
            if (f.distinct) out += "DISTINCT ";
            exprs(a);
            out += ')';
            call_suffix(f);
        } else if (n == "left" && a.size() == 2) {
            out += "SUBSTR(";
            expr(a[0]);
            out += ", 1, ";
            expr(a[1]);
            out += ')';
        } else if (n == "right" && a.size() == 2) {
            out += "SUBSTR(";
            expr(a[0]);
            out += ", -(";
            expr(a[1]);
            out += "))";
        } else if (n == "zeroifnull" && a.size() == 1) {
            out += "COALESCE(";
            expr(a[0]);
            out += ", 0)";
        } else if (n == "safe_divide" || n == "safe.divide") {
            // SAFE_DIVIDE differs from BigQuery's `/` only where the divisor is 0 (NULL there, where `/`
            // fails); SQLite's `/` gives NULL too, so on SQLite the two would always agree: it is left to the
            // structure rather than called equal.
            cannot("SAFE_DIVIDE, whose difference from / SQLite cannot show");
            return false;
        } else if (n == "trim" && !a.empty() && is_keyword_literal(a[0])) {  // TRIM(LEADING 'x' FROM y)
            std::string_view where = cast<Literal>(*a[0]).text;
            out += support::iequals(where, "LEADING") ? "LTRIM(" : support::iequals(where, "TRAILING") ? "RTRIM(" : "TRIM(";
            expr(a.back());
            if (a.size() == 3) {
                out += ", ";
                expr(a[1]);
            }
            out += ')';
        } else {
            return false;
        }
        return true;
    }

    void postfix_is_null(const Expr* e) {
        operand(e, P::Is, true);
        out += " IS NULL";
    }
};

}  // namespace

std::string to_sql(const ast::Node& node, const PrintOptions& options) {
    SqlPrinter printer;
    printer.escape_backslashes = traits(options.dialect).backslash_escapes;
    printer.time_travel_after_alias = options.dialect == Dialect::Bigquery;
    printer.lambda_keyword = options.dialect == Dialect::Duckdb;
    printer.top_for_limits = traits(options.dialect).row_limit == RowLimit::Top;
    printer.node(node);
    return std::move(printer.out);
}

SqliteText to_sqlite(const ast::Node& node, Dialect source) {
    SqlPrinter printer;
    printer.sqlite_target = true;
    printer.source = source;
    printer.node(node);
    return {std::move(printer.out), std::move(printer.untranslatable)};
}

}  // namespace qdiff
