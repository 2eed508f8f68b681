// Lowering of the Weaviate document model (frontend.hpp) to the unified AST (qdiff/ast.hpp).
//
// Where things go (one ast::Query per class of a Get/Aggregate, or per Explore):
//   class name              -> sources: TableRef [Class] (alias: the GraphQL alias)
//   nearText/bm25/hybrid/   -> search: Search{kind, query, properties, options}; nearText concepts are a
//   nearVector/nearObject/     String literal (one concept) or an Array; bm25/hybrid properties are
//   ask/near<Media>            ColumnRefs, "p^2" is Binary(^, p, 2); other fields are NamedArg options
//   where                   -> filter: And/Or fold to Binary, Not to Unary; a leaf is
//                              Binary(op, ColumnRef path, typed Literal) (IsNull: Unary IsNull)
//   Aggregate metrics       -> aggregations: FunctionCall metric(ColumnRef prop); meta{count} -> count(*)
//   groupBy                 -> group_by: ColumnRef path (Get's groups/objectsPerGroup -> options)
//   selected fields         -> projection: ColumnRef path (cross-references through `... on C` add C
//                              to the path; _additional{x} -> [_additional, x]); fields with
//                              arguments (generate, rerank) -> FunctionCall, their sub-fields FieldAccess
//   limit/offset            -> limit/offset; sort -> order_by; autocut/after/tenant/... -> options
//   $variables              -> the request's "variables" value or the default, else Parameter
// Structured query JSON: target_collection -> sources, search_query -> Search{hybrid},
// *_property_filter -> filter (ANDed), *_property_aggregation -> aggregations (metric names spelled
// as the GraphQL Aggregate fields: MIN -> minimum, TOP_OCCURRENCES -> topOccurrences, ...),
// groupby_property -> group_by.
#pragma once

#include <vector>

#include "parsers/frontend.hpp"
#include "qdiff/ast.hpp"
#include "qdiff/diagnostic.hpp"

#include "document.hpp"
#include "frontend.hpp"

namespace qdiff::weaviate {

/// Lowers a parsed document; returns null (with an error diagnostic) when nothing can be lowered.
ast::Script* lower_document(const WeaviateDocument& doc, ast::Arena& arena, std::vector<qdiff::Diagnostic>& diags);

/// The Weaviate front end of the registry (parsers/registry.cpp).
const parsers::Frontend& weaviate_frontend();

}  // namespace qdiff::weaviate
