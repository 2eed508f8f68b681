// A token source that ends the text after a number of tokens. A parse keeps every token and a
// parse-tree path per token (hundreds of bytes each), so the token count, not the byte count, is what
// bounds the memory of one parse: `x IN (1,1,...)` fits a million items into 2 MB of text.
#pragma once
#include <memory>

#include "antlr4-runtime.h"
#include "parsers/frontend.hpp"

namespace qdiff::parsers {

class TokenLimit final : public antlr4::TokenSource {
public:
    TokenLimit(antlr4::TokenSource& inner, size_t limit) : inner_(inner), limit_(limit) {}

    // The inner source's tokens up to `limit` default-channel tokens, then EOF.
    std::unique_ptr<antlr4::Token> nextToken() override;
    // The first token past the limit (null: the text had no more tokens than the limit).
    const antlr4::Token* cut() const { return cut_.get(); }

    size_t getLine() const override { return inner_.getLine(); }
    size_t getCharPositionInLine() override { return inner_.getCharPositionInLine(); }
    antlr4::CharStream* getInputStream() override { return inner_.getInputStream(); }
    std::string getSourceName() override { return inner_.getSourceName(); }
    antlr4::TokenFactory<antlr4::CommonToken>* getTokenFactory() override { return inner_.getTokenFactory(); }

private:
    antlr4::TokenSource& inner_;
    size_t limit_;
    size_t count_ = 0;
    std::unique_ptr<antlr4::Token> cut_;
};

// Adds the too-many-tokens diagnostic when `limit` cut the text; returns whether it did.
bool report_token_limit(ParseContext& ctx, const TokenLimit& limit);

}  // namespace qdiff::parsers
