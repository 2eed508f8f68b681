// The results matcher's comparison, value normalization, result files and order detection.
#include <catch2/catch.hpp>

#include "stages/results/compare.hpp"
#include "stages/results/normalize_value.hpp"
#include "stages/results/results_stage.hpp"

using namespace qdiff::results;

namespace {

ResultSet table(std::vector<std::string> columns, std::vector<std::vector<Value>> rows) {
    return {std::move(columns), std::move(rows), false};
}

}  // namespace

TEST_CASE("results: values normalize numbers, booleans, dates and NULL", "[results]") {
    auto same = [](Value a, Value b) { return values_equal(normalize_value(a), normalize_value(b), 1e-6); };
    CHECK(same(int64_t(1), std::string("1")));
    CHECK(same(int64_t(1), 1.0));
    CHECK(same(std::string(" 2.50 "), 2.5));
    CHECK(same(1.0000001, 1.0));
    CHECK_FALSE(same(1.001, 1.0));
    CHECK(same(std::string("true"), int64_t(1)));
    CHECK(same(Null{}, Null{}));
    CHECK_FALSE(same(Null{}, std::string("")));
    CHECK_FALSE(same(Null{}, int64_t(0)));
    CHECK(same(std::string("  abc "), std::string("abc")));
    CHECK_FALSE(same(std::string("abc"), std::string("ABC")));
    CHECK(same(std::string("2024-01-05"), std::string("2024/01/05")));
    CHECK(same(std::string("2024-01-05 00:00:00"), std::string("2024-01-05")));
    CHECK(same(std::string("2024-01-05T10:30:00Z"), std::string("2024-01-05 10:30:00+00")));
    CHECK(same(std::string("2024-01-05 10:30:00.500"), std::string("2024-01-05 10:30:00.5")));
    CHECK_FALSE(same(std::string("2024-01-05 10:30:00"), std::string("2024-01-05")));
    CHECK(canonical_datetime("2024-01-05 10:30") == "2024-01-05 10:30:00");
    CHECK(canonical_datetime("Jan 5") == "");
}

TEST_CASE("results: rows are a bag, columns pair by name then by values", "[results]") {
    ResultSet expected =
        table({"name", "total"},
              {{std::string("a"), int64_t(3)}, {std::string("b"), int64_t(1)}, {std::string("b"), int64_t(1)}});
    SECTION("same rows in another order and field order, with an extra column") {
        ResultSet generated = table({"COUNT_X", "extra", "Name"}, {{int64_t(1), int64_t(9), std::string("b")},
                                                                   {std::string("3"), int64_t(9), std::string("a")},
                                                                   {1.0, int64_t(7), std::string("b")}});
        Comparison c = compare_results(expected, generated, false, MatchMode::Recall);
        CHECK(c.score == 1.0);
        // Execution accuracy (the default) wants the same rows: an extra column makes other rows.
        Comparison exact = compare_results(expected, generated, false);
        CHECK(exact.score == 0.0);
        CHECK(exact.extra_columns == 1);
        CHECK(exact.explanation.find("1 extra generated column(s)") != std::string::npos);
        REQUIRE(c.paired_columns.size() == 2);
        CHECK(c.paired_columns[0].generated == "Name");
        CHECK(c.paired_columns[0].by == "name");
        CHECK(c.paired_columns[1].generated == "COUNT_X");
        CHECK(c.paired_columns[1].by == "values");
        CHECK(c.explanation.find("total~COUNT_X") != std::string::npos);
    }
    SECTION("duplicates count") {
        ResultSet generated =
            table({"name", "total"}, {{std::string("a"), int64_t(3)}, {std::string("b"), int64_t(1)}});
        CHECK(compare_results(expected, generated, false).score == 0.0);  // exact: a duplicate is missing
        Comparison c = compare_results(expected, generated, false, MatchMode::Recall);
        CHECK(c.found == 2);
        CHECK(c.missing == 1);
        CHECK(c.score == Approx(2.0 / 3));
        REQUIRE(c.missing_examples.size() == 1);
        CHECK(c.missing_examples[0] == "('b', 1)");
    }
    SECTION("recall ignores extra rows, f1 charges them") {
        ResultSet generated = expected;
        generated.rows.push_back({std::string("c"), int64_t(5)});
        CHECK(compare_results(expected, generated, false, MatchMode::Recall).score == 1.0);
        Comparison f1 = compare_results(expected, generated, false, MatchMode::F1);
        CHECK(f1.extra == 1);
        CHECK(f1.score == Approx(2 * 0.75 * 1.0 / 1.75));
    }
    SECTION("an expected column without a partner finds nothing") {
        ResultSet generated = table({"name"}, {{std::string("a")}, {std::string("b")}, {std::string("b")}});
        Comparison c = compare_results(expected, generated, false);
        CHECK(c.score == 0);
        CHECK(c.unpaired_columns == std::vector<std::string>{"total"});
        // Said in words: "total=?" had left a user guessing.
        CHECK_THAT(c.explanation, Catch::StartsWith("columns: name=name total=(no generated column); rows:"));
    }
}

TEST_CASE("results: order counts when the expected result is ordered", "[results]") {
    ResultSet expected = table({"x"}, {{int64_t(1)}, {int64_t(2)}, {int64_t(3)}, {int64_t(4)}});
    ResultSet generated = table({"x"}, {{int64_t(1)}, {int64_t(3)}, {int64_t(2)}, {int64_t(4)}});
    CHECK(compare_results(expected, generated, false).score == 1.0);
    CHECK(compare_results(expected, generated, true).score == 0.0);  // exact: one row out of place
    Comparison ordered = compare_results(expected, generated, true, MatchMode::Recall);
    CHECK(ordered.found == 3);
    CHECK(ordered.out_of_order == 1);
    CHECK(ordered.score == Approx(0.75));
}

// Issue 18: under recall a query that drops the filter (or adds OR 1=1) returns every expected row
// and scored 1.0; execution accuracy, the default, wants the same bag of rows.
TEST_CASE("results: the default mode is execution accuracy, extra rows fail it", "[results]") {
    ResultSet older = table({"name"}, {{std::string("Joe")}, {std::string("Ann")}});
    ResultSet everyone = table({"name"}, {{std::string("Tim")}, {std::string("Ann")}, {std::string("Joe")}});
    CHECK(compare_results(older, everyone, false, MatchMode::Recall).score == 1.0);
    Comparison exact = compare_results(older, everyone, false);
    CHECK(exact.score == 0.0);
    CHECK(exact.extra == 1);
    CHECK(compare_results(older, everyone, false, MatchMode::F1).score == Approx(0.8));
    ResultSet same = table({"NAME"}, {{std::string("Ann")}, {std::string("Joe")}});
    CHECK(compare_results(older, same, false).score == 1.0);  // a bag: row order free when not ordered
    MatchMode parsed = MatchMode::Recall;
    CHECK(qdiff::results::parse_match_mode("exact", parsed));
    CHECK(parsed == MatchMode::Exact);
    CHECK(qdiff::make_results_stage({})
              ->run(
                  [] {
                      qdiff::Case c;
                      c.expected = "SELECT name FROM singer WHERE age > 30";
                      c.generated = "SELECT name FROM singer";
                      c.expected_result = R"([{"name": "Joe"}, {"name": "Ann"}])";
                      c.generated_result = R"([{"name": "Tim"}, {"name": "Ann"}, {"name": "Joe"}])";
                      return c;
                  }(),
                  {})
              .details.at("mode") == "\"exact\"");
}

TEST_CASE("results: empty results", "[results]") {
    ResultSet empty = table({"x"}, {});
    ResultSet one = table({"x"}, {{int64_t(1)}});
    CHECK(compare_results(empty, empty, false).score == 1.0);
    CHECK(compare_results(empty, one, false).score == 0.0);
    CHECK(compare_results(one, empty, false).score == 0.0);
    CHECK(compare_results(empty, table({"y", "z"}, {}), false).score == 1.0);
}

TEST_CASE("results: tolerance decides numbers that rounding splits", "[results]") {
    ResultSet expected = table({"v"}, {{0.30000000000000004}, {2.0 / 3}});
    ResultSet generated = table({"v"}, {{std::string("0.3")}, {std::string("0.6666667")}});
    CHECK(compare_results(expected, generated, false, MatchMode::Recall, 1e-6).score == 1.0);
    CHECK(compare_results(expected, generated, false, MatchMode::Recall, 1e-12).score == Approx(0.5));
}

TEST_CASE("results: result files and inline JSON", "[results]") {
    auto rows = read_result_file(R"([{"a": 1, "b": "x"}, {"b": "y", "a": 2.5}, {"a": null}])");
    REQUIRE(rows.status == ExecStatus::Ok);
    CHECK(rows.result.columns == std::vector<std::string>{"a", "b"});
    REQUIRE(rows.result.rows.size() == 3);
    CHECK(std::holds_alternative<Null>(rows.result.rows[2][1]));
    auto object = read_result_file(R"({"columns": ["a"], "rows": [[1], [true]]})");
    REQUIRE(object.status == ExecStatus::Ok);
    CHECK(std::get<int64_t>(object.result.rows[1][0]) == 1);
    auto bad_row = read_result_file(R"({"columns": ["a", "b"], "rows": [[1]]})");
    CHECK(bad_row.status == ExecStatus::Error);
    CHECK(bad_row.error.find("row 0") != std::string::npos);
    CHECK(read_result_file("[1, 2").status == ExecStatus::Error);
    CHECK(read_result_file("/nonexistent/result.json").error.find("cannot read") != std::string::npos);
    auto csv = read_result_file(QDIFF_TEST_DATA_DIR "/results/orders.csv");
    REQUIRE(csv.status == ExecStatus::Ok);
    CHECK(csv.result.columns == std::vector<std::string>{"customer", "total", "day"});
    CHECK(csv.result.rows.size() == 3);
    auto nulls = read_result_file(QDIFF_TEST_DATA_DIR "/results/nulls.csv");
    REQUIRE(nulls.result.rows.size() == 2);
    CHECK(std::holds_alternative<Null>(nulls.result.rows[0][1]));  // an empty cell is NULL
    CHECK(std::holds_alternative<Null>(nulls.result.rows[1][0]));
    CHECK(std::get<std::string>(nulls.result.rows[1][1]) == "x");
    auto ragged = read_result_file(QDIFF_TEST_DATA_DIR "/results/ragged.csv");
    CHECK(ragged.status == ExecStatus::Error);
    CHECK(ragged.error == "CSV line 3 has 1 fields, the header 2");
    auto json = read_result_file(QDIFF_TEST_DATA_DIR "/results/orders.json");
    REQUIRE(json.status == ExecStatus::Ok);
    // The same data spelled differently: numbers as texts, another date spelling, other names.
    CHECK(compare_results(csv.result, json.result, false).score == 1.0);
}

TEST_CASE("results: the expected query orders its result, on these columns", "[results]") {
    using qdiff::Dialect;
    using qdiff::Language;
    auto keys = [](const char* sql, Language language = Language::Sql) {
        auto order = result_order(sql, language, Dialect::Generic);
        return order.ordered ? order.keys : std::vector<size_t>{99};
    };
    CHECK(keys("SELECT a FROM t ORDER BY a") == std::vector<size_t>{0});
    CHECK(keys("SELECT t.a, count(*) AS n FROM t GROUP BY t.a ORDER BY n DESC, a") == std::vector<size_t>{1, 0});
    CHECK(keys("SELECT a, count(*) FROM t GROUP BY a ORDER BY count(*) DESC") == std::vector<size_t>{1});
    CHECK(keys("SELECT a, b FROM t ORDER BY 2") == std::vector<size_t>{1});
    CHECK(keys("SELECT a FROM t ORDER BY b").empty());  // not in the result: every place counts
    CHECK(keys("SELECT * FROM t ORDER BY a").empty());
    CHECK(keys("SELECT a FROM t") == std::vector<size_t>{99});
    CHECK(keys("SELECT a FROM (SELECT a FROM t ORDER BY a) s") == std::vector<size_t>{99});
    CHECK(keys("SELECT FROM WHERE") == std::vector<size_t>{99});
    CHECK(keys("T | sort by a desc", Language::Kql).empty());
    CHECK(keys("T | top 5 by a", Language::Kql).empty());
    CHECK(keys("T | sort by a | project a, b", Language::Kql).empty());
    CHECK(keys("T | where a > 1", Language::Kql) == std::vector<size_t>{99});
}

TEST_CASE("results: rows that tie on the order keys may come in any order", "[results]") {
    ResultSet expected = table({"name", "n"}, {{std::string("a"), int64_t(5)},
                                               {std::string("b"), int64_t(3)},
                                               {std::string("c"), int64_t(3)},
                                               {std::string("d"), int64_t(1)}});
    ResultSet swapped_tie = table({"name", "n"}, {{std::string("a"), int64_t(5)},
                                                  {std::string("c"), int64_t(3)},
                                                  {std::string("b"), int64_t(3)},
                                                  {std::string("d"), int64_t(1)}});
    CHECK(compare_results(expected, swapped_tie, true, MatchMode::Recall, 1e-6, {1}).score == 1.0);
    CHECK(compare_results(expected, swapped_tie, true, MatchMode::Recall, 1e-6, {}).score == 0.75);
    ResultSet crossed = table({"name", "n"}, {{std::string("b"), int64_t(3)},
                                              {std::string("a"), int64_t(5)},
                                              {std::string("c"), int64_t(3)},
                                              {std::string("d"), int64_t(1)}});
    Comparison c = compare_results(expected, crossed, true, MatchMode::Recall, 1e-6, {1});
    CHECK(c.out_of_order == 1);
    CHECK(c.score == 0.75);
}

TEST_CASE("results: the stage on result files", "[results]") {
    auto stage = qdiff::make_results_stage({});
    CHECK(stage->kind() == qdiff::StageKind::Results);
    qdiff::Case c;
    c.expected = "T | sort by customer";
    c.language = qdiff::Language::Kql;
    c.expected_result = R"([{"customer": "a", "n": 1}, {"customer": "b", "n": 2}])";
    c.generated_result = R"([{"customer": "b", "n": 2}, {"customer": "a", "n": 1}])";
    auto r = stage->run(c, {});
    CHECK(r.stage == qdiff::StageKind::Results);
    REQUIRE(r.status == qdiff::StageStatus::Ok);
    CHECK(r.details.at("ordered") == "true");
    CHECK(r.details.at("mode") == "\"exact\"");
    CHECK(r.score == 0.0);  // execution accuracy: one row out of its place is another result
    auto recall = qdiff::make_results_stage({.mode = "recall"})->run(c, {});
    CHECK(recall.score == Approx(0.5));
    CHECK(recall.details.at("mode") == "\"recall\"");
    c.generated_result = R"([{"customer": "a", "n": 1}, {"customer": "b", "n": 2}])";
    CHECK(stage->run(c, {}).score == 1.0);
    // The expected query as an earlier stage parsed it wins over the text: here it does not order.
    qdiff::ParseResult parsed = qdiff::parse("T | where n > 0", {.language = qdiff::Language::Kql});
    qdiff::StageContext context;
    context.expected = &parsed;
    c.generated_result = R"([{"customer": "b", "n": 2}, {"customer": "a", "n": 1}])";
    auto unordered = stage->run(c, context);
    CHECK(unordered.details.at("ordered") == "false");
    CHECK(unordered.score == 1.0);

    qdiff::Case nothing;
    nothing.expected = "SELECT 1";
    nothing.generated = "SELECT 1";
    auto skipped = stage->run(nothing, {});
    CHECK(skipped.status == qdiff::StageStatus::Skipped);
    CHECK(skipped.reason.find("no database") != std::string::npos);

    c.generated_result = "not json and not a file";
    auto bad = stage->run(c, {});
    CHECK(bad.status == qdiff::StageStatus::Error);
    CHECK(bad.reason.find("cannot read") != std::string::npos);

    auto f1 = qdiff::make_results_stage({.mode = "precision"});
    CHECK(f1->run(c, {}).status == qdiff::StageStatus::Error);
}
