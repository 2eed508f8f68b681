#include "stages/results/kql/kql_exec.hpp"

#include <chrono>
#include <regex>

#include "stages/results/kql/interpreter.hpp"

namespace qdiff::results::kql {

namespace {

void finish(KqlRunResult& r, std::chrono::steady_clock::time_point start) {
    r.exec.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

KqlRunResult run_kql(const ParseResult& parsed, const KqlDatabase& db, const KqlRunOptions& options) {
    const auto start = std::chrono::steady_clock::now();
    KqlRunResult r;
    r.exec.status = ExecStatus::Error;
    if (parsed.language() != Language::Kql) {
        r.exec.error = "not a KQL query";
        finish(r, start);
        return r;
    }
    if (!parsed.ok()) {
        r.exec.error = "the query does not parse";
        for (const Diagnostic& d : parsed.diagnostics())
            if (d.severity == Severity::Error) {
                r.exec.error += ": " + d.message;
                break;
            }
        finish(r, start);
        return r;
    }
    try {
        Interpreter interpreter(db, options);
        interpreter.source_text_ = parsed.source().text();
        Table t = interpreter.run(*parsed.script());
        r.exec.status = ExecStatus::Ok;
        for (const KqlColumn& c : t.columns) {
            r.exec.result.columns.push_back(c.name);
            r.types.emplace_back(type_name(c.type));
        }
        for (const Row& row : t.rows) {
            if (r.exec.result.rows.size() >= options.limits.row_cap) {
                r.exec.result.truncated = true;
                break;
            }
            std::vector<Value> out;
            out.reserve(row.size());
            for (const KValue& v : row) out.push_back(to_result_value(v));
            r.exec.result.rows.push_back(std::move(out));
        }
    } catch (const KqlUnsupported& e) {
        r.unsupported = true;
        r.construct = e.construct;
        r.exec.error = e.what();
    } catch (const KqlError& e) {
        r.exec.error = e.what();
    } catch (const Timeout&) {
        r.exec.status = ExecStatus::Timeout;
        r.exec.error = "the query ran out of time";
    } catch (const nlohmann::json::exception& e) {
        r.exec.error = std::string("dynamic value: ") + e.what();
    } catch (const std::regex_error&) {
        r.exec.error = "regular expression failed";
    }
    finish(r, start);
    return r;
}

KqlRunResult run_kql(const std::string& query, const KqlDatabase& db, const KqlRunOptions& options) {
    ParseOptions parse_options;
    parse_options.language = Language::Kql;
    return run_kql(parse(query, parse_options), db, options);
}

}  // namespace qdiff::results::kql
