// What the SQLite and PostgreSQL executors share.
#pragma once
#include <chrono>
#include <string>
#include <string_view>

#include "stages/results/result_set.hpp"

namespace qdiff::results {

// True when `rest` holds only white space, semicolons and comments (-- and /* */): what may follow the
// one statement an executor runs.
bool only_trivia(std::string_view rest);
// "timed out after 2.5 s"
std::string timed_out_message(double seconds);
// Completes `out` (status, error, elapsed time since `start`; no partial rows unless Ok) and returns it.
ExecResult finish(ExecResult& out, std::chrono::steady_clock::time_point start, ExecStatus status, std::string error);

}  // namespace qdiff::results
