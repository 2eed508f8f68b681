// A query result as the results matcher sees it: column names and rows of typed values, read from a
// database or from a JSON/CSV file given with a case.
#pragma once
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

namespace qdiff::results {

struct Null {
    friend bool operator==(Null, Null) { return true; }
};
// Integers, reals and texts as the engine returned them; the comparison normalizes (compare.hpp).
using Value = std::variant<Null, int64_t, double, std::string>;

struct ResultSet {
    std::vector<std::string> columns;
    std::vector<std::vector<Value>> rows;  // every row has columns.size() values
    bool truncated = false;                // the row cap stopped reading
};

enum class ExecStatus : uint8_t { Ok, Error, Timeout };

struct ExecResult {
    ExecStatus status = ExecStatus::Ok;
    ResultSet result;
    std::string error;  // why, when status is not Ok
    double seconds = 0;
};

struct ExecLimits {
    double timeout_seconds = 10;
    size_t row_cap = 100000;
};

// Reads a result set: `source` is inline JSON when it starts with '[' or '{', else a path to a
// .json or .csv file. JSON is an array of row objects (columns in first-seen key order) or
// {"columns": [...], "rows": [[...], ...]}; CSV has a header line (RFC 4180 quoting); CSV cells are
// texts, the comparison reads numbers and dates out of them. Errors come back as status Error.
ExecResult read_result_file(const std::string& source);

// One statement, executed read-only with a timeout and a row cap (execute_sqlite.cpp,
// execute_postgres.cpp say exactly how).
ExecResult execute_sqlite(const std::string& database_path, const std::string& sql, const ExecLimits& limits);
ExecResult execute_postgres(const std::string& connection_uri, const std::string& sql, const ExecLimits& limits);

}  // namespace qdiff::results
