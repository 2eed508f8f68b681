// Normalization: brings a parsed query to a canonical form so that semantically equivalent spellings
// compare equal (see SCORING.md for every rule).
#pragma once
#include "qdiff/ast.hpp"
#include "qdiff/parse.hpp"

namespace qdiff {

// Returns a new canonical tree allocated in `arena`; the input is never modified. Nodes keep the
// spans of the nodes they came from, so explanations can point into the original text.
ast::Script* normalize(const ast::Script& script, Language language, ast::Arena& arena);
// The same for one expression, outside any query scope (used by tests and the differ).
ast::Expr* normalize_expr(const ast::Expr& expr, Language language, ast::Arena& arena);

}  // namespace qdiff
