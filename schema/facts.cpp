// SchemaFacts (qdiff/schema_facts.hpp): the keys, NOT NULL columns, foreign keys and column types of a
// schema model, with names in lower case.
#include "qdiff/schema_facts.hpp"

#include <algorithm>

#include "support/strings.hpp"

namespace qdiff {

namespace {

SchemaFacts::Affinity affinity_of(std::string_view declared_type) {
    using Affinity = SchemaFacts::Affinity;
    std::string type = support::fold_whitespace(support::to_lower(declared_type));
    auto has = [&](std::string_view part) { return type.find(part) != std::string::npos; };
    // Spider's tables.json sums several declared types up in one word: the column's affinity is lost.
    // A format without types leaves the declared type empty (in SQLite DDL that would be BLOB affinity).
    for (std::string_view summary : {"", "number", "time", "boolean", "others"})
        if (type == summary) return Affinity::Unknown;
    // In this order ("Datatypes In SQLite" 3.1): "CHARINT" is INTEGER, and so is "FLOATING POINT" ("POINT").
    if (has("int")) return Affinity::Integer;
    if (has("char") || has("clob") || has("text")) return Affinity::Text;
    if (has("blob")) return Affinity::Blob;
    if (has("real") || has("floa") || has("doub")) return Affinity::Real;
    return Affinity::Numeric;
}

}  // namespace

SchemaFacts::SchemaFacts(const Schema& schema) {
    for (const Table& table : schema.tables) {
        TableFacts& facts = tables_[support::to_lower(table.name)];
        for (const Column& c : table.columns) {
            std::string name = support::to_lower(c.name);
            facts.columns.insert(name);
            facts.column_facts[name] = ColumnFacts{affinity_of(c.declared_type), c.type, c.collated};
            if (c.not_null || c.primary_key) facts.not_null.insert(name);
        }
        auto lowered = [](const std::vector<std::string>& names) {
            std::set<std::string> out;
            for (const auto& n : names) out.insert(support::to_lower(n));
            return out;
        };
        if (!table.primary_key.empty()) facts.keys.push_back(lowered(table.primary_key));
        for (const auto& unique : table.unique_keys)
            if (!unique.empty()) facts.keys.push_back(lowered(unique));
        for (const ForeignKey& fk : table.foreign_keys) {
            // `REFERENCES parent` without columns names the parent's primary key.
            const Table* parent = schema.find_table(fk.referenced_table);
            const std::vector<std::string>& parent_columns =
                fk.referenced_columns.empty() && parent ? parent->primary_key : fk.referenced_columns;
            if (fk.columns.empty() || fk.columns.size() != parent_columns.size()) continue;
            Reference r;
            for (const auto& c : fk.columns) r.columns.push_back(support::to_lower(c));
            r.parent = support::to_lower(fk.referenced_table);
            for (const auto& c : parent_columns) r.parent_columns.push_back(support::to_lower(c));
            facts.references.push_back(std::move(r));
        }
    }
}

const SchemaFacts::TableFacts* SchemaFacts::find(std::string_view table) const {
    auto it = tables_.find(support::to_lower(table));
    return it == tables_.end() ? nullptr : &it->second;
}

bool SchemaFacts::has_table(std::string_view table) const { return find(table) != nullptr; }

bool SchemaFacts::has_column(std::string_view table, std::string_view column) const {
    const TableFacts* t = find(table);
    return t && t->columns.count(support::to_lower(column));
}

bool SchemaFacts::not_null(std::string_view table, std::string_view column) const {
    const TableFacts* t = find(table);
    return t && t->not_null.count(support::to_lower(column));
}

bool SchemaFacts::contains_key(std::string_view table, const std::set<std::string>& columns) const {
    const TableFacts* t = find(table);
    if (!t) return false;
    return std::any_of(t->keys.begin(), t->keys.end(), [&](const std::set<std::string>& key) {
        return std::includes(columns.begin(), columns.end(), key.begin(), key.end());
    });
}

bool SchemaFacts::contains_not_null_key(std::string_view table, const std::set<std::string>& columns) const {
    const TableFacts* t = find(table);
    if (!t) return false;
    return std::any_of(t->keys.begin(), t->keys.end(), [&](const std::set<std::string>& key) {
        return std::includes(columns.begin(), columns.end(), key.begin(), key.end()) &&
               std::all_of(key.begin(), key.end(), [&](const std::string& c) { return t->not_null.count(c) != 0; });
    });
}

bool SchemaFacts::is_key(std::string_view table, const std::set<std::string>& columns) const {
    const TableFacts* t = find(table);
    return t && std::find(t->keys.begin(), t->keys.end(), columns) != t->keys.end();
}

const std::vector<SchemaFacts::Reference>& SchemaFacts::references(std::string_view table) const {
    static const std::vector<Reference> none;
    const TableFacts* t = find(table);
    return t ? t->references : none;
}

SchemaFacts::Affinity SchemaFacts::sqlite_affinity(std::string_view table, std::string_view column) const {
    const TableFacts* t = find(table);
    if (!t) return Affinity::Unknown;
    auto it = t->column_facts.find(support::to_lower(column));
    return it == t->column_facts.end() ? Affinity::Unknown : it->second.affinity;
}

ColumnType SchemaFacts::type(std::string_view table, std::string_view column) const {
    const TableFacts* t = find(table);
    if (!t) return ColumnType::Unknown;
    auto it = t->column_facts.find(support::to_lower(column));
    return it == t->column_facts.end() ? ColumnType::Unknown : it->second.type;
}

bool SchemaFacts::collated(std::string_view table, std::string_view column) const {
    const TableFacts* t = find(table);
    if (!t) return false;
    auto it = t->column_facts.find(support::to_lower(column));
    return it != t->column_facts.end() && it->second.collated;
}

std::string SchemaFacts::owner(const std::vector<std::string>& tables, std::string_view column) const {
    std::string found;
    std::string lowered = support::to_lower(column);
    for (const std::string& table : tables) {
        const TableFacts* t = find(table);
        if (!t) return {};
        if (!t->columns.count(lowered)) continue;
        if (!found.empty()) return {};
        found = support::to_lower(table);
    }
    return found;
}

}  // namespace qdiff
