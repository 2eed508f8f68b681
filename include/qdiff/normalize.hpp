// Normalization: brings a parsed query to a canonical form so that semantically equivalent spellings
// compare equal (see SCORING.md for every rule).
#pragma once
#include "qdiff/ast.hpp"
#include "qdiff/parse.hpp"

namespace qdiff {

// Returns a new canonical tree allocated in `arena`; the input is never modified. Nodes keep the
// spans of the nodes they came from, so explanations can point into the original text.
ast::Script* normalize(const ast::Script& script, Language language, ast::Arena& arena);

struct NormalizeOptions {
    // Fold every name to lower case, quoted or not, whatever the language: used when queries of two
    // languages are compared (SQL folds, KQL and Weaviate do not, so `StormEvents` must meet `stormevents`).
    bool fold_all_names = false;
};
ast::Script* normalize(const ast::Script& script, Language language, ast::Arena& arena, const NormalizeOptions& options);
// The same for one expression, outside any query scope (used by tests and the differ).
ast::Expr* normalize_expr(const ast::Expr& expr, Language language, ast::Arena& arena);

}  // namespace qdiff
