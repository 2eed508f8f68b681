// The SQLite sandbox of execute_sqlite (execute_sqlite.cpp), for a connection qdiff opened itself:
// the synthesized databases (synth/) are built in memory, filled, then locked down the same way as an
// evaluation database before any untrusted query runs on them.
#pragma once
#include <string>

#include "stages/results/result_set.hpp"

struct sqlite3;

namespace qdiff::results {

// No extension loading, defensive mode, untrusted schema, no ATTACH, a value size cap, and the
// read-only authorizer: from here on the connection can only read (the authorizer stays installed).
void lock_down_sqlite(sqlite3* db);
// One read-only statement on a locked-down connection, with execute_sqlite's timeout and row cap.
ExecResult execute_locked_sqlite(sqlite3* db, const std::string& sql, const ExecLimits& limits);

}  // namespace qdiff::results
