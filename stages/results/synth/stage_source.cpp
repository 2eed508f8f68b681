#include "stages/results/synth/stage_source.hpp"

#include <algorithm>
#include <charconv>
#include <tuple>
#include <nlohmann/json.hpp>

#include "qdiff/dialect.hpp"
#include "qdiff/schema.hpp"
#include "stages/results/results_stage.hpp"
#include "stages/results/sqlite_spelling.hpp"

namespace qdiff::results::synth {
namespace {

template <class T>
bool parse_number(std::string_view text, T& out) {
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return ec == std::errc() && end == text.data() + text.size();
}

}  // namespace

bool is_synth_db(std::string_view db) { return db == "synth" || db.starts_with("synth:"); }

bool parse_synth_db(std::string_view db, SynthOptions& options, std::string& error) {
    if (!is_synth_db(db)) {
        error = "not a synthesized database: '" + std::string(db) + "'";
        return false;
    }
    if (db == "synth") return true;
    std::string_view rest = db.substr(6);
    std::string_view count = rest.substr(0, rest.find(':'));
    size_t n = 0;
    if (!parse_number(count, n) || n < 1 || n > 1000) {
        error = "--db synth:N needs N between 1 and 1000, got '" + std::string(count) + "'";
        return false;
    }
    options.databases = n;
    options.max_databases = 2 * n;
    if (size_t colon = rest.find(':'); colon != std::string_view::npos) {
        uint64_t seed = 0;
        if (!parse_number(rest.substr(colon + 1), seed)) {
            error = "--db synth:N:SEED needs a whole number SEED, got '" + std::string(rest.substr(colon + 1)) + "'";
            return false;
        }
        options.seed = seed;
    }
    return true;
}

bool stage_synth_options(std::string_view db, const ResultsOptions& stage, SynthOptions& options, std::string& error) {
    if (!parse_synth_db(db, options, error)) return false;
    options.limits = {stage.timeout_seconds, std::min<size_t>(stage.row_cap, 10000)};
    options.tolerance = stage.tolerance;
    options.as_sets = stage.mode == "set";
    options.positional_columns = stage.positional_columns;
    return true;
}

const Schema* case_schema(const Case& c, const StageContext& context, std::optional<SchemaLoadResult>& loaded,
                          std::string& why_not) {
    if (context.schema) return context.schema;
    if (!c.schema.empty()) {
        SchemaSpec spec = split_schema_spec(c.schema);
        loaded = load_schema(spec.path, spec.selector);
        if (loaded->schema) return &*loaded->schema;
    }
    why_not = c.schema.empty() ? "--db synth needs the case's schema (tables to synthesize)"
                               : "--db synth: the case's schema did not load";
    return nullptr;
}

SynthOutcome compare_sql_as_sqlite_runs_it(const Schema& schema, const std::string& expected_text,
                                           const ParseResult& expected_parsed, const std::string& generated_text,
                                           const ParseResult& generated_parsed, bool ordered,
                                           const std::vector<size_t>& order_keys, const SynthOptions& options) {
    const ParseResult* expected = &expected_parsed;
    const ParseResult* generated = &generated_parsed;
    // Each query's engine's NULL order (null_order.cpp) and case-sensitive LIKE (like_case.cpp), stated for
    // SQLite; parsed again, as the judging reads spans of the text it runs.
    std::string expected_sql = expected_text, generated_sql = generated_text;
    std::optional<ParseResult> stated_expected, stated_generated;
    for (auto rewrite : {&with_stated_null_order, &with_case_sensitive_like})
        for (auto [sql, parsed, stated] : {std::tuple{&expected_sql, &expected, &stated_expected},
                                           std::tuple{&generated_sql, &generated, &stated_generated}})
            if (auto text = rewrite(*sql, **parsed)) {
                ParseResult again =
                    parse(*text, ParseOptions{.language = Language::Sql, .dialect = (*parsed)->dialect()});
                if (!again.ok()) continue;
                *sql = std::move(*text);
                *parsed = &stated->emplace(std::move(again));
            }
    // A query of another dialect than SQLite's runs as SQLite spells it (TOP 5 as LIMIT 5, ...); one that
    // uses what SQLite cannot spell is undecided: its failure would say nothing about the query.
    // (the schema's date columns: PostgreSQL's `date - date` is days, SQLite's the difference of two texts)
    const SqliteDateColumns date_columns = respelled_for_sqlite(*expected) || respelled_for_sqlite(*generated)
                                               ? sqlite_date_columns(schema)
                                               : SqliteDateColumns{};
    SqliteSpelling expected_lite = sqlite_spelling(expected_sql, *expected, false, date_columns);
    SqliteSpelling generated_lite = sqlite_spelling(generated_sql, *generated, false, date_columns);
    SynthOutcome outcome;
    if (!generated_lite.untranslatable.empty() || !expected_lite.untranslatable.empty()) {
        bool generated_side = !generated_lite.untranslatable.empty();
        outcome.verdict = Verdict::Undecided;
        outcome.undecided_cause = "dialect";
        outcome.reason = generated_side ? untranslatable_reason("generated", generated->dialect(),
                                                                generated_lite.untranslatable)
                                        : untranslatable_reason("expected", expected->dialect(),
                                                                expected_lite.untranslatable);
    } else {
        outcome = compare_on_synthesized(schema, expected_lite.sql,
                                         expected_lite.reprinted() ? *expected_lite.parsed : *expected,
                                         generated_lite.sql,
                                         generated_lite.reprinted() ? *generated_lite.parsed : *generated,
                                         ordered, order_keys, options);
    }
    // The synthesized databases are SQLite: a query written for another engine (T-SQL's ISNULL, ...) that
    // SQLite cannot run says nothing about the query, only about the engine.
    Dialect dialect = generated->dialect();
    if (outcome.verdict == Verdict::Error && !outcome.timed_out && dialect != Dialect::Generic &&
        traits(dialect).engine != "sqlite") {
        outcome.verdict = Verdict::Undecided;
        outcome.undecided_cause = "dialect";
        outcome.reason = "the synthesized databases run SQLite, and this " + std::string(traits(dialect).name) +
                         " query does not run there (" + outcome.reason + ")";
    }
    return outcome;
}

StageResult evaluate_synthesized(const Case& c, const StageContext& context, const SynthOptions& options) {
    StageResult r;
    std::optional<SchemaLoadResult> loaded;
    const Schema* schema = case_schema(c, context, loaded, r.reason);
    if (!schema) return r;
    ParseOptions parse_options{.language = c.language, .dialect = c.dialect};
    std::optional<ParseResult> own_expected, own_generated;
    const ParseResult* expected = context.expected;
    const ParseResult* generated = context.generated;
    if (!expected) expected = &own_expected.emplace(parse(c.expected, parse_options));
    if (!generated) generated = &own_generated.emplace(parse(c.generated, parse_options));
    if (expected->language() != Language::Sql || generated->language() != Language::Sql) {
        r.reason = "--db synth runs SQL only";
        return r;
    }
    ResultOrder order = result_order(*expected);
    SynthOutcome outcome = compare_sql_as_sqlite_runs_it(*schema, c.expected, *expected, c.generated, *generated,
                                                         c.expected_ordered || order.ordered, order.keys, options);
    StageResult verdict = outcome_result(outcome, options.seed);
    // The verdict weighs an edge-case-only difference under BIRD's set semantics (scoring/verdict.hpp).
    verdict.details["synth_as_sets"] = options.as_sets ? "true" : "false";
    verdict.details.insert(r.details.begin(), r.details.end());
    return verdict;
}

StageResult outcome_result(const SynthOutcome& outcome, uint64_t seed) {
    StageResult r;
    r.details["synth_verdict"] = nlohmann::json(verdict_name(outcome.verdict)).dump();
    r.details["synth_databases"] = std::to_string(outcome.databases_run);
    r.details["synth_databases_tried"] = std::to_string(outcome.databases_run);
    r.details["synth_seed"] = std::to_string(seed);
    if (outcome.tied_cuts > 0) r.details["synth_tied_cuts"] = std::to_string(outcome.tied_cuts);
    if (outcome.verdict == Verdict::Equal && !outcome.rounding.empty())
        r.details["synth_rounding"] = nlohmann::json(outcome.rounding).dump();
    r.reason = outcome.reason;
    switch (outcome.verdict) {
        case Verdict::Equal:
            r.status = StageStatus::Ok;
            r.score = 1;
            break;
        case Verdict::Different:
            r.status = StageStatus::Ok;
            r.score = 0;
            r.details["synth_edge_cases_only"] = outcome.edge_cases_only ? "true" : "false";
            r.details["synth_kind"] = nlohmann::json(kind_name(outcome.kind)).dump();
            if (outcome.counterexample) r.details["counterexample"] = counterexample_json(*outcome.counterexample);
            break;
        case Verdict::Undecided:
            r.status = StageStatus::Skipped;
            r.reason = "undecided: " + outcome.reason;
            r.details["synth_undecided_cause"] = nlohmann::json(outcome.undecided_cause).dump();
            break;
        case Verdict::Error:
            r.status = outcome.timed_out ? StageStatus::Timeout : StageStatus::Error;
            r.score = 0;
            break;
    }
    return r;
}

}  // namespace qdiff::results::synth
