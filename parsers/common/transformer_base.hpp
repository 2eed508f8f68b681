// What every typed transformer (parse tree -> unified AST) shares: dispatch through the generated
// visitor with the recursion depth guarded, node construction with spans, and the fields they use.
#pragma once
#include <vector>

#include "ast/chain.hpp"
#include "parsers/common/antlr_driver.hpp"

namespace qdiff::parsers {

// The byte span of a rule's text; an empty rule has its stop token before its start.
Span rule_span(const SourceText& source, antlr4::ParserRuleContext* c);

template <class GeneratedVisitor>
class TransformerBase : public GeneratedVisitor {
protected:
    TransformerBase(ParseContext& ctx, antlr4::TokenStream& tokens)
        : ctx_(ctx), tokens_(tokens), arena_(ctx.arena), depth_limit_(ctx.options.max_nesting * 4) {}

    // Visits `c`; its visit method leaves the node in result_ (through done()).
    template <class T = ast::Node>
    T* lower(antlr4::ParserRuleContext* c) {
        if (!c) return nullptr;
        DepthGuard guard(depth_, depth_limit_, span(c));
        result_ = nullptr;
        dispatch(c);
        ast::Node* n = result_;
        result_ = nullptr;
        return n ? &ast::cast<T>(*n) : nullptr;
    }
    ast::Expr* expr(antlr4::ParserRuleContext* c) { return lower<ast::Expr>(c); }
    // `a op b op c ...`: a left-recursive alternative (Link) nests in the parse tree as deep as the
    // chain is long. Its spine is walked in a loop and each operand lowered at the chain's own depth,
    // so only real nesting (brackets, subqueries) counts against the depth limit; the AST chain is
    // built by ast::make_chain. `operands(link)` gives a link's left and right operand contexts.
    template <class Link, class Operands>
    ast::Expr* chain(Link* c, ast::BinaryOp op, Operands operands) {
        std::vector<antlr4::ParserRuleContext*> right;  // innermost link's right operand last
        antlr4::ParserRuleContext* left = c;
        while (auto* link = dynamic_cast<Link*>(left)) {
            auto [lhs, rhs] = operands(link);
            right.push_back(rhs);
            left = lhs;
        }
        std::vector<ast::Expr*> terms{expr(left)};
        std::vector<Span> spans{span(left)};
        for (auto it = right.rbegin(); it != right.rend(); ++it) {
            terms.push_back(expr(*it));
            spans.push_back(span(*it));
        }
        return ast::make_chain(arena_, op, terms, spans);
    }
    // Calls the visit method of c's alternative.
    virtual void dispatch(antlr4::ParserRuleContext* c) { c->accept(this); }
    antlrcpp::Any done(ast::Node* n, antlr4::ParserRuleContext* c) {
        if (n) n->span = span(c);
        result_ = n;
        return {};
    }
    template <class T>
    T* make(antlr4::ParserRuleContext* c) {
        T* n = arena_.make<T>();
        n->span = span(c);
        return n;
    }
    template <class T>
    ast::List<T> list(const std::vector<T>& items) {
        return arena_.list(items);
    }

    Span span(antlr4::ParserRuleContext* c) const { return rule_span(ctx_.source, c); }
    Span span(antlr4::Token* t) const { return token_span(ctx_.source, t); }
    std::string_view text(antlr4::ParserRuleContext* c) const { return ctx_.source.slice(span(c)); }

    ParseContext& ctx_;
    antlr4::TokenStream& tokens_;
    ast::Arena& arena_;
    ast::Node* result_ = nullptr;
    uint32_t depth_ = 0;
    uint32_t depth_limit_;
};

}  // namespace qdiff::parsers
