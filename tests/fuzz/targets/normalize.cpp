// Normalization is idempotent: normalize(normalize(x)) == normalize(x) for every accepted query (the
// first byte picks SQL in any dialect, KQL or Weaviate). Kept apart from `roundtrip`,
// whose property is about the printers.
#include "qdiff/normalize.hpp"
#include "qdiff/ast_print.hpp"
#include "tests/fuzz/targets.hpp"

namespace qdiff::fuzz {

void run_normalize(std::string_view data) {
    Selected in = select(data, kLanguageModes);
    ParseResult parsed = parse(std::string(in.text), language_mode(in.mode));
    if (!parsed.ok()) return;
    ast::Arena arena;
    ast::Script* once = normalize(*parsed.script(), parsed.language(), arena);
    ast::Script* twice = normalize(*once, parsed.language(), arena);
    if (!ast::equal(once, twice))
        violated("normalize is not idempotent:\n  once:  " + to_sexpr(*once) + "\n  twice: " + to_sexpr(*twice), data);
}

}  // namespace qdiff::fuzz
