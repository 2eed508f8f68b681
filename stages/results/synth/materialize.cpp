// A synthesized database becomes a private in-memory SQLite database: created and filled through a
// trusted connection, then locked down exactly like an evaluation database (sqlite_sandbox.hpp)
// before any query of the case runs. Nothing touches the disk.
#include <sqlite3.h>

#include <cctype>
#include <memory>

#include "stages/results/sqlite_sandbox.hpp"
#include "stages/results/synth/synth.hpp"

namespace qdiff::results::synth {
namespace {

std::string quoted(const std::string& name) {
    std::string out = "\"";
    for (char c : name) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

// A declared type goes into CREATE TABLE as written when it is plain words and a size; anything
// else becomes TEXT, so that a schema cannot inject SQL here.
std::string safe_type(const std::string& declared) {
    for (char c : declared)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == ' ' || c == '(' || c == ')' || c == ',' || c == '_'))
            return "TEXT";
    return declared.empty() ? "" : declared;
}

bool bind(sqlite3_stmt* stmt, int i, const Value& v) {
    if (const auto* n = std::get_if<int64_t>(&v)) return sqlite3_bind_int64(stmt, i, *n) == SQLITE_OK;
    if (const auto* d = std::get_if<double>(&v)) return sqlite3_bind_double(stmt, i, *d) == SQLITE_OK;
    if (const auto* s = std::get_if<std::string>(&v))
        return sqlite3_bind_text(stmt, i, s->data(), int(s->size()), SQLITE_TRANSIENT) == SQLITE_OK;
    return sqlite3_bind_null(stmt, i) == SQLITE_OK;
}

ExecResult failed(std::string why) {
    ExecResult r;
    r.status = ExecStatus::Error;
    r.error = "cannot build the synthesized database: " + std::move(why);
    return r;
}

}  // namespace

std::vector<ExecResult> run_on(const SynthDatabase& data, const std::vector<std::string>& queries,
                               const ExecLimits& limits) {
    sqlite3* raw = nullptr;
    int rc =
        sqlite3_open_v2(":memory:", &raw, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_MEMORY, nullptr);
    std::unique_ptr<sqlite3, int (*)(sqlite3*)> db(raw, sqlite3_close_v2);
    auto all_failed = [&](std::string why) { return std::vector<ExecResult>(queries.size(), failed(std::move(why))); };
    if (rc != SQLITE_OK) return all_failed(raw ? sqlite3_errmsg(raw) : sqlite3_errstr(rc));
    sqlite3_exec(raw, "BEGIN", nullptr, nullptr, nullptr);
    for (const SynthTable& t : data.tables) {
        std::string create = "CREATE TABLE " + quoted(t.name) + " (";
        std::string insert = "INSERT INTO " + quoted(t.name) + " VALUES (";
        for (size_t i = 0; i < t.columns.size(); ++i) {
            create += (i ? ", " : "") + quoted(t.columns[i]) + " " + safe_type(t.declared_types[i]);
            insert += i ? ", ?" : "?";
        }
        if (t.columns.empty()) continue;
        if (sqlite3_exec(raw, (create + ")").c_str(), nullptr, nullptr, nullptr) != SQLITE_OK) {
            // Two tables whose names differ only in case: the first one stands for both.
            if (sqlite3_errcode(raw) == SQLITE_ERROR) continue;
            return all_failed(sqlite3_errmsg(raw));
        }
        sqlite3_stmt* stmt_raw = nullptr;
        if (sqlite3_prepare_v2(raw, (insert + ")").c_str(), -1, &stmt_raw, nullptr) != SQLITE_OK)
            return all_failed(sqlite3_errmsg(raw));
        std::unique_ptr<sqlite3_stmt, int (*)(sqlite3_stmt*)> stmt(stmt_raw, sqlite3_finalize);
        for (const auto& row : t.rows) {
            sqlite3_reset(stmt.get());
            for (size_t i = 0; i < row.size(); ++i) bind(stmt.get(), int(i + 1), row[i]);
            if (sqlite3_step(stmt.get()) != SQLITE_DONE) return all_failed(sqlite3_errmsg(raw));
        }
        for (size_t i = 0; i < t.indexed.size(); ++i) {
            std::string index = "CREATE INDEX " + quoted("qdiff_synth_" + t.name + "_" + std::to_string(i)) + " ON " +
                                quoted(t.name) + " (" + quoted(t.indexed[i]) + ")";
            sqlite3_exec(raw, index.c_str(), nullptr, nullptr, nullptr);  // a failure only costs speed
        }
    }
    sqlite3_exec(raw, "COMMIT", nullptr, nullptr, nullptr);
    lock_down_sqlite(raw);
    std::vector<ExecResult> out;
    out.reserve(queries.size());
    for (const std::string& sql : queries) out.push_back(execute_locked_sqlite(raw, sql, limits));
    return out;
}

}  // namespace qdiff::results::synth
