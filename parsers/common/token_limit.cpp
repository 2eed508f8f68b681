#include "parsers/common/token_limit.hpp"

#include "parsers/common/antlr_driver.hpp"

namespace qdiff::parsers {

std::unique_ptr<antlr4::Token> TokenLimit::nextToken() {
    if (!cut_) {
        std::unique_ptr<antlr4::Token> t = inner_.nextToken();
        // Only default-channel tokens count: white space and comments make no parse-tree nodes.
        if (t->getType() == antlr4::Token::EOF || t->getChannel() != antlr4::Token::DEFAULT_CHANNEL ||
            count_++ < limit_)
            return t;
        cut_ = std::move(t);
    }
    return std::make_unique<antlr4::CommonToken>(antlr4::Token::EOF);
}

bool report_token_limit(ParseContext& ctx, const TokenLimit& limit) {
    if (!limit.cut()) return false;
    ctx.diagnostics.push_back(make_diagnostic(DiagId::TooManyTokens, token_span(ctx.source, limit.cut()),
                                              {std::to_string(ctx.options.max_tokens)}));
    return true;
}

}  // namespace qdiff::parsers
