// The linter, against the fixed schema, in any dialect of qdiff/dialects.def (the first byte picks it); the
// language is detected, so every language's rules run.
#include "qdiff/lint.hpp"
#include "tests/fuzz/targets.hpp"

namespace qdiff::fuzz {

void run_lint(std::string_view data) {
    Selected in = select(data, kDialects);
    const Dialect dialect = dialect_at(in.mode);
    ParseResult parsed = parse(std::string(in.text), {.dialect = dialect});
    LintResult r = lint(parsed, {.schema = &fixed_schema(), .dialect = dialect});
    if (r.confidence < 0 || r.confidence > 100) violated("confidence outside 0..100", data);
    for (const Diagnostic& d : r.diagnostics)
        if (d.span.begin > d.span.end || d.span.end > in.text.size())
            violated("lint diagnostic " + std::string(d.code()) + " has a span outside the text", data);
    (void)render_text(r.diagnostics, parsed.source());
    (void)render_sarif({{&parsed.source(), &r.diagnostics}});
}

}  // namespace qdiff::fuzz
