// The properties every accepted query keeps (the first byte picks SQL in one of the five dialects,
// KQL or Weaviate):
//   print → parse gives an equal tree (SQL's to_sql, KQL's to_kql);
//   normalize(normalize(x)) == normalize(x);
//   diff(x, x) scores 1.
#include "qdiff/ast_print.hpp"
#include "qdiff/diff.hpp"
#include "qdiff/normalize.hpp"
#include "tests/fuzz/targets.hpp"

namespace qdiff::fuzz {

namespace {

ParseOptions options_for(unsigned mode) {
    if (mode < kDialects) return {.language = Language::Sql, .dialect = dialect_at(mode)};
    return {.language = mode == kDialects ? Language::Kql : Language::Weaviate};
}

}  // namespace

void run_roundtrip(std::string_view data) {
    Selected in = select(data, kDialects + 2);
    const ParseOptions options = options_for(in.mode);
    ParseResult first = parse(std::string(in.text), options);
    if (!first.ok()) return;
    const ast::Script& script = *first.script();
    const Language language = first.language();

    if (language != Language::Weaviate) {
        std::string printed = language == Language::Sql ? to_sql(script) : to_kql(script);
        ParseResult second = parse(printed, options);
        if (!second.ok()) violated("the printed query does not parse again: " + printed, data);
        if (!ast::equal(&script, second.script()))
            violated("print → parse changed the tree: " + printed + "\n  first:  " + to_sexpr(script) +
                         "\n  second: " + to_sexpr(*second.script()),
                     data);
    }

    ast::Arena arena;
    ast::Script* once = normalize(script, language, arena);
    ast::Script* twice = normalize(*once, language, arena);
    if (!ast::equal(once, twice))
        violated("normalize is not idempotent:\n  once:  " + to_sexpr(*once) + "\n  twice: " + to_sexpr(*twice), data);

    static const Profile full = load_profile("full");
    static const Profile weaviate = load_profile("weaviate-ast");
    DiffResult self = diff(script, language, script, language, language == Language::Weaviate ? weaviate : full);
    if (self.score != 1) violated("diff(x, x) = " + std::to_string(self.score), data);
}

}  // namespace qdiff::fuzz
