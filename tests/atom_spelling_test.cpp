// Atoms shown in their query's own language (diff/atom_spelling.cpp): the reasons and lists of a KQL
// case quote KQL, of a Weaviate case the GraphQL arguments, of an SQL case SQL as before; the canonical
// text the matcher compares stays one spelling for every language.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "ast/semantics/operators.hpp"
#include "diff/atom_spelling.hpp"
#include "diff/matching.hpp"
#include "qdiff/ast_print.hpp"
#include "qdiff/diff.hpp"
#include "qdiff/normalize.hpp"
#include "qdiff/parse.hpp"
#include "scoring/execution.hpp"
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
    // A pipeline a join or the top block reads names its table's columns unqualified, as it was written.
    CHECK(only_atom("T | join kind=leftouter (U | where b > 1) on id", Language::Kql, Component::Joins).shown() ==
          "join kind=leftouter (U | where b > 1) on id");
    CHECK(only_atom("T | where a > 1 | take 10 | where b > 2", Language::Kql, Component::Subqueries).shown() ==
          "T | where a > 1 | take 10");

    // The forms the normalizer makes (IS NULL, COUNT(DISTINCT), the sort's nulls, columns qualified by
    // the input table) in KQL's own words.
    CHECK(only_atom("T | where isnotnull(a)", Language::Kql, Component::Filters).shown() == "isnotnull(a)");
    CHECK(only_atom("T | where isnull(a)", Language::Kql, Component::Filters).shown() == "isnull(a)");
    CHECK(only_atom("T | summarize dcount(a)", Language::Kql, Component::Aggregations).shown() == "dcount(a)");
    CHECK(only_atom("T | sort by a asc", Language::Kql, Component::Order).shown() == "a asc");
    CHECK(only_atom("T | top 3 by a", Language::Kql, Component::Limit).shown() == "top 3");
    CHECK(only_atom("T | where a == 'x'", Language::Kql, Component::Filters).shown() == R"(a == "x")");

    // What the KQL printer has no KQL for shows the canonical text, not the node's kind: none of the
    // normalizer's forms of KQL now (below), so the printer's predicate on a form only SQL has.
    ParseResult exists = parse("SELECT a FROM t WHERE EXISTS (SELECT 1 FROM u)", {.language = Language::Sql});
    REQUIRE(exists.ok());
    CHECK_FALSE(kql_prints(*exists.script()));
    Atom iff = only_atom(R"(T | project x = iff(a > 1, "y", "n"))", Language::Kql, Component::Projection);
    CHECK_THAT(iff.text, Catch::Contains("CASE"));
    CHECK_THAT(iff.shown(), !Catch::Contains("CASE"));
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
    const std::string geo = R"({path: ["location"], operator: WithinGeoRange, valueGeoRange: )"
                            R"({geoCoordinates: {latitude: 52.5, longitude: 13.4}, distance: {max: 2000}}})";
    Atom within = only_atom("{ Get { Article(where: " + geo + ") { title } } }", Language::Weaviate, Component::Filters);
    CHECK(within.shown() == geo);
    CHECK(only_atom("{ Get { Article(where: " + within.shown() + ") { title } } }", Language::Weaviate,
                    Component::Filters)
              .text == within.text);
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

TEST_CASE("atom spelling: a leaf under other connectives is noted in its query's language", "[diff][atoms]") {
    std::string sql = reasons_of("SELECT * FROM T WHERE a > 1 AND b > 2", "SELECT * FROM T WHERE a > 1 OR b > 2",
                                 Language::Sql);
    CHECK_THAT(sql, Catch::Contains("`t.a > 1` (under AND) -> `t.a > 1` (under OR)"));

    std::string kql = reasons_of("T | where a > 1 and b > 2", "T | where a > 1 or b > 2", Language::Kql);
    CHECK_THAT(kql, Catch::Contains("`a > 1` (under and) -> `a > 1` (under or)"));
    CHECK_THAT(kql, !Catch::Contains("(under AND)"));
    CHECK_THAT(kql, !Catch::Contains("(under OR)"));

    std::string weaviate = reasons_of(
        R"({ Get { Article(where: {operator: And, operands: [{path: ["a"], operator: Equal, valueInt: 1}, )"
        R"({path: ["b"], operator: Equal, valueInt: 2}]}) { title } } })",
        R"({ Get { Article(where: {operator: Or, operands: [{path: ["a"], operator: Equal, valueInt: 1}, )"
        R"({path: ["b"], operator: Equal, valueInt: 2}]}) { title } } })",
        Language::Weaviate);
    CHECK_THAT(weaviate, Catch::Contains(R"(`{path: ["a"], operator: Equal, valueInt: 1}` (under operator: And) -> )"
                                         R"(`{path: ["a"], operator: Equal, valueInt: 1}` (under operator: Or))"));
    CHECK_THAT(weaviate, !Catch::Contains("(under AND)"));

    // Each form of the matcher's context: nested connectives (outermost first), none, a sort position, a
    // block the top one reads; SQL keeps the words it always had, but for a sort key's position.
    CHECK(placement_note("AND/OR", Language::Sql) == " (under AND/OR)");
    CHECK(placement_note("QUALIFY/AND", Language::Sql) == " (under QUALIFY/AND)");
    CHECK(placement_note("WITH", Language::Sql) == " (under WITH)");
    CHECK(placement_note("1", Language::Sql) == " (sort key 2)");
    CHECK(placement("0", Language::Weaviate) == "sort key 1");
    CHECK(placement("AND", Language::Sql) == "under AND");
    CHECK(placement_note("", Language::Sql) == " (alone)");
    CHECK(placement_note("AND/OR", Language::Kql) == " (under and/or)");
    CHECK(placement_note("OR/AND", Language::Weaviate) == " (under operator: Or / operator: And)");
    CHECK(placement_note("", Language::Weaviate) == " (alone)");
    CHECK(placement_note("WITH", Language::Kql) == " (as a let)");
    CHECK(placement_note("FROM", Language::Kql) == " (as a subquery)");
    CHECK(placement_note("1", Language::Kql) == " (sort key 2)");

    // The atom carries its language to where the note is written.
    CHECK(only_atom("T | where a > 1", Language::Kql, Component::Filters).language == Language::Kql);
    CHECK(only_atom("SELECT * FROM T WHERE a > 1", Language::Sql, Component::Filters).language == Language::Sql);
}

TEST_CASE("atom spelling: a Weaviate media or object search is the argument as written", "[diff][atoms]") {
    auto shown = [](const std::string& search) {
        return only_atom("{ Get { Article(" + search + ") { title } } }", Language::Weaviate, Component::Search)
            .shown();
    };
    for (const char* search : {R"(nearImage: {image: "iVBORw0KGgo=", distance: 0.2})",
                               R"(nearAudio: {audio: "UklGRg=="})", R"(nearVideo: {video: "AAAAGGZ0eXA="})",
                               R"(nearThermal: {thermal: "iVBOR="})", R"(nearDepth: {depth: "iVBOR="})",
                               R"(nearIMU: {imu: "AAEC"})", R"(nearObject: {id: "36ddd591-2dee-4e7e-a3cc-eb86d30a4303"})",
                               R"(nearObject: {beacon: "weaviate://localhost/Article/36ddd591"})",
                               R"(nearVector: {vector: [0.1, 0.2], distance: 0.3})",
                               R"(nearVector: {vectorPerTarget: {title1: [1, 0], title2: [0, 0, 1]}})"}) {
        INFO(search);
        CHECK(shown(search) == search);
    }
    // nearIMU's query is its `imu` field (not an option beside no query): two IMU readings differ there.
    std::string imu = reasons_of(R"({ Get { Article(nearIMU: {imu: "AAEC"}) { title } } })",
                                 R"({ Get { Article(nearIMU: {imu: "BBEC"}) { title } } })", Language::Weaviate);
    CHECK_THAT(imu, Catch::Contains(R"(`nearIMU: {imu: "AAEC"}` -> `nearIMU: {imu: "BBEC"}`)"));
    CHECK_THAT(imu, !Catch::Contains("media("));
}

TEST_CASE("atom spelling: a Weaviate GraphQL variable shows as written", "[diff][atoms]") {
    auto shown = [](const std::string& query, Component component) {
        return only_atom(query, Language::Weaviate, component).shown();
    };
    const std::string filter = R"({path: ["wordCount"], operator: GreaterThan, valueInt: $n})";
    Atom leaf = only_atom("query Q($n: Int) { Get { Article(where: " + filter + ") { title } } }", Language::Weaviate,
                          Component::Filters);
    CHECK(leaf.shown() == filter);
    CHECK(only_atom("query Q($n: Int) { Get { Article(where: " + leaf.shown() + ") { title } } }", Language::Weaviate,
                    Component::Filters)
              .text == leaf.text);
    CHECK(shown(R"(query Q($t: String) { Get { Article(where: {path: ["tags"], operator: ContainsAny, )"
                R"(valueText: [$t, "x"]}) { title } } })",
                Component::Filters) == R"({path: ["tags"], operator: ContainsAny, valueText: [$t, "x"]})");
    CHECK(shown("query Q($k: Int) { Get { Article(limit: $k) { title } } }", Component::Limit) == "limit: $k");
    CHECK(shown("query Q($img: String) { Get { Article(nearImage: {image: $img}) { title } } }", Component::Search) ==
          "nearImage: {image: $img}");
    // nearText's concepts: a variable for the whole list, or one concept of a list.
    CHECK(shown(R"(query Q($c: [String]) { Get { Article(nearText: {concepts: $c}) { title } } })",
                Component::Search) == "nearText: {concepts: $c}");
    CHECK(shown(R"(query Q($c: String) { Get { Article(nearText: {concepts: [$c]}) { title } } })",
                Component::Search) == "nearText: {concepts: [$c]}");
    // A variable with a default is its value.
    CHECK(shown("query Q($n: Int = 7) { Get { Article(where: " + filter + ") { title } } }", Component::Filters) ==
          R"({path: ["wordCount"], operator: GreaterThan, valueInt: 7})");
}

TEST_CASE("atom spelling: the normalizer's forms of KQL show as the user wrote them", "[diff][atoms]") {
    // count() is count(*) to the normalizer; Kusto's count takes no argument
    CHECK(only_atom("T | summarize count()", Language::Kql, Component::Aggregations).shown() == "count()");
    CHECK(only_atom("T | summarize count() by a", Language::Kql, Component::Aggregations).text == "count(*)");
    // strcat is a || chain to the normalizer; KQL has no || for strings
    CHECK(only_atom(R"(T | where strcat(a, "-", b) == "x-y")", Language::Kql, Component::Filters).shown() ==
          R"(strcat(a, "-", b) == "x-y")");
    // iff and case are a CASE to the normalizer
    CHECK(only_atom(R"(T | project x = iff(a > 1, "y", "n"))", Language::Kql, Component::Projection).shown() ==
          R"(iff(a > 1, "y", "n"))");
    CHECK(only_atom("T | project x = case(a > 1, 1, a > 0, 2, 3)", Language::Kql, Component::Projection).shown() ==
          "case(a > 1, 1, a > 0, 2, 3)");
    // timespans are seconds to the normalizer; shown in the largest unit that holds them whole
    CHECK(only_atom("T | where ts > ago(7d)", Language::Kql, Component::Filters).shown() == "ts > ago(7d)");
    CHECK(only_atom("T | where ts > ago(168h)", Language::Kql, Component::Filters).shown() == "ts > ago(7d)");
    CHECK(only_atom("T | where ts > ago(1.5h)", Language::Kql, Component::Filters).shown() == "ts > ago(90m)");
    CHECK(only_atom("T | where ts > ago(0.5s)", Language::Kql, Component::Filters).shown() == "ts > ago(500ms)");
    CHECK(only_atom("T | where d < 10microsecond", Language::Kql, Component::Filters).shown() == "d < 10microsecond");
    CHECK(only_atom("T | where d < 3tick", Language::Kql, Component::Filters).shown() == "d < 3tick");
    CHECK(only_atom("T | where d < 61s", Language::Kql, Component::Filters).shown() == "d < 61s");
    CHECK(only_atom("T | where d < 0s", Language::Kql, Component::Filters).shown() == "d < 0s");
    CHECK(only_atom("T | summarize count() by bin(ts, 1h)", Language::Kql, Component::GroupBy).shown() ==
          "bin(ts, 1h)");
    // the reasons quote them so
    std::string reasons = reasons_of("T | where ts > ago(7d) | summarize count() by bin(ts, 1h)",
                                     "T | where ts > ago(1d) | summarize count() by bin(ts, 30m)", Language::Kql);
    CHECK_THAT(reasons, Catch::Contains("ago(7d)"));
    CHECK_THAT(reasons, Catch::Contains("bin(ts, 30m)"));
    CHECK_THAT(reasons, !Catch::Contains("3600s"));
    CHECK_THAT(reasons, !Catch::Contains("86400s"));
}

TEST_CASE("atom spelling: a normalizer's form of KQL as shown parses back to the same atom", "[diff][atoms]") {
    struct Form {
        const char* pipeline;  // before the atom
        Component component;
        const char* atom;
    };
    for (const Form& f : {
             Form{"T | where ", Component::Filters, R"(strcat(a, "-", b, c) == "x")"},
             Form{"T | where ", Component::Filters, "ts < ago(2d)"},
             Form{"T | where ", Component::Filters, "ts > ago(90m)"},
             Form{"T | where ", Component::Filters, "d > 1500ms"},
             Form{"T | where ", Component::Filters, "d > 7tick"},
             Form{"T | where ", Component::Filters, R"(iff(a > 1, "y", "n") == "y")"},
             Form{"T | summarize ", Component::Aggregations, "count()"},
             Form{"T | summarize count() by ", Component::GroupBy, "bin(ts, 15m)"},
             Form{"T | project ", Component::Projection, R"(case(a > 1, "big", a > 0, "small", "none"))"},
             Form{"T | project ", Component::Projection, R"(strcat(a, iff(b, "x", "y")))"},
         }) {
        INFO(f.atom);
        Atom atom = only_atom(std::string(f.pipeline) + f.atom, Language::Kql, f.component);
        CHECK(atom.shown() != atom.text);  // it is shown in KQL
        Atom again = only_atom(std::string(f.pipeline) + atom.shown(), Language::Kql, f.component);
        CHECK(again.text == atom.text);
        CHECK(again.shown() == atom.shown());
    }
}

TEST_CASE("atom spelling: no relation in common, in the query's words", "[diff][atoms]") {
    auto gated = [](const std::string& expected, const std::string& generated, Language language) {
        ParseResult e = parse(expected, {.language = language}), g = parse(generated, {.language = language});
        REQUIRE(e.ok());
        REQUIRE(g.ok());
        DiffResult r = diff(*e.script(), language, *g.script(), language, load_profile("full"));
        CHECK(r.gated);
        return scoring::explain_differences(r);
    };
    CHECK(gated("T | where a > 1", "U | where a > 1", Language::Kql) == "no table in common with the expected query");
    CHECK(gated("{ Get { Article { title } } }", "{ Get { Author { name } } }", Language::Weaviate) ==
          "no collection in common with the expected query");
    CHECK(gated("SELECT a FROM t", "SELECT a FROM u", Language::Sql) == "no relation in common with the expected query");
}

TEST_CASE("atom spelling: a KQL pipeline inside an atom names its own table's columns unqualified", "[diff][atoms]") {
    Atom in = only_atom("T | where x in (U | where b > 1 | project x)", Language::Kql, Component::Filters);
    CHECK(in.shown() == "x in (U | where b > 1 | project x)");
    Atom again = only_atom("T | where " + in.shown(), Language::Kql, Component::Filters);
    CHECK(again.text == in.text);
}

TEST_CASE("atom spelling: a changed pair whose atoms are shown alike notes what differs", "[diff][atoms]") {
    auto atom = [](std::string text, std::string spelled, AtomKey key, Language language) {
        Atom a = make_keyed_atom(std::move(text), Span{}, std::move(key));
        a.spelled = std::move(spelled);
        a.language = language;
        return a;
    };
    const AtomKey key{.property = "t.x", .op = ">", .value = "1", .value_type = ValueType::Integer};
    AtomKey under_and = key, under_or = key;
    under_and.context = "AND";
    under_or.context = "AND/OR";

    // where each sits, in each side's language
    SideNotes notes = same_text_notes({atom("t.x > 1", "", under_and, Language::Sql),
                                       atom("t.x > 1", "", under_or, Language::Sql), 0.9});
    CHECK(notes.expected == "under AND");
    CHECK(notes.generated == "under AND/OR");
    notes = same_text_notes({atom("t.x > 1", "x > 1", under_and, Language::Kql),
                             atom("t.x > 1", "x > 1", under_or, Language::Kql), 0.9});
    CHECK(notes.expected == "under and");
    CHECK(notes.generated == "under and/or");
    // the canonical text KQL's spelling hides: another table's column
    notes = same_text_notes({atom("t.x > 1", "x > 1", key, Language::Kql), atom("u.x > 1", "x > 1", key, Language::Kql), 0.9});
    CHECK(notes.expected == "normalized as t.x > 1");
    CHECK(notes.generated == "normalized as u.x > 1");
    // the value's type, then the operator
    AtomKey decimal = key, other_op = key;
    decimal.value_type = ValueType::Decimal;
    other_op.op = "NOT >";
    notes = same_text_notes({atom("t.x > 1", "", key, Language::Sql), atom("t.x > 1", "", decimal, Language::Sql), 0.9});
    CHECK(notes.expected == "a value of type integer");
    CHECK(notes.generated == "a value of type decimal");
    notes = same_text_notes({atom("t.x > 1", "", key, Language::Sql), atom("t.x > 1", "", other_op, Language::Sql), 0.9});
    CHECK(notes.expected == "operator >");
    CHECK(notes.generated == "operator NOT >");
    // shown differently, or nothing that tells them apart: no note
    CHECK(same_text_notes({atom("t.x > 1", "", under_and, Language::Sql), atom("t.x > 2", "", under_or, Language::Sql), 0.5})
              .empty());
    CHECK(same_text_notes({atom("t.x > 1", "", key, Language::Sql), atom("t.x > 1", "", key, Language::Sql), 1}).empty());
}
