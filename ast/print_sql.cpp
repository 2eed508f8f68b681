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
#include <charconv>
#include <optional>
#include <vector>

#include "ast/sqlite_dates.hpp"
#include "ast/sqlite_percentile.hpp"

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
    bool zero_divisor_fails = false;  // a division by zero fails, as in `source`, rather than give NULL
    std::string untranslatable;
    // The SELECT being printed (the innermost): an aggregate that SQLite spells as a subquery repeats its FROM
    // and WHERE.
    const Query* current_block = nullptr;
    const SqliteDateColumns* date_columns = nullptr;  // the database's, when known (to_sqlite)

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
        if (sqlite_target && renames_columns(r)) return sqlite_renamed_columns(r);
        switch (r.kind) {
            case Kind::TableRef: {
                const auto& t = cast<TableRef>(r);
                if (!t.as_of.empty()) cannot("time travel (FOR SYSTEM_TIME, AT, BEFORE)");
                // A dataset or schema qualifier (BigQuery's academic.author, public.author) names what SQLite's
                // one database holds unqualified, as the schema model names tables by their last part.
                if (sqlite_target && t.name.size() > 1) {
                    name(t.name.back());
                } else if (sqlite_target && source == Dialect::Mysql && t.name.size() == 1 && !t.name[0].quoted &&
                           support::iequals(t.name[0].text, "dual") && t.alias.empty()) {
                    out += "(SELECT 1) AS dual";  // MySQL's one-row table (dev.mysql.com, SELECT: "FROM DUAL")
                    return;
                } else
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
        const Query* enclosing = current_block;
        current_block = &q;
        query_block(q);
        current_block = enclosing;
    }

    void query_block(const Query& q) {
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
            const Query* enclosing = current_block;
            current_block = &q;  // (its ORDER BY may name its aggregates)
            out += " ORDER BY ";
            comma_list(q.order_by, [&](const OrderItem* o) { order_item(*o); });
            current_block = enclosing;
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

    // `t AS a (x, y)`: SQLite names no columns in a table alias.
    static bool renames_columns(const Relation& r) {
        if (const auto* t = dyn_cast<TableRef>(&r)) return !t->column_aliases.empty();
        if (const auto* d = dyn_cast<DerivedTable>(&r)) return !d->column_aliases.empty();
        if (const auto* v = dyn_cast<ValuesTable>(&r)) return !v->column_aliases.empty();
        return false;
    }

    // As a CTE, whose column list SQLite reads: `(WITH renamed (x, y) AS (rows) SELECT * FROM renamed) AS a`
    // (under its own name, which a table the CTE reads cannot shadow).
    void sqlite_renamed_columns(const Relation& r) {
        const Name* alias = nullptr;
        const List<Name>* columns = nullptr;
        out += "(WITH qdiff_renamed (";
        if (const auto* t = dyn_cast<TableRef>(&r)) {
            alias = &t->alias;
            columns = &t->column_aliases;
        } else if (const auto* d = dyn_cast<DerivedTable>(&r)) {
            alias = &d->alias;
            columns = &d->column_aliases;
        } else {
            const auto& v = cast<ValuesTable>(r);
            alias = &v.alias;
            columns = &v.column_aliases;
        }
        names(*columns, ", ");
        out += ") AS (";
        if (const auto* t = dyn_cast<TableRef>(&r)) {
            out += "SELECT * FROM ";
            names(t->name);
        } else if (const auto* d = dyn_cast<DerivedTable>(&r)) {
            if (d->lateral) cannot("LATERAL");
            query(*d->query);
        } else {
            values(cast<ValuesTable>(r));
        }
        out += ") SELECT * FROM qdiff_renamed)";
        alias_name(*alias);
    }

    void alias_name(const Name& a) {
        if (a.empty()) return;
        out += " AS ";
        name(a);
    }

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
        if (date_arithmetic(b) || difference_of_dates(b)) return true;
        switch (b.op) {
            case BinaryOp::Div: {
                bool reals = source_divides_as_reals(), checked = division_fails_on_zero(b);
                if (!reals && !checked) return false;
                if (reals) {
                    out += "CAST(";
                    expr(b.lhs);
                    out += " AS REAL)";
                } else {
                    operand(b.lhs, P::Multiplicative, false);
                }
                out += " / ";
                if (checked)
                    checked_divisor(b.rhs);
                else
                    operand(b.rhs, P::Multiplicative, true);
                return true;
            }
            case BinaryOp::Add:
                if (!string_addition(b)) return false;
                concatenation_operand(b.lhs);
                out += " || ";
                concatenation_operand(b.rhs);
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
            case BinaryOp::Sub: case BinaryOp::Mul: case BinaryOp::Mod: case BinaryOp::Concat:
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
        // (Without its length or precision, which SQLite ignores and T-SQL's VARCHAR(MAX) spells as it cannot read.)
        std::string_view target = sqlite_cast_type(base, base);
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
        if (f == "EPOCH") return "%s";  // seconds since 1970
        return "";
    }

    // The date part a function's argument names (DATEDIFF(day, ..), DATE_DIFF(.., DAY)): a bare name or
    // keyword; "" otherwise.
    static std::string date_part_name(const Expr* e) {
        if (const auto* c = dyn_cast<ColumnRef>(e); c && c->path.size() == 1 && !c->path[0].quoted)
            return support::to_upper(c->path[0].text);
        // (a keyword, or Snowflake's quoted part: DATEADD('month', ..))
        if (const auto* l = dyn_cast<Literal>(e); l && (l->type == LiteralType::Keyword || l->type == LiteralType::String))
            return support::to_upper(l->text);
        return "";
    }

    // The number of `part` boundaries from `from` to `to` (their texts): sqlite_dates::boundaries_between.
    bool date_difference(std::string_view part, const std::string& from, const std::string& to, int week_start) {
        auto step = sqlite_dates::date_step(part, source);
        if (!step) {
            cannot("a date difference in this unit");
            return false;
        }
        out += sqlite_dates::boundaries_between(*step, from, to, week_start);
        return true;
    }

    // The whole `part`s elapsed from `from` to `to`: sqlite_dates::elapsed_between.
    bool elapsed_difference(std::string_view part, const std::string& from, const std::string& to) {
        auto step = sqlite_dates::date_step(part, source);
        if (!step) {
            cannot("a date difference in this unit");
            return false;
        }
        out += sqlite_dates::elapsed_between(*step, from, to);
        return true;
    }

    // EXTRACT(field FROM e) and date_part: the field's number. In PostgreSQL and DuckDB a difference of
    // timestamps is an interval: its EPOCH is the seconds between them, its DAY the whole days.
    bool extracted(const std::string& field, const Expr* e, std::string_view function) {
        const auto* difference = dyn_cast<Binary>(e);
        if ((source == Dialect::Postgres || source == Dialect::Duckdb) && difference &&
            difference->op == BinaryOp::Sub && !interval_of(difference->rhs) && !is_integer(difference->rhs)) {
            std::string seconds = "(strftime('%s', " + text_of(difference->lhs) + ") - strftime('%s', " +
                                  text_of(difference->rhs) + "))";
            if (field == "EPOCH") {
                out += seconds;
            } else if (field == "DAY") {
                out += "(" + seconds + " / 86400)";
            } else {
                cannot(std::string(function) + " of this field of an interval");
                return false;
            }
            return true;
        }
        if (field == "QUARTER") {
            out += "((";
            date_part("%m", e);
            out += " + 2) / 3)";
        } else if (std::string_view format = strftime_format(field); !format.empty()) {
            date_part(format, e);
        } else {
            cannot(std::string(function) + " of this field");
            return false;
        }
        return true;
    }

    void weekday_number(const Expr* e, sqlite_dates::WeekNumbering numbering) {
        out += sqlite_dates::weekday_number(date_operand(e), numbering);
    }

    void date_part(std::string_view format, const Expr* e) {
        out += "CAST(strftime('";
        out += format;
        out += "', ";
        expr(e);
        out += ") AS INTEGER)";
    }

    // ---- SQLite spelling of dates (tables in sqlite_dates.hpp) ----

    // What a date expression gives in the source dialect, as far as its spelling says.
    using DateForm = sqlite_dates::DateForm;

    DateForm date_form(const Expr* e) const {
        if (const auto* c = dyn_cast<Cast>(e)) {
            std::string type = support::to_upper(c->type);
            if (type == "DATE") return DateForm::Date;
            if (type.starts_with("TIMESTAMP") || type.starts_with("DATETIME")) return DateForm::Timestamp;
            return DateForm::Unknown;
        }
        if (const auto* l = dyn_cast<Literal>(e); l && l->type == LiteralType::String)
            return l->text.size() == 10 ? DateForm::Date : l->text.size() >= 19 ? DateForm::Timestamp : DateForm::Unknown;
        if (const auto* b = dyn_cast<Binary>(e); b && (b->op == BinaryOp::Add || b->op == BinaryOp::Sub)) {
            // d ± INTERVAL keeps d's form (a clock unit gives a timestamp, which the shift decides when printed)
            if (interval_of(b->rhs)) return date_form(b->lhs);
            if (b->op == BinaryOp::Add && interval_of(b->lhs)) return date_form(b->rhs);
            return DateForm::Unknown;
        }
        const auto* f = dyn_cast<FunctionCall>(e);
        if (!f || f->name.size() != 1) return DateForm::Unknown;
        const std::string n = support::to_lower(f->name[0].text);
        for (std::string_view d : {"current_date", "curdate", "date", "to_date", "last_day", "eomonth", "parse_date",
                                   "datefromparts", "date_from_parts", "make_date"})
            if (n == d) return DateForm::Date;
        for (std::string_view t : {"current_timestamp", "now", "getdate", "sysdatetime", "to_timestamp", "from_unixtime",
                                   "timestamp_seconds", "datetime", "timestamp", "parse_timestamp", "parse_datetime"})
            if (n == t) return DateForm::Timestamp;
        // (a cut to a day or longer is a midnight, printed as its date: see sqlite_dates::truncated)
        if (n == "date_trunc" || n == "timestamp_trunc" || n == "datetime_trunc") return DateForm::Date;
        if ((n == "dateadd" || n == "timestampadd") && f->args.size() == 3) return date_form(f->args[2]);
        if ((n == "date_add" || n == "date_sub") && f->args.size() == 2) return date_form(f->args[0]);
        return DateForm::Unknown;
    }

    // The steps of an INTERVAL: a literal ('7 days', '70 DAY') or INTERVAL (n) UNIT with a computed n.
    struct Interval {
        std::vector<sqlite_dates::IntervalStep> constant;
        const Expr* amount = nullptr;  // computed: one step of `unit`
        sqlite_dates::DateStep unit;
    };
    std::optional<Interval> interval_of(const Expr* e) const {
        if (const auto* l = dyn_cast<Literal>(e); l && l->type == LiteralType::Interval) {
            auto steps = sqlite_dates::interval_steps(l->text, source);
            if (!steps) return std::nullopt;
            return Interval{std::move(*steps), nullptr, {}};
        }
        const auto* f = dyn_cast<FunctionCall>(e);
        if (!f || f->args.size() != 2 || f->name.size() != 1 || f->name[0].text != "INTERVAL") return std::nullopt;
        auto unit = sqlite_dates::date_step(date_part_name(f->args[1]), source);
        if (!unit) return std::nullopt;
        return Interval{{}, f->args[0], *unit};
    }

    // `e` as its own text, for the spellings that read it more than once.
    std::string text_of(const Expr* e) {
        std::string saved = std::move(out);
        out.clear();
        expr(e);
        std::string text = std::move(out);
        out = std::move(saved);
        return text;
    }

    // A T-SQL date argument: the number n is the day n days after 1900-01-01 (DATEADD(month, n, 0)), the
    // text 'YYYYMMDD' the date it writes without separators; SQLite reads neither so.
    std::string date_operand(const Expr* e) {
        if (source == Dialect::Tsql) {
            if (const auto* l = dyn_cast<Literal>(e)) {
                if (l->type == LiteralType::Integer)  // (a midnight: its date, see sqlite_dates::truncated)
                    return "date('1900-01-01', '" + std::string(l->text) + " days')";
                if (l->type == LiteralType::String && l->text.size() == 8 &&
                    l->text.find_first_not_of("0123456789") == std::string_view::npos)
                    return "'" + std::string(l->text.substr(0, 4)) + "-" + std::string(l->text.substr(4, 2)) + "-" +
                           std::string(l->text.substr(6, 2)) + "'";
            }
        }
        return text_of(e);
    }

    // The interval's steps as SQLite's modifiers: '+7 days', or (CAST(n AS INTEGER) * -7) || ' days' for a
    // computed n.
    std::vector<sqlite_dates::Modifier> modifiers_of(const Interval& i, bool negate) {
        std::vector<sqlite_dates::Modifier> out;
        const long long sign = negate ? -1 : 1;
        if (!i.amount) {
            for (const auto& s : i.constant) out.push_back({sqlite_dates::modifier_text(s.count * sign, s.step), s.step});
        } else if (std::optional<long long> n = integer_value(i.amount)) {
            out.push_back({sqlite_dates::modifier_text(*n * sign, i.unit), i.unit});
        } else {
            long long factor = i.unit.per_unit * sign;
            out.push_back({"(CAST(" + text_of(i.amount) + " AS INTEGER)" +
                               (factor == 1 ? "" : " * " + std::to_string(factor)) + ") || ' " +
                               std::string(i.unit.modifier) + "'",
                           i.unit});
        }
        return out;
    }

    void date_shift(const std::string& operand, DateForm form, const Interval& i, bool negate) {
        out += sqlite_dates::shifted(operand, form, modifiers_of(i, negate));
    }

    // d + INTERVAL, d - INTERVAL, INTERVAL + d; PostgreSQL's and DuckDB's date ± integer (days), the date by its
    // spelling or a column the database declares a DATE.
    bool date_arithmetic(const Binary& b) {
        if (b.op != BinaryOp::Add && b.op != BinaryOp::Sub) return false;
        const Expr* date = b.lhs;
        std::optional<Interval> i = interval_of(b.rhs);
        if (!i && b.op == BinaryOp::Add && (i = interval_of(b.lhs))) date = b.rhs;
        if (!i && (source == Dialect::Postgres || source == Dialect::Duckdb) && is_integer(b.rhs) &&
            (date_form(b.lhs) == DateForm::Date || typed_date_form(b.lhs) == DateForm::Date))
            i = Interval{{}, b.rhs, {"days", 1}};
        if (!i) return false;
        if (isa<Literal>(date) && cast<Literal>(*date).type == LiteralType::Interval) return false;  // interval ± interval
        date_shift(text_of(date), date_form(date), *i, b.op == BinaryOp::Sub);
        return true;
    }

    // What `e` is by its type, not by the text SQLite holds: a column the database declares a date or a
    // timestamp (date_columns), a cast to one, CURRENT_DATE and the date functions (date_form), MIN and MAX of
    // such; Unknown otherwise (a bare string literal too: MySQL reads '2024-01-05' - 0 as 2024).
    DateForm typed_date_form(const Expr* e) const {
        if (const auto* c = dyn_cast<ColumnRef>(e); c && !c->path.empty() && date_columns) {
            const std::string name = support::to_lower(c->path.back().text);
            return date_columns->dates.count(name)        ? DateForm::Date
                   : date_columns->timestamps.count(name) ? DateForm::Timestamp
                                                          : DateForm::Unknown;
        }
        if (const auto* f = dyn_cast<FunctionCall>(e); f && f->name.size() == 1 && f->args.size() == 1 && !f->over &&
                                                        (support::iequals(f->name[0].text, "min") ||
                                                         support::iequals(f->name[0].text, "max")))
            return typed_date_form(f->args[0]);
        if (const auto* l = dyn_cast<Literal>(e); l && l->type == LiteralType::String) return DateForm::Unknown;
        return date_form(e);
    }

    // `a - b` of two dates, which SQLite would subtract as texts (their years): PostgreSQL, Snowflake and DuckDB
    // count the days between two DATEs; MySQL subtracts the numbers a date stands for in arithmetic (YYYYMMDD,
    // YYYYMMDDhhmmss for a datetime: dev.mysql.com, "Conversion Between Date and Time Types"). A difference that
    // is an interval (PostgreSQL's of timestamps, BigQuery's of dates) has no SQLite value: named.
    bool difference_of_dates(const Binary& b) {
        if (b.op != BinaryOp::Sub) return false;
        const DateForm lhs = typed_date_form(b.lhs), rhs = typed_date_form(b.rhs);
        if (lhs == DateForm::Unknown || rhs == DateForm::Unknown) return false;
        if (source == Dialect::Mysql) {
            auto number = [&](const Expr* e, DateForm form) {
                return "CAST(strftime('" + std::string(form == DateForm::Date ? "%Y%m%d" : "%Y%m%d%H%M%S") + "', " +
                       text_of(e) + ") AS INTEGER)";
            };
            out += "(" + number(b.lhs, lhs) + " - " + number(b.rhs, rhs) + ")";
            return true;
        }
        const bool days = source == Dialect::Postgres || source == Dialect::Snowflake || source == Dialect::Duckdb;
        if (days && lhs == DateForm::Date && rhs == DateForm::Date) {
            out += sqlite_dates::boundaries_between(sqlite_dates::DateStep{"days", 1}, text_of(b.rhs), text_of(b.lhs), 0);
            return true;
        }
        if (days || source == Dialect::Bigquery) {
            cannot("a difference of dates or timestamps that is an interval");
            return false;
        }
        return false;
    }

    static bool is_integer(const Expr* e) { return integer_value(e).has_value(); }
    // An integer literal's value, with its sign (-7).
    static std::optional<long long> integer_value(const Expr* e) {
        long long sign = 1;
        if (const auto* u = dyn_cast<Unary>(e); u && (u->op == UnaryOp::Negate || u->op == UnaryOp::Plus)) {
            sign = u->op == UnaryOp::Negate ? -1 : 1;
            e = u->operand;
        }
        const auto* l = dyn_cast<Literal>(e);
        long long value = 0;
        if (!l || l->type != LiteralType::Integer) return std::nullopt;
        auto [end, error] = std::from_chars(l->text.data(), l->text.data() + l->text.size(), value);
        if (error != std::errc() || end != l->text.data() + l->text.size()) return std::nullopt;
        return sign * value;
    }

    // DATEADD(part, n, d) (T-SQL, Snowflake; MySQL's TIMESTAMPADD(unit, n, d)), DATE_ADD(d, INTERVAL n
    // unit) and DATE_SUB (MySQL, BigQuery: DATE_, DATETIME_ and TIMESTAMP_ADD / _SUB).
    bool date_add_function(std::string_view n, const List<Expr*>& a) {
        if (a.size() == 3 && ((n == "dateadd" && (source == Dialect::Tsql || source == Dialect::Snowflake)) ||
                              (n == "timestampadd" && (source == Dialect::Mysql || source == Dialect::Snowflake)))) {
            auto unit = sqlite_dates::date_step(date_part_name(a[0]), source);
            if (!unit) {
                cannot("DATEADD with this date part");
                return false;
            }
            date_shift(date_operand(a[2]), date_form(a[2]), Interval{{}, a[1], *unit}, false);
            return true;
        }
        bool add = n == "date_add" || n == "datetime_add" || n == "timestamp_add";
        bool sub = n == "date_sub" || n == "datetime_sub" || n == "timestamp_sub";
        if (a.size() != 2 || !(add || sub) || (source != Dialect::Mysql && source != Dialect::Bigquery) ||
            (source == Dialect::Mysql && n != "date_add" && n != "date_sub"))
            return false;
        std::optional<Interval> i = interval_of(a[1]);
        if (!i) {
            cannot("DATE_ADD / DATE_SUB with this interval");
            return false;
        }
        DateForm form = n.starts_with("date_") ? (source == Dialect::Bigquery ? DateForm::Date : date_form(a[0]))
                                               : DateForm::Timestamp;
        date_shift(text_of(a[0]), form, *i, sub);
        return true;
    }

    // date_trunc('month', d) (PostgreSQL, DuckDB; Snowflake, also with a bare part), BigQuery's DATE_TRUNC(d,
    // MONTH) and TIMESTAMP_TRUNC / DATETIME_TRUNC(d, MONTH).
    bool date_trunc_function(std::string_view n, const List<Expr*>& a) {
        if (a.size() != 2) return false;
        std::string unit;
        const Expr* operand = nullptr;
        int week_start = 1;  // PostgreSQL, DuckDB, Snowflake (WEEK_START 0): Monday
        if (n == "date_trunc" && (source == Dialect::Postgres || source == Dialect::Duckdb || source == Dialect::Snowflake)) {
            if (const auto* l = dyn_cast<Literal>(a[0]); l && l->type == LiteralType::String)
                unit = l->text;
            else if (source == Dialect::Snowflake)
                unit = date_part_name(a[0]);
            operand = a[1];
        } else if ((n == "date_trunc" || n == "timestamp_trunc" || n == "datetime_trunc") && source == Dialect::Bigquery) {
            unit = date_part_name(a[1]);
            operand = a[0];
            week_start = 0;  // BigQuery's WEEK starts on Sunday
        } else {
            return false;
        }
        std::optional<std::string> start = sqlite_dates::truncated(unit, text_of(operand), week_start);
        if (unit.empty() || !start) {
            cannot("DATE_TRUNC to this unit");
            return false;
        }
        out += *start;
        return true;
    }

    // LAST_DAY(d [, part]) (MySQL, BigQuery, Snowflake) and T-SQL's EOMONTH(d [, months]): a date.
    bool last_day_function(std::string_view n, const List<Expr*>& a) {
        if (n == "eomonth" && source == Dialect::Tsql && (a.size() == 1 || a.size() == 2)) {
            out += "date(" + date_operand(a[0]) + ", 'start of month', ";
            if (a.size() == 2)
                out += "(CAST(" + text_of(a[1]) + " AS INTEGER) + 1) || ' months'";
            else
                out += "'+1 months'";
            out += ", '-1 days')";
            return true;
        }
        if (n != "last_day" || a.empty() || a.size() > 2 ||
            (source != Dialect::Mysql && source != Dialect::Bigquery && source != Dialect::Snowflake))
            return false;
        std::string part = a.size() == 2 ? support::to_lower(date_part_name(a[1])) : "month";
        if (const auto* l = dyn_cast<Literal>(a.size() == 2 ? a[1] : a[0]); a.size() == 2 && l && l->type == LiteralType::String)
            part = support::to_lower(l->text);
        std::optional<std::string> last = sqlite_dates::last_day(part, text_of(a[0]));
        if (!last) {
            cannot("LAST_DAY of this part");
            return false;
        }
        out += *last;
        return true;
    }

    // The format argument's pieces; names the format SQLite has no spelling for.
    std::optional<std::vector<sqlite_dates::FormatPiece>> format_argument(const Expr* e, sqlite_dates::FormatStyle style,
                                                                          std::string_view function) {
        const auto* l = dyn_cast<Literal>(e);
        if (!l || l->type != LiteralType::String) {
            cannot(std::string(function) + " with a computed format");
            return std::nullopt;
        }
        // (PostgreSQL's and Snowflake's number formats, 999.99, are not dates.)
        bool number_format = (style == sqlite_dates::FormatStyle::Postgres || style == sqlite_dates::FormatStyle::Snowflake) &&
                             l->text.find_first_of("90") != std::string_view::npos;
        auto pieces = number_format ? std::nullopt : sqlite_dates::format_pieces(l->text, style);
        if (!pieces || pieces->empty()) cannot(std::string(function) + " with the format '" + std::string(l->text) + "'");
        if (pieces && pieces->empty()) return std::nullopt;
        return pieces;
    }

    // TO_CHAR (PostgreSQL, Snowflake), DATE_FORMAT (MySQL), FORMAT_DATE / FORMAT_TIMESTAMP / FORMAT_DATETIME
    // (BigQuery), FORMAT (T-SQL); FROM_UNIXTIME(n [, format]) (MySQL).
    bool date_format_function(std::string_view n, const List<Expr*>& a) {
        using Style = sqlite_dates::FormatStyle;
        const Expr* date = nullptr;
        const Expr* format = nullptr;
        Style style = Style::Postgres;
        std::string operand;
        if ((n == "to_char" && a.size() == 2 && (source == Dialect::Postgres || source == Dialect::Snowflake)) ||
            (n == "to_varchar" && a.size() == 2 && source == Dialect::Snowflake)) {
            date = a[0], format = a[1], style = source == Dialect::Postgres ? Style::Postgres : Style::Snowflake;
        } else if (n == "date_format" && a.size() == 2 && source == Dialect::Mysql) {
            date = a[0], format = a[1], style = Style::Mysql;
        } else if (n == "from_unixtime" && a.size() == 2 && source == Dialect::Mysql) {
            format = a[1], style = Style::Mysql;
            operand = "datetime(" + text_of(a[0]) + ", 'unixepoch')";
        } else if ((n == "format_date" || n == "format_timestamp" || n == "format_datetime") && a.size() == 2 &&
                   source == Dialect::Bigquery) {
            date = a[1], format = a[0], style = Style::Strftime;
        } else if (n == "format" && a.size() == 2 && source == Dialect::Tsql) {
            date = a[0], format = a[1], style = Style::Dotnet;
        } else if (n == "strftime" && a.size() == 2 && source == Dialect::Duckdb && is_string_literal(a[1]) &&
                   !is_string_literal(a[0])) {
            date = a[0], format = a[1], style = Style::Strftime;  // DuckDB's strftime(d, format): SQLite's order swapped
        } else {
            return false;
        }
        auto pieces = format_argument(format, style, support::to_upper(n));
        if (!pieces) return false;
        out += sqlite_dates::formatted(*pieces, date ? date_operand(date) : operand);
        return true;
    }

    static bool is_string_literal(const Expr* e) {
        const auto* l = dyn_cast<Literal>(e);
        return l && l->type == LiteralType::String;
    }

    // TO_DATE / TO_TIMESTAMP (PostgreSQL, Snowflake; with one argument, PostgreSQL's TO_TIMESTAMP reads
    // seconds since 1970, Snowflake's a number so and text as a timestamp), STR_TO_DATE (MySQL: a datetime
    // when the format has a time of day), PARSE_DATE / PARSE_TIMESTAMP / PARSE_DATETIME (BigQuery).
    bool date_parse_function(std::string_view n, const List<Expr*>& a) {
        using Style = sqlite_dates::FormatStyle;
        const bool postgres_or_snowflake = source == Dialect::Postgres || source == Dialect::Snowflake;
        if (n == "to_timestamp" && a.size() == 1 && postgres_or_snowflake) {
            std::string operand = text_of(a[0]);
            if (source == Dialect::Postgres)
                out += "datetime(" + operand + ", 'unixepoch')";
            else
                out += "CASE WHEN typeof(" + operand + ") IN ('integer', 'real') THEN datetime(" + operand +
                       ", 'unixepoch') ELSE datetime(" + operand + ") END";
            return true;
        }
        if (n == "to_date" && a.size() == 1 && source == Dialect::Snowflake) {
            out += "date(" + text_of(a[0]) + ")";
            return true;
        }
        const Expr* text = nullptr;
        const Expr* format = nullptr;
        Style style = Style::Postgres;
        bool timestamp = false;
        std::string_view default_year = "0001";  // PostgreSQL: year 1 where the format has none
        if ((n == "to_date" || n == "to_timestamp") && a.size() == 2 && postgres_or_snowflake) {
            text = a[0], format = a[1], timestamp = n == "to_timestamp";
            style = source == Dialect::Postgres ? Style::Postgres : Style::Snowflake;
            if (source == Dialect::Snowflake) default_year = "";
        } else if (n == "str_to_date" && a.size() == 2 && source == Dialect::Mysql) {
            text = a[0], format = a[1], style = Style::Mysql, default_year = "0000";
        } else if ((n == "parse_date" || n == "parse_timestamp" || n == "parse_datetime") && a.size() == 2 &&
                   source == Dialect::Bigquery) {
            text = a[1], format = a[0], style = Style::Strftime, timestamp = n != "parse_date", default_year = "1970";
        } else if (n == "strptime" && a.size() == 2 && source == Dialect::Duckdb) {  // DuckDB: a timestamp
            text = a[0], format = a[1], style = Style::Strftime, timestamp = true, default_year = "1900";
        } else {
            return false;
        }
        std::string function = support::to_upper(n);
        auto pieces = format_argument(format, style, function);
        if (!pieces) return false;
        if (n == "str_to_date") timestamp = sqlite_dates::has_clock_field(*pieces);
        std::optional<std::string> date =
            default_year.empty() ? std::nullopt : sqlite_dates::parsed(*pieces, text_of(text), timestamp, default_year);
        if (!date) {
            cannot(function + " with the format '" + std::string(cast<Literal>(*format).text) + "'");
            return false;
        }
        out += *date;
        return true;
    }

    // Seconds since 1970: FROM_UNIXTIME(n) (MySQL), TIMESTAMP_SECONDS(n) (BigQuery) as a timestamp;
    // UNIX_TIMESTAMP([d]) (MySQL), UNIX_SECONDS(ts) (BigQuery) as the number.
    bool epoch_function(std::string_view n, const List<Expr*>& a) {
        if (a.size() == 1 && ((n == "from_unixtime" && source == Dialect::Mysql) ||
                              (n == "timestamp_seconds" && source == Dialect::Bigquery))) {
            out += "datetime(" + text_of(a[0]) + ", 'unixepoch')";
            return true;
        }
        if ((n == "unix_timestamp" && source == Dialect::Mysql && a.size() <= 1) ||
            (n == "unix_seconds" && source == Dialect::Bigquery && a.size() == 1)) {
            out += "CAST(strftime('%s', " + (a.empty() ? std::string("'now'") : text_of(a[0])) + ") AS INTEGER)";
            return true;
        }
        return false;
    }

    // DATEFROMPARTS (T-SQL), DATE_FROM_PARTS (Snowflake), MAKE_DATE (PostgreSQL), DATE(y, m, d) (BigQuery);
    // BigQuery's TIMESTAMP(x) and DATETIME(x), SQLite's datetime(x).
    bool date_from_parts_function(std::string_view n, const List<Expr*>& a) {
        if ((n == "timestamp" || n == "datetime") && a.size() == 1 && source == Dialect::Bigquery) {
            call("datetime", a);
            return true;
        }
        if (a.size() != 3 || !((n == "datefromparts" && source == Dialect::Tsql) ||
                               (n == "date_from_parts" && source == Dialect::Snowflake) ||
                               (n == "make_date" && source == Dialect::Postgres) ||
                               (n == "date" && source == Dialect::Bigquery)))
            return false;
        out += "date(printf('%04d-%02d-%02d', ";
        exprs(a);
        out += "))";
        return true;
    }

    // PERCENTILE_CONT / PERCENTILE_DISC (p) WITHIN GROUP (ORDER BY x) (PostgreSQL, Snowflake, T-SQL; T-SQL and
    // Snowflake also with OVER ([PARTITION BY ..])), BigQuery's PERCENTILE_CONT / _DISC(x, p) OVER ([PARTITION BY
    // ..]), Snowflake's MEDIAN(x) (the continuous 0.5), spelled by sqlite_percentile over the SELECT's own FROM
    // and WHERE: an aggregate per GROUP BY group (GROUP BY 2 is the second selected expression), a window per
    // PARTITION BY partition of a SELECT without GROUP BY. An aggregate of a whole SELECT stays one: beside
    // count(*), an aggregate of the SELECT's own rows that keeps it one row however many rows its FROM and WHERE
    // give (MAX() of the subquery would not do: SQLite makes an aggregate whose argument names only columns of an
    // enclosing SELECT, as a correlated subquery's does, that SELECT's aggregate).
    bool percentile_function(std::string_view n, const FunctionCall& f) {
        const std::string what = support::to_upper(n);
        const List<Expr*>& a = f.args;
        sqlite_percentile::Percentile p;
        p.kind = n == "percentile_disc" ? sqlite_percentile::Kind::Discrete : sqlite_percentile::Kind::Continuous;
        const Expr* value = nullptr;
        // The fraction: a number from 0 to 1 (the engines want a constant; PostgreSQL's array of fractions gives
        // an array).
        auto fraction_of = [&](const Expr* e) {
            const auto* l = dyn_cast<Literal>(e);
            double fraction = -1;
            if (l && (l->type == LiteralType::Integer || l->type == LiteralType::Decimal))
                std::from_chars(l->text.data(), l->text.data() + l->text.size(), fraction);
            return fraction >= 0 && fraction <= 1 ? std::string(l->text) : std::string();
        };
        if (n == "median" && a.size() == 1 && f.arg_order.empty() && source == Dialect::Snowflake) {
            value = a[0];  // (Snowflake's MEDIAN is of numbers: the continuous 0.5)
            p.fraction = "0.5";
        } else if (n != "median" && a.size() == 1 && f.arg_order.size() == 1 && source != Dialect::Bigquery) {
            value = f.arg_order[0]->expr;
            p.fraction = fraction_of(a[0]);
            p.descending = f.arg_order[0]->dir == SortDir::Desc;
        } else if (n != "median" && a.size() == 2 && f.arg_order.empty() && source == Dialect::Bigquery) {
            value = a[0];
            p.fraction = fraction_of(a[1]);
        }
        if (!value || p.fraction.empty()) {
            cannot(what + " in this form (a fraction other than a number from 0 to 1, several ORDER BY keys)");
            return false;
        }
        if (f.distinct || f.filter) {
            cannot(what + " with DISTINCT or FILTER");
            return false;
        }
        const Query* block = current_block;
        if (!block) {
            cannot(what + " outside a SELECT");
            return false;
        }
        p.value = text_of(value);
        if (f.over) {
            const WindowSpec& w = *f.over;
            if (!w.base.empty() || !w.order_by.empty() || w.frame) {
                cannot(what + " over a window with ORDER BY, a frame or a name");
                return false;
            }
            if (!block->group_by.empty()) {  // (a window over the groups' rows)
                cannot(what + " over a window of a SELECT with GROUP BY");
                return false;
            }
            for (const Expr* key : w.partition_by) p.keys.push_back(text_of(key));
        } else {
            for (const Expr* key : block->group_by) {
                if (isa<GroupingSet>(key) || isa<Tuple>(key) || is_all(key)) {
                    cannot(what + " with ROLLUP, CUBE, GROUPING SETS or GROUP BY ALL");
                    return false;
                }
                std::optional<long long> position = integer_value(key);
                if (position && (*position < 1 || *position > static_cast<long long>(block->projection.size()))) {
                    cannot(what + " with GROUP BY a position out of the select list");
                    return false;
                }
                p.keys.push_back(text_of(position ? block->projection[static_cast<uint32_t>(*position - 1)]->expr : key));
            }
        }
        std::string saved = std::move(out);
        out.clear();
        if (!block->sources.empty()) {
            out += " FROM ";
            comma_list(block->sources, [&](const Relation* r) { relation(*r); });
            for (const Join* j : block->joins) join(*j);
        }
        p.from = std::move(out);
        out.clear();
        if (block->filter) expr(block->filter);
        p.where = std::move(out);
        out = std::move(saved);
        const bool whole_select = !f.over && block->group_by.empty();
        out += whole_select ? "CASE WHEN count(*) >= 0 THEN " + sqlite_percentile::of_rows(p) + " END"
                            : sqlite_percentile::of_rows(p);
        return true;
    }

    // T-SQL's CONVERT(type, x) and TRY_CONVERT as the cast they are; with a style of dates
    // (sqlite_dates::tsql_style_format), a date read from text in the style's layout or written as text in it.
    bool tsql_convert(bool try_convert, const List<Expr*>& a) {
        std::string type;
        std::optional<long long> length;  // VARCHAR(10)
        if (const auto* c = dyn_cast<ColumnRef>(a[0]); c && c->path.size() == 1) {
            type = support::to_upper(c->path[0].text);
        } else if (const auto* f = dyn_cast<FunctionCall>(a[0]); f && f->name.size() == 1) {
            type = support::to_upper(f->name[0].text);
            if (f->args.size() == 1) length = integer_value(f->args[0]);
        }
        if (a.size() == 3) return tsql_convert_style(type, length, a[1], a[2]);
        std::string operand = date_operand(a[1]);
        if (type == "DATE") {
            out += "date(" + operand + ")";  // NULL for what is not a date, as TRY_CONVERT gives
        } else if (type == "DATETIME" || type == "DATETIME2" || type == "SMALLDATETIME") {
            out += "datetime(" + operand + ")";
        } else if (has_text_affinity(type)) {
            out += "CAST(" + operand + " AS TEXT)";
        } else if (!try_convert && (type == "INT" || type == "BIGINT" || type == "SMALLINT" || type == "TINYINT")) {
            out += "CAST(" + operand + " AS INTEGER)";
        } else if (!try_convert && (type == "FLOAT" || type == "REAL" || type == "DECIMAL" || type == "NUMERIC")) {
            out += "CAST(" + operand + " AS REAL)";
        } else {
            cannot("CONVERT to this type");
            return false;
        }
        return true;
    }

    // CONVERT(type, x, style). To a date: text read in the style's layout (as the lenient reader of
    // sqlite_dates::parsed: '01 January 2000' by 106's dd mon yyyy), NULL where it does not match, as TRY_CONVERT
    // gives; x already in the ISO layout SQLite keeps dates in is a date or datetime value, whose style T-SQL
    // ignores. To text: a date written in the layout, cut to the type's length (CONVERT(VARCHAR(10), d, 120) is
    // the date alone); text by its spelling stays itself, as T-SQL ignores a style converting text to text.
    bool tsql_convert_style(const std::string& type, std::optional<long long> length, const Expr* operand,
                            const Expr* style_argument) {
        std::optional<long long> style = integer_value(style_argument);
        std::optional<std::string> format = style ? sqlite_dates::tsql_style_format(*style) : std::nullopt;
        const std::string style_text = text_of(style_argument);
        if (!format) {
            cannot("CONVERT with the style " + style_text);
            return false;
        }
        auto pieces = sqlite_dates::format_pieces(*format, sqlite_dates::FormatStyle::Strftime);
        const bool timestamp = type == "DATETIME" || type == "DATETIME2" || type == "SMALLDATETIME";
        if (type == "DATE" || timestamp) {
            std::string text = text_of(operand);
            std::optional<std::string> date =
                pieces && !(*style == 8 || *style == 24 || *style == 108)
                    ? sqlite_dates::parsed(*pieces, text, timestamp, "1900")
                    : std::nullopt;
            if (!date) {  // a two-digit year (T-SQL's cutoff), a time alone
                cannot("CONVERT to " + type + " with the style " + style_text);
                return false;
            }
            out += "CASE WHEN " + text + " GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]*' THEN " +
                   (timestamp ? "datetime(" : "date(") + text + ") ELSE " + *date + " END";
            return true;
        }
        if (!has_text_affinity(type) || !pieces) {
            cannot("CONVERT to " + type + " with the style " + style_text);
            return false;
        }
        std::string written = is_text(operand) ? "CAST(" + text_of(operand) + " AS TEXT)"
                                               : sqlite_dates::formatted(*pieces, date_operand(operand));
        out += length ? "substr(" + written + ", 1, " + std::to_string(*length) + ")" : written;
        return true;
    }

    // T-SQL's + joins texts: where an operand is text by its spelling (a string literal, a cast to a
    // character type, a text function, another such +) and the other is not a number by its spelling.
    // (The printer has no schema: a text column joined to a text column stays +, which SQLite adds.)
    bool is_text(const Expr* e) const {
        if (const auto* l = dyn_cast<Literal>(e)) return l->type == LiteralType::String;
        if (const auto* c = dyn_cast<Cast>(e)) return has_text_affinity(support::to_upper(c->type));
        if (const auto* b = dyn_cast<Binary>(e)) return b->op == BinaryOp::Concat || (b->op == BinaryOp::Add && string_addition(*b));
        if (const auto* c = dyn_cast<Case>(e)) return !c->whens.empty() && is_text(c->whens[0]->result);
        if (const auto* f = dyn_cast<FunctionCall>(e); f && f->name.size() == 1) {
            const std::string n = support::to_lower(f->name[0].text);
            for (std::string_view t : {"concat", "concat_ws", "substring", "left", "right", "upper", "lower", "ltrim",
                                       "rtrim", "trim", "replace", "format", "datename", "str", "char", "nchar",
                                       "replicate", "reverse", "stuff"})
                if (n == t) return true;
        }
        return false;
    }
    static bool is_number(const Expr* e) {
        if (const auto* u = dyn_cast<Unary>(e)) return is_number(u->operand);
        if (const auto* l = dyn_cast<Literal>(e)) return l->type == LiteralType::Integer || l->type == LiteralType::Decimal;
        if (const auto* c = dyn_cast<Cast>(e)) return !has_text_affinity(support::to_upper(c->type));
        if (const auto* b = dyn_cast<Binary>(e))
            return b->op == BinaryOp::Sub || b->op == BinaryOp::Mul || b->op == BinaryOp::Div || b->op == BinaryOp::Mod;
        return false;
    }
    bool string_addition(const Binary& b) const {
        return source == Dialect::Tsql && b.op == BinaryOp::Add &&
               ((is_text(b.lhs) && !is_number(b.rhs)) || (is_text(b.rhs) && !is_number(b.lhs)));
    }

    void concatenation_operand(const Expr* e) {
        if (precedence(e) == P::Atom)
            expr(e);
        else
            parenthesized_expr(e);
    }

    // PostgreSQL, T-SQL, BigQuery and Snowflake fail on a division by zero, where SQLite's `/` gives NULL:
    // on a real database the divisor 0 makes SQLite fail too (json_extract's error on a bad path, which
    // names it: kSqliteZeroDivisorError), so that the query fails where its engine would. A divisor that
    // is a number other than 0 needs no check.
    bool division_fails_on_zero(const Binary& b) const {
        if (!zero_divisor_fails || b.op != BinaryOp::Div) return false;
        if (source != Dialect::Postgres && source != Dialect::Tsql && source != Dialect::Bigquery &&
            source != Dialect::Snowflake)
            return false;
        const Expr* divisor = b.rhs;
        if (const auto* u = dyn_cast<Unary>(divisor); u && (u->op == UnaryOp::Negate || u->op == UnaryOp::Plus))
            divisor = u->operand;
        const auto* l = dyn_cast<Literal>(divisor);
        bool nonzero_number = l && (l->type == LiteralType::Integer || l->type == LiteralType::Decimal) &&
                              l->text.find_first_of("123456789") != std::string_view::npos;
        return !nonzero_number;
    }

    void checked_divisor(const Expr* divisor) {
        std::string d = text_of(divisor);
        out += "CASE WHEN (" + d + ") = 0 THEN json_extract('{}', 'division by zero') ELSE (" + d + ") END";
    }

    // Functions SQLite spells otherwise (or lacks, with a spelling of their meaning); false when `f`
    // prints as it is. Functions SQLite lacks and this does not know still print: SQLite then says which.
    bool sqlite_function(const FunctionCall& f) {
        if (f.name.size() != 1 || f.name[0].quoted) return false;
        const std::string n = support::to_lower(f.name[0].text);
        const List<Expr*>& a = f.args;
        const bool plain = !f.distinct && f.arg_order.empty() && !f.filter && !f.over;
        if (!plain && n != "countif" && n != "count_if" && n != "string_agg" && n != "listagg" && n != "percentile_cont" &&
            n != "percentile_disc" && n != "median")
            return false;
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
        } else if ((n == "now" || n == "getdate" || n == "sysdatetime" || n == "current_timestamp" ||
                    n == "current_datetime") &&
                   a.empty()) {
            out += "CURRENT_TIMESTAMP";
        } else if ((n == "curdate" || n == "current_date") && a.empty()) {
            out += "CURRENT_DATE";
        } else if ((n == "year" || n == "month" || n == "day") && a.size() == 1) {
            date_part(n == "year" ? "%Y" : n == "month" ? "%m" : "%d", a[0]);
        } else if (n == "extract" && a.size() == 2 && is_keyword_literal(a[0]) &&
                   support::iequals(cast<Literal>(*a[0]).text, "DATE") && source == Dialect::Bigquery) {
            out += "date(" + text_of(a[1]) + ")";
        } else if (n == "extract" && a.size() == 2 && is_keyword_literal(a[0]) &&
                   support::iequals(cast<Literal>(*a[0]).text, "ISODOW") &&
                   (source == Dialect::Postgres || source == Dialect::Duckdb)) {
            weekday_number(a[1], sqlite_dates::WeekNumbering::MondayOne);
        } else if (n == "extract" && a.size() == 2 && is_keyword_literal(a[0]) &&
                   support::iequals(cast<Literal>(*a[0]).text, "DAYOFWEEK") && source == Dialect::Bigquery) {
            weekday_number(a[1], sqlite_dates::WeekNumbering::SundayOne);
        } else if (n == "extract" && a.size() == 2 && is_keyword_literal(a[0])) {
            if (!extracted(support::to_upper(cast<Literal>(*a[0]).text), a[1], "EXTRACT")) return false;
        } else if (n == "datepart" && a.size() == 2 && !date_part_name(a[0]).empty() &&
                   !strftime_format(date_part_name(a[0])).empty()) {  // T-SQL DATEPART(month, d)
            date_part(strftime_format(date_part_name(a[0])), a[1]);
        } else if ((n == "datediff" || (n == "timestampdiff" && source == Dialect::Snowflake)) && a.size() == 3 &&
                   !date_part_name(a[0]).empty()) {  // T-SQL, Snowflake (whose weeks start on Monday)
            if (!date_difference(date_part_name(a[0]), date_operand(a[1]), date_operand(a[2]),
                                 source == Dialect::Snowflake ? 1 : 0))
                return false;
        } else if (n == "datediff" && a.size() == 2 && source == Dialect::Mysql) {  // MySQL: days from b to a
            date_difference("day", text_of(a[1]), text_of(a[0]), 0);
        } else if ((n == "date_diff" || n == "datetime_diff") && a.size() == 3 && !date_part_name(a[2]).empty()) {
            // BigQuery: a - b, weeks from Sunday
            if (!date_difference(date_part_name(a[2]), text_of(a[1]), text_of(a[0]), 0)) return false;
        } else if (n == "timestamp_diff" && a.size() == 3 && source == Dialect::Bigquery && !date_part_name(a[2]).empty()) {
            if (!elapsed_difference(date_part_name(a[2]), text_of(a[1]), text_of(a[0]))) return false;
        } else if (n == "timestampdiff" && a.size() == 3 && source == Dialect::Mysql && !date_part_name(a[0]).empty()) {
            if (!elapsed_difference(date_part_name(a[0]), text_of(a[1]), text_of(a[2]))) return false;
        } else if (n == "datepart" && a.size() == 2 && source == Dialect::Tsql &&
                   (date_part_name(a[0]) == "WEEKDAY" || date_part_name(a[0]) == "DW")) {
            weekday_number(a[1], sqlite_dates::WeekNumbering::SundayOne);
        } else if (n == "dayofweek" && a.size() == 1 && source == Dialect::Mysql) {
            weekday_number(a[0], sqlite_dates::WeekNumbering::SundayOne);
        } else if (n == "weekday" && a.size() == 1 && source == Dialect::Mysql) {
            weekday_number(a[0], sqlite_dates::WeekNumbering::MondayZero);
        } else if (n == "date_part" && a.size() == 2 && (source == Dialect::Postgres || source == Dialect::Snowflake) &&
                   !date_part_name(a[0]).empty()) {  // PostgreSQL's date_part('month', d), Snowflake's DATE_PART(month, d)
            if (!extracted(date_part_name(a[0]), a[1], "DATE_PART")) return false;
        } else if (n == "age" && source == Dialect::Postgres) {
            cannot("AGE (an interval)");
            return false;
        } else if ((n == "datename" && a.size() == 2 && source == Dialect::Tsql) ||
                   ((n == "monthname" || n == "dayname") && a.size() == 1 &&
                    (source == Dialect::Mysql || source == Dialect::Snowflake))) {
            // T-SQL's DATENAME(month | weekday, d) and MySQL's MONTHNAME / DAYNAME: the full name; Snowflake's
            // MONTHNAME / DAYNAME: the three-letter one
            std::string part = n == "datename" ? date_part_name(a[0]) : n == "monthname" ? "MONTH" : "WEEKDAY";
            using Kind = sqlite_dates::FormatPiece::Kind;
            bool abbreviated = source == Dialect::Snowflake;
            Kind kind = part == "MONTH" || part == "MM" || part == "M"
                            ? (abbreviated ? Kind::MonthAbbrev : Kind::MonthName)
                        : part == "WEEKDAY" || part == "DW" ? (abbreviated ? Kind::DayAbbrev : Kind::DayName)
                                                            : Kind::Strftime;
            if (kind == Kind::Strftime) {
                cannot("DATENAME of this part");
                return false;
            }
            out += sqlite_dates::formatted({sqlite_dates::FormatPiece{kind, {}, {}, false}}, date_operand(a.back()));
        } else if (date_trunc_function(n, a) || date_add_function(n, a) || last_day_function(n, a) ||
                   date_format_function(n, a) || date_parse_function(n, a) || epoch_function(n, a) ||
                   date_from_parts_function(n, a)) {
            return true;
        } else if (!untranslatable.empty()) {
            return false;
        } else if ((n == "convert" || n == "try_convert") && source == Dialect::Tsql && (a.size() == 2 || a.size() == 3)) {
            return tsql_convert(n == "try_convert", a);
        } else if (n == "percentile_cont" || n == "percentile_disc" || n == "median") {
            return percentile_function(n, f);
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

SqliteText to_sqlite(const ast::Node& node, Dialect source, bool zero_divisor_fails,
                     const SqliteDateColumns& date_columns) {
    SqlPrinter printer;
    printer.sqlite_target = true;
    printer.source = source;
    printer.zero_divisor_fails = zero_divisor_fails;
    printer.date_columns = &date_columns;
    printer.node(node);
    return {std::move(printer.out), std::move(printer.untranslatable)};
}

}  // namespace qdiff
