// Pipelines and their sources.
//   - `T`, `['T']`, `database("d").T`, `cluster("c").database("d").T` → TableRef (the cluster and
//     database calls are kept as written, one name part each);
//   - `f(x)`, `materialize(...)` → TableFunction; `(T | ...)` → the inner block itself (parentheses
//     around a pipeline source change nothing); `datatable(...)[...]` → ValuesTable;
//   - `print a = 1` → a Query with a projection and no source; `range x from a to b step c` →
//     TableFunction range(x, a, b, c); `search ...` → Query.search (Search{Keyword}), its `in (...)`
//     tables as sources; `union` → see transform_join_union.cpp;
//   - find, evaluate, externaldata, inline_external_table, macro-expand as sources → TableFunction
//     named after the operator with its text (one Keyword literal): visible, printable, not analysed.
#include <functional>

#include "parsers/kql/transformer.hpp"
#include "qdiff/ast_print.hpp"

namespace qdiff::parsers::kql {

using namespace ast;

int stage_of(const Query& q) {
    int s = kSource;
    if (!q.joins.empty()) s = kJoin;
    if (!q.search.empty()) s = kSearch;
    if (q.filter) s = kFilter;
    if (!q.aggregations.empty() || !q.group_by.empty()) s = kAggregate;
    if (q.having) s = kHaving;
    if (!q.projection.empty()) s = kProject;
    if (q.distinct != DistinctKind::None) s = kDistinct;
    if (!q.set_ops.empty()) s = kUnion;
    if (!q.order_by.empty()) s = kOrder;
    if (q.limit) s = kLimit;
    for (const Expr* o : q.options)
        if (!is_operator_parameter(o)) s = kOptions;
    return s;
}

bool is_operator_parameter(const Expr* option) {
    auto* n = dyn_cast<NamedArg>(option);
    return n && n->name.text.find('.') != std::string_view::npos;
}

static bool is_bare(const Query& q) {
    return q.sources.size() == 1 && q.ctes.empty() && q.projection.empty() && q.joins.empty() && q.search.empty() &&
           !q.filter && q.aggregations.empty() && q.group_by.empty() && !q.having && q.set_ops.empty() &&
           q.order_by.empty() && !q.limit && !q.offset && q.options.empty() && q.distinct == DistinctKind::None;
}

Query* Transformer::pipeline(G::PipeExpressionContext* c) {
    uint32_t saved_folds = folds_;
    Query* saved_block = cur_;  // a pipeline nested in an operator's arguments must not disturb it
    folds_ = 0;
    Query* q = source(c->pipeSource());
    for (auto* op : c->pipeOperator()) {
        DepthGuard guard(depth_, depth_limit_, span(op));
        cur_ = q;
        op->accept(this);
        q = cur_;
        q->span = {q->span.begin, span(op).end};
    }
    cur_ = saved_block;
    folds_ = saved_folds;
    return q;
}

// A pipeline with no operator whose source is an expression: the expression, for the caller to
// decide (a scalar, a table name, a call).
bool Transformer::is_tabular(G::PipeExpressionContext* c, Expr*& scalar) {
    if (!c->pipeOperator().empty()) return true;
    auto* source = alt<G::ExpressionSourceContext>(c->pipeSource());
    if (!source) return true;
    scalar = expr(source->expr());
    return false;
}

bool Transformer::is_relation_like(const Expr* e) const {
    while (auto* f = dyn_cast<FieldAccess>(e)) e = f->base;
    return isa<ColumnRef>(e) || isa<FunctionCall>(e) || isa<SubqueryExpr>(e);
}

Relation* Transformer::relation_of(Expr* e) {
    if (auto* s = dyn_cast<SubqueryExpr>(e)) {
        if (is_bare(*s->query)) return s->query->sources[0];
        auto* d = make_at<DerivedTable>(e->span);
        d->query = s->query;
        return d;
    }
    if (auto* f = dyn_cast<FunctionCall>(e)) {
        auto* t = make_at<TableFunction>(e->span);
        t->call = f;
        return t;
    }
    auto* t = make_at<TableRef>(e->span);
    std::vector<Name> path;
    std::vector<Name> fields;
    Expr* root = e;
    while (auto* f = dyn_cast<FieldAccess>(root)) {
        fields.insert(fields.begin(), f->field);
        root = f->base;
    }
    if (auto* r = dyn_cast<ColumnRef>(root))
        path.assign(r->path.begin(), r->path.end());
    else if (auto* s = dyn_cast<Star>(root); s && s->qualifier.empty())
        path.push_back({s->pattern.empty() ? "*" : s->pattern, false});
    else  // cluster("c").database("d").T keeps its calls bare; any other expression used as a table (`A*B | ..`)
          // is named by its text quoted, so that no printer reads a union pattern in it
        path.push_back({copy(to_kql(*root)), !isa<FunctionCall>(root)});
    path.insert(path.end(), fields.begin(), fields.end());
    t->name = list(path);
    return t;
}

Query* Transformer::query_of(Expr* e, Span at) {
    if (auto* s = dyn_cast<SubqueryExpr>(e)) return s->query;
    auto* q = make_at<Query>(at);
    q->sources = list(std::vector<Relation*>{relation_of(e)});
    return q;
}

Query* Transformer::source(G::PipeSourceContext* c) {
    if (auto* e = alt<G::ExpressionSourceContext>(c)) return query_of(expr(e->expr()), span(c));
    if (auto* p = alt<G::PrintSourceContext>(c)) return print_source(p->printOperator());
    if (auto* r = alt<G::RangeSourceContext>(c)) {
        auto* q = make<Query>(c);
        q->sources = list(std::vector<Relation*>{range_source(r->rangeOperator())});
        return q;
    }
    if (auto* u = alt<G::UnionSourceContext>(c)) {
        auto* op = u->unionOperator();
        Query* q = union_table(op->unionTable(0));
        if (stage_of(*q) > kUnion) q = wrap(q, c);
        add_union(q, op, 1);
        q->span = span(c);
        return q;
    }
    if (auto* s = alt<G::SearchSourceContext>(c)) return search(s->searchOperator(), make<Query>(c));
    auto* q = make<Query>(c);
    q->sources = list(std::vector<Relation*>{raw_source(c)});
    return q;
}

TableFunction* Transformer::raw_source(antlr4::ParserRuleContext* c) {
    antlr4::Token* first = c->getStart();
    auto* t = make<TableFunction>(c);
    t->call = call(c, copy(first->getText()),
                   {make_literal(c, LiteralType::Keyword, canonical(c, first->getTokenIndex() + 1))});
    return t;
}

Query* Transformer::print_source(G::PrintOperatorContext* c) {
    auto* q = make<Query>(c);
    std::vector<SelectItem*> items;
    for (auto* n : c->namedExpression()) items.push_back(select_item(n));
    q->projection = list(items);
    return q;
}

TableFunction* Transformer::range_source(G::RangeOperatorContext* c) {
    auto* column = make<ColumnRef>(c->name());
    column->path = list(std::vector<Name>{name(c->name())});
    auto* t = make<TableFunction>(c);
    t->call = call(c, "range", {column, expr(c->expr(0)), expr(c->expr(1)), expr(c->expr(2))});
    return t;
}

ValuesTable* Transformer::datatable(G::DatatableExpressionContext* c) {
    auto* v = make<ValuesTable>(c);
    std::vector<ColumnDef*> columns;
    for (auto* col : c->schemaColumn()) {
        auto* d = make<ColumnDef>(col);
        d->name = name(col->declName());
        d->type = text(col->scalarType());
        columns.push_back(d);
    }
    v->columns = list(columns);
    std::vector<Tuple*> rows;
    std::vector<Expr*> row;
    size_t width = std::max<size_t>(1, columns.size());
    auto values = c->datatableValue();
    auto flush = [&](antlr4::ParserRuleContext* at) {
        auto* t = make<Tuple>(at);
        t->items = list(row);
        rows.push_back(t);
        row.clear();
    };
    for (auto* value : values) {
        Expr* e = literal(value->literal());
        if (value->MINUS() || value->PLUS()) {
            auto* u = make<Unary>(value);
            u->op = value->MINUS() ? UnaryOp::Negate : UnaryOp::Plus;
            u->operand = e;
            e = u;
        }
        row.push_back(e);
        if (row.size() == width) flush(value);
    }
    if (!row.empty()) flush(values.back());
    v->rows = list(rows);
    return v;
}

// `search "x"`, `search Col:"v" and x > 1`, `search kind=case_sensitive in (T, U) "x"`.
Query* Transformer::search(G::SearchOperatorContext* c, Query* q) {
    auto* s = make<Search>(c);
    s->search = SearchKind::Keyword;
    std::vector<Expr*> options;
    for (auto* p : c->operatorParameter()) options.push_back(parameter_arg(p));
    s->options = list(options);
    s->query = search_predicate(c->searchPredicate());
    if (c->IN()) {
        std::vector<Relation*> sources(q->sources.begin(), q->sources.end());
        for (auto* t : c->unionTable()) {
            Query* tq = union_table(t);
            if (is_bare(*tq)) {
                sources.push_back(tq->sources[0]);
            } else {
                auto* d = make<DerivedTable>(t);
                d->query = tq;
                sources.push_back(d);
            }
        }
        q->sources = list(sources);
    }
    q->search = append(q->search, std::vector<Search*>{s});
    return q;
}

// Terms joined by and/or, `and` binding tighter; `Col:"v"` is `Col has "v"`. An expression term takes
// in the following expression terms (`search A:"x" and "y" or z` parses its last term as
// `"y" or z`): unparenthesised and/or chains inside terms are split again, so that the whole
// predicate is associated by precedence.
Expr* Transformer::search_predicate(G::SearchPredicateContext* c) {
    std::vector<Expr*> operands;
    std::vector<bool> is_or;  // between operands[i] and operands[i + 1]
    std::function<void(G::ExprContext*)> split = [&](G::ExprContext* e) {
        DepthGuard guard(depth_, depth_limit_, span(e));
        if (auto* a = alt<G::AndExpressionContext>(e)) {
            split(a->expr(0));
            is_or.push_back(false);
            split(a->expr(1));
        } else if (auto* o = alt<G::OrExpressionContext>(e)) {
            split(o->expr(0));
            is_or.push_back(true);
            split(o->expr(1));
        } else {
            operands.push_back(expr(e));
        }
    };
    // The grammar nests the rest of the predicate (searchPredicate: term (op searchPredicate)?): flatten.
    std::function<void(antlr4::ParserRuleContext*)> walk = [&](antlr4::ParserRuleContext* p) {
        for (auto* child : p->children) {
            if (auto* term_node = kind_cast<antlr4::tree::TerminalNode>(child)) {
                is_or.push_back(term_node->getSymbol()->getType() == G::OR);
            } else if (auto* col = alt<G::ColumnSearchTermContext>(child)) {
                auto* b = make<Binary>(col);
                b->op = BinaryOp::Has;
                auto* r = make<ColumnRef>(col->name());
                r->path = list(std::vector<Name>{name(col->name())});
                b->lhs = r;
                b->rhs = make_literal(col->stringLiteral(), LiteralType::String, string_value(col->stringLiteral()));
                operands.push_back(b);
            } else if (alt<G::AnySearchTermContext>(child)) {
                operands.push_back(make<Star>(static_cast<antlr4::ParserRuleContext*>(child)));
            } else if (auto* e = alt<G::ExpressionSearchTermContext>(child)) {
                split(e->expr());
            } else if (auto* nested = alt<G::SearchPredicateContext>(child)) {
                DepthGuard guard(depth_, depth_limit_, span(nested));
                walk(nested);
            }
        }
    };
    walk(c);
    auto combine = [&](BinaryOp op, Expr* a, Expr* b) -> Expr* {
        auto* bin = make_at<Binary>(Span{a->span.begin, b->span.end});
        bin->op = op;
        bin->lhs = a;
        bin->rhs = b;
        return bin;
    };
    Expr* result = nullptr;
    Expr* conjunction = operands[0];
    for (size_t i = 1; i < operands.size(); ++i) {
        if (is_or[i - 1]) {
            result = result ? combine(BinaryOp::Or, result, conjunction) : conjunction;
            conjunction = operands[i];
        } else {
            conjunction = combine(BinaryOp::And, conjunction, operands[i]);
        }
    }
    return result ? combine(BinaryOp::Or, result, conjunction) : conjunction;
}

}  // namespace qdiff::parsers::kql
