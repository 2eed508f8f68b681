// The interface each language front end implements, and their registry.
#pragma once
#include <string>
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

// Null when the language has no front end in this build.
const Frontend* frontend_for(Language language);

}  // namespace qdiff::parsers
