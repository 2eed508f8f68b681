// SQL dialects. Each is declared once, in dialects.def (its names, identifier rules, the operators
// whose meaning differs, the syntax it accepts, the engine that runs it); the name lists, the
// dialect checks of the front end, the linter's and normalizer's dialect rules and the help texts
// are all read from that declaration.
#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace qdiff {

enum class Dialect : uint8_t {
#define QDIFF_DIALECT(id, ...) id,
#include "qdiff/dialects.def"
#undef QDIFF_DIALECT
};

// Syntax that only some dialects accept (the generic dialect accepts all of it); elsewhere it is
// a `dialect-feature` error.
enum class DialectFeature : uint8_t {
#define QDIFF_DIALECT_FEATURE(id, what) id,
#include "qdiff/dialect_features.def"
#undef QDIFF_DIALECT_FEATURE
};

// Where NULLs sort when ORDER BY does not say: below every value (ASC puts them first: SQLite, MySQL,
// SQL Server, BigQuery), above every value (ASC puts them last: PostgreSQL, Snowflake), last in both
// directions (DuckDB), or not known (the generic dialect, which stands for all of them).
enum class NullsDefault : uint8_t { Unknown, Low, High, Last };

// What CONCAT() makes of a NULL argument: not known (the generic dialect), NULL, as `||` does (MySQL,
// BigQuery, Snowflake), or an empty string (PostgreSQL, SQL Server, SQLite, DuckDB).
enum class ConcatNulls : uint8_t { Unknown, Propagate, Skip };

// How a dialect bounds the rows of a query.
enum class RowLimit : uint8_t { Limit, Top };

// How the dialect's text splits into tokens, where it differs from the common lexing.
struct DialectLexing {
    bool hash_comments = false;          // `# ...` to the end of the line is a comment
    bool triple_quoted_strings = false;  // '''...''' and """...""" strings, over several lines
    bool raw_strings = false;            // r'...' keeps backslashes
    bool path_access = false;            // `col:field` is a path, not a `:name` parameter
    bool stage_names = false;            // `@stage/path` is a stage (Snowflake), not an `@name` parameter
    bool bracket_lists = false;          // `[x]` is a one-element list, never a [bracket] name
    bool colon_is_punctuation = false;   // `:name` is `:` then a name (DuckDB {a:1}, l[1:n]), not a parameter
    bool dashed_project_names = false;   // FROM my-project.dataset.t: a dashed name where a table is named (BigQuery)
    bool double_star_slash = false;      // `**` is a power and `//` an integer division (DuckDB)
    bool nested_comments = false;        // `/* a /* b */ c */` is one comment (the SQL standard, PostgreSQL, T-SQL)
    bool open_comment_ends_input = false;  // a `/*` never closed runs to the end of the input (SQLite); else an error
};

struct DialectTraits {
    Dialect dialect;
    std::string_view name;          // what --dialect takes and what messages say
    std::string_view aliases = {};  // other names accepted for it, comma-separated
    // Identifiers.
    bool quoted_names_fold = false;   // "Date", `Date` and [Date] name the column date
    bool double_quotes_name = false;  // "x" is always a name (else a string when no column x exists)
    // Operators whose meaning differs.
    bool caret_is_xor = false;                  // ^ is exclusive or, not exponentiation
    bool pipes_are_or = false;                  // || is OR, not concatenation
    bool amp_amp_is_and = false;                // && is AND, not array overlap
    bool spaceship_is_null_safe_equal = false;  // <=> is null-safe equality, not pgvector's cosine distance
    bool backslash_escapes = false;             // backslash escapes in ordinary '...' strings
    bool arrow_is_lambda = false;               // `x -> x + 1` in a list function's arguments is a lambda
    // Where an output alias of the select list can be named.
    bool alias_in_group_by = false;
    bool alias_in_having = false;
    bool alias_in_where = false;
    // Semantics the linter and the normalizer follow.
    bool bare_columns_in_groups = false;  // an ungrouped column takes an arbitrary row's value (no error)
    bool like_ignores_case = false;       // LIKE compares case-insensitively, so it is not `=`
    bool cast_by_affinity = false;        // CAST types compare by storage class (SQLite)
    NullsDefault nulls = NullsDefault::Unknown;  // where ORDER BY puts NULLs by default
    ConcatNulls concat_nulls = ConcatNulls::Unknown;
    RowLimit row_limit = RowLimit::Limit;
    uint64_t features = 0;         // DialectFeature bits
    std::string_view engine = {};  // the `--db ENGINE:...` that executes it, if any
    DialectLexing lexing = {};
    // What `--dialect auto` looks for: upper-case spellings only this dialect (or few others) uses,
    // separated by `|`, matched in the upper-cased text.
    std::string_view markers = {};
    bool guessed = true;  // a dialect --dialect auto can settle on

    bool has(DialectFeature f) const { return (features >> static_cast<unsigned>(f)) & 1u; }
};

const DialectTraits& traits(Dialect d);
std::span<const DialectTraits> all_dialects();
std::string_view feature_description(DialectFeature f);  // "a `backtick` quoted name"

std::string_view dialect_name(Dialect d);
std::optional<Dialect> parse_dialect_name(std::string_view name);  // a name or an alias
std::string dialect_names(std::string_view separator = ", ");      // every name, in declaration order

// --dialect auto: the dialect whose markers the text uses most (ties: the first declared), generic
// when it uses none; `evidence` gets the first marker found of the winner.
Dialect guess_dialect(std::string_view sql, std::string_view* evidence = nullptr);

}  // namespace qdiff
