// The batch pipeline for Python: BatchScorer runs stages/batch_runner on cases handed over one at a
// time by a Python callable and hands each record back, in input order, to another. The Python
// layer (qdiff.score_cases) turns the pair into a streaming generator.
#include <mutex>
#include <thread>

#include "python/src/bindings.hpp"
#include "stages/batch_runner.hpp"
#include "stages/batch_stages.hpp"
#include "stages/results/results_stage.hpp"
#include "stages/results/synth/stage_source.hpp"

namespace qdiff::python {
namespace {

class BatchScorer {
public:
    // The options of `qdiff batch`, checked the same way.
    BatchScorer(size_t threads, const std::optional<std::string>& profile,
                const stages::BatchStageOptions& stage_options, const std::string& verdict, double blend,
                std::optional<double> pass_threshold,
                const std::string& lang, const std::string& dialect, const std::string& base_dir) {
        if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
        if (threads > 1024) throw py::value_error("threads must be from 1 to 1024");
        if (!(blend >= 0 && blend <= 1)) throw py::value_error("blend must be from 0 to 1");
        if (pass_threshold && !(*pass_threshold >= 0 && *pass_threshold <= 1))
            throw py::value_error("pass_threshold must be from 0 to 1");
        std::optional<scoring::VerdictMode> mode = scoring::parse_verdict_mode(verdict);
        if (!mode) throw py::value_error("verdict must be evidence or seed");
        const std::string& db = stage_options.db;
        if (!db.empty() && !results::engine_of(db) && !results::synth::is_synth_db(db))
            throw py::value_error("db must be sqlite:PATH, postgres:URI or synth[:N[:SEED]]");
        if (stage_options.results_mode != "exact" && stage_options.results_mode != "set" &&
            stage_options.results_mode != "recall" && stage_options.results_mode != "f1")
            throw py::value_error("results_mode must be exact, set, recall or f1");
        if (stage_options.timeout && !(*stage_options.timeout >= 0.001 && *stage_options.timeout <= 86400))
            throw py::value_error("timeout must be from 0.001 to 86400 seconds");

        stages::PipelineOptions pipeline;
        if (profile) pipeline.profile = *profile_named(*profile);
        pipeline.total.mode = *mode;
        pipeline.total.blend = blend;
        pipeline.total.pass_threshold = pass_threshold;
        stages::BatchRunnerOptions options;
        options.threads = threads;
        options.defaults = {.language = language_named(lang), .dialect = dialect_named(dialect), .base_dir = base_dir};
        // As `qdiff batch` writes its lines (less the newline), on the workers.
        options.render = [](const stages::Record& r) {
            return r.dump(-1, ' ', false, stages::Record::error_handler_t::replace);
        };
        auto schemas = std::make_shared<stages::SchemaCache>();
        py::gil_scoped_release release;
        runner_ = std::make_unique<stages::BatchRunner>(std::move(options), [&] {
            return std::make_unique<stages::Pipeline>(pipeline, stages::make_batch_stages(stage_options), schemas);
        });
    }

    // `next()` returns (line, JSONL text) or None at the end; `emit(text)` receives each record's JSON
    // text. Both are called on this thread with the GIL held; the GIL is released in between.
    void run(const py::function& next, const py::function& emit) {
        py::gil_scoped_release release;
        std::lock_guard one_run_at_a_time(mutex_);  // the pipelines serve one run at a time
        runner_->run(
            [&]() -> std::optional<stages::BatchInput> {
                py::gil_scoped_acquire acquire;
                py::object item = next();
                if (item.is_none()) return std::nullopt;
                auto [line, text] = item.cast<std::pair<size_t, std::string>>();
                return stages::BatchInput{line, std::move(text)};
            },
            [&](stages::BatchOutput&& output) {
                if (output.skipped) return;
                py::gil_scoped_acquire acquire;
                emit(py::str(output.text));
            });
    }

    size_t window() const { return runner_->window(); }

private:
    std::mutex mutex_;
    std::unique_ptr<stages::BatchRunner> runner_;
};

}  // namespace

void bind_batch(py::module_& m) {
    py::class_<BatchScorer>(m, "BatchScorer")
        .def(py::init([](size_t threads, const std::optional<std::string>& profile, const std::string& db,
                         const std::string& judge, const std::string& judge_model, const std::string& judge_cache,
                         const std::string& results_mode, std::optional<double> timeout, const std::string& verdict,
                         double blend, std::optional<double> pass_threshold, const std::string& lang,
                         const std::string& dialect, const std::string& base_dir) {
                 // "none": no execution, not even on synthesized databases for cases with a schema.
                 stages::BatchStageOptions stage_options{.db = db == "none" ? "" : db,
                                                         .synth_when_schema = db != "none",
                                                         .results_mode = results_mode,
                                                         .judge = judge,
                                                         .judge_model = judge_model,
                                                         .judge_cache = judge_cache,
                                                         .timeout = timeout};
                 return std::make_unique<BatchScorer>(threads, profile, stage_options, verdict, blend, pass_threshold,
                                                      lang, dialect, base_dir);
             }),
             py::arg("threads"), py::arg("profile"), py::arg("db"), py::arg("judge"), py::arg("judge_model"),
             py::arg("judge_cache"), py::arg("results_mode"), py::arg("timeout"), py::arg("verdict"), py::arg("blend"),
             py::arg("pass_threshold"), py::arg("lang"), py::arg("dialect"), py::arg("base_dir"))
        .def("run", &BatchScorer::run, py::arg("next"), py::arg("emit"))
        .def_property_readonly("window", &BatchScorer::window);
}

}  // namespace qdiff::python
