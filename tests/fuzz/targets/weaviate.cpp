// Weaviate documents (structured query JSON, GraphQL requests, bare GraphQL), through the public
// parse (which lowers) and the document parser on its own.
#include "parsers/weaviate/frontend.hpp"
#include "parsers/weaviate/lower.hpp"
#include "tests/fuzz/targets.hpp"

namespace qdiff::fuzz {

void run_weaviate(std::string_view data) {
    exercise(parse(std::string(data), {.language = Language::Weaviate}));
    auto doc = weaviate::parse_document(std::string(data));
    if (doc.ok()) {
        ast::Arena arena;
        std::vector<Diagnostic> diags;
        (void)weaviate::lower_document(doc, arena, diags);
    }
}

}  // namespace qdiff::fuzz
