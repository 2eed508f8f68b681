// The public parse entry points: input checks shared by every language, then the front end.
#include <algorithm>
#include <cctype>

#include <stdexcept>

#include "parsers/common/model_output.hpp"
#include "parsers/frontend.hpp"

namespace qdiff {

ParseResult::ParseResult(std::shared_ptr<const SourceText> source, Language language)
    : source_(std::move(source)), arena_(std::make_unique<ast::Arena>()), language_(language) {}
ParseResult::ParseResult(ParseResult&&) noexcept = default;
ParseResult& ParseResult::operator=(ParseResult&&) noexcept = default;
ParseResult::~ParseResult() = default;

std::string ParseResult::first_error() const {
    if (ok()) return "";
    for (const Diagnostic& d : diagnostics_)
        if (d.severity == Severity::Error) {
            LineCol at = source_->position(d.span.begin);
            return std::to_string(at.line) + ":" + std::to_string(at.column) + ": " + d.message;
        }
    return "";
}

const std::vector<LanguageTraits>& all_languages() {
    static const std::vector<LanguageTraits> table = {
#define QDIFF_LANGUAGE(Id, name, alias, label, folds, descending, diff, batch, verdict, frontend) \
    {Language::Id, name, alias, label, folds, descending, diff, batch, verdict},
#include "qdiff/languages.def"
    };
    return table;
}

const LanguageTraits& traits(Language l) {
    for (const LanguageTraits& t : all_languages())
        if (t.id == l) return t;
    throw std::invalid_argument("traits(Language::Auto): a language must be known first");
}

std::string language_names(std::string_view separator) {
    std::string names = "auto";
    for (const LanguageTraits& t : all_languages()) names.append(separator).append(t.name);
    return names;
}

std::string_view language_name(Language l) { return l == Language::Auto ? "auto" : traits(l).name; }

std::optional<Language> parse_language_name(std::string_view name) {
    if (name == "auto") return Language::Auto;
    for (const LanguageTraits& t : all_languages())
        if (t.name == name || (!t.alias.empty() && t.alias == name)) return t.id;
    return std::nullopt;
}

namespace {

// Input problems that no grammar should see: too large, not UTF-8, nothing but white space.
bool check_input(const SourceText& source, const ParseOptions& options, std::vector<Diagnostic>& out) {
    const std::string& text = source.text();
    if (text.size() > options.max_bytes) {
        out.push_back(make_diagnostic(DiagId::InputTooLarge, {0, 0},
                                      {std::to_string(text.size()), std::to_string(options.max_bytes)}));
        return false;
    }
    if (size_t bad = find_invalid_utf8(text); bad != std::string_view::npos) {
        static const char* hex = "0123456789ABCDEF";
        unsigned char c = static_cast<unsigned char>(text[bad]);
        char byte[3] = {hex[c >> 4], hex[c & 15], 0};
        auto at = static_cast<uint32_t>(bad);
        out.push_back(make_diagnostic(DiagId::InvalidUtf8, {at, at + 1}, {byte}));
        return false;
    }
    if (std::all_of(text.begin(), text.end(), [](char c) { return std::isspace(static_cast<unsigned char>(c)); })) {
        out.push_back(make_diagnostic(DiagId::EmptyInput, {0, static_cast<uint32_t>(text.size())}));
        return false;
    }
    return true;
}

// The text the front end reads: `source` with a byte-order mark, a Markdown fence and the prose
// around it blanked (notes and warnings in `out`), or `source` itself when nothing wraps the query.
struct FrontendInput {
    std::shared_ptr<const SourceText> unwrapped;  // null: read `source` as it is
    Language language;
    const SourceText& text(const SourceText& source) const { return unwrapped ? *unwrapped : source; }
};

FrontendInput prepare_input(const SourceText& source, const ParseOptions& options, std::vector<Diagnostic>& out) {
    parsers::UnwrappedText u = parsers::unwrap_model_output(source.text());
    FrontendInput input{nullptr, options.language};
    if (input.language == Language::Auto) input.language = parsers::detect_unwrapped_language(u.text, u.fence_tag);
    if (!u.changed) return input;
    out.insert(out.end(), std::make_move_iterator(u.diagnostics.begin()), std::make_move_iterator(u.diagnostics.end()));
    input.unwrapped = std::make_shared<const SourceText>(std::move(u.text), source.name());
    return input;
}

// The text with the fix-its applied (they do not overlap; applied from the last one back).
std::string apply_fixits(std::string text, std::vector<FixIt> fixits) {
    std::sort(fixits.begin(), fixits.end(), [](const FixIt& a, const FixIt& b) { return a.span.begin > b.span.begin; });
    for (const FixIt& f : fixits)
        if (f.span.begin <= f.span.end && f.span.end <= text.size())
            text.replace(f.span.begin, f.span.size(), f.replacement);
    return text;
}

// The end of the token that starts at or after `at` (white space skipped): a word, a quoted string
// or name, or one character of punctuation. A rough token, the same for every language.
size_t end_of_next_token(std::string_view text, size_t at) {
    while (at < text.size() && std::isspace(static_cast<unsigned char>(text[at]))) ++at;
    if (at >= text.size()) return text.size();
    auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$'; };
    char c = text[at];
    if (word(c)) {
        while (at < text.size() && word(text[at])) ++at;
        return at;
    }
    if (c == '\'' || c == '"' || c == '`') {
        size_t close = text.find(c, at + 1);
        return close == std::string_view::npos ? text.size() : close + 1;
    }
    return at + 1;
}

// Whether applying a diagnostic's fix-its helps: the fixed text parses, or gets past the error, i.e.
// no error is left from the first fix up to the end of the token after the last one. (A fix-it that
// swaps one syntax error for another, `FORM singer` -> `FORM INNER`, misleads.)
bool fixits_help(const parsers::Frontend& frontend, const SourceText& parsed, const ParseOptions& options,
                 const std::vector<FixIt>& fixits) {
    std::string fixed = apply_fixits(parsed.text(), fixits);
    size_t first = fixits.front().span.begin, last_end = 0;
    ptrdiff_t shift = 0;  // how far the text after a fix moved
    for (const FixIt& f : fixits) {
        first = std::min<size_t>(first, f.span.begin);
        shift += static_cast<ptrdiff_t>(f.replacement.size()) - static_cast<ptrdiff_t>(f.span.size());
        last_end = std::max<size_t>(last_end, static_cast<size_t>(static_cast<ptrdiff_t>(f.span.end) + shift));
    }
    const size_t checked_until = end_of_next_token(fixed, last_end);
    SourceText source(std::move(fixed), parsed.name());
    ast::Arena arena;
    std::vector<Diagnostic> diagnostics;
    parsers::ParseContext ctx{source, options, arena, diagnostics};
    if (frontend.parse(ctx) && !has_errors(diagnostics)) return true;
    return std::none_of(diagnostics.begin(), diagnostics.end(), [&](const Diagnostic& d) {
        return d.severity == Severity::Error && d.span.begin >= first && d.span.begin < checked_until;
    });
}

// Keeps the fix-its of the errors from diagnostics[first] on only where applying them helps (above):
// all of a diagnostic's fix-its together, or else the first one alone that helps (the syntax errors
// offer alternatives: the misspelt keyword may be the name at the error or the one before it). The
// "did you mean" notes of the fix-its dropped go with them. Every front end's fix-its pass this check.
void keep_helpful_fixits(const parsers::Frontend& frontend, const SourceText& parsed, const ParseOptions& options,
                         std::vector<Diagnostic>& diagnostics, size_t first) {
    for (size_t i = first; i < diagnostics.size(); ++i) {
        Diagnostic& d = diagnostics[i];
        if (d.severity != Severity::Error || d.fixits.empty() || fixits_help(frontend, parsed, options, d.fixits))
            continue;
        std::vector<FixIt> kept;
        if (d.fixits.size() > 1)
            for (const FixIt& f : d.fixits)
                if (fixits_help(frontend, parsed, options, {f})) {
                    kept.push_back(f);
                    break;
                }
        d.fixits = kept;
        std::erase_if(d.notes, [&](const DiagNote& n) {
            if (!n.message.starts_with("did you mean")) return false;
            return kept.empty() || n.span != kept[0].span || n.message != "did you mean " + kept[0].replacement + "?";
        });
    }
}

const parsers::Frontend* frontend_or_diagnose(Language language, std::vector<Diagnostic>& out) {
    const parsers::Frontend* frontend = parsers::frontend_for(language);
    if (!frontend) out.push_back(make_diagnostic(DiagId::LanguageUnavailable, {0, 0}, {language_name(language)}));
    return frontend;
}

}  // namespace

ParseResult parse(std::string text, const ParseOptions& options) {
    auto source = std::make_shared<const SourceText>(std::move(text), options.source_name);
    std::vector<Diagnostic> unwrap_notes;
    FrontendInput input = prepare_input(*source, options, unwrap_notes);
    ParseResult result(source, input.language);
    result.parsed_text_ = input.unwrapped;
    const SourceText& parsed = input.text(*source);
    auto& diagnostics = result.diagnostics_;
    diagnostics = std::move(unwrap_notes);
    if (!check_input(parsed, options, diagnostics)) return result;
    const parsers::Frontend* frontend = frontend_or_diagnose(input.language, diagnostics);
    if (!frontend) return result;
    ParseOptions resolved = options;
    if (input.language == Language::Sql && options.dialect == Dialect::Auto) {
        std::string_view evidence;
        resolved.dialect = guess_dialect(parsed.text(), &evidence);
        std::string why =
            evidence.empty() ? "nothing dialect-specific in the text" : "it uses " + std::string(evidence);
        diagnostics.push_back(make_diagnostic(DiagId::DialectGuessed, {0, 0}, {dialect_name(resolved.dialect), why}));
    }
    const size_t before_parse = diagnostics.size();
    parsers::ParseContext ctx{parsed, resolved, result.arena(), diagnostics};
    ast::Script* script = frontend->parse(ctx);
    if (options.dialect == Dialect::Auto && resolved.dialect != Dialect::Generic && has_errors(diagnostics)) {
        // A wrong guess must not cost the parse: the generic dialect reads the union of them all.
        std::vector<Diagnostic> guessed_errors(diagnostics.begin() + static_cast<ptrdiff_t>(before_parse),
                                               diagnostics.end());
        diagnostics.resize(before_parse);
        ParseOptions generic = resolved;
        generic.dialect = Dialect::Generic;
        parsers::ParseContext retry{parsed, generic, result.arena(), diagnostics};
        ast::Script* generic_script = frontend->parse(retry);
        if (has_errors(diagnostics)) {  // no better: keep the guess and what it found
            diagnostics.resize(before_parse);
            diagnostics.insert(diagnostics.end(), guessed_errors.begin(), guessed_errors.end());
        } else {
            std::string why = std::string(dialect_name(resolved.dialect)) + ", its first guess, does not read it";
            diagnostics[before_parse - 1] = make_diagnostic(DiagId::DialectGuessed, {0, 0}, {"generic", why});
            resolved.dialect = Dialect::Generic;
            script = generic_script;
        }
    }
    if (has_errors(diagnostics)) keep_helpful_fixits(*frontend, parsed, resolved, diagnostics, before_parse);
    result.dialect_ = resolved.dialect;
    if (script) script->dialect = resolved.dialect;
    if (script && script->statements.empty() && !has_errors(diagnostics)) {
        diagnostics.push_back(make_diagnostic(DiagId::EmptyInput, {0, static_cast<uint32_t>(source->text().size())}));
        script = nullptr;
    }
    result.script_ = has_errors(diagnostics) ? nullptr : script;
    return result;
}

namespace {

// The debugging views (tokens, tree) share the input checks and the front-end lookup of parse().
template <class Result, class Step>
Result run_frontend_step(const SourceText& source, const ParseOptions& options, Step step) {
    Result result{{}, {}, Language::Auto};
    FrontendInput input = prepare_input(source, options, result.diagnostics);
    result.language = input.language;
    const SourceText& parsed = input.text(source);
    if (!check_input(parsed, options, result.diagnostics)) return result;
    if (const auto* frontend = frontend_or_diagnose(result.language, result.diagnostics)) {
        ast::Arena arena;
        parsers::ParseContext ctx{parsed, options, arena, result.diagnostics};
        step(*frontend, ctx, result);
    }
    return result;
}

}  // namespace

TokensResult tokenize(const SourceText& source, const ParseOptions& options) {
    return run_frontend_step<TokensResult>(
        source, options, [](const auto& frontend, auto& ctx, TokensResult& r) { r.tokens = frontend.tokens(ctx); });
}

TreeResult parse_tree(const SourceText& source, const ParseOptions& options) {
    return run_frontend_step<TreeResult>(
        source, options, [](const auto& frontend, auto& ctx, TreeResult& r) { r.tree = frontend.tree(ctx); });
}

}  // namespace qdiff
