#include "support/sql_scanner.hpp"

#include <cctype>

#include "support/strings.hpp"

namespace qdiff::support {
namespace {

bool word_start(char c) {
    return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || static_cast<unsigned char>(c) >= 0x80;
}
bool word_char(char c) { return word_start(c) || std::isdigit(static_cast<unsigned char>(c)) || c == '$'; }
bool digit(char c) { return std::isdigit(static_cast<unsigned char>(c)); }

// End (after the closing quote) of a quoted run opening at i, or npos when it never closes.
size_t quoted_end(std::string_view s, size_t i, char quote, bool backslashes) {
    for (size_t j = i + 1; j < s.size(); ++j) {
        if (backslashes && s[j] == '\\') {
            ++j;
        } else if (s[j] == quote) {
            if (j + 1 < s.size() && s[j + 1] == quote) {
                ++j;
            } else {
                return j + 1;
            }
        }
    }
    return std::string_view::npos;
}

// At '$': the length of a dollar-quote tag ($$, $tag$) starting here, or 0.
size_t dollar_tag_length(std::string_view s, size_t i) {
    size_t end = i + 1;
    while (end < s.size() && (std::isalnum(static_cast<unsigned char>(s[end])) || s[end] == '_')) ++end;
    return end < s.size() && s[end] == '$' ? end - i + 1 : 0;
}

}  // namespace

bool SqlToken::is_word(std::string_view keyword) const { return kind == Kind::Word && iequals(text, keyword); }

std::string SqlToken::value() const {
    if (kind != Kind::String && kind != Kind::QuotedName) return std::string(text);
    if (text.front() == '$') {
        size_t tag = dollar_tag_length(text, 0);
        size_t body_end = terminated ? text.size() - tag : text.size();
        return std::string(text.substr(tag, body_end - tag));
    }
    bool escapes = is_escape_string();
    size_t begin = escapes ? 2 : 1;
    char quote = text[begin - 1];
    size_t end = terminated ? text.size() - 1 : text.size();
    std::string out;
    for (size_t i = begin; i < end; ++i) {
        char c = text[i];
        if (escapes && c == '\\' && i + 1 < end) {
            c = text[++i];
            if (c == 'n')
                c = '\n';
            else if (c == 't')
                c = '\t';
            else if (c == 'r')
                c = '\r';
        } else if (c == quote && i + 1 < end) {
            ++i;  // a doubled quote stands for one
        }
        out += c;
    }
    return out;
}

std::optional<SqlToken> SqlScanner::next() {
    std::string_view s = text_;
    size_t& i = pos_;
    while (i < s.size()) {
        if (std::isspace(static_cast<unsigned char>(s[i]))) {
            ++i;
        } else if (s.compare(i, 3, "\xEF\xBB\xBF") == 0) {
            i += 3;
        } else if (s.compare(i, 2, "--") == 0) {
            size_t end = s.find('\n', i);
            i = end == std::string_view::npos ? s.size() : end + 1;
        } else if (s.compare(i, 2, "/*") == 0) {
            size_t end = s.find("*/", i + 2);
            if (end == std::string_view::npos) {
                unterminated_comment_ = static_cast<uint32_t>(i);
                i = s.size();
                return std::nullopt;
            }
            i = end + 2;
        } else {
            break;
        }
    }
    if (i >= s.size()) return std::nullopt;
    const size_t start = i;
    auto token = [&](SqlToken::Kind kind, size_t end) {
        bool terminated = end != std::string_view::npos;
        i = terminated ? end : s.size();
        return SqlToken{kind, s.substr(start, i - start), static_cast<uint32_t>(start), terminated};
    };
    char c = s[i];
    if (c == '\'') return token(SqlToken::Kind::String, quoted_end(s, i, c, false));
    if (c == '"' || c == '`') return token(SqlToken::Kind::QuotedName, quoted_end(s, i, c, false));
    if ((c == 'E' || c == 'e') && i + 1 < s.size() && s[i + 1] == '\'') {
        return token(SqlToken::Kind::String, quoted_end(s, i + 1, '\'', true));
    }
    if (c == '$') {
        if (size_t tag = dollar_tag_length(s, i); tag > 0) {
            size_t close = s.find(s.substr(i, tag), i + tag);
            return token(SqlToken::Kind::String, close == std::string_view::npos ? close : close + tag);
        }
    }
    if (digit(c) || (c == '.' && i + 1 < s.size() && digit(s[i + 1]))) {
        size_t end = i;
        while (end < s.size() && (std::isalnum(static_cast<unsigned char>(s[end])) || s[end] == '.')) ++end;
        return token(SqlToken::Kind::Number, end);
    }
    if (word_start(c)) {
        size_t end = i;
        while (end < s.size() && word_char(s[end])) ++end;
        return token(SqlToken::Kind::Word, end);
    }
    static constexpr std::string_view two[] = {"::", "||", "<=", ">=", "<>", "!="};
    for (std::string_view t : two) {
        if (s.compare(i, 2, t) == 0) return token(SqlToken::Kind::Punct, i + 2);
    }
    return token(SqlToken::Kind::Punct, i + 1);
}

}  // namespace qdiff::support
