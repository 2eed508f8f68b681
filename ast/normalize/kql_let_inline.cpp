// kql-let-inline: KQL's `let m = 5; T | where a > m` is `T | where a > 5`. A let whose value is a constant
// (a literal, ago(7d), datetime(...), arithmetic and calls over those) is read in its place wherever the
// statements after it name it, and the let statement goes. A let of a table, of a function (a lambda) or
// of a value that reads a column stays as written.
#include "ast/normalize/normalizer.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

bool constant_value(const Node& node) {
    if (isa<ColumnRef>(&node) || isa<Query>(&node) || isa<Relation>(&node) || isa<Lambda>(&node) || isa<Star>(&node))
        return false;
    bool constant = true;
    for_each_child(node, [&](const Node& child) { constant = constant && constant_value(child); });
    return constant;
}

const Expr* scalar_let(const Node& node) {
    auto* let = dyn_cast<Let>(&node);
    auto* value = let ? dyn_cast<Expr>(let->value) : nullptr;
    return value && constant_value(*value) ? value : nullptr;
}

void bind_and_drop(Normalizer& n, Node& node) {
    if (n.language() != Language::Kql) return;
    if (auto* let = dyn_cast<Let>(&node)) {
        if (const Expr* value = scalar_let(*let)) n.bind_let(std::string(n.fold(let->name).text), value);
        return;
    }
    auto* script = dyn_cast<Script>(&node);
    if (!script) return;
    std::vector<Statement*> kept;
    for (Statement* s : script->statements)
        if (!scalar_let(*s)) kept.push_back(s);
    // A script of lets alone keeps them: there is no statement to read them.
    if (kept.size() != script->statements.size() && !kept.empty()) script->statements = n.arena().list(kept);
}

Expr* inline_written(Normalizer& n, const Expr* e) {
    // Every expression as written passes here: the common case (no let) costs one test.
    if (!n.has_lets()) return nullptr;
    auto* c = dyn_cast<ColumnRef>(e);
    if (!c || c->path.size() != 1 || n.language() != Language::Kql) return nullptr;
    return const_cast<Expr*>(n.let_value(n.fold(c->path[0]).text));
}

}  // namespace

const RuleHooks kql_let_inline = {.node = &bind_and_drop, .written = &inline_written};

}  // namespace qdiff::normalizing::rules
