#include "parsers/common/parser_base.hpp"

namespace qdiff::parsers {

namespace {
// Most rules have up to four children: one allocation for them instead of up to three.
void add_child(antlr4::ParserRuleContext* parent, antlr4::tree::ParseTree* child) {
    if (parent->children.empty()) parent->children.reserve(4);
    parent->children.push_back(child);
}
}  // namespace

void ParserBase::enterRule(antlr4::ParserRuleContext* localctx, size_t state, size_t ruleIndex) {
    if (!_parseListeners.empty()) return Parser::enterRule(localctx, state, ruleIndex);
    setState(state);
    _ctx = localctx;
    _ctx->start = _input->LT(1);
    if (_buildParseTrees && _ctx->parent) add_child(parent_of(_ctx), _ctx);
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

antlr4::Token* ParserBase::consume() {
    if (!_parseListeners.empty() || !_buildParseTrees || _errHandler->inErrorRecoveryMode(this))
        return Parser::consume();
    antlr4::Token* o = _input->LT(1);
    if (o->getType() != antlr4::Token::EOF) _input->consume();
    auto* node = _tracker.createInstance<pool::Pooled<antlr4::tree::TerminalNodeImpl>>(o);
    node->setParent(_ctx);
    add_child(_ctx, node);
    return o;
}

}  // namespace qdiff::parsers
