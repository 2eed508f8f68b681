// The properties every accepted query keeps (the first byte picks SQL in any dialect,
// KQL or Weaviate): print → parse gives an equal tree (SQL's to_sql, KQL's to_kql), and diff(x, x)
// scores 1. Normalization's idempotence is the `normalize` target's.
#include "qdiff/ast_print.hpp"
#include "qdiff/diff.hpp"
#include "tests/fuzz/targets.hpp"

namespace qdiff::fuzz {

void run_roundtrip(std::string_view data) {
    Selected in = select(data, kLanguageModes);
    const ParseOptions options = language_mode(in.mode);
    ParseResult first = parse(std::string(in.text), options);
    if (!first.ok()) return;
    const ast::Script& script = *first.script();
    const Language language = first.language();

    if (language != Language::Weaviate) {
        // In the dialect it was read in: T-SQL has no LIMIT, so its limits print as TOP (issue 33).
        std::string printed = language == Language::Sql ? to_sql(script, {.dialect = first.dialect()}) : to_kql(script);
        ParseResult second = parse(printed, options);
        if (!second.ok()) violated("the printed query does not parse again: " + printed, data);
        if (!ast::equal(&script, second.script()))
            violated("print → parse changed the tree: " + printed + "\n  first:  " + to_sexpr(script) +
                         "\n  second: " + to_sexpr(*second.script()),
                     data);
    }

    static const Profile full = load_profile("full");
    static const Profile weaviate = load_profile("weaviate-ast");
    DiffResult self = diff(script, language, script, language, language == Language::Weaviate ? weaviate : full);
    if (self.score != 1) violated("diff(x, x) = " + std::to_string(self.score), data);
}

}  // namespace qdiff::fuzz
