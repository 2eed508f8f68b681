// The FROM clause of a query block (ast/semantics/scope.hpp).
#include "ast/semantics/scope.hpp"

namespace qdiff::semantics {
using namespace ast;

namespace {

const Relation* mapped(const Relation* r, const RelationMap& map) {
    if (!r || !map) return r;
    const Relation* to = map(r);
    return to ? to : r;
}

// Inner, cross and Kusto's innerunique: every row of either side comes from its own table, none is made up.
bool is_inner(JoinKind kind) { return kind == JoinKind::Inner || kind == JoinKind::Cross || kind == JoinKind::InnerUnique; }

}  // namespace

void walk_relation(const Relation* r, const FromWalker& walker, const RelationMap& map) {
    r = mapped(r, map);
    if (!r) return;
    auto* group = dyn_cast<JoinedTable>(r);
    if (!group) {
        if (walker.relation) walker.relation(*r);
        return;
    }
    walk_relation(group->first, walker, map);
    for (const Join* j : group->joins) {
        if (walker.join_begins) walker.join_begins(*j);
        walk_relation(j->right, walker, map);
        if (walker.join_ends) walker.join_ends(*j);
    }
    if (walker.group_ends) walker.group_ends(*group);
}

void walk_from(const Query& q, const FromWalker& walker, const RelationMap& map) {
    for (const Relation* r : q.sources) walk_relation(r, walker, map);
    for (const Join* j : q.joins) {
        if (walker.join_begins) walker.join_begins(*j);
        walk_relation(j->right, walker, map);
        if (walker.join_ends) walker.join_ends(*j);
    }
}

namespace {

// The relations of one FROM item in written order, parenthesised joins flattened.
std::vector<const Relation*> relations_of(const Relation* r, const RelationMap& map) {
    std::vector<const Relation*> out;
    walk_relation(r, {.relation = [&](const Relation& each) { out.push_back(&each); }}, map);
    return out;
}

}  // namespace

std::vector<FromItem> from_items(const Query& q, const RelationMap& map) {
    std::vector<FromItem> items;
    // A parenthesised join with an outer join inside: all of its relations (kept simple).
    auto has_outer_join = [&](const Relation* r) {
        auto* group = dyn_cast<JoinedTable>(mapped(r, map));
        if (!group) return false;
        for (const Join* j : group->joins)
            if (!is_inner(j->join)) return true;
        return false;
    };
    auto add = [&](const Relation* r, bool nullable) {
        for (const Relation* each : relations_of(r, map)) items.push_back({each, nullable});
    };
    for (const Relation* r : q.sources) add(r, has_outer_join(r));
    for (const Join* j : q.joins) {
        if (j->join == JoinKind::Right || j->join == JoinKind::Full)
            for (FromItem& before : items) before.nullable = true;
        bool right_nullable = has_outer_join(j->right) || j->join == JoinKind::Left || j->join == JoinKind::Full ||
                              j->join == JoinKind::OuterApply;
        add(j->right, right_nullable);
    }
    return items;
}

std::vector<const Join*> block_joins(const Query& q) {
    std::vector<const Join*> joins;
    walk_from(q, {.join_begins = [&](const Join& j) { joins.push_back(&j); }});
    return joins;
}

}  // namespace qdiff::semantics
