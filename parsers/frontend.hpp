// The interface each language front end implements, and their registry.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "qdiff/parse.hpp"

namespace qdiff::parsers {

struct ParseContext {
    const SourceText& source;
    const ParseOptions& options;
    ast::Arena& arena;
    std::vector<Diagnostic>& diagnostics;
};

class Frontend {
public:
    virtual ~Frontend() = default;
    // Returns null, with at least one error diagnostic, when the text does not parse.
    virtual ast::Script* parse(ParseContext& ctx) const = 0;
    virtual std::vector<TokenInfo> tokens(ParseContext& ctx) const = 0;
    virtual std::string tree(ParseContext& ctx) const = 0;
};

// detect_language() on a text unwrap_model_output() has already unwrapped: the fence's tag decides
// when it names a language.
Language detect_unwrapped_language(std::string_view text, std::string_view fence_tag);

// Null when the language has no front end in this build.
const Frontend* frontend_for(Language language);

}  // namespace qdiff::parsers
