#include "support/synth_fixture.hpp"

#include <catch2/catch.hpp>

#include "stages/results/results_stage.hpp"

namespace qdiff::testing {

using namespace results::synth;

Schema schema_from_ddl(const char* ddl, const std::string& name) {
    SchemaLoadResult loaded = load_schema_text(ddl, name);
    INFO(name);
    REQUIRE(loaded.schema);
    return *loaded.schema;
}

ParseResult sqlite(const std::string& text) {
    ParseOptions options;
    options.language = Language::Sql;
    options.dialect = Dialect::Sqlite;
    return parse(text, options);
}

SynthOutcome judge_on_synth(const Schema& schema, const std::string& expected, const std::string& generated,
                            SynthOptions options) {
    ParseResult e = sqlite(expected), g = sqlite(generated);
    INFO(expected << "  vs  " << generated);
    REQUIRE(e.ok());
    REQUIRE(g.ok());
    results::ResultOrder order = results::result_order(e);
    return compare_on_synthesized(schema, expected, e, generated, g, order.ordered, order.keys, options);
}

LiteralHints hints_of(const std::string& a, const std::string& b) {
    LiteralHints hints;
    collect_hints(sqlite(a), hints);
    if (!b.empty()) collect_hints(sqlite(b), hints);
    return hints;
}

const SynthTable& table(const SynthDatabase& db, const std::string& name) {
    for (const SynthTable& t : db.tables)
        if (t.name == name) return t;
    FAIL("no table " << name);
    throw;
}

}  // namespace qdiff::testing
