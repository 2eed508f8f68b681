// `qdiff diff [--lang ...] [--expected-lang ...] [--profile NAME|FILE] [--format text|json]
//            [--dialect ...] [--normalize-off RULE[,RULE...]]
//            [--schema FILE[#NAME]] [--db synth[:N[:SEED]]] [--expected-text Q] [--generated-text Q] [EXPECTED] [GENERATED]`
#include <iostream>
#include <optional>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "diff/diff_json.hpp"
#include "qdiff/diff.hpp"
#include "qdiff/diff_render.hpp"
#include "qdiff/parse.hpp"
#include "scoring/default_profile.hpp"
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
    bool kql = expected.language() == Language::Kql && generated.language() == Language::Kql;
    // KQL on given tables (stages/results/kql).
    if (kql && results::kql::is_tables_db(*db)) {
        results::kql::KqlDatabase tables;
        if (!results::kql::load_tables_dir(db->substr(7), tables, error)) throw UsageError{error};
        auto order = results::result_order(expected);
        return results::kql::compare_kql_on_tables(tables, expected, generated, order.ordered, order.keys, options,
                                                   results::kql::kDefaultNowTicks);
    }
    if (!results::synth::parse_synth_db(*db, options, error))
        throw UsageError{"--db: only synth[:N[:SEED]] (or tables:DIR for KQL) here; " + error};
    if (!schema) throw UsageError{"--db synth needs --schema FILE[#NAME]: the tables to synthesize"};
    auto order = results::result_order(expected);
    if (kql)
        return results::kql::compare_kql_on_synthesized(*schema, expected, generated, order.ordered, order.keys, options,
                                                        results::kql::kDefaultNowTicks);
    if (expected.language() != Language::Sql || generated.language() != Language::Sql)
        throw UsageError{"--db synth runs SQL queries, or KQL queries on both sides"};
    return results::synth::compare_on_synthesized(*schema, expected_text, expected, generated_text, generated,
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

// A side that does not parse: the reason, for the score 0 it gets.
std::vector<std::string> parse_failures(const ParseResult& expected, const ParseResult& generated) {
    std::vector<std::string> reasons;
    auto add = [&](const char* side, const ParseResult& r) {
        if (r.ok()) return;
        size_t errors = 0;
        for (const Diagnostic& d : r.diagnostics()) errors += d.severity == Severity::Error;
        std::string reason = "the ";
        reason.append(side).append(" query does not parse (").append(std::to_string(errors));
        reason.append(errors == 1 ? " error" : " errors").append("): scored 0");
        reasons.push_back(reason);
    };
    add("expected", expected);
    add("generated", generated);
    return reasons;
}

}  // namespace

int run_diff(const std::vector<std::string>& argv) {
    Args args("diff", "Scores GENERATED against EXPECTED, structurally, and explains every point.", argv,
              {lang_option(),
               lang_option("expected-lang"),
               dialect_option(),
               {"profile", "NAME|FILE: weaviate-ast, full, weaviate-reference, hybrid, execution, or a profile file"},
               {"format", "text|json: output format (text)"},
               {"expected-text", "Q: the expected query itself, instead of a file"},
               {"generated-text", "Q: the generated query itself, instead of a file"},
               {"db", "synth[:N[:SEED]]: also compare results on synthesized databases (needs --schema); tables:DIR for "
                      "KQL"},
               {"schema", "FILE[#NAME]: the tables both queries read: their keys, NOT NULL columns and foreign keys "
                          "make more spellings equal; with --db synth, the tables to synthesize"},
               {"normalize-off", "RULE[,RULE...]: normalization rules to switch off"}},
              {}, "EXPECTED GENERATED (files or -)");
    std::string format = args.choice("format", "text", {"text", "json"});
    // Without --profile: scoring::default_profile_name.
    auto load = [](const std::string& name) {
        try {
            return load_profile(name);
        } catch (const std::exception& e) {
            throw UsageError{e.what()};
        }
    };
    std::optional<Profile> chosen;
    if (auto name = args.get("profile")) chosen = load(*name);
    std::vector<QueryInput> inputs = read_queries(args);

    ParseOptions generated_options;
    generated_options.language = args.language();
    generated_options.dialect = args.dialect();
    generated_options.source_name = inputs[1].source_name;
    ParseOptions expected_options = generated_options;
    if (args.get("expected-lang")) expected_options.language = args.language("expected-lang");
    expected_options.source_name = inputs[0].source_name;

    const std::string& expected_text = inputs[0].text;
    const std::string& generated_text = inputs[1].text;
    ParseResult expected = parse(expected_text, expected_options);
    ParseResult generated = parse(generated_text, generated_options);
    if (!expected.ok() || !generated.ok()) {
        // Still a result: score 0 with the reasons, the diagnostics inside the JSON document (text: on stderr).
        std::vector<std::string> reasons = parse_failures(expected, generated);
        std::string profile = chosen ? chosen->name
                                     : std::string(scoring::default_profile_name(
                                           expected.language(), generated.language(), scoring::ProfileUse::Diff));
        if (format == "json") {
            ordered_json j;
            j["score"] = 0.0;
            j["ok"] = false;
            j["profile"] = profile;
            j["reasons"] = reasons;
            j["diagnostics"] = diff_diagnostics_json(expected, generated);
            std::cout << j.dump() << '\n';
        } else {
            std::cout << "score 0.000 (profile " << profile << ")\n";
            for (const std::string& reason : reasons) std::cout << "  " << reason << '\n';
            std::cerr << render_text(expected.diagnostics(), expected.source())
                      << render_text(generated.diagnostics(), generated.source());
        }
        return 1;
    }
    Profile profile = chosen ? *chosen
                             : load(std::string(scoring::default_profile_name(expected.language(), generated.language(),
                                                                              scoring::ProfileUse::Diff)));
    std::optional<Schema> schema;
    if (auto spec = args.get("schema")) schema = load_schema_option(*spec);
    auto synthesized = synthesized_results(args, schema, expected, expected_text, generated, generated_text);
    DiffResult r = diff(*expected.script(), expected.language(), *generated.script(), generated.language(), profile,
                        DiffOptions{.dialect = args.dialect(),
                                    .normalize_off = normalize_off(args),
                                    .schema = schema ? std::make_shared<SchemaFacts>(*schema) : nullptr});
    if (format == "json") {
        ordered_json j = diff_json(r, expected.source(), generated.source());
        j["diagnostics"] = diff_diagnostics_json(expected, generated);  // warnings and notes of queries that parse
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
        std::cout << j.dump() << '\n';
        return 0;
    }

    std::cout << to_text(r, expected.source(), generated.source());
    if (synthesized) {
        std::cout << "results on synthesized databases: " << results::synth::verdict_name(synthesized->verdict) << " — "
                  << synthesized->reason << '\n';
        if (synthesized->counterexample)
            std::cout << results::synth::format_counterexample(*synthesized->counterexample);
    }
    std::cerr << render_text(expected.diagnostics(), expected.source())
              << render_text(generated.diagnostics(), generated.source());
    return 0;
}

}  // namespace qdiff::cli
