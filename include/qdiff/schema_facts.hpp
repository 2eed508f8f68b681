// What a schema proves about the rows of its tables, as the normalizer asks it: which column sets are
// keys (primary key, UNIQUE), which columns are NOT NULL, which foreign keys reference which key, and
// which values a column can hold (its type, and its type affinity in SQLite). A view
// of the schema model (qdiff/schema.hpp) with names folded to lower case, as the normalizer folds SQL
// names. A rule that needs one of these facts asks for it and does nothing when the view is absent or
// the schema does not state the fact.
#pragma once
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "qdiff/schema.hpp"

namespace qdiff {

class SchemaFacts {
public:
    explicit SchemaFacts(const Schema& schema);

    struct Reference {
        std::vector<std::string> columns;  // in the referencing table
        std::string parent;
        std::vector<std::string> parent_columns;  // in the same order as `columns`
    };

    bool has_table(std::string_view table) const;
    bool has_column(std::string_view table, std::string_view column) const;
    // Declared NOT NULL, or part of the primary key.
    bool not_null(std::string_view table, std::string_view column) const;
    // `columns` include a whole key (primary key or UNIQUE column set) of `table`: no two rows of the
    // table agree on them.
    bool contains_key(std::string_view table, const std::set<std::string>& columns) const;
    // The same for a key whose columns are all NOT NULL: no two rows agree on `columns`, NULL or not
    // (a UNIQUE column may hold NULL in several rows).
    bool contains_not_null_key(std::string_view table, const std::set<std::string>& columns) const;
    // `columns` are exactly the primary key or a UNIQUE column set of `table`.
    bool is_key(std::string_view table, const std::set<std::string>& columns) const;
    // The foreign keys of `table` (empty when none or unknown).
    const std::vector<Reference>& references(std::string_view table) const;
    // The one table of `tables` that has `column`; empty when none or several do, or one is unknown.
    std::string owner(const std::vector<std::string>& tables, std::string_view column) const;

    // SQLite's type affinity of a column, from its declared type by the rules of "Datatypes In SQLite"
    // (3.1): INT -> Integer; CHAR, CLOB, TEXT -> Text; BLOB -> Blob; REAL, FLOA, DOUB -> Real; anything
    // else -> Numeric. Unknown for a column the schema does not have or gives no type (a format without
    // types), and for the type names Spider's tables.json writes for several declared types at once
    // ("number" is INT, REAL or NUMERIC; "time", "boolean", "others"): the database's affinity is not known.
    enum class Affinity : uint8_t { Unknown, Integer, Text, Real, Numeric, Blob };
    Affinity sqlite_affinity(std::string_view table, std::string_view column) const;
    // The coarse type of a column (Unknown when the schema has no such column or no type for it).
    ColumnType type(std::string_view table, std::string_view column) const;
    // The column is declared with a COLLATE clause: `=` may hold between values that differ (under
    // NOCASE 'A' = 'a'). False for a column the schema does not have.
    bool collated(std::string_view table, std::string_view column) const;

private:
    struct ColumnFacts {
        Affinity affinity = Affinity::Unknown;
        ColumnType type = ColumnType::Unknown;
        bool collated = false;
    };
    struct TableFacts {
        std::set<std::string> columns;
        std::map<std::string, ColumnFacts, std::less<>> column_facts;
        std::set<std::string> not_null;
        std::vector<std::set<std::string>> keys;
        std::vector<Reference> references;
    };
    std::map<std::string, TableFacts, std::less<>> tables_;
    const TableFacts* find(std::string_view table) const;
};

}  // namespace qdiff
