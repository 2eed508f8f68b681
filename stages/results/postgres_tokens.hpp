// Tokens of a PostgreSQL dump, for its translation to SQLite (postgres_dump.hpp).
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace qdiff::results::dump {

struct Token {
    enum class Kind : uint8_t { Word, QuotedName, String, Number, Punct } kind;
    std::string text;                            // as written (strings and quoted names with their quotes)
    bool is_word(std::string_view upper) const;  // a Word, case-insensitively equal
    bool is(std::string_view punct) const { return kind == Kind::Punct && text == punct; }
};
using Statement = std::vector<Token>;

// Splits a dump into statements of tokens (the rules of support/sql_scanner.hpp); comments are dropped. Returns false (with `error`) on an
// unterminated string or comment.
bool tokenize_dump(std::string_view text, std::vector<Statement>& out, std::string& error);

// The contents of a string token: quotes removed, doubled quotes undone.
std::string string_value(const Token& t);
std::string quote_string(std::string_view s);
std::string join_tokens(const std::vector<Token>& tokens, size_t begin, size_t end);

// Translates one value expression (an INSERT value, a DEFAULT) starting at tokens[pos]; advances
// pos past it. `column_type` is the lower-case type name of the target column ("" if unknown).
// Throws std::runtime_error on what it cannot translate.
std::string translate_value(const std::vector<Token>& tokens, size_t& pos, std::string_view column_type);

}  // namespace qdiff::results::dump
