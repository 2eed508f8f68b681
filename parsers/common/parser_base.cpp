#include "parsers/common/parser_base.hpp"

namespace qdiff::parsers {

namespace {

using Children = std::vector<antlr4::tree::ParseTree*>;

// The children arrays of the contexts this thread freed, for the contexts of its next parse: a parse
// tree's nodes are freed all at once (Parser::reset), hundreds per query, and a malloc and a free of
// each array cost as much as a third of freeing the tree. Plain data, usable until the thread's very
// end, as node_pool.cpp's lists are; the arrays are freed with the thread's other thread_locals.
constexpr size_t kMaxSpare = 4096;        // arrays kept per thread
constexpr size_t kMaxSpareCapacity = 16;  // larger arrays (long lists) go back to the allocator
struct SpareChildren {
    Children* arrays;  // kMaxSpare of them, allocated on first use
    size_t count;
    bool closed;
};
thread_local SpareChildren spare;

struct SpareCloser {
    ~SpareCloser() {
        delete[] spare.arrays;
        spare.arrays = nullptr;
        spare.count = 0;
        spare.closed = true;
    }
};

// Most rules have up to four children: one allocation for them instead of up to three, or none when
// a freed context left its array.
void add_child(antlr4::ParserRuleContext* parent, antlr4::tree::ParseTree* child) {
    if (parent->children.capacity() == 0) {
        if (spare.count > 0)
            parent->children.swap(spare.arrays[--spare.count]);
        else
            parent->children.reserve(4);
    }
    parent->children.push_back(child);
}

}  // namespace

ContextBase::~ContextBase() {
    size_t capacity = children.capacity();
    if (capacity == 0 || capacity > kMaxSpareCapacity || spare.closed || spare.count == kMaxSpare) return;
    if (!spare.arrays) {
        thread_local SpareCloser closer;  // constructed once per thread, before the first array is kept
        spare.arrays = new Children[kMaxSpare];
    }
    children.clear();
    spare.arrays[spare.count++].swap(children);
}

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

void ParserBase::pushNewRecursionContext(antlr4::ParserRuleContext* localctx, size_t state, size_t ruleIndex) {
    if (!_parseListeners.empty()) return Parser::pushNewRecursionContext(localctx, state, ruleIndex);
    antlr4::ParserRuleContext* previous = _ctx;
    previous->parent = localctx;
    previous->invokingState = state;
    previous->stop = _input->LT(-1);
    _ctx = localctx;
    _ctx->start = previous->start;
    if (_buildParseTrees) add_child(_ctx, previous);
}

void ParserBase::unrollRecursionContexts(antlr4::ParserRuleContext* parentctx) {
    if (!_parseListeners.empty()) return Parser::unrollRecursionContexts(parentctx);
    _precedenceStack.pop_back();
    _ctx->stop = _input->LT(-1);
    antlr4::ParserRuleContext* retctx = _ctx;
    _ctx = parentctx;
    retctx->parent = parentctx;
    if (_buildParseTrees && parentctx) add_child(parentctx, retctx);
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
