// kql-project-rename: KQL `T | project-rename x = a | project x` is `T | project x = a`. The rename
// is the last operator of its block, so the front end writes the next operator as a block over it; when
// that block names its output (a select list without `*`, or aggregates), it reads each new name as the
// column it renames and the two blocks are one. Not when it reads a renamed column by its old name
// (gone after the rename), nor when the rename swaps names (`x = a, a = x`).
#include "ast/normalize/kql_pipeline.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

Query* read_through_rename(Normalizer& n, const Query& q) {
    const Query* inner = kql_pipeline::derived_block(n, q);
    if (!inner || !kql_pipeline::only_filters(*inner) || !inner->projection.empty() || inner->options.size() != 1)
        return nullptr;
    auto* rename = dyn_cast<KqlProjectRename>(inner->options[0]);
    if (!rename) return nullptr;
    kql_pipeline::NameMap names;
    std::set<std::string_view> old_names;
    for (uint32_t i = 0; i < rename->names.size(); ++i) {
        if (!names.emplace(rename->names[i].text, rename->columns[i]).second) return nullptr;
        old_names.insert(rename->columns[i]->path[0].text);
    }
    for (const auto& [name, column] : names)
        if (old_names.count(name)) return nullptr;
    // The old names are no columns of the renamed block: a block reading one is an error, left as written.
    std::set<std::string_view> gone = old_names;
    bool reads_gone = false;
    for (const Node* part : {static_cast<const Node*>(q.filter), static_cast<const Node*>(q.having)})
        reads_gone = reads_gone || (part && kql_pipeline::reads_any(*part, gone));
    for (const SelectItem* item : q.projection) reads_gone = reads_gone || kql_pipeline::reads_any(*item, gone);
    for (const SelectItem* item : q.aggregations) reads_gone = reads_gone || kql_pipeline::reads_any(*item, gone);
    for (const Expr* key : q.group_by) reads_gone = reads_gone || kql_pipeline::reads_any(*key, gone);
    for (const OrderItem* o : q.order_by) reads_gone = reads_gone || kql_pipeline::reads_any(*o, gone);
    if (reads_gone) return nullptr;
    return kql_pipeline::merge_over(n, q, *inner, names, nullptr);
}

}  // namespace

const RuleHooks kql_project_rename = {.written_query = &read_through_rename};

}  // namespace qdiff::normalizing::rules
