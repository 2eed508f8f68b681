// join-equal-columns (needs the schema: column types): in `FROM client, disp WHERE client.client_id =
// disp.client_id` every row of the block has the same value in both columns, so the select list, the
// other WHERE conjuncts, GROUP BY, HAVING, ORDER BY and the block's aggregates may read either one:
// `SELECT disp.client_id` is `SELECT client.client_id`. The columns a block's top-level WHERE
// equalities make equal form classes; every reference to a member reads the class's first column
// (a column that is no key of its table before one that is, then the least printed `table.column`), and
// the class's equalities become `first = member` for each other member, so both spellings converge.
//
// Runs on the form inner-joins-as-filter leaves (inner joins as FROM items, their ON in WHERE): a block
// that still has an outer join keeps its columns. `a = b` being true means `a` and `b` hold the same
// value only when nothing converts or collates them: in SQLite both columns have the same type affinity
// (SQLite keeps 1 and '1' apart, but converts '1' to 1 against an INTEGER column, and 1 = 1.0 between an
// INTEGER and a REAL column) and neither has a COLLATE clause (NOCASE makes 'A' = 'a'); in the other
// dialects, whose text comparisons may ignore case or trailing blanks, both are integer columns. Off
// without a schema that types both columns, for an equality under OR, NOT or in ON of an outer join,
// and inside subqueries (they have their own names). A select-list item that changes its column name
// keeps its output name as an alias (an outer query or ORDER BY may read it by name).
#include <algorithm>

#include "ast/normalize/block_rewrite.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

struct Member {
    const ScopeRelation* relation;
    std::string column;
    friend bool operator<(const Member& a, const Member& b) {
        return std::tie(a.relation, a.column) < std::tie(b.relation, b.column);
    }
};

// `a = b` true means the two columns hold one value.
bool same_value_when_equal(const Normalizer& n, const ResolvedColumn& a, const ResolvedColumn& b) {
    const SchemaFacts& facts = *n.schema();
    if (facts.collated(a.table, a.column) || facts.collated(b.table, b.column)) return false;
    if (n.dialect() == Dialect::Sqlite) {
        using Affinity = SchemaFacts::Affinity;
        Affinity x = facts.sqlite_affinity(a.table, a.column), y = facts.sqlite_affinity(b.table, b.column);
        // No affinity (BLOB) keeps the storage class as stored: 1 = 1.0 between an integer and a real.
        return x == y && x != Affinity::Unknown && x != Affinity::Blob;
    }
    return facts.type(a.table, a.column) == ColumnType::Integer && facts.type(b.table, b.column) == ColumnType::Integer;
}

class Substitution {
public:
    Substitution(Normalizer& n, const Scope& scope) : n_(n), scope_(scope) {}

    // The columns of `conjuncts` that are equal in every row, by union of the equalities between them.
    // Returns the conjuncts that are such equalities.
    std::set<const Expr*> join(const std::vector<Expr*>& conjuncts) {
        std::set<const Expr*> equalities;
        for (Expr* c : conjuncts) {
            auto* b = dyn_cast<Binary>(c);
            if (!b || b->op != BinaryOp::Eq) continue;
            auto x = n_.resolve(scope_, b->lhs), y = n_.resolve(scope_, b->rhs);
            if (!x || !y || x->relation->nullable || y->relation->nullable) continue;
            if (!same_value_when_equal(n_, *x, *y)) continue;
            size_t i = member(*x, dyn_cast<ColumnRef>(b->lhs)), j = member(*y, dyn_cast<ColumnRef>(b->rhs));
            if (i == j) continue;  // `a = a` says only that a is not NULL: it stays as written
            parent_[find(i)] = find(j);
            equalities.insert(c);
        }
        // Each class's first column: one that is no key of its table if there is one (reading the
        // referencing column leaves the referenced table to its join, which fk-join-elimination and
        // key-join-as-exists can then take up), then the least printed text.
        const SchemaFacts& facts = *n_.schema();
        auto rank = [&](size_t i) {
            bool key = facts.contains_key(members_[i].relation->table, {members_[i].column});
            return std::make_pair(key, printed_[i]);
        };
        for (size_t i = 0; i < members_.size(); ++i) {
            size_t root = find(i);
            auto [it, fresh] = first_.emplace(root, i);
            if (!fresh && rank(i) < rank(it->second)) it->second = i;
        }
        return equalities;
    }

    // The equalities of every class, as `first = member`.
    std::vector<Expr*> equalities(Span span) {
        std::vector<Expr*> out;
        for (size_t i = 0; i < members_.size(); ++i) {
            size_t first = first_.at(find(i));
            if (first == i) continue;
            out.push_back(n_.make_binary(BinaryOp::Eq, reference(first, span), reference(i, span), span));
        }
        return out;
    }

    // `node` with every column of a class read as its first one; the same node when nothing changes.
    Node* rewrite(Node* node) {
        auto first_of_class = [&](const Node& e) -> Node* {
            auto* c = dyn_cast<ColumnRef>(&e);
            if (!c) return nullptr;
            auto column = n_.resolve(scope_, c);
            if (!column) return nullptr;
            auto it = index_.find(Member{column->relation, column->column});
            if (it == index_.end()) return nullptr;
            size_t first = first_.at(find(it->second));
            if (first == it->second) return nullptr;
            changed_ = true;
            return reference(first, c->span);
        };
        return replace_in_block(n_, node, first_of_class);
    }

    bool changed() const { return changed_; }

private:
    Normalizer& n_;
    const Scope& scope_;
    std::vector<Member> members_;
    std::vector<const ColumnRef*> written_;  // a reference to each member, as the block writes it
    std::vector<std::string> printed_;
    std::vector<size_t> parent_;
    std::map<Member, size_t> index_;
    std::map<size_t, size_t> first_;  // class root -> its first member
    bool changed_ = false;

    size_t member(const ResolvedColumn& c, const ColumnRef* written) {
        Member m{c.relation, c.column};
        auto [it, fresh] = index_.emplace(m, members_.size());
        if (fresh) {
            members_.push_back(m);
            written_.push_back(written);
            printed_.push_back(c.relation->qualifier + "." + c.column);
            parent_.push_back(parent_.size());
        }
        return it->second;
    }
    size_t find(size_t i) {
        while (parent_[i] != i) i = parent_[i] = parent_[parent_[i]];
        return i;
    }
    Expr* reference(size_t i, Span span) {
        ColumnRef* c = n_.copy(*written_[i]);
        c->span = span;
        return c;
    }
};

void read_first_of_equal_columns(Normalizer& n, Query& q) {
    if (!n.schema() || n.language() != Language::Sql || !q.joins.empty() || q.sources.size() < 2 || !q.filter) return;
    Scope scope = n.scope_of(q);
    std::vector<Expr*> conjuncts;
    Normalizer::flatten(q.filter, BinaryOp::And, conjuncts);
    Substitution s(n, scope);
    std::set<const Expr*> equalities = s.join(conjuncts);
    if (equalities.empty()) return;

    std::vector<Expr*> filter = s.equalities(q.filter->span);
    for (Expr* c : conjuncts)
        if (!equalities.count(c)) filter.push_back(static_cast<Expr*>(s.rewrite(c)));
    std::vector<SelectItem*> projection;
    for (SelectItem* item : q.projection) {
        auto* rewritten = static_cast<SelectItem*>(s.rewrite(item));
        // A plain column keeps its output name.
        if (rewritten != item && item->alias.empty()) {
            auto* before = dyn_cast<ColumnRef>(item->expr);
            auto* after = dyn_cast<ColumnRef>(rewritten->expr);
            if (before && after && before->path.back().text != after->path.back().text)
                rewritten->alias = n.fold(before->path.back());
        }
        projection.push_back(rewritten);
    }
    std::vector<Expr*> group_by;
    std::set<std::string> grouped;
    for (Expr* g : q.group_by) {
        auto* rewritten = static_cast<Expr*>(s.rewrite(g));
        if (grouped.insert(n.key(rewritten)).second) group_by.push_back(rewritten);  // GROUP BY a, a is GROUP BY a
    }
    // Under a set operation ORDER BY names the compound's output columns, not this block's.
    std::vector<OrderItem*> order_by;
    for (OrderItem* o : q.order_by) order_by.push_back(q.set_ops.empty() ? static_cast<OrderItem*>(s.rewrite(o)) : o);
    Expr* having = static_cast<Expr*>(s.rewrite(q.having));
    Expr* qualify = static_cast<Expr*>(s.rewrite(q.qualify));
    std::vector<Expr*> distinct_on;
    for (Expr* d : q.distinct_on) distinct_on.push_back(static_cast<Expr*>(s.rewrite(d)));
    std::vector<WindowDef*> windows;
    for (WindowDef* w : q.windows) windows.push_back(static_cast<WindowDef*>(s.rewrite(w)));

    // Only when a reference moved, or the equalities changed their spelling: otherwise the block is
    // already in this form (normalizing must be idempotent and end).
    std::vector<std::string> before, after;
    for (const Expr* e : conjuncts)
        if (equalities.count(e)) before.push_back(n.key(e));
    for (Expr* e : s.equalities(q.filter->span)) after.push_back(n.key(n.simplify(e)));
    std::sort(before.begin(), before.end());
    std::sort(after.begin(), after.end());
    if (!s.changed() && before == after) return;

    q.filter = n.sorted_chain(BinaryOp::And, filter, q.filter->span);
    q.projection = n.arena().list(projection);
    q.group_by = n.arena().list(group_by);
    q.order_by = n.arena().list(order_by);
    q.having = having;
    q.qualify = qualify;
    q.distinct_on = n.arena().list(distinct_on);
    q.windows = n.arena().list(windows);
    // A rule that ran earlier on this block may apply now (a parent table no longer read is joined only
    // by its foreign key); another pass brings the rewritten expressions to their canonical form too.
    n.note_reshaped();
}

}  // namespace

const RuleHooks join_equal_columns = {.query = &read_first_of_equal_columns};

}  // namespace qdiff::normalizing::rules
