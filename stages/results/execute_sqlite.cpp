// Generated SQL on SQLite, without letting it change anything or run away:
// - the database is opened with SQLITE_OPEN_READONLY through a URI with mode=ro and immutable=1
//   (evaluation databases are fixed snapshots: no locks, no journal or WAL files are created);
// - extension loading is off (SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION), defensive mode is on, schema
//   functions are untrusted, SQLITE_LIMIT_ATTACHED is 0 and one value is at most 64 MiB;
// - only statements that return rows run (REINDEX or VACUUM never do);
// - an authorizer allows only reading: SELECT, READ, RECURSIVE (CTEs), FUNCTION except those that
//   touch files or load code (load_extension, readfile, writefile, edit, fts3_tokenizer), and a few
//   schema-reading PRAGMAs (table_info and the like); everything else (writes, DDL, ATTACH/DETACH, transactions,
//   savepoints, PRAGMA assignments, ANALYZE, ...) is denied;
// - a statement must also be read-only by sqlite3_stmt_readonly (this catches VACUUM INTO, which
//   writes a new file from a read-only database), and only one statement is accepted;
// - a progress handler interrupts it at the deadline; the row cap stops stepping (truncated).
// A database qdiff built itself (synth/: in memory) gets the same rules after it is filled:
// lock_down_sqlite, then execute_locked_sqlite (sqlite_sandbox.hpp).
#include <sqlite3.h>

#include <chrono>
#include <cstdio>
#include <memory>

#include "qdiff/ast_print.hpp"
#include "stages/results/exec_support.hpp"
#include "stages/results/result_set.hpp"
#include "stages/results/sqlite_sandbox.hpp"

namespace qdiff::results {
namespace {

using Clock = std::chrono::steady_clock;
constexpr int kMaxValueBytes = 64 << 20;

int authorize(void*, int action, const char* a, const char* b, const char*, const char*) {
    switch (action) {
        case SQLITE_SELECT:
        case SQLITE_READ:
        case SQLITE_RECURSIVE: return SQLITE_OK;
        case SQLITE_FUNCTION: {
            static const char* const denied[] = {"load_extension", "readfile", "writefile", "edit", "fts3_tokenizer"};
            for (const char* name : denied)
                if (b && sqlite3_stricmp(b, name) == 0) return SQLITE_DENY;
            return SQLITE_OK;
        }
        case SQLITE_PRAGMA: {
            static const char* const readable[] = {"table_info",  "table_xinfo",      "index_list", "index_info",
                                                   "index_xinfo", "foreign_key_list", "table_list"};
            // These only read, whatever their argument (a table or index name); any other PRAGMA may
            // set something.
            for (const char* name : readable)
                if (a && sqlite3_stricmp(a, name) == 0) return SQLITE_OK;
            return SQLITE_DENY;
        }
        default: return SQLITE_DENY;
    }
}

struct Deadline {
    Clock::time_point at;
    bool passed = false;
};

int check_deadline(void* data) {
    auto* deadline = static_cast<Deadline*>(data);
    if (Clock::now() >= deadline->at) deadline->passed = true;
    return deadline->passed ? 1 : 0;
}

// The engine's message. A query of another dialect printed with to_sqlite(.., zero_divisor_fails) fails on a
// zero divisor with kSqliteZeroDivisorError: that is a division by zero, as the query's own engine says.
std::string engine_error(sqlite3* db) {
    std::string message = sqlite3_errmsg(db);
    if (message == kSqliteZeroDivisorError)
        return "division by zero (the query's dialect fails there; SQLite alone would give NULL)";
    return message;
}

// file:PATH?mode=ro&immutable=1, with the characters a URI reserves percent-encoded.
std::string read_only_uri(const std::string& path) {
    std::string uri = "file:";
    for (unsigned char c : path) {
        if (c == '%' || c == '?' || c == '#' || c < 0x20 || c >= 0x7f) {
            char buffer[4];
            std::snprintf(buffer, sizeof buffer, "%%%02X", c);
            uri += buffer;
        } else {
            uri += char(c);
        }
    }
    return uri + "?mode=ro&immutable=1";
}

Value column_value(sqlite3_stmt* stmt, int i) {
    switch (sqlite3_column_type(stmt, i)) {
        case SQLITE_NULL: return Null{};
        case SQLITE_INTEGER: return int64_t(sqlite3_column_int64(stmt, i));
        case SQLITE_FLOAT: return sqlite3_column_double(stmt, i);
        default: {
            const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(stmt, i));
            return std::string(text ? text : "", size_t(sqlite3_column_bytes(stmt, i)));
        }
    }
}

}  // namespace

void lock_down_sqlite(sqlite3* db) {
    sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, nullptr);
    sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, nullptr);
    sqlite3_db_config(db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, nullptr);
    sqlite3_limit(db, SQLITE_LIMIT_ATTACHED, 0);
    // A result value never needs to be huge; a query building one (zeroblob(1e9), group_concat over a
    // cross join) fails instead of taking the memory.
    sqlite3_limit(db, SQLITE_LIMIT_LENGTH, kMaxValueBytes);
    sqlite3_set_authorizer(db, authorize, nullptr);
}

ExecResult execute_sqlite(const std::string& database_path, const std::string& sql, const ExecLimits& limits) {
    const auto start = Clock::now();
    ExecResult out;

    sqlite3* raw = nullptr;
    int rc =
        sqlite3_open_v2(read_only_uri(database_path).c_str(), &raw, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nullptr);
    std::unique_ptr<sqlite3, int (*)(sqlite3*)> db(raw, sqlite3_close_v2);
    if (rc != SQLITE_OK)
        return finish(
            out, start, ExecStatus::Error,
            "cannot open SQLite database '" + database_path + "': " + (raw ? sqlite3_errmsg(raw) : sqlite3_errstr(rc)));
    lock_down_sqlite(raw);
    return execute_locked_sqlite(raw, sql, limits);
}

ExecResult execute_locked_sqlite(sqlite3* raw, const std::string& sql, const ExecLimits& limits) {
    const auto start = Clock::now();
    ExecResult out;
    int rc = SQLITE_OK;
    Deadline deadline{
        start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(limits.timeout_seconds))};
    sqlite3_progress_handler(raw, 1000, check_deadline, &deadline);
    // The handler points at this frame's deadline: it goes when the statement does.
    struct ClearHandler {
        sqlite3* db;
        ~ClearHandler() { sqlite3_progress_handler(db, 0, nullptr, nullptr); }
    } clear_handler{raw};

    sqlite3_stmt* stmt_raw = nullptr;
    const char* tail = nullptr;
    rc = sqlite3_prepare_v3(raw, sql.c_str(), int(sql.size()), 0, &stmt_raw, &tail);
    std::unique_ptr<sqlite3_stmt, int (*)(sqlite3_stmt*)> stmt(stmt_raw, sqlite3_finalize);
    if (deadline.passed) return finish(out, start, ExecStatus::Timeout, timed_out_message(limits.timeout_seconds));
    // The authorizer's refusal reads "not authorized" in SQLite's words: say what is refused.
    if (rc == SQLITE_AUTH)
        return finish(out, start, ExecStatus::Error,
                      std::string(sqlite3_errmsg(raw)) +
                          ": only reading queries are run (no writes, ATTACH, PRAGMA changes or extensions)");
    if (rc != SQLITE_OK) return finish(out, start, ExecStatus::Error, sqlite3_errmsg(raw));
    if (!stmt) return finish(out, start, ExecStatus::Error, "no SQL statement to run");
    if (tail && !only_trivia(tail))
        return finish(out, start, ExecStatus::Error, "only one SQL statement is run; found more after the first");
    if (!sqlite3_stmt_readonly(stmt.get()))
        return finish(out, start, ExecStatus::Error, "the statement would write: only reading queries are run");

    const int columns = sqlite3_column_count(stmt.get());
    if (columns == 0)
        return finish(out, start, ExecStatus::Error, "not a query: only statements that return rows are run");
    for (int i = 0; i < columns; ++i) {
        const char* name = sqlite3_column_name(stmt.get(), i);
        out.result.columns.push_back(name ? name : "");
    }
    while (true) {
        if (out.result.rows.size() >= limits.row_cap) {
            // One more step tells whether the cap cut anything off.
            rc = sqlite3_step(stmt.get());
            out.result.truncated = rc == SQLITE_ROW;
            if (rc == SQLITE_ROW || rc == SQLITE_DONE) break;
        } else {
            rc = sqlite3_step(stmt.get());
            if (rc == SQLITE_ROW) {
                std::vector<Value> row;
                row.reserve(size_t(columns));
                for (int i = 0; i < columns; ++i) row.push_back(column_value(stmt.get(), i));
                out.result.rows.push_back(std::move(row));
                continue;
            }
            if (rc == SQLITE_DONE) break;
        }
        if (deadline.passed) return finish(out, start, ExecStatus::Timeout, timed_out_message(limits.timeout_seconds));
        return finish(out, start, ExecStatus::Error, engine_error(raw));
    }
    return finish(out, start, ExecStatus::Ok, "");
}

}  // namespace qdiff::results
