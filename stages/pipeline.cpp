// One case through the stages: parse, structural diff, secondary stages, total (stages/pipeline.hpp).
#include "stages/pipeline.hpp"

#include <chrono>
#include <exception>

#include "qdiff/compare.hpp"
#include "scoring/default_profile.hpp"
#include "scoring/execution.hpp"

namespace qdiff::stages {
namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Runs one step, records its time, and turns an exception into a message.
template <class Step>
std::string timed(CaseOutcome& out, std::string_view name, Step&& step) {
    auto start = std::chrono::steady_clock::now();
    std::string error;
    try {
        step();
    } catch (const std::exception& e) {
        error = std::string(name) + ": " + e.what();
    } catch (...) {
        error = std::string(name) + ": unknown exception";
    }
    out.timings.emplace_back(name, seconds_since(start));
    return error;
}

const StageResult* find_stage(const std::vector<StageResult>& results, StageKind kind) {
    for (const StageResult& r : results)
        if (r.stage == kind) return &r;
    return nullptr;
}

// Why a query does not parse, for the reasons: "LINE:COLUMN: message" of its first error ("" when none).
std::string first_parse_error(const std::optional<ParseResult>& parsed) {
    return parsed ? parsed->first_error() : "";
}

// The statements that return something: a KQL `let` binds a name for the query after it.
size_t query_statements(const ParseResult& parsed) {
    size_t n = 0;
    for (const ast::Statement* s : parsed.script()->statements) n += ast::dyn_cast<ast::Let>(s) ? 0 : 1;
    return n;
}

scoring::TotalInputs total_inputs(const CaseOutcome& out) {
    scoring::TotalInputs in;
    in.generated_parses = out.generated && out.generated->ok();
    in.generated_parse_error = first_parse_error(out.generated);
    in.expected_parse_error = first_parse_error(out.expected);
    if (out.diff) {
        in.structural = out.diff->score;
        in.structural_explanation = scoring::explain_differences(*out.diff);
    }
    if (const StageResult* judge = find_stage(out.stages, StageKind::Judge); judge && judge->status == StageStatus::Ok)
        in.judge = judge->score;
    if (const StageResult* results = find_stage(out.stages, StageKind::Results)) {
        if (results->status == StageStatus::Ok) in.results = results->score;
        in.results_explanation = results->reason;
        if (results->status == StageStatus::Error || results->status == StageStatus::Timeout) {
            in.results_failed = true;
            in.results_error = results->reason;
        }
    }
    return in;
}

}  // namespace

Pipeline::Pipeline(PipelineOptions options, std::vector<std::unique_ptr<Stage>> stages,
                   std::shared_ptr<SchemaCache> schemas)
    : options_(std::move(options)),
      schemas_(schemas ? std::move(schemas) : std::make_shared<SchemaCache>()),
      stages_(std::move(stages)) {}

const Profile& Pipeline::verdict_model(Language expected, Language generated) {
    if (options_.profile && options_.profile->kind == ProfileKind::Execution) return *options_.profile;
    return *builtin_profile(scoring::verdict_profile_name(expected, generated));
}

std::shared_ptr<const SchemaFacts> Pipeline::facts_of(const std::shared_ptr<const SchemaLoadResult>& loaded) {
    // A batch has few schemas and many cases each: the facts of one are built once per worker.
    constexpr size_t kKept = 64;
    for (const auto& [schema, facts] : facts_)
        if (schema == loaded) return facts;
    if (facts_.size() == kKept) facts_.pop_front();
    return facts_.emplace_back(loaded, std::make_shared<SchemaFacts>(*loaded->schema)).second;
}

CaseOutcome Pipeline::run(const Case& c) {
    CaseOutcome out;
    auto fail = [&](std::string error) {
        if (!error.empty() && out.error.empty()) out.error = std::move(error);
    };
    fail(timed(out, "parse", [&] {
        ParseOptions options{
            .language = c.expected_language.value_or(c.language), .dialect = c.dialect, .source_name = "expected"};
        out.expected.emplace(parse(c.expected, options));
        options.language = c.language;
        options.source_name = "generated";
        out.generated.emplace(parse(c.generated, options));
    }));
    bool both_parse = out.expected && out.expected->ok() && out.generated && out.generated->ok();
    // The case's schema, loaded once for the diff (its keys, NOT NULL columns and foreign keys make more
    // spellings equal), lint and the stages.
    const Schema* schema = nullptr;
    std::shared_ptr<const SchemaLoadResult> loaded;  // held while the diff, lint and the stages run
    std::shared_ptr<const SchemaFacts> facts;
    auto load_case_schema = [&] {
        if (loaded || c.schema.empty()) return;
        loaded = schemas_->get(c.schema);
        if (loaded->schema) {
            schema = &*loaded->schema;
            facts = facts_of(loaded);
        } else {
            out.schema_diagnostics = loaded->diagnostics;
        }
    };
    if (both_parse) {
        fail(timed(out, "diff", [&] {
            load_case_schema();
            const Profile& profile =
                options_.profile ? *options_.profile
                                 : *builtin_profile(default_profile_name(out.expected->language(),
                                                                         out.generated->language(), ProfileUse::Batch));
            CompareOptions compare_options;
            compare_options.dialect = c.dialect;
            compare_options.normalize_off = options_.normalize_off;
            compare_options.schema = facts;
            out.diff = diff_parsed(*out.expected, *out.generated, profile, compare_options);
            if (profile.kind != ProfileKind::Execution)
                out.verdict_diff =
                    diff_parsed(*out.expected, *out.generated,
                                verdict_model(out.expected->language(), out.generated->language()), compare_options);
        }));
    }

    if (out.generated) {
        fail(timed(out, "lint", [&] {
            load_case_schema();
            LintOptions options;
            options.schema = schema;
            options.dialect = c.dialect;
            out.lint = lint(*out.generated, options);
        }));
    }

    StageContext context;
    if (out.expected && out.expected->ok()) context.expected = &*out.expected;
    if (out.generated && out.generated->ok()) context.generated = &*out.generated;
    if (out.diff) context.structural_score = out.diff->score;
    if (out.lint) context.confidence = out.lint->confidence;
    context.schema = schema;
    for (const auto& stage : stages_) {
        StageResult result;
        std::string error = timed(out, stage_kind_name(stage->kind()), [&] { result = stage->run(c, context); });
        // Stages promise not to throw; one that does still yields a record, as an error.
        if (!error.empty()) {
            result.status = StageStatus::Error;
            result.score = 0;
            result.reason = error;
        }
        result.stage = stage->kind();
        result.seconds = out.timings.back().second;
        out.stages.push_back(std::move(result));
    }

    scoring::VerdictInputs& evidence = out.evidence;
    evidence.expected_parses = out.expected && out.expected->ok();
    evidence.generated_parses = out.generated && out.generated->ok();
    evidence.expected_parse_error = first_parse_error(out.expected);
    if (evidence.expected_parses) evidence.expected_statements = query_statements(*out.expected);
    if (evidence.generated_parses) evidence.generated_statements = query_statements(*out.generated);
    evidence.generated_parse_error = first_parse_error(out.generated);
    evidence.diff = out.verdict_diff ? &*out.verdict_diff : out.diff ? &*out.diff : nullptr;
    if (const StageResult* results = find_stage(out.stages, StageKind::Results))
        evidence.results = scoring::results_evidence(*results);
    // Columns compared by position with no database that compared them: the select list's order decides.
    using scoring::ResultsEvidenceKind;
    if (options_.positional_columns && evidence.diff && evidence.expected_parses && evidence.generated_parses &&
        out.expected->language() == Language::Sql && out.generated->language() == Language::Sql &&
        (evidence.results.kind == ResultsEvidenceKind::None || evidence.results.kind == ResultsEvidenceKind::Undecided))
        if (std::string why = scoring::columns_out_of_position(*evidence.diff); !why.empty())
            evidence.results = {.kind = ResultsEvidenceKind::Differs, .separating_kind = "column_order", .explanation = why};
    if (out.lint && schema)
        for (const Diagnostic& d : out.lint->diagnostics) evidence.lint_errors += d.severity == Severity::Error ? 1 : 0;
    if (const StageResult* judge = find_stage(out.stages, StageKind::Judge); judge && judge->status == StageStatus::Ok)
        evidence.judge = judge->score;
    const Profile& model = verdict_model(out.expected ? out.expected->language() : c.language,
                                         out.generated ? out.generated->language() : c.language);
    out.verdict = scoring::decide_verdict(evidence, model);
    bool structure_only = evidence.results.kind == scoring::ResultsEvidenceKind::None;
    double threshold = structure_only                         ? model.threshold_structural.value_or(model.threshold)
                       : evidence.results.edge_cases_weighed ? model.threshold_set.value_or(model.threshold)
                                                              : model.threshold;
    out.total = scoring::decide_total(total_inputs(out), out.verdict, threshold, options_.total);
    evidence.diff = nullptr;  // the outcome may be moved
    if (!out.error.empty()) {
        out.total.pass = false;
        out.total.reasons.push_back("internal error: " + out.error);
    }
    return out;
}

}  // namespace qdiff::stages
