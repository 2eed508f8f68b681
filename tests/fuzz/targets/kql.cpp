// KQL queries and management commands.
#include "tests/fuzz/targets.hpp"

namespace qdiff::fuzz {

void run_kql(std::string_view data) { exercise(parse(std::string(data), {.language = Language::Kql})); }

}  // namespace qdiff::fuzz
