// The ordered worker pool of batch evaluation (stages/batch_runner.hpp).
#include "stages/batch_runner.hpp"

#include <algorithm>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "support/json_dump_writer.hpp"

namespace qdiff::stages {

BatchRunner::BatchRunner(BatchRunnerOptions options, const std::function<std::unique_ptr<Pipeline>()>& make_pipeline)
    : options_(std::move(options)) {
    if (options_.threads == 0) throw std::invalid_argument("a batch needs at least one thread");
    if (options_.cases_per_thread == 0) throw std::invalid_argument("a batch needs at least one case per thread");
    for (size_t i = 0; i < options_.threads; ++i) pipelines_.push_back(make_pipeline());
}

struct BatchRunner::Slot {
    std::variant<Case, BadLine> content;
    BatchOutput output;
    bool done = false;
};

namespace {

// ID#2, ID#3, ...: the first that no earlier case has.
std::string free_id(const std::string& id, const std::map<std::string, size_t>& first_lines) {
    for (size_t n = 2;; ++n) {
        std::string candidate = id + "#" + std::to_string(n);
        if (!first_lines.count(candidate)) return candidate;
    }
}

}  // namespace

// On the calling thread, in input order: the case read, its id made unique, resumed ids skipped.
void BatchRunner::prepare(Slot& slot, std::map<std::string, size_t>& first_lines) const {
    BatchOutput& output = slot.output;
    std::string* id = nullptr;
    if (auto* bad = std::get_if<BadLine>(&slot.content)) {
        if (bad->id.empty()) bad->id = default_case_id(output.line);
        id = &bad->id;
    } else {
        id = &std::get<Case>(slot.content).id;
    }
    auto [first, inserted] = first_lines.emplace(*id, output.line);
    if (!inserted) {
        output.renamed_from = *id;
        output.first_line = first->second;
        *id = free_id(*id, first_lines);
        first_lines.emplace(*id, output.line);
    }
    output.id = *id;
    if (options_.already_done && options_.already_done(output.id)) {
        output.skipped = true;
        slot.done = true;
    }
}

// On a worker. Never throws: whatever goes wrong becomes an error record for this input.
void BatchRunner::evaluate(Slot& slot, Pipeline& pipeline, size_t& text_size) const {
    BatchOutput& output = slot.output;
    bool written = false;  // the JSONL text written directly, without the DOM
    try {
        if (auto* bad = std::get_if<BadLine>(&slot.content)) {
            output.record = bad_line_record(output.line, *bad);
        } else {
            const Case& c = std::get<Case>(slot.content);
            CaseOutcome outcome = pipeline.run(c);
            if (options_.format == RecordFormat::Jsonl) {
                output.text.reserve(text_size);
                written = write_outcome_record(output.text, output.facts, output.line, c, outcome);
            }
            if (!written) output.record = outcome_record(output.line, c, outcome);
        }
    } catch (const std::exception& e) {
        written = false;
        output.record = bad_line_record(output.line, {output.id, "internal error: " + std::string(e.what())});
    }
    slot.content = BadLine{};  // the input's memory is not held until the record is emitted
    if (written) {
        // The DOM's record["renamed_from"]: a last member. It is well-formed UTF-8, since the record's
        // id (itself and "#N") was.
        if (!output.renamed_from.empty()) {
            output.text.pop_back();
            output.text += ",\"renamed_from\":";
            support::JsonDumpWriter(output.text).value(output.renamed_from);
            output.text += '}';
        }
        // The next record of this worker is likely as long: room for it and the caller's line break.
        text_size = std::min<size_t>(output.text.size() + output.text.size() / 4 + 1, 64 * 1024);
        return;
    }
    if (!output.renamed_from.empty()) output.record["renamed_from"] = output.renamed_from;
    output.facts = record_facts(output.record);
    if (options_.format == RecordFormat::Dom) return;
    auto render = [&] {
        return options_.format == RecordFormat::Csv
                   ? csv_row(output.record)
                   : output.record.dump(-1, ' ', false, Record::error_handler_t::replace);
    };
    try {
        output.text = render();
    } catch (const std::exception& e) {
        output.record = bad_line_record(output.line, {output.id, "cannot render the record: " + std::string(e.what())});
        output.facts = record_facts(output.record);
        try {
            output.text = render();
        } catch (const std::exception&) {  // a renderer that cannot render an error record: the caller sees text ""
        }
    }
    output.record = Record();
}

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
            size_t text_size = 1024;
            std::unique_lock lock(mutex);
            for (;;) {
                work_ready.wait(lock, [&] { return !pending.empty() || input_done; });
                if (pending.empty()) return;
                std::shared_ptr<Slot> slot = pending.front();
                pending.pop_front();
                lock.unlock();
                evaluate(*slot, pipeline, text_size);
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
        std::map<std::string, size_t> first_lines;  // id → the line that has it, for renaming repeats
        for (;;) {
            lock.unlock();
            std::optional<BatchInput> input = next();
            if (!input) {
                lock.lock();
                break;
            }
            auto slot = std::make_shared<Slot>();
            slot->output.line = input->line;
            if (auto* text = std::get_if<std::string>(&input->content)) {
                try {
                    slot->content = read_case(*text, input->line, options_.defaults);
                } catch (const std::exception& e) {
                    slot->content = BadLine{"", "internal error: " + std::string(e.what())};
                }
            } else {
                slot->content = std::move(std::get<Case>(input->content));
            }
            prepare(*slot, first_lines);
            lock.lock();
            slot_done.wait(lock, [&] { return window.size() < window_size || window.front()->done; });
            emit_ready();
            window.push_back(slot);
            if (!slot->done) {
                pending.push_back(slot);
                work_ready.notify_one();
            }
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
