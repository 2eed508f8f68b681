// The ordered worker pool of batch evaluation (stages/batch_runner): input order, a bounded window,
// failures as error records, no output lost.
#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <set>
#include <stdexcept>
#include <thread>

#include "stages/batch_runner.hpp"

using namespace qdiff;

namespace {

// Sleeps on some cases so that workers finish out of order; throws on a case whose id says so.
class UnevenStage : public Stage {
public:
    StageKind kind() const override { return StageKind::Results; }
    StageResult run(const Case& c, const StageContext&) override {
        if (c.id == "throws") throw std::runtime_error("connection reset");
        if (c.id == "1")
            std::this_thread::sleep_for(std::chrono::milliseconds(40));  // the front waits
        else if (std::hash<std::string>{}(c.id) % 5 == 0)
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        StageResult r;
        r.stage = kind();
        r.status = StageStatus::Ok;
        r.score = 1;
        return r;
    }
};

stages::BatchRunner make_runner(stages::BatchRunnerOptions options) {
    return stages::BatchRunner(std::move(options), [] {
        std::vector<std::unique_ptr<Stage>> list;
        list.push_back(std::make_unique<UnevenStage>());
        return std::make_unique<stages::Pipeline>(stages::PipelineOptions{}, std::move(list));
    });
}

std::string case_line(size_t i) {
    return R"({"id": ")" + std::to_string(i) +
           R"(", "lang": "sql", "expected": "SELECT a FROM t", "generated": "SELECT a FROM t WHERE b = )" +
           std::to_string(i) + R"("})";
}

// Yields `count` JSONL cases, counting how many are in flight whenever the runner asks for one more.
struct CountingSource {
    size_t count;
    size_t pulled = 0, emitted = 0, most_in_flight = 0;
    std::optional<stages::BatchInput> next() {
        most_in_flight = std::max(most_in_flight, pulled - emitted);
        if (pulled == count) return std::nullopt;
        ++pulled;
        return stages::BatchInput{pulled, case_line(pulled)};
    }
};

}  // namespace

TEST_CASE("batch runner: records come back in input order from many threads, none lost", "[batch_runner]") {
    auto runner = make_runner({.threads = 4, .cases_per_thread = 4, .format = stages::RecordFormat::Jsonl});
    CountingSource source{.count = 150};
    std::vector<stages::BatchOutput> outputs;
    runner.run([&] { return source.next(); },
               [&](stages::BatchOutput&& out) {
                   ++source.emitted;
                   outputs.push_back(std::move(out));
               });
    REQUIRE(outputs.size() == 150);
    for (size_t i = 0; i < outputs.size(); ++i) {
        INFO("output " << i);
        CHECK(outputs[i].line == i + 1);
        CHECK(outputs[i].id == std::to_string(i + 1));
        CHECK(outputs[i].record.is_null());  // the JSONL text only, written on the worker
        stages::Record record = stages::Record::parse(outputs[i].text);
        CHECK(record["id"] == std::to_string(i + 1));
        CHECK(record["status"] == "ok");
        CHECK(outputs[i].facts.id == std::to_string(i + 1));
        CHECK(outputs[i].facts.pass == record["pass"].get<bool>());
    }
}

TEST_CASE("batch runner: no more than threads x cases_per_thread cases are in flight", "[batch_runner]") {
    auto runner = make_runner({.threads = 2, .cases_per_thread = 3});
    REQUIRE(runner.window() == 6);
    CountingSource source{.count = 40};
    runner.run([&] { return source.next(); }, [&](stages::BatchOutput&&) { ++source.emitted; });
    CHECK(source.emitted == 40);
    CHECK(source.most_in_flight <= 6);
    CHECK(source.most_in_flight == 6);  // case 1 is slow: the window fills behind it, then waits
}

TEST_CASE("batch runner: a case that fails becomes an error record in its place", "[batch_runner]") {
    auto runner = make_runner({.threads = 3});
    std::vector<stages::BatchInput> inputs;
    inputs.push_back({1, case_line(1)});
    inputs.push_back({2, std::string("{not json")});
    inputs.push_back({3, std::string(R"({"id": "no-generated", "expected": "SELECT 1"})")});
    Case thrower;
    thrower.id = "throws";
    thrower.language = Language::Sql;
    thrower.expected = thrower.generated = "SELECT a FROM t";
    inputs.push_back({4, thrower});
    inputs.push_back({5, case_line(5)});
    size_t taken = 0;
    std::vector<stages::BatchOutput> outputs;
    runner.run(
        [&]() -> std::optional<stages::BatchInput> {
            if (taken == inputs.size()) return std::nullopt;
            return std::move(inputs[taken++]);
        },
        [&](stages::BatchOutput&& out) { outputs.push_back(std::move(out)); });
    REQUIRE(outputs.size() == 5);
    CHECK(outputs[0].record["status"] == "ok");
    CHECK(outputs[1].record["status"] == "error");
    CHECK(outputs[1].record["id"] == stages::default_case_id(2));
    CHECK(outputs[1].record["error"].get<std::string>().find("not valid JSON") != std::string::npos);
    CHECK(outputs[2].id == "no-generated");
    CHECK(outputs[2].record["status"] == "error");
    CHECK(outputs[3].id == "throws");
    CHECK(outputs[3].record["status"] == "error");
    CHECK(outputs[4].record["status"] == "ok");
    for (const auto& out : outputs) CHECK_FALSE(out.skipped);
}

TEST_CASE("batch runner: cases already done are skipped, not lost", "[batch_runner]") {
    std::atomic<int> asked{0};
    auto runner = make_runner({.threads = 2, .already_done = [&](const std::string& id) {
                                   ++asked;
                                   return id == "2" || id == "4";
                               }});
    CountingSource source{.count = 5};
    std::vector<stages::BatchOutput> outputs;
    runner.run([&] { return source.next(); }, [&](stages::BatchOutput&& out) { outputs.push_back(std::move(out)); });
    REQUIRE(outputs.size() == 5);
    CHECK(asked == 5);
    CHECK(outputs[1].skipped);
    CHECK(outputs[1].record.is_null());
    CHECK(outputs[3].skipped);
    CHECK_FALSE(outputs[2].skipped);
    CHECK(outputs[2].record["id"] == "3");
}

TEST_CASE("batch runner: an exception from the caller's callback stops the run and reaches the caller",
          "[batch_runner]") {
    auto runner = make_runner({.threads = 2, .cases_per_thread = 2});
    CountingSource source{.count = 1000};
    size_t emitted = 0;
    auto run = [&] {
        runner.run([&] { return source.next(); },
                   [&](stages::BatchOutput&&) {
                       if (++emitted == 3) throw std::runtime_error("disk full");
                   });
    };
    CHECK_THROWS_WITH(run(), "disk full");
    CHECK(source.pulled < 20);  // it stopped reading
    // The runner can run again afterwards.
    CountingSource again{.count = 3};
    size_t count = 0;
    runner.run([&] { return again.next(); }, [&](stages::BatchOutput&&) { ++count; });
    CHECK(count == 3);
}

TEST_CASE("batch runner: a repeated id is renamed in input order, and resumed alike", "[batch_runner]") {
    auto line = [](const std::string& id) {
        return R"({"id": ")" + id + R"(", "lang": "sql", "expected": "SELECT 1", "generated": "SELECT 1"})";
    };
    std::vector<std::string> lines = {line("a"), line("a"), "{broken", line("a#2"), line("line 3"), line("a")};
    auto run = [&](std::function<bool(const std::string&)> done,
                   stages::RecordFormat format = stages::RecordFormat::Dom) {
        auto runner = make_runner({.threads = 3, .already_done = std::move(done), .format = format});
        size_t taken = 0;
        std::vector<stages::BatchOutput> outputs;
        runner.run(
            [&]() -> std::optional<stages::BatchInput> {
                if (taken == lines.size()) return std::nullopt;
                ++taken;
                return stages::BatchInput{taken, lines[taken - 1]};
            },
            [&](stages::BatchOutput&& out) { outputs.push_back(std::move(out)); });
        return outputs;
    };
    std::vector<stages::BatchOutput> first = run(nullptr);
    std::vector<std::string> ids;
    for (const auto& out : first) ids.push_back(out.id);
    CHECK(ids == std::vector<std::string>{"a", "a#2", "line 3", "a#2#2", "line 3#2", "a#3"});
    CHECK(first[1].renamed_from == "a");
    CHECK(first[1].first_line == 1);
    CHECK(first[1].record["id"] == "a#2");
    CHECK(first[1].record["renamed_from"] == "a");
    CHECK(first[4].record["renamed_from"] == "line 3");  // a written id that a bad line's default id took
    CHECK(first[0].renamed_from.empty());
    CHECK_FALSE(first[0].record.contains("renamed_from"));
    // Written directly, the text has the DOM's keys in the DOM's order, `renamed_from` last.
    std::vector<stages::BatchOutput> texts = run(nullptr, stages::RecordFormat::Jsonl);
    REQUIRE(texts.size() == first.size());
    for (size_t i = 0; i < texts.size(); ++i) {
        INFO("output " << i << ": " << texts[i].text);
        stages::Record written = stages::Record::parse(texts[i].text);
        std::vector<std::string> keys, dom_keys;
        for (const auto& [key, value] : written.items()) keys.push_back(key);
        for (const auto& [key, value] : first[i].record.items()) dom_keys.push_back(key);
        CHECK(keys == dom_keys);
        CHECK(written.value("renamed_from", "") == first[i].renamed_from);
    }
    // A resumed run that has the first three: the same names, those three skipped.
    std::set<std::string> done = {"a", "a#2", "line 3"};
    std::vector<stages::BatchOutput> second = run([&](const std::string& id) { return done.count(id) != 0; });
    REQUIRE(second.size() == first.size());
    for (size_t i = 0; i < second.size(); ++i) {
        CHECK(second[i].id == first[i].id);
        CHECK(second[i].skipped == (i < 3));
    }
}
