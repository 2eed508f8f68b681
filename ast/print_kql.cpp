// The canonical KQL printer (see ast_print.hpp). It prints what the KQL front end produces, and the
// forms the normalizer makes of it in the KQL a user writes (iff/case for its CASE, strcat for its ||
// chain); nodes only other languages produce (window functions, EXISTS...) print in a readable form
// that is not meant to parse (kql_prints says which).
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <regex>

#include "ast/semantics/operators.hpp"
#include "ast/semantics/time_units.hpp"
#include "qdiff/ast_print.hpp"
#include "support/strings.hpp"

namespace qdiff {
namespace {

using namespace ast;

using P = semantics::KqlPrecedence;

bool negatable(const Expr* e) {
    if (auto* b = dyn_cast<Binary>(e)) return !semantics::binary_operator(b->op).kql_negated.empty();
    return isa<InList>(e) || isa<Between>(e) || isa<InSubquery>(e);
}

P precedence(const Expr* e) {
    switch (e->kind) {
        case Kind::Binary: {
            BinaryOp op = cast<Binary>(*e).op;
            return op == BinaryOp::Concat ? P::Atom : semantics::binary_operator(op).kql;  // strcat(...)
        }
        case Kind::Between: return P::Between;
        case Kind::InList:
        case Kind::InSubquery: return P::In;
        case Kind::Unary: {
            const auto& u = cast<Unary>(*e);
            if (u.op == UnaryOp::Not) return negatable(u.operand) ? precedence(u.operand) : P::Atom;
            return P::Unary;
        }
        case Kind::NamedArg:
        case Kind::Lambda: return P::Or;
        default: return P::Atom;
    }
}

bool is_plain_number(std::string_view t, bool decimal) {
    static const std::regex integer("[0-9]+|0[xX][0-9a-fA-F]+");
    static const std::regex real("[0-9]+\\.[0-9]+([eE][+-]?[0-9]+)?|[0-9]+[eE][+-]?[0-9]+|[0-9]+\\.");
    return std::regex_match(t.begin(), t.end(), decimal ? real : integer);
}

// As KQL's lexer reads a timespan literal: digits, an optional fraction, a KQL time unit.
bool is_plain_timespan(std::string_view t) {
    auto digits = [&](size_t from) {
        size_t i = from;
        while (i < t.size() && std::isdigit(static_cast<unsigned char>(t[i]))) ++i;
        return i;
    };
    size_t end = digits(0);
    if (end == 0) return false;
    if (end < t.size() && t[end] == '.') {
        size_t fraction_end = digits(end + 1);
        if (fraction_end == end + 1) return false;
        end = fraction_end;
    }
    const semantics::TimeUnit* unit = semantics::find_time_unit(t.substr(end));
    return unit && unit->kql;
}

bool is_raw_source_name(std::string_view n) {
    return n == "find" || n == "evaluate" || n == "externaldata" || n == "external_data" ||
           n == "inline_external_table" || n == "macro-expand";
}

bool is_bare(const Query& q) {
    return q.sources.size() == 1 && q.ctes.empty() && q.projection.empty() && q.joins.empty() && q.search.empty() &&
           !q.filter && q.aggregations.empty() && q.group_by.empty() && !q.having && q.set_ops.empty() &&
           q.order_by.empty() && !q.limit && !q.offset && q.options.empty() && q.distinct == DistinctKind::None;
}

bool is_bare_star(const Expr* e) {
    auto* s = dyn_cast<Star>(e);
    return s && s->qualifier.empty() && s->pattern.empty();
}

// "summarize.hint.strategy" → operator "summarize", parameter "hint.strategy".
bool parameter_of(const Expr* option, std::string_view op, std::string_view& parameter) {
    auto* n = dyn_cast<NamedArg>(option);
    if (!n) return false;
    std::string_view t = n->name.text;
    size_t dot = t.find('.');
    if (dot == std::string_view::npos || t.substr(0, dot) != op) return false;
    parameter = t.substr(dot + 1);
    return true;
}

// The KQL conversion function for a CAST's canonical type (Kusto's toint, tolong, todouble...), or ""
// for a type KQL has no conversion to.
std::string_view conversion_function(std::string_view type) {
    std::string t;
    for (char c : type) {
        if (c == '(') break;  // VARCHAR(9), DECIMAL(10, 2)
        t += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    while (!t.empty() && t.back() == ' ') t.pop_back();
    if (t == "int" || t == "integer" || t == "int32" || t == "smallint" || t == "tinyint") return "toint";
    if (t == "long" || t == "bigint" || t == "int64") return "tolong";
    if (t == "real" || t == "double" || t == "float" || t == "double precision" || t == "float64") return "todouble";
    if (t == "decimal" || t == "numeric") return "todecimal";
    if (t == "string" || t == "text" || t == "varchar" || t == "char" || t == "nvarchar" || t == "character varying")
        return "tostring";
    if (t == "bool" || t == "boolean") return "tobool";
    if (t == "datetime" || t == "date" || t == "timestamp") return "todatetime";
    if (t == "timespan" || t == "time") return "totimespan";
    if (t == "guid" || t == "uuid") return "toguid";
    if (t == "dynamic") return "todynamic";
    return "";
}

// A literal a dynamic array literal holds as it is: dynamic([1, "a", true, null]).
bool json_scalar(const Expr* e) {
    auto* l = dyn_cast<Literal>(e);
    if (!l) return false;
    switch (l->type) {
        case LiteralType::String:
        case LiteralType::Null: return true;
        case LiteralType::Integer: return is_plain_number(l->text, false);
        case LiteralType::Decimal: return is_plain_number(l->text, true);
        case LiteralType::Boolean: return l->text == "true" || l->text == "false";
        default: return false;
    }
}

// The normalizer writes every fixed timespan in seconds ("604800s", "0.1s", "1e-07s"); a KQL user
// writes the largest unit that holds it a whole number of times (7d, 100ms, 1tick), of the units
// Kusto documents for timespan literals: d, h, m, s, ms, microsecond, tick (100 ns). "" when the text is
// not in seconds or not a whole number of ticks (nanoseconds), which then prints as it is.
std::string timespan_in_largest_unit(std::string_view text) {
    if (text.size() < 2 || text.back() != 's') return "";
    std::string number(text.substr(0, text.size() - 1));
    char* end = nullptr;
    double seconds = std::strtod(number.c_str(), &end);
    if (end != number.c_str() + number.size() || !std::isfinite(seconds)) return "";
    double ticks = seconds * 1e7;
    double whole = std::round(ticks);
    if (std::fabs(whole) > 9e15 || std::fabs(ticks - whole) > 1e-6 * std::max(1.0, std::fabs(whole))) return "";
    auto count = static_cast<int64_t>(whole);
    if (count == 0) return "0s";
    // (each unit's length from the time-unit table, ast/semantics/time_units.def)
    for (std::string_view unit : {"d", "h", "m", "s", "ms", "microsecond", "tick"}) {
        const auto per_unit = static_cast<int64_t>(semantics::find_time_unit(unit)->nanoseconds /
                                                   semantics::kNanosecondsPerTick);
        if (count % per_unit == 0) return std::to_string(count / per_unit) + std::string(unit);
    }
    return "";
}

class KqlPrinter {
public:
    std::string out;
    // A part of a normalized query (to_kql's overload): the columns of `unqualified_table` print without
    // the qualifier, and the normalizer's count(*) and timespans in seconds as a user writes them.
    bool normalized = false;
    std::string_view unqualified_table;

    void node(const Node& n) {
        if (auto* e = dyn_cast<Expr>(&n)) return expr(e, P{}, false);
        if (auto* r = dyn_cast<Relation>(&n)) return source(*r);
        switch (n.kind) {
            case Kind::Script: return statements(cast<Script>(n).statements, ";\n");
            case Kind::Query: return query(cast<Query>(n));
            case Kind::Let: return let(cast<Let>(n));
            case Kind::Command: {
                const auto& c = cast<Command>(n);
                out += c.verb;
                if (!c.text.empty()) {
                    out += ' ';
                    out += c.text;
                }
                return;
            }
            case Kind::SelectItem: return select_item(cast<SelectItem>(n));
            case Kind::OrderItem: return order_item(cast<OrderItem>(n));
            case Kind::Cte: {
                const auto& c = cast<Cte>(n);
                out += "let ";
                name(c.name);
                out += " = ";
                if (c.query) query(*c.query);
                return;
            }
            case Kind::ColumnDef: return column_def(cast<ColumnDef>(n));
            // The parts of a block a diff reports on their own (diff/atom_spelling.cpp).
            case Kind::Join: {
                join(cast<Join>(n));
                out.erase(0, std::string_view(" | ").size());
                return;
            }
            case Kind::SetOp: out += "union "; return set_op_item(cast<SetOp>(n));
            case Kind::Search: return search(cast<Search>(n), nullptr);
            default: out += kind_name(n.kind);
        }
    }

private:
    void statements(const List<Statement*>& items, std::string_view separator) {
        for (uint32_t i = 0; i < items.size(); ++i) {
            if (i) out += separator;
            node(*items[i]);
        }
    }

    void let(const Let& l) {
        if (l.name.empty()) {
            if (l.value) node(*l.value);
            return;
        }
        out += "let ";
        name(l.name);
        out += " = ";
        if (auto* f = dyn_cast<FunctionCall>(l.value);
            f && f->name.size() == 1 && f->name[0].text == "view" && f->args.size() == 1 && isa<Lambda>(f->args[0])) {
            out += "view ";
            return expr(f->args[0], P{}, false);
        }
        if (l.value) node(*l.value);
    }

    void name(const Name& n) {
        if (!n.quoted) {
            out += n.text;
            return;
        }
        out += "['";
        for (char c : n.text) {
            if (c == '\'' || c == '\\') out += '\\';
            if (c == '\n')
                out += "\\n";
            else if (c == '\r')
                out += "\\r";
            else if (c == '\t')
                out += "\\t";
            else
                out += c;
        }
        out += "']";
    }
    void path(const List<Name>& parts) {
        for (uint32_t i = 0; i < parts.size(); ++i) {
            if (i) out += '.';
            name(parts[i]);
        }
    }
    void string(std::string_view s) { support::append_double_quoted(out, s); }
    template <class T, class F>
    void comma_list(const List<T>& items, F&& each) {
        for (uint32_t i = 0; i < items.size(); ++i) {
            if (i) out += ", ";
            each(items[i]);
        }
    }
    void exprs(const List<Expr*>& items) {
        comma_list(items, [&](const Expr* e) { argument(e); });
    }

    // ---- queries ----

    void query(const Query& q) {
        for (const Cte* c : q.ctes) {
            node(*c);
            out += ";\n";
        }
        pipeline(q);
    }

    void option_parameters(const Query& q, std::string_view op) {
        std::string_view parameter;
        for (const Expr* o : q.options)
            if (parameter_of(o, op, parameter)) {
                out += ' ';
                out += parameter;
                out += '=';
                expr(cast<NamedArg>(*o).value, P::Atom, false);
            }
    }
    bool has_parameters(const Query& q, std::string_view op) {
        std::string_view parameter;
        for (const Expr* o : q.options)
            if (parameter_of(o, op, parameter)) return true;
        return false;
    }

    // A pipeline inside a normalized part (`x in (U | where b > 1 | project x)`) names its own input
    // table's columns unqualified, as the outer pipeline does its own: the normalizer wrote U.b.
    void pipeline(const Query& q) {
        std::string_view outer = unqualified_table;
        if (normalized)
            if (std::string_view input = input_table(q); !input.empty()) unqualified_table = input;
        stages(q);
        unqualified_table = outer;
    }

    // The table a pipeline reads first ("" when it reads no table or several).
    static std::string_view input_table(const Query& q) {
        if (q.sources.size() != 1) return "";
        if (auto* t = dyn_cast<TableRef>(q.sources[0])) return t->name.size() == 1 ? t->name[0].text : "";
        auto* d = dyn_cast<DerivedTable>(q.sources[0]);
        return d && d->query ? input_table(*d->query) : "";
    }

    void stages(const Query& q) {
        bool searched = false, printed = false, unioned = false;
        if (q.sources.empty()) {
            if (!q.search.empty()) {
                search(*q.search[0], nullptr);
                searched = true;
            } else {
                out += "print ";
                comma_list(q.projection, [&](const SelectItem* i) { select_item(*i); });
                printed = true;
            }
        } else if (q.sources.size() > 1 && !q.search.empty()) {
            search(*q.search[0], &q.sources);
            searched = true;
        } else if (!q.set_ops.empty() && q.joins.empty() && q.search.empty() && !q.filter && q.aggregations.empty() &&
                   q.group_by.empty() && !q.having && q.projection.empty() && q.distinct == DistinctKind::None) {
            out += "union";
            option_parameters(q, "union");
            out += ' ';
            item(*q.sources[0]);
            for (const SetOp* op : q.set_ops) {
                out += ", ";
                set_op_item(*op);
            }
            unioned = true;
        } else if (q.set_ops.empty() && q.sources.size() == 1 &&
                   (has_parameters(q, "union") || is_wildcard(*q.sources[0]))) {
            // `union withsource=T X*` with a single table: still a union
            out += "union";
            option_parameters(q, "union");
            out += ' ';
            item(*q.sources[0]);
        } else {
            for (uint32_t i = 0; i < q.sources.size(); ++i) {
                if (i) out += ", ";  // not produced by the KQL front end
                source(*q.sources[i]);
            }
        }
        for (const Join* j : q.joins) join(*j);
        for (uint32_t i = searched ? 1 : 0; i < q.search.size(); ++i) {
            out += " | ";
            search(*q.search[i], nullptr);
        }
        if (q.filter) {
            out += " | where ";
            expr(q.filter, P{}, false);
        }
        if (!q.aggregations.empty() || !q.group_by.empty()) {
            out += " | summarize";
            option_parameters(q, "summarize");
            if (!q.aggregations.empty()) {
                out += ' ';
                comma_list(q.aggregations, [&](const SelectItem* i) { select_item(*i); });
            }
            if (!q.group_by.empty()) {
                out += " by ";
                exprs(q.group_by);
            }
        }
        if (q.having) {
            out += " | where ";
            expr(q.having, P{}, false);
        }
        if (q.distinct != DistinctKind::None) {
            out += " | distinct";
            option_parameters(q, "distinct");
            out += ' ';
            comma_list(q.projection, [&](const SelectItem* i) { select_item(*i); });
        } else if (!q.projection.empty() && !printed) {
            if (is_bare_star(q.projection[0]->expr)) {
                out += " | extend ";
                for (uint32_t i = 1; i < q.projection.size(); ++i) {
                    if (i > 1) out += ", ";
                    select_item(*q.projection[i]);
                }
            } else {
                out += " | project ";
                comma_list(q.projection, [&](const SelectItem* i) { select_item(*i); });
            }
        }
        if (!q.set_ops.empty() && !unioned) {
            out += " | union";
            option_parameters(q, "union");
            out += ' ';
            comma_list(q.set_ops, [&](const SetOp* op) { set_op_item(*op); });
        }
        bool separate = has_parameters(q, "sort") || has_parameters(q, "take");
        if (!q.order_by.empty() && q.limit && !separate) {
            out += " | top";
            option_parameters(q, "top");
            out += ' ';
            expr(q.limit, P{}, false);
            out += " by ";
            comma_list(q.order_by, [&](const OrderItem* o) { order_item(*o); });
        } else {
            if (!q.order_by.empty()) {
                out += " | sort";
                option_parameters(q, "sort");
                out += " by ";
                comma_list(q.order_by, [&](const OrderItem* o) { order_item(*o); });
            }
            if (q.limit) {
                out += " | take";
                option_parameters(q, "take");
                out += ' ';
                expr(q.limit, P{}, false);
            }
        }
        for (const Expr* o : q.options) {
            if (is_operator(*o)) {
                out += " | ";
                expr(o, P{}, false);
                continue;
            }
            auto* n = dyn_cast<NamedArg>(o);
            if (!n || n->name.text.find('.') != std::string_view::npos) continue;
            out += " | ";
            option(*n);
        }
    }

    static bool is_wildcard(const Relation& r) {
        auto* t = dyn_cast<TableRef>(&r);
        return t && !t->name.empty() && !t->name.back().quoted &&
               t->name.back().text.find('*') != std::string_view::npos;
    }

    static bool is_operator(const Expr& e) {
        return isa<KqlProjectColumns>(&e) || isa<KqlProjectRename>(&e) || isa<KqlMvExpand>(&e) || isa<KqlParse>(&e);
    }

    // `kind=array hint.x=y` after an operator's name.
    void parameters(const List<Expr*>& items) {
        for (const Expr* p : items) {
            const auto& n = cast<NamedArg>(*p);
            out += ' ';
            out += n.name.text;
            out += '=';
            expr(n.value, P::Atom, false);
        }
    }

    void project_columns(const KqlProjectColumns& p) {
        out += enum_name(p.op);
        if (p.columns.empty()) return;
        out += ' ';
        exprs(p.columns);
    }

    void project_rename(const KqlProjectRename& r) {
        out += "project-rename ";
        for (uint32_t i = 0; i < r.names.size(); ++i) {
            if (i) out += ", ";
            name(r.names[i]);
            out += " = ";
            expr(r.columns[i], P{}, false);
        }
    }

    void mv_expand(const KqlMvExpand& m) {
        out += "mv-expand";
        parameters(m.parameters);
        out += ' ';
        comma_list(m.columns, [&](const KqlExpandColumn* c) {
            if (!c->name.empty()) {
                name(c->name);
                out += " = ";
            }
            expr(c->expr, P{}, false);
            if (!c->type.empty()) {
                out += " to typeof(";
                out += c->type;
                out += ')';
            }
        });
        if (m.limit) {
            out += " limit ";
            expr(m.limit, P{}, false);
        }
    }

    void parse(const KqlParse& p) {
        out += p.where ? "parse-where" : "parse";
        parameters(p.parameters);
        out += ' ';
        expr(p.source, P{}, false);
        out += " with";
        for (const Node* part : p.pattern) {
            out += ' ';
            if (auto* column = dyn_cast<ColumnDef>(part)) {
                name(column->name);
                if (!column->type.empty()) {
                    out += ':';
                    out += column->type;
                }
            } else {
                expr(dyn_cast<Expr>(part), P{}, false);
            }
        }
    }

    void option(const NamedArg& n) {
        out += n.name.text;
        const Expr* v = n.value;
        if (!v) return;
        if (auto* l = dyn_cast<Literal>(v); l && l->type == LiteralType::Keyword) {
            if (!l->text.empty()) {
                out += ' ';
                out += l->text;
            }
            return;
        }
        if (n.name.text == "render") {
            const auto& t = cast<Tuple>(*v);
            out += ' ';
            expr(t.items[0], P{}, false);
            if (t.items.size() > 1) {
                out += " with (";
                for (uint32_t i = 1; i < t.items.size(); ++i) {
                    if (i > 1) out += ", ";
                    const auto& p = cast<NamedArg>(*t.items[i]);
                    name(p.name);
                    out += " = ";
                    if (auto* values = dyn_cast<Tuple>(p.value))
                        exprs(values->items);
                    else
                        expr(p.value, P{}, false);
                }
                out += ')';
            }
            return;
        }
        if (auto* t = dyn_cast<Tuple>(v)) {
            if (t->items.empty()) return;
            out += ' ';
            exprs(t->items);
            return;
        }
        out += ' ';
        expr(v, P{}, false);
    }

    void search(const Search& s, const List<Relation*>* tables) {
        out += "search";
        for (const Expr* o : s.options) {
            out += ' ';
            const auto& n = cast<NamedArg>(*o);
            out += n.name.text;
            out += '=';
            expr(n.value, P::Atom, false);
        }
        if (tables) {
            out += " in (";
            comma_list(*tables, [&](const Relation* r) { item(*r); });
            out += ')';
        }
        out += ' ';
        if (s.query) expr(s.query, P{}, false);
    }

    void join(const Join& j) {
        bool lookup = false, where = false;
        for (const Expr* o : j.options)
            if (auto* n = dyn_cast<NamedArg>(o)) {
                lookup |= n->name.text == "lookup";
                where |= n->name.text == "where";
            }
        out += lookup ? " | lookup kind=" : " | join kind=";
        out += kql_join_kind(j.join);
        for (const Expr* o : j.options) {
            const auto& n = cast<NamedArg>(*o);
            if (n.name.text == "lookup" || n.name.text == "where") continue;
            out += ' ';
            out += n.name.text;
            out += '=';
            expr(n.value, P::Atom, false);
        }
        out += ' ';
        item(*j.right);
        if (!j.using_columns.empty()) {
            out += " on ";
            comma_list(j.using_columns, [&](const Name& n) { name(n); });
        } else if (j.condition) {
            out += where ? " where " : " on ";
            expr(j.condition, P{}, false);
        }
    }

    void set_op_item(const SetOp& op) {
        if (is_bare(*op.query)) return item(*op.query->sources[0]);
        out += '(';
        query(*op.query);
        out += ')';
    }

    // A relation inside join/union/search: pipelines and operator-like sources in parentheses.
    void item(const Relation& r) {
        bool paren = isa<DerivedTable>(&r);
        if (auto* t = dyn_cast<TableFunction>(&r)) paren = is_operator_source(*t->call);
        if (paren) out += '(';
        source(r);
        if (paren) out += ')';
    }

    static bool is_range(const FunctionCall& f) {
        return f.name.size() == 1 && f.name[0].text == "range" && f.args.size() == 4 && isa<ColumnRef>(f.args[0]);
    }
    static bool is_raw(const FunctionCall& f) {
        if (f.name.size() != 1 || !is_raw_source_name(f.name[0].text) || f.args.size() != 1) return false;
        auto* l = dyn_cast<Literal>(f.args[0]);
        return l && l->type == LiteralType::Keyword;
    }
    static bool is_operator_source(const FunctionCall& f) { return is_range(f) || is_raw(f); }

    void source(const Relation& r) {
        switch (r.kind) {
            case Kind::TableRef: return path(cast<TableRef>(r).name);
            case Kind::DerivedTable: return pipeline(*cast<DerivedTable>(r).query);
            case Kind::TableFunction: {
                const FunctionCall& f = *cast<TableFunction>(r).call;
                if (is_range(f)) {
                    out += "range ";
                    expr(f.args[0], P{}, false);
                    out += " from ";
                    expr(f.args[1], P{}, false);
                    out += " to ";
                    expr(f.args[2], P{}, false);
                    out += " step ";
                    expr(f.args[3], P{}, false);
                    return;
                }
                if (is_raw(f)) {
                    out += f.name[0].text;
                    out += ' ';
                    out += cast<Literal>(*f.args[0]).text;
                    return;
                }
                return expr(&f, P{}, false);
            }
            case Kind::ValuesTable: {
                const auto& v = cast<ValuesTable>(r);
                out += "datatable(";
                comma_list(v.columns, [&](const ColumnDef* c) { column_def(*c); });
                out += ")[";
                bool first = true;
                for (const Tuple* row : v.rows)
                    for (const Expr* e : row->items) {
                        if (!first) out += ", ";
                        first = false;
                        expr(e, P{}, false);
                    }
                out += ']';
                return;
            }
            default: out += kind_name(r.kind);
        }
    }

    void column_def(const ColumnDef& c) {
        name(c.name);
        out += ':';
        out += c.type;
        for (const Constraint* k : c.constraints)
            if (k->constraint == ConstraintKind::Default && k->expr) {
                out += " = ";
                expr(k->expr, P{}, false);
            }
    }

    void select_item(const SelectItem& i) {
        if (!i.alias.empty()) {
            name(i.alias);
            out += " = ";
        }
        expr(i.expr, P{}, false);
    }

    void order_item(const OrderItem& o) {
        expr(o.expr, P{}, false);
        SortDir dir = o.dir == SortDir::Default ? SortDir::Desc : o.dir;
        out += dir == SortDir::Asc ? " asc" : " desc";
        NullsOrder natural = dir == SortDir::Asc ? NullsOrder::First : NullsOrder::Last;
        if (o.nulls != NullsOrder::Default && o.nulls != natural)
            out += o.nulls == NullsOrder::First ? " nulls first" : " nulls last";
    }

    // ---- expressions ----

    // Function arguments and list items: a pipeline needs no parentheses of its own.
    void argument(const Expr* e) {
        if (auto* s = dyn_cast<SubqueryExpr>(e)) return query(*s->query);
        expr(e, P{}, false);
    }

    void expr(const Expr* e, P parent, bool rhs) {
        if (!e) {
            out += "null";
            return;
        }
        P p = precedence(e);
        bool wrap = p < parent || (p == parent && rhs);
        if (wrap) out += '(';
        bare(e);
        if (wrap) out += ')';
    }

    void literal(const Literal& l) {
        switch (l.type) {
            case LiteralType::String: return string(l.text);
            case LiteralType::Integer:
                if (is_plain_number(l.text, false))
                    out += l.text;
                else {
                    out += "long(";
                    out += l.text;
                    out += ')';
                }
                return;
            case LiteralType::Decimal:
                if (is_plain_number(l.text, true))
                    out += l.text;
                else {
                    out += "real(";
                    out += l.text;
                    out += ')';
                }
                return;
            case LiteralType::Boolean:
                if (l.text == "true" || l.text == "false")
                    out += l.text;
                else {
                    out += "bool(";
                    out += l.text;
                    out += ')';
                }
                return;
            case LiteralType::Null: out += "null"; return;
            case LiteralType::Timespan:
                if (normalized)
                    if (std::string written = timespan_in_largest_unit(l.text); !written.empty()) {
                        out += written;
                        return;
                    }
                if (is_plain_timespan(l.text))
                    out += l.text;
                else {
                    out += "timespan(";
                    out += l.text;
                    out += ')';
                }
                return;
            case LiteralType::Datetime:
                out += "datetime(";
                out += l.text;
                out += ')';
                return;
            case LiteralType::Guid:
                out += "guid(";
                out += l.text;
                out += ')';
                return;
            case LiteralType::Dynamic:
                out += "dynamic(";
                out += l.text;
                out += ')';
                return;
            case LiteralType::Keyword:
            case LiteralType::Interval: out += l.text; return;
        }
    }

    // The normalizer's a || b || c chain of strcat(a, b, c) (KQL has no || for strings).
    void concat_operands(const Expr* e) {
        if (auto* b = dyn_cast<Binary>(e); b && b->op == BinaryOp::Concat) {
            concat_operands(b->lhs);
            out += ", ";
            return concat_operands(b->rhs);
        }
        argument(e);
    }

    void binary(const Binary& b, bool negated) {
        if (b.op == BinaryOp::Concat && !negated) {
            out += "strcat(";
            concat_operands(&b);
            out += ')';
            return;
        }
        P p = semantics::binary_operator(b.op).kql;
        expr(b.lhs, p, false);
        out += ' ';
        out += negated ? semantics::binary_operator(b.op).kql_negated : semantics::kql_spelling(b.op);
        out += ' ';
        if (b.op == BinaryOp::HasAny || b.op == BinaryOp::HasAll) {
            out += '(';
            if (auto* t = dyn_cast<Tuple>(b.rhs))
                exprs(t->items);
            else
                argument(b.rhs);
            out += ')';
            return;
        }
        expr(b.rhs, p, true);
    }

    void bare(const Expr* e) {
        switch (e->kind) {
            case Kind::ColumnRef: {
                const List<Name>& parts = cast<ColumnRef>(*e).path;
                bool unqualified = parts.size() > 1 && !unqualified_table.empty() && !parts[0].quoted &&
                                   parts[0].text == unqualified_table;
                for (uint32_t i = unqualified ? 1 : 0; i < parts.size(); ++i) {
                    if (i > (unqualified ? 1u : 0u)) out += '.';
                    name(parts[i]);
                }
                return;
            }
            case Kind::Star: {
                const auto& s = cast<Star>(*e);
                if (!s.qualifier.empty()) {
                    path(s.qualifier);
                    out += '.';
                }
                out += s.pattern.empty() ? std::string_view("*") : s.pattern;
                return;
            }
            case Kind::Literal: return literal(cast<Literal>(*e));
            case Kind::Parameter: out += cast<Parameter>(*e).text; return;
            case Kind::FunctionCall: {
                const auto& f = cast<FunctionCall>(*e);
                // The normalizer's count(*) for count() (Kusto's count takes no argument).
                if (normalized && !f.distinct && f.name.size() == 1 && f.name[0].text == "count" &&
                    f.args.size() == 1 && is_bare_star(f.args[0])) {
                    out += "count()";
                    return;
                }
                // The normalizer's COUNT(DISTINCT x) for dcount(x); KQL has no other DISTINCT aggregate.
                if (f.distinct && f.name.size() == 1 && f.name[0].text == "count") {
                    out += "dcount";
                } else {
                    path(f.name);
                }
                out += '(';
                if (f.distinct && !(f.name.size() == 1 && f.name[0].text == "count")) out += "distinct ";
                exprs(f.args);
                out += ')';
                return;
            }
            case Kind::Unary: {
                const auto& u = cast<Unary>(*e);
                if (u.op == UnaryOp::Not) {
                    if (auto* b = dyn_cast<Binary>(u.operand); b && negatable(b)) return binary(*b, true);
                    if (auto* i = dyn_cast<InList>(u.operand)) return in_list(*i, true);
                    if (auto* i = dyn_cast<InSubquery>(u.operand)) return in_subquery(*i, true);
                    if (auto* b = dyn_cast<Between>(u.operand)) return between(*b, true);
                    if (auto* i = dyn_cast<Unary>(u.operand); i && i->op == UnaryOp::IsNull) {
                        out += "isnotnull(";
                        expr(i->operand, P{}, false);
                        out += ')';
                        return;
                    }
                    out += "not(";
                    expr(u.operand, P{}, false);
                    out += ')';
                    return;
                }
                if (u.op == UnaryOp::Negate || u.op == UnaryOp::Plus) {
                    out += u.op == UnaryOp::Negate ? '-' : '+';
                    expr(u.operand, P::Atom, false);
                    return;
                }
                // The normalizer's IS NULL for isnull(x)/isempty(x)
                out += u.op == UnaryOp::IsNull ? std::string_view("isnull") : enum_name(u.op);
                out += '(';
                expr(u.operand, P{}, false);
                out += ')';
                return;
            }
            case Kind::Binary: return binary(cast<Binary>(*e), false);
            case Kind::Between: return between(cast<Between>(*e), false);
            case Kind::InList: return in_list(cast<InList>(*e), false);
            case Kind::InSubquery: return in_subquery(cast<InSubquery>(*e), false);
            case Kind::SubqueryExpr:
                out += '(';
                query(*cast<SubqueryExpr>(*e).query);
                out += ')';
                return;
            case Kind::Tuple:
                out += '(';
                exprs(cast<Tuple>(*e).items);
                out += ')';
                return;
            case Kind::Subscript: {
                const auto& s = cast<Subscript>(*e);
                expr(s.base, P::Atom, false);
                out += '[';
                if (s.index) expr(s.index, P{}, false);
                out += ']';
                return;
            }
            case Kind::FieldAccess: {
                const auto& f = cast<FieldAccess>(*e);
                expr(f.base, P::Atom, false);
                out += '.';
                name(f.field);
                return;
            }
            case Kind::NamedArg: {
                const auto& n = cast<NamedArg>(*e);
                name(n.name);
                out += " = ";
                expr(n.value, P{}, false);
                return;
            }
            case Kind::Lambda: {
                const auto& l = cast<Lambda>(*e);
                out += '(';
                comma_list(l.params, [&](const ColumnDef* p) { column_def(*p); });
                out += ") { ";
                if (auto* body = l.body) {
                    if (auto* s = dyn_cast<Script>(body))
                        statements(s->statements, "; ");
                    else
                        node(*body);
                }
                out += " }";
                return;
            }
            case Kind::Case: return conditional(cast<Case>(*e));
            case Kind::Cast: {
                const auto& c = cast<Cast>(*e);
                std::string_view function = conversion_function(c.type);
                if (function.empty()) break;
                out += function;
                out += '(';
                expr(c.expr, P{}, false);
                out += ')';
                return;
            }
            case Kind::Array: {
                const auto& a = cast<Array>(*e);
                bool literal = std::all_of(a.items.begin(), a.items.end(), json_scalar);
                out += literal ? "dynamic([" : "pack_array(";
                exprs(a.items);
                out += literal ? "])" : ")";
                return;
            }
            case Kind::KqlProjectColumns: return project_columns(cast<KqlProjectColumns>(*e));
            case Kind::KqlProjectRename: return project_rename(cast<KqlProjectRename>(*e));
            case Kind::KqlMvExpand: return mv_expand(cast<KqlMvExpand>(*e));
            case Kind::KqlParse: return parse(cast<KqlParse>(*e));
            default: break;
        }
        out += kind_name(e->kind);
    }

    // The normalizer's CASE of an iff (one branch) or a KQL case (several); a simple CASE compares its
    // operand in each branch. kql_prints() leaves out a CASE without ELSE, which KQL cannot write.
    void conditional(const Case& c) {
        out += c.whens.size() == 1 ? "iff(" : "case(";
        for (const When* w : c.whens) {
            if (c.operand) {
                expr(c.operand, semantics::binary_operator(BinaryOp::Eq).kql, false);
                out += " == ";
                expr(w->condition, semantics::binary_operator(BinaryOp::Eq).kql, true);
            } else {
                argument(w->condition);
            }
            out += ", ";
            argument(w->result);
            out += ", ";
        }
        argument(c.else_);
        out += ')';
    }

    void between(const Between& b, bool negated) {
        expr(b.expr, P::Between, false);
        out += negated ? " !between (" : " between (";
        expr(b.low, P{}, false);
        out += " .. ";
        expr(b.high, P{}, false);
        out += ')';
    }

    void in_list(const InList& i, bool negated) {
        expr(i.expr, P::In, false);
        out += negated ? " !in" : " in";
        if (i.case_insensitive) out += '~';
        out += " (";
        exprs(i.items);
        out += ')';
    }

    void in_subquery(const InSubquery& i, bool negated) {
        expr(i.expr, P::In, false);
        out += negated ? " !in (" : " in (";
        query(*i.query);
        out += ')';
    }
};

}  // namespace

bool kql_prints(const ast::Node& node) {
    switch (node.kind) {
        case Kind::Case:
            if (!cast<Case>(node).else_) return false;
            break;
        case Kind::Cast:
            if (conversion_function(cast<Cast>(node).type).empty()) return false;
            break;
        case Kind::Exists:
        case Kind::Quantified:
        case Kind::GroupingSet: return false;
        default: break;
    }
    bool all = true;
    for_each_child(node, [&](const Node& child) { all = all && kql_prints(child); });
    return all;
}

std::string_view kql_join_kind(ast::JoinKind kind) {
    using ast::JoinKind;
    switch (kind) {
        case JoinKind::InnerUnique: return "innerunique";
        case JoinKind::Inner: return "inner";
        case JoinKind::Left: return "leftouter";
        case JoinKind::Right: return "rightouter";
        case JoinKind::Full: return "fullouter";
        case JoinKind::Semi: return "leftsemi";
        case JoinKind::Anti: return "leftanti";
        case JoinKind::RightSemi: return "rightsemi";
        case JoinKind::RightAnti: return "rightanti";
        default: return enum_name(kind);
    }
}

std::string to_kql(const ast::Node& node) {
    KqlPrinter p;
    p.node(node);
    return p.out;
}

std::string to_kql(const ast::Node& node, std::string_view unqualified_table) {
    KqlPrinter p;
    p.normalized = true;
    p.unqualified_table = unqualified_table;
    p.node(node);
    return p.out;
}

}  // namespace qdiff
