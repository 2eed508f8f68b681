// evaluate() and Batch (include/qdiff/evaluate.hpp) over the pipeline and the ordered batch runner.
#include "stages/evaluate.hpp"

#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <sstream>
#include <stdexcept>

#include "stages/results/kql/databases.hpp"
#include "stages/results/results_stage.hpp"
#include "stages/results/synth/stage_source.hpp"
#include "support/strings.hpp"

namespace qdiff {
namespace {

// A bound as people write it: 1, 0.5, 0.001, 86400 (not std::to_string's 1.000000).
std::string shortest(double v) {
    std::ostringstream out;
    out << std::setprecision(15) << v;
    return out.str();
}

std::optional<double> number_in(std::string_view text, double low, double high) {
    try {
        std::string s(text);
        size_t used = 0;
        double v = std::stod(s, &used);
        if (used == s.size() && v >= low && v <= high) return v;
    } catch (const std::exception&) {}
    return std::nullopt;
}

std::string number_error(double low, double high) {
    return "must be a number from " + shortest(low) + " to " + shortest(high);
}

// "" when the database can be used; else what is wrong, to follow the option's name.
std::string db_error(const std::string& db) {
    if (db.empty()) return "";
    if (!results::engine_of(db) && !results::synth::is_synth_db(db) && !results::kql::is_tables_db(db))
        return "must be sqlite:PATH, postgres:URI, synth[:N[:SEED]], tables:DIR (KQL) or none";
    // A database file that is not there would fail every case, one error record each: said once.
    if (results::engine_of(db) == Dialect::Sqlite) {
        std::string path = db.substr(std::string_view("sqlite:").size());
        std::error_code ec;
        if (!std::filesystem::is_regular_file(path, ec) || !std::ifstream(path, std::ios::binary))
            return db + ": " + path +
                   (std::filesystem::exists(path, ec) ? " is not a readable file" : " does not exist");
    }
    results::synth::SynthOptions synth;
    // The synth parser's message names the option itself ("--db synth:N needs ..."): said once.
    if (std::string why; results::synth::is_synth_db(db) && !results::synth::parse_synth_db(db, synth, why))
        return why.starts_with("--db ") ? why.substr(std::string_view("--db ").size()) : why;
    return "";
}

}  // namespace

const std::vector<EvaluateOptionInfo>& evaluate_option_infos() {
    static const std::vector<EvaluateOptionInfo> infos = {
#define QDIFF_EVALUATE_OPTION(Id, name, value, help) {EvaluateOption::Id, name, value, help},
#include "qdiff/evaluate_options.def"
    };
    return infos;
}

const EvaluateOptionInfo* find_evaluate_option(std::string_view name) {
    for (const EvaluateOptionInfo& info : evaluate_option_infos())
        if (support::option_name_matches(info.name, name)) return &info;
    return nullptr;
}

std::string set_evaluate_option(EvaluateOptions& options, EvaluateOption option, std::string_view value) {
    std::string text(value);
    switch (option) {
        case EvaluateOption::Db:
            if (text == "none") {
                options.db.clear();
                options.synth_when_schema = false;
                return "";
            }
            if (std::string error = db_error(text); !error.empty()) return error;
            options.db = text;
            options.synth_when_schema = true;
            return "";
        case EvaluateOption::ResultsMode:
            if (text != "exact" && text != "set" && text != "recall" && text != "f1")
                return "must be exact, set, recall or f1";
            options.results_mode = text;
            return "";
        case EvaluateOption::PositionalColumns:
            if (text != "" && text != "true" && text != "false") return "is a switch: true or false";
            options.positional_columns = text != "false";
            return "";
        case EvaluateOption::Timeout:
            if (auto v = number_in(text, 0.001, 86400)) {
                options.timeout = *v;
                return "";
            }
            return number_error(0.001, 86400);
        case EvaluateOption::Judge:
            options.judge = text;
            return "";
        case EvaluateOption::JudgeModel:
            options.judge_model = text;
            return "";
        case EvaluateOption::JudgeCache:
            options.judge_cache = text;
            return "";
        case EvaluateOption::Verdict:
            if (text == "evidence")
                options.verdict = VerdictMode::Evidence;
            else if (text == "seed")
                options.verdict = VerdictMode::SeedTotal;
            else
                return "must be evidence or seed";
            return "";
        case EvaluateOption::Blend:
            if (auto v = number_in(text, 0, 1)) {
                options.blend = *v;
                return "";
            }
            return number_error(0, 1);
        case EvaluateOption::PassThreshold:
            if (auto v = number_in(text, 0, 1)) {
                options.pass_threshold = *v;
                return "";
            }
            return number_error(0, 1);
        case EvaluateOption::Threads:
            if (!text.empty() && text.size() <= 9 && std::all_of(text.begin(), text.end(), [](char c) {
                    return c >= '0' && c <= '9';
                })) {
                size_t n = std::stoul(text);
                if (n >= 1 && n <= 1024) {
                    options.threads = n;
                    return "";
                }
            }
            return "must be a whole number from 1 to 1024";
    }
    return "is not an option";
}

namespace stages {

void check(const EvaluateOptions& options) {
    auto fail = [](const std::string& name, const std::string& error) {
        throw std::invalid_argument(name + " " + error);
    };
    if (std::string error = db_error(options.db); !error.empty()) fail("db", error);
    EvaluateOptions copy = options;
    if (std::string error = set_evaluate_option(copy, EvaluateOption::ResultsMode, options.results_mode); !error.empty())
        fail("results_mode", error);
    if (!(options.blend >= 0 && options.blend <= 1)) fail("blend", number_error(0, 1));
    if (options.pass_threshold && !(*options.pass_threshold >= 0 && *options.pass_threshold <= 1))
        fail("pass_threshold", number_error(0, 1));
    if (options.timeout && !(*options.timeout >= 0.001 && *options.timeout <= 86400))
        fail("timeout", number_error(0.001, 86400));
    if (options.threads < 1 || options.threads > 1024) fail("threads", "must be a whole number from 1 to 1024");
    if (options.cases_per_thread == 0) fail("cases_per_thread", "must be at least 1");
}

PipelineOptions pipeline_options(const EvaluateOptions& options) {
    PipelineOptions pipeline;
    pipeline.profile = options.compare.profile;
    pipeline.normalize_off = options.compare.normalize_off;
    pipeline.positional_columns = options.positional_columns;
    pipeline.total.mode = options.verdict;
    pipeline.total.blend = options.blend;
    pipeline.total.pass_threshold = options.pass_threshold;
    return pipeline;
}

BatchStageOptions stage_options(const EvaluateOptions& options) {
    return BatchStageOptions{.db = options.db,
                             .synth_when_schema = options.synth_when_schema,
                             .results_mode = options.results_mode,
                             .positional_columns = options.positional_columns,
                             .judge = options.judge,
                             .judge_model = options.judge_model,
                             .judge_cache = options.judge_cache,
                             .timeout = options.timeout};
}

std::unique_ptr<BatchRunner> make_runner(const EvaluateOptions& options, RecordFormat format,
                                         std::function<bool(const std::string& id)> already_done) {
    check(options);
    BatchRunnerOptions runner;
    runner.threads = options.threads;
    runner.cases_per_thread = options.cases_per_thread;
    runner.defaults = {.language = options.compare.language,
                       .dialect = options.compare.dialect,
                       .base_dir = options.base_dir};
    runner.format = format;
    runner.already_done = std::move(already_done);
    PipelineOptions pipeline = pipeline_options(options);
    BatchStageOptions stages = stage_options(options);
    auto schemas = std::make_shared<SchemaCache>();
    return std::make_unique<BatchRunner>(std::move(runner), [&] {
        return std::make_unique<Pipeline>(pipeline, make_batch_stages(stages), schemas);
    });
}

}  // namespace stages

std::string evaluate(const Case& c, const EvaluateOptions& options) {
    stages::check(options);
    stages::Pipeline pipeline(stages::pipeline_options(options), stages::make_batch_stages(stages::stage_options(options)));
    return stages::outcome_record_text(1, c, pipeline.run(c));
}

struct Batch::Impl {
    std::unique_ptr<stages::BatchRunner> runner;
};

Batch::Batch(EvaluateOptions options, std::function<bool(const std::string& id)> already_done)
    : impl_(std::make_unique<Impl>()) {
    impl_->runner = stages::make_runner(options, stages::RecordFormat::Jsonl, std::move(already_done));
}

Batch::~Batch() = default;

void Batch::run(const std::function<std::optional<Input>()>& next, const std::function<void(Output&&)>& emit) {
    impl_->runner->run(
        [&]() -> std::optional<stages::BatchInput> {
            std::optional<Input> input = next();
            if (!input) return std::nullopt;
            return stages::BatchInput{input->line, std::move(input->content)};
        },
        [&](stages::BatchOutput&& output) {
            emit(Output{.line = output.line,
                        .id = std::move(output.id),
                        .renamed_from = std::move(output.renamed_from),
                        .first_line = output.first_line,
                        .skipped = output.skipped,
                        .record = std::move(output.text)});
        });
}

size_t Batch::window() const { return impl_->runner->window(); }

}  // namespace qdiff
