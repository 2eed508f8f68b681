// named-window-inline: `SELECT rank() OVER w FROM t WINDOW w AS (ORDER BY a)` is `SELECT rank() OVER (ORDER
// BY a) FROM t`: a window function that names a window of the block's WINDOW clause, and adds nothing of
// its own, computes over that window's partitioning, ordering and frame (the SQL standard's rule for
// `OVER w`). Every such reference of the block (select list, ORDER BY, QUALIFY) reads the definition, and
// the WINDOW clause is dropped, so the definitions are compared where they are used. Only when every
// reference of the block is a bare `OVER w` to a definition that names no other window; `OVER (w ORDER BY
// x)`, which extends w, and a clause of windows defined on each other are left as written.
#include "ast/normalize/normalizer.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

// The window specifications the block's expressions name (not inside subqueries: blocks of their own).
void collect_specs(const Node* node, std::vector<const WindowSpec*>& out) {
    if (!node || isa<Query>(node)) return;
    if (auto* f = dyn_cast<FunctionCall>(node); f && f->over) out.push_back(f->over);
    for_each_child(*node, [&](const Node& child) { collect_specs(&child, out); });
}

Query* inline_windows(Normalizer& n, const Query& q) {
    if (n.language() != Language::Sql || q.windows.empty()) return nullptr;
    std::map<std::string, const WindowSpec*, std::less<>> definitions;
    for (const WindowDef* w : q.windows) {
        if (!w->spec || !w->spec->base.empty()) return nullptr;
        if (!definitions.emplace(std::string(n.fold(w->name).text), w->spec).second) return nullptr;
    }
    std::vector<const WindowSpec*> specs;
    for (const SelectItem* item : q.projection) collect_specs(item, specs);
    for (const OrderItem* o : q.order_by) collect_specs(o, specs);
    collect_specs(q.qualify, specs);
    std::vector<std::pair<const WindowSpec*, const WindowSpec*>> substitutions;
    for (const WindowSpec* spec : specs) {
        if (spec->base.empty()) continue;
        if (!spec->partition_by.empty() || !spec->order_by.empty() || spec->frame) return nullptr;
        auto it = definitions.find(n.fold(spec->base).text);
        if (it == definitions.end()) return nullptr;
        substitutions.emplace_back(spec, it->second);
    }
    for (auto [from, to] : substitutions) n.substitute(from, to);
    Query* out = n.copy(q);
    out->windows = {};
    return out;
}

}  // namespace

const RuleHooks named_window_inline = {.written_query = &inline_windows};

}  // namespace qdiff::normalizing::rules
