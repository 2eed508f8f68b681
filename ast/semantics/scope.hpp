// The one reading of a SQL query block's FROM clause: which relations it makes visible, in which order,
// through which joins, and which of them an outer join may fill with NULLs. The normalizer's scopes
// (ast/normalize), the linter's name resolution (lint/sql) and join checks, the synthesizer's hints and
// the differ's relations all walk FROM clauses through here, so that a parenthesised join, a LATERAL
// table or a sample means the same thing to each of them. Binding a column to one of these relations is
// then each reader's own policy (the linter reports what it cannot bind; the normalizer rewrites only
// what binds for certain), over the same relations.
#pragma once
#include <functional>
#include <vector>

#include "qdiff/ast.hpp"

namespace qdiff::semantics {

// What a rewrite has put in place of a relation (the normalizer's inlined CTE reference); null: none.
using RelationMap = std::function<const ast::Relation*(const ast::Relation*)>;

// The steps of walking a FROM clause in written order. `relation` sees every relation that is not a
// parenthesised join (a table, derived table, table function, VALUES, sample, pivot); `join_begins` and
// `join_ends` bracket the relations a join brings in (its right side); `group_ends` follows the relations
// and joins of a parenthesised join, before the joins after it.
struct FromWalker {
    std::function<void(const ast::Relation&)> relation = nullptr;
    std::function<void(const ast::Join&)> join_begins = nullptr;
    std::function<void(const ast::Join&)> join_ends = nullptr;
    std::function<void(const ast::JoinedTable&)> group_ends = nullptr;
};
void walk_from(const ast::Query& q, const FromWalker& walker, const RelationMap& map = {});
// The same for one FROM item (the first relation of a parenthesised join, a join's right side).
void walk_relation(const ast::Relation* r, const FromWalker& walker, const RelationMap& map = {});

// One relation of a block's FROM clause, parenthesised joins flattened.
struct FromItem {
    const ast::Relation* relation = nullptr;
    bool nullable = false;  // an outer join may fill its columns with NULLs
};
// A block's relations in written order. Nullable: the right side of LEFT and OUTER APPLY, everything
// before a RIGHT, both sides of FULL, and all of a parenthesised join that has an outer join in it.
std::vector<FromItem> from_items(const ast::Query& q, const RelationMap& map = {});
// Every join of a block, those inside parenthesised joins too, in written order.
std::vector<const ast::Join*> block_joins(const ast::Query& q);

}  // namespace qdiff::semantics
