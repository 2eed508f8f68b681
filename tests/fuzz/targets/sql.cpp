// SQL in any dialect of qdiff/dialects.def (the first byte picks it).
#include "tests/fuzz/targets.hpp"

namespace qdiff::fuzz {

void run_sql(std::string_view data) {
    Selected in = select(data, kDialects);
    exercise(parse(std::string(in.text), {.language = Language::Sql, .dialect = dialect_at(in.mode)}));
}

}  // namespace qdiff::fuzz
