#include "ast/chain.hpp"

namespace qdiff::ast {
namespace {

struct ChainBuilder {
    Arena& arena;
    BinaryOp op;
    const std::vector<Expr*>& terms;
    const std::vector<Span>* spans;  // null: `span` for every node
    Span span;

    Span span_of(size_t first, size_t last) const {
        return spans ? Span{(*spans)[first].begin, (*spans)[last].end} : span;
    }
    Expr* node(Expr* lhs, Expr* rhs, size_t first, size_t last) const {
        auto* b = arena.make<Binary>();
        b->op = op;
        b->lhs = lhs;
        b->rhs = rhs;
        b->span = span_of(first, last);
        return b;
    }
    // terms[first..last]; the recursion is log2 of the chain's length deep.
    Expr* balanced(size_t first, size_t last) const {
        if (first == last) return terms[first];
        size_t middle = first + (last - first) / 2;
        return node(balanced(first, middle), balanced(middle + 1, last), first, last);
    }
    Expr* build() const {
        if (terms.size() > kLeftDeepChainTerms) return balanced(0, terms.size() - 1);
        Expr* acc = terms[0];
        for (size_t i = 1; i < terms.size(); ++i) acc = node(acc, terms[i], 0, i);
        return acc;
    }
};

}  // namespace

Expr* make_chain(Arena& arena, BinaryOp op, const std::vector<Expr*>& terms, const std::vector<Span>& spans) {
    return ChainBuilder{arena, op, terms, &spans, {}}.build();
}

Expr* make_chain(Arena& arena, BinaryOp op, const std::vector<Expr*>& terms, Span span) {
    return ChainBuilder{arena, op, terms, nullptr, span}.build();
}

}  // namespace qdiff::ast
