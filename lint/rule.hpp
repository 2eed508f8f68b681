// The rule interface of the linter. A rule is one function in one file under lint/rules/<language>/,
// listed in lint/rules/rules.def; it reads the parsed script (and the language's analysis, e.g. SQL
// name resolution) from the context and reports diagnostics. See lint/README.md.
#pragma once
#include <vector>

#include "qdiff/lint.hpp"

namespace qdiff::linting {

namespace sql {
struct Analysis;
}
namespace kql {
struct Analysis;
}

struct LintContext {
    const ParseResult& parsed;
    const ast::Script& script;
    const LintOptions& options;
    const sql::Analysis* sql = nullptr;  // set for SQL scripts
    const kql::Analysis* kql = nullptr;  // set for KQL scripts
    std::vector<Diagnostic> found;

    const SourceText& source() const { return parsed.source(); }
    const Schema* schema() const { return options.schema; }
    Dialect dialect() const { return options.dialect; }
    void report(Diagnostic d) { found.push_back(std::move(d)); }
};

using RuleFunction = void (*)(LintContext&);

struct RuleInfo {
    std::string_view name;  // the file name under lint/rules/<language>/
    Language language;
    RuleFunction run;
};

// Every rule, in the order of rules.def.
const std::vector<RuleInfo>& all_rules();

}  // namespace qdiff::linting
