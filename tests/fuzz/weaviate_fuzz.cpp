// libFuzzer target for the Weaviate front end: document parsing (all three shapes) and lowering.
//
//   clang++ -std=c++20 -g -O1 -fsanitize=fuzzer,address,undefined -I. -Iinclude \
//     tests/fuzz/weaviate_fuzz.cpp parsers/weaviate/*.cpp <ast, lint, parsers, support sources> -lfmt
//   ./weaviate_fuzz -max_len=4096 -dict=tests/fuzz/weaviate.dict tests/data/weaviate/api-examples
#include <cstddef>
#include <cstdint>
#include <string>

#include "parsers/weaviate/frontend.hpp"
#include "parsers/weaviate/lower.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  auto doc = qdiff::weaviate::parse_document(text);
  if (doc.ok()) {
    qdiff::ast::Arena arena;
    std::vector<qdiff::Diagnostic> diags;
    (void)qdiff::weaviate::lower_document(doc, arena, diags);
  }
  return 0;
}
