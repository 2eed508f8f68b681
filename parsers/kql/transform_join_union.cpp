// join, lookup and union.
//   - `join kind=K (right) on ...` → Join appended to the block (a block past its joins is wrapped
//     first). Kinds: innerunique (KQL's default when kind is omitted) → InnerUnique, inner → Inner,
//     leftouter → Left, rightouter → Right, fullouter → Full, leftsemi → Semi, leftanti/
//     leftantisemi/anti → Anti, rightsemi → RightSemi, rightanti/rightantisemi → RightAnti; any
//     other kind stays an option. Other parameters (hint.*, withsource...) → Join.options.
//   - `on a, b` (only plain names) → using_columns [a, b]; any other `on` list → one condition, the
//     items ANDed, a plain name `a` among them written out as `$left.a == $right.a`;
//     `join ... where cond` → condition plus option where=true.
//   - `lookup` → Join with option lookup=true, default kind leftouter (Left).
//   - `union [params] A, B` (source) and `T | union [params] A, B` → set_ops, each SetOp{Union,
//     all=true} (KQL union keeps duplicates); a union source's first table is the block itself;
//     parameters → options "union.<name>".
#include "parsers/kql/transformer.hpp"

namespace qdiff::parsers::kql {

using namespace ast;

static bool join_kind(std::string_view k, JoinKind& out) {
    if (k == "innerunique")
        out = JoinKind::InnerUnique;
    else if (k == "inner")
        out = JoinKind::Inner;
    else if (k == "leftouter")
        out = JoinKind::Left;
    else if (k == "rightouter")
        out = JoinKind::Right;
    else if (k == "fullouter")
        out = JoinKind::Full;
    else if (k == "leftsemi")
        out = JoinKind::Semi;
    else if (k == "leftanti" || k == "leftantisemi" || k == "anti")
        out = JoinKind::Anti;
    else if (k == "rightsemi")
        out = JoinKind::RightSemi;
    else if (k == "rightanti" || k == "rightantisemi")
        out = JoinKind::RightAnti;
    else
        return false;
    return true;
}

static bool is_plain_name(const Expr* e) {
    auto* r = dyn_cast<ColumnRef>(e);
    return r && r->path.size() == 1;
}

// `$left.id == $right.id` (either way round) is `on id`: the name both sides share, else null.
static const Name* shared_side_name(const Expr* e) {
    auto* eq = dyn_cast<Binary>(e);
    if (!eq || eq->op != BinaryOp::Eq) return nullptr;
    auto* l = dyn_cast<ColumnRef>(eq->lhs);
    auto* r = dyn_cast<ColumnRef>(eq->rhs);
    if (!l || !r || l->path.size() != 2 || r->path.size() != 2 || l->path[1].text != r->path[1].text) return nullptr;
    std::string_view a = l->path[0].text, b = r->path[0].text;
    if ((a == "$left" && b == "$right") || (a == "$right" && b == "$left")) return &l->path[1];
    return nullptr;
}

antlrcpp::Any Transformer::join(antlr4::ParserRuleContext* c, const std::vector<G::OperatorParameterContext*>& params,
                                G::ExprContext* right, G::JoinConditionContext* condition, bool lookup) {
    Query* q = cur_;
    auto* j = make<Join>(c);
    j->join = lookup ? JoinKind::Left : JoinKind::InnerUnique;
    std::vector<Expr*> options;
    if (lookup) {
        auto* marker = make_at<NamedArg>(span(c->getStart()));
        marker->name = {"lookup", false};
        marker->value = make_at<Literal>(marker->span);
        cast<Literal>(*marker->value).type = LiteralType::Boolean;
        cast<Literal>(*marker->value).text = "true";
        options.push_back(marker);
    }
    bool kind_seen = false;
    for (auto* p : params) {
        NamedArg* arg = parameter_arg(p);
        auto* value = dyn_cast<ColumnRef>(arg->value);
        if (!kind_seen && arg->name.text == "kind" && value && value->path.size() == 1 &&
            join_kind(value->path[0].text, j->join)) {
            kind_seen = true;
            continue;
        }
        options.push_back(arg);
    }
    j->right = relation_of(expr(right));
    if (auto* on = alt<G::JoinOnConditionContext>(condition)) {
        std::vector<Expr*> items;
        bool plain = true;
        for (auto* e : on->expr()) {
            items.push_back(expr(e));
            plain = plain && (is_plain_name(items.back()) || shared_side_name(items.back()));
        }
        if (plain) {
            std::vector<Name> names;
            for (Expr* e : items) {
                const Name* shared = shared_side_name(e);
                names.push_back(shared ? *shared : cast<ColumnRef>(*e).path[0]);
            }
            j->using_columns = list(names);
        } else {
            Expr* all = nullptr;
            for (Expr* e : items) {
                if (is_plain_name(e)) {
                    Name n = cast<ColumnRef>(*e).path[0];
                    auto side = [&](std::string_view qualifier) {
                        auto* r = make_at<ColumnRef>(e->span);
                        r->path = list(std::vector<Name>{{qualifier, false}, n});
                        return r;
                    };
                    auto* eq = make_at<Binary>(e->span);
                    eq->op = BinaryOp::Eq;
                    eq->lhs = side("$left");
                    eq->rhs = side("$right");
                    e = eq;
                }
                all = all ? and_(all, e) : e;
            }
            j->condition = all;
        }
    } else if (auto* where = alt<G::JoinWhereConditionContext>(condition)) {
        j->condition = expr(where->expr());
        auto* marker = make<NamedArg>(where);
        marker->name = {"where", false};
        auto* t = make<Literal>(where);
        t->type = LiteralType::Boolean;
        t->text = "true";
        marker->value = t;
        options.push_back(marker);
    }
    j->options = list(options);
    if (stage_of(*q) > kJoin) q = wrap(q, c);
    q->joins = append(q->joins, std::vector<Join*>{j});
    cur_ = q;
    return {};
}

antlrcpp::Any Transformer::visitJoinOp(G::JoinOpContext* c) {
    auto* op = c->joinOperator();
    return join(c, op->operatorParameter(), op->expr(), op->joinCondition(), false);
}

antlrcpp::Any Transformer::visitLookupOp(G::LookupOpContext* c) {
    auto* op = c->lookupOperator();
    return join(c, op->operatorParameter(), op->expr(), op->joinCondition(), true);
}

Query* Transformer::union_table(G::UnionTableContext* c) {
    if (auto* w = alt<G::WildcardUnionTableContext>(c)) {
        auto* star = make<Star>(w->starPattern());
        std::string pattern;
        for (char ch : text(w->starPattern()))
            if (ch != ' ' && ch != '\t' && ch != '\n' && ch != '\r') pattern += ch;
        star->pattern = copy(pattern);
        return query_of(star, span(c));
    }
    if (auto* w = alt<G::QualifiedWildcardUnionTableContext>(c)) {
        Relation* base = relation_of(expr(w->expr()));
        auto* t = make<TableRef>(c);
        std::vector<Name> path;
        if (auto* r = dyn_cast<TableRef>(base)) path.assign(r->name.begin(), r->name.end());
        std::string pattern;
        for (char ch : text(w->starPattern()))
            if (ch != ' ' && ch != '\t' && ch != '\n' && ch != '\r') pattern += ch;
        path.push_back({copy(pattern), false});
        t->name = list(path);
        auto* q = make<Query>(c);
        q->sources = list(std::vector<Relation*>{t});
        return q;
    }
    return query_of(expr(alt<G::ExpressionUnionTableContext>(c)->expr()), span(c));
}

void Transformer::add_union(Query* q, G::UnionOperatorContext* c, size_t first_table) {
    for (auto* p : c->operatorParameter()) add_option(q, parameter_arg(p, "union"));
    std::vector<SetOp*> ops;
    auto tables = c->unionTable();
    for (size_t i = first_table; i < tables.size(); ++i) {
        auto* op = make<SetOp>(tables[i]);
        op->op = SetOpKind::Union;
        op->all = true;
        op->query = union_table(tables[i]);
        ops.push_back(op);
    }
    q->set_ops = append(q->set_ops, ops);
}

antlrcpp::Any Transformer::visitUnionOp(G::UnionOpContext* c) {
    Query* q = cur_;
    if (stage_of(*q) > kUnion) q = wrap(q, c);
    add_union(q, c->unionOperator(), 0);
    cur_ = q;
    return {};
}

}  // namespace qdiff::parsers::kql
