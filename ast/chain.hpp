// Chains of one associative connective (a OR b OR c ...), built so that no recursive walk over the
// tree (printers, hashing, equality, the normalizer, the differ, the linter) goes deeper than it must.
#pragma once
#include <vector>

#include "qdiff/ast.hpp"

namespace qdiff::ast {

// Up to this many terms a chain is left-deep, as SQL and KQL associate it; longer ones are balanced
// (the same meaning: `op` is associative), so a 100,000-term chain is 17 levels deep, not 100,000.
inline constexpr size_t kLeftDeepChainTerms = 64;

// terms[0] op terms[1] op ...; spans[i] is the span of terms[i] as written (a parenthesised term
// included), and each node spans its first to its last term. `terms` must not be empty.
Expr* make_chain(Arena& arena, BinaryOp op, const std::vector<Expr*>& terms, const std::vector<Span>& spans);
// The same with one span for every node (the normalizer's rebuilt chains).
Expr* make_chain(Arena& arena, BinaryOp op, const std::vector<Expr*>& terms, Span span);

}  // namespace qdiff::ast
