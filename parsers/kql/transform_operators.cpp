// Tabular operators. Each one folds into the current block (an ast::Query) when the block has not
// yet reached a later stage, in this order: sources, joins, search, filter, aggregation, having,
// projection, distinct, union, order, limit, options (Stage in transformer.hpp). Otherwise the
// block becomes a DerivedTable source of a new block. In detail:
//   - where/filter: before any aggregation → `filter` (several are ANDed); right after summarize →
//     `having` (ANDed); later → new block. `where x = 1` is `x == 1`.
//   - summarize aggs by keys → `aggregations` (SelectItems with their aliases) + `group_by` (a named
//     key `by d = bin(ts, 1h)` is NamedArg d); `count [as n]` ≡ `summarize [n =] count()`.
//   - project → `projection`; after an aggregation only a plain column list folds (a renaming or
//     computing project opens a new block).
//   - extend → projection `[*, items...]` (a Star keeps every existing column); a later extend
//     appends to it; extend after an aggregation or a project opens a new block.
//   - distinct a, b → distinct + projection (`distinct *` → [*]).
//   - take/limit n → `limit`; top n by x → `order_by` + `limit`; sort/order by → `order_by`. The
//     direction is always explicit (KQL's default is desc) and so is the nulls order (KQL: nulls
//     first for asc, last for desc).
//   - hints (`hint.strategy=shuffle`) → options named "<operator>.<hint>" (a prefixed option is a
//     parameter of an operator of the block, not an operator of its own).
//   - project-away/keep/reorder → a KqlProjectColumns option (columns and Star patterns); project-rename
//     → KqlProjectRename (new names, old columns); mv-expand → KqlMvExpand (parameters, columns with
//     their `to typeof`, limit); parse/parse-where → KqlParse (parameters, source, pattern parts).
//   - serialize → option NamedArg{"serialize", Tuple of items}; render →
//     NamedArg{"render", Tuple(visualization, NamedArg properties...)}; as → ColumnRef; invoke and
//     evaluate → FunctionCall; sample → the count; getschema → empty Tuple.
//   - every other operator (parse-kv, make-series, mv-apply, top-nested, partition, graph-*, ...) →
//     option NamedArg{operator, Keyword literal holding its text with single spaces}.
//   Options come last in a block: any structural operator after one opens a new block.
#include "parsers/kql/transformer.hpp"

namespace qdiff::parsers::kql {

using namespace ast;

void Transformer::count_fold(antlr4::ParserRuleContext* at) {
    if (++folds_ > depth_limit_) throw TooDeep{span(at)};
}

Query* Transformer::wrap(Query* inner, antlr4::ParserRuleContext* at) {
    count_fold(at);
    auto* outer = make_at<Query>(inner->span);
    auto* derived = make_at<DerivedTable>(inner->span);
    derived->query = inner;
    outer->sources = list(std::vector<Relation*>{derived});
    return outer;
}

Expr* Transformer::and_(Expr* a, Expr* b) {
    auto* e = make_at<Binary>(Span{a->span.begin, b->span.end});
    e->op = BinaryOp::And;
    e->lhs = a;
    e->rhs = b;
    return e;
}

void Transformer::add_option(Query* q, Expr* option) { q->options = append(q->options, std::vector<Expr*>{option}); }

// The text of a dotted option name (`hint.strategy`, `kind`), spaces removed.
static std::string option_name_text(antlr4::ParserRuleContext* c) {
    std::string out;
    for (auto* child : c->children) {
        auto* term = kind_cast<antlr4::tree::TerminalNode>(child);
        if (term && term->getSymbol()->getType() == G::ASSIGN) break;
        std::string piece = child->getText();
        out += piece;
    }
    return out;
}

Expr* Transformer::option_value(G::OptionValueContext* c) {
    if (auto* l = alt<G::LiteralOptionValueContext>(c)) return literal(l->literal());
    if (auto* n = alt<G::NegativeOptionValueContext>(c)) {
        auto* number = n->INT_LITERAL() ? n->INT_LITERAL() : n->REAL_LITERAL();
        return make_literal(c, n->INT_LITERAL() ? LiteralType::Integer : LiteralType::Decimal,
                            copy("-" + number->getText()));
    }
    auto* n = alt<G::NameOptionValueContext>(c);
    auto* r = make<ColumnRef>(c);
    std::vector<Name> path;
    for (auto* part : n->name()) path.push_back(name(part));
    r->path = list(path);
    return r;
}

NamedArg* Transformer::parameter_arg(G::OperatorParameterContext* c, std::string_view prefix) {
    auto* a = make<NamedArg>(c);
    std::string n = option_name_text(c->optionName());
    a->name = {copy(prefix.empty() ? n : std::string(prefix) + "." + n), false};
    a->value = option_value(c->optionValue());
    return a;
}

NamedArg* Transformer::hint_arg(G::HintParameterContext* c, std::string_view prefix) {
    auto* a = make<NamedArg>(c);
    a->name = {copy(std::string(prefix) + "." + option_name_text(c)), false};
    a->value = option_value(c->optionValue());
    return a;
}

void Transformer::add_parameters(Query* q, std::string_view op, const std::vector<G::HintParameterContext*>& hints) {
    for (auto* h : hints) add_option(q, hint_arg(h, op));
}

Name Transformer::declared_names(G::TupleAssignedExpressionContext* c) {
    std::string out = "(";
    for (auto* d : c->declName()) {
        if (out.size() > 1) out += ", ";
        out += text(d);
    }
    return {copy(out + ")"), false};
}

SelectItem* Transformer::select_item(G::NamedExpressionContext* c) {
    auto* item = make<SelectItem>(c);
    if (auto* a = alt<G::AssignedExpressionContext>(c)) {
        item->alias = name(a->declName());
        item->expr = expr(a->expr());
    } else if (auto* t = alt<G::TupleAssignedExpressionContext>(c)) {
        item->alias = declared_names(t);
        item->expr = expr(t->expr());
    } else {
        item->expr = expr(alt<G::PlainExpressionContext>(c)->expr());
    }
    return item;
}

Expr* Transformer::group_key(G::NamedExpressionContext* c) {
    SelectItem* item = select_item(c);
    if (item->alias.empty()) return item->expr;
    auto* n = make<NamedArg>(c);
    n->name = item->alias;
    n->value = item->expr;
    return n;
}

Expr* Transformer::where_condition(G::NamedExpressionContext* c) {
    SelectItem* item = select_item(c);
    if (item->alias.empty()) return item->expr;
    auto* b = make<Binary>(c);
    b->op = BinaryOp::Eq;
    auto* r = make<ColumnRef>(c);
    r->path = list(std::vector<Name>{item->alias});
    b->lhs = r;
    b->rhs = item->expr;
    return b;
}

OrderItem* Transformer::sort_item(G::SortExpressionContext* c) {
    auto* o = make<OrderItem>(c);
    o->expr = expr(c->expr());
    o->dir = c->ASC() ? SortDir::Asc : SortDir::Desc;
    if (c->FIRST())
        o->nulls = NullsOrder::First;
    else if (c->LAST())
        o->nulls = NullsOrder::Last;
    else
        o->nulls = o->dir == SortDir::Asc ? NullsOrder::First : NullsOrder::Last;
    return o;
}

Expr* Transformer::column_pattern(G::ColumnPatternContext* c) {
    if (auto* w = alt<G::WildcardColumnContext>(c)) {
        auto* s = make<Star>(c);
        std::string pattern;
        for (char ch : text(w->starPattern()))
            if (ch != ' ' && ch != '\t' && ch != '\n' && ch != '\r') pattern += ch;
        s->pattern = copy(pattern);
        return s;
    }
    auto* r = make<ColumnRef>(c);
    r->path = list(std::vector<Name>{name(alt<G::NamedColumnContext>(c)->name())});
    return r;
}

static bool is_plain_column(const SelectItem* item) {
    auto* r = dyn_cast<ColumnRef>(item->expr);
    return r && item->alias.empty();
}
static bool all_plain(const std::vector<SelectItem*>& items) {
    for (auto* i : items)
        if (!is_plain_column(i)) return false;
    return true;
}
static bool is_bare_star(const Expr* e) {
    auto* s = dyn_cast<Star>(e);
    return s && s->qualifier.empty() && s->pattern.empty();
}

// ---- the operators that fold ------------------------------------------------------------------

antlrcpp::Any Transformer::visitWhereOp(G::WhereOpContext* c) {
    Query* q = cur_;
    Expr* condition = where_condition(c->whereOperator()->namedExpression());
    int s = stage_of(*q);
    if (s <= kFilter) {
        if (q->filter) count_fold(c);
        q->filter = q->filter ? and_(q->filter, condition) : condition;
    } else if (s == kAggregate || s == kHaving) {
        if (q->having) count_fold(c);
        q->having = q->having ? and_(q->having, condition) : condition;
    } else {
        q = wrap(q, c);
        q->filter = condition;
    }
    cur_ = q;
    return {};
}

antlrcpp::Any Transformer::visitProjectOp(G::ProjectOpContext* c) {
    auto* op = c->projectOperator();
    if (op->namedExpression().empty()) return raw_operator(c);
    Query* q = cur_;
    std::vector<SelectItem*> items;
    for (auto* n : op->namedExpression()) items.push_back(select_item(n));
    int s = stage_of(*q);
    if (!(s <= kFilter || ((s == kAggregate || s == kHaving) && all_plain(items)))) q = wrap(q, c);
    q->projection = list(items);
    cur_ = q;
    return {};
}

antlrcpp::Any Transformer::visitExtendOp(G::ExtendOpContext* c) {
    Query* q = cur_;
    std::vector<SelectItem*> items;
    for (auto* n : c->extendOperator()->namedExpression()) items.push_back(select_item(n));
    int s = stage_of(*q);
    if (s == kProject && is_bare_star(q->projection[0]->expr)) {
        q->projection = append(q->projection, items);
    } else {
        if (s > kFilter) q = wrap(q, c);
        auto* star = make_at<SelectItem>(span(c->extendOperator()->EXTEND()->getSymbol()));
        star->expr = make_at<Star>(star->span);
        items.insert(items.begin(), star);
        q->projection = list(items);
    }
    cur_ = q;
    return {};
}

antlrcpp::Any Transformer::visitSummarizeOp(G::SummarizeOpContext* c) {
    auto* op = c->summarizeOperator();
    if (op->namedExpression().empty()) return raw_operator(c);
    Query* q = cur_;
    std::vector<SelectItem*> aggregations;
    std::vector<Expr*> keys;
    size_t by = op->BY() ? op->BY()->getSymbol()->getTokenIndex() : SIZE_MAX;
    for (auto* n : op->namedExpression()) {
        if (n->getStart()->getTokenIndex() < by)
            aggregations.push_back(select_item(n));
        else
            keys.push_back(group_key(n));
    }
    if (stage_of(*q) > kFilter) q = wrap(q, c);
    q->aggregations = list(aggregations);
    q->group_by = list(keys);
    add_parameters(q, "summarize", op->hintParameter());
    cur_ = q;
    return {};
}

antlrcpp::Any Transformer::visitCountOp(G::CountOpContext* c) {
    Query* q = cur_;
    auto* item = make<SelectItem>(c);
    item->expr = call(c, "count", {});
    if (auto* n = c->countOperator()->name()) item->alias = name(n);
    if (stage_of(*q) > kFilter) q = wrap(q, c);
    q->aggregations = list(std::vector<SelectItem*>{item});
    cur_ = q;
    return {};
}

antlrcpp::Any Transformer::visitDistinctOp(G::DistinctOpContext* c) {
    auto* op = c->distinctOperator();
    Query* q = cur_;
    std::vector<SelectItem*> items;
    if (op->STAR()) {
        auto* item = make<SelectItem>(c);
        item->expr = make_at<Star>(span(op->STAR()->getSymbol()));
        items.push_back(item);
    }
    for (auto* e : op->expr()) {
        auto* item = make<SelectItem>(e);
        item->expr = expr(e);
        items.push_back(item);
    }
    int s = stage_of(*q);
    if (!(s <= kFilter || ((s == kAggregate || s == kHaving) && all_plain(items)))) q = wrap(q, c);
    q->distinct = DistinctKind::Distinct;
    q->projection = list(items);
    add_parameters(q, "distinct", op->hintParameter());
    cur_ = q;
    return {};
}

antlrcpp::Any Transformer::visitTakeOp(G::TakeOpContext* c) {
    auto* op = c->takeOperator();
    Query* q = cur_;
    Expr* n = expr(op->expr());
    if (stage_of(*q) > kOrder) q = wrap(q, c);
    q->limit = n;
    add_parameters(q, "take", op->hintParameter());
    cur_ = q;
    return {};
}

antlrcpp::Any Transformer::visitTopOp(G::TopOpContext* c) {
    auto* op = c->topOperator();
    Query* q = cur_;
    Expr* n = expr(op->expr());
    std::vector<OrderItem*> order;
    for (auto* s : op->sortExpression()) order.push_back(sort_item(s));
    if (stage_of(*q) > kUnion) q = wrap(q, c);
    q->order_by = list(order);
    q->limit = n;
    add_parameters(q, "top", op->hintParameter());
    cur_ = q;
    return {};
}

antlrcpp::Any Transformer::visitSortOp(G::SortOpContext* c) {
    auto* op = c->sortOperator();
    Query* q = cur_;
    std::vector<OrderItem*> order;
    for (auto* s : op->sortExpression()) order.push_back(sort_item(s));
    if (stage_of(*q) > kUnion) q = wrap(q, c);
    q->order_by = list(order);
    add_parameters(q, "sort", op->hintParameter());
    cur_ = q;
    return {};
}

antlrcpp::Any Transformer::visitSearchOp(G::SearchOpContext* c) {
    auto* op = c->searchOperator();
    if (op->IN()) return raw_operator(c);
    Query* q = cur_;
    if (stage_of(*q) > kSearch) q = wrap(q, c);
    cur_ = search(op, q);
    return {};
}

// ---- operators kept as options ----------------------------------------------------------------

antlrcpp::Any Transformer::option_operator(antlr4::ParserRuleContext* c, Expr* value) {
    Query* q = cur_;
    auto* option = make<NamedArg>(c);
    option->name = {copy(c->getStart()->getText()), false};
    option->value = value;
    add_option(q, option);
    cur_ = q;
    return {};
}

antlrcpp::Any Transformer::raw_operator(antlr4::ParserRuleContext* c) {
    return option_operator(c, make_literal(c, LiteralType::Keyword, canonical(c, c->getStart()->getTokenIndex() + 1)));
}

#define QDIFF_KQL_DEFINE_RAW(Alt) \
    antlrcpp::Any Transformer::visit##Alt(G::Alt##Context* c) { return raw_operator(c); }
QDIFF_KQL_RAW_OPERATORS(QDIFF_KQL_DEFINE_RAW)
#undef QDIFF_KQL_DEFINE_RAW

static Tuple* tuple(Arena& arena, Span at, const std::vector<Expr*>& items) {
    auto* t = arena.make<Tuple>();
    t->span = at;
    t->items = arena.list(items);
    return t;
}

antlrcpp::Any Transformer::project_columns(antlr4::ParserRuleContext* c, ColumnsOp op,
                                           const std::vector<G::ColumnPatternContext*>& patterns) {
    auto* pick = make<KqlProjectColumns>(c);
    pick->op = op;
    std::vector<Expr*> columns;
    for (auto* p : patterns) columns.push_back(column_pattern(p));
    pick->columns = list(columns);
    add_option(cur_, pick);
    return {};
}

antlrcpp::Any Transformer::visitProjectAwayOp(G::ProjectAwayOpContext* c) {
    return project_columns(c, ColumnsOp::Away, c->projectAwayOperator()->columnPattern());
}

antlrcpp::Any Transformer::visitProjectKeepOp(G::ProjectKeepOpContext* c) {
    return project_columns(c, ColumnsOp::Keep, c->projectKeepOperator()->columnPattern());
}

antlrcpp::Any Transformer::visitProjectReorderOp(G::ProjectReorderOpContext* c) {
    std::vector<G::ColumnPatternContext*> patterns;
    for (auto* r : c->projectReorderOperator()->reorderColumn()) {
        if (r->ASC() || r->DESC() || r->GRANNY_ASC() || r->GRANNY_DESC()) return raw_operator(c);
        patterns.push_back(r->columnPattern());
    }
    return project_columns(c, ColumnsOp::Reorder, patterns);
}

antlrcpp::Any Transformer::visitProjectRenameOp(G::ProjectRenameOpContext* c) {
    auto* rename = make<KqlProjectRename>(c);
    std::vector<Name> names;
    std::vector<ColumnRef*> columns;
    for (auto* r : c->projectRenameOperator()->columnRename()) {
        names.push_back(name(r->name(0)));
        auto* old = make<ColumnRef>(r->name(1));
        old->path = list(std::vector<Name>{name(r->name(1))});
        columns.push_back(old);
    }
    rename->names = list(names);
    rename->columns = list(columns);
    add_option(cur_, rename);
    return {};
}

static Expr* named_or_plain(Arena& arena, SelectItem* item) {
    if (item->alias.empty()) return item->expr;
    auto* n = arena.make<NamedArg>();
    n->span = item->span;
    n->name = item->alias;
    n->value = item->expr;
    return n;
}

antlrcpp::Any Transformer::visitMvExpandOp(G::MvExpandOpContext* c) {
    auto* op = c->mvExpandOperator();
    auto* expand = make<KqlMvExpand>(c);
    std::vector<Expr*> parameters;
    for (auto* p : op->kindOrHintParameter()) {
        if (auto* kind = dynamic_cast<G::KindParameterContext*>(p)) {
            auto* a = make<NamedArg>(kind);
            a->name = {copy(kind->getStart()->getText()), false};
            a->value = option_value(kind->optionValue());
            parameters.push_back(a);
        } else {
            auto* hint = dynamic_cast<G::HintKindParameterContext*>(p)->hintParameter();
            auto* a = make<NamedArg>(hint);
            a->name = {copy(option_name_text(hint)), false};
            a->value = option_value(hint->optionValue());
            parameters.push_back(a);
        }
    }
    std::vector<KqlExpandColumn*> columns;
    for (auto* col : op->mvExpandColumn()) {
        auto* column = make<KqlExpandColumn>(col);
        SelectItem* item = select_item(col->namedExpression());
        column->name = item->alias;
        column->expr = item->expr;
        if (col->TO()) column->type = canonical(col->typeofArgument());
        columns.push_back(column);
    }
    expand->parameters = list(parameters);
    expand->columns = list(columns);
    if (op->LIMIT()) expand->limit = expr(op->expr());
    add_option(cur_, expand);
    return {};
}

antlrcpp::Any Transformer::parse_operator(antlr4::ParserRuleContext* c, bool where,
                                          const std::vector<G::OperatorParameterContext*>& params,
                                          G::ExprContext* source, G::ParsePatternContext* pattern) {
    auto* parse = make<KqlParse>(c);
    parse->where = where;
    std::vector<Expr*> parameters;
    for (auto* p : params) parameters.push_back(parameter_arg(p));
    parse->parameters = list(parameters);
    parse->source = expr(source);
    std::vector<Node*> parts;
    for (auto* item : pattern->parsePatternItem()) {
        if (auto* delimiter = dynamic_cast<G::ParseTextContext*>(item)) {
            parts.push_back(make_literal(delimiter, LiteralType::String, string_value(delimiter->stringLiteral())));
        } else if (auto* column = dynamic_cast<G::ParseColumnContext*>(item)) {
            auto* d = make<ColumnDef>(column);
            d->name = name(column->declName());
            if (column->scalarType()) d->type = text(column->scalarType());
            parts.push_back(d);
        } else {
            parts.push_back(make<Star>(item));
        }
    }
    parse->pattern = list(parts);
    add_option(cur_, parse);
    return {};
}

antlrcpp::Any Transformer::visitParseOp(G::ParseOpContext* c) {
    auto* op = c->parseOperator();
    return parse_operator(c, false, op->operatorParameter(), op->expr(), op->parsePattern());
}

antlrcpp::Any Transformer::visitParseWhereOp(G::ParseWhereOpContext* c) {
    auto* op = c->parseWhereOperator();
    return parse_operator(c, true, op->operatorParameter(), op->expr(), op->parsePattern());
}

antlrcpp::Any Transformer::visitSerializeOp(G::SerializeOpContext* c) {
    std::vector<Expr*> items;
    for (auto* n : c->serializeOperator()->namedExpression()) items.push_back(named_or_plain(arena_, select_item(n)));
    return option_operator(c, tuple(arena_, span(c), items));
}

antlrcpp::Any Transformer::visitGetSchemaOp(G::GetSchemaOpContext* c) {
    return option_operator(c, tuple(arena_, span(c), {}));
}

antlrcpp::Any Transformer::visitRenderOp(G::RenderOpContext* c) {
    auto* op = c->renderOperator();
    std::vector<Expr*> items;
    auto* viz = make<ColumnRef>(op->name());
    viz->path = list(std::vector<Name>{name(op->name())});
    items.push_back(viz);
    for (auto* p : op->renderProperty()) {
        auto* n = make<NamedArg>(p);
        n->name = name(p->name());
        std::vector<Expr*> values;
        for (auto* e : p->expr()) values.push_back(expr(e));
        n->value = values.size() == 1 ? values[0] : tuple(arena_, span(p), values);
        items.push_back(n);
    }
    return option_operator(c, tuple(arena_, span(c), items));
}

antlrcpp::Any Transformer::visitAsOp(G::AsOpContext* c) {
    auto* op = c->asOperator();
    if (!op->hintParameter().empty()) return raw_operator(c);
    auto* r = make<ColumnRef>(op->name());
    r->path = list(std::vector<Name>{name(op->name())});
    return option_operator(c, r);
}

antlrcpp::Any Transformer::visitInvokeOp(G::InvokeOpContext* c) {
    auto* op = c->invokeOperator();
    auto* f = make<FunctionCall>(c);
    f->name = list(std::vector<Name>{name(op->name())});
    f->args = arguments(op->argumentList());
    return option_operator(c, f);
}

antlrcpp::Any Transformer::visitEvaluateOp(G::EvaluateOpContext* c) {
    auto* op = c->evaluateOperator();
    if (!op->operatorParameter().empty() || op->tabularSchema()) return raw_operator(c);
    auto* f = make<FunctionCall>(c);
    f->name = list(std::vector<Name>{name(op->name())});
    f->args = arguments(op->argumentList());
    return option_operator(c, f);
}

antlrcpp::Any Transformer::visitSampleOp(G::SampleOpContext* c) {
    auto* op = c->sampleOperator();
    if (!op->hintParameter().empty()) return raw_operator(c);
    return option_operator(c, expr(op->expr()));
}

}  // namespace qdiff::parsers::kql
