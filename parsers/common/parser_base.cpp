#include "parsers/common/parser_base.hpp"

namespace qdiff::parsers {

void ParserBase::enterRule(antlr4::ParserRuleContext* localctx, size_t state, size_t ruleIndex) {
    if (!_parseListeners.empty()) return Parser::enterRule(localctx, state, ruleIndex);
    setState(state);
    _ctx = localctx;
    _ctx->start = _input->LT(1);
    if (_buildParseTrees && _ctx->parent) parent_of(_ctx)->addChild(_ctx);
}

void ParserBase::enterOuterAlt(antlr4::ParserRuleContext* localctx, size_t altNum) {
    if (!_parseListeners.empty()) return Parser::enterOuterAlt(localctx, altNum);
    localctx->setAltNumber(altNum);
    // A labelled alternative replaces the rule's context, which its parent already holds.
    if (_buildParseTrees && _ctx != localctx && _ctx->parent) {
        antlr4::ParserRuleContext* parent = parent_of(_ctx);
        parent->removeLastChild();
        parent->addChild(localctx);
    }
    _ctx = localctx;
}

void ParserBase::exitRule() {
    if (!_parseListeners.empty()) return Parser::exitRule();
    // After EOF there is nothing to step back over: the stop token is EOF itself.
    _ctx->stop = _matchedEOF ? _input->LT(1) : _input->LT(-1);
    setState(_ctx->invokingState);
    _ctx = parent_of(_ctx);
}

}  // namespace qdiff::parsers
