// Cheap lexical helpers for SQL schema scripts: splitting a dump into statements without parsing
// it (INSERT-heavy dumps are mostly data), and a word-level token stream for the few statements the
// DDL loader reads without the parser (ALTER TABLE ... ADD CONSTRAINT, COMMENT ON).
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "qdiff/source.hpp"

namespace qdiff::schema_loading {

// The statements of a script, as byte ranges without their `;`, skipping empty ones. Quotes and
// comments (support/sql_scanner.hpp has the rules) may hold `;`.
std::vector<Span> split_sql_statements(std::string_view text);

struct SqlWord {
    enum Kind : uint8_t { Word, Number, QuotedName, String, Punct } kind;
    std::string text;  // unquoted
    uint32_t offset;   // in the statement
    // A keyword or unquoted name, compared case-insensitively.
    bool is(std::string_view keyword) const;
    bool is_name() const { return kind == Word || kind == QuotedName; }
};
// The tokens of support::SqlScanner with quoted text unquoted; comments and white space dropped.
// Stops after `limit` words.
std::vector<SqlWord> sql_words(std::string_view statement, size_t limit = SIZE_MAX);

// The line comment (`-- …`) that ends the line `offset` is on, if only a comma and blanks come
// before it: the customary place to describe a column in a CREATE TABLE.
std::string trailing_line_comment(std::string_view text, size_t offset);

}  // namespace qdiff::schema_loading
