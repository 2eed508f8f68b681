// The batch pipeline for Python: BatchScorer runs a qdiff::Batch (include/qdiff/evaluate.hpp) on cases
// handed over one at a time by a Python callable and hands each record back, in input order, to another.
// The Python layer (qdiff.score_cases) turns the pair into a streaming generator.
#include <mutex>
#include <thread>

#include "bindings.hpp"
#include "qdiff/evaluate.hpp"

namespace qdiff::python {
namespace {

class BatchScorer {
public:
    // `options`: {name: text} by the names `qdiff batch` takes (with '_' for '-'), checked as it checks them.
    BatchScorer(const std::map<std::string, std::string>& options, const std::string& base_dir) {
        EvaluateOptions evaluate;
        evaluate.threads = std::max(1u, std::thread::hardware_concurrency());
        evaluate.base_dir = base_dir;
        for (const auto& [name, value] : options) {
            // As `qdiff batch` words them: "lang: unknown lang 'x' (...)", "blend must be a number from 0 to 1".
            std::string error;
            if (const CompareOptionInfo* shared = find_compare_option(name)) {
                error = set_compare_option(evaluate.compare, shared->option, value);
                if (!error.empty()) error = ": " + error;
            } else if (const EvaluateOptionInfo* own = find_evaluate_option(name)) {
                error = set_evaluate_option(evaluate, own->option, value);
                if (!error.empty()) error = " " + error;
            } else {
                error = " is not an option of score_cases";
            }
            if (!error.empty()) throw py::value_error(name + error);
        }
        py::gil_scoped_release release;
        try {
            batch_ = std::make_unique<Batch>(std::move(evaluate));
        } catch (const std::invalid_argument& e) {
            py::gil_scoped_acquire acquire;
            throw py::value_error(e.what());
        }
    }

    // `next()` returns (line, JSONL text) or None at the end; `emit(text)` receives each record's JSON
    // text. Both are called on this thread with the GIL held; the GIL is released in between.
    void run(const py::function& next, const py::function& emit) {
        py::gil_scoped_release release;
        std::lock_guard one_run_at_a_time(mutex_);  // the pipelines serve one run at a time
        batch_->run(
            [&]() -> std::optional<Batch::Input> {
                py::gil_scoped_acquire acquire;
                py::object item = next();
                if (item.is_none()) return std::nullopt;
                auto [line, text] = item.cast<std::pair<size_t, std::string>>();
                return Batch::Input{line, std::move(text)};
            },
            [&](Batch::Output&& output) {
                if (output.skipped) return;
                py::gil_scoped_acquire acquire;
                emit(py::str(output.record));
            });
    }

    size_t window() const { return batch_->window(); }

private:
    std::mutex mutex_;
    std::unique_ptr<Batch> batch_;
};

}  // namespace

void bind_batch(py::module_& m) {
    py::class_<BatchScorer>(m, "BatchScorer")
        .def(py::init<const std::map<std::string, std::string>&, const std::string&>(), py::arg("options"),
             py::arg("base_dir"))
        .def("run", &BatchScorer::run, py::arg("next"), py::arg("emit"))
        .def_property_readonly("window", &BatchScorer::window);
}

}  // namespace qdiff::python
