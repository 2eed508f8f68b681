#include "schema/sql_script.hpp"

#include <optional>

#include "support/sql_scanner.hpp"
#include "support/strings.hpp"

namespace qdiff::schema_loading {

std::vector<Span> split_sql_statements(std::string_view text) {
    std::vector<Span> statements;
    support::SqlScanner scanner(text);
    uint32_t start = 0;
    bool empty = true;  // only white space and comments so far
    while (std::optional<support::SqlToken> t = scanner.next()) {
        if (t->is(";")) {
            if (!empty) statements.push_back({start, t->offset});
            start = t->offset + 1;
            empty = true;
        } else {
            empty = false;
        }
    }
    if (!empty) statements.push_back({start, uint32_t(text.size())});
    return statements;
}

bool SqlWord::is(std::string_view keyword) const { return kind == Word && support::iequals(text, keyword); }

std::vector<SqlWord> sql_words(std::string_view s, size_t limit) {
    std::vector<SqlWord> words;
    support::SqlScanner scanner(s);
    while (words.size() < limit) {
        std::optional<support::SqlToken> t = scanner.next();
        if (!t) break;
        SqlWord::Kind kind = SqlWord::Punct;
        switch (t->kind) {
            case support::SqlToken::Kind::Word: kind = SqlWord::Word; break;
            case support::SqlToken::Kind::Number: kind = SqlWord::Number; break;
            case support::SqlToken::Kind::QuotedName: kind = SqlWord::QuotedName; break;
            case support::SqlToken::Kind::String: kind = SqlWord::String; break;
            case support::SqlToken::Kind::Punct: kind = SqlWord::Punct; break;
        }
        words.push_back({kind, t->value(), t->offset});
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
