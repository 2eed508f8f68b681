// lint(): carries over the parse diagnostics, runs the enabled rules of the script's language, then
// applies the user's choices (disabled codes, remapped severities, inline `qdiff-disable:` comments).
#include <algorithm>

#include "lint/kql/analysis.hpp"
#include "lint/rule.hpp"
#include "lint/sql/analysis.hpp"

namespace qdiff {
namespace {

bool is_code_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
}

// `-- qdiff-disable: code-a, code-b` (or after `//`, `#`, `/*`): the codes are disabled for the
// whole query. Only comment text counts, so a string literal that mentions the marker does nothing.
void add_inline_disables(std::string_view text, std::set<std::string>& disabled) {
    constexpr std::string_view kMarker = "qdiff-disable:";
    for (size_t at = text.find(kMarker); at != std::string_view::npos; at = text.find(kMarker, at + 1)) {
        size_t line_begin = text.rfind('\n', at);
        line_begin = line_begin == std::string_view::npos ? 0 : line_begin + 1;
        std::string_view before = text.substr(line_begin, at - line_begin);
        if (before.find("--") == std::string_view::npos && before.find("//") == std::string_view::npos &&
            before.find('#') == std::string_view::npos && before.find("/*") == std::string_view::npos)
            continue;
        size_t i = at + kMarker.size();
        while (i < text.size() && text[i] != '\n') {
            while (i < text.size() && (text[i] == ' ' || text[i] == '\t' || text[i] == ',')) ++i;
            size_t begin = i;
            while (i < text.size() && is_code_char(text[i])) ++i;
            if (i == begin) break;
            disabled.emplace(text.substr(begin, i - begin));
        }
    }
}

// Syntax diagnostics are facts about the text, not rules: they can be neither disabled nor remapped.
bool adjustable(const Diagnostic& d) { return diag_info(d.id).group != "syntax"; }

}  // namespace

LintResult lint(const ParseResult& parsed, const LintOptions& asked) {
    LintOptions options = asked;  // --dialect auto: the dialect the text was read in
    if (options.dialect == Dialect::Auto) options.dialect = parsed.dialect();
    LintResult result;
    result.diagnostics = parsed.diagnostics();
    if (parsed.script() != nullptr) {
        linting::LintContext context{parsed, *parsed.script(), options, nullptr, nullptr, {}};
        std::optional<linting::sql::Analysis> sql;
        if (parsed.language() == Language::Sql) {
            sql.emplace(linting::sql::analyze(*parsed.script(), parsed.source(), options));
            context.sql = &*sql;
        }
        std::optional<linting::kql::Analysis> kql;
        if (parsed.language() == Language::Kql) {
            kql.emplace(linting::kql::analyze(*parsed.script(), parsed.source(), options));
            context.kql = &*kql;
        }
        for (const linting::RuleInfo& rule : linting::all_rules())
            if (rule.language == parsed.language()) rule.run(context);
        std::stable_sort(context.found.begin(), context.found.end(),
                         [](const Diagnostic& a, const Diagnostic& b) { return a.span.begin < b.span.begin; });
        for (Diagnostic& d : context.found) result.diagnostics.push_back(std::move(d));
    }

    std::set<std::string> disabled = options.disabled;
    add_inline_disables(parsed.source().text(), disabled);
    std::erase_if(result.diagnostics,
                  [&](const Diagnostic& d) { return adjustable(d) && disabled.count(std::string(d.code())) != 0; });
    for (Diagnostic& d : result.diagnostics) {
        auto remap = options.severity.find(std::string(d.code()));
        if (remap != options.severity.end() && adjustable(d)) d.severity = remap->second;
    }
    result.valid = parsed.script() != nullptr && !has_errors(result.diagnostics);
    result.confidence = confidence(result.diagnostics);
    return result;
}

int confidence(const std::vector<Diagnostic>& diagnostics) {
    int errors = 0;
    int warnings = 0;
    for (const Diagnostic& d : diagnostics) {
        if (d.severity == Severity::Error) {
            if (diag_info(d.id).group == "syntax" || d.id == DiagId::LintUnknownTable) return 0;
            ++errors;
        } else if (d.severity == Severity::Warning) {
            ++warnings;
        }
    }
    return std::clamp(100 - 20 * errors - 5 * warnings, 0, 100);
}

}  // namespace qdiff
