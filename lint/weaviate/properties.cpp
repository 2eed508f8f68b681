// Weaviate property paths resolved through classes and cross-references (see properties.hpp).
#include "lint/weaviate/properties.hpp"

#include "lint/kql/names.hpp"

namespace qdiff::linting::weaviate {
namespace {

std::vector<std::string_view> property_names(const Table& t) {
    std::vector<std::string_view> names;
    for (const Column& c : t.columns) names.push_back(c.name);
    return names;
}

const Column* find_property(const Table& t, std::string_view name) {
    for (const Column& c : t.columns)
        if (c.name == name) return &c;
    return nullptr;
}

// Meta fields every class has: _additional { ... }, id and the _creationTimeUnix-style filters.
bool meta_field(std::string_view name) { return name.starts_with("_") || name == "id"; }

// A property-length filter names its property inside len(...).
std::string_view strip_len(std::string_view name) {
    if (name.starts_with("len(") && name.ends_with(")")) return name.substr(4, name.size() - 5);
    return name;
}

}  // namespace

const ast::TableRef* collection_ref(const ast::Query& q) {
    return q.sources.empty() ? nullptr : ast::dyn_cast<ast::TableRef>(q.sources[0]);
}

const Table* find_collection(const Schema& schema, std::string_view name) {
    for (const Table& t : schema.tables)
        if (t.name == name) return &t;
    return nullptr;
}

PropertyLookup resolve_property(const Schema& schema, const Table& collection, const ast::ColumnRef& path) {
    PropertyLookup out;
    if (path.path.empty() || meta_field(path.path[0].text)) return out;
    out.checked = true;
    const Table* cls = &collection;
    for (uint32_t i = 0; i < path.path.size(); ++i) {
        std::string_view name = strip_len(path.path[i].text);
        const Column* p = find_property(*cls, name);
        if (p == nullptr) {
            out.missing = path.path[i].text;
            out.suggestion = kql::suggest(name, property_names(*cls));
            return out;
        }
        // len(title) is a number, whatever title is: no property type to check against.
        out.property = name.size() == path.path[i].text.size() ? p : nullptr;
        if (i + 1 == path.path.size() || p->type != ColumnType::Reference) continue;
        // A cross-reference: the next name is the target class (`... on Publication`).
        std::string_view target = path.path[++i].text;
        const Table* next = nullptr;
        for (const std::string& ref : p->references)
            if (ref == target) next = find_collection(schema, target);
        if (next == nullptr) {
            out.property = nullptr;
            out.missing = target;
            std::vector<std::string_view> targets(p->references.begin(), p->references.end());
            out.suggestion = kql::suggest(target, targets);
            return out;
        }
        cls = next;
        if (i + 1 == path.path.size()) out.property = nullptr;  // `... on C` with nothing selected
    }
    return out;
}

bool is_array(const Column& c) { return c.declared_type.ends_with("[]"); }

}  // namespace qdiff::linting::weaviate
