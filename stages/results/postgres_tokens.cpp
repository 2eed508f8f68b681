#include "stages/results/postgres_tokens.hpp"

#include <algorithm>
#include <optional>

#include "support/sql_scanner.hpp"
#include "support/strings.hpp"

namespace qdiff::results::dump {

namespace {

Token::Kind kind_of(support::SqlToken::Kind kind) {
    switch (kind) {
        case support::SqlToken::Kind::Word: return Token::Kind::Word;
        case support::SqlToken::Kind::Number: return Token::Kind::Number;
        case support::SqlToken::Kind::QuotedName: return Token::Kind::QuotedName;
        case support::SqlToken::Kind::String: return Token::Kind::String;
        case support::SqlToken::Kind::Punct: return Token::Kind::Punct;
    }
    return Token::Kind::Punct;
}

}  // namespace

bool Token::is_word(std::string_view upper) const { return kind == Kind::Word && support::iequals(text, upper); }

bool tokenize_dump(std::string_view s, std::vector<Statement>& out, std::string& error) {
    auto line_of = [&](size_t pos) { return std::to_string(1 + std::count(s.begin(), s.begin() + pos, '\n')); };
    Statement current;
    support::SqlScanner scanner(s);
    while (std::optional<support::SqlToken> t = scanner.next()) {
        if (!t->terminated) {
            error = "unterminated quote at line " + line_of(t->offset);
            return false;
        }
        if (t->is(";")) {
            if (!current.empty()) out.push_back(std::move(current));
            current.clear();
            continue;
        }
        // E'…' has backslash escapes SQLite does not know: written again as a plain string.
        std::string text = t->is_escape_string() ? quote_string(t->value()) : std::string(t->text);
        current.push_back({kind_of(t->kind), std::move(text)});
    }
    if (std::optional<uint32_t> at = scanner.unterminated_comment()) {
        error = "unterminated comment at line " + line_of(*at);
        return false;
    }
    if (!current.empty()) out.push_back(std::move(current));
    return true;
}

std::string string_value(const Token& t) {
    std::string out;
    for (size_t i = 1; i + 1 < t.text.size(); ++i) {
        out += t.text[i];
        if (t.text[i] == '\'' && t.text[i + 1] == '\'') ++i;
    }
    return out;
}

std::string quote_string(std::string_view s) {
    std::string out = "'";
    for (char c : s) {
        out += c;
        if (c == '\'') out += '\'';
    }
    return out + "'";
}

std::string join_tokens(const std::vector<Token>& tokens, size_t begin, size_t end) {
    std::string out;
    for (size_t i = begin; i < end && i < tokens.size(); ++i) {
        if (!out.empty() && !tokens[i].is(",") && !tokens[i].is(")") && !tokens[i - 1].is("(")) out += ' ';
        out += tokens[i].text;
    }
    return out;
}

}  // namespace qdiff::results::dump
