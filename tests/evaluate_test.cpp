// evaluate() and Batch: the public way to run cases through every stage, as `qdiff batch` does.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "qdiff/evaluate.hpp"

namespace {

using namespace qdiff;
using nlohmann::json;

Case oriented_case() {
    Case c;
    c.id = "oriented";
    c.language = Language::Sql;
    c.expected = "SELECT a FROM t WHERE b > 1";
    c.generated = "SELECT a FROM t WHERE 1 < b";
    return c;
}

}  // namespace

TEST_CASE("evaluate gives one case's batch record, under the shared options", "[evaluate]") {
    EvaluateOptions options;
    json record = json::parse(evaluate(oriented_case(), options));
    CHECK(record["id"] == "oriented");
    CHECK(record["verdict"] == "equivalent");
    CHECK(record["structural"]["score"] == 1.0);
    CHECK(record["structural"]["profile"] == "execution");

    REQUIRE(set_compare_option(options.compare, CompareOption::NormalizeOff, "comparison-orientation").empty());
    json off = json::parse(evaluate(oriented_case(), options));
    CHECK(off["structural"]["score"] < 1.0);
    CHECK(off["verdict"] != "equivalent");

    Case broken = oriented_case();
    broken.generated = "SELECT a FORM t";
    CHECK(json::parse(evaluate(broken))["verdict"] == "cannot_run");
}

TEST_CASE("the evaluate options are declared once and validated", "[evaluate]") {
    for (const EvaluateOptionInfo& info : evaluate_option_infos()) {
        CHECK_FALSE(info.help.empty());
        CHECK(find_evaluate_option(info.name) == &info);
    }
    REQUIRE(find_evaluate_option("results_mode") != nullptr);
    CHECK(find_evaluate_option("lang") == nullptr);  // a comparison option: compare_options.def
    EvaluateOptions o;
    CHECK(set_evaluate_option(o, EvaluateOption::Db, "mysql://x").find("must be sqlite:PATH") == 0);
    CHECK(set_evaluate_option(o, EvaluateOption::Db, "sqlite:/nonexistent.db").find("does not exist") !=
          std::string::npos);
    CHECK(set_evaluate_option(o, EvaluateOption::Blend, "1.5") == "must be a number from 0 to 1");
    CHECK(set_evaluate_option(o, EvaluateOption::Threads, "0") == "must be a whole number from 1 to 1024");
    CHECK(set_evaluate_option(o, EvaluateOption::ResultsMode, "median") == "must be exact, set, recall or f1");
    CHECK(set_evaluate_option(o, EvaluateOption::PositionalColumns, "").empty());
    CHECK(o.positional_columns);
    CHECK(set_evaluate_option(o, EvaluateOption::Db, "none").empty());
    CHECK_FALSE(o.synth_when_schema);
    o.blend = 7;
    CHECK_THROWS_AS(Batch(o), std::invalid_argument);
}

TEST_CASE("Batch gives one record per input, in order, with repeated ids renamed", "[evaluate]") {
    EvaluateOptions options;
    options.threads = 2;
    options.cases_per_thread = 1;
    Batch batch(options);
    std::vector<Batch::Input> inputs;
    for (size_t i = 0; i < 6; ++i)
        inputs.push_back({i + 1, std::string(R"({"id": "x", "expected": "SELECT 1", "generated": "SELECT )") +
                                     std::to_string(i % 2 + 1) + "\"}"});
    inputs.push_back({7, std::string("not json")});
    inputs.push_back({8, oriented_case()});
    size_t next = 0;
    std::vector<Batch::Output> outputs;
    batch.run([&]() -> std::optional<Batch::Input> { return next < inputs.size() ? std::optional(inputs[next++]) : std::nullopt; },
              [&](Batch::Output&& out) { outputs.push_back(std::move(out)); });
    REQUIRE(outputs.size() == inputs.size());
    for (size_t i = 0; i < outputs.size(); ++i) CHECK(outputs[i].line == i + 1);
    CHECK(outputs[0].id == "x");
    CHECK(outputs[1].id == "x#2");
    CHECK(outputs[1].renamed_from == "x");
    CHECK(json::parse(outputs[0].record)["pass"] == true);
    CHECK(json::parse(outputs[1].record)["pass"] == false);
    CHECK(json::parse(outputs[6].record)["status"] == "error");
    CHECK(json::parse(outputs[7].record)["id"] == "oriented");
}
