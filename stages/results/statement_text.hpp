// Helpers on SQL text shared by the executors.
#pragma once
#include <string>
#include <string_view>

namespace qdiff::results {

// True when `rest` holds only white space, semicolons and comments (-- and /* */): what may follow the
// one statement an executor runs.
bool only_trivia(std::string_view rest);
// "timed out after 2.5 s"
std::string timed_out_message(double seconds);

}  // namespace qdiff::results
