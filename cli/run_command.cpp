// `qdiff run [--lang ...] [--dialect ...] [--db sqlite:PATH|postgres:URI|synth[:N[:SEED]]|tables:DIR]
//            [--schema FILE[#NAME]] [--format text|json|csv] [--timeout S] [--now DATETIME] FILE|-`
// Runs one query read-only and prints its result: SQL on SQLite (or PostgreSQL) in the sandbox of
// stages/results, KQL through the executor of stages/results/kql. Without --db a self-contained query
// runs on an empty database. `--db synth` runs on the first synthesized database of the schema (the
// same one `diff --db synth` starts with). Exit 0 when the query ran, 1 when it did not (a syntax
// error, an unsupported construct, an execution error or timeout), 2 on usage errors.
#include <iostream>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "qdiff/diagnostic.hpp"
#include "stages/results/kql/databases.hpp"
#include "stages/results/kql/kql_exec.hpp"
#include "stages/results/results_stage.hpp"
#include "stages/results/sqlite_spelling.hpp"
#include "stages/results/synth/stage_source.hpp"
#include "stages/results/synth/synth.hpp"
#include "support/json_writer.hpp"

namespace qdiff::cli {
namespace {

using results::ExecResult;
using results::ExecStatus;

struct RunOutput {
    ExecResult exec;
    std::vector<std::string> types;
    std::vector<Diagnostic> diagnostics;
};

std::string sql_type_of(const std::vector<std::vector<results::Value>>& rows, size_t column) {
    for (const auto& r : rows) {
        const results::Value& v = r[column];
        if (std::holds_alternative<int64_t>(v)) return "integer";
        if (std::holds_alternative<double>(v)) return "real";
        if (std::holds_alternative<std::string>(v)) return "text";
    }
    return "null";
}

void fail(RunOutput& out, DiagId id, std::string_view message, Span span = {}) {
    out.diagnostics.push_back(make_diagnostic(id, span, {message}));
}

std::string cell_text(const results::Value& v) {
    if (std::holds_alternative<results::Null>(v)) return "";
    if (const auto* i = std::get_if<int64_t>(&v)) return std::to_string(*i);
    if (const auto* d = std::get_if<double>(&v)) {
        nlohmann::json j = *d;
        return j.dump();
    }
    return std::get<std::string>(v);
}

std::string csv_field(const std::string& s) {
    if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
    std::string out = "\"";
    for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

void print_text(const RunOutput& out) {
    const auto& r = out.exec.result;
    std::vector<size_t> width;
    for (const std::string& c : r.columns) width.push_back(c.size());
    std::vector<std::vector<std::string>> cells;
    for (const auto& row : r.rows) {
        std::vector<std::string> line;
        for (size_t i = 0; i < row.size(); ++i) {
            line.push_back(std::holds_alternative<results::Null>(row[i]) ? "NULL" : cell_text(row[i]));
            width[i] = std::max(width[i], line.back().size());
        }
        cells.push_back(std::move(line));
    }
    auto print_line = [&](const std::vector<std::string>& line) {
        std::string text;
        for (size_t i = 0; i < line.size(); ++i)
            text += (i ? "  " : "") + line[i] + std::string(i + 1 < line.size() ? width[i] - line[i].size() : 0, ' ');
        std::cout << text << '\n';
    };
    print_line(r.columns);
    std::vector<std::string> rule;
    for (size_t w : width) rule.push_back(std::string(w, '-'));
    print_line(rule);
    for (const auto& line : cells) print_line(line);
    std::cout << "(" << r.rows.size() << (r.rows.size() == 1 ? " row" : " rows") << (r.truncated ? ", truncated" : "")
              << ")\n";
}

}  // namespace

int run_run(const std::vector<std::string>& argv) {
    Args args("run", "Runs one query read-only (SQL on SQLite or PostgreSQL, KQL through its executor) and prints its result.",
              argv,
              {lang_option(),
               dialect_option(),
               {"db", "sqlite:PATH|postgres:URI|synth[:N[:SEED]]|tables:DIR: where the query runs (none: an empty database)"},
               {"schema", "FILE[#NAME]: the schema --db synth fills"},
               {"format", "text|json|csv: output format (text)"},
               {"timeout", "S: seconds the query may run (10)"},
               {"now", "DATETIME: the instant KQL's now() and ago() read (2024-01-15T12:00:00Z)"}},
              {});
    std::string format = args.choice("format", "text", {"text", "json", "csv"});
    std::string path = input_name(args);
    std::string db = args.get_or("db", "");
    results::ExecLimits limits;
    if (auto t = args.get("timeout")) {
        try {
            limits.timeout_seconds = std::stod(*t);
        } catch (...) {
            throw UsageError{"--timeout takes seconds, got '" + *t + "'"};
        }
        if (!(limits.timeout_seconds > 0)) throw UsageError{"--timeout takes a positive number of seconds"};
    }
    int64_t now = results::kql::kDefaultNowTicks;
    if (auto n = args.get("now")) {
        auto t = results::kql::parse_datetime(*n);
        if (!t) throw UsageError{"--now takes a datetime such as 2024-01-15T12:00:00Z, got '" + *n + "'"};
        now = *t;
    }
    bool synth_db = results::synth::is_synth_db(db), tables_db = results::kql::is_tables_db(db);
    if (!db.empty() && !synth_db && !tables_db && !results::engine_of(db))
        throw UsageError{"--db takes sqlite:PATH, postgres:URI, synth[:N[:SEED]] or tables:DIR, got '" + db + "'"};
    std::optional<Schema> schema;
    if (auto spec = args.get("schema")) schema = load_schema_option(*spec);
    if (synth_db && !schema) throw UsageError{"--db synth needs --schema FILE[#NAME]: the tables to synthesize"};
    results::synth::SynthOptions synth_options;
    if (synth_db) {
        std::string error;
        if (!results::synth::parse_synth_db(db, synth_options, error)) throw UsageError{error};
    }
    results::kql::KqlDatabase tables;
    if (tables_db) {
        std::string error;
        if (!results::kql::load_tables_dir(db.substr(7), tables, error)) throw UsageError{error};
    }

    ParseOptions parse_options;
    parse_options.language = args.language();
    parse_options.dialect = args.dialect();
    parse_options.source_name = display_name(path);
    ParseResult parsed = parse(read_input(path), parse_options);
    RunOutput out;
    out.exec.status = ExecStatus::Error;
    for (const Diagnostic& d : parsed.diagnostics())
        if (d.severity == Severity::Error) out.diagnostics.push_back(d);
    if (!parsed.ok()) {
        if (out.diagnostics.empty()) fail(out, DiagId::ExecutionFailed, "the query does not parse");
    } else if (parsed.language() == Language::Kql) {
        results::kql::KqlDatabase synthesized;
        const results::kql::KqlDatabase* data = &tables;
        if (synth_db) {
            results::synth::LiteralHints hints;
            results::synth::collect_hints(parsed, hints);
            results::kql::add_kql_hints(parsed, hints, now);
            synthesized = results::kql::synthesize_kql(*schema, results::kql::kql_hints_for(*schema, std::move(hints)),
                                                       synth_options.seed, 0, now);
            data = &synthesized;
        } else if (!db.empty() && !tables_db) {
            throw UsageError{"a KQL query runs on --db tables:DIR, --db synth or no database, not on " + db};
        }
        results::kql::KqlRunOptions options;
        options.now_ticks = now;
        options.limits = limits;
        results::kql::KqlRunResult r = results::kql::run_kql(parsed, *data, options);
        out.exec = r.exec;
        out.types = r.types;
        if (r.unsupported)
            fail(out, DiagId::Unsupported, r.construct);
        else if (r.exec.status == ExecStatus::Timeout)
            fail(out, DiagId::ExecutionTimeout, r.exec.error);
        else if (r.exec.status != ExecStatus::Ok)
            fail(out, DiagId::ExecutionFailed, r.exec.error);
    } else if (parsed.language() == Language::Sql) {
        std::string sql = parsed.source().text();
        // Every database here but PostgreSQL is SQLite: a query of another dialect runs in SQLite's spelling.
        results::SqliteSpelling lite;
        // (On a real database a division by zero fails where the source engine fails.)
        if (results::engine_of(db) != Dialect::Postgres)
            lite = results::sqlite_spelling(
                sql, parsed, /*zero_divisor_fails=*/!synth_db && !tables_db,
                results::engine_of(db) == Dialect::Sqlite && results::respelled_for_sqlite(parsed)
                    ? results::sqlite_date_columns(db.substr(std::string_view("sqlite:").size()))
                    : SqliteDateColumns{});
        if (!lite.sql.empty()) sql = lite.sql;
        if (!lite.untranslatable.empty()) {
            fail(out, DiagId::ExecutionFailed, results::untranslatable_reason("", parsed.dialect(), lite.untranslatable));
        } else if (!db.empty() && !synth_db && !tables_db) {
            out.exec = results::execute_on(db, sql, limits);
        } else {
            results::synth::SynthDatabase data;
            if (synth_db) {
                results::synth::LiteralHints hints;
                results::synth::collect_hints(parsed, hints);
                data = results::synth::generate_database(results::synth::with_implied_keys(*schema), hints,
                                                         synth_options.seed, 0);
            } else if (tables_db) {
                data = results::kql::to_synth_database(tables);
            }
            out.exec = results::synth::run_on(data, {sql}, limits).front();
        }
        for (size_t i = 0; i < out.exec.result.columns.size(); ++i)
            out.types.push_back(sql_type_of(out.exec.result.rows, i));
        if (lite.untranslatable.empty() && out.exec.status == ExecStatus::Timeout)
            fail(out, DiagId::ExecutionTimeout, out.exec.error);
        else if (lite.untranslatable.empty() && out.exec.status != ExecStatus::Ok)
            fail(out, DiagId::ExecutionFailed, out.exec.error);
    } else {
        fail(out, DiagId::Unsupported, std::string(language_name(parsed.language())) + " queries");
    }
    bool ok = out.exec.status == ExecStatus::Ok && out.diagnostics.empty();

    if (format == "json") {
        std::string text;
        support::JsonWriter w(text);
        w.begin_object().field("ok", ok);
        nlohmann::json columns = out.exec.result.columns, types = out.types, rows = nlohmann::json::array();
        if (!ok) columns = types = nlohmann::json::array();
        if (ok)
            for (const auto& row : out.exec.result.rows) {
                nlohmann::json line = nlohmann::json::array();
                for (const results::Value& v : row) {
                    if (std::holds_alternative<results::Null>(v)) line.push_back(nullptr);
                    else if (const auto* i = std::get_if<int64_t>(&v)) line.push_back(*i);
                    else if (const auto* d = std::get_if<double>(&v)) line.push_back(*d);
                    else line.push_back(std::get<std::string>(v));
                }
                rows.push_back(std::move(line));
            }
        w.key("columns").raw(columns.dump());
        w.key("types").raw(types.dump());
        w.key("rows").raw(rows.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
        if (ok && out.exec.result.truncated) w.field("truncated", true);
        w.key("diagnostics").raw(render_json(out.diagnostics, parsed.source()));
        w.end_object();
        std::cout << text << '\n';
    } else {
        std::cerr << render_text(out.diagnostics, parsed.source());
        if (ok && format == "csv") {
            const auto& r = out.exec.result;
            for (size_t i = 0; i < r.columns.size(); ++i) std::cout << (i ? "," : "") << csv_field(r.columns[i]);
            std::cout << '\n';
            for (const auto& row : r.rows) {
                for (size_t i = 0; i < row.size(); ++i) std::cout << (i ? "," : "") << csv_field(cell_text(row[i]));
                std::cout << '\n';
            }
        } else if (ok) {
            print_text(out);
        }
    }
    return ok ? 0 : 1;
}

}  // namespace qdiff::cli
