// The base class of the generated parsers (grammar option `superClass = ParserBase`). ANTLR 4.9's
// Parser finds a context's parent with a dynamic_cast on every rule entry, exit and alternative
// (`_ctx->parent` is a ParseTree*); each walks the class hierarchy comparing type names, ~500
// instructions, about 15% of a warm SQL parse. In a parser without parse listeners every parent is
// a ParserRuleContext, so these overrides use a static_cast and otherwise do what Parser does; with
// listeners they leave it all to Parser. Tree nodes come from the parse's pool (node_pool.hpp).
#pragma once
#include <cstdint>
#include <type_traits>
#include <typeinfo>
#include <utility>
#include <vector>

#include "antlr4-runtime.h"
#include "parsers/common/node_pool.hpp"

namespace qdiff::parsers {

class ParserBase : public antlr4::Parser {
public:
    using antlr4::Parser::Parser;

    void enterRule(antlr4::ParserRuleContext* localctx, size_t state, size_t ruleIndex) override;
    void enterOuterAlt(antlr4::ParserRuleContext* localctx, size_t altNum) override;
    // Parser::exitRule is not virtual: this one hides it from the generated code, which calls it.
    void exitRule();
    antlr4::Token* consume() override;
    // The left-recursive rules' operator loops: Parser's steps, with the children's arrays of
    // add_child (parser_base.cpp) rather than a push_back that allocates one per operator.
    void pushNewRecursionContext(antlr4::ParserRuleContext* localctx, size_t state, size_t ruleIndex) override;
    void unrollRecursionContexts(antlr4::ParserRuleContext* parentctx) override;

    // Hides Recognizer::getInterpreter, a dynamic_cast, which the generated code calls before every
    // adaptivePredict: a parser's interpreter is always a ParserATNSimulator (or one derived from it,
    // cached_prediction.hpp).
    template <class T>
    T* getInterpreter() const {
        static_assert(std::is_base_of_v<T, antlr4::atn::ParserATNSimulator>);
        return static_cast<antlr4::atn::ParserATNSimulator*>(_interpreter);
    }

protected:
    // Hides antlrcpp::finally from the generated rules (`auto onExit = finally([=] { exitRule(); });`,
    // one per rule call): the same exit at the end of the scope, without wrapping the lambda in a
    // std::function and calling it through one.
    template <class F>
    struct OnExit {
        F exit;
        ~OnExit() { exit(); }
    };
    template <class F>
    static OnExit<F> finally(F exit) {
        return OnExit<F>{std::move(exit)};
    }

private:
    static antlr4::ParserRuleContext* parent_of(antlr4::ParserRuleContext* c) {
        return static_cast<antlr4::ParserRuleContext*>(c->parent);
    }
};

// Whether `child` is a T: dynamic_cast's answer, which depends on the child's dynamic type alone, kept
// per thread and type. A dynamic_cast walks the class hierarchy comparing type names (the generated
// contexts are five classes deep); the generated accessors make two per child per call.
// What `compute` says of `child`'s dynamic type, from a per-thread direct-mapped cache by type (plain
// data: no thread_local guard, no hashing); a type whose slot another type holds is computed again and
// takes the slot. `Question` keeps one cache per question asked (is_kind, rule_index_of).
template <class Question, class Value, class Compute>
Value by_dynamic_type(antlr4::tree::ParseTree* child, Compute compute) {
    constexpr size_t kSlots = 256;
    struct Slot {
        const std::type_info* type;
        Value value;
    };
    thread_local Slot slots[kSlots];
    const std::type_info* type = &typeid(*child);
    auto bits = reinterpret_cast<uintptr_t>(type);
    Slot& slot = slots[((bits >> 4) ^ (bits >> 12)) & (kSlots - 1)];
    if (slot.type != type) slot = {type, compute(child)};
    return slot.value;
}

template <class T>
bool is_kind(antlr4::tree::ParseTree* child) {
    return by_dynamic_type<T, bool>(child, [](antlr4::tree::ParseTree* c) { return dynamic_cast<T*>(c) != nullptr; });
}

// The base class of the generated rule contexts (grammar option `contextSuperClass`). Its accessors
// hide ParserRuleContext's from the generated ones (ctx->expr(), ctx->PIPE()) and find the same
// children, without a dynamic_cast per child.
class ContextBase : public pool::Pooled<antlr4::ParserRuleContext> {
public:
    using Pooled::Pooled;
    ContextBase() = default;
    // Hands the children's array to the next context this thread builds (parser_base.cpp).
    ~ContextBase() override;

    template <class T>
    T* getRuleContext(size_t i) {
        size_t j = 0;
        for (antlr4::tree::ParseTree* child : children)
            if (is_kind<T>(child) && j++ == i) return static_cast<T*>(child);
        return nullptr;
    }
    template <class T>
    std::vector<T*> getRuleContexts() {
        std::vector<T*> contexts;
        for (antlr4::tree::ParseTree* child : children)
            if (is_kind<T>(child)) contexts.push_back(static_cast<T*>(child));
        return contexts;
    }
    antlr4::tree::TerminalNode* getToken(size_t ttype, size_t i) override {
        size_t j = 0;
        for (antlr4::tree::ParseTree* child : children)
            if (is_kind<antlr4::tree::TerminalNode>(child)) {
                auto* node = static_cast<antlr4::tree::TerminalNode*>(child);
                if (node->getSymbol()->getType() == ttype && j++ == i) return node;
            }
        return nullptr;
    }
    std::vector<antlr4::tree::TerminalNode*> getTokens(size_t ttype) override {
        std::vector<antlr4::tree::TerminalNode*> nodes;
        for (antlr4::tree::ParseTree* child : children)
            if (is_kind<antlr4::tree::TerminalNode>(child)) {
                auto* node = static_cast<antlr4::tree::TerminalNode*>(child);
                if (node->getSymbol()->getType() == ttype) nodes.push_back(node);
            }
        return nodes;
    }
};

}  // namespace qdiff::parsers

// The generated parsers live in qdiff_gen and name their base class without a namespace.
namespace qdiff_gen {
using ParserBase = qdiff::parsers::ParserBase;
using ContextBase = qdiff::parsers::ContextBase;
}  // namespace qdiff_gen
