// A node of the canonical tree as a node-level edit shows it (AtomSpelling::node, diff/atom_spelling.hpp):
// in the query's own words, never the AST's kind names (`Binary AND` is `AND` in SQL, `and` in KQL,
// `operator: And` in Weaviate). A node's words carry what its label carries (tree_edit.cpp: the kind and
// the scalar fields), so that a relabel's two sides read differently; its children have their own edits.
#include <string>
#include <string_view>

#include "ast/semantics/operators.hpp"
#include "diff/atom_spelling.hpp"
#include "qdiff/ast_print.hpp"
#include "support/strings.hpp"

namespace qdiff {

std::string dotted(const ast::List<ast::Name>& names) {
    std::string out;
    for (uint32_t i = 0; i < names.size(); ++i) {
        if (i) out += '.';
        out += names[i].text;
    }
    return out;
}

namespace {

using namespace ast;

// An enumerator as SQL writes it: `unbounded_preceding` → `UNBOUNDED PRECEDING`.
std::string keyword(std::string_view name) {
    std::string out = support::to_upper(name);
    for (char& c : out)
        if (c == '_') c = ' ';
    return out;
}

// ` (a, b)`: the columns a name is followed by; "" for none.
std::string column_list(const List<Name>& columns) {
    std::string out;
    for (uint32_t i = 0; i < columns.size(); ++i) out += (i ? ", " : " (") + std::string(columns[i].text);
    return columns.empty() ? out : out + ")";
}

std::string with_alias(std::string words, const Name& alias, Language language) {
    if (alias.text.empty()) return words;
    if (language == Language::Kql) return words + " as " + std::string(alias.text);
    return words + " AS " + std::string(alias.text);
}

std::string sql_join(const Join& j) {
    std::string kind;
    switch (j.join) {
        case JoinKind::CrossApply: kind = "CROSS APPLY"; break;
        case JoinKind::OuterApply: kind = "OUTER APPLY"; break;
        default: kind = keyword(enum_name(j.join)) + " JOIN"; break;
    }
    return j.natural ? "NATURAL " + kind : kind;
}

// A Weaviate search argument as written, or by its kind for a search not written as one (a structured query's).
std::string_view weaviate_search(const Search& s) {
    return s.argument.empty() ? weaviate_search_argument(s.search).argument : s.argument;
}

// The LIKE a string operator stands for, which the normalizer made of `LIKE '%x%'` (like_as_string_operators):
// "" for the others.
std::string_view sql_like(BinaryOp op) {
    switch (op) {
        case BinaryOp::ContainsCs: return "LIKE '%…%'";
        case BinaryOp::StartsWithCs: return "LIKE '…%'";
        case BinaryOp::EndsWithCs: return "LIKE '%…'";
        case BinaryOp::Contains: return "LIKE '%…%' (any case)";
        case BinaryOp::StartsWith: return "LIKE '…%' (any case)";
        case BinaryOp::EndsWith: return "LIKE '%…' (any case)";
        default: return "";
    }
}

std::string binary(BinaryOp op, Language language) {
    const semantics::BinaryOperator& o = semantics::binary_operator(op);
    if (language == Language::Kql && !o.kql_spelling.empty()) return std::string(o.kql_spelling);
    if (language == Language::Sql && !sql_like(op).empty()) return std::string(sql_like(op));
    if (language == Language::Weaviate) {
        if (op == BinaryOp::And) return "operator: And";
        if (op == BinaryOp::Or) return "operator: Or";
        if (!o.weaviate_spelling.empty()) return "operator: " + std::string(o.weaviate_spelling);
    }
    return std::string(enum_name(op));
}

std::string unary(UnaryOp op, Language language) {
    if (language == Language::Kql) {
        if (op == UnaryOp::Not) return "not()";
        if (op == UnaryOp::IsNull) return "isnull()";
    }
    if (language == Language::Weaviate) {
        if (op == UnaryOp::Not) return "operator: Not";
        if (op == UnaryOp::IsNull) return "operator: IsNull";
    }
    return std::string(enum_name(op));
}

std::string query_words(const Query& q, Language language) {
    if (language == Language::Kql) return q.distinct != DistinctKind::None ? "query | distinct" : "query";
    if (language == Language::Weaviate) return q.aggregations.empty() ? "Get" : "Aggregate";
    std::string out = q.recursive ? "WITH RECURSIVE SELECT" : "SELECT";
    if (q.distinct == DistinctKind::Distinct) out += " DISTINCT";
    if (q.distinct == DistinctKind::DistinctOn) out += " DISTINCT ON";
    if (q.limit_percent) out += " TOP … PERCENT";
    if (q.limit_with_ties) out += " WITH TIES";
    return out;
}

std::string order_words(const OrderItem& o, Language language) {
    std::string out;
    // `…` stands for the sort key, a child with edits of its own
    if (language == Language::Weaviate) {
        out = "sort: {path: …";
        if (o.dir != SortDir::Default) out += ", order: " + std::string(enum_name(o.dir));
        return out + "}";
    }
    bool kql = language == Language::Kql;
    out = kql ? "sort by …" : "ORDER BY …";
    if (o.dir != SortDir::Default) out += " " + (kql ? std::string(enum_name(o.dir)) : keyword(enum_name(o.dir)));
    // Kusto sorts nulls first ascending and last descending, which the normalizer spells out
    bool kql_default = (o.dir == SortDir::Asc && o.nulls == NullsOrder::First) ||
                       (o.dir == SortDir::Desc && o.nulls == NullsOrder::Last);
    if (o.nulls != NullsOrder::Default && !(kql && kql_default))
        out += kql ? " nulls " + std::string(enum_name(o.nulls)) : " NULLS " + keyword(enum_name(o.nulls));
    return out;
}

std::string frame(const WindowFrame& f) {
    std::string out = keyword(enum_name(f.unit)) + " ";
    if (f.end == FrameBound::None) {
        out += keyword(enum_name(f.start));
    } else {
        out += "BETWEEN " + keyword(enum_name(f.start)) + " AND " + keyword(enum_name(f.end));
    }
    if (f.exclude != FrameExclude::None) out += " EXCLUDE " + keyword(enum_name(f.exclude));
    return out;
}

}  // namespace

std::string AtomSpelling::node(const Node& n) const {
    const bool kql = language_ == Language::Kql, sql = language_ == Language::Sql;
    switch (n.kind) {
        // a column, a value, a call: written out (the call's arguments are its children's edits)
        case Kind::ColumnRef:
        case Kind::Star:
        case Kind::Literal:
        case Kind::Parameter:
        case Kind::FunctionCall:
        case Kind::Cast: {
            std::string out;
            if (isa<ColumnRef>(&n))
                out = expression(n);
            else if (auto* call = dyn_cast<FunctionCall>(&n); call && language_ == Language::Weaviate)
                out = aggregate(*call);  // `wordCount { mean }`
            else
                out = value(cast<Expr>(n));
            return out.empty() ? to_sql(n) : out;
        }
        case Kind::Binary: return binary(cast<Binary>(n).op, language_);
        case Kind::Unary: return unary(cast<Unary>(n).op, language_);
        case Kind::Between: return kql ? "between" : cast<Between>(n).symmetric ? "BETWEEN SYMMETRIC" : "BETWEEN";
        case Kind::InList:
            if (kql) return cast<InList>(n).case_insensitive ? "in~" : "in";
            return "IN";
        case Kind::InSubquery: return kql ? "in (subquery)" : "IN (subquery)";
        case Kind::Quantified: {
            auto& q = cast<Quantified>(n);
            return std::string(enum_name(q.op)) + " " + keyword(enum_name(q.quantifier));
        }
        case Kind::Exists: return "EXISTS";
        case Kind::SubqueryExpr: return kql ? "toscalar()" : "(subquery)";
        case Kind::Case: return kql ? "case()" : "CASE";
        case Kind::When: return kql ? "case() condition" : "WHEN";
        case Kind::Tuple: return language_ == Language::Weaviate ? "{ }" : "( )";  // a GraphQL object
        case Kind::Array: return kql ? "dynamic([ ])" : "[ ]";
        case Kind::Subscript: return cast<Subscript>(n).slice ? "[ : ]" : "[ ]";
        case Kind::FieldAccess: return "." + std::string(cast<FieldAccess>(n).field.text);
        case Kind::NamedArg: {
            std::string name(cast<NamedArg>(n).name.text);
            return sql ? name + " =>" : kql ? name + "=" : name + ":";
        }
        case Kind::GroupingSet: return keyword(enum_name(cast<GroupingSet>(n).grouping));
        case Kind::Lambda: return kql ? "function" : "lambda";
        case Kind::KqlProjectColumns: return std::string(enum_name(cast<KqlProjectColumns>(n).op));
        case Kind::KqlProjectRename: return "project-rename " + dotted(cast<KqlProjectRename>(n).names);
        case Kind::KqlMvExpand: return "mv-expand";
        case Kind::KqlExpandColumn: {
            auto& c = cast<KqlExpandColumn>(n);
            std::string out = c.name.text.empty() ? "mv-expand column" : "mv-expand " + std::string(c.name.text) + " =";
            return c.type.empty() ? out : out + " to typeof(" + std::string(c.type) + ")";
        }
        case Kind::KqlParse: return cast<KqlParse>(n).where ? "parse-where" : "parse";

        case Kind::Cte: {
            auto& c = cast<Cte>(n);
            if (kql) return "let " + std::string(c.name.text);
            std::string out = "WITH " + std::string(c.name.text) + column_list(c.columns);
            return c.materialization == Materialization::Default ? out
                                                                  : out + " AS " + keyword(enum_name(c.materialization));
        }
        case Kind::SelectItem: {
            auto& s = cast<SelectItem>(n);
            if (language_ == Language::Weaviate) return "property";
            if (kql) return s.alias.text.empty() ? "column" : "column " + std::string(s.alias.text) + " =";
            return with_alias("SELECT column", s.alias, language_);
        }
        case Kind::Join: {
            auto& j = cast<Join>(n);
            if (kql) return "join kind=" + std::string(kql_join_kind(j.join));
            std::string out = sql_join(j);
            return j.using_columns.empty() ? out : out + " USING (" + dotted(j.using_columns) + ")";
        }
        case Kind::Search: {
            auto& s = cast<Search>(n);
            if (kql) return "search";
            return std::string(weaviate_search(s));
        }
        case Kind::OrderItem: return order_words(cast<OrderItem>(n), language_);
        case Kind::SetOp: {
            auto& s = cast<SetOp>(n);
            if (kql && s.op == SetOpKind::Union) return "union";
            return keyword(enum_name(s.op)) + (s.all ? " ALL" : "");
        }
        case Kind::WindowDef: return "WINDOW " + std::string(cast<WindowDef>(n).name.text);
        case Kind::WindowSpec: {
            auto& w = cast<WindowSpec>(n);
            return w.base.text.empty() ? "OVER" : "OVER " + std::string(w.base.text);
        }
        case Kind::WindowFrame: return frame(cast<WindowFrame>(n));
        case Kind::ColumnDef: {
            auto& c = cast<ColumnDef>(n);
            std::string out(c.name.text);
            return c.type.empty() ? out : out + (kql ? ":" : " ") + std::string(c.type);
        }
        case Kind::Constraint: {
            auto& c = cast<Constraint>(n);
            std::string out = keyword(enum_name(c.constraint)) + column_list(c.columns);
            if (!c.ref_table.empty()) out += " REFERENCES " + dotted(c.ref_table) + column_list(c.ref_columns);
            return c.name.text.empty() ? out : "CONSTRAINT " + std::string(c.name.text) + " " + out;
        }
        case Kind::Assignment: return "SET " + dotted(cast<Assignment>(n).column) + " =";

        case Kind::TableRef: {
            auto& t = cast<TableRef>(n);
            std::string out = dotted(t.name);
            if (!t.as_of.empty()) out += " FOR " + std::string(t.as_of);
            return with_alias(std::move(out), t.alias, language_);
        }
        case Kind::DerivedTable: {
            // no alias: the normalizer names derived tables its own way (`_derived1`)
            return cast<DerivedTable>(n).lateral ? "LATERAL (subquery)" : "(subquery)";
        }
        case Kind::TableFunction: {
            auto& t = cast<TableFunction>(n);
            return with_alias(t.lateral ? "LATERAL function" : "function", t.alias, language_);
        }
        case Kind::ValuesTable: return with_alias(kql ? "datatable" : "VALUES", cast<ValuesTable>(n).alias, language_);
        case Kind::PivotTable: {
            auto& p = cast<PivotTable>(n);
            std::string out = p.unpivot ? (p.include_nulls ? "UNPIVOT INCLUDE NULLS" : "UNPIVOT") : "PIVOT";
            if (p.in_any) out += " IN (ANY)";
            return with_alias(std::move(out), p.alias, language_);
        }
        case Kind::SampledTable: {
            auto& s = cast<SampledTable>(n);
            std::string out = kql ? "sample" : "TABLESAMPLE";
            if (!s.method.empty()) out += " " + std::string(s.method);
            out += s.rows ? " ROWS" : " PERCENT";
            return with_alias(std::move(out), s.alias, language_);
        }
        case Kind::JoinedTable: return with_alias("(joins)", cast<JoinedTable>(n).alias, language_);

        case Kind::Script: return "script";
        case Kind::Query: return query_words(cast<Query>(n), language_);
        case Kind::Insert: {
            auto& i = cast<Insert>(n);
            std::string out = "INSERT INTO " + dotted(i.table) + column_list(i.columns);
            return i.default_values ? out + " DEFAULT VALUES" : with_alias(std::move(out), i.alias, language_);
        }
        case Kind::Update: return "UPDATE";
        case Kind::Delete: return "DELETE";
        case Kind::CreateTable: {
            auto& c = cast<CreateTable>(n);
            return std::string("CREATE ") + (c.temporary ? "TEMPORARY " : "") + "TABLE " +
                   (c.if_not_exists ? "IF NOT EXISTS " : "") + dotted(c.name);
        }
        case Kind::CreateView: {
            auto& c = cast<CreateView>(n);
            return std::string("CREATE ") + (c.or_replace ? "OR REPLACE " : "") + (c.temporary ? "TEMPORARY " : "") +
                   (c.materialized ? "MATERIALIZED " : "") + "VIEW " + (c.if_not_exists ? "IF NOT EXISTS " : "") +
                   dotted(c.name) + column_list(c.columns);
        }
        case Kind::CreateIndex: {
            auto& c = cast<CreateIndex>(n);
            return std::string("CREATE ") + (c.unique ? "UNIQUE " : "") + "INDEX " +
                   (c.if_not_exists ? "IF NOT EXISTS " : "") + std::string(c.name.text) + " ON " + dotted(c.table);
        }
        case Kind::Drop: {
            auto& d = cast<Drop>(n);
            return "DROP " + std::string(d.object) + (d.if_exists ? " IF EXISTS" : "") + (d.cascade ? " CASCADE" : "");
        }
        case Kind::Command: {
            auto& c = cast<Command>(n);
            std::string out(c.verb);
            if (!c.target.empty()) out += " " + dotted(c.target);
            return c.text.empty() ? out : out + " " + std::string(c.text);
        }
        case Kind::Let: return "let " + std::string(cast<Let>(n).name.text);
    }
    return to_sql(n);
}

}  // namespace qdiff
