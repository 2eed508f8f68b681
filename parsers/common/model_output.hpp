// What models wrap around a query: a UTF-8 byte-order mark, a Markdown code fence (```sql, ```kql,
// ```graphql, plain ```), prose before and after the fence. One rule for every language, applied
// where the text enters parsing: the wrapping is blanked out (bytes become spaces, line breaks stay),
// so the text keeps its length and every span a front end reports is an offset into the original.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "qdiff/diagnostic.hpp"

namespace qdiff::parsers {

struct UnwrappedText {
    std::string text;                     // the input with the wrapping blanked; same length, same line breaks
    std::string fence_tag;                // the fence's info string ("sql", "graphql"), empty without one
    bool changed = false;                 // false: `text` equals the input
    std::vector<Diagnostic> diagnostics;  // a note per removed wrapper, a warning per ignored prose
};

UnwrappedText unwrap_model_output(std::string_view input);

}  // namespace qdiff::parsers
