#include "lint/schema/sql_script.hpp"

#include <cctype>

#include "support/strings.hpp"

namespace qdiff::schema_loading {
namespace {

bool word_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || static_cast<unsigned char>(c) >= 0x80; }
bool word_char(char c) { return word_start(c) || std::isdigit(static_cast<unsigned char>(c)) || c == '$'; }

// End of a comment starting at i, or i when none starts there.
size_t skip_comment(std::string_view s, size_t i) {
    if (s.compare(i, 2, "--") == 0) {
        size_t end = s.find('\n', i);
        return end == std::string_view::npos ? s.size() : end + 1;
    }
    if (s.compare(i, 2, "/*") == 0) {
        size_t end = s.find("*/", i + 2);
        return end == std::string_view::npos ? s.size() : end + 2;
    }
    return i;
}

// End (after the closing quote) of a quoted run opening at i with `quote`; a doubled quote is
// an escaped one. `backslashes`: E'…' strings escape with a backslash too.
size_t skip_quoted(std::string_view s, size_t i, char quote, bool backslashes) {
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
    return s.size();
}

// At '$': the end of a dollar-quoted body ($$…$$, $tag$…$tag$), or i when this is no dollar quote.
size_t skip_dollar_quoted(std::string_view s, size_t i) {
    size_t tag_end = i + 1;
    while (tag_end < s.size() && (std::isalnum(static_cast<unsigned char>(s[tag_end])) || s[tag_end] == '_')) ++tag_end;
    if (tag_end >= s.size() || s[tag_end] != '$') return i;
    std::string_view tag = s.substr(i, tag_end - i + 1);
    size_t close = s.find(tag, tag_end + 1);
    return close == std::string_view::npos ? s.size() : close + tag.size();
}

// Skips one quoted run or comment at i; returns i when there is none.
size_t skip_opaque(std::string_view s, size_t i) {
    char c = s[i];
    if (c == '\'' || c == '"' || c == '`') {
        bool escape_string = c == '\'' && i > 0 && (s[i - 1] == 'E' || s[i - 1] == 'e') && (i < 2 || !word_char(s[i - 2]));
        return skip_quoted(s, i, c, escape_string);
    }
    if (c == '$' && (i == 0 || !word_char(s[i - 1]))) return skip_dollar_quoted(s, i);
    return skip_comment(s, i);
}

bool is_blank(std::string_view s) {
    for (size_t i = 0; i < s.size();) {
        if (std::isspace(static_cast<unsigned char>(s[i]))) {
            ++i;
            continue;
        }
        size_t next = skip_comment(s, i);
        if (next == i) return false;
        i = next;
    }
    return true;
}

}  // namespace

std::vector<Span> split_sql_statements(std::string_view text) {
    std::vector<Span> statements;
    size_t start = 0;
    auto flush = [&](size_t end) {
        if (!is_blank(text.substr(start, end - start))) statements.push_back({uint32_t(start), uint32_t(end)});
    };
    for (size_t i = 0; i < text.size();) {
        if (text[i] == ';') {
            flush(i);
            start = ++i;
            continue;
        }
        size_t next = skip_opaque(text, i);
        i = next == i ? i + 1 : next;
    }
    flush(text.size());
    return statements;
}

bool SqlWord::is(std::string_view keyword) const { return kind == Word && support::iequals(text, keyword); }

std::vector<SqlWord> sql_words(std::string_view s, size_t limit) {
    std::vector<SqlWord> words;
    for (size_t i = 0; i < s.size() && words.size() < limit;) {
        char c = s[i];
        if (std::isspace(static_cast<unsigned char>(c))) {
            ++i;
            continue;
        }
        if (size_t end = skip_comment(s, i); end != i) {
            i = end;
            continue;
        }
        auto offset = static_cast<uint32_t>(i);
        if (c == '\'' || c == '"' || c == '`') {
            size_t end = skip_quoted(s, i, c, false);
            std::string inner;
            for (size_t j = i + 1; j < end; ++j) {
                if (s[j] == c) {
                    if (j + 1 >= end || s[j + 1] != c) break;  // the closing quote
                    ++j;                                      // a doubled quote stands for one
                }
                inner += s[j];
            }
            words.push_back({c == '\'' ? SqlWord::String : SqlWord::QuotedName, std::move(inner), offset});
            i = end;
        } else if (word_start(c) || std::isdigit(static_cast<unsigned char>(c))) {
            size_t end = i;
            while (end < s.size() && word_char(s[end])) ++end;
            words.push_back({SqlWord::Word, std::string(s.substr(i, end - i)), offset});
            i = end;
        } else {
            words.push_back({SqlWord::Punct, std::string(1, c), offset});
            ++i;
        }
    }
    return words;
}

std::string trailing_line_comment(std::string_view text, size_t offset) {
    size_t i = offset;
    auto skip_blanks = [&] {
        while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    };
    skip_blanks();
    if (i < text.size() && text[i] == ',') ++i;
    skip_blanks();
    if (text.compare(i, 2, "--") != 0) return {};
    size_t end = text.find('\n', i);
    std::string_view comment = text.substr(i + 2, (end == std::string_view::npos ? text.size() : end) - i - 2);
    return support::fold_whitespace(comment);
}

}  // namespace qdiff::schema_loading
