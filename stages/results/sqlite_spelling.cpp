#include "stages/results/sqlite_spelling.hpp"

#include "qdiff/ast_print.hpp"
#include "qdiff/dialect.hpp"

namespace qdiff::results {

SqliteSpelling sqlite_spelling(const std::string& sql, const ParseResult& parsed, bool zero_divisor_fails) {
    SqliteSpelling out;
    Dialect dialect = parsed.dialect();
    if (!parsed.ok() || parsed.language() != Language::Sql || dialect == Dialect::Sqlite ||
        dialect == Dialect::Generic || dialect == Dialect::Auto) {
        out.sql = sql;
        return out;
    }
    SqliteText printed = to_sqlite(*parsed.script(), dialect, zero_divisor_fails);
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

std::string untranslatable_reason(std::string_view which, Dialect dialect, const std::string& what) {
    return "the " + (which.empty() ? std::string() : std::string(which) + " ") + "query uses " + what + " (" + std::string(dialect_name(dialect)) +
           "), which SQLite cannot run";
}

}  // namespace qdiff::results
