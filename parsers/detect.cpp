// Language detection for --lang auto. Cheap and conservative: it looks at the first words and at
// pipes, never parses.
#include <algorithm>
#include <array>
#include <cctype>
#include <optional>
#include <utility>

#include "parsers/common/model_output.hpp"
#include "parsers/frontend.hpp"

namespace qdiff {
namespace {

bool starts_with_word_ci(std::string_view text, std::string_view word) {
    if (text.size() < word.size()) return false;
    for (size_t i = 0; i < word.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(text[i])) != word[i]) return false;
    return text.size() == word.size() || !(std::isalnum(static_cast<unsigned char>(text[word.size()])) ||
                                           text[word.size()] == '_' || text[word.size()] == '-');
}

// Skips white space and `--`, `//` and `/* */` comments.
std::string_view skip_preamble(std::string_view t) {
    for (;;) {
        size_t i = 0;
        while (i < t.size() && std::isspace(static_cast<unsigned char>(t[i]))) ++i;
        t.remove_prefix(i);
        if (t.starts_with("--") || t.starts_with("//")) {
            size_t nl = t.find('\n');
            t = nl == std::string_view::npos ? std::string_view{} : t.substr(nl + 1);
        } else if (t.starts_with("/*")) {
            size_t close = t.find("*/");
            t = close == std::string_view::npos ? std::string_view{} : t.substr(close + 2);
        } else {
            return t;
        }
    }
}

// A `|` that is not part of `||` or `|=`, outside quotes: the KQL pipe.
bool has_pipe(std::string_view t) {
    char quote = 0;
    for (size_t i = 0; i < t.size(); ++i) {
        char c = t[i];
        if (quote) {
            if (c == '\\' && quote == '"')
                ++i;
            else if (c == quote)
                quote = 0;
            continue;
        }
        if (c == '\'' || c == '"' || c == '`')
            quote = c;
        else if (c == '|' && (i + 1 >= t.size() || (t[i + 1] != '|' && t[i + 1] != '=')) && (i == 0 || t[i - 1] != '|'))
            return true;
    }
    return false;
}

// The language a fence's info string names, as models write it: ```graphql, ```sql, ```kusto.
std::optional<Language> fence_language(std::string_view tag) {
    static constexpr std::pair<std::string_view, Language> tags[] = {{"graphql", Language::Weaviate},
                                                                     {"json", Language::Weaviate},
                                                                     {"sql", Language::Sql},
                                                                     {"kql", Language::Kql},
                                                                     {"kusto", Language::Kql}};
    for (auto [word, language] : tags)
        if (tag.size() == word.size() && starts_with_word_ci(tag, word)) return language;
    return std::nullopt;
}

}  // namespace

Language detect_language(std::string_view text) {
    parsers::UnwrappedText unwrapped = parsers::unwrap_model_output(text);
    return parsers::detect_unwrapped_language(unwrapped.text, unwrapped.fence_tag);
}

Language parsers::detect_unwrapped_language(std::string_view text, std::string_view fence_tag) {
    if (auto fenced = fence_language(fence_tag)) return *fenced;
    std::string_view t = skip_preamble(text);
    if (t.empty()) return Language::Sql;
    // JSON and GraphQL have no `|` outside strings; KQL can start with a bracketed name: ['T'] | count.
    if (t.front() == '{' || (t.front() == '[' && !has_pipe(t))) return Language::Weaviate;
    if (t.front() == '.') return Language::Kql;  // management command
    static constexpr std::array graphql_words = {"query", "mutation", "fragment"};
    for (std::string_view w : graphql_words)
        if (t.starts_with(w) && starts_with_word_ci(t, w)) return Language::Weaviate;
    static constexpr std::array sql_words = {"select",   "with",   "insert",  "update",  "delete",  "create",
                                             "drop",     "alter",  "values",  "explain", "pragma",  "merge",
                                             "truncate", "grant",  "revoke",  "begin",   "commit",  "rollback",
                                             "attach",   "detach", "replace", "vacuum",  "analyze", "table",
                                             "from",     "pivot",  "unpivot"};  // DuckDB's FROM-first and PIVOT statements
    // KQL words are lower case; SQL keywords may be either case.
    static constexpr std::array kql_words = {
        "let",      "set",          "declare", "print",    "range",       "datatable", "union", "search",   "find",
        "evaluate", "externaldata", "cluster", "database", "materialize", "view",      "alias", "restrict", "pattern"};
    for (std::string_view w : kql_words)
        if (t.starts_with(w) && starts_with_word_ci(t, w) &&
            (w != "union" || has_pipe(t) || !starts_with_word_ci(t, "union select")))
            return Language::Kql;
    for (std::string_view w : sql_words)
        if (starts_with_word_ci(t, w))
            return has_pipe(t) && w != "select" && w != "with" ? Language::Kql : Language::Sql;
    if (t.front() == '(') return has_pipe(t) ? Language::Kql : Language::Sql;
    // A bare name, possibly piped: `Traces | where ...` or just `Traces`.
    return Language::Kql;
}

}  // namespace qdiff
