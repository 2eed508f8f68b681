// Queries: WITH, set operations, the SELECT core, FROM and joins, grouping, ordering and limits.
#include <algorithm>
#include <functional>

#include "parsers/sql/transformer.hpp"
#include "qdiff/ast_print.hpp"
#include "support/strings.hpp"

namespace qdiff::parsers::sql {

using namespace ast;

List<Cte*> Transformer::with_clause(G::WithClauseContext* c, bool& recursive) {
    recursive = c->RECURSIVE() != nullptr;
    std::vector<Cte*> ctes;
    for (auto* item : c->commonTableExpression()) {
        auto* cte = make<Cte>(item);
        cte->name = name(item->identifier());
        if (auto* cols = item->columnAliasList()) cte->columns = names(cols->identifier());
        if (item->MATERIALIZED())
            cte->materialization = item->NOT() ? Materialization::NotMaterialized : Materialization::Materialized;
        G::CteBodyContext* body = item->cteBody();
        if (auto* q = alt<G::CteQueryContext>(body))
            cte->query = query(q->query());
        else if (auto* i = alt<G::CteInsertContext>(body))
            cte->statement = insert(i->insertStatement());
        else if (auto* u = alt<G::CteUpdateContext>(body))
            cte->statement = update(u->updateStatement());
        else if (auto* d = alt<G::CteDeleteContext>(body))
            cte->statement = delete_(d->deleteStatement());
        ctes.push_back(cte);
    }
    return list(ctes);
}

// A query that already has its own ORDER BY, LIMIT or WITH becomes a derived table of a new block
// before anything else is attached: `(SELECT ... LIMIT 1) UNION ...` keeps its limit to itself.
Query* Transformer::wrap(Query* inner) {
    auto* outer = arena_.make<Query>();
    outer->span = inner->span;
    auto* star = arena_.make<Star>();
    star->span = inner->span;
    auto* item = arena_.make<SelectItem>();
    item->span = inner->span;
    item->expr = star;
    outer->projection = list(std::vector<SelectItem*>{item});
    auto* derived = arena_.make<DerivedTable>();
    derived->span = inner->span;
    derived->query = inner;
    outer->sources = list(std::vector<Relation*>{derived});
    return outer;
}

static bool has_own_tail(const Query* q) { return !q->order_by.empty() || q->limit || q->offset || !q->ctes.empty(); }

// T-SQL's TOP takes its rows after the ORDER BY of its own SELECT: `SELECT TOP 1 a FROM t ORDER BY b`
// is ORDER BY b LIMIT 1 of one block, not a sort of one arbitrary row.
static bool top_of_single_select(G::QueryBodyContext* body) {
    if (body->children.size() != 1) return false;
    auto* core = dynamic_cast<G::SelectCoreContext*>(body->children.front());
    return core && core->topClause();
}

Query* Transformer::query(G::QueryContext* c) {
    ChildrenByRule parts(c);
    Query* q = query_expression(parts.first<G::QueryExpressionContext>(G::RuleQueryExpression));
    if (auto* with = parts.first<G::WithClauseContext>(G::RuleWithClause)) {
        if (!q->ctes.empty()) q = wrap(q);
        q->ctes = with_clause(with, q->recursive);
        q->span = span(c);
    }
    return q;
}

Query* Transformer::query_expression(G::QueryExpressionContext* c) {
    ChildrenByRule parts(c);
    auto* order = parts.first<G::OrderByClauseContext>(G::RuleOrderByClause);
    auto* limit = parts.first<G::LimitClauseContext>(G::RuleLimitClause);
    auto* body = parts.first<G::QueryBodyContext>(G::RuleQueryBody);
    Query* q = query_body(body);
    bool has_tail = order || limit;
    if (has_tail && has_own_tail(q) && !(order && !limit && top_of_single_select(body))) q = wrap(q);
    if (order) q->order_by = order_by(order);
    if (limit) limit_clause(limit, *q);
    if (has_tail) q->span = span(c);
    return q;
}

// The grammar gives set operations as a flat list; INTERSECT binds tighter than UNION, EXCEPT and
// MINUS, and all are left-associative. Operations accumulate on the left operand: ((a UNION b) UNION c)
// is a with [UNION b, UNION c], and a UNION b INTERSECT c is a with [UNION (b with [INTERSECT c])].
Query* Transformer::query_body(G::QueryBodyContext* c) {
    auto operands = rule_children<G::QueryPrimaryContext>(c, G::RuleQueryPrimary);
    auto operators = rule_children<G::SetOperatorContext>(c, G::RuleSetOperator);
    auto append = [&](Query* target, SetOp* op) {
        std::vector<SetOp*> ops(target->set_ops.begin(), target->set_ops.end());
        ops.push_back(op);
        target->set_ops = list(ops);
    };
    auto set_op = [&](G::SetOperatorContext* o, Query* rhs) {
        auto* op = make<SetOp>(o);
        switch (o->op->getType()) {
            case G::UNION: op->op = SetOpKind::Union; break;
            case G::INTERSECT: op->op = SetOpKind::Intersect; break;
            default: op->op = SetOpKind::Except; break;  // EXCEPT, MINUS
        }
        op->all = o->setQuantifier() && alt<G::SetAllContext>(o->setQuantifier());
        op->query = rhs;
        op->span = {span(o).begin, rhs->span.end};
        return op;
    };
    // Operator k stands between operands k and k + 1. A term is an operand and the INTERSECTs that
    // follow it; `next` is the first operand after the term.
    size_t next = 0;
    auto term = [&]() {
        Query* q = lower<Query>(operands[next]);
        while (next < operators.size() && operators[next]->op->getType() == G::INTERSECT) {
            if (has_own_tail(q)) q = wrap(q);
            append(q, set_op(operators[next], lower<Query>(operands[next + 1])));
            ++next;
        }
        ++next;
        return q;
    };
    Query* result = term();
    while (next < operands.size()) {
        G::SetOperatorContext* o = operators[next - 1];
        Query* rhs = term();
        if (has_own_tail(result)) result = wrap(result);
        append(result, set_op(o, rhs));
    }
    if (!operators.empty()) result->span = span(c);
    return result;
}

ValuesTable* Transformer::values(G::ValuesClauseContext* c) {
    auto* v = make<ValuesTable>(c);
    std::vector<Tuple*> rows;
    for (auto* row : c->valuesRow()) {
        auto* t = make<Tuple>(row);
        t->items = exprs(row->exprList());
        rows.push_back(t);
    }
    v->rows = list(rows);
    return v;
}

// A VALUES statement is `SELECT * FROM (VALUES ...)`.
antlrcpp::Any Transformer::visitValuesQuery(G::ValuesQueryContext* c) {
    auto* q = make<Query>(c);
    auto* item = make<SelectItem>(c);
    item->expr = make<Star>(c);
    q->projection = list(std::vector<SelectItem*>{item});
    q->sources = list(std::vector<Relation*>{values(c->valuesClause())});
    return done(q, c);
}

antlrcpp::Any Transformer::visitParenthesizedQuery(G::ParenthesizedQueryContext* c) {
    result_ = query(c->query());
    return {};
}

antlrcpp::Any Transformer::visitSelectCore(G::SelectCoreContext* c) {
    Query* q = select_core(c);
    if (c->trailingComma) require(DialectFeature::TrailingComma, c->trailingComma);
    if (c->selectAs) {  // BigQuery SELECT AS STRUCT / AS VALUE: an option select_as = STRUCT | VALUE
        require(DialectFeature::SelectAsStruct, c->selectAs->getStart());
        std::string kind = support::to_upper(text(c->selectAs));
        if (kind != "STRUCT" && kind != "VALUE")
            ctx_.diagnostics.push_back(
                make_diagnostic(DiagId::SyntaxError, span(c->selectAs), {"SELECT AS must be followed by STRUCT or VALUE"}));
        auto* as = make<NamedArg>(c->selectAs);
        as->name = {"select_as", false};
        as->value = keyword(c->selectAs, kind == "VALUE" ? "VALUE" : "STRUCT");
        std::vector<Expr*> options(q->options.begin(), q->options.end());
        options.push_back(as);
        q->options = list(options);
    }
    return done(q, c);
}

// DuckDB's FROM-first query: the clauses of a SELECT; without a select list, every column.
antlrcpp::Any Transformer::visitFromFirstCore(G::FromFirstCoreContext* c) {
    require(DialectFeature::FromFirst, c->getStart());
    Query* q = select_core(c);
    if (q->projection.empty()) {
        auto* item = make<SelectItem>(c);
        item->expr = make<Star>(c);
        q->projection = list(std::vector<SelectItem*>{item});
    }
    return done(q, c);
}

Query* Transformer::select_core(antlr4::ParserRuleContext* c) {
    auto* q = make<Query>(c);
    // One pass over the children instead of one scan per optional clause.
    ChildrenByRule clause(c);
    if (auto* quantifier = clause.first<G::SelectQuantifierContext>(G::RuleSelectQuantifier)) {
        if (auto* on = alt<G::SelectDistinctOnContext>(quantifier)) {
            q->distinct = DistinctKind::DistinctOn;
            q->distinct_on = exprs(on->exprList());
        } else if (alt<G::SelectDistinctContext>(quantifier)) {
            q->distinct = DistinctKind::Distinct;
        }
    }
    if (auto* top = clause.first<G::TopClauseContext>(G::RuleTopClause)) {
        // Checked here, not on the TOP token: `top` is a name too (`FROM t AS top`).
        require(DialectFeature::Top, top->getStart());
        if (top->expr()) {
            q->limit = expr(top->expr());
        } else if (top->parameter()) {
            auto* p = make<Parameter>(top->parameter());
            p->text = text(top->parameter());
            q->limit = p;
        } else {
            bool decimal = top->DECIMAL_LITERAL() != nullptr;
            antlr4::Token* number = decimal ? top->DECIMAL_LITERAL()->getSymbol() : top->INTEGER_LITERAL()->getSymbol();
            auto* l = arena_.make<Literal>();
            l->type = decimal ? LiteralType::Decimal : LiteralType::Integer;
            l->span = span(number);
            l->text = ctx_.source.slice(l->span);
            q->limit = l;
        }
        q->limit_percent = top->PERCENT() != nullptr;
        q->limit_with_ties = top->TIES() != nullptr;
    }
    std::vector<SelectItem*> items;
    for (auto* item : rule_children<G::SelectItemContext>(c, G::RuleSelectItem)) items.push_back(select_item(item));
    q->projection = list(items);
    if (auto* into = clause.first<G::IntoClauseContext>(G::RuleIntoClause)) {
        auto* target = make<NamedArg>(into);
        target->name = {"into", false};
        auto* ref = make<ColumnRef>(into);
        if (!into->qualifiedName().empty()) ref->path = qualified_name(into->qualifiedName(0));
        target->value = ref;
        q->options = list(std::vector<Expr*>{target});
    }
    if (auto* from = clause.first<G::FromClauseContext>(G::RuleFromClause)) from_clause(from, q->sources, q->joins);
    if (auto* where = clause.first<G::WhereClauseContext>(G::RuleWhereClause))
        q->filter = expr(first_child<G::ExprContext>(where, G::RuleExpr));
    if (auto* group = clause.first<G::GroupByClauseContext>(G::RuleGroupByClause)) q->group_by = group_by(group);
    if (auto* having = clause.first<G::HavingClauseContext>(G::RuleHavingClause))
        q->having = expr(first_child<G::ExprContext>(having, G::RuleExpr));
    if (auto* windows = clause.first<G::WindowClauseContext>(G::RuleWindowClause)) {
        std::vector<WindowDef*> defs;
        for (auto* w : windows->windowDefinition()) {
            auto* def = make<WindowDef>(w);
            def->name = name(w->identifier());
            def->spec = window_spec(w->windowSpec());
            defs.push_back(def);
        }
        q->windows = list(defs);
    }
    if (auto* qualify = clause.first<G::QualifyClauseContext>(G::RuleQualifyClause)) q->qualify = expr(qualify->expr());
    return q;
}

SelectItem* Transformer::select_item(G::SelectItemContext* c) {
    auto* item = make<SelectItem>(c);
    if (auto* qualified = alt<G::SelectQualifiedStarContext>(c)) {
        Star* s = star(c, qualified->starModifier());
        s->qualifier = names(qualified->qualifiedStar()->identifier());
        item->expr = s;
    } else if (auto* e = alt<G::SelectExprContext>(c)) {
        item->expr = expr(static_cast<antlr4::ParserRuleContext*>(e->children.front()));
        if (e->aliasName)
            item->alias = name(e->aliasName);
        else if (e->aliasString)
            item->alias = {string_value(e->aliasString), true};
    } else {
        item->expr = star(c, static_cast<G::SelectStarContext*>(c)->starModifier());
    }
    return item;
}

// `*` with its EXCEPT / EXCLUDE / REPLACE lists.
Star* Transformer::star(antlr4::ParserRuleContext* c, const std::vector<G::StarModifierContext*>& modifiers) {
    auto* s = make<Star>(c);
    std::vector<Name> except;
    std::vector<SelectItem*> replace;
    for (auto* modifier : modifiers) {
        require(DialectFeature::StarModifiers, modifier->getStart());
        if (auto* e = alt<G::StarExceptContext>(modifier)) {
            for (auto* id : e->identifier()) except.push_back(name(id));
        } else if (auto* one = alt<G::StarExcludeOneContext>(modifier)) {
            except.push_back(name(one->identifier()));
        } else if (auto* r = alt<G::StarReplaceContext>(modifier)) {
            for (auto* replacement : r->starReplacement()) {
                auto* item = make<SelectItem>(replacement);
                item->expr = expr(replacement->expr());
                item->alias = name(replacement->identifier());
                replace.push_back(item);
            }
        }
    }
    s->except = list(except);
    s->replace = list(replace);
    return s;
}

// ---- FROM ----------------------------------------------------------------------------------------

// One FROM item that is a join chain spreads into sources + joins; with several comma-separated
// items, each chain stays together as a JoinedTable so that the joins keep their left side.
void Transformer::from_clause(G::FromClauseContext* c, List<Relation*>& sources, List<Join*>& joins) {
    auto refs = rule_children<G::TableRefContext>(c, G::RuleTableRef);
    if (refs.size() == 1) {
        std::vector<Join*> chain;
        Relation* first = table_ref(refs[0], chain);
        sources = list(std::vector<Relation*>{first});
        joins = list(chain);
        return;
    }
    std::vector<Relation*> items;
    for (auto* ref : refs) items.push_back(table_ref_as_relation(ref));
    sources = list(items);
}

Relation* Transformer::table_ref_as_relation(G::TableRefContext* c) {
    std::vector<Join*> chain;
    Relation* first = table_ref(c, chain);
    if (chain.empty()) return first;
    auto* joined = make<JoinedTable>(c);
    joined->first = first;
    joined->joins = list(chain);
    return joined;
}

// Returns the leftmost relation and appends the joins, left to right.
Relation* Transformer::table_ref(G::TableRefContext* c, std::vector<Join*>& joins) {
    // tableRef: tablePrimary joinClause*
    auto* p = static_cast<G::TablePrimaryContext*>(c->children.front());
    const size_t before = joins.size();
    Relation* first = nullptr;
    // A leftmost `(a JOIN b ON ...)` is the chain itself: joins are left-associative.
    if (auto* paren = alt<G::ParenthesizedTableRefContext>(p); paren && !paren->tableAlias() && joins.empty())
        first = table_ref(paren->tableRef(), joins);
    else
        first = lower<Relation>(p);
    for (size_t i = 1; i < c->children.size(); ++i) {
        auto* child = static_cast<antlr4::ParserRuleContext*>(c->children[i]);
        if (child->getRuleIndex() == G::RuleJoinClause) {
            joins.push_back(join(static_cast<G::JoinClauseContext*>(child)));
            continue;
        }
        // A table operator applies to everything before it: after joins, to the joined table.
        if (joins.size() > before) {
            auto* joined = make<JoinedTable>(c);
            joined->first = first;
            joined->joins = list(std::vector<Join*>(joins.begin() + static_cast<ptrdiff_t>(before), joins.end()));
            joins.resize(before);
            first = joined;
        }
        first = table_operator(static_cast<G::TableOperatorContext*>(child), first);
    }
    return first;
}

Relation* Transformer::table_operator(G::TableOperatorContext* c, Relation* source) {
    if (auto* s = alt<G::SampleOperatorContext>(c)) {
        auto* t = make<SampledTable>(c);
        t->source = source;
        require(DialectFeature::TableSample, s->getStart());
        G::SampleSizeContext* size = nullptr;
        G::IdentifierContext* method = nullptr;
        G::SampleSeedContext* seed = nullptr;
        bool bare_counts_rows = false;
        if (auto* m = alt<G::MethodFirstSampleContext>(s->sampleSpec())) {
            size = m->sampleSize();
            method = m->method;
            seed = m->sampleSeed();
        } else {
            auto* f = static_cast<G::SizeFirstSampleContext*>(s->sampleSpec());
            size = f->sampleSize();
            method = f->method;
            seed = f->sampleSeed();
            if (f->seed) t->seed = expr_of_signed_number(f->seed);
            bare_counts_rows = true;  // DuckDB `USING SAMPLE 5` takes 5 rows
        }
        if (method) t->method = arena_.copy(support::to_upper(text(method)));
        if (auto* n = size->number())
            t->size = number(n, n->getStart());
        else {
            auto* p = make<Parameter>(size->parameter());
            p->text = text(size->parameter());
            t->size = p;
        }
        t->rows = size->unit ? size->unit->getType() == G::ROWS : bare_counts_rows;
        if (seed) t->seed = expr_of_signed_number(seed->signedNumber());
        table_alias(s->tableAlias(), t->alias, t->column_aliases);
        return t;
    }
    require(DialectFeature::Pivot, c->getStart());
    auto* t = make<PivotTable>(c);
    t->source = source;
    auto column_refs = [&](G::PivotColumnsContext* columns) {
        std::vector<Expr*> refs;
        if (auto* single = alt<G::SinglePivotColumnContext>(columns)) {
            auto* ref = make<ColumnRef>(single);
            ref->path = names(single->identifier());
            refs.push_back(ref);
        } else {
            for (auto* id : static_cast<G::PivotColumnListContext*>(columns)->identifier())
                refs.push_back(column_named(id));
        }
        return refs;
    };
    if (auto* p = alt<G::PivotOperatorContext>(c)) {
        t->values = list(pivot_aggregates(p->pivotAggregate()));
        t->columns = list(column_refs(p->pivotColumns()));
        G::PivotValuesContext* values = p->pivotValues();
        if (auto* any = alt<G::AnyPivotValuesContext>(values)) {
            t->in_any = true;
            t->in_order = order_by(any->orderByClause());
        } else if (auto* q = alt<G::QueryPivotValuesContext>(values)) {
            t->in_query = query(q->query());
        } else {
            t->in = pivot_values(static_cast<G::ListedPivotValuesContext*>(values)->pivotValue());
        }
        if (p->DEFAULT()) t->default_on_null = expr(p->expr());
        table_alias(p->tableAlias(), t->alias, t->column_aliases);
        return t;
    }
    auto* u = static_cast<G::UnpivotOperatorContext*>(c);
    t->unpivot = true;
    t->include_nulls = u->nulls && u->nulls->getType() == G::INCLUDE;
    std::vector<SelectItem*> values;
    for (Expr* ref : column_refs(u->pivotColumns())) {
        auto* item = arena_.make<SelectItem>();
        item->span = ref->span;
        item->expr = ref;
        values.push_back(item);
    }
    t->values = list(values);
    t->columns = list(std::vector<Expr*>{column_named(u->identifier())});
    t->in = pivot_values(u->pivotValue());
    table_alias(u->tableAlias(), t->alias, t->column_aliases);
    return t;
}

std::vector<SelectItem*> Transformer::pivot_aggregates(const std::vector<G::PivotAggregateContext*>& aggregates) {
    std::vector<SelectItem*> items;
    for (auto* a : aggregates) {
        auto* item = make<SelectItem>(a);
        item->expr = expr(a->expr());
        if (a->identifier()) item->alias = name(a->identifier());
        items.push_back(item);
    }
    return items;
}

List<SelectItem*> Transformer::pivot_values(const std::vector<G::PivotValueContext*>& values) {
    std::vector<SelectItem*> items;
    for (auto* v : values) {
        auto* item = make<SelectItem>(v);
        item->expr = expr(v->expr());
        if (v->alias)
            item->alias = name(v->alias);
        else if (v->aliasString)
            item->alias = {string_value(v->aliasString), true};
        else if (v->aliasNumber)
            item->alias = {ctx_.source.slice(span(v->aliasNumber)), true};
        items.push_back(item);
    }
    return list(items);
}

Query* Transformer::select_star_from(antlr4::ParserRuleContext* c, Relation* source) {
    auto* q = make<Query>(c);
    auto* item = make<SelectItem>(c);
    item->expr = make<Star>(c);
    q->projection = list(std::vector<SelectItem*>{item});
    q->sources = list(std::vector<Relation*>{source});
    return q;
}

// DuckDB `PIVOT t ON col [IN (..)] USING agg GROUP BY g`: SELECT * FROM t PIVOT (agg FOR col IN (..)),
// `ON c1, c2` pivots on their combinations, PIVOT (agg FOR (c1, c2) IN (ANY)),
// the values found in the data (IN (ANY)) when not listed, count(*) without USING. The standard
// PIVOT groups by every other column of its source: with GROUP BY the source is narrowed to the
// grouping columns, the pivoted one and those the aggregates read.
antlrcpp::Any Transformer::visitPivotStatementCore(G::PivotStatementCoreContext* c) {
    require(DialectFeature::PivotStatement, c->getStart());
    auto* t = make<PivotTable>(c);
    t->source = table_ref_as_relation(c->tableRef());
    std::vector<Expr*> on;
    for (auto* id : c->on) on.push_back(column_named(id));
    t->columns = list(on);
    if (c->IN() && on.size() > 1)  // DuckDB gives each ON column its own IN list; one list cannot say whose
        ctx_.diagnostics.push_back(make_diagnostic(DiagId::SyntaxError, span(c->IN()->getSymbol()),
                                                   {"an IN list in a PIVOT statement needs a single ON column"}));
    std::vector<SelectItem*> aggregates = pivot_aggregates(c->pivotAggregate());
    if (aggregates.empty()) {
        auto* item = make<SelectItem>(c);
        item->expr = call(c, "count", {make<Star>(c)});
        aggregates.push_back(item);
    }
    t->values = list(aggregates);
    if (c->IN())
        t->in = pivot_values(c->pivotValue());
    else
        t->in_any = true;
    if (auto* group = c->groupByClause()) {
        std::vector<SelectItem*> kept;
        std::vector<std::string> seen;
        auto keep = [&](Expr* e) {
            std::string key = to_sql(*e);
            if (std::find(seen.begin(), seen.end(), key) != seen.end()) return;
            seen.push_back(key);
            auto* item = make<SelectItem>(c);
            item->expr = e;
            kept.push_back(item);
        };
        auto keep_column = [&](const ColumnRef& ref) {  // a copy: a node has one place in the tree
            auto* copy = arena_.make<ColumnRef>();
            copy->span = ref.span;
            copy->path = list(std::vector<Name>(ref.path.begin(), ref.path.end()));
            keep(copy);
        };
        for (Expr* g : group_by(group)) keep(g);
        for (Expr* column : on) keep_column(cast<ColumnRef>(*column));
        std::function<void(const Node&)> read_columns = [&](const Node& n) {
            if (auto* ref = dyn_cast<ColumnRef>(&n)) return keep_column(*ref);
            for_each_child(n, read_columns);
        };
        for (SelectItem* a : aggregates) read_columns(*a->expr);
        Query* narrowed = select_star_from(group, t->source);
        narrowed->projection = list(kept);
        auto* derived = make<DerivedTable>(group);
        derived->query = narrowed;
        t->source = derived;
    }
    return done(select_star_from(c, t), c);
}

// DuckDB `UNPIVOT t ON c1, c2 INTO NAME n VALUE v`: SELECT * FROM t UNPIVOT (v FOR n IN (c1, c2));
// without INTO the columns are `name` and `value`.
antlrcpp::Any Transformer::visitUnpivotStatementCore(G::UnpivotStatementCoreContext* c) {
    require(DialectFeature::PivotStatement, c->getStart());
    auto* t = make<PivotTable>(c);
    t->unpivot = true;
    t->source = table_ref_as_relation(c->tableRef());
    auto column = [&](G::IdentifierContext* id, std::string_view otherwise) {
        auto* ref = id ? make<ColumnRef>(id) : make<ColumnRef>(c);
        ref->path = list(std::vector<Name>{id ? name(id) : Name{otherwise, false}});
        return ref;
    };
    if (c->nameWord && (!support::iequals(text(c->nameWord), "NAME") || !support::iequals(text(c->valueWord), "VALUE")))
        ctx_.diagnostics.push_back(make_diagnostic(DiagId::SyntaxError, span(c->nameWord),
                                                   {"UNPIVOT ... INTO must be followed by NAME n VALUE v"}));
    auto* value = make<SelectItem>(c);
    value->expr = column(c->valueColumn, "value");
    t->values = list(std::vector<SelectItem*>{value});
    t->columns = list(std::vector<Expr*>{column(c->nameColumn, "name")});
    std::vector<SelectItem*> in;
    std::vector<G::IdentifierContext*> ids = c->identifier();
    size_t unpivoted = c->nameWord ? ids.size() - 4 : ids.size();
    for (size_t i = 0; i < unpivoted; ++i) {
        auto* item = make<SelectItem>(ids[i]);
        item->expr = column(ids[i], {});
        in.push_back(item);
    }
    t->in = list(in);
    return done(select_star_from(c, t), c);
}

Expr* Transformer::expr_of_signed_number(G::SignedNumberContext* c) {
    Literal* value = number(c->number(), c->number()->getStart());
    if (!c->MINUS_SIGN()) return value;
    return negate(c, value);
}

static JoinKind join_kind(G::JoinKindContext* c) {
    if (!c || alt<G::InnerJoinKindContext>(c)) return JoinKind::Inner;
    if (alt<G::LeftJoinKindContext>(c)) return JoinKind::Left;
    if (alt<G::RightJoinKindContext>(c)) return JoinKind::Right;
    return JoinKind::Full;
}

Join* Transformer::join(G::JoinClauseContext* c) {
    auto* j = make<Join>(c);
    if (auto* cross = alt<G::CrossJoinContext>(c)) {
        j->join = JoinKind::Cross;
        j->right = lower<Relation>(cross->tablePrimary());
    } else if (auto* q = alt<G::QualifiedJoinContext>(c)) {
        ChildrenByRule parts(q);
        j->join = join_kind(parts.first<G::JoinKindContext>(G::RuleJoinKind));
        j->right = lower<Relation>(parts.first<G::TablePrimaryContext>(G::RuleTablePrimary));
        auto* condition = parts.first<G::JoinConditionContext>(G::RuleJoinCondition);
        if (auto* on = alt<G::OnConditionContext>(condition))
            j->condition = expr(first_child<G::ExprContext>(on, G::RuleExpr));
        else if (auto* u = alt<G::UsingConditionContext>(condition))
            j->using_columns = names(u->identifier());
    } else if (auto* n = alt<G::NaturalJoinContext>(c)) {
        j->join = join_kind(n->joinKind());
        j->natural = true;
        j->right = lower<Relation>(n->tablePrimary());
    } else if (auto* a = alt<G::ApplyJoinContext>(c)) {
        j->join = a->op->getType() == G::CROSS ? JoinKind::CrossApply : JoinKind::OuterApply;
        j->right = lower<Relation>(a->tablePrimary());
    }
    return j;
}

void Transformer::table_alias(G::TableAliasContext* c, Name& alias_name, List<Name>& columns) {
    if (!c) return;
    if (c->aliasName) {
        alias_name = name(c->aliasName);
        if (auto* cols = first_child<G::ColumnAliasListContext>(c, G::RuleColumnAliasList))
            columns = names(cols->identifier());
    } else if (c->aliasString) {
        alias_name = {string_value(c->aliasString), true};
    }
}

antlrcpp::Any Transformer::visitNamedTable(G::NamedTableContext* c) {
    auto* t = make<TableRef>(c);
    ChildrenByRule parts(c);
    t->name = qualified_name(parts.first<G::QualifiedNameContext>(G::RuleQualifiedName));
    if (c->wildcard) {  // BigQuery `ds.events_*`: the star belongs to the last part of the name
        require(DialectFeature::WildcardTables, c->wildcard);
        std::vector<Name> parts_with_star(t->name.begin(), t->name.end());
        parts_with_star.back().text = arena_.copy(std::string(parts_with_star.back().text) + "*");
        t->name = list(parts_with_star);
    }
    table_alias(parts.first<G::TableAliasContext>(G::RuleTableAlias), t->alias, t->column_aliases);
    if (auto* travel = parts.first<G::TimeTravelContext>(G::RuleTimeTravel)) time_travel(travel, *t);
    // A hint changes how the table is read, never what it holds: checked, then left out of the tree.
    if (auto* hint = parts.first<G::TableHintContext>(G::RuleTableHint)) {
        if (alt<G::MysqlIndexHintsContext>(hint)) require(DialectFeature::IndexHints, hint->getStart());
        if (alt<G::SqliteIndexedByContext>(hint)) require(DialectFeature::IndexedBy, hint->getStart());
    }
    return done(t, c);
}

void Transformer::time_travel(G::TimeTravelContext* c, TableRef& t) {
    if (auto* system = alt<G::SystemTimeTravelContext>(c)) {
        require(DialectFeature::SystemTimeAsOf, system->getStart());
        if (support::to_upper(text(system->period)) != "SYSTEM_TIME")
            ctx_.diagnostics.push_back(
                make_diagnostic(DiagId::SyntaxError, span(system->period), {"FOR must be followed by SYSTEM_TIME AS OF"}));
        t.as_of = "SYSTEM_TIME";
        t.as_of_value = expr(system->expr());
    } else if (auto* range = alt<G::SystemTimeRangeContext>(c)) {
        require(DialectFeature::SystemTimeRange, range->getStart());
        if (support::to_upper(text(range->period)) != "SYSTEM_TIME")
            ctx_.diagnostics.push_back(make_diagnostic(DiagId::SyntaxError, span(range->period),
                                                       {"FOR must be followed by SYSTEM_TIME"}));
        if (range->contained && !support::iequals(text(range->contained), "CONTAINED"))
            ctx_.diagnostics.push_back(make_diagnostic(DiagId::SyntaxError, span(range->contained),
                                                       {"FOR SYSTEM_TIME ... IN must be CONTAINED IN"}));
        t.as_of = range->ALL()       ? "SYSTEM_TIME ALL"
                  : range->FROM()    ? "SYSTEM_TIME FROM"
                  : range->BETWEEN() ? "SYSTEM_TIME BETWEEN"
                                     : "SYSTEM_TIME CONTAINED IN";
        if (range->lower) t.as_of_value = expr(range->lower);
        if (range->upper) t.as_of_end = expr(range->upper);
    } else if (auto* at = alt<G::AtTimeTravelContext>(c)) {
        require(DialectFeature::AtBeforeTimeTravel, at->point);
        std::string kind = at->point->getType() == G::AT ? "AT " : "BEFORE ";
        t.as_of = arena_.copy(kind + (at->by ? support::to_upper(text(at->by)) : "OFFSET"));
        t.as_of_value = expr(at->expr());
    }
}

// Snowflake `@stage/path`, with options `(FILE_FORMAT => 'f')` a table function named by the stage.
antlrcpp::Any Transformer::visitStageTable(G::StageTableContext* c) {
    Name stage{ctx_.source.slice(span(c->STAGE_NAME()->getSymbol())), false};
    Name alias;
    List<Name> column_aliases;
    table_alias(c->tableAlias(), alias, column_aliases);
    if (!c->LPAREN()) {
        auto* t = make<TableRef>(c);
        t->name = list(std::vector<Name>{stage});
        t->alias = alias;
        t->column_aliases = column_aliases;
        return done(t, c);
    }
    auto* call = make<FunctionCall>(c);
    call->name = list(std::vector<Name>{stage});
    std::vector<Expr*> args;
    for (auto* arg : c->functionArg()) args.push_back(function_arg(arg));
    call->args = list(args);
    auto* t = make<TableFunction>(c);
    t->call = call;
    t->alias = alias;
    t->column_aliases = column_aliases;
    return done(t, c);
}

antlrcpp::Any Transformer::visitDerivedTable(G::DerivedTableContext* c) {
    auto* d = make<DerivedTable>(c);
    d->lateral = c->LATERAL() != nullptr;
    d->query = query(c->query());
    table_alias(c->tableAlias(), d->alias, d->column_aliases);
    return done(d, c);
}

antlrcpp::Any Transformer::visitTableFunction(G::TableFunctionContext* c) {
    auto* t = make<TableFunction>(c);
    t->lateral = c->LATERAL() != nullptr;
    t->call = function_call(c->functionCall());
    table_alias(c->tableAlias(), t->alias, t->column_aliases);
    if (auto* offset = c->withOffset()) {  // BigQuery: the element's position, an argument named with_offset
        auto* named = make<NamedArg>(offset);
        named->name = {"with_offset", false};
        if (offset->identifier()) {
            named->value = column_named(offset->identifier());
        } else {
            named->value = keyword(offset, "OFFSET");
        }
        std::vector<Expr*> args(t->call->args.begin(), t->call->args.end());
        args.push_back(named);
        t->call->args = list(args);
    }
    return done(t, c);
}

antlrcpp::Any Transformer::visitParenthesizedTableRef(G::ParenthesizedTableRefContext* c) {
    std::vector<Join*> chain;
    Relation* first = table_ref(c->tableRef(), chain);
    if (chain.empty() && !c->tableAlias()) {
        result_ = first;
        return {};
    }
    auto* joined = make<JoinedTable>(c);
    joined->first = first;
    joined->joins = list(chain);
    List<Name> ignored;
    table_alias(c->tableAlias(), joined->alias, ignored);
    return done(joined, c);
}

// ---- GROUP BY, ORDER BY, LIMIT -------------------------------------------------------------------

List<Expr*> Transformer::group_by(G::GroupByClauseContext* c) {
    std::vector<Expr*> items;
    if (c->groupAll) {  // GROUP BY ALL: a lone `*` in the tree, printed back as ALL
        require(DialectFeature::GroupByAll, c->groupAll);
        items.push_back(make<Star>(c));
        return list(items);
    }
    for (auto* element : rule_children<G::GroupingElementContext>(c, G::RuleGroupingElement)) {
        if (auto* e = alt<G::ExprGroupingContext>(element)) {
            items.push_back(expr(static_cast<antlr4::ParserRuleContext*>(e->children.front())));
        } else if (alt<G::EmptyGroupingContext>(element)) {
            items.push_back(make<Tuple>(element));
        } else if (auto* r = alt<G::RollupGroupingContext>(element)) {
            auto* g = make<GroupingSet>(element);
            g->grouping = GroupingKind::Rollup;
            g->items = exprs(r->exprList());
            items.push_back(g);
        } else if (auto* cube = alt<G::CubeGroupingContext>(element)) {
            auto* g = make<GroupingSet>(element);
            g->grouping = GroupingKind::Cube;
            g->items = exprs(cube->exprList());
            items.push_back(g);
        } else if (auto* sets = alt<G::GroupingSetsGroupingContext>(element)) {
            auto* g = make<GroupingSet>(element);
            g->grouping = GroupingKind::Sets;
            std::vector<Expr*> set_items;
            for (auto* set : sets->groupingSet()) {
                if (auto* paren = alt<G::ParenGroupingSetContext>(set)) {
                    auto* t = make<Tuple>(set);
                    t->items = exprs(paren->exprList());
                    set_items.push_back(t);
                } else {
                    set_items.push_back(expr(static_cast<G::ExprGroupingSetContext*>(set)->expr()));
                }
            }
            g->items = list(set_items);
            items.push_back(g);
        }
    }
    if (has_token(c, G::ROLLUP)) {  // MySQL: GROUP BY a, b WITH ROLLUP
        auto* g = make<GroupingSet>(c);
        g->grouping = GroupingKind::Rollup;
        g->items = list(items);
        items = {g};
    }
    return list(items);
}

List<OrderItem*> Transformer::order_by(G::OrderByClauseContext* c) {
    if (!c) return {};
    std::vector<OrderItem*> items;
    if (c->orderAll) {  // ORDER BY ALL: a lone `*` item, printed back as ALL
        require(DialectFeature::OrderByAll, c->orderAll);
        auto* o = make<OrderItem>(c);
        o->expr = make<Star>(c);
        if (c->dir) o->dir = c->dir->getType() == G::DESC ? SortDir::Desc : SortDir::Asc;
        if (c->nulls) o->nulls = c->nulls->getType() == G::FIRST ? NullsOrder::First : NullsOrder::Last;
        items.push_back(o);
        return list(items);
    }
    for (auto* item : rule_children<G::OrderItemContext>(c, G::RuleOrderItem)) items.push_back(order_item(item));
    return list(items);
}

OrderItem* Transformer::order_item(G::OrderItemContext* c) {
    auto* o = make<OrderItem>(c);
    o->expr = expr(static_cast<antlr4::ParserRuleContext*>(c->children.front()));
    if (c->dir) o->dir = c->dir->getType() == G::DESC ? SortDir::Desc : SortDir::Asc;
    if (c->nulls) o->nulls = c->nulls->getType() == G::FIRST ? NullsOrder::First : NullsOrder::Last;
    return o;
}

void Transformer::fetch_clause(G::FetchClauseContext* c, Query& q) {
    q.limit = c->expr() ? expr(c->expr()) : literal(c, LiteralType::Integer, "1");
    q.limit_percent = c->PERCENT() != nullptr;
    q.limit_with_ties = c->TIES() != nullptr;
}

void Transformer::limit_clause(G::LimitClauseContext* c, Query& q) {
    if (auto* l = alt<G::LimitOffsetContext>(c)) {
        require(DialectFeature::Limit, l->LIMIT()->getSymbol());
        auto values = l->expr();
        if (l->COMMA()) {  // MySQL LIMIT offset, count
            q.offset = expr(values[0]);
            q.limit = expr(values[1]);
        } else {
            size_t i = 0;
            if (!l->ALL()) q.limit = expr(values[i++]);
            if (l->OFFSET()) q.offset = expr(values[i]);
        }
    } else if (auto* o = alt<G::OffsetFetchContext>(c)) {
        auto values = o->expr();
        if (o->LIMIT()) require(DialectFeature::Limit, o->LIMIT()->getSymbol());
        q.offset = expr(values[0]);
        if (o->fetchClause())
            fetch_clause(o->fetchClause(), q);
        else if (values.size() > 1)
            q.limit = expr(values[1]);
    } else if (auto* f = alt<G::FetchOnlyContext>(c)) {
        fetch_clause(f->fetchClause(), q);
    }
}

}  // namespace qdiff::parsers::sql
