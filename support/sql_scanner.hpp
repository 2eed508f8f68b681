// The one lexical scanner for SQL text read outside the parser: the DDL loader's statement splitter
// and word reader (schema/sql_script.cpp) and the PostgreSQL dump translator
// (stages/results/postgres_tokens.cpp). One set of rules for both:
// - white space (a byte order mark too) and comments (`-- …` to the end of the line, `/* … */`) are skipped;
// - 'strings', "quoted names" and `quoted names` escape their quote by doubling it; E'…' strings
//   also escape with a backslash; $tag$…$tag$ (and $$…$$) quote a string too;
// - a word starts with a letter, `_` or a non-ASCII byte and goes on with those, digits and `$`;
// - a number starts with a digit (or `.` and a digit) and goes on with letters, digits and `.`;
// - anything else is punctuation: one of `::` `||` `<=` `>=` `<>` `!=`, or one character.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace qdiff::support {

struct SqlToken {
    enum class Kind : uint8_t { Word, Number, QuotedName, String, Punct };
    Kind kind;
    std::string_view text;   // as written: a string or quoted name with its quotes (and E or $tag$)
    uint32_t offset;         // of `text` in the scanned text
    bool terminated = true;  // false: a string or quoted name that runs to the end of the text

    // A Word equal to `keyword`, case-insensitively.
    bool is_word(std::string_view keyword) const;
    bool is(std::string_view punct) const { return kind == Kind::Punct && text == punct; }
    // A string's or quoted name's contents: quotes removed, escapes undone; otherwise the text.
    std::string value() const;
    bool is_escape_string() const { return kind == Kind::String && (text.front() == 'E' || text.front() == 'e'); }
};

class SqlScanner {
public:
    explicit SqlScanner(std::string_view text) : text_(text) {}
    // The next token, or nothing at the end of the text (or at a block comment that never closes).
    std::optional<SqlToken> next();
    // Where a block comment that never closes begins, if the scan stopped at one.
    std::optional<uint32_t> unterminated_comment() const { return unterminated_comment_; }

private:
    std::string_view text_;
    size_t pos_ = 0;
    std::optional<uint32_t> unterminated_comment_;
};

}  // namespace qdiff::support
