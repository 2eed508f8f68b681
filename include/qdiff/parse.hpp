// Parsing SQL, KQL and Weaviate text into the unified AST.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "qdiff/ast.hpp"
#include "qdiff/diagnostic.hpp"
#include "qdiff/dialect.hpp"
#include "qdiff/source.hpp"

namespace qdiff {

enum class Language : uint8_t {
    Auto,  // detected from the text
#define QDIFF_LANGUAGE(Id, ...) Id,
#include "qdiff/languages.def"
};

// A language's line of languages.def.
struct LanguageTraits {
    Language id;
    std::string_view name;
    std::string_view alias;  // "" when none
    std::string_view label;
    bool folds_names;
    bool sorts_descending;
    std::string_view diff_profile, batch_profile, verdict_profile;
};
const std::vector<LanguageTraits>& all_languages();  // in declaration order, without Auto
const LanguageTraits& traits(Language l);            // l must not be Auto
std::string language_names(std::string_view separator = ", ");  // "auto" and every name, in order

std::string_view language_name(Language l);
std::optional<Language> parse_language_name(std::string_view name);  // a name or an alias

// Guesses the language of a query text (a byte-order mark, fences, prose around a fence and leading
// comments are skipped; a fence's language tag decides).
Language detect_language(std::string_view text);

struct ParseOptions {
    Language language = Language::Auto;
    Dialect dialect = Dialect::Generic;  // generic accepts the union of the dialects
    uint32_t max_nesting = 256;          // brackets, prefix operators and CASE..END, combined
    size_t max_bytes = 16u << 20;
    // A parse keeps every token and a parse-tree path per token, so this bounds its memory (about
    // 0.5 KB per token at worst): a 2 MB list of a million items is refused, not parsed into 1 GB.
    size_t max_tokens = 1u << 19;
    std::string source_name = "<input>";
};

class ParseResult;
ParseResult parse(std::string text, const ParseOptions& options = {});

class ParseResult {
public:
    ParseResult(ParseResult&&) noexcept;
    ParseResult& operator=(ParseResult&&) noexcept;
    ~ParseResult();

    Language language() const { return language_; }
    // The SQL dialect the text was read in: the one asked for, or --dialect auto's guess.
    Dialect dialect() const { return dialect_; }
    const SourceText& source() const { return *source_; }
    std::shared_ptr<const SourceText> shared_source() const { return source_; }
    // Null when the text has syntax errors: a partial tree is never handed out.
    const ast::Script* script() const { return script_; }
    const std::vector<Diagnostic>& diagnostics() const { return diagnostics_; }
    bool ok() const { return script_ != nullptr && !has_errors(diagnostics_); }
    // Why the text does not parse: "LINE:COLUMN: message" of its first error ("" when it parses).
    std::string first_error() const;

    // The arena the tree lives in, for a tool that rewrites the tree in place (names and lists it adds
    // must live as long as the tree).
    ast::Arena& arena() { return *arena_; }

private:
    friend ParseResult parse(std::string text, const ParseOptions& options);
    ParseResult(std::shared_ptr<const SourceText> source, Language language);

    std::shared_ptr<const SourceText> source_;
    // The text the front end read when it differs from source() (wrapping blanked, same offsets): the
    // tree's names and literals point into it.
    std::shared_ptr<const SourceText> parsed_text_;
    std::unique_ptr<ast::Arena> arena_;
    ast::Script* script_ = nullptr;
    std::vector<Diagnostic> diagnostics_;
    Language language_;
    Dialect dialect_ = Dialect::Generic;
};


// Grammar-level debugging.
struct TokenInfo {
    std::string type;  // the grammar's token name
    std::string text;
    Span span;
    bool hidden = false;  // comments and whitespace kept on a hidden channel
};
struct TokensResult {
    std::vector<TokenInfo> tokens;
    std::vector<Diagnostic> diagnostics;
    Language language;
};
TokensResult tokenize(const SourceText& source, const ParseOptions& options = {});

struct TreeResult {
    std::string tree;  // the grammar's parse tree, indented, one rule or token per line
    std::vector<Diagnostic> diagnostics;
    Language language;
};
TreeResult parse_tree(const SourceText& source, const ParseOptions& options = {});

// ANTLR's prediction caches. The SQL and KQL parsers (and KQL's lexer) predict with DFAs that the
// runtime builds from each new shape of input and shares between threads; they only grow. Past a limit,
// in bytes per grammar, they are cleared between parses (parsers/common/antlr_caches.hpp); the parses
// after a clear are cold again and rebuild what they need (README, "Memory", says what that costs).
// Weaviate's parser (PEGTL) keeps no such caches.
struct ParseCacheStats {
    size_t bytes = 0;     // now, estimated from the states, configurations and contexts held
    uint64_t clears = 0;  // since the process started
    uint64_t parses = 0;  // that used the caches
};
// 0 is unbounded.
inline constexpr size_t kDefaultParseCacheLimit = size_t{32} << 20;
// The environment variable that sets the limit at start (bytes, a plain number), read once; a value
// that is not a number leaves the default (the CLI refuses it instead).
inline constexpr const char* kParseCacheLimitVariable = "QDIFF_PARSE_CACHE_LIMIT";
std::optional<size_t> parse_cache_limit_value(std::string_view text);
void set_parse_cache_limit(size_t bytes);  // every grammar's, from its next check on
size_t parse_cache_limit();
// Measures the grammar's caches now (waits for its running parses); zero for Weaviate and Auto.
ParseCacheStats parse_cache_stats(Language language);
// Empties every grammar's caches now; must not be called from inside a parse.
void clear_parse_caches();

}  // namespace qdiff
