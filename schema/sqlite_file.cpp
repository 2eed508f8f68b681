// An SQLite database, introspected read-only: sqlite_master lists the tables and views,
// pragma_table_info their columns and primary key, pragma_foreign_key_list their foreign keys.
#include <sqlite3.h>

#include <map>
#include <memory>

#include <fmt/format.h>

#include "schema/loader.hpp"
#include "support/strings.hpp"

namespace qdiff::schema_loading {
namespace {

struct CloseDatabase {
    void operator()(sqlite3* db) const { sqlite3_close(db); }
};
struct FinalizeStatement {
    void operator()(sqlite3_stmt* s) const { sqlite3_finalize(s); }
};
using Database = std::unique_ptr<sqlite3, CloseDatabase>;
using Statement = std::unique_ptr<sqlite3_stmt, FinalizeStatement>;

[[noreturn]] void fail(DiagId id, const std::string& path, std::string_view what) {
    throw LoadError{make_diagnostic(id, {}, {path, what})};
}

std::string text_column(sqlite3_stmt* s, int i) {
    const unsigned char* t = sqlite3_column_text(s, i);
    return t ? reinterpret_cast<const char*>(t) : "";
}

class Reader {
public:
    Reader(sqlite3* db, std::string path) : db_(db), path_(std::move(path)) {}

    // Runs `sql` with `argument` bound to its one parameter (if any), calling `row` per result row.
    template <class Row>
    void query(const char* sql, const std::string* argument, Row row) const {
        sqlite3_stmt* raw = nullptr;
        if (sqlite3_prepare_v2(db_, sql, -1, &raw, nullptr) != SQLITE_OK) failed();
        Statement statement(raw);
        if (argument) sqlite3_bind_text(raw, 1, argument->c_str(), -1, SQLITE_TRANSIENT);
        int rc;
        while ((rc = sqlite3_step(raw)) == SQLITE_ROW) row(raw);
        if (rc != SQLITE_DONE) failed();
    }

private:
    [[noreturn]] void failed() const { fail(DiagId::SchemaMalformed, path_, sqlite3_errmsg(db_)); }
    sqlite3* db_;
    std::string path_;
};

Table read_table(const Reader& reader, const std::string& name) {
    Table table;
    table.name = name;
    std::map<int, std::string> key_by_position;  // pk is the 1-based position in the primary key
    reader.query("SELECT name, type, pk, \"notnull\" FROM pragma_table_info(?1) ORDER BY cid", &name,
                 [&](sqlite3_stmt* s) {
                     Column column;
                     column.name = text_column(s, 0);
                     column.declared_type = text_column(s, 1);
                     column.type = classify_sql_type(column.declared_type);
                     column.not_null = sqlite3_column_int(s, 3) != 0;
                     if (int pk = sqlite3_column_int(s, 2); pk > 0) {
                         column.primary_key = true;
                         key_by_position[pk] = column.name;
                     }
                     table.columns.push_back(std::move(column));
                 });
    for (auto& [position, column] : key_by_position) table.primary_key.push_back(column);
    // pragma_table_info does not say which columns have a COLLATE clause; any in the table's CREATE
    // statement marks them all (`=` may then hold between values that differ).
    reader.query("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?1", &name, [&](sqlite3_stmt* s) {
        if (support::to_lower(text_column(s, 0)).find("collate") == std::string::npos) return;
        for (Column& c : table.columns) c.collated = true;
    });
    // One row per column pair; `id` groups the pairs of one key. `to` is NULL when the key refers
    // to the target's primary key.
    std::map<int, ForeignKey> keys;
    reader.query("SELECT id, \"table\", \"from\", \"to\" FROM pragma_foreign_key_list(?1) ORDER BY id, seq", &name,
                 [&](sqlite3_stmt* s) {
                     ForeignKey& fk = keys[sqlite3_column_int(s, 0)];
                     fk.referenced_table = text_column(s, 1);
                     fk.columns.push_back(text_column(s, 2));
                     fk.referenced_columns.push_back(text_column(s, 3));
                 });
    for (auto& [id, fk] : keys) table.foreign_keys.push_back(std::move(fk));
    return table;
}

}  // namespace

Schema load_sqlite_file(const std::string& path) {
    sqlite3* raw = nullptr;
    int rc = sqlite3_open_v2(path.c_str(), &raw, SQLITE_OPEN_READONLY, nullptr);
    Database db(raw);
    if (rc != SQLITE_OK) fail(DiagId::SchemaUnreadable, path, raw ? sqlite3_errmsg(raw) : "out of memory");
    // The file may come from anywhere: no schema-defined functions run, nothing can be changed.
    sqlite3_db_config(raw, SQLITE_DBCONFIG_DEFENSIVE, 1, nullptr);
    sqlite3_db_config(raw, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, nullptr);
    sqlite3_busy_timeout(raw, 2000);  // a writer holding a lock: wait a little, then report it
    Reader reader(db.get(), path);

    Schema schema;
    schema.name = file_stem(path);
    std::vector<std::string> names;
    reader.query(
        "SELECT name FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' "
        "ORDER BY rowid",
        nullptr, [&](sqlite3_stmt* s) { names.push_back(text_column(s, 0)); });
    for (const std::string& name : names) schema.tables.push_back(read_table(reader, name));
    // Fill in keys that refer to a primary key implicitly.
    for (Table& table : schema.tables) {
        for (ForeignKey& fk : table.foreign_keys) {
            const Table* target = schema.find_table(fk.referenced_table);
            for (size_t i = 0; i < fk.referenced_columns.size(); ++i) {
                if (fk.referenced_columns[i].empty() && target && i < target->primary_key.size()) {
                    fk.referenced_columns[i] = target->primary_key[i];
                }
            }
        }
    }
    return schema;
}

}  // namespace qdiff::schema_loading

// The symbol the stages library makes every consumer's link undefined (CMakeLists.txt), so that this
// file is taken from the archive and load_schema's weak reference to load_sqlite_file is resolved.
extern "C" const int qdiff_sqlite_schema_loader_linked = 1;
