// Node-building helpers shared by the Weaviate lowering files.
#pragma once

#include <deque>
#include <string>
#include <string_view>
#include <vector>

#include "ast/chain.hpp"
#include "lower.hpp"

namespace qdiff::weaviate::lowering {

class Builder {
public:
    Builder(ast::Arena& arena, std::vector<qdiff::Diagnostic>& diags) : arena_(arena), diags_(diags) {}

    template <class T>
    T* make(Span s) {
        T* n = arena_.make<T>();
        n->span = s;
        return n;
    }
    ast::Name name(std::string_view text) { return ast::Name{arena_.copy(text), false}; }
    std::string_view copy(std::string_view text) { return arena_.copy(text); }
    template <class T>
    ast::List<T> list(const std::vector<T>& items) {
        return arena_.list(items);
    }
    // a op b op ...: left-deep while short, balanced when long (ast/chain.hpp), so that a filter of
    // 60,000 operands does not make every recursive walk of the tree 60,000 calls deep.
    ast::Expr* chain(ast::BinaryOp op, const std::vector<ast::Expr*>& terms, Span s) {
        return ast::make_chain(arena_, op, terms, s);
    }
    ast::Literal* literal(ast::LiteralType type, std::string_view text, Span s) {
        auto* l = make<ast::Literal>(s);
        l->type = type;
        l->text = copy(text);
        return l;
    }
    ast::ColumnRef* column(const std::vector<std::string_view>& path, Span s) {
        auto* c = make<ast::ColumnRef>(s);
        std::vector<ast::Name> names;
        names.reserve(path.size());
        for (auto p : path) names.push_back(name(p));
        c->path = list(names);
        return c;
    }
    ast::NamedArg* named(std::string_view n, ast::Expr* value, Span s) {
        auto* a = make<ast::NamedArg>(s);
        a->name = name(n);
        a->value = value;
        return a;
    }
    ast::FunctionCall* call(const std::vector<std::string_view>& path, const std::vector<ast::Expr*>& args, Span s) {
        auto* f = make<ast::FunctionCall>(s);
        std::vector<ast::Name> names;
        for (auto p : path) names.push_back(name(p));
        f->name = list(names);
        f->args = list(args);
        return f;
    }
    void error(DiagId id, Span s, std::string message) {
        diags_.push_back(diagnostic(id, Severity::Error, s, std::move(message)));
    }
    void last_fixit(Span s, std::string replacement) {
        if (!diags_.empty()) diags_.back().fixits.push_back(qdiff::FixIt{s, std::move(replacement)});
    }
    void warning(DiagId id, Span s, std::string message) {
        diags_.push_back(diagnostic(id, Severity::Warning, s, std::move(message)));
    }

private:
    ast::Arena& arena_;
    std::vector<qdiff::Diagnostic>& diags_;
};

/// Maps structured/GraphQL comparison operators to AST operators.
bool weaviate_operator(std::string_view op, ast::BinaryOp& out);

ast::Script* lower_structured(const StructuredQuery& q, Builder& b);
ast::Script* lower_graphql(const WeaviateDocument& doc, Builder& b);

}  // namespace qdiff::weaviate::lowering
