// The ordered worker pool of batch evaluation (stages/batch_runner.hpp).
#include "stages/batch_runner.hpp"

#include <condition_variable>
#include <deque>
#include <mutex>
#include <stdexcept>
#include <thread>

namespace qdiff::stages {

BatchRunner::BatchRunner(BatchRunnerOptions options, const std::function<std::unique_ptr<Pipeline>()>& make_pipeline)
    : options_(std::move(options)) {
    if (options_.threads == 0) throw std::invalid_argument("a batch needs at least one thread");
    if (options_.cases_per_thread == 0) throw std::invalid_argument("a batch needs at least one case per thread");
    for (size_t i = 0; i < options_.threads; ++i) pipelines_.push_back(make_pipeline());
}

// Never throws: whatever goes wrong becomes an error record for this input.
void BatchRunner::evaluate(BatchInput& input, BatchOutput& output, Pipeline& pipeline) const {
    output.line = input.line;
    output.id = default_case_id(input.line);
    try {
        std::variant<Case, BadLine> read;
        if (auto* text = std::get_if<std::string>(&input.content)) read = read_case(*text, input.line, options_.defaults);
        else read = std::move(std::get<Case>(input.content));
        if (auto* bad = std::get_if<BadLine>(&read)) {
            if (!bad->id.empty()) output.id = bad->id;
            if (options_.already_done && options_.already_done(output.id)) output.skipped = true;
            else output.record = bad_line_record(input.line, *bad);
        } else {
            const Case& c = std::get<Case>(read);
            output.id = c.id;
            if (options_.already_done && options_.already_done(c.id)) output.skipped = true;
            else output.record = outcome_record(input.line, c, pipeline.run(c));
        }
    } catch (const std::exception& e) {
        output.skipped = false;
        output.record = bad_line_record(input.line, {output.id, "internal error: " + std::string(e.what())});
    }
    input.content = std::string();  // the input's memory is not held until the record is emitted
    if (output.skipped || !options_.render) return;
    try {
        output.text = options_.render(output.record);
    } catch (const std::exception& e) {
        output.record = bad_line_record(input.line, {output.id, "cannot render the record: " + std::string(e.what())});
        try {
            output.text = options_.render(output.record);
        } catch (const std::exception&) {  // a renderer that cannot render an error record: the caller sees text ""
        }
    }
}

namespace {

struct Slot {
    BatchInput input;
    BatchOutput output;
    bool done = false;
};

}  // namespace

void BatchRunner::run(const std::function<std::optional<BatchInput>()>& next,
                      const std::function<void(BatchOutput&&)>& emit) {
    // The window: slots in input order; workers fill them, this thread emits them from the front.
    std::mutex mutex;
    std::condition_variable work_ready, slot_done;
    std::deque<std::shared_ptr<Slot>> window, pending;
    bool input_done = false;

    std::vector<std::thread> workers;
    auto stop_workers = [&] {
        {
            std::lock_guard guard(mutex);
            input_done = true;
            pending.clear();  // after an exception: what was not started is not started
        }
        work_ready.notify_all();
        for (std::thread& w : workers) w.join();
    };
    for (auto& pipeline : pipelines_) {
        workers.emplace_back([&, &pipeline = *pipeline] {
            std::unique_lock lock(mutex);
            for (;;) {
                work_ready.wait(lock, [&] { return !pending.empty() || input_done; });
                if (pending.empty()) return;
                std::shared_ptr<Slot> slot = pending.front();
                pending.pop_front();
                lock.unlock();
                evaluate(slot->input, slot->output, pipeline);
                lock.lock();
                slot->done = true;
                // Only this thread's caller waits, and only for the slot at the front of the window.
                if (slot == window.front()) slot_done.notify_one();
            }
        });
    }

    try {
        std::unique_lock lock(mutex);
        // Emits the finished slots at the front of the window; called with the lock held.
        auto emit_ready = [&] {
            std::vector<std::shared_ptr<Slot>> ready;
            while (!window.empty() && window.front()->done) {
                ready.push_back(std::move(window.front()));
                window.pop_front();
            }
            lock.unlock();
            for (const auto& slot : ready) emit(std::move(slot->output));
            lock.lock();
        };
        const size_t window_size = this->window();
        for (;;) {
            lock.unlock();
            std::optional<BatchInput> input = next();
            lock.lock();
            if (!input) break;
            slot_done.wait(lock, [&] { return window.size() < window_size || window.front()->done; });
            emit_ready();
            auto slot = std::make_shared<Slot>();
            slot->input = std::move(*input);
            window.push_back(slot);
            pending.push_back(slot);
            work_ready.notify_one();
        }
        input_done = true;
        work_ready.notify_all();
        while (!window.empty()) {
            slot_done.wait(lock, [&] { return window.front()->done; });
            emit_ready();
        }
    } catch (...) {
        stop_workers();
        throw;
    }
    stop_workers();
}

}  // namespace qdiff::stages
