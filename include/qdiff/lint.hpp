// Schema-aware linting of a parsed query and the confidence score derived from its diagnostics.
#pragma once
#include <map>
#include <set>
#include <string>
#include <vector>

#include "qdiff/diagnostic.hpp"
#include "qdiff/parse.hpp"
#include "qdiff/schema.hpp"

namespace qdiff {

struct LintOptions {
    const Schema* schema = nullptr;  // without a schema only the schema-free rules run
    Dialect dialect = Dialect::Generic;
    std::set<std::string> disabled;            // rule codes
    std::map<std::string, Severity> severity;  // remapped rule codes
};

struct LintResult {
    bool valid = false;                   // parsed, and no error was reported
    int confidence = 0;                   // 0..100, see `confidence()`
    std::vector<Diagnostic> diagnostics;  // the parse diagnostics first, then the rules', in text order
};

// Runs every enabled rule over a parse result (syntax diagnostics are carried over).
LintResult lint(const ParseResult& parsed, const LintOptions& options = {});

// Invalid syntax → 0; an unknown table/collection → 0; otherwise 100 − 20 × errors − 5 × warnings,
// clamped to 0..100.
int confidence(const std::vector<Diagnostic>& diagnostics);

// SARIF 2.1.0 log for one or more linted files.
struct SarifInput {
    const SourceText* source;
    const std::vector<Diagnostic>* diagnostics;
};
std::string render_sarif(const std::vector<SarifInput>& files);

}  // namespace qdiff
