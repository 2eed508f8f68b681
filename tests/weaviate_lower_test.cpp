// Lowering of Weaviate queries to the unified AST: focused cases and golden files.
//
// Golden files: tests/data/weaviate/api-examples/<name>.sexpr, one per reference query in
// ../shared/corpus/weaviate/gorilla-graphql/api-examples. Set QDIFF_REGENERATE_GOLDEN=1 to rewrite them.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "qdiff/ast_print.hpp"
#include "qdiff/parse.hpp"
#include "support/corpus.hpp"
#include "support/golden.hpp"

#ifndef QDIFF_TEST_DATA_DIR
#define QDIFF_TEST_DATA_DIR "tests/data"
#endif

using namespace qdiff;
namespace fs = std::filesystem;

namespace {

ParseResult wv(std::string text) {
    ParseOptions o;
    o.language = Language::Weaviate;
    return parse(std::move(text), o);
}

std::string sexpr(const ParseResult& r) { return r.script() ? to_sexpr(*r.script()) : std::string("<null>"); }

std::string diags(const ParseResult& r) { return render_text(r.diagnostics(), r.source()); }

const ast::Query& query(const ParseResult& r, std::size_t i = 0) {
    REQUIRE(r.script());
    REQUIRE(r.script()->statements.size() > i);
    const auto* q = ast::dyn_cast<ast::Query>(r.script()->statements[static_cast<std::uint32_t>(i)]);
    REQUIRE(q);
    return *q;
}

std::string read(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

}  // namespace

TEST_CASE("lower: Get with search, where, projection, limit", "[weaviate][lower]") {
    auto r = wv(R"({ Get { Book(
      nearText: {concepts: ["robots"], distance: 0.6}
      where: {operator: And, operands: [
        {path: ["pageCount"], operator: LessThan, valueInt: 150},
        {operator: Or, operands: [
          {path: ["title"], operator: Like, valueText: "*robots*"},
          {path: ["author", "Author", "name"], operator: Equal, valueText: "Asimov"}]}]}
      limit: 10, offset: 5, autocut: 1
      sort: [{path: ["title"], order: desc}]
    ) { title author { ... on Author { name } } _additional { id distance } } } })");
    INFO(diags(r));
    REQUIRE(r.ok());
    const auto& q = query(r);
    REQUIRE(q.sources.size() == 1);
    CHECK(ast::cast<ast::TableRef>(*q.sources[0]).name[0].text == "Book");
    REQUIRE(q.search.size() == 1);
    CHECK(q.search[0]->search == ast::SearchKind::Text);
    CHECK(ast::cast<ast::Literal>(*q.search[0]->query).text == "robots");
    REQUIRE(q.search[0]->options.size() == 1);
    const auto& f = ast::cast<ast::Binary>(*q.filter);
    CHECK(f.op == ast::BinaryOp::And);
    CHECK(ast::cast<ast::Binary>(*f.lhs).op == ast::BinaryOp::Lt);
    CHECK(ast::cast<ast::Literal>(*ast::cast<ast::Binary>(*f.lhs).rhs).type == ast::LiteralType::Integer);
    const auto& orr = ast::cast<ast::Binary>(*f.rhs);
    CHECK(orr.op == ast::BinaryOp::Or);
    CHECK(ast::cast<ast::ColumnRef>(*ast::cast<ast::Binary>(*orr.rhs).lhs).path.size() == 3);
    REQUIRE(q.projection.size() == 4);
    CHECK(ast::cast<ast::ColumnRef>(*q.projection[1]->expr).path.size() == 3);  // author.Author.name
    CHECK(ast::cast<ast::ColumnRef>(*q.projection[2]->expr).path[0].text == "_additional");
    CHECK(ast::cast<ast::Literal>(*q.limit).text == "10");
    CHECK(ast::cast<ast::Literal>(*q.offset).text == "5");
    REQUIRE(q.order_by.size() == 1);
    CHECK(q.order_by[0]->dir == ast::SortDir::Desc);
    REQUIRE(q.options.size() == 1);
    CHECK(ast::cast<ast::NamedArg>(*q.options[0]).name.text == "autocut");
    // Spans point into the text.
    CHECK(r.source().slice(q.sources[0]->span) == "Book");
}

TEST_CASE("lower: bm25 boosts, hybrid, Aggregate metrics and groupBy", "[weaviate][lower]") {
    auto r = wv(R"({ Get { A(bm25: {query: "food", properties: ["question^2", "answer"]}) { question } }
                  Aggregate { A(groupBy: ["round"], hybrid: {query: "x", alpha: 0.5}) {
                     meta { count } points { mean maximum } answer { topOccurrences(limit: 3) { value } }
                     groupedBy { value } } } })");
    INFO(diags(r));
    REQUIRE(r.ok());
    const auto& get = query(r, 0);
    const auto& s = *get.search[0];
    CHECK(s.search == ast::SearchKind::Keyword);
    REQUIRE(s.properties.size() == 2);
    CHECK(ast::cast<ast::Binary>(*s.properties[0]).op == ast::BinaryOp::BitXor);
    const auto& agg = query(r, 1);
    CHECK(agg.search[0]->search == ast::SearchKind::Hybrid);
    REQUIRE(agg.group_by.size() == 1);
    REQUIRE(agg.aggregations.size() == 4);
    const auto& count = ast::cast<ast::FunctionCall>(*agg.aggregations[0]->expr);
    CHECK(count.name[0].text == "count");
    CHECK(ast::isa<ast::Star>(count.args[0]));
    const auto& top = ast::cast<ast::FunctionCall>(*agg.aggregations[3]->expr);
    CHECK(top.name[0].text == "topOccurrences");
    CHECK(top.args.size() == 2);
    CHECK(agg.projection.size() == 1);  // groupedBy.value
}

TEST_CASE("lower: GraphQL request with variables, fragments and aliases", "[weaviate][lower]") {
    auto r = wv(
        R"({"query": "query Q($c: [String], $l: Int = 3) { Get { a: Article(nearText: {concepts: $c}, limit: $l) { ...F } } } fragment F on Article { title }",
                 "variables": {"c": ["cats", "dogs"]}})");
    INFO(diags(r));
    REQUIRE(r.ok());
    const auto& q = query(r);
    CHECK(ast::cast<ast::TableRef>(*q.sources[0]).alias.text == "a");
    CHECK(ast::cast<ast::Array>(*q.search[0]->query).items.size() == 2);  // from "variables"
    CHECK(ast::cast<ast::Literal>(*q.limit).text == "3");                 // the default
    REQUIRE(q.projection.size() == 1);
    CHECK(ast::cast<ast::ColumnRef>(*q.projection[0]->expr).path[0].text == "title");
}

TEST_CASE("lower: structured query JSON", "[weaviate][lower]") {
    auto r = wv(R"({"target_collection": "Book", "search_query": "robots",
      "integer_property_filter": {"property_name": "pageCount", "operator": "<", "value": 150},
      "text_property_filter": {"property_name": "title", "operator": "LIKE", "value": "*robot*"},
      "boolean_property_filter": null,
      "integer_property_aggregation": {"property_name": "pageCount", "metrics": "MAX"},
      "text_property_aggregation": null, "boolean_property_aggregation": null,
      "groupby_property": "author"})");
    INFO(diags(r));
    REQUIRE(r.ok());
    const auto& q = query(r);
    CHECK(q.search[0]->search == ast::SearchKind::Hybrid);
    CHECK(ast::cast<ast::Binary>(*q.filter).op == ast::BinaryOp::And);
    CHECK(ast::cast<ast::FunctionCall>(*q.aggregations[0]->expr).name[0].text == "maximum");
    CHECK(q.group_by.size() == 1);
    // The same query in GraphQL lowers to the same filter, aggregation and group-by.
    auto g = wv(R"({ Aggregate { Book(hybrid: {query: "robots"}, groupBy: ["author"], where: {operator: And, operands: [
      {path: ["pageCount"], operator: LessThan, valueInt: 150}, {path: ["title"], operator: Like, valueText: "*robot*"}]})
      { pageCount { maximum } } } })");
    REQUIRE(g.ok());
    const auto& gq = query(g);
    CHECK(ast::equal(q.filter, gq.filter));
    CHECK(ast::equal(q.aggregations[0]->expr, gq.aggregations[0]->expr));
    // The structured query also says which slot it used (the published metric compares slot by slot).
    CHECK(q.aggregations[0]->alias.text == "integer_property_aggregation");
    CHECK(ast::equal(q.group_by[0], gq.group_by[0]));
    CHECK(ast::equal(q.search[0], gq.search[0]));
}

TEST_CASE("lower: Weaviate-level errors", "[weaviate][lower]") {
    struct Case {
        const char* text;
        const char* code;
    };
    const Case cases[] = {
        {"{ Fetch { A { f } } }", "weaviate-unknown-root"},
        {"{ Get { A(where: {path: [\"x\"], operator: Equals, valueText: \"y\"}) { f } } }",
         "weaviate-unknown-operator"},
        {"{ Get { A(where: {operator: Equal, valueText: \"y\"}) { f } } }", "weaviate-bad-argument"},
        {"{ Get { A(where: {path: [\"x\"], operator: Equal}) { f } } }", "weaviate-bad-argument"},
        {"mutation { Get { A { f } } }", "weaviate-operation"},
        {"{ Get { A { ...Missing } } }", "graphql-unknown-fragment"},
        {"{ Get { A(limit: $n) { f } } }", "graphql-unknown-variable"},
        {"{ Get { A(limit: ) { f } } }", "syntax-error"},
        {"{\"target_collection\": 1}", "json-wrong-type"},
        {"{\"a\": 1,}", "json-trailing-comma"},
    };
    for (const auto& c : cases) {
        INFO(c.text);
        auto r = wv(c.text);
        INFO(diags(r));
        CHECK_FALSE(r.ok());
        CHECK(r.script() == nullptr);
        bool found = false;
        for (const auto& d : r.diagnostics()) found = found || d.code() == c.code;
        CHECK(found);
    }
    // An error (issue 33): Weaviate rejects valueText: 150, so the query does not run.
    auto wrong_type = wv(R"({ Get { A(where: {path: ["n"], operator: LessThan, valueText: 150}) { f } } })");
    CHECK_FALSE(wrong_type.ok());
    REQUIRE(wrong_type.diagnostics().size() == 1);
    CHECK(wrong_type.diagnostics()[0].code() == "weaviate-value-type");
    CHECK(wrong_type.diagnostics()[0].severity == Severity::Error);
}

TEST_CASE("lower: unknown operators get a suggestion and a fix-it", "[weaviate][lower]") {
    auto r = wv(R"({ Get { A(where: {path: ["n"], operator: GreaterThanOrEqual, valueInt: 3}) { f } } })");
    REQUIRE_FALSE(r.ok());
    const auto& d = r.diagnostics().back();
    CHECK(d.code() == "weaviate-unknown-operator");
    CHECK(d.message.find("did you mean 'GreaterThanEqual'") != std::string::npos);
    REQUIRE(d.fixits.size() == 1);
    CHECK(d.fixits[0].replacement == "GreaterThanEqual");
    CHECK(r.source().slice(d.fixits[0].span) == "GreaterThanOrEqual");
    auto typo = wv(R"({ Get { A(where: {path: ["n"], operator: LessThen, valueInt: 3}) { f } } })");
    REQUIRE_FALSE(typo.diagnostics().empty());
    CHECK(typo.diagnostics().back().message.find("'LessThan'") != std::string::npos);
    // The one did-you-mean rule (diagnostics/suggest.hpp): a transposition is one edit, and at most a
    // third of the written name may differ (a fixed limit of three edits offered 'Or' for Eq).
    auto swapped = wv(R"({ Get { A(where: {path: ["n"], operator: Lkie, valueText: "a"}) { f } } })");
    REQUIRE_FALSE(swapped.diagnostics().empty());
    CHECK(swapped.diagnostics().back().message.find("did you mean 'Like'") != std::string::npos);
    auto far = wv(R"({ Get { A(where: {path: ["n"], operator: Eq, valueInt: 3}) { f } } })");
    REQUIRE_FALSE(far.diagnostics().empty());
    CHECK(far.diagnostics().back().message.find("did you mean") == std::string::npos);
}

TEST_CASE("lower: hostile input through the whole pipeline", "[weaviate][lower][hostile]") {
    auto has_code = [](const ParseResult& r, std::string_view code) {
        for (const auto& d : r.diagnostics()) {
            if (d.code() == code) return true;
        }
        return false;
    };
    CHECK(has_code(wv(std::string(100000, '[')), "nesting-too-deep"));
    std::string selections;
    for (int i = 0; i < 100000; ++i) selections += "{a";
    CHECK(has_code(wv(selections), "nesting-too-deep"));
    CHECK(has_code(wv(std::string(100000, '{')), "syntax-error"));  // `{{` is not GraphQL
    std::string objects;
    for (int i = 0; i < 100000; ++i) objects += "{\"a\":";
    CHECK(has_code(wv(objects), "nesting-too-deep"));
    CHECK(has_code(wv(std::string("{\"target_collection\": \"A\0\"}", 27)), "invalid-character"));
    CHECK(has_code(wv("{ Get { A(where: {path: [\"x\"], operator: Equal, valueText: \"\xFF\"}) { f } } }"),
                   "invalid-utf8"));
    std::string big = "{ Get { A(bm25: {query: \"";
    big.append(10u << 20, 'x');
    big += "\"}) { f } } }";
    auto r = wv(big);
    CHECK(r.ok());
    // Fragments that double at each level ("billion laughs") stop at the expansion budget.
    std::string laughs = "{ Get { A { ...F0 } } }\n";
    for (int i = 0; i < 40; ++i) {
        laughs += "fragment F" + std::to_string(i) + " on A { ...F" + std::to_string(i + 1) + " ...F" +
                  std::to_string(i + 1) + " }\n";
    }
    laughs += "fragment F40 on A { f }\n";
    auto l = wv(laughs);
    CHECK_FALSE(l.ok());
    CHECK(has_code(l, "nesting-too-deep"));
}

TEST_CASE("lower: automatic language detection picks Weaviate for fenced GraphQL", "[weaviate][lower]") {
    auto r = parse("```graphql\n{ Get { A { f } } }\n```");
    CHECK(r.language() == Language::Weaviate);
    CHECK(r.ok());
}

TEST_CASE("lower: golden ASTs of the api-examples", "[weaviate][lower][golden]") {
    QDIFF_REQUIRE_CORPUS_PART("weaviate/gorilla-graphql/api-examples");
    const fs::path dir = testing::corpus_dir() / "weaviate" / "gorilla-graphql" / "api-examples";
    const fs::path golden_dir = fs::path(QDIFF_TEST_DATA_DIR) / "weaviate" / "api-examples";
    const bool update = testing::regenerating_golden();
    if (update) fs::create_directories(golden_dir);
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(dir)) files.push_back(e.path());
    std::sort(files.begin(), files.end());
    for (const auto& file : files) {
        const std::string text = read(file);
        // The files hold a schema, then "DESIRED OUTPUT ...", then the query.
        const auto marker = text.find("DESIRED OUTPUT");
        REQUIRE(marker != std::string::npos);
        const std::string q = text.substr(text.find('\n', marker) + 1);
        auto r = wv(q);
        INFO(file.filename().string() << "\n" << diags(r));
        // This example filters the int pageCount with valueText: 150, which Weaviate rejects (issue 33:
        // a value of the wrong type is an error): it must be refused, and has no golden tree.
        if (file.filename() == "get-where-nested-multiple-conditions.txt") {
            CHECK_FALSE(r.ok());
            CHECK(diags(r).find("weaviate-value-type") != std::string::npos);
            continue;
        }
        CHECK(r.ok());
        PrintOptions po;
        po.pretty = true;
        const std::string got = r.script() ? to_sexpr(*r.script(), po) + "\n" : std::string("<no AST>\n");
        const fs::path golden = golden_dir / (file.stem().string() + ".sexpr");
        CHECK(testing::matches_golden(golden, got));
    }
}
