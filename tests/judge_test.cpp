// The LLM judge stage (stages/judge) against a fake OpenAI-compatible server on 127.0.0.1 and against
// small judge programs. Timeouts and back-offs are kept short so that the whole file runs in seconds.
#include <unistd.h>

#include <atomic>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <thread>

#include "stages/judge/judge_stage.hpp"
#include "stages/judge/reply_parser.hpp"
#include "stages/judge/transport.hpp"
#include "support/fake_llm_server.hpp"

namespace fs = std::filesystem;
using qdiff::Case;
using qdiff::JudgeOptions;
using qdiff::StageKind;
using qdiff::StageResult;
using qdiff::StageStatus;
using qdiff::testing::chat_reply;
using qdiff::testing::FakeLlmServer;
using qdiff::testing::ScriptedReply;

namespace {

// Scenario 3 of seeds/000: the wrong table and a lost group-by.
Case wrong_table_case() {
    Case c;
    c.id = "scenario-3";
    c.question = "How many traces were logged per level in the last hour?";
    c.language = qdiff::Language::Kql;
    c.expected = "Traces | where timestamp > ago(1h) | summarize count() by level";
    c.generated = "AppTraces | where timestamp > ago(1h) | summarize count()";
    return c;
}

JudgeOptions options_for(const FakeLlmServer& server) {
    JudgeOptions options;
    options.target = server.base_url();
    options.api_key_env = "QDIFF_JUDGE_TEST_NO_SUCH_VARIABLE";
    options.timeout_seconds = 5;
    options.max_retries = 2;
    options.backoff_seconds = 0.01;
    return options;
}

StageResult run_judge(const JudgeOptions& options, const Case& c = wrong_table_case()) {
    return qdiff::make_judge_stage(options)->run(c, {});
}

// The judge's reply to one request, through the fake server.
StageResult judge_reply(std::string_view content, std::string prompt = "similarity") {
    FakeLlmServer server({chat_reply(content)});
    JudgeOptions options = options_for(server);
    options.prompt = std::move(prompt);
    StageResult result = run_judge(options);
    CHECK(server.request_count() == 1);
    return result;
}

struct TempDir {
    fs::path path;
    TempDir() {
        static std::atomic<int> counter{0};
        path = fs::temp_directory_path() /
               ("qdiff-judge-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
        fs::create_directories(path);
    }
    ~TempDir() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
};

std::string user_message(const std::string& request_body) {
    nlohmann::json request = nlohmann::json::parse(request_body);
    for (const auto& message : request["messages"])
        if (message["role"] == "user") return message["content"];
    return "";
}

const std::string kEchoJudge = std::string(QDIFF_TEST_DATA_DIR) + "/judge/echo_judge.sh";

}  // namespace

TEST_CASE("judge: a well-formed reply gives its score and reasoning; the request is a chat completion", "[judge]") {
    FakeLlmServer server(
        {chat_reply(R"({"score": 0.6, "reasoning": "AppTraces is not Traces; the group-by is lost"})")});
    StageResult result = run_judge(options_for(server));
    REQUIRE(result.status == StageStatus::Ok);
    CHECK(result.stage == StageKind::Judge);
    CHECK(result.score == Approx(0.6));
    CHECK(result.reason == "AppTraces is not Traces; the group-by is lost");
    CHECK(result.details.at("cached") == "false");
    CHECK(result.details.at("attempts") == "1");

    REQUIRE(server.request_count() == 1);
    qdiff::testing::RecordedRequest request = server.requests()[0];
    CHECK(request.request_line == "POST /v1/chat/completions HTTP/1.1");
    CHECK(request.headers.find("Authorization") == std::string::npos);  // no key variable: a local server
    nlohmann::json body = nlohmann::json::parse(request.body);
    CHECK(body["model"] == "gpt-4o-mini");
    CHECK(body["temperature"] == 0);
    REQUIRE(body["messages"].size() == 2);
    CHECK(body["messages"][0]["role"] == "system");
    std::string user = user_message(request.body);
    const Case c = wrong_table_case();
    for (const std::string& part : {c.question, c.expected, c.generated, std::string("KQL")})
        CHECK(user.find(part) != std::string::npos);
}

TEST_CASE("judge: the API key variable becomes a Bearer header, and a base URL may end in a slash", "[judge]") {
    ::setenv("QDIFF_JUDGE_TEST_KEY", "sk-test-123", 1);
    FakeLlmServer server({chat_reply(R"({"score": 1, "reasoning": "same"})")});
    JudgeOptions options = options_for(server);
    options.api_key_env = "QDIFF_JUDGE_TEST_KEY";
    options.target += "/";
    options.model = "judge-model-x";
    StageResult result = run_judge(options);
    ::unsetenv("QDIFF_JUDGE_TEST_KEY");
    REQUIRE(result.status == StageStatus::Ok);
    CHECK(result.score == 1.0);
    REQUIRE(server.request_count() == 1);
    CHECK(server.requests()[0].headers.find("Authorization: Bearer sk-test-123\r\n") != std::string::npos);
    CHECK(server.requests()[0].request_line == "POST /v1/chat/completions HTTP/1.1");
    CHECK(nlohmann::json::parse(server.requests()[0].body)["model"] == "judge-model-x");
}

TEST_CASE("judge: JSON in code fences, inside prose, or after another object is found", "[judge]") {
    StageResult fenced = judge_reply("```json\n{\"score\": 0.95, \"reasoning\": \"ago(1h) equals ago(60m)\"}\n```");
    REQUIRE(fenced.status == StageStatus::Ok);
    CHECK(fenced.score == Approx(0.95));
    CHECK(fenced.reason == "ago(1h) equals ago(60m)");

    StageResult prose = judge_reply(
        "Sure. Looking at both queries, {the tables} differ.\nMy grade: {\"score\": 0.3, \"reasoning\": \"wrong "
        "table {AppTraces}\"} Hope this helps!");
    REQUIRE(prose.status == StageStatus::Ok);
    CHECK(prose.score == Approx(0.3));
    CHECK(prose.reason == "wrong table {AppTraces}");

    StageResult several =
        judge_reply(R"({"analysis": {"tables": "differ"}} then {"Score": "0.4", "reason": "wrong table"})");
    REQUIRE(several.status == StageStatus::Ok);
    CHECK(several.score == Approx(0.4));
    CHECK(several.reason == "wrong table");
    CHECK(several.details.at("notes").find("score given as a string") != std::string::npos);
}

TEST_CASE("judge: malformed, non-JSON and score-less replies are errors that quote the reply", "[judge]") {
    StageResult prose = judge_reply("I think the generated query is mostly fine.");
    CHECK(prose.status == StageStatus::Error);
    CHECK(prose.reason.find("no JSON object") != std::string::npos);
    CHECK(prose.reason.find("mostly fine") != std::string::npos);

    StageResult missing = judge_reply(R"({"reasoning": "looks equivalent"})");
    CHECK(missing.status == StageStatus::Error);
    CHECK(missing.reason.find("no \"score\"") != std::string::npos);

    StageResult not_number = judge_reply(R"({"score": "high", "reasoning": "fine"})");
    CHECK(not_number.status == StageStatus::Error);
    CHECK(not_number.reason.find("not a number") != std::string::npos);

    // A reply cut off mid-object still carries a readable score: taken, with a note.
    StageResult truncated = judge_reply(R"({"score": 0.7, "reasoning": "the generated query filt)");
    REQUIRE(truncated.status == StageStatus::Ok);
    CHECK(truncated.score == Approx(0.7));
    CHECK(truncated.reason == "the generated query filt...");
    CHECK(truncated.details.at("notes").find("not complete JSON") != std::string::npos);

    // An HTTP 200 whose body is not a chat completion.
    FakeLlmServer server({ScriptedReply{200, "<html>gateway</html>", {}, 0}});
    StageResult not_completion = run_judge(options_for(server));
    CHECK(not_completion.status == StageStatus::Error);
    CHECK(not_completion.reason.find("not a chat completion") != std::string::npos);
}

TEST_CASE("judge: out-of-range scores are rejected; percentages are converted to the scale", "[judge]") {
    StageResult percent_scale = judge_reply(R"({"score": 85, "reasoning": "close"})");
    CHECK(percent_scale.status == StageStatus::Error);
    CHECK(percent_scale.reason.find("85 is outside 0..1") != std::string::npos);

    StageResult negative = judge_reply(R"({"score": -0.2, "reasoning": "bad"})");
    CHECK(negative.status == StageStatus::Error);

    StageResult percent = judge_reply(R"({"score": "80%", "reasoning": "mostly right"})");
    REQUIRE(percent.status == StageStatus::Ok);
    CHECK(percent.score == Approx(0.8));

    StageResult relevance_too_high = judge_reply(R"({"score": 120, "reason": "great"})", "relevance");
    CHECK(relevance_too_high.status == StageStatus::Error);
    CHECK(relevance_too_high.reason.find("outside 0..100") != std::string::npos);
}

TEST_CASE("judge: the relevance prompt scores 0..100 and gives the seed's verdicts", "[judge]") {
    struct Expectation {
        int score;
        std::string verdict;
    };
    for (const Expectation& e :
         {Expectation{20, "\"error\""}, Expectation{29, "\"error\""}, Expectation{30, "\"low_quality\""},
          Expectation{49, "\"low_quality\""}, Expectation{50, "\"ok\""}, Expectation{79, "\"ok\""},
          Expectation{80, "\"high_confidence\""}, Expectation{100, "\"high_confidence\""}}) {
        FakeLlmServer server({chat_reply(R"({"score": )" + std::to_string(e.score) + R"(, "reason": "r"})")});
        JudgeOptions options = options_for(server);
        options.prompt = "relevance";
        auto stage = qdiff::make_judge_stage(options);
        CHECK(stage->kind() == StageKind::Relevance);
        StageResult result = stage->run(wrong_table_case(), {});
        INFO("relevance " << e.score);
        REQUIRE(result.status == StageStatus::Ok);
        CHECK(result.score == Approx(e.score / 100.0));
        CHECK(result.details.at("verdict") == e.verdict);
        CHECK(result.details.at("judge_score") == std::to_string(e.score));
        if (e.score < 30) CHECK(result.details.at("verdict_message") == "\"data does not exist\"");
        // The relevance judge sees the question and the generated query, never the expected one.
        std::string user = user_message(server.requests().at(0).body);
        CHECK(user.find(wrong_table_case().question) != std::string::npos);
        CHECK(user.find(wrong_table_case().generated) != std::string::npos);
        CHECK(user.find(wrong_table_case().expected) == std::string::npos);
    }
}

TEST_CASE("judge: a slow server is a Timeout, not retried", "[judge]") {
    FakeLlmServer server({ScriptedReply{200, chat_reply(R"({"score": 1})").body, {}, 10}});
    JudgeOptions options = options_for(server);
    options.timeout_seconds = 0.3;
    StageResult result = run_judge(options);
    CHECK(result.status == StageStatus::Timeout);
    CHECK(result.reason.find("within 0.3 s") != std::string::npos);
    CHECK(server.request_count() == 1);
}

TEST_CASE("judge: 429 then 200 is retried, honouring Retry-After", "[judge]") {
    FakeLlmServer server({ScriptedReply{429, R"({"error": {"message": "rate limited"}})", {"Retry-After: 1"}, 0},
                          chat_reply(R"({"score": 0.9, "reasoning": "ok"})")});
    StageResult result = run_judge(options_for(server));
    REQUIRE(result.status == StageStatus::Ok);
    CHECK(result.score == Approx(0.9));
    CHECK(result.details.at("attempts") == "2");
    CHECK(result.details.at("retry_waits") == "[1]");  // Retry-After (1 s) beats the 0.01 s back-off
    auto requests = server.requests();
    REQUIRE(requests.size() == 2);
    CHECK(requests[1].received - requests[0].received >= std::chrono::milliseconds(900));
}

TEST_CASE("judge: 5xx is retried with exponential back-off, then given up", "[judge]") {
    FakeLlmServer server({ScriptedReply{500, R"({"error": "boom"})", {}, 0}});
    JudgeOptions options = options_for(server);
    options.max_retries = 3;
    StageResult result = run_judge(options);
    CHECK(result.status == StageStatus::Error);
    CHECK(result.reason.find("HTTP 500") != std::string::npos);
    CHECK(result.reason.find("gave up after 4 attempts") != std::string::npos);
    CHECK(server.request_count() == 4);
    CHECK(result.details.at("retry_waits") == "[0.01,0.02,0.04]");
}

TEST_CASE("judge: a connection dropped before the reply is retried", "[judge]") {
    FakeLlmServer server({ScriptedReply{0, "", {}, 0}, chat_reply(R"({"score": 0.5, "reasoning": "half"})")});
    StageResult result = run_judge(options_for(server));
    REQUIRE(result.status == StageStatus::Ok);
    CHECK(result.score == Approx(0.5));
    CHECK(result.details.at("attempts") == "2");
    CHECK(server.request_count() == 2);
}

TEST_CASE("judge: other 4xx and a refused connection fail at once", "[judge]") {
    FakeLlmServer server({ScriptedReply{401, R"({"error": "invalid api key"})", {}, 0}});
    StageResult unauthorized = run_judge(options_for(server));
    CHECK(unauthorized.status == StageStatus::Error);
    CHECK(unauthorized.reason.find("HTTP 401") != std::string::npos);
    CHECK(unauthorized.reason.find("invalid api key") != std::string::npos);
    CHECK(server.request_count() == 1);

    JudgeOptions nowhere = options_for(server);
    nowhere.target = "http://127.0.0.1:" + std::to_string(qdiff::testing::unused_loopback_port()) + "/v1";
    StageResult refused = run_judge(nowhere);
    CHECK(refused.status == StageStatus::Error);
    CHECK(refused.reason.find("request to the judge failed") != std::string::npos);
    CHECK(refused.details.at("attempts") == "1");
}

TEST_CASE("judge: a cached reply is reused without any request and gives the same score", "[judge]") {
    TempDir cache;
    FakeLlmServer server({chat_reply(R"({"score": 0.95, "reasoning": "equivalent"})")});
    JudgeOptions options = options_for(server);
    options.cache_dir = (cache.path / "replies").string();  // created on first use

    StageResult first = run_judge(options);
    REQUIRE(first.status == StageStatus::Ok);
    CHECK(server.request_count() == 1);
    StageResult second = run_judge(options);  // a new stage object: a re-run
    REQUIRE(second.status == StageStatus::Ok);
    CHECK(server.request_count() == 1);
    CHECK(second.score == first.score);
    CHECK(second.reason == first.reason);
    CHECK(second.details.at("cached") == "true");

    // Another model, another prompt or another case is another entry.
    JudgeOptions other_model = options;
    other_model.model = "gpt-4o";
    CHECK(run_judge(other_model).details.at("cached") == "false");
    Case other_case = wrong_table_case();
    other_case.generated += " | take 10";
    CHECK(run_judge(options, other_case).details.at("cached") == "false");
    CHECK(server.request_count() == 3);
    size_t files = 0;
    for (const auto& entry : fs::directory_iterator(options.cache_dir)) {
        CHECK(entry.path().extension() == ".json");  // no temporary file left behind
        ++files;
    }
    CHECK(files == 3);
}

TEST_CASE("judge: replies without a score are not cached; a corrupt entry is a miss", "[judge]") {
    TempDir cache;
    FakeLlmServer server({chat_reply("no idea"), chat_reply(R"({"score": 0.5, "reasoning": "half"})")});
    JudgeOptions options = options_for(server);
    options.cache_dir = cache.path.string();
    CHECK(run_judge(options).status == StageStatus::Error);
    CHECK(fs::is_empty(cache.path));
    CHECK(run_judge(options).status == StageStatus::Ok);
    CHECK(server.request_count() == 2);

    for (const auto& entry : fs::directory_iterator(cache.path)) {
        std::ofstream(entry.path(), std::ios::trunc) << "{\"key\": \"trunc";
    }
    StageResult after_corruption = run_judge(options);
    CHECK(after_corruption.status == StageStatus::Ok);
    CHECK(after_corruption.details.at("cached") == "false");
    CHECK(server.request_count() == 3);
    CHECK(run_judge(options).details.at("cached") == "true");  // rewritten whole
}

TEST_CASE("judge: one stage object on many threads, sharing a cache", "[judge]") {
    TempDir cache;
    FakeLlmServer server({chat_reply(R"({"score": 0.75, "reasoning": "close"})")});
    JudgeOptions options = options_for(server);
    options.cache_dir = cache.path.string();
    auto stage = qdiff::make_judge_stage(options);
    constexpr int kThreads = 6;
    std::vector<StageResult> results(kThreads);
    std::vector<std::thread> threads;
    for (int i = 0; i < kThreads; ++i) {
        threads.emplace_back([&, i] {
            Case c = wrong_table_case();
            c.generated += " | take " + std::to_string(i % 3);  // three distinct cases, each asked twice
            results[i] = stage->run(c, {});
        });
    }
    for (auto& t : threads) t.join();
    for (const StageResult& r : results) {
        REQUIRE(r.status == StageStatus::Ok);
        CHECK(r.score == Approx(0.75));
    }
    size_t asked = server.request_count();
    CHECK(asked >= 3);
    CHECK(asked <= kThreads);
    for (int i = 0; i < 3; ++i) {
        Case c = wrong_table_case();
        c.generated += " | take " + std::to_string(i);
        CHECK(stage->run(c, {}).details.at("cached") == "true");
    }
    CHECK(server.request_count() == asked);
}

TEST_CASE("judge: a cmd: judge gets the request on stdin and answers on stdout", "[judge]") {
    TempDir dir;
    fs::path saved = dir.path / "request with spaces.json";
    JudgeOptions options;
    options.target = "cmd:" + kEchoJudge + " '" + saved.string() + "'";
    StageResult result = run_judge(options);
    REQUIRE(result.status == StageStatus::Ok);
    CHECK(result.score == Approx(0.6));
    CHECK(result.reason == "reads AppTraces instead of Traces");

    std::ifstream in(saved);
    nlohmann::json request = nlohmann::json::parse(in);
    CHECK(request["prompt"] == "similarity");
    CHECK(request["case"]["id"] == "scenario-3");
    CHECK(request["case"]["generated"] == wrong_table_case().generated);
    CHECK(request["case"]["lang"] == "kql");
    CHECK(request["messages"].size() == 2);

    // A program may also answer with a whole chat completion; arguments in double quotes keep their text.
    options.target = "cmd:" + kEchoJudge + " " + (dir.path / "r2.json").string() + " \"" +
                     std::string(R"({\"choices\": [{\"message\": {\"content\": \"{\\\"score\\\": 0.25}\"}}]})") + "\"";
    StageResult completion = run_judge(options);
    REQUIRE(completion.status == StageStatus::Ok);
    CHECK(completion.score == Approx(0.25));
    CHECK(completion.reason == "the judge gave no reasoning");
}

TEST_CASE("judge: the fixed-grade judge program grades the three scenarios of seeds/000", "[judge]") {
    JudgeOptions options;
    options.target = "cmd:" + std::string(QDIFF_TEST_DATA_DIR) + "/judge/scores_by_id.sh " + QDIFF_TEST_DATA_DIR +
                     "/judge/seed_000_scores.txt";
    auto stage = qdiff::make_judge_stage(options);
    const std::pair<std::string, double> grades[] = {{"scenario-1", 1.0}, {"scenario-2", 0.95}, {"scenario-3", 0.60}};
    for (const auto& [id, score] : grades) {
        Case c = wrong_table_case();
        c.id = id;
        StageResult result = stage->run(c, {});
        INFO(id << ": " << result.reason);
        REQUIRE(result.status == StageStatus::Ok);
        CHECK(result.score == Approx(score));
    }
    Case unknown = wrong_table_case();
    unknown.id = "scenario-4";
    StageResult missing = stage->run(unknown, {});
    CHECK(missing.status == StageStatus::Error);
    CHECK(missing.reason.find("no grade for this case") != std::string::npos);
}

TEST_CASE("judge: a cmd: judge that fails, hangs, ignores its input or does not exist", "[judge]") {
    JudgeOptions options;
    options.timeout_seconds = 0.5;

    options.target = "cmd:sh -c 'echo something broke >&2; exit 3'";
    StageResult failed = run_judge(options);
    CHECK(failed.status == StageStatus::Error);
    CHECK(failed.reason.find("exited with status 3") != std::string::npos);
    CHECK(failed.reason.find("something broke") != std::string::npos);

    options.target = "cmd:sh -c 'sleep 30'";
    StageResult hung = run_judge(options);
    CHECK(hung.status == StageStatus::Timeout);
    CHECK(hung.reason.find("killed") != std::string::npos);

    // Exits without reading a large request: the write fails with EPIPE, never a SIGPIPE.
    options.target = "cmd:true";
    Case big = wrong_table_case();
    big.question = std::string(1024 * 1024, 'q');
    StageResult ignored = run_judge(options, big);
    CHECK(ignored.status == StageStatus::Error);
    CHECK(ignored.reason.find("no JSON object") != std::string::npos);

    options.target = "cmd:yes";  // endless output: cut off and killed, not buffered without bound
    StageResult flood = run_judge(options);
    CHECK(flood.status == StageStatus::Error);
    CHECK(flood.reason.find("wrote more than") != std::string::npos);

    options.target = "cmd:qdiff-no-such-judge-program";
    StageResult missing = run_judge(options);
    CHECK(missing.status == StageStatus::Error);
    CHECK(missing.reason.find("cannot run the judge program") != std::string::npos);
}

TEST_CASE("judge: invalid options and incomplete cases give a result, never an exception", "[judge]") {
    JudgeOptions options;
    options.target = "ftp://example.org";
    StageResult bad_target = run_judge(options);
    CHECK(bad_target.status == StageStatus::Error);
    CHECK(bad_target.reason.find("neither http(s)") != std::string::npos);

    options.target = "cmd:judge 'unterminated";
    CHECK(run_judge(options).reason.find("unterminated single quote") != std::string::npos);

    options.target = "cmd:true";
    options.timeout_seconds = 0;
    CHECK(run_judge(options).reason.find("timeout must be a positive number") != std::string::npos);
    options.timeout_seconds = 1;
    options.backoff_seconds = std::nan("");
    CHECK(run_judge(options).reason.find("back-off must be a non-negative number") != std::string::npos);
    options.backoff_seconds = 0;

    options.prompt = "style";
    CHECK(run_judge(options).reason.find("unknown judge prompt 'style'") != std::string::npos);

    options.prompt = "similarity";
    Case no_expected = wrong_table_case();
    no_expected.expected.clear();
    CHECK(run_judge(options, no_expected).status == StageStatus::Skipped);
    options.prompt = "relevance";
    Case no_question = wrong_table_case();
    no_question.question.clear();
    CHECK(run_judge(options, no_question).status == StageStatus::Skipped);
}

TEST_CASE("judge: reply parser reads the score forms real judges send", "[judge]") {
    using qdiff::judge::parse_judge_reply;
    CHECK(*parse_judge_reply(R"({"score": 0.8})", 1).score == Approx(0.8));
    CHECK(*parse_judge_reply(R"({"score": " 0.8 "})", 1).score == Approx(0.8));
    CHECK(*parse_judge_reply(R"({"score": "80%"})", 1).score == Approx(0.8));
    CHECK(*parse_judge_reply(R"({"score": "80%"})", 100).score == Approx(80));
    CHECK(*parse_judge_reply(R"({"score": 95, "reason": "r"})", 100).score == Approx(95));
    CHECK(parse_judge_reply(R"({"score": 1e999})", 1).error.find("not a number: 1e999") != std::string::npos);
    CHECK_FALSE(parse_judge_reply(R"({"score": null})", 1).score);
    CHECK_FALSE(parse_judge_reply(R"({"score": true})", 1).score);
    CHECK_FALSE(parse_judge_reply("", 1).score);
    CHECK_FALSE(parse_judge_reply(std::string(100000, '{'), 1).score);
    // A reply that quotes a Weaviate query many times before its verdict.
    std::string quoting;
    for (int i = 0; i < 100; ++i) quoting += "The query uses {Get {Book(where: {path: [\"title\"]})}}. ";
    auto verdict = parse_judge_reply(quoting + R"(```json {"score": 0.35, "reasoning": "wrong filter"} ```)", 1);
    REQUIRE(verdict.score);
    CHECK(*verdict.score == Approx(0.35));
    // Braces and quotes inside strings do not end an object early.
    auto tricky = parse_judge_reply(R"({"reasoning": "uses \"}\" and {", "score": 0.1})", 1);
    REQUIRE(tricky.score);
    CHECK(*tricky.score == Approx(0.1));
    CHECK(tricky.reasoning == "uses \"}\" and {");
}

TEST_CASE("judge: command lines split like a shell, without expansion", "[judge]") {
    std::vector<std::string> words;
    std::string error;
    REQUIRE(qdiff::judge::split_command_line(R"(prog  'a b' "c \"d\" \\" e\ f $HOME;rm)", words, error));
    CHECK(words == std::vector<std::string>{"prog", "a b", "c \"d\" \\", "e f", "$HOME;rm"});
    CHECK_FALSE(qdiff::judge::split_command_line("   ", words, error));
    CHECK(error == "the judge command is empty");
    CHECK_FALSE(qdiff::judge::split_command_line("prog \"open", words, error));
    CHECK(error.find("unterminated double quote") != std::string::npos);
}
