#include "stages/results/sqlite_spelling.hpp"

#include "qdiff/ast_print.hpp"
#include "qdiff/dialect.hpp"
#include "support/strings.hpp"

namespace qdiff::results {

bool respelled_for_sqlite(const ParseResult& parsed) {
    const Dialect dialect = parsed.dialect();
    return parsed.ok() && parsed.language() == Language::Sql && dialect != Dialect::Sqlite &&
           dialect != Dialect::Generic && dialect != Dialect::Auto;
}

SqliteSpelling sqlite_spelling(const std::string& sql, const ParseResult& parsed, bool zero_divisor_fails,
                               const SqliteDateColumns& date_columns) {
    SqliteSpelling out;
    if (!respelled_for_sqlite(parsed)) {
        out.sql = sql;
        return out;
    }
    const Dialect dialect = parsed.dialect();
    SqliteText printed = to_sqlite(*parsed.script(), dialect, zero_divisor_fails, date_columns);
    out.sql = std::move(printed.sql);
    out.untranslatable = std::move(printed.untranslatable);
    if (!out.untranslatable.empty()) return out;
    ParseResult again = parse(out.sql, ParseOptions{.language = Language::Sql, .dialect = Dialect::Sqlite});
    // The printer's text that SQLite's dialect does not read is a construct without a spelling the printer
    // has not named: said so rather than run.
    if (!again.ok()) {
        out.untranslatable = "a construct qdiff cannot spell in SQLite (its SQLite text does not parse: " +
                             (again.diagnostics().empty() ? std::string("syntax error")
                                                          : again.diagnostics().front().message) +
                             ")";
        return out;
    }
    out.parsed.emplace(std::move(again));
    return out;
}

SqliteDateColumns sqlite_date_columns(const Schema& schema) {
    SqliteDateColumns out;
    std::set<std::string> others;  // names some table declares neither a date nor a timestamp
    for (const Table& table : schema.tables)
        for (const Column& column : table.columns) {
            const std::string type = support::to_upper(column.declared_type), name = support::to_lower(column.name);
            if (type == "DATE")
                out.dates.insert(name);
            else if (type.starts_with("TIMESTAMP") || type.starts_with("DATETIME"))
                out.timestamps.insert(name);
            else
                others.insert(name);
        }
    for (const std::string& name : others) {
        out.dates.erase(name);
        out.timestamps.erase(name);
    }
    for (auto it = out.dates.begin(); it != out.dates.end();) {  // a date here, a timestamp there
        if (out.timestamps.erase(*it))
            it = out.dates.erase(it);
        else
            ++it;
    }
    return out;
}

SqliteDateColumns sqlite_date_columns(const std::string& sqlite_path) {
    SchemaLoadResult loaded = load_schema(sqlite_path, "", SchemaFormat::SqliteFile);
    return loaded.schema ? sqlite_date_columns(*loaded.schema) : SqliteDateColumns{};
}

std::string untranslatable_reason(std::string_view which, Dialect dialect, const std::string& what) {
    return "the " + (which.empty() ? std::string() : std::string(which) + " ") + "query uses " + what + " (" + std::string(dialect_name(dialect)) +
           "), which SQLite cannot run";
}

}  // namespace qdiff::results
