// invalid-join: `a JOIN b` with neither ON nor USING, where no foreign key relates b to the tables
// before it (a join that cannot be meant). cartesian-product: relations that no condition (ON, USING,
// NATURAL, or a WHERE conjunct) connects to the others; an explicit CROSS JOIN is meant and passes.
#include <cstdint>
#include <numeric>

#include "ast/semantics/scope.hpp"
#include "lint/rule.hpp"
#include "lint/sql/analysis.hpp"
#include "support/strings.hpp"

namespace qdiff::linting::rules {
namespace {

struct Components {
    std::vector<size_t> parent;
    explicit Components(size_t n) : parent(n) { std::iota(parent.begin(), parent.end(), 0); }
    size_t find(size_t i) { return parent[i] == i ? i : parent[i] = find(parent[i]); }
    void unite(size_t a, size_t b) { parent[find(a)] = find(b); }
};

bool references(const Table& from, const Table& to) {
    for (const ForeignKey& fk : from.foreign_keys)
        if (support::iequals(fk.referenced_table, to.name)) return true;
    return false;
}

class BlockCheck {
public:
    BlockCheck(LintContext& ctx, const sql::Block& block)
        : ctx_(ctx), block_(block), components_(block.sources.size()) {}

    void run() {
        const ast::Query& q = *block_.query;
        std::vector<const ast::Join*> joins = semantics::block_joins(q);
        for (const ast::Join* j : joins) {
            link(j->condition);
            if ((j->natural || !j->using_columns.empty()) && index_of(j->right) > 0)
                components_.unite(index_of(j->right), index_of(j->right) - 1);
        }
        std::vector<const ast::Expr*> where;
        sql::conjuncts(q.filter, where);
        for (const ast::Expr* e : where) link(e);

        for (size_t i = 1; i < block_.sources.size(); ++i) {
            if (components_.find(i) == components_.find(0)) continue;
            report(i, joins);
            components_.unite(i, 0);
        }
    }

private:
    size_t index_of(const ast::Relation* r) const {
        for (size_t i = 0; i < block_.sources.size(); ++i)
            if (block_.sources[i].relation == r) return i;
        return SIZE_MAX;
    }
    size_t index_of(const sql::Source* s) const {
        for (size_t i = 0; i < block_.sources.size(); ++i)
            if (&block_.sources[i] == s) return i;
        return SIZE_MAX;
    }

    // Every relation of this block that a column inside `e` (nested queries included) refers to.
    void link(const ast::Expr* e) {
        if (e == nullptr) return;
        size_t first = SIZE_MAX;
        for (const sql::ColumnResolution& r : ctx_.sql->columns) {
            if (r.source == nullptr || r.ref->span.begin < e->span.begin || r.ref->span.end > e->span.end) continue;
            size_t i = index_of(r.source);
            if (i == SIZE_MAX) continue;  // another block's relation
            if (first == SIZE_MAX)
                first = i;
            else
                components_.unite(i, first);
        }
    }

    void report(size_t i, const std::vector<const ast::Join*>& joins) {
        const sql::Source& right = block_.sources[i];
        const ast::Join* join = nullptr;
        for (const ast::Join* j : joins)
            if (j->right == right.relation) join = j;
        if (join && (join->join == ast::JoinKind::Cross || join->join == ast::JoinKind::CrossApply ||
                     join->join == ast::JoinKind::OuterApply))
            return;  // meant
        std::string before;
        bool related = false;
        bool all_tables = right.table != nullptr;
        for (size_t l = 0; l < i; ++l) {
            const sql::Source& left = block_.sources[l];
            before += (l ? ", '" : "'") + std::string(left.name) + "'";
            if (!left.table)
                all_tables = false;
            else if (right.table && (references(*left.table, *right.table) || references(*right.table, *left.table)))
                related = true;
        }
        DiagId id =
            join && !join->condition && all_tables && !related ? DiagId::LintInvalidJoin : DiagId::LintCartesianProduct;
        ctx_.report(make_diagnostic(id, right.relation->span, {right.name, before}));
    }

    LintContext& ctx_;
    const sql::Block& block_;
    Components components_;
};

}  // namespace

void join_condition(LintContext& ctx) {
    for (const sql::Block& b : ctx.sql->blocks)
        if (b.sources.size() > 1) BlockCheck(ctx, b).run();
}

}  // namespace qdiff::linting::rules
