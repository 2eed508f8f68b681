// Atoms shown in their query's own language (diff/atom_spelling.cpp): the reasons and lists of a KQL
// case quote KQL, of a Weaviate case the GraphQL arguments, of an SQL case SQL as before; the canonical
// text the matcher compares stays one spelling for every language.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "ast/semantics/operators.hpp"
#include "diff/matching.hpp"
#include "qdiff/diff.hpp"
#include "qdiff/normalize.hpp"
#include "qdiff/parse.hpp"
#include "stages/batch_stages.hpp"
#include "stages/pipeline.hpp"

using namespace qdiff;

namespace {

std::vector<Atom> atoms_of(const std::string& text, Language language, Component component) {
    ast::Arena arena;
    ParseResult r = parse(text, {.language = language});
    INFO(text);
    REQUIRE(r.ok());
    return extract_components(*normalize(*r.script(), language, arena), language)[component];
}

Atom only_atom(const std::string& text, Language language, Component component) {
    std::vector<Atom> atoms = atoms_of(text, language, component);
    INFO(text);
    REQUIRE(atoms.size() == 1);
    return atoms[0];
}

// The reasons a batch gives for one case (no database).
std::string reasons_of(const std::string& expected, const std::string& generated, Language language) {
    stages::PipelineOptions options;
    stages::Pipeline pipeline(options, stages::make_batch_stages({}));
    Case c;
    c.id = "case";
    c.language = language;
    c.expected = expected;
    c.generated = generated;
    stages::CaseOutcome out = pipeline.run(c);
    std::string all;
    for (const std::string& reason : out.total.reasons) all += reason + "\n";
    return all;
}

const char* const kWeaviateFilters[] = {
    R"({path: ["wordCount"], operator: GreaterThan, valueInt: 100})",
    R"({path: ["wordCount"], operator: LessThanEqual, valueNumber: 2.5})",
    R"({path: ["title"], operator: Like, valueText: "a*"})",
    R"({path: ["title"], operator: NotEqual, valueText: "x"})",
    R"({path: ["tags"], operator: ContainsAny, valueText: ["x", "y"]})",
    R"({path: ["tags"], operator: ContainsNone, valueText: ["z"]})",
    R"({path: ["summary"], operator: IsNull, valueBoolean: false})",
    R"({path: ["published"], operator: Equal, valueBoolean: true})",
    R"({path: ["inPublication", "Publication", "name"], operator: Equal, valueText: "NYT"})",
    R"({operator: Not, operands: [{path: ["title"], operator: Like, valueText: "a*"}]})",
};

}  // namespace

TEST_CASE("atom spelling: a KQL case's reasons quote KQL, not SQL", "[diff][atoms]") {
    std::string take = reasons_of("T | where a > 1 | take 10", "T | where a > 1 | take 5", Language::Kql);
    CHECK_THAT(take, Catch::Contains("`take 10` -> `take 5`"));
    CHECK_THAT(take, !Catch::Contains("LIMIT"));

    std::string starts = reasons_of(R"(T | where name startswith "a")", R"(T | where name startswith "b")", Language::Kql);
    CHECK_THAT(starts, Catch::Contains(R"(`name startswith "a"` -> `name startswith "b"`)"));

    std::string join = reasons_of("T | join kind=leftouter (U) on id | project a", "T | join kind=inner (U) on id | project a",
                                  Language::Kql);
    CHECK_THAT(join, Catch::Contains("`join kind=leftouter U on id` -> `join kind=inner U on id`"));
    CHECK_THAT(join, !Catch::Contains("ON USING"));
    // A join condition as KQL writes it; an inner join's condition is among the filters.
    CHECK(only_atom("T | join kind=leftouter (U) on $left.id == $right.uid", Language::Kql, Component::Joins).shown() ==
          "join kind=leftouter U on $left.id == $right.uid");
    CHECK(only_atom("T | join kind=inner (U) on $left.id == $right.uid", Language::Kql, Component::Joins).shown() ==
          "join kind=inner U");

    // The forms the normalizer makes (IS NULL, COUNT(DISTINCT), the sort's nulls, columns qualified by
    // the input table) in KQL's own words.
    CHECK(only_atom("T | where isnotnull(a)", Language::Kql, Component::Filters).shown() == "isnotnull(a)");
    CHECK(only_atom("T | where isnull(a)", Language::Kql, Component::Filters).shown() == "isnull(a)");
    CHECK(only_atom("T | summarize dcount(a)", Language::Kql, Component::Aggregations).shown() == "dcount(a)");
    CHECK(only_atom("T | sort by a asc", Language::Kql, Component::Order).shown() == "a asc");
    CHECK(only_atom("T | top 3 by a", Language::Kql, Component::Limit).shown() == "top 3");
    CHECK(only_atom("T | where a == 'x'", Language::Kql, Component::Filters).shown() == R"(a == "x")");
}

TEST_CASE("atom spelling: a KQL filter leaf as shown parses back to the same atom", "[diff][atoms]") {
    for (const char* leaf : {R"(a startswith "x")", R"(a !has "y")", "a in (1, 2)", "b >= ago(1h)", "isnotnull(c)",
                             R"(lower(d) == "e")", "a between (1 .. 5)", R"(a matches regex "^N")"}) {
        INFO(leaf);
        for (const Atom& atom : atoms_of(std::string("T | where ") + leaf, Language::Kql, Component::Filters)) {
            Atom again = only_atom("T | where " + atom.shown(), Language::Kql, Component::Filters);
            CHECK(again.text == atom.text);
            CHECK(again.shown() == atom.shown());
        }
    }
}

TEST_CASE("atom spelling: a Weaviate case's reasons quote its GraphQL arguments", "[diff][atoms]") {
    std::string limit = reasons_of("{ Get { Article(limit: 10) { title } } }", "{ Get { Article(limit: 5) { title } } }",
                                   Language::Weaviate);
    CHECK_THAT(limit, Catch::Contains("`limit: 10` -> `limit: 5`"));
    CHECK_THAT(limit, !Catch::Contains("LIMIT"));

    std::string op = reasons_of(
        R"({ Get { Article(where: {path: ["wordCount"], operator: GreaterThan, valueInt: 100}) { title } } })",
        R"({ Get { Article(where: {path: ["wordCount"], operator: GreaterThanEqual, valueInt: 100}) { title } } })",
        Language::Weaviate);
    CHECK_THAT(op, Catch::Contains(R"(`{path: ["wordCount"], operator: GreaterThan, valueInt: 100}` -> )"
                                   R"(`{path: ["wordCount"], operator: GreaterThanEqual, valueInt: 100}`)"));

    auto shown = [](const std::string& query, Component component) {
        return only_atom(query, Language::Weaviate, component).shown();
    };
    CHECK(shown("{ Get { Article(offset: 20) { title } } }", Component::Limit) == "offset: 20");
    CHECK(shown("{ Get { Article(autocut: 2) { title } } }", Component::Limit) == "autocut: 2");
    CHECK(shown(R"({ Get { Article(sort: {path: ["title"], order: desc}) { title } } })", Component::Order) ==
          R"(sort: {path: ["title"], order: desc})");
    CHECK(shown(R"({ Get { Article(nearText: {concepts: ["ai"], distance: 0.2}) { title } } })", Component::Search) ==
          R"(nearText: {concepts: ["ai"], distance: 0.2})");
    CHECK(shown(R"({ Get { Article(bm25: {query: "ai", properties: ["title^2"]}) { title } } })", Component::Search) ==
          R"(bm25: {query: "ai", properties: ["title^2"]})");
    CHECK(shown("{ Get { Article { inPublication { ... on Publication { name } } } } }", Component::Projection) ==
          "inPublication { ... on Publication { name } }");
    CHECK(shown("{ Aggregate { Article { wordCount { mean } } } }", Component::Aggregations) == "wordCount { mean }");
    CHECK(shown("{ Aggregate { Article { meta { count } } } }", Component::Aggregations) == "meta { count }");
    CHECK(shown(R"({ Aggregate { Article(groupBy: ["category"]) { meta { count } } } })", Component::GroupBy) ==
          R"(groupBy: ["category"])");
}

TEST_CASE("atom spelling: a Weaviate filter as shown is the where argument that gives the same atom", "[diff][atoms]") {
    for (const char* filter : kWeaviateFilters) {
        INFO(filter);
        Atom atom = only_atom(std::string("{ Get { Article(where: ") + filter + ") { title } } }", Language::Weaviate,
                              Component::Filters);
        CHECK(atom.shown() == filter);
        Atom again = only_atom("{ Get { Article(where: " + atom.shown() + ") { title } } }", Language::Weaviate,
                               Component::Filters);
        CHECK(again.text == atom.text);
    }
    // Every operator the catalogue spells for Weaviate reads back as itself.
    for (const semantics::BinaryOperator& o : semantics::binary_operators()) {
        if (o.weaviate_spelling.empty() || o.op == ast::BinaryOp::WithinGeoRange) continue;
        bool list = o.kind == semantics::OperatorClass::Collection;
        std::string filter = R"({path: ["a"], operator: )" + std::string(o.weaviate_spelling) + ", valueText: " +
                             (list ? R"(["x"])" : R"("x")") + "}";
        INFO(filter);
        CHECK(only_atom("{ Get { Article(where: " + filter + ") { title } } }", Language::Weaviate, Component::Filters)
                  .shown() == filter);
    }
}

TEST_CASE("atom spelling: the canonical text is one for every language, and SQL shows it", "[diff][atoms]") {
    Atom sql = only_atom("SELECT * FROM T LIMIT 5", Language::Sql, Component::Limit);
    Atom kql = only_atom("T | take 5", Language::Kql, Component::Limit);
    CHECK(sql.text == kql.text);
    CHECK(sql.spelled.empty());
    CHECK(sql.shown() == "LIMIT 5");
    CHECK(kql.shown() == "take 5");

    // A pair of two languages still matches atom for atom, each side shown in its own.
    ParseResult e = parse("SELECT * FROM T WHERE a > 1 LIMIT 5", {.language = Language::Sql});
    ParseResult g = parse("T | where a > 1 | take 10", {.language = Language::Kql});
    REQUIRE(e.ok());
    REQUIRE(g.ok());
    DiffResult r = diff(*e.script(), Language::Sql, *g.script(), Language::Kql, load_profile("full"));
    bool limit_seen = false;
    for (const ComponentResult& c : r.components) {
        if (c.component == Component::Filters) CHECK(c.matched.size() == 1);
        if (c.component != Component::Limit) continue;
        REQUIRE(c.changed.size() == 1);
        CHECK(c.changed[0].expected.shown() == "LIMIT 5");
        CHECK(c.changed[0].generated.shown() == "take 10");
        limit_seen = true;
    }
    CHECK(limit_seen);
}
