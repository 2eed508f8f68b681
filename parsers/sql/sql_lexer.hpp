// The SQL lexer the parser reads from: hand-written, it produces the same default-channel tokens
// as the generated SqlLexer (types, positions, text) at a fraction of the cost (the generated lexer
// converts the text to UTF-32 and walks its ATN per character: about 40% of a parse). The tests
// compare the two on every corpus query (tests/sql_lexer_test.cpp).
//
// Positions are code-point indices, as ANTLR's are. Comments are dropped rather than sent on the
// hidden channel, except for `qdiff tokens` (keep_comments), which shows them.
#pragma once

#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>

#include "SqlLexer.h"
#include "antlr4-runtime.h"
#include "qdiff/dialect.hpp"

namespace qdiff::parsers::sql {

using qdiff_gen::SqlLexer;

// A token of FastSqlLexer: what a CommonToken holds, but its text is a view of the lexer's text (a
// parse's tokens never outlive the text they were read from) instead of a copy in every token, and it
// is built in one go rather than through a constructor and four setters (about 200 instructions per
// token). Tokens come from the parse's pool (node_pool.hpp).
class SqlToken final : public antlr4::WritableToken {
public:
    SqlToken(antlr4::TokenSource* source, size_t type, size_t channel, size_t start, size_t stop, size_t line,
             size_t column, size_t index, std::string_view text)
        : source_(source), type_(type), channel_(channel), start_(start), stop_(stop), line_(line),
          column_(column), index_(index), text_(text) {}

    std::string getText() const override { return replaced_ ? replacement_ : std::string(text_); }
    size_t getType() const override { return type_; }
    size_t getLine() const override { return line_; }
    size_t getCharPositionInLine() const override { return column_; }
    size_t getChannel() const override { return channel_; }
    size_t getTokenIndex() const override { return index_; }
    size_t getStartIndex() const override { return start_; }
    size_t getStopIndex() const override { return stop_; }
    antlr4::TokenSource* getTokenSource() const override { return source_; }
    antlr4::CharStream* getInputStream() const override { return nullptr; }
    std::string toString() const override;  // CommonToken's form: [@index,start:stop='text',<type>,line:column]

    void setText(const std::string& text) override {
        replacement_ = text;
        replaced_ = true;
    }
    void setType(size_t type) override { type_ = type; }
    void setLine(size_t line) override { line_ = line; }
    void setCharPositionInLine(size_t column) override { column_ = column; }
    void setChannel(size_t channel) override { channel_ = channel; }
    void setTokenIndex(size_t index) override { index_ = index; }

    static void* operator new(size_t size);
    static void operator delete(void* p, size_t size) noexcept;

private:
    antlr4::TokenSource* source_;
    size_t type_, channel_, start_, stop_, line_, column_, index_;
    std::string_view text_;
    bool replaced_ = false;
    std::string replacement_;
};

class FastSqlLexer : public antlr4::TokenSource {
public:
    // `backslash_escapes`: a backslash escapes the next character of a string (MySQL, BigQuery,
    // Snowflake); `lexing`: the dialect's other token rules. The defaults are the common lexing,
    // which SqlLexer.g4 implements.
    explicit FastSqlLexer(std::string_view text = {}, bool backslash_escapes = false, DialectLexing lexing = {})
        : s_(text), backslashEscapes_(backslash_escapes), lexing_(lexing), ascii_(is_ascii(text)) {}
    // Starts over on another text (a lexer kept for the next parse).
    void reset(std::string_view text, bool backslash_escapes = false, DialectLexing lexing = {}) {
        *this = FastSqlLexer(text, backslash_escapes, lexing);
    }

    // Comments become tokens on the hidden channel (LINE_COMMENT, BLOCK_COMMENT, UNTERMINATED_COMMENT),
    // as the generated lexer makes them: for `qdiff tokens`, not for parsing.
    void keep_comments() { keepComments_ = true; }

    std::unique_ptr<antlr4::Token> nextToken() override;
    size_t getLine() const override { return line_; }
    size_t getCharPositionInLine() override { return pos_ - lineStart_; }
    antlr4::CharStream* getInputStream() override { return nullptr; }
    std::string getSourceName() override { return "<sql>"; }
    antlr4::TokenFactory<antlr4::CommonToken>* getTokenFactory() override {
        return antlr4::CommonTokenFactory::DEFAULT.get();
    }

private:
    static bool is_ascii(std::string_view text) {
        unsigned char any = 0;
        for (char c : text) any |= static_cast<unsigned char>(c);
        return any < 0x80;
    }
    static bool identStart(unsigned char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80;
    }
    // U+00A0 and U+FEFF (UTF-8 C2 A0, EF BB BF) are whitespace, as in SqlLexer.
    bool spaceAt(size_t i) const {
        unsigned char c = at(i);
        return (c == 0xC2 && at(i + 1) == 0xA0) || (c == 0xEF && at(i + 1) == 0xBB && at(i + 2) == 0xBF);
    }
    static bool identPart(unsigned char c) { return identStart(c) || (c >= '0' && c <= '9') || c == '$'; }
    static bool digit(unsigned char c) { return c >= '0' && c <= '9'; }
    static bool hexDigit(unsigned char c) { return digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
    unsigned char at(size_t i) const { return i < s_.size() ? static_cast<unsigned char>(s_[i]) : 0; }
    bool has(size_t i) const { return i < s_.size(); }

    size_t keywordOrIdentifier(size_t start, size_t end) const;
    size_t scanQuoted(size_t i, char q) const;  // returns end, or npos if unterminated
    size_t scanEString(size_t i) const;         // after E'
    size_t scanString(size_t i, char q) const;  // a string in the dialect's escaping
    size_t scanTripleQuoted(size_t i) const;    // at three quotes (BigQuery)
    size_t blockCommentEnd(size_t i) const;     // at `/*`: where its `*/` starts, npos when unterminated
    size_t scanNumber(size_t i, size_t* type) const;
    size_t dollarTagEnd(size_t i) const;  // at '$': end of "$tag$" / "$$", or npos
    size_t dashedNameEnd(size_t start, size_t end) const;  // the name [start, end) continued by -part…: its end
    void advanceLines(size_t from, size_t to);
    size_t codePointIndex(size_t byte);  // of a byte offset at or after the last one asked
    std::unique_ptr<antlr4::Token> make(size_t type, size_t start, size_t end);
    std::unique_ptr<antlr4::Token> comment(size_t type, size_t start, size_t end);

    std::string_view s_;
    bool backslashEscapes_ = false;
    DialectLexing lexing_;
    bool keepComments_ = false;
    size_t pos_ = 0;
    size_t line_ = 1;
    size_t lineStart_ = 0;
    bool ascii_ = true;   // every code point is one byte: codePointIndex is the identity
    size_t cpByte_ = 0;   // codePointIndex: the last byte offset converted
    size_t cpIndex_ = 0;  // and its code-point index
    size_t count_ = 0;    // tokens made: the next one's index in the token stream
    size_t previousType_ = 0;
    size_t typeAngles_ = 0;  // open `<` of ARRAY<...> / STRUCT<...> types
};

}  // namespace qdiff::parsers::sql
