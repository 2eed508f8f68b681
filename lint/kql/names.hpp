// How Kusto names the columns an operator creates when the query does not (count() -> count_,
// sum(X) -> sum_X, by bin(T, 1h) -> T, an expression -> Column1).
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "qdiff/ast.hpp"
#include "qdiff/schema.hpp"

namespace qdiff::linting::kql {

// The "did you mean" candidate: a name differing only in case (Kusto names are case-sensitive),
// else the nearest by edit distance, else "".
std::string suggest(std::string_view name, const std::vector<std::string_view>& candidates);

bool is_named(const ast::FunctionCall& call, std::string_view name);
// arg_max/arg_min/take_any: the result columns are the arguments themselves.
bool returns_its_arguments(const ast::FunctionCall& call);
// The names Kusto may give an unnamed project/extend/by expression at `position` (1-based); the
// first is the most likely. Several candidates where the naming depends on details we do not model.
std::vector<std::string> default_names(const ast::Expr* e, int position);
// The names of an unnamed aggregate (count() -> count_, percentiles(X, 50, 95) -> two columns).
std::vector<std::string> aggregate_names(const ast::Expr* e);
// `*` matches any run of characters (project-away Col*).
bool wildcard_match(std::string_view pattern, std::string_view name);
ColumnType literal_type(const ast::Literal& lit);

}  // namespace qdiff::linting::kql
