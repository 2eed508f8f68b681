// A small schema for the linter's tests, in the shape of Spider's concert_singer database plus one
// table (country) that no foreign key relates to the others.
#pragma once
#include <string>
#include <vector>

#include "qdiff/lint.hpp"

namespace qdiff::testing {

const Schema& concert_schema();
// Parses `sql` and lints it against concert_schema() in `dialect`.
LintResult lint_sql(const std::string& sql, Dialect dialect = Dialect::Generic, LintOptions options = {});
// The codes of the diagnostics, in order.
std::vector<std::string> codes(const LintResult& r);
bool has(const LintResult& r, const std::string& code);
// The codes, space-separated: what a failing check prints.
std::string all_codes(const LintResult& r);

}  // namespace qdiff::testing
