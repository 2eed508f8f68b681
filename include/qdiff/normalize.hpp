// Normalization: brings a parsed query to a canonical form so that semantically equivalent spellings
// compare equal (see SCORING.md for every rule).
#pragma once
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "qdiff/ast.hpp"
#include "qdiff/parse.hpp"
#include "qdiff/schema_facts.hpp"

namespace qdiff {

// Returns a new canonical tree allocated in `arena`; the input is never modified. Nodes keep the
// spans of the nodes they came from, so explanations can point into the original text.
ast::Script* normalize(const ast::Script& script, Language language, ast::Arena& arena);

struct NormalizeOptions {
    // Fold every name to lower case, quoted or not, whatever the language: used when queries of two
    // languages are compared (SQL folds, KQL and Weaviate do not, so `StormEvents` must meet `stormevents`).
    bool fold_all_names = false;
    // The SQL dialect decides whether a quoted name keeps its case: in SQLite, MySQL and T-SQL
    // `"Date"`, `` `Date` `` and `[Date]` name the same column as `date`; PostgreSQL (and generic SQL,
    // which follows the standard) keeps quoted names case-sensitive.
    Dialect dialect = Dialect::Generic;
    // Rules switched off by name (`--normalize-off NAME`; the names are normalize_rules()'s).
    std::set<std::string> off;
    // The string literals of the other query of the pair (string_literals() below; the views point into
    // its tree). Where a double-quoted "name" that names no column is a string (SQLite, MySQL,
    // BigQuery, generic SQL), the normalizer has no schema to tell; a quoted one-part name whose text
    // is one of these strings is taken as that string (rule quoted-name-as-string).
    std::set<std::string_view> counterpart_strings;
    // What the schema of the queries proves (keys, NOT NULL, foreign keys): the rules that need a fact
    // (SCORING.md, "Rules that need the schema") are off without it.
    std::shared_ptr<const SchemaFacts> schema;
};

// The texts of the string literals of a script (for NormalizeOptions::counterpart_strings).
std::set<std::string_view> string_literals(const ast::Script& script);

// The normalization rules (ast/normalize/rules.def), in SCORING.md's order.
struct NormalizeRule {
    std::string_view name;
    std::string_view summary;
};
const std::vector<NormalizeRule>& normalize_rules();
ast::Script* normalize(const ast::Script& script, Language language, ast::Arena& arena,
                       const NormalizeOptions& options);
// The same for one expression, outside any query scope (used by tests and the differ).
ast::Expr* normalize_expr(const ast::Expr& expr, Language language, ast::Arena& arena);

}  // namespace qdiff
