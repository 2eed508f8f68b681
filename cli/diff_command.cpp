// `qdiff diff [--lang ...] [--expected-lang ...] [--profile NAME|FILE] [--format text|json]
//            [--dialect ...] [--normalize-off RULE[,RULE...]]
//            [--schema FILE[#NAME]] [--db synth[:N[:SEED]]] [--expected-text Q] [--generated-text Q]
//            [--verdict evidence|seed [--results-mode ...] [--positional-columns]] [EXPECTED] [GENERATED]`
#include <cstdio>
#include <iostream>
#include <optional>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "diff/diff_json.hpp"
#include "qdiff/compare.hpp"
#include "qdiff/evaluate.hpp"
#include "stages/results/results_stage.hpp"
#include "stages/results/kql/databases.hpp"
#include "stages/results/kql/judge.hpp"
#include "stages/results/synth/stage_source.hpp"

namespace qdiff::cli {
namespace {

using ordered_json = nlohmann::ordered_json;

// `--db synth`: both queries on synthesized databases (stages/results/synth), or nullopt without --db.
std::optional<results::synth::SynthOutcome> synthesized_results(const Args& args, const std::optional<Schema>& schema,
                                                                const ParseResult& expected,
                                                                const std::string& expected_text,
                                                                const ParseResult& generated,
                                                                const std::string& generated_text) {
    auto db = args.get("db");
    if (!db) return std::nullopt;
    results::synth::SynthOptions options;
    std::string error;
    // Rows compare as the batch's results stage compares them under the same options.
    EvaluateOptions evaluate;  // (its check of --results-mode, as batch's)
    if (auto mode = args.get("results-mode"))
        if (std::string error = set_evaluate_option(evaluate, EvaluateOption::ResultsMode, *mode); !error.empty())
            throw UsageError{"--results-mode " + error};
    options.as_sets = evaluate.results_mode == "set";
    options.positional_columns = args.flag("positional-columns");
    bool kql = expected.language() == Language::Kql && generated.language() == Language::Kql;
    // KQL on given tables (stages/results/kql).
    if (kql && results::kql::is_tables_db(*db)) {
        results::kql::KqlDatabase tables;
        if (!results::kql::load_tables_dir(db->substr(7), tables, error)) throw UsageError{error};
        auto order = results::result_order(expected);
        return results::kql::compare_kql_on_tables(tables, expected, generated, order.ordered, order.keys, options,
                                                   results::kql::kDefaultNowTicks);
    }
    if (!results::synth::is_synth_db(*db))
        throw UsageError{"--db: only synth[:N[:SEED]] (or tables:DIR for KQL) here, got '" + *db + "'"};
    // A synth database with a bad count or seed: the parser's message names the option itself.
    if (!results::synth::parse_synth_db(*db, options, error)) throw UsageError{error};
    if (!schema) throw UsageError{"--db synth needs --schema FILE[#NAME]: the tables to synthesize"};
    auto order = results::result_order(expected);
    if (kql)
        return results::kql::compare_kql_on_synthesized(*schema, expected, generated, order.ordered, order.keys, options,
                                                        results::kql::kDefaultNowTicks);
    if (expected.language() != Language::Sql || generated.language() != Language::Sql)
        throw UsageError{"--db synth runs SQL queries, or KQL queries on both sides"};
    return results::synth::compare_sql_as_sqlite_runs_it(*schema, expected_text, expected, generated_text, generated,
                                                         order.ordered, order.keys, options);
}

// Where one side's query comes from: --expected-text/--generated-text, else the next positional file.
struct QueryInput {
    std::string text, source_name;
};

std::vector<QueryInput> read_queries(const Args& args) {
    const char* sides[] = {"expected", "generated"};
    size_t files_needed = 0;
    for (const char* side : sides) files_needed += args.get(std::string(side) + "-text") ? 0 : 1;
    if (args.positionals().size() != files_needed)
        throw UsageError{"expected " + std::to_string(files_needed) +
                         " input file(s) (EXPECTED and GENERATED, a file or -, " +
                         "or --expected-text/--generated-text), got " + std::to_string(args.positionals().size())};
    if (files_needed == 2 && args.positionals()[0] == "-" && args.positionals()[1] == "-")
        throw UsageError{"only one input can be standard input"};
    std::vector<QueryInput> inputs;
    size_t next_file = 0;
    for (const char* side : sides) {
        if (auto text = args.get(std::string(side) + "-text")) {
            std::string name = "<";
            name.append(side).append(">");
            inputs.push_back({*text, name});
        } else {
            const std::string& path = args.positionals()[next_file++];
            inputs.push_back({read_input(path), display_name(path)});
        }
    }
    return inputs;
}

// `--verdict`: the pair decided as one case of `qdiff batch` (the same stages, options and record): the
// verdict, its probability, pass and reasons. Null without --verdict.
std::optional<ordered_json> batch_verdict(const Args& args, const CompareOptions& compare,
                                          const std::vector<QueryInput>& inputs) {
    auto mode = args.get("verdict");
    if (!mode) return std::nullopt;
    EvaluateOptions options;
    options.compare = compare;
    options.compare.schema = nullptr;  // the case's schema is loaded as a batch case's is
    auto set = [&](EvaluateOption option, const std::string& name, const std::string& value) {
        if (std::string error = set_evaluate_option(options, option, value); !error.empty())
            throw UsageError{"--" + name + " " + error};
    };
    set(EvaluateOption::Verdict, "verdict", *mode);
    if (auto db = args.get("db")) set(EvaluateOption::Db, "db", *db);
    if (auto results_mode = args.get("results-mode")) set(EvaluateOption::ResultsMode, "results-mode", *results_mode);
    if (args.flag("positional-columns")) set(EvaluateOption::PositionalColumns, "positional-columns", "");
    Case c;
    c.id = "pair";
    c.language = compare.language;
    c.expected_language = compare.expected_language;
    c.dialect = compare.dialect;
    c.expected = inputs[0].text;
    c.generated = inputs[1].text;
    c.schema = args.get_or("schema", "");
    ordered_json record = ordered_json::parse(evaluate(c, options));
    ordered_json out;
    for (const char* field : {"verdict", "probability", "pass", "pass_threshold", "total", "reasons"})
        if (record.contains(field)) out[field] = record[field];
    return out;
}

std::string percent_text(const ordered_json& v) {
    if (!v.is_number()) return "-";
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.1f%%", 100 * v.get<double>());
    return buffer;
}

}  // namespace

int run_diff(const std::vector<std::string>& argv) {
    Args args("diff", "Scores GENERATED against EXPECTED, structurally, and explains every point.", argv,
              {compare_option("lang"),
               compare_option("expected-lang"),
               compare_option("dialect"),
               compare_option("profile"),
               {"format", "text|json: output format (text)"},
               {"expected-text", "Q: the expected query itself, instead of a file"},
               {"generated-text", "Q: the generated query itself, instead of a file"},
               {"db", "synth[:N[:SEED]]: also compare results on synthesized databases (needs --schema); tables:DIR for "
                      "KQL"},
               {"schema", "FILE[#NAME]: the tables both queries read: their keys, NOT NULL columns and foreign keys "
                          "make more spellings equal; with --db synth, the tables to synthesize"},
               compare_option("normalize-off"),
               {"verdict", "evidence|seed: also decide the pair as one case of qdiff batch would be (its verdict, "
                           "probability, pass and reasons; with --schema, on synthesized databases unless --db none)"},
               {"results-mode", "exact|set|recall|f1: with --db or --verdict, how result rows compare (exact; set: "
                                "BIRD's sets of rows)"}},
              {{"positional-columns", "with --db or --verdict, pair result columns by position, as BIRD compares tuples"}},
              "EXPECTED GENERATED (files or -)");
    std::string format = args.choice("format", "text", {"text", "json"});
    CompareOptions options;
    read_compare_options(args, options, {"lang", "expected-lang", "dialect", "profile", "normalize-off"});
    std::vector<QueryInput> inputs = read_queries(args);
    options.expected_name = inputs[0].source_name;
    options.generated_name = inputs[1].source_name;
    std::optional<Schema> schema;
    if (auto spec = args.get("schema")) schema = load_schema_option(*spec);
    if (schema) options.schema = std::make_shared<SchemaFacts>(*schema);

    const std::string& expected_text = inputs[0].text;
    const std::string& generated_text = inputs[1].text;
    Comparison c = compare(expected_text, generated_text, options);
    // Without a result, the score 0 with the reasons and the diagnostics: still a result, exit 1.
    std::optional<results::synth::SynthOutcome> synthesized;
    if (c.ok() && !(args.get("verdict") && args.get("db") == std::optional<std::string>("none")))
        synthesized = synthesized_results(args, schema, c.expected, expected_text, c.generated, generated_text);
    std::optional<ordered_json> verdict = batch_verdict(args, options, inputs);
    if (format == "json") {
        ordered_json j = comparison_json(c);
        if (synthesized) {
            ordered_json sj;
            sj["verdict"] = results::synth::verdict_name(synthesized->verdict);
            sj["reason"] = synthesized->reason;
            sj["databases"] = synthesized->databases_run;
            if (synthesized->counterexample)
                sj["counterexample"] =
                    ordered_json::parse(results::synth::counterexample_json(*synthesized->counterexample));
            j["synthesized_results"] = sj;
        }
        if (verdict) j["batch_verdict"] = *verdict;
        std::cout << j.dump() << '\n';
        return c.ok() ? 0 : 1;
    }

    std::cout << to_text(c);
    if (synthesized) {
        std::cout << "results on synthesized databases: " << results::synth::verdict_name(synthesized->verdict) << " — "
                  << synthesized->reason << '\n';
        if (synthesized->counterexample)
            std::cout << results::synth::format_counterexample(*synthesized->counterexample);
    }
    if (verdict) {
        const ordered_json& v = *verdict;
        std::cout << "verdict (as qdiff batch decides it): " << v.value("verdict", std::string("-")) << ", probability "
                  << percent_text(v.value("probability", ordered_json())) << ", "
                  << (v.value("pass", false) ? "pass" : "fail") << " (threshold "
                  << percent_text(v.value("pass_threshold", ordered_json())) << ")\n";
        if (v.contains("reasons"))
            for (const auto& reason : v["reasons"]) std::cout << "  " << reason.get<std::string>() << '\n';
    }
    std::cerr << render_text(c.expected.diagnostics(), c.expected.source())
              << render_text(c.generated.diagnostics(), c.generated.source());
    return c.ok() ? 0 : 1;
}

}  // namespace qdiff::cli
