// The total score and verdict of one case (scoring/total.cpp), with hand-computed numbers.
#include <catch2/catch.hpp>

#include "scoring/total.hpp"

using Catch::Detail::Approx;
using qdiff::scoring::total_score;
using qdiff::scoring::TotalInputs;

TEST_CASE("total: the three scenarios of seed 000 (judge and result sets)", "[total]") {
    // exact match: 0.5 × 1.0 + 0.5 × 1.0
    auto exact = total_score({.generated_parses = true, .structural = 1.0, .judge = 1.0, .results = 1.0});
    CHECK(exact.total == Approx(1.0));
    CHECK(exact.pass);
    CHECK(exact.query_similarity_source == "judge");
    CHECK(exact.basis == "blend");
    // ago(1h) vs ago(60m): 0.5 × 0.95 + 0.5 × 1.0 = 0.975
    auto minor = total_score({.generated_parses = true, .structural = 1.0, .judge = 0.95, .results = 1.0});
    CHECK(minor.total == Approx(0.975));
    CHECK(minor.pass);
    // AppTraces instead of Traces: 0.5 × 0.60 + 0.5 × 0.30 = 0.45
    auto wrong = total_score({.generated_parses = true, .structural = 0.0, .judge = 0.60, .results = 0.30});
    CHECK(wrong.total == Approx(0.45));
    CHECK_FALSE(wrong.pass);
    REQUIRE(wrong.reasons.size() == 1);
    CHECK(wrong.reasons[0] ==
          "total 45.0% (0.5 × judge similarity 60.0% + 0.5 × results match 30.0%) is below the pass threshold 90.0%");
}

TEST_CASE("total: the structural score stands in for a judge that did not run", "[total]") {
    auto t = total_score({.generated_parses = true, .structural = 0.8, .results = 1.0});
    CHECK(t.query_similarity_source == "structural");
    CHECK(t.query_similarity == Approx(0.8));
    CHECK(t.total == Approx(0.9));  // 0.5 × 0.8 + 0.5 × 1.0, exactly at the threshold
    CHECK(t.pass);
}

TEST_CASE("total: the blend and the threshold are configurable", "[total]") {
    TotalInputs in{.generated_parses = true, .structural = 0.6, .results = 1.0};
    auto quarter = total_score(in, {.blend = 0.25});
    CHECK(quarter.total == Approx(0.25 * 0.6 + 0.75 * 1.0));  // 0.9
    CHECK(quarter.pass);
    auto strict = total_score(in, {.blend = 0.25, .pass_threshold = 0.95});
    CHECK(strict.total == Approx(0.9));
    CHECK_FALSE(strict.pass);
    auto only_query = total_score(in, {.blend = 1.0});
    CHECK(only_query.total == Approx(0.6));
    auto only_results = total_score(in, {.blend = 0.0});
    CHECK(only_results.total == Approx(1.0));
}

TEST_CASE("total: without a results stage the total is the query similarity", "[total]") {
    auto t = total_score({.generated_parses = true, .structural = 0.93});
    CHECK_FALSE(t.results_match.has_value());
    CHECK(t.basis == "query_similarity_only");
    CHECK(t.total == Approx(0.93));
    CHECK(t.pass);
    CHECK_FALSE(total_score({.generated_parses = true, .structural = 0.85}).pass);
}

TEST_CASE("total: a query that fails to execute or to parse cannot pass", "[total]") {
    auto failed = total_score(
        {.generated_parses = true, .structural = 1.0, .results_failed = true, .results_error = "no such table: Trace"});
    REQUIRE(failed.results_match.has_value());
    CHECK(*failed.results_match == 0.0);
    CHECK(failed.total == Approx(0.5));
    CHECK_FALSE(failed.pass);
    CHECK(failed.reasons[0] == "the results stage failed: no such table: Trace");

    // A judge may like a query our parser rejects; the case still fails, with the judge's score kept.
    auto unparsed = total_score({.generated_parses = false, .judge = 1.0, .results = 1.0});
    CHECK(unparsed.total == Approx(1.0));
    CHECK_FALSE(unparsed.pass);
    CHECK(unparsed.reasons == std::vector<std::string>{"the generated query does not parse"});

    auto nothing = total_score({.generated_parses = true});
    CHECK(nothing.query_similarity_source == "none");
    CHECK(nothing.total == 0.0);
    CHECK_FALSE(nothing.pass);
}

TEST_CASE("total: scores out of range are clamped", "[total]") {
    auto t = total_score({.generated_parses = true, .judge = 1.7, .results = -0.2});
    CHECK(t.query_similarity == 1.0);
    CHECK(*t.results_match == 0.0);
    CHECK(t.total == Approx(0.5));
}
