// Generated SQL on PostgreSQL through libpq, without letting it change anything or run away:
// - the role must not be able to touch server files or programs (superuser, pg_read_server_files,
//   pg_write_server_files, pg_execute_server_program): such a connection is refused;
// - BEGIN READ ONLY; SET LOCAL statement_timeout (and lock_timeout); the query; ROLLBACK, always;
// - the query goes through the extended protocol, which takes exactly one statement;
// - rows arrive one at a time (single-row mode); at the row cap the query is cancelled (truncated);
// - the client also waits at most the timeout plus a grace period for the server, then cancels.
#include <libpq-fe.h>
#include <poll.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <memory>

#include "stages/results/exec_support.hpp"
#include "stages/results/result_set.hpp"

namespace qdiff::results {
namespace {

using Clock = std::chrono::steady_clock;
constexpr double kGraceSeconds = 2;

using Connection = std::unique_ptr<PGconn, void (*)(PGconn*)>;
using Result = std::unique_ptr<PGresult, void (*)(PGresult*)>;

std::string trimmed_error(const char* message) {
    std::string s = message ? message : "";
    while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
    return s;
}

// A command that must succeed; returns the error text, or empty.
std::string command(PGconn* conn, const std::string& sql) {
    Result r(PQexec(conn, sql.c_str()), PQclear);
    auto status = PQresultStatus(r.get());
    if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) return {};
    return trimmed_error(PQerrorMessage(conn));
}

std::string single_value(PGconn* conn, const char* sql) {
    Result r(PQexec(conn, sql), PQclear);
    if (PQresultStatus(r.get()) != PGRES_TUPLES_OK || PQntuples(r.get()) != 1) return {};
    return PQgetvalue(r.get(), 0, 0);
}

Value cell(const PGresult* r, int row, int column) {
    if (PQgetisnull(r, row, column)) return Null{};
    std::string text(PQgetvalue(r, row, column), size_t(PQgetlength(r, row, column)));
    switch (PQftype(r, column)) {
        case 16: return int64_t(text == "t" ? 1 : 0);  // bool
        case 20:
        case 21:
        case 23:
        case 26: return int64_t(std::strtoll(text.c_str(), nullptr, 10));
        case 700:
        case 701:
        case 1700: {  // float4, float8, numeric
            char* end = nullptr;
            double d = std::strtod(text.c_str(), &end);
            if (end && *end == '\0' && !text.empty()) return d;
            return text;  // NaN, Infinity
        }
        default: return text;
    }
}

void cancel(PGconn* conn) {
    if (PGcancel* c = PQgetCancel(conn)) {
        char buffer[256];
        PQcancel(c, buffer, sizeof buffer);
        PQfreeCancel(c);
    }
}

}  // namespace

ExecResult execute_postgres(const std::string& connection_uri, const std::string& sql, const ExecLimits& limits) {
    const auto start = Clock::now();
    ExecResult out;
    if (only_trivia(sql)) return finish(out, start, ExecStatus::Error, "no SQL statement to run");

    std::string connect_timeout = std::to_string(std::max(1, int(limits.timeout_seconds + 0.999)));
    const char* keys[] = {"dbname", "connect_timeout", "application_name", nullptr};
    const char* values[] = {connection_uri.c_str(), connect_timeout.c_str(), "qdiff", nullptr};
    Connection conn(PQconnectdbParams(keys, values, 1), PQfinish);
    if (!conn || PQstatus(conn.get()) != CONNECTION_OK)
        return finish(out, start, ExecStatus::Error,
                      "cannot connect to PostgreSQL: " + trimmed_error(PQerrorMessage(conn.get())));
    PGconn* c = conn.get();
    PQsetNoticeProcessor(
        c, [](void*, const char*) {}, nullptr);  // stderr carries only qdiff's diagnostics

    long timeout_ms = std::max(1L, long(limits.timeout_seconds * 1000));
    for (const std::string& setup :
         {std::string("BEGIN READ ONLY"), "SET LOCAL statement_timeout = " + std::to_string(timeout_ms),
          "SET LOCAL lock_timeout = " + std::to_string(timeout_ms),
          std::string("SET LOCAL idle_in_transaction_session_timeout = ") + std::to_string(timeout_ms * 2)})
        if (auto error = command(c, setup); !error.empty()) return finish(out, start, ExecStatus::Error, error);
    if (single_value(c,
                     "SELECT current_setting('is_superuser') = 'on' OR pg_has_role('pg_read_server_files', 'MEMBER')"
                     " OR pg_has_role('pg_write_server_files', 'MEMBER')"
                     " OR pg_has_role('pg_execute_server_program', 'MEMBER')") != "f") {
        command(c, "ROLLBACK");
        return finish(out, start, ExecStatus::Error,
                      "refusing to run generated SQL as a role that can access server files or "
                      "programs: connect as an unprivileged role");
    }

    const auto deadline = start + std::chrono::duration_cast<Clock::duration>(
                                      std::chrono::duration<double>(limits.timeout_seconds + kGraceSeconds));
    ExecStatus status = ExecStatus::Ok;
    std::string error;
    bool cancelled_for_cap = false, client_timeout = false;
    if (!PQsendQueryParams(c, sql.c_str(), 0, nullptr, nullptr, nullptr, nullptr, 0)) {
        status = ExecStatus::Error;
        error = trimmed_error(PQerrorMessage(c));
    } else {
        PQsetSingleRowMode(c);
        while (true) {
            while (PQisBusy(c) && !client_timeout) {
                auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
                if (left <= 0) {
                    client_timeout = true;
                    cancel(c);
                    break;
                }
                pollfd fd{PQsocket(c), POLLIN, 0};
                poll(&fd, 1, int(std::min<long long>(left, 1000)));
                if (!PQconsumeInput(c)) break;
            }
            if (client_timeout) break;
            Result r(PQgetResult(c), PQclear);
            if (!r) break;
            auto result_status = PQresultStatus(r.get());
            if ((result_status == PGRES_SINGLE_TUPLE || result_status == PGRES_TUPLES_OK) && out.result.columns.empty())
                for (int i = 0; i < PQnfields(r.get()); ++i) out.result.columns.push_back(PQfname(r.get(), i));
            if (result_status == PGRES_SINGLE_TUPLE) {
                if (out.result.rows.size() >= limits.row_cap) {
                    if (!cancelled_for_cap) cancel(c);
                    cancelled_for_cap = out.result.truncated = true;
                    continue;
                }
                std::vector<Value> row;
                for (int i = 0; i < PQnfields(r.get()); ++i) row.push_back(cell(r.get(), 0, i));
                out.result.rows.push_back(std::move(row));
            } else if (result_status == PGRES_TUPLES_OK) {
                // The end of the rows (or an empty result, whose columns were just read).
            } else if (result_status == PGRES_COPY_OUT || result_status == PGRES_COPY_IN ||
                       result_status == PGRES_COPY_BOTH) {
                // Closing the connection ends the copy and the session (which rolls back).
                return finish(out, start, ExecStatus::Error, "COPY is not run: only queries that return rows");
            } else if (result_status == PGRES_COMMAND_OK) {
                status = ExecStatus::Error;
                error = "not a query: only statements that return rows are run";
            } else if (!cancelled_for_cap) {
                const char* state = PQresultErrorField(r.get(), PG_DIAG_SQLSTATE);
                // 57014: query_canceled, which statement_timeout raises.
                status = state && std::string(state) == "57014" ? ExecStatus::Timeout : ExecStatus::Error;
                error = status == ExecStatus::Timeout ? timed_out_message(limits.timeout_seconds)
                                                      : trimmed_error(PQresultErrorMessage(r.get()));
            }
        }
    }
    if (client_timeout) {
        // The connection may still be busy: closing it ends the session, which rolls back.
        return finish(out, start, ExecStatus::Timeout, timed_out_message(limits.timeout_seconds));
    }
    command(c, "ROLLBACK");
    return finish(out, start, status, error);
}

}  // namespace qdiff::results
