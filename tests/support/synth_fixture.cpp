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

void check_separated_by(const Schema& schema, const std::string& expected, const std::string& generated,
                        DataKind kind, bool as_sets) {
    INFO(expected << "  vs  " << generated);
    auto judge = [&](uint64_t seed) {
        SynthOptions options;
        options.as_sets = as_sets;
        options.seed = seed;
        return judge_on_synth(schema, expected, generated, options);
    };
    SynthOutcome out = judge(1);
    INFO(out.reason);
    REQUIRE(out.verdict == Verdict::Different);
    CHECK(kind_name(out.kind) == kind_name(kind));
    CHECK(out.edge_cases_only == (kind != DataKind::Plain));
    REQUIRE(out.counterexample);
    size_t found = 0;
    for (uint64_t seed = 2; seed <= 6; ++seed) {
        SynthOutcome again = judge(seed);
        INFO("seed " << seed << ": " << again.reason);
        if (again.verdict != Verdict::Different) continue;
        ++found;
        CHECK((kind == DataKind::Plain) == (again.kind == DataKind::Plain));
    }
    CHECK(found >= 4);
}

}  // namespace qdiff::testing
